//! `/`: the directory — search, filters, sort and the researcher cards.

use leptos::prelude::*;

use crate::search::SearchParams;
use crate::ui::components::{
    ActiveFilters, DataView, EmptyState, FilterPanel, ResearcherCard, SearchBox, SortSelect,
};
use crate::ui::state::search::use_search;

/// The directory of researchers.
#[component]
pub fn DirectoryPage() -> impl IntoView {
    set_title("Research Atlas");
    let filters_open = RwSignal::new(false);
    view! {
        <h1>"Researchers"</h1>
        <DataView children=move |_| view! {
            <SearchBox/>
            <div class="directory">
                <FilterPanel open=filters_open/>
                <section class="results" aria-label="Results">
                    <ResultsBar filters_open=filters_open/>
                    <ActiveFilters/>
                    <ResultList/>
                </section>
            </div>
        }/>
    }
}

/// The result count (announced to screen readers), the phone's Filters button, and the sort.
#[component]
fn ResultsBar(
    /// Whether the filter panel is unfolded on narrow screens.
    filters_open: RwSignal<bool>,
) -> impl IntoView {
    let search = use_search();
    let count = move || {
        search
            .results
            .with(|r| r.as_ref().map_or(0, |r| r.hits.len()))
    };
    let active = move || search.params.with(|p| p.filter_count());
    view! {
        <div class="results-bar">
            <p class="result-count" role="status" aria-live="polite" data-testid="result-count">
                {move || match count() {
                    1 => "1 researcher".to_owned(),
                    n => format!("{n} researchers"),
                }}
            </p>
            <button
                type="button"
                class="filters-button"
                aria-controls="filters"
                aria-expanded=move || filters_open.get().to_string()
                on:click=move |_| filters_open.update(|o| *o = !*o)
            >
                {move || match active() {
                    0 => "Filters".to_owned(),
                    n => format!("Filters ({n})"),
                }}
            </button>
            <SortSelect/>
        </div>
    }
}

/// Cards rendered at first, and added by each "Show more".
const PAGE: usize = 60;

/// The cards, or the empty state. Cards are keyed by researcher and match reason, so a keystroke
/// only touches the cards whose content changed. Only the first [`PAGE`] results are rendered
/// until the user asks for more, so a query matching thousands renders in constant time; a new
/// query starts again from one page.
#[component]
fn ResultList() -> impl IntoView {
    let search = use_search();
    // How many more pages the user asked for, and for which params.
    let more = RwSignal::new((SearchParams::default(), 0usize));
    let limit = Memo::new(move |_| {
        let extra = more.with(|(p, n)| search.params.with(|q| if p == q { *n } else { 0 }));
        PAGE * (1 + extra)
    });
    let total = Memo::new(move |_| {
        search
            .results
            .with(|r| r.as_ref().map_or(0, |r| r.hits.len()))
    });
    let hits = Memo::new(move |_| {
        let limit = limit.get();
        search.results.with(|r| {
            r.as_ref()
                .map(|r| r.hits.iter().take(limit).cloned().collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let show_more = move |_| {
        let params = search.params.get_untracked();
        more.update(|(p, n)| {
            *n = if *p == params { *n + 1 } else { 1 };
            *p = params;
        });
    };
    move || {
        let indexed = StoredValue::new(search.indexed.get()?);
        Some(view! {
            <Show when=move || !hits.with(Vec::is_empty) fallback=|| view! { <EmptyState/> }>
                <div class="card-grid" data-testid="results">
                    <For
                        each=move || hits.get()
                        key=|hit| (hit.researcher, hit.reason.clone().map(|m| (m.kind, m.text, m.highlights)))
                        let:hit
                    >
                        <ResearcherCard indexed=indexed.get_value() hit=hit/>
                    </For>
                </div>
                {move || {
                    let (shown, total) = (limit.get().min(total.get()), total.get());
                    (shown < total).then(|| view! {
                        <p class="show-more">
                            <span>{format!("Showing {shown} of {total}. ")}</span>
                            <button type="button" class="button" on:click=show_more data-testid="show-more">
                                {format!("Show {} more", PAGE.min(total - shown))}
                            </button>
                        </p>
                    })
                }}
            </Show>
        })
    }
}

/// Sets the document title.
pub fn set_title(title: &str) {
    document().set_title(title);
}
