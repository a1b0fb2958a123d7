//! The drawing again as tables, for keyboards and screen readers: the direct connections
//! (papers, advising) with every reason, and the shared groups with their members.

use std::sync::Arc;

use leptos::prelude::*;

use super::kind_class;
use crate::search::network::drawing::{Hub, direct};
use crate::search::network::{Edge, EdgeKind, Network};
use crate::site::route::profile;
use crate::ui::lang::text;
use crate::ui::router::Href;

/// The direct edges as a table, one row per pair with every reason (shared groups among them).
#[component]
pub fn EdgeList(
    /// Names and ids.
    network: Arc<Network>,
    /// The drawn edges.
    edges: Memo<Vec<Edge>>,
) -> impl IntoView {
    let t = text();
    move || {
        let es: Vec<Edge> = edges.get().into_iter().filter(direct).collect();
        if es.is_empty() {
            return view! { <p class="muted">{t.connections().no_direct()}</p> }.into_any();
        }
        view! {
            <table class="edge-list" data-testid="edge-list">
                <caption class="visually-hidden">{t.connections().edges_caption()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.connections().researcher()}</th>
                        <th scope="col">{t.connections().researcher()}</th>
                        <th scope="col">{t.connections().why()}</th>
                    </tr>
                </thead>
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
            <td><ul class="reasons">{edge.reasons.iter().map(|r| view! {
                <li><span class=format!("swatch {}", kind_class(r.kind)) aria-hidden="true"></span>{r.text(&network, text())}</li>
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
    let t = text();
    move || {
        let hs = hubs.get();
        (!hs.is_empty()).then(|| {
            let rows = (hs.into_iter())
                .map(|h| view! { <GroupRow network=network.clone() hub=h/> })
                .collect_view();
            view! {
                <table class="edge-list" data-testid="group-list">
                    <caption class="visually-hidden">{t.connections().groups_caption()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.connections().shared()}</th>
                            <th scope="col">{t.connections().researchers_shown()}</th>
                        </tr>
                    </thead>
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
    let t = text();
    let what = match hub.kind {
        EdgeKind::Advisor => t.connections().advised_by(),
        _ => t.connections().at(),
    };
    let what = crate::lang::fill(what, &[("name", &hub.label)]);
    let n = t.lang.number(hub.members.len() as u64);
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
