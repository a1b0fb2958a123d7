//! `/`: the directory — search, filters, sort and the researcher cards.

use leptos::prelude::*;

use crate::ui::browser::set_title;

use crate::search::titles::shards_for_query;
use crate::ui::components::row_window::RowWindow;
use std::sync::Arc;

use crate::search::SearchParams;
use crate::ui::components::researcher_card::FirstPageCard;
use crate::ui::components::{
    ActiveFilters, DataView, EmptyState, FilterPanel, LoadingView, ResearcherCard, SearchBox,
    SortSelect,
};
use crate::ui::state::data::use_first_page;
use crate::ui::state::search::use_search;

/// The directory of researchers.
#[component]
pub fn DirectoryPage() -> impl IntoView {
    set_title("Research Atlas");
    let filters_open = RwSignal::new(false);
    // The search box stays mounted from the first paint on, so what the user types while the
    // directory is still arriving (and the focus) survives the switch to the loaded page.
    view! {
        <h1>"Researchers"</h1>
        <SearchBox/>
        <DataView loading=|| view! { <FirstPagePreview/> } children=move |_| view! {
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

/// While the whole directory is on its way: the first cards in default order, when the URL asks
/// for the default view and the host has a first page; the generic loading state otherwise.
#[component]
fn FirstPagePreview() -> impl IntoView {
    let search = use_search();
    let first = use_first_page();
    move || {
        let page = first.and_then(|f| f.0.get()).flatten();
        let default_view = search.params.with(|p| *p == SearchParams::default());
        match page {
            Some(page) if default_view => {
                let topics = Arc::new(page.topics.clone());
                let total = page.total as usize;
                view! {
                    <div class="directory">
                        <aside class="filter-panel" aria-label="Filters" aria-busy="true"></aside>
                        <section class="results" aria-label="Results" aria-busy="true">
                            <div class="results-bar">
                                <p class="result-count" data-testid="result-count">
                                    {researchers_count(total)}
                                </p>
                            </div>
                            <div class="card-grid windowed" data-testid="results" role="list">
                                {page.cards.iter().enumerate().map(|(i, card)| view! {
                                    <div class="card-slot" role="listitem"
                                        aria-setsize=total.to_string() aria-posinset=(i + 1).to_string()>
                                        <FirstPageCard card=card.clone() topics=topics.clone()/>
                                    </div>
                                }).collect_view()}
                            </div>
                        </section>
                    </div>
                }
                .into_any()
            }
            _ => view! { <LoadingView/> }.into_any(),
        }
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
                {move || researchers_count(count())}
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

/// Rows rendered before the grid has been measured.
const FIRST_ROWS: usize = 6;

/// The grid's measured layout: columns and row height (card plus gap), in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
struct GridLayout {
    columns: usize,
    row_height: f64,
}

/// The cards, or the empty state. Only the rows on screen (and a few around them) are in the DOM
/// ([`RowWindow`]): spacers stand in for the rest, so 20,000 results render as fast as 20, and
/// each card carries its position in the list (`aria-posinset` of `aria-setsize`) for screen
/// readers. Cards are keyed by researcher and work out their own match reason, so a keystroke
/// only touches what changed.
#[component]
fn ResultList() -> impl IntoView {
    let search = use_search();
    let grid: NodeRef<leptos::html::Div> = NodeRef::new();
    let layout = RwSignal::new(None::<GridLayout>);
    let scroll = RwSignal::new(0u32);
    let total = Memo::new(move |_| {
        search
            .results
            .with(|r| r.as_ref().map_or(0, |r| r.hits.len()))
    });
    // Re-measured on scroll and resize, and after each render (a card's height may change
    // with the viewport's width).
    let measure = move || {
        let Some(el) = grid.get_untracked() else {
            return;
        };
        let style = window().get_computed_style(&el).ok().flatten();
        let columns = style
            .and_then(|s| s.get_property_value("grid-template-columns").ok())
            .map_or(1, |c| c.split_whitespace().count().max(1));
        let Some(item) = el.query_selector(".card-slot").ok().flatten() else {
            return;
        };
        let gap = window()
            .get_computed_style(&el)
            .ok()
            .flatten()
            .and_then(|s| s.get_property_value("row-gap").ok())
            .and_then(|g| g.trim_end_matches("px").parse::<f64>().ok())
            .unwrap_or(16.0);
        let row_height = item.get_bounding_client_rect().height() + gap;
        let next = Some(GridLayout {
            columns,
            row_height,
        });
        if layout.get_untracked() != next {
            layout.set(next);
        }
        scroll.update(|n| *n = n.wrapping_add(1));
    };
    let on_scroll = window_event_listener(leptos::ev::scroll, move |_| measure());
    let on_resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || {
        on_scroll.remove();
        on_resize.remove();
    });
    let window_rows = Memo::new(move |_| {
        scroll.track();
        let columns = layout.with(|l| l.map_or(3, |l| l.columns));
        let rows = total.get().div_ceil(columns);
        match (layout.get(), grid.get()) {
            (Some(l), Some(el)) => {
                let top = el.get_bounding_client_rect().top();
                let viewport = window()
                    .inner_height()
                    .ok()
                    .and_then(|h| h.as_f64())
                    .unwrap_or(900.0);
                RowWindow::visible(top, viewport, l.row_height, rows)
            }
            _ => RowWindow::initial(rows, FIRST_ROWS),
        }
    });
    let columns = move || layout.with(|l| l.map_or(3, |l| l.columns));
    let hits = Memo::new(move |_| {
        let w = window_rows.get();
        let columns = columns();
        search.results.with(|r| {
            r.as_ref()
                .map(|r| {
                    let end = (w.end * columns).min(r.hits.len());
                    let start = (w.first * columns).min(end);
                    (start..end)
                        .map(|i| (i, r.hits[i].researcher))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    // Padding stands in for the rows not rendered, so the page keeps the whole list's height.
    // (Set through the CSSOM, which the Content-Security-Policy allows, unlike style attributes.)
    let padding = move |below: bool| {
        let rows = total.get().div_ceil(columns());
        let h = layout.with(|l| l.map_or(0.0, |l| l.row_height));
        let (above, under) = window_rows.get().spacers(rows, h);
        format!("{}px", if below { under } else { above })
    };
    let position = move |researcher: usize| {
        hits.with(|h| {
            h.iter()
                .find(|(_, r)| *r == researcher)
                .map(|(i, _)| (i + 1).to_string())
        })
    };
    Effect::new(move |_| {
        hits.track();
        request_animation_frame(measure);
    });
    move || {
        let atlas = StoredValue::new(search.indexed.get()?.atlas);
        Some(view! {
            <Show when=move || total.get() != 0 fallback=|| view! { <EmptyState/> }>
                <div class="card-grid windowed" data-testid="results" role="list" node_ref=grid
                    style:padding-top=move || padding(false) style:padding-bottom=move || padding(true)>
                    <For each=move || hits.get() key=|(_, researcher)| *researcher let:item>
                        <div class="card-slot" role="listitem"
                            aria-setsize=move || total.get().to_string()
                            aria-posinset=move || position(item.1)>
                            <ResearcherCard atlas=atlas.get_value() researcher=item.1/>
                        </div>
                    </For>
                </div>
            </Show>
        })
    }
}

/// "1 researcher", "5,853 researchers".
pub fn researchers_count(n: usize) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{grouped} researcher{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::researchers_count;

    #[test]
    fn counts_read_naturally() {
        for (n, text) in [
            (0, "0 researchers"),
            (1, "1 researcher"),
            (155, "155 researchers"),
            (5853, "5,853 researchers"),
            (20_000, "20,000 researchers"),
            (1_234_567, "1,234,567 researchers"),
        ] {
            assert_eq!(researchers_count(n), text);
        }
    }
}
