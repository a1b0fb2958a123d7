//! What the SVG draws: a line per direct edge (a paper, advising), a hub per shared group with
//! a line to each member drawn, a linked circle per person (named or not), and the details of
//! the person or hub hovered or focused. Sizes, sides and texts come from
//! [`crate::search::network::drawing`].

use std::sync::Arc;

use leptos::prelude::*;

use super::kind_class;
use super::state::Drawn;
use crate::search::network::drawing::{
    DETAIL_LINES, Hub, LabelSpot, direct, edge_kind, edge_title, edge_width, hub_radius,
    neighbour_lines, node_radius,
};
use crate::search::network::{Edge, EdgeKind, Network};
use crate::site::route::profile;
use crate::ui::lang::text;
use crate::ui::router::Href;

/// What the pointer or the keyboard is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lit {
    /// A person, by number.
    Person(u32),
    /// A hub, by its group's number.
    Hub(u32),
}

/// One line per drawn direct edge, the chain's highlighted.
#[component]
pub fn EdgeLines(
    /// Names for the tooltips.
    network: Arc<Network>,
    /// What is drawn.
    drawn: Drawn,
    /// What is hovered or focused; the edges of a person hovered light up.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let t = text();
    let lines = move || {
        let pos = drawn.positions.get();
        let marks = drawn.marks.get();
        (drawn.edges.get().into_iter())
            .filter(direct)
            .filter_map(|e| {
                let ends = (*pos.get(&e.a)?, *pos.get(&e.b)?);
                let on_path = marks.has_pair(e.a, e.b);
                let title = edge_title(&network, &e, t);
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
    /// What is hovered or focused.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let ((x1, y1), (x2, y2)) = ends;
    let (a, b) = (edge.a, edge.b);
    let lit = move || matches!(hovered.get(), Some(Lit::Person(h)) if h == a || h == b);
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

/// A thin line from each hub to each of its members drawn.
#[component]
pub fn HubLinks(
    /// What is drawn.
    drawn: Drawn,
    /// What is hovered or focused; a hub's links, or a person's, light up.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let lines = move || {
        let (pos, hubs_at, marks) = (
            drawn.positions.get(),
            drawn.hub_positions.get(),
            drawn.marks.get(),
        );
        let mut out = Vec::new();
        for (hub, &(hx, hy)) in drawn.hubs.get().iter().zip(&hubs_at) {
            let (group, class) = (hub.group, format!("hub-link {}", kind_class(hub.kind)));
            for &p in &hub.members {
                let Some(&(x, y)) = pos.get(&p) else { continue };
                let on_path = hub.groups.iter().any(|&g| marks.groups.contains(&(p, g)));
                let lit = move || {
                    matches!(hovered.get(), Some(Lit::Person(h)) if h == p)
                        || hovered.get() == Some(Lit::Hub(group))
                };
                out.push(view! {
                    <line class=class.clone() data-testid="hub-link" class:on-path=on_path
                        class:lit=lit
                        x1=format!("{hx:.1}") y1=format!("{hy:.1}")
                        x2=format!("{x:.1}") y2=format!("{y:.1}")/>
                });
            }
        }
        out.collect_view()
    };
    view! { <g class="hub-links">{lines}</g> }
}

/// One focusable mark per hub, named when it is among the biggest.
#[component]
pub fn HubMarks(
    /// What is drawn.
    drawn: Drawn,
    /// What is hovered or focused.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let marks = move || {
        (drawn.hubs.get().into_iter().zip(drawn.hub_positions.get()))
            .map(|(hub, at)| view! { <HubMark hub=hub at=at hovered=hovered/> })
            .collect_view()
    };
    view! { <g class="hubs">{marks}</g> }
}

/// A hub: a rounded square, focusable for its details (its name is in [`NameLabels`]).
#[component]
fn HubMark(
    /// The hub.
    hub: Hub,
    /// Where it is drawn.
    at: (f32, f32),
    /// What is hovered or focused.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let (x, y) = at;
    let r = hub_radius(hub.members.len());
    let t = text();
    let what = match hub.kind {
        EdgeKind::Advisor => t.connections().hub_advisor(),
        _ => t.connections().hub_organization(),
    };
    let desc = what.count_with(hub.members.len(), &[("name", &hub.label)]);
    let me = Lit::Hub(hub.group);
    view! {
        <g class=format!("hub {}", kind_class(hub.kind)) data-testid="graph-hub" tabindex="0"
            role="img" aria-label=desc
            class:lit=move || hovered.get() == Some(me)
            on:mouseenter=move |_| hovered.set(Some(me))
            on:mouseleave=move |_| hovered.set(None)
            on:focus=move |_| hovered.set(Some(me))
            on:blur=move |_| hovered.set(None)>
            <rect x=format!("{:.1}", x - r) y=format!("{:.1}", y - r)
                width=format!("{:.1}", 2.0 * r) height=format!("{:.1}", 2.0 * r) rx="3"/>
        </g>
    }
}

/// One linked circle per person drawn.
#[component]
pub fn NodeMarks(
    /// Names and ids.
    network: Arc<Network>,
    /// What is drawn.
    drawn: Drawn,
    /// What is hovered or focused.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let nodes = move || {
        let (pos, marks) = (drawn.positions.get(), drawn.marks.get());
        let degrees = drawn.degrees.get();
        (drawn.shown.get().into_iter())
            .filter_map(|p| {
                let at = *pos.get(&p)?;
                let node = Node {
                    id: network.people[p as usize].clone(),
                    name: network.names[p as usize].clone(),
                    degree: degrees.get(&p).copied().unwrap_or(0),
                    on_path: marks.people.contains(&p),
                };
                Some(view! { <NodeMark p=p at=at node=node hovered=hovered/> })
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
    /// How many drawn lines touch them.
    degree: usize,
    /// True when they are on the chain asked about.
    on_path: bool,
}

/// A person's circle, a link to their profile (their name is in [`NameLabels`]).
#[component]
fn NodeMark(
    /// Their person number.
    p: u32,
    /// Where they are drawn.
    at: (f32, f32),
    /// What to show.
    node: Node,
    /// What is hovered or focused.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let (x, y) = at;
    let r = node_radius(node.degree);
    let (name, degree) = (&node.name, node.degree);
    let desc = (text().connections().node()).count_with(degree, &[("name", name)]);
    let me = Lit::Person(p);
    // Inside a `g`, so the macro makes an SVG `a`, not an HTML one.
    view! {
        <g>
        <a href=profile(&node.id).href() class="node" data-testid="graph-node"
            class:on-path=node.on_path
            class:lit=move || hovered.get() == Some(me)
            aria-label=desc
            on:mouseenter=move |_| hovered.set(Some(me))
            on:mouseleave=move |_| hovered.set(None)
            on:focus=move |_| hovered.set(Some(me))
            on:blur=move |_| hovered.set(None)>
            <circle cx=format!("{x:.1}") cy=format!("{y:.1}") r=format!("{r:.1}")/>
        </a>
        </g>
    }
}

/// The names drawn, a layer above every circle and square so that no node hides one (which
/// names: [`crate::search::network::drawing::readable_labels`]). A person's name links to their
/// profile like their circle, out of the tab order (the circle is the one focused, and named to
/// screen readers); pointing at a name lights what pointing at its mark does.
#[component]
pub fn NameLabels(
    /// Names and ids.
    network: Arc<Network>,
    /// What is drawn.
    drawn: Drawn,
    /// What is hovered or focused.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let width = drawn.frame.0;
    let person_names = move || {
        let (pos, degrees) = (drawn.positions.get(), drawn.degrees.get());
        (drawn.named.get().into_iter())
            .filter_map(|p| {
                let (x, y) = *pos.get(&p)?;
                let degree = degrees.get(&p).copied().unwrap_or(0);
                let spot = LabelSpot::of(x, y, node_radius(degree), width);
                let me = Lit::Person(p);
                // Inside a `g`, so the macro makes an SVG `a`, not an HTML one.
                Some(view! {
                    <g>
                    <a href=profile(&network.people[p as usize]).href() tabindex="-1"
                        aria-hidden="true"
                        on:mouseenter=move |_| hovered.set(Some(me))
                        on:mouseleave=move |_| hovered.set(None)>
                        <text class="node-label" y=format!("{:.1}", spot.y)
                            x=format!("{:.1}", spot.x)
                            text-anchor=if spot.left { "end" } else { "start" }>
                            {network.names[p as usize].clone()}
                        </text>
                    </a>
                    </g>
                })
            })
            .collect_view()
    };
    let hub_names = move || {
        let (hubs, at, named) = (
            drawn.hubs.get(),
            drawn.hub_positions.get(),
            drawn.named_hubs.get(),
        );
        (named.into_iter())
            .filter_map(|i| {
                let (hub, &(x, y)) = (hubs.get(i)?, at.get(i)?);
                let spot = LabelSpot::of(x, y, hub_radius(hub.members.len()), width);
                let me = Lit::Hub(hub.group);
                Some(view! {
                    <text class="node-label hub-label" aria-hidden="true"
                        y=format!("{:.1}", spot.y) x=format!("{:.1}", spot.x)
                        text-anchor=if spot.left { "end" } else { "start" }
                        on:mouseenter=move |_| hovered.set(Some(me))
                        on:mouseleave=move |_| hovered.set(None)>
                        {hub.label.clone()}
                    </text>
                })
            })
            .collect_view()
    };
    view! { <g class="names">{hub_names}{person_names}</g> }
}

/// The person or hub hovered or focused: a person's drawn connections, a hub's members drawn,
/// the first few of them.
#[component]
pub fn NodeDetails(
    /// Names.
    network: Arc<Network>,
    /// What is drawn.
    drawn: Drawn,
    /// What is hovered or focused; nothing shows without one.
    hovered: RwSignal<Option<Lit>>,
) -> impl IntoView {
    let t = text();
    move || {
        let (title, lines, more) = match hovered.get()? {
            Lit::Person(p) => {
                let (lines, more) = drawn
                    .edges
                    .with(|es| neighbour_lines(&network, es, p, DETAIL_LINES, t));
                (network.names[p as usize].clone(), lines, more)
            }
            Lit::Hub(g) => {
                let hub = drawn
                    .hubs
                    .with(|hs| hs.iter().find(|h| h.group == g).cloned())?;
                let names: Vec<String> = (hub.members.iter())
                    .map(|&p| network.names[p as usize].clone())
                    .collect();
                let more = names.len().saturating_sub(DETAIL_LINES);
                let title = match hub.kind {
                    EdgeKind::Advisor => t.connections().advised_by(),
                    _ => t.connections().at(),
                };
                let title = crate::lang::fill(title, &[("name", &hub.label)]);
                (title, names.into_iter().take(DETAIL_LINES).collect(), more)
            }
        };
        let list = if lines.is_empty() {
            view! { <p class="muted">{t.connections().no_connection()}</p> }.into_any()
        } else {
            view! { <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }
                .into_any()
        };
        Some(view! {
            <div class="graph-details" data-testid="graph-details" aria-live="polite">
                <strong>{title}</strong>
                {list}
                {(more > 0).then(|| view! { <p class="muted">{t.connections().and_more().count(more)}</p> })}
            </div>
        })
    }
}
