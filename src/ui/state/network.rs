//! The network a connections question needs: whole when it comes from the dataset in memory
//! (a host without `data/net/`, or the pre-renderer); else assembled from the records of
//! `data/net/` that the question reads, fetched by byte range and kept for the next question.
//! Nothing here waits for the directory: the records carry the names the page shows.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use crate::files::network::{NetIndex, NetParts, with_people};
use crate::files::paths;
use crate::search::network::{Missing, Network};
use crate::ui::browser::timed;
use crate::ui::state::data::{AtlasContext, DataError, fetch_bytes, fetch_required, static_data};
use crate::ui::state::fetch::fetch_range;

/// A chain stops fetching records past this many bytes and is answered as too big a search to
/// make in the browser (two people far apart in a huge directory); the drawing is then made
/// without it.
pub const QUESTION_BUDGET: u64 = 6 * 1024 * 1024;

/// Where the page's networks come from, kept across questions.
#[derive(Default)]
pub enum NetSource {
    /// Nothing fetched yet.
    #[default]
    Unknown,
    /// The whole network (the pre-renderer's, built from the dataset, or a host without
    /// `data/net/`).
    Whole(Arc<Network>),
    /// The index and the records fetched so far.
    Parts(Box<NetParts>),
}

/// The network's source, shared by the page's questions.
pub type SharedSource = Rc<RefCell<NetSource>>;

/// A network that answers the question `ask` describes, and whether the question outgrew
/// [`QUESTION_BUDGET`] (the network then holds what was fetched before it did).
pub struct Answered {
    /// The network.
    pub network: Arc<Network>,
    /// True when the question needed more than [`QUESTION_BUDGET`].
    pub too_big: bool,
}

/// The network as far as `ask` needs it, with the records of the people `named` (by id) in
/// it: `ask` says what a network lacks (with the chain, or without it once the chain has
/// outgrown [`QUESTION_BUDGET`]), and is asked again after each round of fetches until it
/// lacks nothing. For the `opening` view (no focus, no chain, every kind), the records it reads
/// come first in one file ([`paths::net::START`]), not a byte range each.
pub async fn fetch_network(
    data: AtlasContext,
    source: SharedSource,
    named: Vec<String>,
    opening: bool,
    ask: impl Fn(&Network, bool) -> Missing,
) -> Result<Answered, DataError> {
    let whole = |network| Answered {
        network,
        too_big: false,
    };
    if let Some(data) = static_data() {
        return Ok(whole(data.network));
    }
    if matches!(*source.borrow(), NetSource::Unknown) {
        let found = first_source(data).await?;
        *source.borrow_mut() = found;
    }
    if let NetSource::Whole(net) = &*source.borrow() {
        return Ok(whole(net.clone()));
    }
    if opening && parts_of(&source, NetParts::wants_start) {
        let bytes = fetch_required(paths::net::START).await?;
        parts_of_mut(&source, |p| p.add_start(&bytes))
            .map_err(DataError::refused(paths::net::START))?;
    }
    let start = parts_of(&source, |p| p.fetched);
    let files = parts_of(&source, |p| {
        p.id_files_needed(named.iter().map(String::as_str))
    });
    for n in files {
        let url = paths::net::ids(n);
        let bytes = fetch_required(&url).await?;
        parts_of_mut(&source, |p| p.add_ids(n, &bytes)).map_err(DataError::refused(url))?;
    }
    let wanted: Vec<u32> = parts_of(&source, |p| {
        named.iter().filter_map(|id| p.number(id)).collect()
    });
    let mut too_big = false;
    loop {
        let net = parts_of(&source, |p| timed("net:assemble", || p.network()));
        let missing = timed("net:needs", || {
            with_people(ask(&net, !too_big), &wanted, &net)
        });
        let requests = parts_of(&source, |p| p.requests(&missing));
        if requests.is_empty() {
            return Ok(Answered {
                network: Arc::new(net),
                too_big,
            });
        }
        if !too_big && parts_of(&source, |p| p.fetched) - start > QUESTION_BUDGET {
            too_big = true;
            continue;
        }
        let bodies = futures::future::try_join_all(
            (requests.iter()).map(|r| fetch_range(r.file.path(), r.range.clone())),
        )
        .await?;
        for (request, body) in requests.iter().zip(&bodies) {
            let path = request.file.path();
            let added = request
                .slice(body)
                .and_then(|bytes| parts_of_mut(&source, |p| p.add(request, bytes)));
            added.map_err(DataError::refused(path))?;
        }
    }
}

/// The index, or the whole network built from the dataset when the host has no `data/net/`
/// (which then needs the directory, and the authoring file it came from).
async fn first_source(data: AtlasContext) -> Result<NetSource, DataError> {
    if let Some(bytes) = fetch_bytes(paths::net::INDEX).await? {
        let index = NetIndex::from_bytes(&bytes).map_err(DataError::refused(paths::net::INDEX))?;
        return Ok(NetSource::Parts(Box::new(NetParts::new(index))));
    }
    let atlas = data.start().wait().await?;
    let network = crate::ui::state::json_host::network(atlas, paths::net::INDEX).await?;
    Ok(NetSource::Whole(Arc::new(network)))
}

/// `f` of the parts (only called once the source holds parts).
fn parts_of<T>(source: &SharedSource, f: impl FnOnce(&NetParts) -> T) -> T {
    match &*source.borrow() {
        NetSource::Parts(p) => f(p),
        _ => unreachable!("the source holds parts"),
    }
}

/// `f` of the parts, to change them.
fn parts_of_mut<T>(source: &SharedSource, f: impl FnOnce(&mut NetParts) -> T) -> T {
    match &mut *source.borrow_mut() {
        NetSource::Parts(p) => f(p),
        _ => unreachable!("the source holds parts"),
    }
}
