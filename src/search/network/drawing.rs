//! What a connections drawing shows, decided without a view: who is drawn (a small directory
//! whole, a big one as one person's neighbourhood, plus the chain asked about), which shared
//! groups are drawn as hubs, who is named, where everyone goes (no two circles overlapping), how big nodes and how thick edges are, and the short texts that go with
//! them. The page only renders these answers as SVG; positions come from
//! [`crate::search::layout`].

use std::collections::{BTreeMap, BTreeSet};

use super::{Edge, EdgeKind, EdgeKinds, Missing, Network, Step, Via};
use crate::lang::{Catalogue, fill};
use crate::model::sort;
use crate::search::layout::{LayoutParams, fill_frame, force_layout, separate};
use crate::search::organizations::page::ungrouped;

/// A directory this small is drawn whole; a larger one shows one person's neighbourhood of at
/// most this many people.
pub const WHOLE_GRAPH_MAX: usize = 120;

/// How many hops a neighbourhood reaches from its centre.
pub const NEIGHBOURHOOD_HOPS: u32 = 2;

/// A drawing of at most this many people names everyone.
pub const NAME_ALL_MAX: usize = 40;

/// How many people a more crowded drawing names (the rest on hover or focus).
pub const NAMED_MAX: usize = 25;

/// How many neighbours the details of one person list before "and N more".
pub const DETAIL_LINES: usize = 6;

/// Who is drawn, sorted by person number: everyone in a directory of at most
/// [`WHOLE_GRAPH_MAX`]; else the neighbourhood of `focus` (the best-connected person under
/// `kinds` when `focus` is absent or unknown, the lowest number among equals). The people of
/// `chain` are always added, so the chain asked about is drawn whole.
pub fn shown(net: &Network, kinds: EdgeKinds, focus: Option<&str>, chain: &[Step]) -> Vec<u32> {
    let n = net.people.len();
    let mut set: BTreeSet<u32> = if n <= WHOLE_GRAPH_MAX {
        (0..n as u32).collect()
    } else {
        let center = focus
            .and_then(|f| net.position(f))
            .unwrap_or_else(|| net.default_focus(kinds));
        (net.neighbourhood(center, NEIGHBOURHOOD_HOPS, WHOLE_GRAPH_MAX, kinds)
            .into_iter())
        .collect()
    };
    for s in chain {
        set.insert(s.from);
        set.insert(s.to);
    }
    set.into_iter().collect()
}

/// What [`shown`] and the edges among the people it shows still need from the parts that are
/// not loaded (nothing for a whole network). Ask again once they are loaded: each answer is
/// one step of what the question reads.
pub fn needs(net: &Network, kinds: EdgeKinds, focus: Option<&str>, chain: &[Step]) -> Missing {
    let n = net.people.len();
    if n > WHOLE_GRAPH_MAX {
        let center = focus
            .and_then(|f| net.position(f))
            .unwrap_or_else(|| net.default_focus(kinds));
        let missing = net.neighbourhood_needs(center, NEIGHBOURHOOD_HOPS, WHOLE_GRAPH_MAX, kinds);
        if !missing.is_empty() {
            return missing;
        }
    }
    net.people_needed(&shown(net, kinds, focus, chain))
}

/// Who is named on the drawing: everyone `shown` when they are at most [`NAME_ALL_MAX`]; else
/// the [`NAMED_MAX`] with the most drawn edges (the lowest number among equals), never anyone
/// without a drawn edge.
pub fn named(shown: &[u32], degrees: &BTreeMap<u32, usize>) -> BTreeSet<u32> {
    if shown.len() <= NAME_ALL_MAX {
        return shown.iter().copied().collect();
    }
    let mut by_degree: Vec<(usize, u32)> = degrees.iter().map(|(&p, &d)| (d, p)).collect();
    sort::by(&mut by_degree, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    by_degree
        .into_iter()
        .take(NAMED_MAX)
        .map(|(_, p)| p)
        .collect()
}

/// The chain asked about, as the drawing highlights it: its people and its pairs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ChainMarks {
    /// Everyone on the chain.
    pub people: BTreeSet<u32>,
    /// Each hop as `(lower, higher)` person number.
    pub pairs: BTreeSet<(u32, u32)>,
    /// `(person, group)` for each end of a hop that a shared group explains.
    pub groups: BTreeSet<(u32, u32)>,
}

impl ChainMarks {
    /// The marks of `chain` (none for an empty chain).
    pub fn of(chain: &[Step]) -> Self {
        let mut marks = Self::default();
        for s in chain {
            marks.people.insert(s.from);
            marks.people.insert(s.to);
            marks.pairs.insert((s.from.min(s.to), s.from.max(s.to)));
            for r in &s.reasons {
                if let Via::Group(g) = r.via {
                    marks.groups.insert((s.from, g));
                    marks.groups.insert((s.to, g));
                }
            }
        }
        marks
    }

