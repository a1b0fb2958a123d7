//! The experts page's state: its data (the experts index, fetched once when the page first
//! needs it, then the parts each question needs, kept for the session; or the whole dataset
//! when the views are pre-rendered or the host has only the JSON), the answer to a question,
//! and its params, read from the route and written back through it.
//!
//! The page reads its data only through [`fetch_experts`] and [`ask`].

use std::sync::{Arc, Mutex, OnceLock};

use leptos::prelude::*;

use super::data::{AtlasContext, DataError, Load, fetch_bytes, static_data};
use super::fetch::fetch_range;
use super::json_host;
use crate::files::experts as file;
use crate::files::experts::ExpertsIndex;
use crate::files::paths;
use crate::model::{Dataset, ResearcherId};
use crate::search::experts::parts::{self, Fetched, Part};
use crate::search::experts::{
    Answer, Author, Corpus, ExpertQuery as Question, authors_among, authors_of, find,
};
use crate::search::params::ExpertParams;
use crate::site::route::AppRoute;
use crate::ui::browser::timed;
use crate::ui::router::{History, RouteContext, use_route};
use crate::ui::state::atlas::Atlas;

/// Where the experts page's answers come from.
pub enum ExpertsData {
    /// The experts files: the index, and the parts fetched so far (kept for later questions).
    Parts {
        /// The index, with where each part is.
        index: ExpertsIndex,
        /// The term files and blocks fetched so far.
        fetched: Mutex<Fetched>,
    },
    /// A whole dataset (pre-rendered views, a host with only the JSON), its ranking corpus
    /// built on the first question.
    Whole {
        /// Every record.
        dataset: Arc<Dataset>,
        /// The ranking's corpus, built once.
        corpus: OnceLock<Corpus>,
    },
}

