//! The active filters as removable chips, with "Clear all".

use leptos::prelude::*;

use crate::lang::fill;
use crate::ui::lang::text;
use crate::ui::state::facets::active_filters;
use crate::ui::state::search::use_search;

/// Chips for every active filter; nothing when there is none.
#[component]
pub fn ActiveFilters() -> impl IntoView {
    let search = use_search();
    let t = text();
    let active = Memo::new(move |_| {
        search.results.with(|r| {
            r.as_ref()
                .map(|r| search.params.with(|p| active_filters(p, &r.facets, t)))
                .unwrap_or_default()
        })
    });
    move || {
        let filters = active.get();
        (!filters.is_empty()).then(|| {
            view! {
                <ul class="active-filters" aria-label=t.active_filters().label() data-testid="active-filters">
                    {filters
                        .into_iter()
                        .map(|f| {
                            let remove = f.remove.clone();
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class="chip chip-active"
                                        aria-label=fill(t.active_filters().remove(), &[("filter", &f.label)])
                                        on:click=move |_| {
                                            let r = remove.clone();
                                            search.update(move |p| r.apply(p));
                                        }
                                    >
                                        {f.label.clone()}
                                        <span aria-hidden="true">" ×"</span>
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()}
                    <li>
                        <button
                            type="button"
                            class="link-button"
                            on:click=move |_| search.update(|p| {
                                let query = std::mem::take(&mut p.query);
                                let sort = p.sort;
                                *p = crate::search::SearchParams { query, sort, ..Default::default() };
                            })
                        >
                            {t.active_filters().clear_all()}
                        </button>
                    </li>
                </ul>
            }
        })
    }
}
