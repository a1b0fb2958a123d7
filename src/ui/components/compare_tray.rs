//! The compare tray: who is picked for comparison, and the way to the compare page.

use leptos::prelude::*;

use crate::lang::fill;
use crate::search::IdList;
use crate::site::route::AppRoute;
use crate::ui::lang::text;
use crate::ui::router::{Href, use_route};
use crate::ui::state::data::use_atlas;
use crate::ui::state::picks::use_picks;

/// A bar at the foot of the page while researchers are picked for comparison (not on the
/// compare page itself).
#[component]
pub fn CompareTray() -> impl IntoView {
    let picks = use_picks();
    let t = text();
    let route = use_route().route;
    let data = use_atlas();
    let names = move || {
        let ids = picks.compare.get();
        let atlas = data.get().and_then(Result::ok);
        (ids.iter())
            .map(|id| {
                (atlas.as_ref())
                    .and_then(|a| a.compiled.position(id).map(|i| a.cards[i].name.clone()))
                    .unwrap_or_else(|| id.clone())
            })
            .collect::<Vec<_>>()
    };
    let shown = move || {
        !picks.compare.with(Vec::is_empty) && !route.with(|r| matches!(r, AppRoute::Compare(_)))
    };
    view! {
        <Show when=shown>
            <aside class="compare-tray" aria-label=t.compare_tray().label() data-testid="compare-tray">
                <span class="tray-names">
                    {move || {
                        let n = picks.compare.with(Vec::len);
                        fill(t.compare_tray().comparing(), &[("n", &t.lang.number(n as u64)), ("names", &names().join(t.compare_tray().separator()))])
                    }}
                </span>
                <a class="button" data-testid="open-compare"
                    class:disabled=move || picks.compare.with(|c| c.len() < 2)
                    href=move || AppRoute::Compare(IdList(picks.compare.get())).href()>
                    {move || if picks.compare.with(|c| c.len() < 2) { t.compare_tray().pick_more() } else { t.compare_tray().compare() }}
                </a>
                <button type="button" class="button secondary" on:click=move |_| picks.compare.set(Vec::new())>
                    {t.compare_tray().clear()}
                </button>
            </aside>
        </Show>
    }
}
