//! One organization's page: what it is, where it stands in the ranking the user came from, its
//! people (links into the directory filtered to it), and its papers per year, venues and topics.

use std::sync::Arc;

use leptos::prelude::*;

use super::people::{PeopleBefore, PeopleNow};
use crate::model::OpeningKind;
use crate::search::facet::country_name;
use crate::search::organizations::{OrgTable, Standing};
use crate::search::params::kind_label;
use crate::search::summary::top;
use crate::search::{Credit, OrgParams, OrgScope, SearchParams};
use crate::site::route::AppRoute;
use crate::ui::browser::set_title;
use crate::ui::components::IsolatedList;
use crate::ui::components::charts::{ShareChart, YearChart};
use crate::ui::components::links::safe_href;
use crate::ui::lang::{org_name, text};
use crate::ui::router::Href;
use crate::ui::state::organizations::{OrgQuery, use_org_query};

/// The page of organization `org`.
#[component]
pub fn OrgView(
    /// The organizations table.
    table: Arc<OrgTable>,
    /// The organization's position in it.
    org: usize,
) -> impl IntoView {
    let query = use_org_query();
    let entry = &table.orgs[org];
    let (name, name_lang) = org_name(&entry.id, &entry.name);
    set_title(Some(&name));
    let t = text();
    let mut meta: Vec<String> = Vec::new();
    meta.extend(entry.short_name.clone());
    meta.push(kind_label(entry.kind, t).to_owned());
    meta.extend(entry.sector().map(|s| s.label(t).to_owned()));
    meta.extend((entry.country.as_deref()).map(|c| country_name(c, t).unwrap_or(c).to_owned()));
    let website = entry.url.as_deref().and_then(safe_href);
    view! {
        <article class="org-page" data-testid="org-page">
            <p class="back-link">
                <a href=move || AppRoute::Organizations(query.params.get()).href()>{t.organization().back()}</a>
            </p>
            <header class="org-header">
                <h1><bdi lang=name_lang>{name}</bdi></h1>
                <p class="org-meta">
                    <IsolatedList parts=meta separator=" · "/>
                    {website.map(|href| view! {
                        " · " <a href=href rel="noopener noreferrer" target="_blank">{t.organization().website()}</a>
                    })}
                </p>
                <StandingLine table=table.clone() org=org query=query/>
                <DirectoryLinks id=entry.id.clone() taking_phd=table.taking_phd(org)/>
            </header>
            <PeopleNow table=table.clone() org=org/>
            <PeopleBefore table=table.clone() org=org/>
            <Output table=table org=org/>
        </article>
    }
}

/// Where it stands in the ranking of the URL's params, with the papers behind the score.
#[component]
fn StandingLine(table: Arc<OrgTable>, org: usize, query: OrgQuery) -> impl IntoView {
    let id = table.orgs[org].id.clone();
    let t = text();
    move || {
        let params = query.params.with(|p| table.sanitize(p));
        let standing = table.standing(org, &params);
        let describe = table.describe(&params.selection, t);
        standing
            .map(|s| view! { <StandingText s=s params=params describe=describe id=id.clone()/> })
    }
}

/// "Rank 2 of 300 organizations. Ranked by …: 2 papers." with its links.
#[component]
fn StandingText(s: Standing, params: OrgParams, describe: String, id: String) -> impl IntoView {
    let t = text();
    let credit = params.selection.credit;
    let papers = t.organizations().papers().count(s.papers as usize);
    let score = match credit {
        Credit::Count => papers.clone(),
        Credit::Fractional => {
            let share = t.lang.decimal(s.share, 2);
            crate::lang::fill(
                t.organization().credit_score(),
                &[("score", &share), ("papers", &papers)],
            )
        }
    };
    let rank = t.lang.number(s.rank as u64);
    let among = if s.filtered {
        t.organization().rank_listed()
    } else {
        t.organization().rank_all()
    }
    .count_with(s.of, &[("rank", &rank)]);
    let list = AppRoute::Publications(params.selection.publications(&id)).href();
    let change = AppRoute::Organizations(params).href();
    view! {
        <div class="org-standing" data-testid="org-standing">
            <p><strong>{among}</strong> " " {describe}</p>
            <p>
                {t.organization().score()}
                {if s.papers == 0 {
                    view! { <span>{score}</span> }.into_any()
                } else {
                    view! { <a href=list data-testid="org-standing-papers">{score}</a> }.into_any()
                }}
                " · " <a href=change>{t.organization().change()}</a>
            </p>
        </div>
    }
}

/// Links into the directory, filtered to this organization (and, when some say so, to those
/// taking PhD students).
#[component]
fn DirectoryLinks(
    /// The organization's id.
    id: String,
    /// People there now who say they are taking PhD students.
    taking_phd: u32,
) -> impl IntoView {
    let mut now = SearchParams::default();
    now.orgs.insert(id);
    let any = SearchParams {
        org_scope: OrgScope::Any,
        ..now.clone()
    };
    let mut phd = now.clone();
    phd.openings.insert(OpeningKind::Phd);
    let t = text();
    view! {
        <p class="org-directory-links">
            {t.organization().in_directory()}
            <a href=AppRoute::Directory(now).href() data-testid="org-directory-now">
                {t.organization().people_current()}
            </a>
            " · "
            <a href=AppRoute::Directory(any).href() data-testid="org-directory-any">
                {t.organization().people_any()}
            </a>
            {(taking_phd > 0).then(|| view! {
                " · "
                <a href=AppRoute::Directory(phd).href() data-testid="org-directory-phd">
                    {t.organization().people_phd()}
                </a>
            })}
        </p>
    }
}

/// Papers per year, venues and topics, over every paper credited to it.
#[component]
fn Output(table: Arc<OrgTable>, org: usize) -> impl IntoView {
    let t = text();
    let summary = table.summary(org, t);
    let n = summary.activity.total();
    let all = AppRoute::Publications(
        crate::search::Selection::default().publications(&table.orgs[org].id),
    );
    view! {
        <section class="org-section" aria-labelledby="org-output-h">
            <h2 id="org-output-h">{t.organization().publications()}</h2>
            {if n == 0 {
                view! { <p class="muted">{t.organization().no_papers()}</p> }.into_any()
            } else {
                view! {
                    <p>
                        {t.organization().papers_credited().count(n as usize)}
                        <a href=all.href() data-testid="org-all-papers">{t.organization().list_them()}</a>
                    </p>
                    <div class="output-charts">
                        <YearChart activity=summary.activity
                            title=t.organization().papers_per_year().into()/>
                        <ShareChart shares=top(t, &summary.venues, 7) title=t.organization().venues().into()
                            label=t.organization().venue()/>
                        <ShareChart shares=top(t, &summary.topics, 7)
                            title=t.organization().paper_topics().into() label=t.organization().topic()/>
                    </div>
                }
                .into_any()
            }}
        </section>
    }
}

/// An id the table does not have.
#[component]
pub fn NoSuchOrganization(
    /// The id asked for.
    id: String,
) -> impl IntoView {
    let t = text();
    set_title(Some(t.organization().missing()));
    // The id in <code>, where the text places it.
    let (before, after) = (t.organization().missing_id())
        .split_once("{id}")
        .unwrap_or((t.organization().missing_id(), ""));
    view! {
        <div class="org-missing" data-testid="org-missing">
            <h1>{t.organization().missing()}</h1>
            <p>{before}<code>{id}</code>{after}</p>
            <p>
                <a href=AppRoute::Organizations(OrgParams::default()).href()>
                    {t.organization().all()}
                </a>
            </p>
        </div>
    }
}
