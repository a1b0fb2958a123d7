//! The list's filters: its facets (type, venue, year, honours) as chips, and the year range,
//! folded under a summary that counts the active filters and says while the facets are counting.

use leptos::prelude::*;

use super::grouped;
use crate::model::PublicationType;
use crate::search::{FacetValue, PubList, PubParams};
use crate::ui::lang::{org_name, text, topic_name};
use crate::ui::state::pub_list::use_pub_list;

/// Values a facet shows before "Show all": the first, plus any selected.
const FIRST_VALUES: usize = 15;

/// The list's type facet, each type's label in the page's language (the list names them in
/// English, by their keys).
fn kind_values(l: &PubList) -> Vec<FacetValue> {
    let t = text();
    (l.facets.kinds.iter().cloned())
        .map(|mut v| {
            if let Some(k) = PublicationType::from_key(&v.id) {
                v.label = k.label(t).to_owned();
            }
            v
        })
        .collect()
}

/// The list's facets (type, venue, year, honours) as chips, folded under a summary that counts
/// the active filters.
#[component]
pub(super) fn ListFilters(list: Memo<Option<PubList>>, open: bool) -> impl IntoView {
    let pubs = use_pub_list();
    let active = move || pubs.params.with(PubParams::filter_count);
    let t = text();
    let facet = move |pick: fn(&PubList) -> Vec<FacetValue>| {
        Signal::derive(move || list.with(|l| l.as_ref().map(pick).unwrap_or_default()))
    };
    // The venues', types' and honours' counts of a filtered list come with their parts.
    let counting =
        Signal::derive(move || list.with(|l| l.as_ref().is_some_and(|l| l.facets.counting)));
    let toggle = move |apply: fn(&mut PubParams, &str)| {
        Callback::new(move |value: String| pubs.update(|p| apply(p, &value)))
    };
    view! {
        <details class="pub-filters" open=open>
            <summary>
                {move || match active() {
                    0 => t.publication_list().filter_by().to_owned(),
                    n => crate::lang::fill(t.publication_list().filter_by_active(), &[("n", &grouped(n))]),
                }}
                // In the summary, so that the chips do not move when the counts come.
                {move || counting.get().then(|| view! {
                    " " <span class="muted pub-counting" role="status" data-testid="pub-counting">
                        {t.publication_list().counting()}
                    </span>
                })}
            </summary>
            // An organization and topics come from an organization's score (`porg`, `ptopic`):
            // shown chosen, so a click removes them.
            <FacetChips title=t.publication_list().organization() values=facet(|l| (l.facets.org.iter())
                    .map(|v| FacetValue { label: org_name(&v.id, &v.label).0, ..v.clone() })
                    .collect())
                on_toggle=toggle(|p, _| p.org = None)/>
            <FacetChips title=t.publication_list().topic() values=facet(|l| (l.facets.topics.iter())
                    .map(|v| FacetValue { label: topic_name(&v.id, &v.label).0, ..v.clone() })
                    .collect())
                on_toggle=toggle(|p, id| { p.topics.remove(id); })/>
            <FacetChips title=t.publication_list().kind() values=facet(kind_values) on_toggle=toggle(PubParams::toggle_kind)
                counting=counting/>
            <FacetChips title=t.publication_list().venue() values=facet(|l| l.facets.venues.clone()) on_toggle=toggle(PubParams::toggle_venue)
                counting=counting/>
            <FacetChips title=t.publication_list().year() values=facet(|l| l.facets.years.clone()) on_toggle=toggle(PubParams::toggle_year)/>
            <YearRange list=list/>
            <FacetChips
                title=t.publication_list().honours()
                values=facet(|l| vec![FacetValue {
                    label: text().publication_list().has_honour().into(),
                    ..l.facets.honoured.clone()
                }])
                on_toggle=toggle(|p, _| p.honoured = !p.honoured)
                counting=counting
            />
        </details>
    }
}

/// A facet as toggle buttons with counts; values that would empty the list are disabled. A long
/// facet (the venues of a big list) shows its first values until asked for all.
#[component]
fn FacetChips(
    /// The facet's name.
    title: &'static str,
    /// Its values with "if added" counts.
    values: Signal<Vec<FacetValue>>,
    /// Called with a value's id when it is toggled.
    on_toggle: Callback<String>,
    /// Whether the counts are still coming: each shows "…" and no value is disabled.
    #[prop(optional, into)]
    counting: Signal<bool>,
) -> impl IntoView {
    let expanded = RwSignal::new(false);
    let t = text();
    move || {
        let values = values.get();
        let counting = counting.get();
        let total = values.len();
        let all = expanded.get();
        (total > 0).then(|| {
            let chips = (values.into_iter().enumerate())
                .filter(|(i, v)| all || *i < FIRST_VALUES || v.selected)
                .map(|(_, v)| {
                    let id = v.id.clone();
                    view! {
                        <button
                            type="button"
                            class="chip"
                            class:chip-active=v.selected
                            aria-pressed=v.selected.to_string()
                            disabled={v.count == 0 && !v.selected && !counting}
                            on:click=move |_| on_toggle.run(id.clone())
                        >
                            <bdi>{v.label}</bdi> " " <span class="chip-count">{if counting {
                                "…".to_owned()
                            } else {
                                grouped(v.count)
                            }}</span>
                        </button>
                    }
                })
                .collect_view();
            view! {
                <div class="pub-facet" role="group" aria-label=title>
                    <span class="pub-facet-title">{title}</span>
                    {chips}
                    {(total > FIRST_VALUES).then(|| view! {
                        <button type="button" class="link-button facet-more"
                            aria-expanded=all.to_string()
                            on:click=move |_| expanded.update(|e| *e = !*e)>
                            {if all {
                                t.publication_list().show_fewer().to_owned()
                            } else {
                                crate::lang::fill(t.publication_list().show_all_n(), &[("n", &grouped(total))])
                            }}
                        </button>
                    })}
                </div>
            }
        })
    }
}

/// From / to year selects over the years in scope.
#[component]
fn YearRange(list: Memo<Option<PubList>>) -> impl IntoView {
    let pubs = use_pub_list();
    let t = text();
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
                        {t.publication_list().any()}
                    </option>
                    {move || bounds().map(|(lo, hi)| (lo..=hi).rev().map(|y| view! {
                        <option
                            value=y.to_string()
                            selected=move || pubs.params.with(|p| if from { p.year_from == Some(y) } else { p.year_to == Some(y) })
                        >
                            {t.lang.year(y.into())}
                        </option>
                    }).collect_view())}
                </select>
            </label>
        }
    };
    view! {
        <div class="pub-facet pub-years" role="group" aria-label=t.publication_list().year_range()>
            <span class="pub-facet-title">{t.publication_list().range()}</span>
            {select(t.publication_list().from(), true)}
            {select(t.publication_list().to(), false)}
        </div>
    }
}
