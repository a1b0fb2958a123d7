//! The page's view-free state: the question from the route ([`use_question`]), what its network
//! still lacks ([`question_needs`]) and what it draws ([`use_drawn`]), as memos over the latest
//! answer, never copies kept in sync.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use leptos::prelude::*;

use crate::search::ConnectionsParams;
use crate::search::network::drawing::{
    ChainMarks, Hub, drawn_degrees, hubs, named, named_hubs, needs, place, readable_labels, shown,
};
use crate::search::network::{Edge, Missing, Network, Step};
use crate::site::route::AppRoute;
use crate::ui::browser::timed;
use crate::ui::router::{History, RouteContext, use_route};

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

/// A question with the network that answers it (all of it, or the parts it reads).
#[derive(Clone)]
pub struct Answer {
    /// The question.
    pub params: ConnectionsParams,
    /// A network that holds everything the question reads.
    pub network: Arc<Network>,
    /// True when the chain asked about needed more than the browser fetches for one question.
    pub too_big: bool,
}

impl PartialEq for Answer {
    fn eq(&self, other: &Self) -> bool {
        self.params == other.params
            && Arc::ptr_eq(&self.network, &other.network)
            && self.too_big == other.too_big
    }
}

/// The answer to the question: the chain and what the graph draws.
#[derive(Clone, Copy)]
pub struct Drawn {
    /// `None` until two people are picked; then the chain, or `None` when they are not connected.
    pub chain: Memo<Option<Option<Vec<Step>>>>,
    /// True when the chain asked about was too big a search to make here.
    pub too_big: Memo<bool>,
    /// Who is drawn, by person number.
    pub shown: Memo<Vec<u32>>,
    /// The edges among them under the kinds asked for.
    pub edges: Memo<Vec<Edge>>,
    /// The shared groups drawn as hubs.
    pub hubs: Memo<Vec<Hub>>,
    /// Where each of them is drawn.
    pub positions: Memo<BTreeMap<u32, (f32, f32)>>,
    /// Where each hub is drawn.
    pub hub_positions: Memo<Vec<(f32, f32)>>,
    /// The hubs named on the drawing, by position.
    pub named_hubs: Memo<BTreeSet<usize>>,
    /// How many drawn lines touch each of them.
    pub degrees: Memo<BTreeMap<u32, usize>>,
    /// Who is named on the drawing.
    pub named: Memo<BTreeSet<u32>>,
    /// The chain's people and pairs, highlighted.
    pub marks: Memo<ChainMarks>,
    /// The drawing's width and height, in SVG units.
    pub frame: (f32, f32),
}

/// What the network of a question still lacks to answer it: the chain first (unless
/// `with_chain` is false: it was too big a search), then the drawing with the chain's people.
pub fn question_needs(net: &Network, q: &ConnectionsParams, with_chain: bool) -> Missing {
    let ends = (q.from.as_deref().and_then(|f| net.position(f)))
        .zip(q.to.as_deref().and_then(|t| net.position(t)))
        .filter(|_| with_chain);
    if let Some((from, to)) = ends {
        let missing = net.chain_needs(from, to, q.kinds);
        if !missing.is_empty() {
            return missing;
        }
    }
    let chain = ends.and_then(|(from, to)| net.shortest_path(from, to, q.kinds));
    needs(
        net,
        q.kinds,
        q.focus.as_deref(),
        chain.as_deref().unwrap_or_default(),
    )
}

/// The chain and the drawing of the latest `answer`, laid out in `frame`.
pub fn use_drawn(answer: Signal<Answer>, frame: (f32, f32)) -> Drawn {
    let too_big = Memo::new(move |_| answer.with(|a| a.too_big));
    let chain = Memo::new(move |_| {
        answer.with(|a| {
            let (net, q) = (&a.network, &a.params);
            let from = net.position(q.from.as_deref()?)?;
            let to = net.position(q.to.as_deref()?)?;
            Some(if a.too_big {
                None
            } else {
                net.shortest_path(from, to, q.kinds)
            })
        })
    });
    let shown = Memo::new(move |_| {
        answer.with(|a| {
            let q = &a.params;
            chain.with(|c| shown(&a.network, q.kinds, q.focus.as_deref(), steps(c)))
        })
    });
    let edges = Memo::new(move |_| {
        answer.with(|a| {
            shown.with(|s| {
                timed("connections:edges", || {
                    a.network.edges(a.params.kinds, Some(s))
                })
            })
        })
    });
    let hubs =
        Memo::new(move |_| answer.with(|a| shown.with(|s| hubs(&a.network, a.params.kinds, s))));
    let placed = Memo::new(move |_| {
        shown.with(|s| {
            edges.with(|e| hubs.with(|h| timed("connections:layout", || place(s, e, h, frame))))
        })
    });
    let positions = Memo::new(move |_| placed.with(|p| p.people.clone()));
    let hub_positions = Memo::new(move |_| placed.with(|p| p.hubs.clone()));
    let degrees = Memo::new(move |_| edges.with(|e| hubs.with(|h| drawn_degrees(e, h))));
    // The names that fit without covering one another, among those worth naming.
    let labels = Memo::new(move |_| {
        let candidates = shown.with(|s| degrees.with(|d| named(s, d)));
        let (net, hubs) = (answer.with(|a| a.network.clone()), hubs.get());
        let hub_candidates = named_hubs(&hubs);
        placed.with(|p| {
            degrees
                .with(|d| readable_labels(&net, p, d, &candidates, &hubs, &hub_candidates, frame.0))
        })
    });
    let named = Memo::new(move |_| labels.with(|l| l.0.clone()));
    let named_hubs = Memo::new(move |_| labels.with(|l| l.1.clone()));
    let marks = Memo::new(move |_| chain.with(|c| ChainMarks::of(steps(c))));
    Drawn {
        chain,
        too_big,
        shown,
        edges,
        hubs,
        positions,
        hub_positions,
        named_hubs,
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
