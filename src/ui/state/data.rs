//! The data, fetched in the order the pages need it, and shared by every page.
//!
//! First the compiled directory (`data/directory.bin`: cards and the pre-built index), which is
//! all the directory page needs. A profile then fetches its researcher's pack of detail files, the
//! organizations pages `data/organizations.bin`. When the host has no compiled directory (`trunk
//! serve`), a development build (feature `json-host`, [`READS_JSON`]) fetches
//! `data/researchers.json` instead, validates and compiles it here, and keeps it whole: details
//! then come from memory. A release build names the missing file instead.
//!
//! Every fetch is relative to the document's base URL, so the same build works at `/` and
//! under a sub-path. Failures stay failures: they reach the user as an error view with Retry.

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;

use crate::files::cards::FirstPage;
use crate::files::detail::DetailFile;
use crate::files::paths;
use crate::files::people::{self, PeoplePack, Steps};
use crate::model::LoadedDataset;
use crate::search::CardIndex;
use crate::search::network::Network;
use crate::search::organizations::OrgTable;
use crate::site::route::AppRoute;
use crate::ui::browser::timed;
use crate::ui::router::url::current_route;

pub use super::atlas::{Atlas, DataResult, Detail, DetailResult};
pub(crate) use super::fetch::fetch_required;
pub use super::fetch::{DATASET_URL, DataError, fetch_bytes, fetch_titles, is_html_page};
use super::first_answer::{self, FirstAnswer};
use super::json_host;
pub use super::json_host::READS_JSON;
pub use super::load::Load;

/// The shared directory: loaded when first read, so a page that does not show it (the
/// compiled `/publications`) does not share the connection with it; pages read it, the error
/// view refetches it.
#[derive(Clone, Copy)]
pub struct AtlasContext {
    /// The load, once something has read the directory.
    load: StoredValue<Option<Load<DataResult>>, LocalStorage>,
    /// Set once the load has started ([`Self::started`]).
    started: RwSignal<bool>,
    /// The app's owner, which owns the load whoever reads first.
    owner: StoredValue<Owner, LocalStorage>,
    /// The first page, which the directory waits for.
    first: Load<Option<Arc<FirstPage>>>,
}

impl AtlasContext {
    /// A context around a load already made (tests give the answers they want).
    pub fn of_load(load: Load<DataResult>) -> Self {
        Self {
            load: StoredValue::new_local(Some(load)),
            started: RwSignal::new(true),
            owner: StoredValue::new_local(Owner::current().unwrap_or_default()),
            first: Load::new(|| async { None }),
        }
    }

    /// The current state: `None` while loading. Starts the load on the first call.
    pub fn get(&self) -> Option<DataResult> {
        self.start().get()
    }

    /// The current state if something has started the load, without starting it (tracked, so
    /// a reader gets the directory once a page asks for it): for state every route has, such
    /// as the search's, which must not load the directory on a page that does not show it.
    pub fn peek(&self) -> Option<DataResult> {
        if !self.started.get() {
            return None;
        }
        self.load.get_value().and_then(|load| load.get())
    }

    /// Whether the load has started (tracked): nothing has asked for the directory before.
    pub fn started(&self) -> bool {
        self.started.get()
    }

    /// Starts the load if it has not started, e.g. once the page is idle.
    pub fn start(&self) -> Load<DataResult> {
        if let Some(load) = self.load.get_value() {
            return load;
        }
        // The directory is fetched once the first page has arrived (a few kilobytes), so the
        // first paint does not share the connection with the whole directory.
        //
        // The wait is untracked: a tracked `first.await` would subscribe the directory to the
        // first page, and the first page arriving would then fetch the directory a second time,
        // rebuilding every page that shows it (a profile then refetched its record on its own).
        let first = self.first;
        let load = self.owner.get_value().with(|| {
            Load::new(move || async move {
                if let Some(data) = static_data() {
                    return Ok(data.atlas);
                }
                let _ = first.wait().await;
                fetch_atlas().await
            })
        });
        self.load.set_value(Some(load));
        // In the browser after the current update: a reader's own effect may be running.
        let started = self.started;
        if cfg!(target_arch = "wasm32") {
            queue_microtask(move || started.set(true));
        } else {
            started.set(true);
        }
        load
    }

    /// Fetches the directory again (the Retry button).
    pub fn retry(&self) {
        self.start().refetch();
    }
}

