//! The list's filters: country, sector, kind and topic, each value with how many organizations
//! the list would hold with it added. A long facet shows its most frequent values until asked
//! for all.

use std::collections::HashMap;

use leptos::prelude::*;

use crate::search::FacetValue;
use crate::search::OrgParams;
use crate::search::organizations::{OrgFacets, Ranking};
use crate::ui::lang::text;
use crate::ui::state::organizations::OrgQuery;

/// Values a facet shows before "Show all": the most frequent, plus any selected.
const FIRST_VALUES: usize = 8;

/// The four filters.
#[component]
pub fn OrgFilters(query: OrgQuery, ranking: Memo<Ranking>) -> impl IntoView {
    let t = text();
    // Countries, sectors and kinds in the page's language.
    let facets = Memo::new(move |_| ranking.with(|r| r.facets.localized(t)));
    let facet = move |pick: fn(&OrgFacets) -> &Vec<FacetValue>| {
        Signal::derive(move || facets.with(|f| pick(f).clone()))
    };
    let toggle = move |apply: fn(&mut OrgParams, &str)| {
        Callback::new(move |value: String| query.update(|p| apply(p, &value)))
    };
    view! {
        <h2 class="panel-heading">{t.organizations().filters()}</h2>
        <OrgFacet key="country" title=t.organizations().country() values=facet(|f| &f.countries)
            on_toggle=toggle(OrgParams::toggle_country)/>
        <OrgFacet key="sector" title=t.organizations().sector() values=facet(|f| &f.sectors)
            on_toggle=toggle(OrgParams::toggle_sector)/>
        <OrgFacet key="kind" title=t.organizations().kind() values=facet(|f| &f.kinds)
            on_toggle=toggle(OrgParams::toggle_kind)/>
        <OrgFacet key="topic" title=t.organizations().works_on() values=facet(|f| &f.topics)
            on_toggle=toggle(OrgParams::toggle_topic)/>
    }
}

/// One filter as checkboxes with counts; values that would empty the list are disabled.
#[component]
fn OrgFacet(
    /// The facet's key, for element ids and test ids.
    key: &'static str,
    /// Its heading.
    title: &'static str,
    /// Its values.
    values: Signal<Vec<FacetValue>>,
    /// Selects or deselects a value by id.
    on_toggle: Callback<String>,
) -> impl IntoView {
    let expanded = RwSignal::new(false);
    let shown = Memo::new(move |_| {
        let all = expanded.get();
        values.with(|v| {
            (v.iter().enumerate())
                .filter(|(i, v)| all || *i < FIRST_VALUES || v.selected)
                .map(|(_, v)| v.clone())
                .collect::<Vec<_>>()
        })
    });
    let total = move || values.with(Vec::len);
    let t = text();
    view! {
        <fieldset class="facet" data-testid=format!("org-facet-{key}")>
            <legend>{title}</legend>
            <ul class:expanded=move || expanded.get()>
                <CheckList prefix=key values=Signal::derive(move || shown.get()) on_toggle=on_toggle/>
            </ul>
            {move || (total() > FIRST_VALUES).then(|| view! {
                <button type="button" class="link-button facet-more"
                    aria-expanded=move || expanded.get().to_string()
                    on:click=move |_| expanded.update(|e| *e = !*e)>
                    {move || if expanded.get() {
                        t.organizations().show_fewer().to_owned()
                    } else {
                        show_all(total())
                    }}
                </button>
            })}
        </fieldset>
    }
}

/// "Show all 12", in the page's language.
pub fn show_all(n: usize) -> String {
    let t = text();
    crate::lang::fill(
        t.organizations().show_all(),
        &[("n", &t.lang.number(n as u64))],
    )
}

/// Checkboxes with labels and counts; shared with the ranking's pickers. A row is keyed by its
/// value's id, and its count and check follow the values in place: a change of counts (every
/// one, when the years change) re-creates no row.
#[component]
pub fn CheckList(
    /// Makes element ids unique per list, e.g. `"country"`.
    prefix: &'static str,
    /// The values shown, in order.
    values: Signal<Vec<FacetValue>>,
    /// Selects or deselects a value by id.
    on_toggle: Callback<String>,
    /// What the counts count, for screen readers, e.g. "organizations" (the default).
    #[prop(optional)]
    unit: Option<&'static str>,
) -> impl IntoView {
    let unit = unit.unwrap_or(text().organizations().unit_organizations());
    let rows = Memo::new(move |_| {
        values.with(|v| (v.iter().map(|v| (v.id.clone(), v.label.clone()))).collect::<Vec<_>>())
    });
    let states = Memo::new(move |_| {
        values.with(|v| {
            (v.iter().map(|v| (v.id.clone(), (v.count, v.selected)))).collect::<HashMap<_, _>>()
        })
    });
    view! {
        <For each=move || rows.get() key=|(id, _)| id.clone() children=move |(id, label)| {
            let key = id.clone();
            let state = Memo::new(move |_| states.with(|s| s.get(&key).copied().unwrap_or_default()));
            view! { <Check prefix=prefix id=id label=label state=state on_toggle=on_toggle unit=unit/> }
        }/>
    }
}

/// One checkbox; values that would empty the list are disabled.
#[component]
fn Check(
    prefix: &'static str,
    id: String,
    label: String,
    /// Its count and whether it is selected.
    state: Memo<(usize, bool)>,
    on_toggle: Callback<String>,
    unit: &'static str,
) -> impl IntoView {
    let element_id = format!("o-{prefix}-{id}");
    let disabled = move || state.with(|&(count, selected)| count == 0 && !selected);
    let lang = text().lang;
    view! {
        <li class:disabled=disabled>
            <input type="checkbox" id=element_id.clone() prop:checked=move || state.with(|s| s.1)
                disabled=disabled on:change=move |_| on_toggle.run(id.clone())/>
            <label for=element_id>
                <span class="facet-label">{label}</span>
                <span class="facet-count">
                    {move || lang.number(state.with(|s| s.0) as u64)}<span class="visually-hidden">{format!(" {unit}")}</span>
                </span>
            </label>
        </li>
    }
}
