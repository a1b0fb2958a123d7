//! A publication list with its own filters, grouping, order and export: on every profile and on
//! the all-publications page. Its state is the URL's list params ([`PubParams`]).

use std::sync::Arc;

use leptos::prelude::*;

use super::publication_item::PublicationItem;
use crate::model::{Dataset, Publication, cite};
use crate::search::{FacetValue, GroupBy, Order, PubList, PubParams};
use crate::ui::browser::download;
use crate::ui::state::after_paint::AfterPaint;
use crate::ui::state::data::Detail;
use crate::ui::state::pub_list::{PubListContext, use_pub_list};

/// "1 publication", "12 publications".
pub fn publications_count(n: usize) -> String {
    format!("{n} publication{}", if n == 1 { "" } else { "s" })
}

/// A filterable, groupable, exportable list of publications.
#[component]
pub fn PublicationList(
    /// The records the list shows, with their publication index and BibTeX keys.
    detail: Arc<Detail>,
    /// The publications in scope: indices into `dataset.publications`.
    scope: Vec<usize>,
    /// The profile's researcher id, emphasized among authors; `None` on the all-publications
    /// page.
    owner: Option<String>,
    /// The file name of exports, without extension, e.g. `michael-luo-publications`.
    file_stem: String,
    /// Group headings are `<h2>` when true (the list is the page), `<h3>` inside a section.
    #[prop(optional)]
    top_level: bool,
    /// Whether the filter chips start unfolded.
    #[prop(optional)]
    filters_open: bool,
) -> impl IntoView {
    let pubs = use_pub_list();
    let scope = Arc::new(scope);
    let list = Memo::new({
        let scope = scope.clone();
        let detail = detail.clone();
        move |_| {
            // Venue ids this list does not know are dropped rather than matching nothing.
            let ix = &detail.publications;
            Some(pubs.params.with(|p| ix.list(&scope, &ix.sanitize(p))))
        }
    });
    let detail = StoredValue::new(detail);
    let shown = move || list.with(|l| l.as_ref().map_or(0, |l| l.shown));
    let total = scope.len();
    view! {
        <div class="pub-list" data-testid="publication-list">
            <ListToolbar/>
            <ListFilters list=list open=filters_open/>
            <ListStatus list=list total=total detail=detail file_stem=file_stem/>
            <Groups list=list detail=detail owner=owner top_level=top_level/>
            {move || (shown() == 0 && total > 0).then(|| view! {
                <p class="empty-list" data-testid="no-publications">
                    "No publications match these filters. "
                    <button type="button" class="link-button" on:click=move |_| pubs.update(|p| *p = p.without_filters())>
                        "Show all"
                    </button>
                </p>
            })}
        </div>
    }
}

/// The list's facets (type, venue, year, honours) as chips, folded under a summary that counts
/// the active filters.
#[component]
fn ListFilters(list: Memo<Option<PubList>>, open: bool) -> impl IntoView {
    let pubs = use_pub_list();
    let active = move || pubs.params.with(PubParams::filter_count);
    let facet = move |pick: fn(&PubList) -> Vec<FacetValue>| {
        Signal::derive(move || list.with(|l| l.as_ref().map(pick).unwrap_or_default()))
    };
    let toggle = move |apply: fn(&mut PubParams, &str)| {
        Callback::new(move |value: String| pubs.update(|p| apply(p, &value)))
    };
    view! {
        <details class="pub-filters" open=open>
            <summary>
                {move || match active() {
                    0 => "Filter by type, venue, year, honours".to_owned(),
                    n => format!("Filter by type, venue, year, honours ({n} active)"),
                }}
            </summary>
            // An organization and topics come from an organization's score (`porg`, `ptopic`):
            // shown chosen, so a click removes them.
            <FacetChips title="Organization" values=facet(|l| l.facets.org.clone().into_iter().collect())
                on_toggle=toggle(|p, _| p.org = None)/>
            <FacetChips title="Topic" values=facet(|l| l.facets.topics.clone())
                on_toggle=toggle(|p, id| { p.topics.remove(id); })/>
            <FacetChips title="Type" values=facet(|l| l.facets.kinds.clone()) on_toggle=toggle(PubParams::toggle_kind)/>
            <FacetChips title="Venue" values=facet(|l| l.facets.venues.clone()) on_toggle=toggle(PubParams::toggle_venue)/>
            <FacetChips title="Year" values=facet(|l| l.facets.years.clone()) on_toggle=toggle(PubParams::toggle_year)/>
            <YearRange list=list/>
            <FacetChips
                title="Honours"
                values=facet(|l| vec![l.facets.honoured.clone()])
                on_toggle=toggle(|p, _| p.honoured = !p.honoured)
            />
        </details>
    }
}

