//! The page's view-free state: the question from the route ([`use_question`]) and what it
//! draws ([`use_drawn`]), as memos over the route, never copies kept in sync.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use leptos::prelude::*;

use crate::search::ConnectionsParams;
use crate::search::network::drawing::{ChainMarks, drawn_degrees, named, place, shown};
use crate::search::network::{Edge, Network, Step};
use crate::ui::routes::{AppRoute, History, RouteContext, use_route};

/// The question in the URL and the one way to change it.
#[derive(Clone, Copy)]
pub struct Question {
    /// The page's params, from the route.
    pub params: Memo<ConnectionsParams>,
    route: RouteContext,
}

impl Question {
    /// Changes the params with `change` and writes them to the URL as a new history entry.
    pub fn update(&self, change: impl FnOnce(&mut ConnectionsParams)) {
        let mut params = self.params.get_untracked();
        change(&mut params);
        self.route.go(&AppRoute::Connections(params), History::Push);
    }
}

/// The question of the current route. While the route is another page's (on the way out), it
/// keeps the last question rather than redrawing for an empty one.
pub fn use_question() -> Question {
    let route = use_route();
    let params = Memo::new(move |last: Option<&ConnectionsParams>| {
        route
            .route
            .with(|r| r.connections_params().cloned())
            .or_else(|| last.cloned())
            .unwrap_or_default()
    });
    Question { params, route }
}

/// The answer to the question: the chain and what the graph draws.
#[derive(Clone, Copy)]
pub struct Drawn {
    /// `None` until two people are picked; then the chain, or `None` when they are not connected.
    pub chain: Memo<Option<Option<Vec<Step>>>>,
    /// Who is drawn, by person number.
    pub shown: Memo<Vec<u32>>,
    /// The edges among them under the kinds asked for.
    pub edges: Memo<Vec<Edge>>,
    /// Where each of them is drawn.
    pub positions: Memo<BTreeMap<u32, (f32, f32)>>,
    /// How many drawn edges touch each of them.
    pub degrees: Memo<BTreeMap<u32, usize>>,
    /// Who is named on the drawing.
    pub named: Memo<BTreeSet<u32>>,
    /// The chain's people and pairs, highlighted.
    pub marks: Memo<ChainMarks>,
    /// The drawing's width and height, in SVG units.
    pub frame: (f32, f32),
}

/// The chain and the drawing of `params` in `network`, laid out in `frame`.
pub fn use_drawn(
    network: Arc<Network>,
    params: Memo<ConnectionsParams>,
    frame: (f32, f32),
) -> Drawn {
    let net = network.clone();
    let chain = Memo::new(move |_| {
        let q = params.get();
        let from = net.position(q.from.as_deref()?)?;
        let to = net.position(q.to.as_deref()?)?;
        Some(net.shortest_path(from, to, q.kinds))
    });
    let net = network.clone();
    let shown = Memo::new(move |_| {
        let (kinds, focus) = params.with(|q| (q.kinds, q.focus.clone()));
        chain.with(|c| shown(&net, kinds, focus.as_deref(), steps(c)))
    });
    let edges = Memo::new(move |_| {
        let kinds = params.with(|q| q.kinds);
        shown.with(|s| network.edges(kinds, Some(s)))
    });
    let positions = Memo::new(move |_| shown.with(|s| edges.with(|e| place(s, e, frame))));
    let degrees = Memo::new(move |_| edges.with(|e| drawn_degrees(e)));
    let named = Memo::new(move |_| shown.with(|s| degrees.with(|d| named(s, d))));
    let marks = Memo::new(move |_| chain.with(|c| ChainMarks::of(steps(c))));
    Drawn {
        chain,
        shown,
        edges,
        positions,
        degrees,
        named,
        marks,
        frame,
    }
}

/// The steps of an answer; none before two people are picked or when they are not connected.
pub fn steps(chain: &Option<Option<Vec<Step>>>) -> &[Step] {
    chain
        .as_ref()
        .and_then(Option::as_deref)
        .unwrap_or_default()
}