    /// True when `a` and `b` are one hop of the chain, whichever way round.
    pub fn has_pair(&self, a: u32, b: u32) -> bool {
        self.pairs.contains(&(a.min(b), a.max(b)))
    }
}

/// The drawing's size in its own units for a screen `screen_width` CSS pixels wide: wide on a
/// desktop, nearly square on a phone, so names stay legible when it is scaled to the screen.
pub fn frame_for(screen_width: f64) -> (f32, f32) {
    if screen_width < 640.0 {
        (440.0, 520.0)
    } else {
        (900.0, 560.0)
    }
}

/// The layout of a drawing of `frame` (width, height): a 40-unit margin for circles and names,
/// and a fixed seed so the same people always get the same picture.
pub fn layout_params(frame: (f32, f32)) -> LayoutParams {
    LayoutParams {
        width: frame.0,
        height: frame.1,
        margin: 40.0,
        iterations: 300,
        seed: 7,
    }
}

/// Where each of the `shown` people and each hub goes in `frame`: a force layout pulled by the
/// direct `edges` (heavier pulls harder) and by each member's link to its hub, then
/// [`fill_frame`] so a small graph uses the room it has, then [`separate`] so that no two
/// circles overlap. Deterministic for the same people, edges, hubs and frame.
pub fn place(shown: &[u32], edges: &[Edge], hubs: &[Hub], frame: (f32, f32)) -> Placed {
    let local: BTreeMap<u32, u32> = (shown.iter().enumerate())
        .map(|(i, &p)| (p, i as u32))
        .collect();
    let n = shown.len() as u32;
    let mut weighted: Vec<(u32, u32, f32)> = (edges.iter().filter(|e| direct(e)))
        .filter_map(|e| Some((*local.get(&e.a)?, *local.get(&e.b)?, e.weight as f32)))
        .collect();
    for (h, hub) in hubs.iter().enumerate() {
        for p in &hub.members {
            if let Some(&i) = local.get(p) {
                weighted.push((i, n + h as u32, 1.0));
            }
        }
    }
    let params = layout_params(frame);
    let xy = fill_frame(
        force_layout(shown.len() + hubs.len(), &weighted, &params),
        &params,
    );
    let degrees = drawn_degrees(edges, hubs);
    let radii: Vec<f32> = (shown.iter())
        .map(|p| node_radius(degrees.get(p).copied().unwrap_or(0)))
        .chain(hubs.iter().map(|h| hub_radius(h.members.len())))
        .collect();
    let mut xy = separate(xy, &radii, NODE_GAP, &params).into_iter();
    let people = shown.iter().copied().zip(xy.by_ref()).collect();
    Placed {
        people,
        hubs: xy.collect(),
    }
}

/// The space kept between two circles of a drawing.
pub const NODE_GAP: f32 = 3.0;

/// A drawing's visible window in its own units: `(x, y, width, height)`, an SVG `viewBox`.
pub type ViewBox = (f32, f32, f32, f32);

/// `view` zoomed by `factor` (below 1 zooms in) about its centre, its width kept between an
/// eighth and twice the `frame`'s and its proportions the frame's.
pub fn zoom_box(view: ViewBox, factor: f32, frame: (f32, f32)) -> ViewBox {
    let (x, y, w, h) = view;
    let (fw, fh) = frame;
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let nw = (w * factor).clamp(fw / 8.0, fw * 2.0);
    let nh = nw * fh / fw;
    (cx - nw / 2.0, cy - nh / 2.0, nw, nh)
}

/// `start` dragged by `(dx, dy)` screen pixels when a pixel is `units_per_px` drawing units:
/// the drawing follows the pointer.
pub fn pan_box(start: ViewBox, drag: (f64, f64), units_per_px: f64) -> ViewBox {
    let (x, y, w, h) = start;
    let (dx, dy) = (drag.0 * units_per_px, drag.1 * units_per_px);
    (x - dx as f32, y - dy as f32, w, h)
}

/// A node's radius: 9 units, growing with the square root of its drawn edges, at most 18.
pub fn node_radius(degree: usize) -> f32 {
    9.0 + ((degree as f32).sqrt() * 1.5).min(9.0)
}

/// An edge's stroke width: 1 unit, growing with the logarithm of its weight.
pub fn edge_width(weight: u32) -> f32 {
    1.0 + (weight as f32).ln_1p() * 1.2
}

/// What an edge is drawn as: its strongest reason's kind (reasons come strongest first).
pub fn edge_kind(edge: &Edge) -> EdgeKind {
    edge.reasons
        .first()
        .map_or(EdgeKind::Organization, |r| r.kind)
}

