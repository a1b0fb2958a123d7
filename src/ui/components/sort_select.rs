//! The sort order of the results.

use leptos::prelude::*;

use crate::search::Sort;
use crate::ui::lang::text;
use crate::ui::state::search::use_search;

/// A select of the sort orders; Relevance is offered only with a query.
#[component]
pub fn SortSelect() -> impl IntoView {
    let search = use_search();
    let t = text();
    let current = move || search.params.with(|p| p.effective_sort());
    let has_query = move || {
        search
            .params
            .with(|p| p.effective_sort() == Sort::Relevance || !p.query.trim().is_empty())
    };
    view! {
        <label class="sort">
            <span>{t.sort().label()}</span>
            <select
                data-testid="sort"
                on:change=move |e| {
                    let key = event_target_value(&e);
                    let sort = Sort::ALL.into_iter().find(|s| s.key() == key);
                    search.update(|p| p.sort = sort);
                }
            >
                {Sort::ALL
                    .into_iter()
                    .map(|s| {
                        view! {
                            <option
                                value=s.key()
                                selected=move || current() == s
                                disabled=move || s == Sort::Relevance && !has_query()
                            >
                                {s.label(t)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
