//! `/connections`: who in the directory is connected to whom, as a graph drawn by the app (SVG,
//! laid out in Rust) and as a list; and "how are A and B connected?".
//!
//! The URL holds the question: `from` and `to` (the chain asked about), `kinds` (which kinds of
//! connection count) and `focus` (whose neighbourhood a large directory shows).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};

use crate::search::layout::{LayoutParams, force_layout};
use crate::search::network::{Edge, EdgeKind, EdgeKinds, Network, Step};
use crate::ui::browser::set_title;
use crate::ui::components::DataView;
use crate::ui::components::data_view::{LoadErrorView, LoadingView};
use crate::ui::components::person_picker::{PersonPicker, sorted_people};
use crate::ui::routes::{AppRoute, profile};
use crate::ui::state::data::{Atlas, fetch_network};

/// A directory this small is drawn whole; a larger one shows one person's neighbourhood.
const WHOLE_GRAPH_MAX: usize = 120;
/// The drawing's size in SVG units: wide on a desktop, nearly square on a phone, so names stay
/// legible when the drawing is scaled to the screen.
fn frame() -> (f32, f32) {
    let width = window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .unwrap_or(1280.0);
    if width < 640.0 {
        (440.0, 520.0)
    } else {
        (900.0, 560.0)
    }
}

/// The URL state of the page.
#[derive(Debug, Clone, PartialEq, Default)]
struct Question {
    from: Option<String>,
    to: Option<String>,
    kinds: EdgeKinds,
    focus: Option<String>,
}

impl Question {
    fn from_query(get: impl Fn(&str) -> Option<String>) -> Self {
        let kinds = match get("kinds") {
            None => EdgeKinds::ALL,
            Some(list) => {
                let has = |k: &str| list.split(',').any(|x| x.trim() == k);
                EdgeKinds {
                    coauthor: has("coauthor"),
                    advisor: has("advisor"),
                    organization: has("organization"),
                }
            }
        };
        let some = |v: Option<String>| v.filter(|s| !s.is_empty());
        Self {
            from: some(get("from")),
            to: some(get("to")),
            kinds,
            focus: some(get("focus")),
        }
    }

    fn path(&self) -> String {
        let mut pairs = Vec::new();
        if let Some(f) = &self.from {
            pairs.push(format!("from={f}"));
        }
        if let Some(t) = &self.to {
            pairs.push(format!("to={t}"));
        }
        if self.kinds != EdgeKinds::ALL {
            let k = self.kinds;
            let on: Vec<&str> = [
                (k.coauthor, "coauthor"),
                (k.advisor, "advisor"),
                (k.organization, "organization"),
            ]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect();
            pairs.push(format!("kinds={}", on.join(",")));
        }
        if let Some(f) = &self.focus {
            pairs.push(format!("focus={f}"));
        }
        let base = AppRoute::Connections(None).path();
        if pairs.is_empty() {
            base
        } else {
            format!("{base}?{}", pairs.join("&"))
        }
    }
}

fn kind_label(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Coauthor => "Co-authorship",
        EdgeKind::Advisor => "Advisors",
        EdgeKind::Organization => "Organizations",
    }
}

fn kind_class(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Coauthor => "edge-coauthor",
        EdgeKind::Advisor => "edge-advisor",
        EdgeKind::Organization => "edge-organization",
    }
}

/// The connections page.
#[component]
pub fn ConnectionsPage() -> impl IntoView {
    set_title("Connections — Research Atlas");
    view! {
        <div class="connections-page" data-testid="connections-page">
            <h1>"Connections"</h1>
            <DataView children=move |atlas| view! { <NetworkLoader atlas=atlas/> }/>
        </div>
    }
}

/// Fetches the network (or builds it from the loaded dataset).
#[component]
fn NetworkLoader(atlas: Arc<Atlas>) -> impl IntoView {
    let resource = LocalResource::new(move || fetch_network(atlas.clone()));
    move || match resource.get() {
        None => view! { <LoadingView/> }.into_any(),
        Some(Err(e)) => view! {
            <LoadErrorView error=e retry=Callback::new(move |_| resource.refetch())/>
        }
        .into_any(),
        Some(Ok(network)) => view! { <Explorer network=network/> }.into_any(),
    }
}

