//! Back to the directory's results, and previous / next researcher within them.

use std::sync::Arc;

use leptos::prelude::*;

use crate::files::people::{Step, Steps};
use crate::lang::fill;
use crate::ui::lang::text;
use crate::ui::state::data::Atlas;
use crate::ui::state::search::use_search;

/// Back to the directory's results, and previous / next researcher within them.
#[component]
pub(super) fn ProfileNav(atlas: Arc<Atlas>, position: usize) -> impl IntoView {
    let search = use_search();
    // Where this researcher stands in the current results.
    let steps = Memo::new(move |_| {
        let compiled = &atlas.compiled;
        (search.results).with(|res| Steps::within(compiled, &res.as_ref()?.hits, position))
    });
    nav(move || steps.get())
}

/// The same for a profile opened without the directory, in its default view (everyone, by
/// name): the steps came with the researcher's records.
#[component]
pub(super) fn DefaultViewNav(steps: Steps) -> impl IntoView {
    nav(move || Some(steps.clone()))
}

fn nav(steps: impl Fn() -> Option<Steps> + Send + Sync + 'static) -> impl IntoView {
    let t = text();
    let search = use_search();
    let filtered = move || {
        search
            .params
            .with(|p| p.filter_count() > 0 || !p.query.is_empty())
    };
    let step = move |to: Option<Step>, rel: &'static str, label: &'static str| {
        let Step { id, name, .. } = to?;
        Some(view! {
            <a class=format!("step step-{rel}") rel=rel href=move || search.profile_href(&id)>
                <span class="step-label">{label}</span>
                <span class="step-name">{name}</span>
            </a>
        })
    };
    view! {
        <nav class="profile-nav" aria-label=t.profile().results()>
            <a class="back" href=move || search.directory_href()>
                {move || if filtered() { t.profile().back_to_results() } else { t.profile().all_researchers() }}
            </a>
            {move || steps().map(|Steps { at, of, prev, next }| view! {
                <span class="steps">
                    {step(prev, "prev", t.profile().previous())}
                    <span class="step-position">{fill(t.profile().position(), &[
                        ("at", &t.lang.number(u64::from(at))),
                        ("of", &t.lang.number(u64::from(of))),
                    ])}</span>
                    {step(next, "next", t.profile().next())}
                </span>
            })}
        </nav>
    }
}
