//! `/`: the directory — search, filters, sort and the researcher cards.

use leptos::prelude::*;

use crate::ui::browser::set_title;
use crate::ui::router::prefetch::prefetch_profile;

use std::sync::Arc;

use crate::lang::fill;
use crate::search::SearchParams;
use crate::ui::components::researcher_card::FirstPageCard;
use crate::ui::components::update_notice::ReloadButton;
use crate::ui::components::{
    ActiveFilters, DataView, EmptyState, FilterPanel, InTurn, LoadingView, ResearcherCard,
    SearchBox, SortSelect,
};
use crate::ui::lang::text;
use crate::ui::state::data::{use_first_answer, use_first_page};
use crate::ui::state::first_answer::FirstAnswer;
use crate::ui::state::grid_window::use_grid_window;
use crate::ui::state::search::use_search;

/// The directory of researchers.
#[component]
pub fn DirectoryPage() -> impl IntoView {
    set_title(None);
    let t = text();
    let filters_open = RwSignal::new(false);
    // The search box stays mounted from the first paint on, so what the user types while the
    // directory is still arriving (and the focus) survives the switch to the loaded page.
    view! {
        <h1>{t.directory().heading()}</h1>
        <SearchBox/>
        <DataView loading=|| view! { <FirstPagePreview/> } children=move |_| {
            // The usual next step, a profile: its code comes now, not on the click.
            prefetch_profile();
            view! {
                <div class="directory">
                    // The facets in a task of their own, after the cards' (two shorter tasks
                    // block the page less than one long one).
                    <InTurn>
                        <FilterPanel open=filters_open/>
                    </InTurn>
                    <section class="results" aria-label=t.directory().results()>
                        <ResultsBar filters_open=filters_open/>
                        <ActiveFilters/>
                        <ResultList/>
                    </section>
                </div>
            }
        }/>
    }
}