/// Where a node's name goes, for a node of radius `r` at `(x, y)` in a drawing `width` wide.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabelSpot {
    /// The anchor's x: just past the circle.
    pub x: f32,
    /// The baseline's y: a little below the centre, so the name looks centred.
    pub y: f32,
    /// True when the name ends at `x` (left of the circle) rather than starting there.
    pub left: bool,
}

impl LabelSpot {
    /// Names of nodes in the right 40% of the drawing go on their left, so they stay inside it.
    pub fn of(x: f32, y: f32, r: f32, width: f32) -> Self {
        let left = x > width * 0.6;
        Self {
            x: if left { x - r - 3.0 } else { x + r + 3.0 },
            y: y + 4.0,
            left,
        }
    }
}

/// Every reason of `edge` in `t`'s language, joined with `"; "`.
pub fn why(net: &Network, edge: &Edge, t: &Catalogue) -> String {
    (edge.reasons.iter())
        .map(|r| r.text(net, t))
        .collect::<Vec<_>>()
        .join(t.network_text().reason_separator())
}

/// An edge's tooltip in `t`'s language: `"Ann — Ben: co-authored Alpha (VC 2020)"`.
pub fn edge_title(net: &Network, edge: &Edge, t: &Catalogue) -> String {
    fill(
        t.network_text().edge_title(),
        &[
            ("a", &net.names[edge.a as usize]),
            ("b", &net.names[edge.b as usize]),
            ("why", &why(net, edge, t)),
        ],
    )
}

/// The details of person `p` in `t`'s language: one line per drawn neighbour
/// (`"Ben: both at X"`), in edge order, at most `max` of them, and how many more there are.
pub fn neighbour_lines(
    net: &Network,
    edges: &[Edge],
    p: u32,
    max: usize,
    t: &Catalogue,
) -> (Vec<String>, usize) {
    let mut lines: Vec<String> = (edges.iter())
        .filter(|e| e.a == p || e.b == p)
        .map(|e| {
            let other = if e.a == p { e.b } else { e.a };
            let name = &net.names[other as usize];
            fill(
                t.network_text().neighbour(),
                &[("name", name), ("why", &why(net, e, t))],
            )
        })
        .collect();
    let more = lines.len().saturating_sub(max);
    lines.truncate(max);
    (lines, more)
}

/// The line above the drawing, in `t`'s language: how many people of `total` are `shown`, how
/// many direct connections (papers, advising) join them and how many shared groups (hubs).
/// Counts are ungrouped, as English has always written them.
pub fn count_line(shown: usize, total: usize, direct: usize, hubs: usize, t: &Catalogue) -> String {
    let n = t.network_text();
    let people = if shown == total {
        ungrouped(&n.researchers(), shown, &[])
    } else {
        let shown = t.lang.year(shown as i64);
        ungrouped(&n.neighbourhood(), total, &[("shown", &shown)])
    };
    fill(
        n.count_line(),
        &[
            ("people", &people),
            ("direct", &ungrouped(&n.direct(), direct, &[])),
            ("groups", &ungrouped(&n.groups(), hubs, &[])),
        ],
    )
}

/// A group drawn as one node that its members on the drawing attach to, instead of a line
/// between every two of them. An organization whose people were there at different times has
/// a group per time in the network, and one hub here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hub {
    /// Its identity: the position in the network's groups of its (organization's first) group.
    pub group: u32,
    /// The network's groups it stands for, ascending.
    pub groups: Vec<u32>,
    /// What its members share.
    pub kind: EdgeKind,
    /// Its name: the organization's, or the advisor's.
    pub label: String,
    /// Its members among the people drawn, sorted.
    pub members: Vec<u32>,
}

/// The groups of the kinds asked for with at least two of the `shown` people as members, by
/// group number; an organization's groups of different times are one hub, named without years.
pub fn hubs(net: &Network, kinds: EdgeKinds, shown: &[u32]) -> Vec<Hub> {
    let adjacency = net.adjacency();
    // Hub identity → (its groups, its members).
    let mut found: BTreeMap<u32, (BTreeSet<u32>, BTreeSet<u32>)> = BTreeMap::new();
    for &p in shown {
        for &g in adjacency.groups.get(p as usize).into_iter().flatten() {
            let group = &net.groups[g as usize];
            if kinds.allows(group.kind.into()) {
                let hub = group.whole.map_or(g, |w| w.first);
                let (groups, members) = found.entry(hub).or_default();
                groups.insert(g);
                members.insert(p);
            }
        }
    }
    (found.into_iter())
        .filter(|(_, (_, m))| m.len() >= 2)
        .map(|(hub, (groups, members))| {
            let groups: Vec<u32> = groups.into_iter().collect();
            let group = &net.groups[groups[0] as usize];
            Hub {
                group: hub,
                kind: group.kind.into(),
                label: group.whole_label().to_owned(),
                members: members.into_iter().collect(),
                groups,
            }
        })
        .collect()
}

