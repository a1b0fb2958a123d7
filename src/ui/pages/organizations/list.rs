//! The organizations list: its search box, the panel of ranking controls and filters, what the
//! ranking counts and how, and the rows, a page at a time.

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;

use super::filters::OrgFilters;
use super::ranking::RankingControls;
use super::row::OrgRow;
use crate::search::organizations::{OrgTable, Ranking, page::rules};
use crate::search::{OrgParams, OrgSort};
use crate::ui::browser::timed;
use crate::ui::components::search_box::SearchIcon;
use crate::ui::lang::text;
use crate::ui::state::after_paint::AfterPaint;
use crate::ui::state::organizations::{OrgQuery, use_org_query};

/// Rows shown at first, and added by "Show more".
const PAGE: usize = 50;

/// The whole list, driven by the URL.
#[component]
pub fn OrgList(
    /// The organizations table.
    table: Arc<OrgTable>,
) -> impl IntoView {
    let query = use_org_query();
    let params = Memo::new({
        let table = table.clone();
        move |_| query.params.with(|p| table.sanitize(p))
    });
    let ranking = Memo::new({
        let table = table.clone();
        move |_| params.with(|p| timed("atlas:rank", || table.rank(p)))
    });
    let panel_open = RwSignal::new(false);
    let t = text();
    view! {
        <OrgSearchBox query=query/>
        <PanelButton query=query panel_open=panel_open/>
        <div class="orgs">
            <aside id="org-panel" class="filter-panel org-panel" class:open=move || panel_open.get()
                aria-label=t.organizations().panel() data-testid="org-panel">
                <RankingControls table=table.clone() query=query params=params/>
                <OrgFilters query=query ranking=ranking/>
            </aside>
            <section class="org-results" aria-labelledby="org-results-h">
                <h2 id="org-results-h" class="visually-hidden">{t.organizations().ranking()}</h2>
                <Explanation table=table.clone() params=params ranking=ranking/>
                <ResultsBar query=query ranking=ranking/>
                <Rows table=table query=query params=params ranking=ranking/>
            </section>
        </div>
    }
}

/// The text filter, bound to `oq`.
#[component]
fn OrgSearchBox(query: OrgQuery) -> impl IntoView {
    // The box shows each key at once; the list follows just after that is painted.
    let typed = AfterPaint::new(move |text| query.type_query(text));
    let t = text();
    view! {
        <div class="search-box org-search" role="search">
            <label for="org-search" class="visually-hidden">{t.organizations().search_label()}</label>
            <SearchIcon/>
            <input
                id="org-search"
                type="search"
                autocomplete="off"
                spellcheck="false"
                placeholder=t.organizations().search_placeholder()
                prop:value=move || query.params.with(|p| p.query.clone())
                on:input=move |e| typed.push(event_target_value(&e))
                on:keydown=move |e| typed.clear_on_escape(&e, || query.update(|p| p.query.clear()))
            />
        </div>
    }
}

/// What the ranking counts, how many papers that is, and the rule in words.
#[component]
fn Explanation(
    table: Arc<OrgTable>,
    params: Memo<OrgParams>,
    ranking: Memo<Ranking>,
) -> impl IntoView {
    let t = text();
    let describe = move || params.with(|p| table.describe(&p.selection, t));
    let counted = move || {
        t.organizations()
            .papers_counted()
            .count(ranking.with(|r| r.papers) as usize)
    };
    let credit = Memo::new(move |_| params.with(|p| p.selection.credit));
    view! {
        <div class="org-explain" data-testid="org-explain">
            <p class="org-describe" role="status" aria-live="polite">{describe}{counted}</p>
            <details class="org-rules" open=wide_screen()>
                <summary>{t.organizations().how_computed()}</summary>
                {move || rules(credit.get(), t).map(|r| view! { <p>{r}</p> }).collect_view()}
            </details>
        </div>
    }
}

