//! One organization in the list: rank, name (its page), kind, sector and country, its people now
//! and before by stage, its most frequent venues and topics, and its score, which links to the
//! papers behind it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::search::facet::country_name;
use crate::search::organizations::page::stages_line;
use crate::search::organizations::{OrgTable, RankedOrg};
use crate::search::params::kind_label;
use crate::search::{Credit, OrgParams};
use crate::site::route::AppRoute;
use crate::ui::components::IsolatedList;
use crate::ui::lang::{org_label, org_name, text, topic_name};
use crate::ui::router::Href;

/// One row of the ranking.
#[component]
pub fn OrgRow(
    /// The organizations table.
    table: Arc<OrgTable>,
    /// The organization's position in it.
    org: u32,
    /// Its rank and score now (`None` on its way out of the list).
    row: Memo<Option<RankedOrg>>,
    /// The list's params (the credit shown, and what links carry).
    params: Memo<OrgParams>,
) -> impl IntoView {
    let o = org as usize;
    let org = &table.orgs[o];
    let id = org.id.clone();
    let lang = text();
    let meta: Vec<String> = [
        Some(kind_label(org.kind, lang).to_owned()),
        org.sector().map(|s| s.label(lang).to_owned()),
        (org.country.as_deref()).map(|c| country_name(c, lang).unwrap_or(c).to_owned()),
    ]
    .into_iter()
    .flatten()
    .collect();
    let page = {
        let id = id.clone();
        move || {
            let params = params.get();
            AppRoute::Organization {
                id: id.clone(),
                params,
            }
            .href()
        }
    };
    let venues: Vec<String> = (org.top_venues.iter())
        .map(|&(v, _)| table.venues[v as usize].short.clone())
        .collect();
    let topics: Vec<String> = (org.top_topics.iter())
        .filter_map(|&(t, _)| table.topics.get(t as usize))
        .map(|(id, own)| topic_name(id, own).0)
        .collect();
    let (name, name_lang) = org_name(&org.id, &org.name);
    let t = text();
    view! {
        <li class="org-row" data-testid="org-row">
            <p class="org-rank">
                <span class="visually-hidden">{t.organizations().rank()}</span>
                {move || row.get().map(|r| t.lang.number(r.rank as u64))}
            </p>
            <div class="org-main">
                <h3 class="org-name"><a href=page><bdi lang=name_lang>{name}</bdi></a></h3>
                <p class="org-meta"><IsolatedList parts=meta separator=" · "/></p>
                <PeopleLine counts=table.stage_counts(o) taking_phd=table.taking_phd(o)/>
                {(!venues.is_empty() || !topics.is_empty()).then(|| view! {
                    <p class="org-top">
                        {(!venues.is_empty()).then(|| view! {
                            <span>{t.organizations().venues_label()} <IsolatedList parts=venues/></span>
                        })}
                        {(!topics.is_empty()).then(|| view! {
                            <span>{t.organizations().topics_label()} <IsolatedList parts=topics/></span>
                        })}
                    </p>
                })}
            </div>
            <Score row=row id=id label=org_label(&org.id, org.label()).0 params=params/>
        </li>
    }
}

/// "Now: 2 faculty, 5 PhD students · Before: 3 in industry · 1 person taking PhD students", or
/// that nobody in the directory is. (Nobody stating openings is not "0 taking": it is left out.)
#[component]
fn PeopleLine(
    /// People now and before, per stage.
    counts: ([u32; 5], [u32; 5]),
    /// People there now who say they are taking PhD students.
    taking_phd: u32,
) -> impl IntoView {
    let lang = text();
    let t = &lang.organizations();
    let fill = crate::lang::fill;
    let mut line = match (stages_line(&counts.0, lang), stages_line(&counts.1, lang)) {
        (None, None) => t.people_none().to_owned(),
        (Some(now), None) => fill(t.people_now(), &[("now", &now)]),
        (None, Some(before)) => fill(t.people_before(), &[("before", &before)]),
        (Some(now), Some(before)) => fill(t.people_both(), &[("now", &now), ("before", &before)]),
    };
    if taking_phd > 0 {
        line.push_str(&t.taking_phd().count(taking_phd as usize));
    }
    view! { <p class="org-people" data-testid="org-people">{line}</p> }
}

/// The score, linking to the papers behind it; with fractional credit, also how many papers.
/// Its texts and link follow the row and the params in place, so a new selection changes text,
/// not elements.
#[component]
fn Score(
    /// The row now.
    row: Memo<Option<RankedOrg>>,
    /// The organization's id.
    id: String,
    /// What lists call it, for the link's accessible name.
    label: String,
    /// The list's params.
    params: Memo<OrgParams>,
) -> impl IntoView {
    let t = text();
    let papers = move |n: u32| t.organizations().papers().count(n as usize);
    let credit = Memo::new(move |_| params.with(|p| p.selection.credit));
    let count = move || row.with(|r| r.map_or(0, |r| r.papers));
    let has_papers = move || count() != 0;
    let value = move || match (row.get(), credit.get()) {
        (Some(r), Credit::Count) => papers(r.papers),
        (Some(r), Credit::Fractional) => t.lang.decimal(r.share, 2),
        (None, _) => String::new(),
    };
    let unit = move || match credit.get() {
        Credit::Count => String::new(),
        Credit::Fractional => crate::lang::fill(
            t.organizations().credit_unit(),
            &[("papers", &papers(count()))],
        ),
    };
    let hidden = move || match credit.get() {
        Credit::Count => crate::lang::fill(t.organizations().score_by(), &[("name", &label)]),
        Credit::Fractional => crate::lang::fill(t.organizations().credit_by(), &[("name", &label)]),
    };
    let href = move || {
        let list = params.with(|p| p.selection.publications(&id));
        AppRoute::Publications(list).href()
    };
    view! {
        <p class="org-score">
            <Show when=has_papers
                fallback=move || view! { <span class="org-score-value">{value}</span> }>
                <a class="org-score-value" href=href.clone() data-testid="org-score">
                    {value}<span class="visually-hidden">{hidden.clone()}</span>
                </a>
            </Show>
            <span class="org-score-unit">{unit}</span>
        </p>
    }
}
