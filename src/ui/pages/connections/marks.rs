//! What the SVG draws: a line per edge, a linked circle per person (named or not), and the
//! details of the person hovered or focused. Sizes, sides and texts come from
//! [`crate::search::network::drawing`].

use std::sync::Arc;

use leptos::prelude::*;

use super::kind_class;
use super::state::Drawn;
use crate::search::network::drawing::{
    DETAIL_LINES, LabelSpot, edge_kind, edge_title, edge_width, neighbour_lines, node_radius,
    plural,
};
use crate::search::network::{Edge, Network};
use crate::ui::routes::profile;

/// One line per drawn edge, the chain's highlighted.
#[component]
pub fn EdgeLines(
    /// Names for the tooltips.
    network: Arc<Network>,
    /// What is drawn.
    drawn: Drawn,
    /// The person hovered or focused, whose edges light up.
    hovered: RwSignal<Option<u32>>,
) -> impl IntoView {
    let lines = move || {
        let pos = drawn.positions.get();
        let marks = drawn.marks.get();
        (drawn.edges.get().into_iter())
            .filter_map(|e| {
                let ends = (*pos.get(&e.a)?, *pos.get(&e.b)?);
                let on_path = marks.has_pair(e.a, e.b);
                let title = edge_title(&network, &e);
                Some(view! {
                    <EdgeLine edge=e ends=ends on_path=on_path title=title hovered=hovered/>
                })
            })
            .collect_view()
    };
    view! { <g class="edges">{lines}</g> }
}

/// The line of one edge, coloured by its strongest reason and as thick as it is heavy.
#[component]
fn EdgeLine(
    /// The edge.
    edge: Edge,
    /// Where its two ends are drawn.
    ends: ((f32, f32), (f32, f32)),
    /// True when it is a hop of the chain asked about.
    on_path: bool,
    /// Its tooltip.
    title: String,
    /// The person hovered or focused.
    hovered: RwSignal<Option<u32>>,
) -> impl IntoView {
    let ((x1, y1), (x2, y2)) = ends;
    let (a, b) = (edge.a, edge.b);
    let lit = move || hovered.get().is_some_and(|h| h == a || h == b);
    view! {
        <line class=format!("edge {}", kind_class(edge_kind(&edge))) data-testid="graph-edge"
            class:on-path=on_path
            class:lit=lit
            x1=format!("{x1:.1}") y1=format!("{y1:.1}") x2=format!("{x2:.1}") y2=format!("{y2:.1}")
            stroke-width=format!("{:.1}", edge_width(edge.weight))>
            <title>{title}</title>
        </line>
    }
}

/// One linked circle per person drawn.
#[component]
pub fn NodeMarks(
    /// Names and ids.
    network: Arc<Network>,
    /// What is drawn.
    drawn: Drawn,
    /// The person hovered or focused.
    hovered: RwSignal<Option<u32>>,
) -> impl IntoView {
    let nodes = move || {
        let (pos, marks) = (drawn.positions.get(), drawn.marks.get());
        let (degrees, named) = (drawn.degrees.get(), drawn.named.get());
        (drawn.shown.get().into_iter())
            .filter_map(|p| {
                let at = *pos.get(&p)?;
                let node = Node {
                    id: network.people[p as usize].clone(),
                    name: network.names[p as usize].clone(),
                    degree: degrees.get(&p).copied().unwrap_or(0),
                    named: named.contains(&p),
                    on_path: marks.people.contains(&p),
                };
                Some(view! { <NodeMark p=p at=at node=node width=drawn.frame.0 hovered=hovered/> })
            })
            .collect_view()
    };
    view! { <g class="nodes">{nodes}</g> }
}

/// What a node shows about its person.
struct Node {
    /// Their researcher id, for the profile link.
    id: String,
    /// Their name.
    name: String,
    /// How many drawn edges touch them.
    degree: usize,
    /// True when their name is drawn.
    named: bool,
    /// True when they are on the chain asked about.
    on_path: bool,
}

/// A person's circle, a link to their profile, with their name when they are named.
#[component]
fn NodeMark(
    /// Their person number.
    p: u32,
    /// Where they are drawn.
    at: (f32, f32),
    /// What to show.
    node: Node,
    /// The drawing's width, to keep names inside it.
    width: f32,
    /// The person hovered or focused.
    hovered: RwSignal<Option<u32>>,
) -> impl IntoView {
    let (x, y) = at;
    let r = node_radius(node.degree);
    let spot = LabelSpot::of(x, y, r, width);
    let label = node.named.then(|| {
        view! {
            <text class="node-label" y=format!("{:.1}", spot.y) x=format!("{:.1}", spot.x)
                text-anchor=if spot.left { "end" } else { "start" }>{node.name.clone()}</text>
        }
    });
    let (name, degree) = (&node.name, node.degree);
    let desc = format!(
        "{name}: {degree} connection{} shown. Opens the profile.",
        plural(degree)
    );
    // Inside a `g`, so the macro makes an SVG `a`, not an HTML one.
    view! {
        <g>
        <a href=profile(&node.id).href() class="node" data-testid="graph-node"
            class:on-path=node.on_path
            class:lit=move || hovered.get() == Some(p)
            aria-label=desc
            on:mouseenter=move |_| hovered.set(Some(p))
            on:mouseleave=move |_| hovered.set(None)
            on:focus=move |_| hovered.set(Some(p))
            on:blur=move |_| hovered.set(None)>
            <circle cx=format!("{x:.1}") cy=format!("{y:.1}") r=format!("{r:.1}")/>
            {label}
        </a>
        </g>
    }
}

/// The person hovered or focused and their drawn connections, the first few.
#[component]
pub fn NodeDetails(
    /// Names.
    network: Arc<Network>,
    /// The drawn edges.
    edges: Memo<Vec<Edge>>,
    /// The person hovered or focused; nothing shows without one.
    hovered: RwSignal<Option<u32>>,
) -> impl IntoView {
    move || {
        let p = hovered.get()?;
        let (lines, more) = edges.with(|es| neighbour_lines(&network, es, p, DETAIL_LINES));
        let list = if lines.is_empty() {
            view! { <p class="muted">"No connection shown."</p> }.into_any()
        } else {
            view! { <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }
                .into_any()
        };
        Some(view! {
            <div class="graph-details" data-testid="graph-details" aria-live="polite">
                <strong>{network.names[p as usize].clone()}</strong>
                {list}
                {(more > 0).then(|| view! { <p class="muted">{format!("and {more} more")}</p> })}
            </div>
        })
    }
}