/// How many publications are shown, a way to clear the filters, and the exports.
#[component]
fn ListStatus(
    list: Memo<Option<PubList>>,
    total: usize,
    detail: StoredValue<Arc<Detail>>,
    file_stem: String,
) -> impl IntoView {
    let pubs = use_pub_list();
    let shown = move || list.with(|l| l.as_ref().map_or(0, |l| l.shown));
    let active = move || pubs.params.with(PubParams::filter_count);
    view! {
        <div class="pub-status">
            <p class="result-count" role="status" aria-live="polite" data-testid="publication-count">
                {move || match (shown(), total) {
                    (s, t) if s == t => publications_count(t),
                    (s, t) => format!("{s} of {}", publications_count(t)),
                }}
            </p>
            {move || (active() > 0).then(|| view! {
                <button type="button" class="link-button" on:click=move |_| pubs.update(|p| *p = p.without_filters())>
                    "Clear filters"
                </button>
            })}
            <ExportButtons list=list detail=detail file_stem=file_stem/>
        </div>
    }
}

/// The filter text, the grouping and the order.
#[component]
fn ListToolbar() -> impl IntoView {
    let pubs = use_pub_list();
    // The box shows each key at once; the list filters just after that is painted.
    let typed = AfterPaint::new(move |text| pubs.type_query(text));
    let select = |label: &'static str,
                  options: Vec<(&'static str, &'static str)>,
                  current: Signal<&'static str>,
                  set: fn(&PubListContext, &str)| {
        view! {
            <label class="select">
                {label} " "
                <select on:change=move |ev| set(&pubs, &event_target_value(&ev))>
                    {options.into_iter().map(|(key, text)| view! {
                        <option value=key selected=move || current.get() == key>{text}</option>
                    }).collect_view()}
                </select>
            </label>
        }
    };
    view! {
        <div class="pub-toolbar">
            <input
                type="search"
                class="pub-search"
                placeholder="Filter by title, author, venue…"
                aria-label="Filter publications"
                prop:value=move || pubs.params.with(|p| p.query.clone())
                on:input=move |ev| typed.push(event_target_value(&ev))
                on:keydown=move |ev| {
                    if ev.key() == "Escape" {
                        typed.cancel();
                        event_target::<web_sys::HtmlInputElement>(&ev).set_value("");
                        pubs.type_query(String::new());
                    }
                }
            />
            {select(
                "Group by",
                GroupBy::ALL.iter().map(|g| (g.key(), g.label())).collect(),
                Signal::derive(move || pubs.params.with(|p| p.group.key())),
                |s, key| s.update(|p| p.group = GroupBy::from_key(key).unwrap_or_default()),
            )}
            {select(
                "Order",
                Order::ALL.iter().map(|o| (o.key(), o.label())).collect(),
                Signal::derive(move || pubs.params.with(|p| p.order.key())),
                |s, key| s.update(|p| p.order = Order::from_key(key).unwrap_or_default()),
            )}
        </div>
    }
}

/// A facet as toggle buttons with counts; values that would empty the list are disabled.
#[component]
fn FacetChips(
    /// The facet's name.
    title: &'static str,
    /// Its values with "if added" counts.
    values: Signal<Vec<FacetValue>>,
    /// Called with a value's id when it is toggled.
    on_toggle: Callback<String>,
) -> impl IntoView {
    move || {
        let values = values.get();
        (!values.is_empty()).then(|| {
            view! {
                <div class="pub-facet" role="group" aria-label=title>
                    <span class="pub-facet-title">{title}</span>
                    {values.into_iter().map(|v| {
                        let id = v.id.clone();
                        view! {
                            <button
                                type="button"
                                class="chip"
                                class:chip-active=v.selected
                                aria-pressed=v.selected.to_string()
                                disabled=v.count == 0 && !v.selected
                                on:click=move |_| on_toggle.run(id.clone())
                            >
                                <bdi>{v.label}</bdi> " " <span class="chip-count">{v.count}</span>
                            </button>
                        }
                    }).collect_view()}
                </div>
            }
        })
    }
}

/// From / to year selects over the years in scope.
#[component]
fn YearRange(list: Memo<Option<PubList>>) -> impl IntoView {
    let pubs = use_pub_list();
    let bounds = move || {
        list.with(|l| {
            l.as_ref()
                .and_then(|l| Some((l.facets.year_min?, l.facets.year_max?)))
        })
    };
    let select = move |label: &'static str, from: bool| {
        view! {
            <label class="select">
                {label} " "
                <select on:change=move |ev| {
                    let year = event_target_value(&ev).parse().ok();
                    pubs.update(|p| if from { p.year_from = year } else { p.year_to = year });
                }>
                    <option value="" selected=move || pubs.params.with(|p| if from { p.year_from.is_none() } else { p.year_to.is_none() })>
                        "Any"
                    </option>
                    {move || bounds().map(|(lo, hi)| (lo..=hi).rev().map(|y| view! {
                        <option
                            value=y.to_string()
                            selected=move || pubs.params.with(|p| if from { p.year_from == Some(y) } else { p.year_to == Some(y) })
                        >
                            {y}
                        </option>
                    }).collect_view())}
                </select>
            </label>
        }
    };
    view! {
        <div class="pub-facet pub-years" role="group" aria-label="Year range">
            <span class="pub-facet-title">"Range"</span>
            {select("From", true)}
            {select("to", false)}
        </div>
    }
}

