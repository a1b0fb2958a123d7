//! The drawing again as tables, for keyboards and screen readers: the direct connections
//! (papers, advising) with every reason, and the shared groups with their members.

use std::sync::Arc;

use leptos::prelude::*;

use super::kind_class;
use crate::search::network::drawing::{Hub, direct};
use crate::search::network::{Edge, EdgeKind, Network};
use crate::site::route::profile;
use crate::ui::router::Href;

/// The direct edges as a table, one row per pair with every reason (shared groups among them).
#[component]
pub fn EdgeList(
    /// Names and ids.
    network: Arc<Network>,
    /// The drawn edges.
    edges: Memo<Vec<Edge>>,
) -> impl IntoView {
    move || {
        let es: Vec<Edge> = edges.get().into_iter().filter(direct).collect();
        if es.is_empty() {
            return view! { <p class="muted">"No co-authored papers or advising among the researchers shown."</p> }
                .into_any();
        }
        view! {
            <table class="edge-list" data-testid="edge-list">
                <caption class="visually-hidden">"Connections between the researchers shown"</caption>
                <thead><tr><th scope="col">"Researcher"</th><th scope="col">"Researcher"</th><th scope="col">"Why"</th></tr></thead>
                <tbody>
                    {es.into_iter()
                        .map(|e| view! { <EdgeRow network=network.clone() edge=e/> })
                        .collect_view()}
                </tbody>
            </table>
        }
        .into_any()
    }
}

/// One pair and why they are linked.
#[component]
fn EdgeRow(
    /// Names and ids.
    network: Arc<Network>,
    /// The pair.
    edge: Edge,
) -> impl IntoView {
    let person = |i: u32| {
        let (id, name) = (&network.people[i as usize], &network.names[i as usize]);
        view! { <a href=profile(id).href()>{name.clone()}</a> }
    };
    view! {
        <tr data-testid="edge-row">
            <td>{person(edge.a)}</td>
            <td>{person(edge.b)}</td>
            <td><ul class="reasons">{edge.reasons.into_iter().map(|r| view! {
                <li><span class=format!("swatch {}", kind_class(r.kind)) aria-hidden="true"></span>{r.text}</li>
            }).collect_view()}</ul></td>
        </tr>
    }
}

/// The shared groups drawn as hubs, one row each with its members shown.
#[component]
pub fn GroupList(
    /// Names and ids.
    network: Arc<Network>,
    /// The hubs.
    hubs: Memo<Vec<Hub>>,
) -> impl IntoView {
    move || {
        let hs = hubs.get();
        (!hs.is_empty()).then(|| {
            let rows = (hs.into_iter())
                .map(|h| view! { <GroupRow network=network.clone() hub=h/> })
                .collect_view();
            view! {
                <table class="edge-list" data-testid="group-list">
                    <caption class="visually-hidden">"Advisors and organizations the researchers shown share"</caption>
                    <thead><tr><th scope="col">"Shared"</th><th scope="col">"Researchers shown"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            }
        })
    }
}

/// One shared group and its members shown.
#[component]
fn GroupRow(
    /// Names and ids.
    network: Arc<Network>,
    /// The group.
    hub: Hub,
) -> impl IntoView {
    let what = match hub.kind {
        EdgeKind::Advisor => format!("Advised by {}", hub.label),
        _ => format!("At {}", hub.label),
    };
    let n = hub.members.len();
    let people = (hub.members.iter().enumerate())
        .map(|(i, &p)| {
            let (id, name) = (&network.people[p as usize], &network.names[p as usize]);
            view! { {(i > 0).then_some(", ")}<a href=profile(id).href()>{name.clone()}</a> }
        })
        .collect_view();
    view! {
        <tr data-testid="group-row">
            <td><span class=format!("swatch {}", kind_class(hub.kind)) aria-hidden="true"></span>
                {what}<span class="muted">{format!(" ({n})")}</span></td>
            <td>{people}</td>
        </tr>
    }
}