/// The controls, the path, the graph and the list, all driven by the URL.
#[component]
fn Explorer(network: Arc<Network>) -> impl IntoView {
    let query = use_query_map();
    let question = Memo::new(move |_| {
        let q = query.read();
        Question::from_query(|k| q.get(k))
    });
    let navigate = use_navigate();
    let set = move |q: Question| {
        navigate(
            &q.path(),
            NavigateOptions {
                scroll: false,
                ..Default::default()
            },
        )
    };
    let net = network.clone();
    let path = Memo::new(move |_| {
        let q = question.get();
        let from = net.position(q.from.as_deref()?)?;
        let to = net.position(q.to.as_deref()?)?;
        Some(net.shortest_path(from, to, q.kinds))
    });
    let net = network.clone();
    // Who is drawn: everyone in a small directory; else the focus's neighbourhood (the
    // best-connected person by default), plus the chain asked about.
    let shown = Memo::new(move |_| {
        let q = question.get();
        let n = net.people.len();
        let mut set: BTreeSet<u32> = if n <= WHOLE_GRAPH_MAX {
            (0..n as u32).collect()
        } else {
            let degrees = net.degrees(q.kinds);
            let center = (q.focus.as_deref())
                .and_then(|f| net.position(f))
                .or_else(|| {
                    (0..n as u32).max_by_key(|&i| (degrees[i as usize], std::cmp::Reverse(i)))
                })
                .unwrap_or(0);
            net.neighbourhood(center, 2, WHOLE_GRAPH_MAX, q.kinds)
                .into_iter()
                .collect()
        };
        if let Some(Some(steps)) = path.get() {
            for s in steps {
                set.insert(s.from);
                set.insert(s.to);
            }
        }
        set.into_iter().collect::<Vec<u32>>()
    });
    let net = network.clone();
    let edges = Memo::new(move |_| {
        let kinds = question.with(|q| q.kinds);
        shown.with(|s| net.edges(kinds, Some(s)))
    });
    // Layout: deterministic for the same people, edges and frame.
    let (fw, fh) = frame();
    let positions = Memo::new(move |_| {
        let nodes = shown.get();
        let local: HashMap<u32, u32> = (nodes.iter().enumerate())
            .map(|(i, &p)| (p, i as u32))
            .collect();
        let weighted: Vec<(u32, u32, f32)> = edges.with(|es| {
            es.iter()
                .filter_map(|e| Some((*local.get(&e.a)?, *local.get(&e.b)?, e.weight as f32)))
                .collect()
        });
        let params = LayoutParams {
            width: fw,
            height: fh,
            margin: 40.0,
            iterations: 300,
            seed: 7,
        };
        let xy = fill_frame(force_layout(nodes.len(), &weighted, &params), &params);
        nodes
            .into_iter()
            .zip(xy)
            .collect::<HashMap<u32, (f32, f32)>>()
    });

    let kinds_controls = {
        let set = set.clone();
        [EdgeKind::Coauthor, EdgeKind::Advisor, EdgeKind::Organization]
            .into_iter()
            .map(|kind| {
                let set = set.clone();
                let checked = move || question.with(|q| q.kinds.allows(kind));
                view! {
                    <label class="kind-toggle">
                        <input type="checkbox" prop:checked=checked
                            on:change=move |_| {
                                let mut q = question.get_untracked();
                                match kind {
                                    EdgeKind::Coauthor => q.kinds.coauthor = !q.kinds.coauthor,
                                    EdgeKind::Advisor => q.kinds.advisor = !q.kinds.advisor,
                                    EdgeKind::Organization => q.kinds.organization = !q.kinds.organization,
                                }
                                set(q);
                            }/>
                        <span class=format!("swatch {}", kind_class(kind)) aria-hidden="true"></span>
                        {kind_label(kind)}
                    </label>
                }
            })
            .collect_view()
    };

    let people = sorted_people((network.people.iter().cloned()).zip(network.names.iter().cloned()));
    let picker = {
        let set = set.clone();
        move |which: &'static str, label: &'static str| {
            let set = set.clone();
            let current = Signal::derive(move || {
                question.with(|q| {
                    if which == "from" {
                        q.from.clone()
                    } else {
                        q.to.clone()
                    }
                })
            });
            let on_pick = Callback::new(move |v: Option<String>| {
                let mut q = question.get_untracked();
                if which == "from" {
                    q.from = v;
                } else {
                    q.to = v;
                }
                set(q);
            });
            view! {
                <PersonPicker people=people.clone() label=label testid=format!("path-{which}")
                    current=current on_pick=on_pick/>
            }
        }
    };

    let net = network.clone();
    let path_view = move || {
        let net = net.clone();
        match path.get() {
            None => view! {
                <p class="muted">"Choose two researchers to see the shortest chain between them."</p>
            }.into_any(),
            Some(None) => view! {
                <p class="path-none" data-testid="path-none" role="status">
                    "They are not connected through the kinds of connection selected."
                </p>
            }.into_any(),
            Some(Some(steps)) if steps.is_empty() => view! {
                <p class="muted" role="status">"That is the same person."</p>
            }.into_any(),
            Some(Some(steps)) => {
                let n = steps.len();
                view! {
                    <p role="status" class="path-summary">
                        {format!("Connected in {n} step{}:", if n == 1 { "" } else { "s" })}
                    </p>
                    <ol class="path-steps" data-testid="path">
                        {steps.into_iter().map(|s| step_view(&net, s)).collect_view()}
                    </ol>
                }.into_any()
            }
        }
    };

    let total = network.people.len();
    let count = move || {
        let (n, m) = (shown.with(Vec::len), edges.with(Vec::len));
        let whole = if n == total {
            format!("{n} researchers")
        } else {
            format!("{n} of {total} researchers (a neighbourhood)")
        };
        format!("{whole}, {m} connection{}", if m == 1 { "" } else { "s" })
    };

    let graph_net = network.clone();
    let list_net = network.clone();
    view! {
        <section class="connections-controls" aria-labelledby="kinds-h">
            <h2 id="kinds-h" class="visually-hidden">"Kinds of connection"</h2>
            <fieldset class="kinds">
                <legend>"Connect people by"</legend>
                {kinds_controls}
            </fieldset>
        </section>
        <section class="path-finder" aria-labelledby="path-h">
            <h2 id="path-h">"How are they connected?"</h2>
            <div class="path-picks">
                {picker("from", "From")}
                {picker("to", "To")}
            </div>
            {path_view}
        </section>
        <section aria-labelledby="graph-h">
            <h2 id="graph-h">"Graph"</h2>
            <p class="muted" data-testid="graph-count">{count}</p>
            <Graph network=graph_net shown=shown edges=edges positions=positions path=path size=(fw, fh)/>
        </section>
        <section aria-labelledby="list-h">
            <h2 id="list-h">"All connections shown"</h2>
            <EdgeList network=list_net edges=edges/>
        </section>
    }
}

