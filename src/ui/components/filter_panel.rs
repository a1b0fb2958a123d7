//! The filter panel: one group per facet with live "if added" counts, the organization scope
//! switch, the publication year range and the award filter. On a phone it folds away behind a
//! "Filters" button.

use std::collections::HashMap;

use leptos::prelude::*;

use crate::search::facet::{FIRST_VALUES, listable_values, visible_values};
use crate::search::{Facet, OrgScope};
use crate::ui::lang::{org_label, text, topic_name};
use crate::ui::state::search::use_search;

/// The whole panel.
#[component]
pub fn FilterPanel(
    /// Whether the panel is unfolded on narrow screens.
    open: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <aside
            id="filters"
            class="filter-panel"
            class:open=move || open.get()
            aria-label=text().filter_panel().label()
            data-testid="filter-panel"
        >
            {Facet::ALL.into_iter().map(|facet| view! { <FacetGroup facet=facet/> }).collect_view()}
            <YearRange/>
            <AwardFilter/>
        </aside>
    }
}

/// One facet as a fieldset of checkboxes with counts. Values that would empty the results are
/// disabled, never clickable into an empty page. A long facet (hundreds of organizations at
/// scale) shows its [`FIRST_VALUES`] most frequent values and the selected ones until the user
/// asks for all, and never its values that would empty the results ([`visible_values`]): fewer
/// checkboxes to scan, and far less to redraw per keystroke.
#[component]
fn FacetGroup(
    /// Which facet.
    facet: Facet,
) -> impl IntoView {
    let search = use_search();
    let t = text();
    let expanded = RwSignal::new(false);
    let all = Memo::new(move |_| {
        search.results.with(|r| {
            r.as_ref()
                .map(|r| r.facets.get(facet).to_vec())
                .unwrap_or_default()
        })
    });
    // The rows shown, by id and label: this changes only when a value comes, goes or moves, so
    // a keystroke that only changes counts re-creates no row.
    let values = Memo::new(move |_| {
        let expanded = expanded.get();
        all.with(|all| {
            (visible_values(all, expanded).into_iter())
                .map(|v| {
                    let (label, lang) = match facet {
                        // The dataset's names, in the page's language when it translates them.
                        Facet::Topic => topic_name(&v.id, &v.label),
                        Facet::Organization => org_label(&v.id, &v.label),
                        _ => (facet.value_label(&v.id, &v.label, t), None),
                    };
                    (v.id.clone(), (label, lang))
                })
                .collect::<Vec<_>>()
        })
    });
    // Each value's count and whether it is selected, which its row reads and updates in place.
    let states = Memo::new(move |_| {
        all.with(|all| {
            (all.iter())
                .map(|v| (v.id.clone(), (v.count, v.selected)))
                .collect::<HashMap<_, _>>()
        })
    });
    let total = Memo::new(move |_| all.with(|all| listable_values(all)));
    view! {
        <fieldset class="facet" data-testid=format!("facet-{}", facet.key())>
            <legend>{facet.label(t)}</legend>
            {(facet == Facet::Organization).then(|| view! { <OrgScopeSwitch/> })}
            <ul class:expanded=move || expanded.get()>
                <For each=move || values.get() key=|(id, _)| id.clone() children=move |(id, (label, lang))| {
                    let key = id.clone();
                    let state = Memo::new(move |_| states.with(|s| s.get(&key).copied().unwrap_or_default()));
                    view! { <FacetOption facet=facet id=id label=label lang=lang state=state/> }
                }/>
            </ul>
            {move || (total.get() > FIRST_VALUES).then(|| view! {
                <button type="button" class="link-button facet-more"
                    aria-expanded=move || expanded.get().to_string()
                    on:click=move |_| expanded.update(|e| *e = !*e)>
                    {move || if expanded.get() {
                        t.filter_panel().show_fewer().to_owned()
                    } else {
                        // Ungrouped ("1204"), as it has always been written.
                        let n = t.lang.year(total.get() as i64);
                        crate::lang::fill(t.filter_panel().show_all(), &[("n", &n)])
                    }}
                </button>
            })}
        </fieldset>
    }
}