/// While the whole directory is on its way: the first cards in default order, when the URL asks
/// for the default view and the host has a first page; the generic loading state otherwise.
#[component]
fn FirstPagePreview() -> impl IntoView {
    let search = use_search();
    let t = text();
    let first = use_first_page();
    let answer = use_first_answer();
    move || {
        // The search the app started on, answered from its words' shards.
        let answered = (answer.and_then(|a| a.get()).flatten())
            .filter(|a| search.params.with(|p| *p == a.params));
        if let Some(answer) = answered {
            return view! { <FirstAnswerPreview answer/> }.into_any();
        }
        let page = first.and_then(|f| f.0.get()).flatten();
        let default_view = search.params.with(|p| *p == SearchParams::default());
        match page {
            Some(page) if default_view => {
                let topics = Arc::new(page.topics.clone());
                let total = page.total as usize;
                view! {
                    <div class="directory">
                        <aside class="filter-panel" aria-label=t.directory().filters() aria-busy="true"></aside>
                        <section class="results" aria-label=t.directory().results() aria-busy="true">
                            <div class="results-bar">
                                <p class="result-count" data-testid="result-count">
                                    {t.directory().count().count(total)}
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

/// The first answer to the search the app started on: its count and first cards, with their
/// match reasons; the filters' counts follow with the whole directory. Nothing in it is busy
/// (`aria-busy`), so it replaces a pre-rendered page at once (whose cards answer no query).
#[component]
fn FirstAnswerPreview(answer: Arc<FirstAnswer>) -> impl IntoView {
    let total = answer.total;
    let t = text();
    view! {
        <div class="directory">
            <aside class="filter-panel" aria-label=t.directory().filters()>
                <p class="filters-counting" role="status" data-testid="filters-counting">{t.directory().counting()}</p>
            </aside>
            <section class="results" aria-label=t.directory().results()>
                <div class="results-bar">
                    <p class="result-count" data-testid="result-count">{t.directory().count().count(total)}</p>
                </div>
                {(total == 0).then(|| view! { <EmptyState/> })}
                <div class="card-grid windowed" data-testid="results" role="list">
                    {answer.cards.iter().enumerate().map(|(i, c)| view! {
                        <div class="card-slot" role="listitem"
                            aria-setsize=total.to_string() aria-posinset=(i + 1).to_string()>
                            <FirstPageCard card=c.card.clone() topics=answer.topics.clone()
                                reason=c.reason.clone()/>
                        </div>
                    }).collect_view()}
                </div>
            </section>
        </div>
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
    let t = text();
    view! {
        <div class="results-bar">
            <p class="result-count" role="status" aria-live="polite" data-testid="result-count">
                {move || t.directory().count().count(count())}
            </p>
            <button
                type="button"
                class="filters-button"
                aria-controls="filters"
                aria-expanded=move || filters_open.get().to_string()
                on:click=move |_| filters_open.update(|o| *o = !*o)
            >
                {move || match active() {
                    0 => t.directory().filters().to_owned(),
                    n => fill(t.directory().filters_active(), &[("n", &t.lang.number(n as u64))]),
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
    let titles = search.titles;
    let t = text();
    let wanted = move || search.wanted_titles();
    let pending = move || {
        let wanted = wanted();
        titles
            .pending
            .with(|p| wanted.iter().any(|k| p.contains(k)))
    };
    let failed = move || {
        let wanted = wanted();
        titles
            .failed
            .with(|f| wanted.iter().find_map(|k| f.get(k).cloned()))
    };
    view! {
        {move || pending().then(|| view! {
            <p class="titles-status" data-testid="titles-pending">{t.directory().titles_pending()}</p>
        })}
        {move || failed().map(|e| {
            let mut why = e.text(t);
            if !why.ends_with(['.', '。']) {
                why.push('.');
            }
            // Once the site has moved on, only a reload helps: no Retry.
            let again = if e.is_moved() {
                view! { <ReloadButton link=true/> }.into_any()
            } else {
                view! {
                    <button type="button" class="link-button" on:click=move |_| titles.failed.set(Default::default())>
                        {t.common().retry()}
                    </button>
                }
                .into_any()
            };
            view! {
                <p class="titles-status titles-failed" role="alert" data-testid="titles-failed">
                    {format!("{} ", fill(t.directory().titles_failed(), &[("why", &why)]))}
                    {again}
                </p>
            }
        })}
    }
}

/// The cards, or the empty state. Only the rows on screen (and a few around them) are in the DOM
/// ([`use_grid_window`]): spacers stand in for the rest, so 20,000 results render as fast as 20,
/// and each card carries its position in the list (`aria-posinset` of `aria-setsize`) for screen
/// readers. Cards are keyed by researcher and work out their own match reason, so a keystroke
/// only touches what changed.
#[component]
fn ResultList() -> impl IntoView {
    let search = use_search();
    let grid: NodeRef<leptos::html::Div> = NodeRef::new();
    let total = Memo::new(move |_| {
        search
            .results
            .with(|r| r.as_ref().map_or(0, |r| r.hits.len()))
    });
    let shown = RwSignal::new(0usize);
    let window = use_grid_window(grid, total, move || shown.track());
    // (list position, researcher) of the cards in the window.
    let hits = Memo::new(move |_| {
        let w = window.rows.get();
        let columns = window.columns();
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
    Effect::new(move |_| {
        hits.track();
        shown.update(|n| *n = n.wrapping_add(1));
    });
    let position = move |researcher: usize| {
        hits.with(|h| {
            h.iter()
                .find(|(_, r)| *r == researcher)
                .map(|(i, _)| (i + 1).to_string())
        })
    };
    move || {
        let atlas = StoredValue::new(search.indexed.get()?.atlas);
        // Padding stands in for the rows not rendered, so the page keeps the whole list's
        // height. (Set through the CSSOM, which the Content-Security-Policy allows, unlike style
        // attributes.)
        Some(view! {
            <Show when=move || total.get() != 0 fallback=|| view! { <EmptyState/> }>
                <div class="card-grid windowed" data-testid="results" role="list" node_ref=grid
                    on:focusin=move |ev| window.on_focusin(&ev)
                    on:focusout=move |_| window.focus(None)
                    style:padding-top=move || window.padding(false)
                    style:padding-bottom=move || window.padding(true)>
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