/// Stretches a layout that came out smaller than the frame so it fills it (at most 3 times,
/// keeping proportions), centred; the layout keeps nodes inside the margins but does not
/// enlarge a small graph.
fn fill_frame(xy: Vec<(f32, f32)>, p: &LayoutParams) -> Vec<(f32, f32)> {
    if xy.len() < 2 {
        return xy;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in &xy {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let (w, h) = (p.width - 2.0 * p.margin, p.height - 2.0 * p.margin);
    let scale = [w / (x1 - x0).max(1.0), h / (y1 - y0).max(1.0), 3.0]
        .into_iter()
        .fold(f32::MAX, f32::min)
        .max(1.0);
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    xy.into_iter()
        .map(|(x, y)| {
            let x = p.width / 2.0 + (x - cx) * scale;
            let y = p.height / 2.0 + (y - cy) * scale;
            (
                x.clamp(p.margin, p.width - p.margin),
                y.clamp(p.margin, p.height - p.margin),
            )
        })
        .collect()
}

/// One step of a chain: who to whom, and why.
fn step_view(net: &Network, s: Step) -> impl IntoView + use<> {
    let name = |i: u32| net.names[i as usize].clone();
    let id = |i: u32| net.people[i as usize].clone();
    view! {
        <li class="path-step" data-testid="path-step">
            <a href=profile(&id(s.from)).href()>{name(s.from)}</a>
            " — "
            <a href=profile(&id(s.to)).href()>{name(s.to)}</a>
            <ul class="reasons">
                {s.reasons.into_iter().map(|r| view! {
                    <li class=kind_class(r.kind)>
                        <span class=format!("swatch {}", kind_class(r.kind)) aria-hidden="true"></span>
                        {r.text}
                    </li>
                }).collect_view()}
            </ul>
        </li>
    }
}

/// The SVG graph: zoom with the wheel or the buttons, pan by dragging, hover or focus a person
/// for details, click to open their profile.
#[component]
fn Graph(
    network: Arc<Network>,
    shown: Memo<Vec<u32>>,
    edges: Memo<Vec<Edge>>,
    positions: Memo<HashMap<u32, (f32, f32)>>,
    path: Memo<Option<Option<Vec<Step>>>>,
    /// The drawing's width and height, in SVG units.
    size: (f32, f32),
) -> impl IntoView {
    let (fw, fh) = size;
    let view_box = RwSignal::new((0.0f32, 0.0f32, fw, fh));
    let hovered = RwSignal::new(None::<u32>);
    let drag = StoredValue::new(None::<(f64, f64, (f32, f32, f32, f32))>);
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let zoom = move |factor: f32| {
        view_box.update(|(x, y, w, h)| {
            let (cx, cy) = (*x + *w / 2.0, *y + *h / 2.0);
            let nw = (*w * factor).clamp(fw / 8.0, fw * 2.0);
            let nh = nw * fh / fw;
            *x = cx - nw / 2.0;
            *y = cy - nh / 2.0;
            *w = nw;
            *h = nh;
        })
    };
    let scale = move || {
        // SVG units per screen pixel.
        let width = svg_ref
            .get()
            .map(|s| s.get_bounding_client_rect().width())
            .filter(|w| *w > 0.0)
            .unwrap_or(f64::from(fw));
        f64::from(view_box.get_untracked().2) / width
    };
    let on_path = Memo::new(move |_| {
        let mut nodes = BTreeSet::new();
        let mut pairs = BTreeSet::new();
        if let Some(Some(steps)) = path.get() {
            for s in steps {
                nodes.insert(s.from);
                nodes.insert(s.to);
                pairs.insert((s.from.min(s.to), s.from.max(s.to)));
            }
        }
        (nodes, pairs)
    });
    let degrees = Memo::new(move |_| {
        let mut d: HashMap<u32, usize> = HashMap::new();
        edges.with(|es| {
            for e in es {
                *d.entry(e.a).or_default() += 1;
                *d.entry(e.b).or_default() += 1;
            }
        });
        d
    });
    let net = network.clone();
    let edge_views = move || {
        let pos = positions.get();
        let (_, pairs) = on_path.get();
        edges.get().into_iter().filter_map(|e| {
            let (&(x1, y1), &(x2, y2)) = (pos.get(&e.a)?, pos.get(&e.b)?);
            let kind = e.reasons.first().map_or(EdgeKind::Organization, |r| r.kind);
            let width = 1.0 + (e.weight as f32).ln_1p() * 1.2;
            let tip = format!(
                "{} — {}: {}",
                net.names[e.a as usize],
                net.names[e.b as usize],
                e.reasons.iter().map(|r| r.text.as_str()).collect::<Vec<_>>().join("; ")
            );
            let (a, b) = (e.a, e.b);
            let lit = move || hovered.get().is_some_and(|h| h == a || h == b);
            Some(view! {
                <line class=format!("edge {}", kind_class(kind)) data-testid="graph-edge"
                    class:on-path=pairs.contains(&(a.min(b), a.max(b)))
                    class:lit=lit
                    x1=format!("{x1:.1}") y1=format!("{y1:.1}") x2=format!("{x2:.1}") y2=format!("{y2:.1}")
                    stroke-width=format!("{width:.1}")>
                    <title>{tip}</title>
                </line>
            })
        }).collect_view()
    };
    let net = network.clone();
    let node_views = move || {
        let pos = positions.get();
        let (path_nodes, _) = on_path.get();
        let degrees = degrees.get();
        // A crowded drawing names only its 25 best-connected people (the rest on hover or focus).
        let named: BTreeSet<u32> = if shown.with(Vec::len) > 40 {
            let mut by_degree: Vec<(usize, u32)> = degrees.iter().map(|(&p, &d)| (d, p)).collect();
            by_degree.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            by_degree.into_iter().take(25).map(|(_, p)| p).collect()
        } else {
            shown.get().into_iter().collect()
        };
        shown
            .get()
            .into_iter()
            .filter_map(|p| {
                let &(x, y) = pos.get(&p)?;
                let name = net.names[p as usize].clone();
                let id = net.people[p as usize].clone();
                let degree = degrees.get(&p).copied().unwrap_or(0);
                let r = 9.0 + ((degree as f32).sqrt() * 1.5).min(9.0);
                // Names of nodes in the right part of the drawing go on their left, inside it.
                let left = x > fw * 0.6;
                let label = named.contains(&p).then(|| {
                    view! {
                        <text class="node-label" y=format!("{:.1}", y + 4.0)
                            x=format!("{:.1}", if left { x - r - 3.0 } else { x + r + 3.0 })
                            text-anchor=if left { "end" } else { "start" }>{name.clone()}</text>
                    }
                });
                let desc = format!(
                    "{name}: {degree} connection{} shown. Opens the profile.",
                    if degree == 1 { "" } else { "s" }
                );
                // Inside a `g`, so the macro makes an SVG `a`, not an HTML one.
                Some(view! {
                    <g>
                    <a href=profile(&id).href() class="node" data-testid="graph-node"
                        class:on-path=path_nodes.contains(&p)
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
                })
            })
            .collect_view()
    };
    let net = network.clone();
    let details = move || {
        let p = hovered.get()?;
        let mut lines: Vec<String> = edges.with(|es| {
            es.iter()
                .filter(|e| e.a == p || e.b == p)
                .map(|e| {
                    let other = if e.a == p { e.b } else { e.a };
                    let why = e
                        .reasons
                        .iter()
                        .map(|r| r.text.as_str())
                        .collect::<Vec<_>>()
                        .join("; ");
                    format!("{}: {why}", net.names[other as usize])
                })
                .collect()
        });
        let more = lines.len().saturating_sub(6);
        lines.truncate(6);
        Some(view! {
            <div class="graph-details" data-testid="graph-details" aria-live="polite">
                <strong>{net.names[p as usize].clone()}</strong>
                {if lines.is_empty() {
                    view! { <p class="muted">"No connection shown."</p> }.into_any()
                } else {
                    view! { <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }.into_any()
                }}
                {(more > 0).then(|| view! { <p class="muted">{format!("and {more} more")}</p> })}
            </div>
        })
    };
    view! {
        <div class="graph-wrap">
            <div class="graph-tools" role="group" aria-label="Zoom">
                <button type="button" class="button small" on:click=move |_| zoom(0.8) aria-label="Zoom in">"+"</button>
                <button type="button" class="button small" on:click=move |_| zoom(1.25) aria-label="Zoom out">"−"</button>
                <button type="button" class="button small secondary" on:click=move |_| view_box.set((0.0, 0.0, fw, fh))>"Reset view"</button>
            </div>
            <svg node_ref=svg_ref class="graph" data-testid="graph" role="group"
                aria-label="Connections graph: each researcher links to their profile"
                viewBox=move || { let (x, y, w, h) = view_box.get(); format!("{x:.1} {y:.1} {w:.1} {h:.1}") }
                on:wheel=move |e| {
                    e.prevent_default();
                    zoom(if e.delta_y() > 0.0 { 1.1 } else { 0.9 });
                }
                on:pointerdown=move |e| {
                    drag.set_value(Some((f64::from(e.client_x()), f64::from(e.client_y()), view_box.get_untracked())));
                }
                on:pointermove=move |e| {
                    if let Some((sx, sy, (x, y, w, h))) = drag.get_value() {
                        let k = scale();
                        let dx = (f64::from(e.client_x()) - sx) * k;
                        let dy = (f64::from(e.client_y()) - sy) * k;
                        view_box.set((x - dx as f32, y - dy as f32, w, h));
                    }
                }
                on:pointerup=move |_| drag.set_value(None)
                on:pointerleave=move |_| drag.set_value(None)>
                <g class="edges">{edge_views}</g>
                <g class="nodes">{node_views}</g>
            </svg>
            {details}
            <p class="graph-legend muted">
                <span class="legend"><span class="swatch edge-coauthor" aria-hidden="true"></span>"Co-authored papers"</span>
                <span class="legend"><span class="swatch edge-advisor" aria-hidden="true"></span>"Advisor in common, or advised"</span>
                <span class="legend"><span class="swatch edge-organization" aria-hidden="true"></span>"Organization in common"</span>
                " Drag to pan, scroll to zoom, hover or Tab to a person for details."
            </p>
        </div>
    }
}

/// The same edges as a table, for keyboards and screen readers.
#[component]
fn EdgeList(network: Arc<Network>, edges: Memo<Vec<Edge>>) -> impl IntoView {
    move || {
        let es = edges.get();
        if es.is_empty() {
            return view! { <p class="muted">"No connections under the kinds selected."</p> }
                .into_any();
        }
        let person = |i: u32| {
            let (id, name) = (
                network.people[i as usize].clone(),
                network.names[i as usize].clone(),
            );
            view! { <a href=profile(&id).href()>{name}</a> }
        };
        view! {
            <table class="edge-list" data-testid="edge-list">
                <caption class="visually-hidden">"Connections between the researchers shown"</caption>
                <thead><tr><th scope="col">"Researcher"</th><th scope="col">"Researcher"</th><th scope="col">"Why"</th></tr></thead>
                <tbody>
                    {es.into_iter().map(|e| view! {
                        <tr data-testid="edge-row">
                            <td>{person(e.a)}</td>
                            <td>{person(e.b)}</td>
                            <td><ul class="reasons">{e.reasons.into_iter().map(|r| view! {
                                <li><span class=format!("swatch {}", kind_class(r.kind)) aria-hidden="true"></span>{r.text}</li>
                            }).collect_view()}</ul></td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        }.into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_layout_is_stretched_to_fill_the_frame_and_stays_inside() {
        let p = LayoutParams {
            width: 900.0,
            height: 560.0,
            margin: 40.0,
            iterations: 1,
            seed: 1,
        };
        let small = vec![(400.0, 250.0), (500.0, 300.0), (450.0, 280.0)];
        let big = fill_frame(small.clone(), &p);
        let span = |v: &[(f32, f32)]| {
            let xs = v.iter().map(|p| p.0);
            xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min)
        };
        assert!(
            (span(&big) - 3.0 * span(&small)).abs() < 0.01,
            "capped at 3x"
        );
        for &(x, y) in &big {
            assert!((40.0..=860.0).contains(&x) && (40.0..=520.0).contains(&y));
        }
        assert_eq!(fill_frame(vec![(1.0, 2.0)], &p), vec![(1.0, 2.0)]);
        let wide = vec![(40.0, 100.0), (860.0, 120.0)];
        assert_eq!(
            fill_frame(wide.clone(), &p)[0].0,
            40.0,
            "a full-width layout keeps its width"
        );
    }

    #[test]
    fn the_question_round_trips_through_the_url() {
        let q = Question {
            from: Some("a".into()),
            to: Some("b".into()),
            kinds: EdgeKinds {
                coauthor: true,
                advisor: false,
                organization: true,
            },
            focus: None,
        };
        let path = q.path();
        assert_eq!(path, "/connections?from=a&to=b&kinds=coauthor,organization");
        let query = path.split_once('?').unwrap().1;
        let pairs: HashMap<&str, &str> =
            query.split('&').filter_map(|p| p.split_once('=')).collect();
        let back = Question::from_query(|k| pairs.get(k).map(|v| (*v).to_owned()));
        assert_eq!(back, q);
        assert_eq!(Question::from_query(|_| None).kinds, EdgeKinds::ALL);
        assert_eq!(Question::default().path(), "/connections");
    }
}
