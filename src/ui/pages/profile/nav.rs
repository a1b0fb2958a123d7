//! Back to the directory's results, and previous / next researcher within them.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::state::data::Atlas;
use crate::ui::state::search::use_search;

/// Back to the directory's results, and previous / next researcher within them.
#[component]
pub(super) fn ProfileNav(atlas: Arc<Atlas>, position: usize) -> impl IntoView {
    let index = position;
    let search = use_search();
    // Position of this researcher in the current results, and its neighbours.
    let neighbours = Memo::new(move |_| {
        search.results.with(|res| {
            let hits = &res.as_ref()?.hits;
            let at = hits.iter().position(|h| h.researcher == index)?;
            let prev = at.checked_sub(1).map(|i| hits[i].researcher);
            let next = hits.get(at + 1).map(|h| h.researcher);
            Some((at + 1, hits.len(), prev, next))
        })
    });
    let filtered = move || {
        search
            .params
            .with(|p| p.filter_count() > 0 || !p.query.is_empty())
    };
    let step = move |researcher: Option<usize>, rel: &'static str, label: &'static str| {
        let card = researcher.and_then(|i| atlas.compiled.cards.get(i))?;
        let (id, name) = (card.id.clone(), card.name.clone());
        Some(view! {
            <a class=format!("step step-{rel}") rel=rel href=move || search.profile_href(&id)>
                <span class="step-label">{label}</span>
                <span class="step-name">{name}</span>
            </a>
        })
    };
    view! {
        <nav class="profile-nav" aria-label="Results">
            <a class="back" href=move || search.directory_href()>
                {move || if filtered() { "← Back to results" } else { "← All researchers" }}
            </a>
            {move || neighbours.get().map(|(at, of, prev, next)| view! {
                <span class="steps">
                    {step(prev, "prev", "Previous")}
                    <span class="step-position">{format!("{at} of {of}")}</span>
                    {step(next, "next", "Next")}
                </span>
            })}
        </nav>
    }
}
