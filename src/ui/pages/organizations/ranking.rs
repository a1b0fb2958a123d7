//! The ranking's controls: plain count or fractional credit, the years, and the venues and
//! topics whose papers count (each a checkbox list with a box to find one).

use std::sync::Arc;

use leptos::prelude::*;

use super::filters::CheckList;
use crate::search::organizations::OrgTable;
use crate::search::organizations::rank::{SelectionOptions, matching};
use crate::search::{Credit, FacetValue, OrgParams};
use crate::ui::browser::timed;
use crate::ui::lang::text;
use crate::ui::state::organizations::OrgQuery;

/// Credit, years, venues and topics.
#[component]
pub fn RankingControls(
    /// The organizations table.
    table: Arc<OrgTable>,
    /// The params and how to change them.
    query: OrgQuery,
    /// The params with unknown ids dropped.
    params: Memo<OrgParams>,
) -> impl IntoView {
    let options = Memo::new(move |_| {
        params.with(|p| {
            timed("atlas:rank-options", || {
                table.selection_options(&p.selection)
            })
        })
    });
    let pick = move |get: fn(&SelectionOptions) -> &Vec<FacetValue>| {
        Signal::derive(move || options.with(|o| get(o).clone()))
    };
    let toggle = move |apply: fn(&mut OrgParams, &str)| {
        Callback::new(move |id: String| query.update(|p| apply(p, &id)))
    };
    let t = text();
    view! {
        <h2 class="panel-heading">{t.organizations().ranking()}</h2>
        <CreditChoice query=query/>
        <YearRange query=query/>
        <Picker key="rvenue" title=t.organizations().venues() find_label=t.organizations().find_venues()
            values=pick(|o| &o.venues) on_toggle=toggle(OrgParams::toggle_rank_venue)/>
        <Picker key="rtopic" title=t.organizations().paper_topics()
            find_label=t.organizations().find_topics() values=pick(|o| &o.topics)
            on_toggle=toggle(OrgParams::toggle_rank_topic)/>
    }
}

/// Papers or fractional credit.
#[component]
fn CreditChoice(query: OrgQuery) -> impl IntoView {
    let current = move || query.params.with(|p| p.selection.credit);
    let t = text();
    view! {
        <fieldset class="facet credit" data-testid="org-credit">
            <legend>{t.organizations().score()}</legend>
            {Credit::ALL.into_iter().map(|c| view! {
                <label class="radio">
                    <input type="radio" name="org-credit" value=c.key()
                        prop:checked=move || current() == c
                        on:change=move |_| query.update(|p| p.selection.credit = c)/>
                    " " {c.label(t)}
                </label>
            }).collect_view()}
        </fieldset>
    }
}

/// The years whose papers count.
#[component]
fn YearRange(query: OrgQuery) -> impl IntoView {
    let input = move |label: &'static str, from: bool| {
        let value = move || {
            let s = query.params.with(|p| p.selection.clone());
            (if from { s.year_from } else { s.year_to }).map(|y| y.to_string())
        };
        view! {
            <label class="year">
                <span>{label}</span>
                <input type="number" inputmode="numeric" min="1900" max="2100"
                    data-testid=if from { "org-from" } else { "org-to" }
                    prop:value=move || value().unwrap_or_default()
                    on:change=move |e| {
                        let year = event_target_value(&e).trim().parse::<u16>().ok();
                        query.update(|p| if from {
                            p.selection.year_from = year;
                        } else {
                            p.selection.year_to = year;
                        });
                    }/>
            </label>
        }
    };
    let t = text();
    view! {
        <fieldset class="facet years" data-testid="org-years">
            <legend>{t.organizations().years()}</legend>
            {input(t.organizations().from(), true)}
            {input(t.organizations().to(), false)}
        </fieldset>
    }
}

/// A checkbox list of venues or topics, with a box that narrows it by name. Nothing chosen
/// counts every paper.
#[component]
fn Picker(
    /// "rvenue" or "rtopic", for ids.
    key: &'static str,
    /// The heading.
    title: &'static str,
    /// The accessible name of the box that narrows the list, e.g. "Find venues".
    find_label: &'static str,
    /// The values with their papers in the year range.
    values: Signal<Vec<FacetValue>>,
    /// Chooses or drops a value by id.
    on_toggle: Callback<String>,
) -> impl IntoView {
    let find = RwSignal::new(String::new());
    let shown = Memo::new(move |_| find.with(|f| values.with(|v| matching(v, f))));
    let chosen = move || values.with(|v| v.iter().filter(|v| v.selected).count());
    let t = text();
    view! {
        <fieldset class="facet picker" data-testid=format!("org-pick-{key}")>
            <legend>{title}</legend>
            <p class="picker-note">
                {move || match chosen() {
                    0 => t.organizations().none_chosen().to_owned(),
                    n => t.organizations().chosen().count(n),
                }}
            </p>
            <input type="search" class="picker-find" autocomplete="off"
                aria-label=find_label
                placeholder=t.organizations().find_placeholder()
                prop:value=move || find.get()
                on:input=move |e| find.set(event_target_value(&e))/>
            <ul class="picker-list">
                <CheckList prefix=key values=Signal::derive(move || shown.get()) on_toggle=on_toggle
                    unit=t.organizations().unit_papers()/>
            </ul>
        </fieldset>
    }
}
