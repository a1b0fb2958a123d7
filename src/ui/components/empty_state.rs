//! No results: say what was asked, and offer one-click ways to loosen it.

use leptos::prelude::*;

use crate::search::SearchParams;
use crate::ui::state::facets::active_filters;
use crate::ui::state::search::use_search;

/// The message shown when nobody matches.
#[component]
pub fn EmptyState() -> impl IntoView {
    let search = use_search();
    move || {
        let params = search.params.get();
        let filters = search.results.with(|r| {
            r.as_ref()
                .map(|r| active_filters(&params, &r.facets))
                .unwrap_or_default()
        });
        let query = params.query.trim().to_owned();
        let what = match (query.is_empty(), filters.len()) {
            (false, 0) => format!("No researchers match “{query}”."),
            (false, n) => format!(
                "No researchers match “{query}” with {n} filter{}.",
                if n == 1 { "" } else { "s" }
            ),
            (true, n) => format!(
                "No researchers match the {n} filter{}.",
                if n == 1 { "" } else { "s" }
            ),
        };
        let many = filters.len() > 1;
        view! {
            <div class="empty-state" data-testid="empty-state">
                <h2>{what}</h2>
                <p>"Try:"</p>
                <ul>
                    {(!query.is_empty()).then(|| view! {
                        <li><button type="button" class="link-button" on:click=move |_| search.update(|p| p.query.clear())>
                            {format!("Clear the search “{query}”")}
                        </button></li>
                    })}
                    {filters.into_iter().map(|f| {
                        let remove = f.remove.clone();
                        view! {
                            <li><button type="button" class="link-button" on:click=move |_| {
                                let r = remove.clone();
                                search.update(move |p| r.apply(p));
                            }>
                                {format!("Remove “{}”", f.label)}
                            </button></li>
                        }
                    }).collect_view()}
                    {many.then(|| view! {
                        <li><button type="button" class="link-button" on:click=move |_| search.update(|p| {
                            *p = SearchParams { query: std::mem::take(&mut p.query), sort: p.sort, ..Default::default() };
                        })>"Clear all filters"</button></li>
                    })}
                </ul>
            </div>
        }
    }
}