/// The first page of cards, fetched beside the directory for the first paint; `None` when the
/// host has none (the directory page then waits for the whole directory).
#[derive(Clone, Copy)]
pub struct FirstPageContext(pub Load<Option<Arc<FirstPage>>>);

/// Provides the first page of cards (loading it when the app starts on the directory), the
/// directory (loaded when first read) and the packs a pre-rendered profile names, to the app.
/// Called once, by `App`.
pub fn provide_atlas() {
    // The pre-rendered profile the app starts on names the pack of its records.
    let start = current_route();
    // The first page of cards only speeds up a directory the app starts on, in its default
    // view. A link to a search is answered first from its words' shards (the first page is not
    // what it shows); the directory is fetched once that answer is in, so that on a slow
    // connection the two do not share it.
    let answer = match &start {
        AppRoute::Directory(params) if first_answer::wanted(params) => {
            let params = params.clone();
            Some(Load::new(move || first_answer::fetch(params.clone())))
        }
        _ => None,
    };
    let first = match (&start, answer) {
        (AppRoute::Directory(_), Some(answer)) => Load::new(move || async move {
            // At most a few seconds: a stalled request of the first answer must not hold the
            // directory back (the page would load for ever).
            let waited = std::pin::pin!(answer.wait());
            let _ = futures::future::select(waited, std::pin::pin!(sleep(FIRST_ANSWER_WAIT))).await;
            None
        }),
        (AppRoute::Directory(_), None) => Load::new(fetch_first_page),
        _ => Load::new(|| async { None }),
    };
    provide_context(FirstAnswerContext(answer));
    let hints = match (start, crate::ui::host::page_pack()) {
        (AppRoute::Profile { id, .. }, Some(pack)) => vec![(id, pack)],
        _ => Vec::new(),
    };
    provide_context(PackHints(RwSignal::new(hints)));
    provide_context(FirstPageContext(first));
    provide_context(AtlasContext {
        load: StoredValue::new_local(None),
        started: RwSignal::new(false),
        owner: StoredValue::new_local(Owner::current().unwrap_or_default()),
        first,
    });
}

/// The whole dataset, given to the views by the pre-renderer instead of fetched: every load
/// the pages start is then answered from memory.
///
/// The network and the organizations table come built, so that each page does not build them
/// again.
#[derive(Clone)]
pub struct StaticData {
    /// The directory, with every record in memory.
    pub atlas: Arc<Atlas>,
    /// Who is connected to whom.
    pub network: Arc<Network>,
    /// Every organization and the papers credited to it.
    pub organizations: Arc<OrgTable>,
    /// Each publication's position in the dataset, by id (for profiles' detail).
    by_id: Arc<HashMap<String, usize>>,
}

impl StaticData {
    /// The data as pages in `lang` show it: the directory in `lang`'s name order when it has
    /// its own (a copy then), else this.
    pub fn in_lang(&self, lang: crate::lang::Lang) -> StaticData {
        let mut out = self.clone();
        if self.atlas.index.has_name_order(lang.code()) {
            let mut compiled = self.atlas.compiled.clone();
            compiled.index.use_name_order(lang.code());
            out.atlas = Arc::new(Atlas {
                compiled,
                full: self.atlas.full.clone(),
            });
        }
        out
    }

    /// Everything the pages show, from the whole dataset.
    pub fn new(loaded: LoadedDataset) -> Self {
        let by_id = DetailFile::publications_by_id(&loaded.dataset);
        Self {
            network: Arc::new(Network::build(&loaded.dataset)),
            organizations: Arc::new(OrgTable::build(&loaded.dataset)),
            by_id: Arc::new(by_id.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()),
            atlas: Arc::new(Atlas::from_json(loaded)),
        }
    }

    /// Researcher `id`'s records, as their detail file has them (what a profile fetches in the
    /// browser): a profile's page then costs its own records, not the whole dataset's.
    fn detail(&self, id: &str) -> Option<Arc<Detail>> {
        let full = self.atlas.full.as_ref()?;
        let dataset = &full.loaded.dataset;
        let index = dataset
            .researchers
            .iter()
            .position(|r| r.id.as_str() == id)?;
        let file = DetailFile::new(dataset, index, &full.cite_keys, &self.by_id);
        Some(Arc::new(Detail::from_file(file)))
    }
}