impl ExpertsData {
    fn whole(dataset: Dataset) -> Self {
        Self::Whole {
            dataset: Arc::new(dataset),
            corpus: OnceLock::new(),
        }
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

/// The experts page's data: the experts index (timed as `experts:index`), the whole dataset
/// when the views are pre-rendered, or the authoring JSON where the host has no compiled files.
pub async fn fetch_experts() -> ExpertsResult {
    if let Some(data) = static_data()
        && let Some(full) = &data.atlas.full
    {
        return Ok(Arc::new(ExpertsData::whole(full.loaded.dataset.clone())));
    }
    if let Some(bytes) = fetch_bytes(paths::experts::INDEX).await? {
        let index = timed("experts:index", || file::index_from_bytes(&bytes))
            .map_err(DataError::refused(paths::experts::INDEX))?;
        return Ok(Arc::new(ExpertsData::Parts {
            index,
            fetched: Mutex::new(Fetched::default()),
        }));
    }
    Ok(Arc::new(ExpertsData::whole(
        json_host::whole_dataset(paths::experts::INDEX).await?,
    )))
}

/// How many parts a session keeps across questions before it lets them go (a question reads
/// about 25 to 60; a thousand are a few tens of megabytes at most).
const KEEP_PARTS: usize = 1_000;

/// An answer with the records its cards and export read (the whole dataset, or the blocks the
/// question fetched).
#[derive(Debug, Clone)]
pub struct Found {
    /// The experts.
    pub answer: Arc<Answer>,
    /// Their records.
    pub dataset: Arc<Dataset>,
}

/// A submission's authors — directory ids and typed names — among the directory's people: by
/// the whole dataset's records, or by the directory's cards (their names and other spellings).
pub fn authors_in(
    data: &ExpertsData,
    atlas: Option<&Atlas>,
    ids: &[ResearcherId],
    names: &[String],
) -> Vec<Author> {
    match (data, atlas) {
        (ExpertsData::Whole { dataset, .. }, _) => authors_of(dataset, ids, names),
        (ExpertsData::Parts { .. }, Some(atlas)) => authors_among(
            atlas.cards.iter().map(|c| (c.id.as_str(), c.names())),
            ids,
            names,
        ),
        (ExpertsData::Parts { .. }, None) => Vec::new(),
    }
}

/// The answer to `params` in `this_year` (timed as `experts:find`): at once from a whole
/// dataset; from the parts after fetching those the question needs (and, when it names
/// authors, the directory's cards to find them in).
pub async fn ask(
    data: Arc<ExpertsData>,
    atlas: AtlasContext,
    params: ExpertParams,
    this_year: u16,
) -> Result<Found, DataError> {
    let named = !params.authors.is_empty() || !params.names.is_empty();
    let atlas = match (named, &*data) {
        (true, ExpertsData::Parts { .. }) => Some(atlas.start().wait().await?),
        _ => None,
    };
    let ids: Vec<ResearcherId> = params.authors.iter().map(|a| a.as_str().into()).collect();
    let q = crate::search::experts::page::question(
        authors_in(&data, atlas.as_deref(), &ids, &params.names),
        &params,
        this_year,
    );
    // Parts are kept for the next question (a refined text reads mostly the same), but not
    // without end: a long session starts again past [`KEEP_PARTS`].
    if let ExpertsData::Parts { fetched, .. } = &*data {
        let mut f = lock(fetched);
        if f.terms.len() + f.blocks.len() > KEEP_PARTS {
            *f = Fetched::default();
        }
    }
    answer(&data, &q).await
}

/// The answer to `q` (timed as `experts:find`): at once from a whole dataset; from the parts
/// after fetching those it needs that are not in yet (and keeping them, for the next question
/// of the session or of the file).
pub async fn answer(data: &ExpertsData, q: &Question) -> Result<Found, DataError> {
    match data {
        ExpertsData::Whole { dataset, corpus } => {
            let corpus = corpus.get_or_init(|| timed("experts:corpus", || Corpus::of(dataset)));
            let answer = timed("experts:find", || find(dataset, corpus, q));
            Ok(Found {
                answer: Arc::new(answer),
                dataset: dataset.clone(),
            })
        }
        ExpertsData::Parts { index, fetched } => {
            loop {
                let need = parts::next(&index.parts, q, &lock(fetched));
                if need.is_empty() {
                    break;
                }
                let bodies =
                    futures::future::try_join_all(need.iter().map(|&p| fetch_part(index, p)))
                        .await?;
                let mut f = lock(fetched);
                for (part, body) in need.into_iter().zip(bodies) {
                    match body {
                        Body::Terms(t) => {
                            f.terms.insert(part, t);
                        }
                        Body::Block(n, b) => {
                            f.blocks.insert(n, *b);
                        }
                    }
                }
            }
            let (answer, dataset) = timed("experts:find", || {
                parts::answer(&index.parts, q, &lock(fetched))
            });
            Ok(Found {
                answer: Arc::new(answer),
                dataset: Arc::new(dataset),
            })
        }
    }
}

fn lock(fetched: &Mutex<Fetched>) -> std::sync::MutexGuard<'_, Fetched> {
    fetched
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A part as fetched.
enum Body {
    Terms(parts::TermFile),
    Block(u32, Box<parts::Block>),
}

/// Part `part` of the page's generation, by byte range ([`fetch_range`]).
async fn fetch_part(index: &ExpertsIndex, part: Part) -> Result<Body, DataError> {
    let (url, range) = index.range(part).ok_or_else(|| {
        DataError::Invalid(
            paths::experts::INDEX.to_owned(),
            crate::lang::fill(
                crate::ui::lang::text().experts().missing_part(),
                &[("part", &format!("{part:?}"))],
            ),
        )
    })?;
    let body = fetch_range(url, range).await?;
    let bytes = &body[..];
    let decoded = match part {
        Part::Block(n) => file::block_from_bytes(bytes).map(|b| Body::Block(n, Box::new(b))),
        _ => file::terms_from_bytes(bytes).map(Body::Terms),
    };
    decoded.map_err(DataError::refused(url))
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