/// On a phone, the button that unfolds the ranking and filters panel (just below it).
#[component]
fn PanelButton(query: OrgQuery, panel_open: RwSignal<bool>) -> impl IntoView {
    let active = move || query.params.with(OrgParams::filter_count);
    let t = text();
    view! {
        <button type="button" class="filters-button org-panel-button" aria-controls="org-panel"
            aria-expanded=move || panel_open.get().to_string()
            on:click=move |_| panel_open.update(|o| *o = !*o)>
            {move || match active() {
                0 => t.organizations().panel().to_owned(),
                n => t.organizations().panel_filters().count(n),
            }}
        </button>
    }
}

/// How many organizations are listed, and the order.
#[component]
fn ResultsBar(query: OrgQuery, ranking: Memo<Ranking>) -> impl IntoView {
    let t = text();
    let count = move || {
        ranking.with(|r| match (r.rows.len(), r.total) {
            (n, total) if n == total => t.organizations().count_all().count(n),
            (n, total) => {
                let shown = t.lang.number(n as u64);
                t.organizations()
                    .count_some()
                    .count_with(total, &[("shown", &shown)])
            }
        })
    };
    view! {
        <div class="results-bar">
            <p class="result-count" data-testid="org-count">{count}</p>
            <label class="sort">
                <span>{t.organizations().sort_by()}</span>
                <select data-testid="org-sort" on:change=move |e| {
                    let sort = OrgSort::from_key(&event_target_value(&e)).unwrap_or_default();
                    query.update(|p| p.sort = sort);
                }>
                    {OrgSort::ALL.into_iter().map(|s| view! {
                        <option value=s.key() selected=move || query.params.with(|p| p.sort == s)>
                            {s.label(t)}
                        </option>
                    }).collect_view()}
                </select>
            </label>
        </div>
    }
}

/// The rows, [`PAGE`] at a time; nobody listed says so and offers to clear the filters.
#[component]
fn Rows(
    table: Arc<OrgTable>,
    query: OrgQuery,
    params: Memo<OrgParams>,
    ranking: Memo<Ranking>,
) -> impl IntoView {
    let shown = RwSignal::new(PAGE);
    // Which organizations are shown, in order: a row is keyed by its organization, and its rank
    // and score follow `standings` in place, so a new selection re-creates no row that stays.
    let orgs = Memo::new(move |_| {
        let n = shown.get();
        ranking.with(|r| r.rows.iter().take(n).map(|r| r.org).collect::<Vec<_>>())
    });
    let standings = Memo::new(move |_| {
        ranking.with(|r| {
            r.rows
                .iter()
                .map(|r| (r.org, *r))
                .collect::<HashMap<_, _>>()
        })
    });
    let total = move || ranking.with(|r| r.rows.len());
    let t = text();
    let showing = move || {
        let (shown, total) = (
            t.lang.number(shown.get() as u64),
            t.lang.number(total() as u64),
        );
        crate::lang::fill(
            t.organizations().showing(),
            &[("shown", &shown), ("total", &total)],
        )
    };
    view! {
        <ol class="org-rows" data-testid="org-rows">
            <For each=move || orgs.get() key=|org| *org children=move |org| {
                let row = Memo::new(move |_| standings.with(|s| s.get(&org).copied()));
                view! { <OrgRow table=table.clone() org=org row=row params=params/> }
            }/>
        </ol>
        {move || (total() == 0).then(|| view! {
            <p class="empty-list" data-testid="no-organizations">
                {t.organizations().no_match()}
                <button type="button" class="link-button"
                    on:click=move |_| query.update(|p| *p = p.without_filters())>
                    {t.organizations().clear_filters()}
                </button>
            </p>
        })}
        {move || (total() > shown.get()).then(|| view! {
            <p class="show-more">
                {showing}
                <button type="button" class="button secondary" data-testid="org-more"
                    on:click=move |_| shown.update(|n| *n += PAGE)>
                    {t.organizations().show_more()}
                </button>
            </p>
        })}
    }
}

/// Whether the window is wider than a phone's (read once): the rule in words starts unfolded
/// there, folded on a phone, where it would push the ranking below the fold.
fn wide_screen() -> bool {
    crate::ui::host::viewport_width().is_some_and(|w| w >= 768.0)
}