/// The shown publications, in display order.
fn shown_publications<'a>(list: &PubList, dataset: &'a Dataset) -> Vec<&'a Publication> {
    list.items()
        .filter_map(|i| dataset.publications.get(i))
        .collect()
}

/// Download the visible list as BibTeX or CSV.
#[component]
fn ExportButtons(
    list: Memo<Option<PubList>>,
    detail: StoredValue<Arc<Detail>>,
    file_stem: String,
) -> impl IntoView {
    let export = move |csv: bool, stem: &str| {
        let Some(l) = list.get_untracked() else {
            return;
        };
        let ix = detail.get_value();
        let d = &ix.directory.dataset;
        let pubs = shown_publications(&l, d);
        let result = if csv {
            // A byte-order mark, so spreadsheet programs read the file as UTF-8.
            let text = format!("\u{feff}{}", cite::csv(d, &pubs, &ix.cite_keys));
            download(&format!("{stem}.csv"), "text/csv;charset=utf-8", &text)
        } else {
            let text = cite::bibtex_file(d, &pubs, &ix.cite_keys);
            download(
                &format!("{stem}.bib"),
                "application/x-bibtex;charset=utf-8",
                &text,
            )
        };
        if let Err(e) = result {
            leptos::logging::error!("export failed: {e:?}");
        }
    };
    let stem = StoredValue::new(file_stem);
    let disabled = move || list.with(|l| l.as_ref().is_none_or(|l| l.shown == 0));
    view! {
        <span class="export">
            <button type="button" class="button" disabled=disabled on:click=move |_| stem.with_value(|s| export(false, s))>
                "Export BibTeX"
            </button>
            <button type="button" class="button" disabled=disabled on:click=move |_| stem.with_value(|s| export(true, s))>
                "Export CSV"
            </button>
        </span>
    }
}

/// The groups with their headings and counts.
#[component]
fn Groups(
    list: Memo<Option<PubList>>,
    detail: StoredValue<Arc<Detail>>,
    owner: Option<String>,
    top_level: bool,
) -> impl IntoView {
    let owner = StoredValue::new(owner);
    let groups = move || list.with(|l| l.as_ref().map(|l| l.groups.clone()).unwrap_or_default());
    // A static page lists its first entries only (`host::static_list_limit`).
    let room = StoredValue::new(crate::ui::host::static_list_limit());
    let total = move || {
        list.with(|l| {
            l.as_ref()
                .map_or(0, |l| l.groups.iter().map(|g| g.items.len()).sum())
        })
    };
    let cut = move || {
        room.get_value()
            .is_some_and(|_| total() > crate::ui::host::STATIC_LIST_ITEMS)
    };
    view! {
        <For each=groups key=|g| (g.key.clone(), g.items.clone()) let:group>
            {
                let heading_id = format!("group-{}", group.key);
                let heading = view! {
                    <bdi>{group.label.clone()}</bdi>
                    " "
                    <span class="group-count">{format!("({})", group.items.len())}</span>
                };
                let heading = if top_level {
                    view! { <h2 class="pub-group-title" id=heading_id.clone() title=group.title.clone()>{heading}</h2> }.into_any()
                } else {
                    view! { <h3 class="pub-group-title" id=heading_id.clone() title=group.title.clone()>{heading}</h3> }.into_any()
                };
                let mut shown = group.items.len();
                let items = {
                    let ix = detail.get_value();
                    let d = ix.directory.clone();
                    shown = room.get_value().map_or(shown, |r| r.min(shown));
                    room.update_value(|r| if let Some(r) = r { *r -= shown });
                    group.items.iter().take(shown).filter_map(|&i| d.dataset.publications.get(i)).map(|p| {
                        let key = ix.cite_keys.get(&p.id).cloned().unwrap_or_else(|| p.id.0.clone());
                        view! {
                            <PublicationItem
                                publication=p.clone()
                                owner=owner.get_value()
                                directory=d.clone()
                                cite_key=key
                            />
                        }
                    }).collect_view()
                };
                (shown > 0).then(|| view! {
                    <section class="pub-group" aria-labelledby=heading_id>
                        {heading}
                        <ol class="publications">{items}</ol>
                    </section>
                })
            }
        </For>
        {move || cut().then(|| view! {
            <p class="muted">{format!(
                "The first {} of {}; the whole list shows once the page's script has started.",
                crate::ui::host::STATIC_LIST_ITEMS,
                publications_count(total()),
            )}</p>
        })}
    }
}