/// True when `edge` has a reason of its own (a paper, advising), not only shared groups: such
/// an edge is drawn as a line; shared groups are drawn as hubs.
pub fn direct(edge: &Edge) -> bool {
    edge.reasons.iter().any(|r| !matches!(r.via, Via::Group(_)))
}

/// How many lines touch each person drawn: direct edges and links to hubs.
pub fn drawn_degrees(edges: &[Edge], hubs: &[Hub]) -> BTreeMap<u32, usize> {
    let mut degrees = BTreeMap::new();
    for e in edges.iter().filter(|e| direct(e)) {
        *degrees.entry(e.a).or_default() += 1;
        *degrees.entry(e.b).or_default() += 1;
    }
    for &p in hubs.iter().flat_map(|h| &h.members) {
        *degrees.entry(p).or_default() += 1;
    }
    degrees
}

/// A hub's radius: 6 units, growing with the square root of its members, at most 14.
pub fn hub_radius(members: usize) -> f32 {
    6.0 + ((members as f32).sqrt()).min(8.0)
}

/// The hubs named on the drawing: all when they are few, else the [`NAMED_HUBS`] with the most
/// members (the rest on hover or focus), by position in `hubs`.
pub fn named_hubs(hubs: &[Hub]) -> BTreeSet<usize> {
    let mut order: Vec<usize> = (0..hubs.len()).collect();
    sort::by_key(&mut order, |&i| {
        (std::cmp::Reverse(hubs[i].members.len()), i)
    });
    order.into_iter().take(NAMED_HUBS).collect()
}

/// How many hubs a drawing names at most.
pub const NAMED_HUBS: usize = 8;

/// Where the people and the hubs of a drawing go.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Placed {
    /// Each person drawn.
    pub people: BTreeMap<u32, (f32, f32)>,
    /// Each hub, in the order of the hubs.
    pub hubs: Vec<(f32, f32)>,
}

/// About how wide one character of a name is on the drawing (13-unit type), for telling
/// whether two names would cover each other.
pub const LABEL_CHAR_WIDTH: f32 = 7.2;

/// The names a drawing shows without any two covering each other: the `named` people (most
/// drawn lines first, then the lower number), then the `named_hubs` (most members first), each
/// kept only when its box meets no box kept before it. Everyone else is named on hover and
/// focus. Returns the people and the hubs (by position in `hubs`) whose names are drawn.
pub fn readable_labels(
    net: &Network,
    placed: &Placed,
    degrees: &BTreeMap<u32, usize>,
    named: &BTreeSet<u32>,
    hubs: &[Hub],
    named_hubs: &BTreeSet<usize>,
    width: f32,
) -> (BTreeSet<u32>, BTreeSet<usize>) {
    let degree = |p: &u32| degrees.get(p).copied().unwrap_or(0);
    let mut people: Vec<u32> = named.iter().copied().collect();
    sort::by_key(&mut people, |p| (std::cmp::Reverse(degree(p)), *p));
    let mut hub_order: Vec<usize> = named_hubs.iter().copied().collect();
    sort::by_key(&mut hub_order, |&i| {
        (std::cmp::Reverse(hubs[i].members.len()), i)
    });
    let mut kept: Vec<[f32; 4]> = Vec::new();
    let mut fits = |(x, y): (f32, f32), r: f32, text: &str| {
        let spot = LabelSpot::of(x, y, r, width);
        let w = text.chars().count() as f32 * LABEL_CHAR_WIDTH;
        let (x0, x1) = if spot.left {
            (spot.x - w, spot.x)
        } else {
            (spot.x, spot.x + w)
        };
        let b = [x0, spot.y - 11.0, x1, spot.y + 3.0];
        let clear =
            (kept.iter()).all(|k| b[2] <= k[0] || k[2] <= b[0] || b[3] <= k[1] || k[3] <= b[1]);
        if clear {
            kept.push(b);
        }
        clear
    };
    let people = (people.into_iter())
        .filter(|p| {
            let at = placed.people.get(p).copied();
            at.is_some_and(|at| fits(at, node_radius(degree(p)), &net.names[*p as usize]))
        })
        .collect();
    let hubs_kept = (hub_order.into_iter())
        .filter(|&i| {
            let at = placed.hubs.get(i).copied();
            at.is_some_and(|at| fits(at, hub_radius(hubs[i].members.len()), &hubs[i].label))
        })
        .collect();
    (people, hubs_kept)
}
