//! No results: say what was asked, and offer one-click ways to loosen it.

use leptos::prelude::*;

use crate::lang::fill;
use crate::search::SearchParams;
use crate::ui::lang::text;
use crate::ui::state::facets::active_filters;
use crate::ui::state::search::use_search;

/// The message shown when nobody matches.
#[component]
pub fn EmptyState() -> impl IntoView {
    let search = use_search();
    let t = text();
    move || {
        let params = search.params.get();
        let filters = search.results.with(|r| {
            r.as_ref()
                .map(|r| active_filters(&params, &r.facets, t))
                .unwrap_or_default()
        });
        let query = params.query.trim().to_owned();
        let what = match (query.is_empty(), filters.len()) {
            (false, 0) => fill(t.empty_state().no_match(), &[("query", &query)]),
            (false, n) => (t.empty_state().no_match_filtered()).count_with(n, &[("query", &query)]),
            (true, n) => t.empty_state().no_match_filters().count(n),
        };
        let many = filters.len() > 1;
        view! {
            <div class="empty-state" data-testid="empty-state">
                <h2>{what}</h2>
                <p>{t.empty_state().suggestions()}</p>
                <ul>
                    {(!query.is_empty()).then(|| view! {
                        <li><button type="button" class="link-button" on:click=move |_| search.update(|p| p.query.clear())>
                            {fill(t.empty_state().clear_search(), &[("query", &query)])}
                        </button></li>
                    })}
                    {filters.into_iter().map(|f| {
                        let remove = f.remove.clone();
                        view! {
                            <li><button type="button" class="link-button" on:click=move |_| {
                                let r = remove.clone();
                                search.update(move |p| r.apply(p));
                            }>
                                {fill(t.empty_state().remove(), &[("filter", &f.label)])}
                            </button></li>
                        }
                    }).collect_view()}
                    {many.then(|| view! {
                        <li><button type="button" class="link-button" on:click=move |_| search.update(|p| {
                            *p = SearchParams { query: std::mem::take(&mut p.query), sort: p.sort, ..Default::default() };
                        })>{t.empty_state().clear_all()}</button></li>
                    })}
                </ul>
            </div>
        }
    }
}
