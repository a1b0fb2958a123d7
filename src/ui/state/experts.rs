//! The experts page's state: its data (the experts file, loaded once when the page first needs
//! it and kept for the session, its ranking corpus built on the first question), and its
//! params, read from the route and written back through it.
//!
//! The page reads its data only through [`fetch_experts`], so where the data comes from (one
//! file now, shards by term later) can change behind it.

use std::sync::{Arc, OnceLock};

use leptos::prelude::*;

use super::data::{DataError, Load, fetch_bytes, static_data};
use super::json_host;
use crate::files::experts::ExpertsFile;
use crate::files::paths;
use crate::model::Dataset;
use crate::search::experts::Corpus;
use crate::search::params::ExpertParams;
use crate::search::suggest::{People, sorted_people};
use crate::site::route::AppRoute;
use crate::ui::browser::timed;
use crate::ui::routes::{History, RouteContext, use_route};

/// What the experts page answers from: the dataset's part that ranking and conflicts read, its
/// researchers by name for the author picker, and the ranking's corpus, built once when first
/// asked for.
pub struct ExpertsData {
    /// Researchers, papers with a directory author, and the vocabularies' names.
    pub dataset: Dataset,
    /// Everyone, sorted by name (the author picker's choices).
    pub people: People,
    corpus: OnceLock<Corpus>,
}

impl ExpertsData {
    /// The data of `dataset` (the experts file's, or a whole dataset).
    pub fn new(dataset: Dataset) -> Self {
        let people =
            sorted_people((dataset.researchers.iter()).map(|r| (r.id.0.clone(), r.name.clone())));
        Self {
            dataset,
            people,
            corpus: OnceLock::new(),
        }
    }

    /// The ranking's corpus: built on the first call (measured as `experts:corpus`), kept after.
    pub fn corpus(&self) -> &Corpus {
        self.corpus
            .get_or_init(|| timed("experts:corpus", || Corpus::of(&self.dataset)))
    }
}

/// A load of the experts page's data.
pub type ExpertsResult = Result<Arc<ExpertsData>, DataError>;

/// The experts data's load, started by the first page that asks for it.
#[derive(Clone, Copy)]
pub struct ExpertsContext {
    /// The app's owner: the load belongs to it, so it outlives the page that started it.
    owner: StoredValue<Owner, LocalStorage>,
    resource: StoredValue<Option<Load<ExpertsResult>>, LocalStorage>,
}

/// Makes the experts data loadable; called once, by `App`.
pub fn provide_experts() {
    let owner = Owner::current().expect("provide_experts runs inside the app");
    provide_context(ExpertsContext {
        owner: StoredValue::new_local(owner),
        resource: StoredValue::new_local(None),
    });
}

/// The experts data's load: started on the first call, the same load afterwards. Provided by
/// `App` through [`provide_experts`].
pub fn use_experts() -> Load<ExpertsResult> {
    let ctx = expect_context::<ExpertsContext>();
    if let Some(resource) = ctx.resource.get_value() {
        return resource;
    }
    let resource = (ctx.owner).with_value(|owner| owner.with(|| Load::new(fetch_experts)));
    ctx.resource.set_value(Some(resource));
    resource
}

/// The experts page's data: `data/experts.bin` (timed as `experts:decode`), the whole dataset
/// when the views are pre-rendered, or the authoring JSON where the host has no compiled files.
pub async fn fetch_experts() -> ExpertsResult {
    if let Some(data) = static_data()
        && let Some(full) = &data.atlas.full
    {
        let file = ExpertsFile::of(&full.directory.dataset);
        return Ok(Arc::new(ExpertsData::new(file.dataset)));
    }
    if let Some(bytes) = fetch_bytes(paths::EXPERTS).await? {
        let file = timed("experts:decode", || ExpertsFile::from_bytes(&bytes))
            .map_err(|e| DataError::Invalid(paths::EXPERTS.to_owned(), e))?;
        return Ok(Arc::new(ExpertsData::new(file.dataset)));
    }
    Ok(Arc::new(ExpertsData::new(
        json_host::whole_dataset(paths::EXPERTS).await?,
    )))
}

/// The experts params in the URL and the one way to change them.
#[derive(Clone, Copy)]
pub struct ExpertQuery {
    /// The params of the current route (kept while the route is another page's, on the way out).
    pub params: Memo<ExpertParams>,
    route: RouteContext,
}

impl ExpertQuery {
    /// Asks `params`: a new history entry, so Back returns to the previous question.
    pub fn ask(&self, params: ExpertParams) {
        if self.params.with_untracked(|p| *p != params) {
            self.route.go(&AppRoute::Experts(params), History::Push);
        }
    }
}

/// The experts params of the current route.
pub fn use_expert_query() -> ExpertQuery {
    let route = use_route();
    let params = Memo::new(move |last: Option<&ExpertParams>| {
        (route.route)
            .with(|r| r.expert_params().cloned())
            .or_else(|| last.cloned())
            .unwrap_or_default()
    });
    ExpertQuery { params, route }
}