/// The pre-renderer's data, when the views are being pre-rendered.
pub fn static_data() -> Option<StaticData> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    use_context::<StaticData>()
}

/// The longest the directory waits for the first answer before it is fetched anyway.
const FIRST_ANSWER_WAIT: std::time::Duration = std::time::Duration::from_secs(4);

/// A future done after `time` (a timer of the window).
pub(crate) async fn sleep(time: std::time::Duration) {
    let (done, wait) = futures::channel::oneshot::channel::<()>();
    set_timeout(
        move || {
            let _ = done.send(());
        },
        time,
    );
    let _ = wait.await;
}

/// The first answer to the search the app started on, when it started on one (a link to a
/// search, [`first_answer::wanted`]).
#[derive(Clone, Copy)]
pub struct FirstAnswerContext(pub Option<Load<Option<Arc<FirstAnswer>>>>);

/// The first answer, when the app started on a search (provided by [`provide_atlas`]).
pub fn use_first_answer() -> Option<Load<Option<Arc<FirstAnswer>>>> {
    use_context::<FirstAnswerContext>().and_then(|c| c.0)
}

/// The first-page context, when provided (by [`provide_atlas`]).
pub fn use_first_page() -> Option<FirstPageContext> {
    use_context::<FirstPageContext>()
}

/// The first page; `None` when there is none. It only speeds up the first paint, so a failure
/// is logged, not shown: the directory's own load reports its errors.
async fn fetch_first_page() -> Option<Arc<FirstPage>> {
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    let result = match fetch_bytes(paths::FIRST_PAGE).await {
        Ok(Some(bytes)) => FirstPage::from_bytes(&bytes)
            .inspect(|page| crate::ui::lang::learn_names(&page.names))
            .map(Some)
            .map_err(|e| e.to_string()),
        Ok(None) => Ok(None),
        Err(e) => Err(e.to_string()),
    };
    result
        .unwrap_or_else(|e| {
            leptos::logging::warn!("{}: {e}", paths::FIRST_PAGE);
            None
        })
        .map(Arc::new)
}

/// The directory context; provided by `App` through [`provide_atlas`].
pub fn use_atlas() -> AtlasContext {
    expect_context::<AtlasContext>()
}

/// The compiled directory, or the JSON compiled here when the host has none.
pub async fn fetch_atlas() -> DataResult {
    if let Some(bytes) = fetch_bytes(paths::DIRECTORY).await? {
        let mut compiled = timed("atlas:index", || CardIndex::from_bytes(&bytes))
            .map_err(DataError::refused(paths::DIRECTORY))?;
        crate::ui::lang::learn_names(&compiled.names);
        compiled
            .index
            .use_name_order(crate::ui::lang::page_lang().code());
        return Ok(Arc::new(Atlas {
            compiled,
            full: None,
        }));
    }
    json_host::atlas(paths::DIRECTORY).await
}

/// One researcher's records: from memory, or their detail file (in their pack).
pub async fn fetch_detail(atlas: Arc<Atlas>, id: String) -> DetailResult {
    Ok(fetch_details(atlas, vec![id]).await?.remove(0))
}

/// Researcher `id`'s records from pack `pack` alone, with their steps in the directory's default
/// view: a pre-rendered profile names its pack ([`crate::ui::host::page_pack`]), and its
/// neighbours' packs come with the steps, so that a profile opened from its link, and the
/// profiles reached from it by Previous and Next, never need the whole directory.
///
/// A pack that is missing or lacks them (data rebuilt without its pages) makes `hints` forget
/// the id: the profile then opens through the directory, which knows where they are, or that
/// they are gone.
pub async fn fetch_packed(id: String, pack: u32, hints: PackHints) -> DetailResult {
    let url = paths::people(pack as usize);
    let Some(bytes) = fetch_bytes(&url).await? else {
        hints.forget(&id);
        return Err(DataError::Status(url, 404, "Not Found".into()));
    };
    let file = timed("profile:pack", || PeoplePack::from_bytes(&bytes))
        .map_err(DataError::refused(url.clone()))?;
    let Some((file, steps)) = file.get_with_steps(&id) else {
        hints.forget(&id);
        return Err(DataError::Invalid(url, format!("no researcher {id:?}")));
    };
    Ok(Arc::new(Detail {
        steps: Some(steps.clone()),
        ..Detail::from_file(file.clone())
    }))
}

