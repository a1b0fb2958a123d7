//! Star (shortlist) and compare toggles, on cards and profiles.

use leptos::prelude::*;

use crate::lang::fill;
use crate::ui::lang::text;
use crate::ui::state::picks::use_picks;

/// "☆ Shortlist" and "Compare" toggles for one researcher; `compact` shows icons only (cards).
#[component]
pub fn PickButtons(
    /// The researcher's id (a card slot's follows its researcher).
    #[prop(into)]
    id: Signal<String>,
    /// Their name, for accessible labels.
    #[prop(into)]
    name: Signal<String>,
    /// Icons only, with the words as accessible names.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let picks = use_picks();
    let t = text();
    let starred = Signal::derive(move || id.with(|id| picks.starred(id)));
    let comparing = Signal::derive(move || id.with(|id| picks.comparing(id)));
    // Constant names; `aria-pressed` says whether each is on.
    let star_label =
        Memo::new(move |_| name.with(|name| fill(t.card().shortlist_name(), &[("name", name)])));
    let compare_label =
        Memo::new(move |_| name.with(|name| fill(t.card().compare_name(), &[("name", name)])));
    view! {
        <div class="pick-buttons" class:compact=compact>
            <button type="button" class="pick star" data-testid="star"
                aria-pressed=move || starred.get().to_string()
                aria-label=star_label title=star_label
                on:click=move |_| id.with_untracked(|id| picks.toggle_star(id))>
                <span aria-hidden="true">{move || if starred.get() { "★" } else { "☆" }}</span>
                {(!compact).then(|| view! {
                    <span>{move || format!(" {}", if starred.get() { t.card().shortlisted() } else { t.card().shortlist() })}</span>
                })}
            </button>
            <button type="button" class="pick compare" data-testid="compare-toggle"
                aria-pressed=move || comparing.get().to_string()
                aria-label=compare_label title=compare_label
                on:click=move |_| id.with_untracked(|id| picks.toggle_compare(id))>
                <span aria-hidden="true">"⇄"</span>
                {(!compact).then(|| view! { <span>{format!(" {}", t.card().compare())}</span> })}
            </button>
        </div>
    }
}