/// One checkbox of a facet; its count and checked state follow `state` without re-creating it.
#[component]
fn FacetOption(
    /// The facet it belongs to.
    facet: Facet,
    /// The value's id.
    id: String,
    /// The value's label.
    label: String,
    /// The label's language when it is not the page's (a dataset name it does not translate).
    lang: Option<&'static str>,
    /// Its "as if added" count and whether it is selected.
    state: Memo<(usize, bool)>,
) -> impl IntoView {
    let search = use_search();
    let element_id = format!("f-{}-{}", facet.key(), id);
    let disabled = move || state.with(|&(count, selected)| count == 0 && !selected);
    let t = text();
    // Ungrouped ("1204"), as it has always been written, in the language's digits.
    let count = move || state.with(|s| t.lang.year(s.0 as i64));
    let said = move || state.with(|s| t.filter_panel().researchers().count(s.0));
    view! {
        <li class:disabled=disabled>
            <input
                type="checkbox"
                id=element_id.clone()
                prop:checked=move || state.with(|s| s.1)
                disabled=disabled
                on:change=move |_| {
                    let v = id.clone();
                    search.update(move |p| facet.toggle(p, &v));
                }
            />
            <label for=element_id>
                <span class="facet-label" lang=lang>{label}</span>
                <span class="facet-count" aria-label=said>{count}</span>
            </label>
        </li>
    }
}

/// Switch between current organizations only and current or past ones.
#[component]
fn OrgScopeSwitch() -> impl IntoView {
    let search = use_search();
    view! {
        <label class="switch">
            <input
                type="checkbox"
                data-testid="org-scope"
                prop:checked=move || search.params.with(|p| p.org_scope == OrgScope::Any)
                on:change=move |e| {
                    let any = event_target_checked(&e);
                    search.update(|p| p.org_scope = if any { OrgScope::Any } else { OrgScope::Current });
                }
            />
            " "
            {text().filter_panel().include_past()}
        </label>
    }
}

/// Publication year from / to.
#[component]
fn YearRange() -> impl IntoView {
    let search = use_search();
    let t = text();
    let bounds = move || {
        search.results.with(|r| {
            r.as_ref()
                .map(|r| (r.facets.year_min, r.facets.year_max))
                .unwrap_or_default()
        })
    };
    let year_input =
        move |label: &'static str,
              from: bool,
              get: fn(&crate::search::SearchParams) -> Option<u16>,
              set: fn(&mut crate::search::SearchParams, Option<u16>)| {
            view! {
                <label class="year">
                    <span>{label}</span>
                    <input
                        type="number"
                        inputmode="numeric"
                        min=move || bounds().0.map(|y| y.to_string())
                        max=move || bounds().1.map(|y| y.to_string())
                        placeholder=move || if from { bounds().0 } else { bounds().1 }.map(|y| y.to_string())
                        prop:value=move || search.params.with(|p| get(p).map(|y| y.to_string()).unwrap_or_default())
                        on:change=move |e| {
                            let year = event_target_value(&e).trim().parse::<u16>().ok();
                            search.update(|p| set(p, year));
                        }
                    />
                </label>
            }
        };
    view! {
        <fieldset class="facet years" data-testid="facet-years">
            <legend>{t.filter_panel().year()}</legend>
            {year_input(t.filter_panel().from(), true, |p| p.year_from, |p, y| p.year_from = y)}
            {year_input(t.filter_panel().to(), false, |p| p.year_to, |p, y| p.year_to = y)}
        </fieldset>
    }
}

/// Only researchers with an award.
#[component]
fn AwardFilter() -> impl IntoView {
    let search = use_search();
    let value = Memo::new(move |_| {
        search
            .results
            .with(|r| r.as_ref().map(|r| r.facets.award.clone()))
    });
    view! {
        <fieldset class="facet" data-testid="facet-award">
            <legend>{text().filter_panel().awards()}</legend>
            {move || value.get().map(|v| {
                let disabled = v.count == 0 && !v.selected;
                view! {
                    <ul>
                        <li class:disabled=disabled>
                            <input
                                type="checkbox"
                                id="f-award"
                                checked=v.selected
                                disabled=disabled
                                on:change=move |e| {
                                    let on = event_target_checked(&e);
                                    search.update(|p| p.has_award = on);
                                }
                            />
                            <label for="f-award">
                                <span class="facet-label">{text().facets().has_award()}</span>
                                <span class="facet-count">{text().lang.year(v.count as i64)}</span>
                            </label>
                        </li>
                    </ul>
                }
            })}
        </fieldset>
    }
}
