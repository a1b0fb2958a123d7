//! `/`: the directory — search, filters, sort and the researcher cards.

use leptos::prelude::*;

use crate::search::SearchParams;
use crate::search::titles::shards_for_query;
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
        <TitleSearchStatus/>
    }
}

/// While the query's publication-title shards are on their way: says so; when one failed:
/// why, with Retry.
#[component]
fn TitleSearchStatus() -> impl IntoView {
    let search = use_search();
    let t = search.titles;
    let wanted = move || search.params.with(|p| shards_for_query(&p.query));
    let pending = move || {
        let wanted = wanted();
        t.pending.with(|p| wanted.iter().any(|k| p.contains(k)))
    };
    let failed = move || {
        let wanted = wanted();
        t.failed
            .with(|f| wanted.iter().find_map(|k| f.get(k).cloned()))
    };
    view! {
        {move || pending().then(|| view! {
            <p class="titles-status" data-testid="titles-pending">"Searching publication titles…"</p>
        })}
        {move || failed().map(|e| view! {
            <p class="titles-status titles-failed" role="alert" data-testid="titles-failed">
                {format!("Publication titles could not be searched: {e}. ")}
                <button type="button" class="link-button" on:click=move |_| t.failed.set(Default::default())>
                    "Retry"
                </button>
            </p>
        })}
    }
}

/// Cards rendered at first, and added by each "Show more".
const PAGE: usize = 60;

/// The cards, or the empty state. Cards are keyed by researcher, and each works out its own
/// match reason, so a keystroke only touches what changed. Only the first [`PAGE`] results are rendered
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
        let atlas = StoredValue::new(search.indexed.get()?.atlas);
        Some(view! {
            <Show when=move || !hits.with(Vec::is_empty) fallback=|| view! { <EmptyState/> }>
                <div class="card-grid" data-testid="results">
                    <For each=move || hits.get() key=|hit| hit.researcher let:hit>
                        <ResearcherCard atlas=atlas.get_value() researcher=hit.researcher/>
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
