//! Star (shortlist) and compare toggles, on cards and profiles.

use leptos::prelude::*;

use crate::lang::fill;
use crate::ui::lang::text;
use crate::ui::state::picks::use_picks;

/// "☆ Shortlist" and "Compare" toggles for one researcher; `compact` shows icons only (cards).
#[component]
pub fn PickButtons(
    /// The researcher's id.
    id: String,
    /// Their name, for accessible labels.
    name: String,
    /// Icons only, with the words as accessible names.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let picks = use_picks();
    let t = text();
    let starred = Signal::derive({
        let id = id.clone();
        move || picks.starred(&id)
    });
    let comparing = Signal::derive({
        let id = id.clone();
        move || picks.comparing(&id)
    });
    // Constant names; `aria-pressed` says whether each is on.
    let star_label = fill(t.card().shortlist_name(), &[("name", &name)]);
    let compare_label = fill(t.card().compare_name(), &[("name", &name)]);
    let (star_id, compare_id) = (id.clone(), id);
    view! {
        <div class="pick-buttons" class:compact=compact>
            <button type="button" class="pick star" data-testid="star"
                aria-pressed=move || starred.get().to_string()
                aria-label=star_label.clone() title=star_label
                on:click=move |_| picks.toggle_star(&star_id)>
                <span aria-hidden="true">{move || if starred.get() { "★" } else { "☆" }}</span>
                {(!compact).then(|| view! {
                    <span>{move || format!(" {}", if starred.get() { t.card().shortlisted() } else { t.card().shortlist() })}</span>
                })}
            </button>
            <button type="button" class="pick compare" data-testid="compare-toggle"
                aria-pressed=move || comparing.get().to_string()
                aria-label=compare_label.clone() title=compare_label
                on:click=move |_| picks.toggle_compare(&compare_id)>
                <span aria-hidden="true">"⇄"</span>
                {(!compact).then(|| view! { <span>{format!(" {}", t.card().compare())}</span> })}
            </button>
        </div>
    }
}