/// The packs of the records of the profiles that can open without the directory
/// ([`fetch_packed`]), by id: the pre-rendered profile the app started on, and the neighbours of
/// each profile opened so.
#[derive(Clone, Copy)]
pub struct PackHints(RwSignal<Vec<(String, u32)>>);

impl PackHints {
    /// The pack of `id`'s records, if known (tracked: a forgotten hint sends the profile
    /// through the directory).
    pub fn pack_of(&self, id: &str) -> Option<u32> {
        (self.0).with(|hints| hints.iter().find(|(i, _)| i == id).map(|(_, p)| *p))
    }

    /// Learns the packs of the neighbours in `steps` (untracked: no profile shown changes).
    pub fn learn(&self, steps: &Steps) {
        let new = [&steps.prev, &steps.next].into_iter().flatten();
        self.0.update_untracked(|hints| {
            for step in new {
                if !hints.iter().any(|(i, _)| *i == step.id) {
                    hints.push((step.id.clone(), step.pack));
                }
            }
        });
    }

    /// Forgets `id`'s pack, which did not hold their records.
    fn forget(&self, id: &str) {
        self.0.update(|hints| hints.retain(|(i, _)| i != id));
    }
}

/// The app's [`PackHints`].
pub fn use_pack_hints() -> PackHints {
    expect_context()
}

/// The records of several researchers, in the order asked for: each pack they are in is
/// fetched once (one at a time, so a failure names its file).
pub async fn fetch_details(
    atlas: Arc<Atlas>,
    ids: Vec<String>,
) -> Result<Vec<Arc<Detail>>, DataError> {
    let mut out = Vec::with_capacity(ids.len());
    let mut packs: Vec<(usize, PeoplePack)> = Vec::new();
    for id in ids {
        if let Some(detail) = static_data().and_then(|data| data.detail(&id)) {
            out.push(detail);
            continue;
        }
        if let Some(full) = &atlas.full {
            out.push(full.clone());
            continue;
        }
        let size = people::pack_size(atlas.cards.len());
        let pack = (atlas.position(&id)).map_or(0, |i| people::pack_of(i, size));
        let url = paths::people(pack);
        if !packs.iter().any(|(n, _)| *n == pack) {
            let bytes = fetch_required(&url).await?;
            let file = timed("profile:pack", || PeoplePack::from_bytes(&bytes))
                .map_err(DataError::refused(url.clone()))?;
            packs.push((pack, file));
        }
        let file = (packs.iter())
            .find(|(n, _)| *n == pack)
            .and_then(|(_, p)| p.get(&id))
            .ok_or_else(|| DataError::Invalid(url.clone(), format!("no researcher {id:?}")))?;
        out.push(Arc::new(Detail::from_file(file.clone())));
    }
    Ok(out)
}

/// Every organization, its people and the papers credited to it: the build's
/// `organizations.bin`, or built here from the whole dataset (in memory, or fetched when the host
/// has no organizations file).
pub async fn fetch_organizations(atlas: Arc<Atlas>) -> Result<Arc<OrgTable>, DataError> {
    if let Some(data) = static_data() {
        return Ok(data.organizations);
    }
    if atlas.full.is_none()
        && let Some(bytes) = fetch_bytes(paths::ORGANIZATIONS).await?
    {
        let table = timed("atlas:organizations", || OrgTable::from_bytes(&bytes))
            .map_err(DataError::refused(paths::ORGANIZATIONS))?;
        crate::ui::lang::learn_names(&table.names);
        return Ok(Arc::new(table));
    }
    Ok(Arc::new(
        json_host::organizations(atlas, paths::ORGANIZATIONS).await?,
    ))
}

/// Every record: from memory, or the authoring file (read in place of the compiled file at
/// `missing`).
pub use super::json_host::everything as fetch_everything;

#[cfg(test)]
mod tests {
    use super::is_html_page;

    #[test]
    fn html_pages_are_told_from_data_files() {
        assert!(is_html_page(b"<!DOCTYPE html>\n<html>"));
        assert!(is_html_page(b"\n  <!doctype html><p>"));
        assert!(is_html_page(b"<html lang=en>"));
        assert!(!is_html_page(b"ATLAS\x00\x01"));
        assert!(!is_html_page(b"{\"schema_version\": 1}"));
        assert!(!is_html_page(b""));
        assert!(!is_html_page(b"<!doc"));
    }
}
