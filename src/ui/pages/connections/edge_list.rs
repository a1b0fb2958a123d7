//! The drawn edges again as a table, for keyboards and screen readers.

use std::sync::Arc;

use leptos::prelude::*;

use super::kind_class;
use crate::search::network::{Edge, Network};
use crate::ui::routes::profile;

/// The same edges as a table, one row per pair with every reason.
#[component]
pub fn EdgeList(
    /// Names and ids.
    network: Arc<Network>,
    /// The drawn edges.
    edges: Memo<Vec<Edge>>,
) -> impl IntoView {
    move || {
        let es = edges.get();
        if es.is_empty() {
            return view! { <p class="muted">"No connections under the kinds selected."</p> }
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
