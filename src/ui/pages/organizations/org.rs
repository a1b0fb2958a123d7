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
    set_title(Some(&entry.name));
    let mut meta: Vec<String> = Vec::new();
    meta.extend(entry.short_name.clone());
    meta.push(kind_label(entry.kind).to_owned());
    meta.extend(entry.sector().map(|s| s.label().to_owned()));
    meta.extend((entry.country.as_deref()).map(|c| country_name(c).unwrap_or(c).to_owned()));
    let website = entry.url.as_deref().and_then(safe_href);
    view! {
        <article class="org-page" data-testid="org-page">
            <p class="back-link">
                <a href=move || AppRoute::Organizations(query.params.get()).href()>"← All organizations"</a>
            </p>
            <header class="org-header">
                <h1><bdi>{entry.name.clone()}</bdi></h1>
                <p class="org-meta">
                    <IsolatedList parts=meta separator=" · "/>
                    {website.map(|href| view! {
                        " · " <a href=href rel="noopener noreferrer" target="_blank">"Website"</a>
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
    move || {
        let params = query.params.with(|p| table.sanitize(p));
        let standing = table.standing(org, &params);
        let describe = table.describe(&params.selection);
        standing
            .map(|s| view! { <StandingText s=s params=params describe=describe id=id.clone()/> })
    }
}

/// "Rank 2 of 300 organizations. Ranked by …: 2 papers." with its links.
#[component]
fn StandingText(s: Standing, params: OrgParams, describe: String, id: String) -> impl IntoView {
    let credit = params.selection.credit;
    let papers = format!("{} paper{}", s.papers, if s.papers == 1 { "" } else { "s" });
    let score = match credit {
        Credit::Count => papers.clone(),
        Credit::Fractional => format!("{:.2} credit ({papers})", s.share),
    };
    let among = if s.filtered {
        format!("Rank {} of {} organizations listed.", s.rank, s.of)
    } else {
        format!(
            "Rank {} of all {} organizations (the list's filters leave it out).",
            s.rank, s.of
        )
    };
    let list = AppRoute::Publications(params.selection.publications(&id)).href();
    let change = AppRoute::Organizations(params).href();
    view! {
        <div class="org-standing" data-testid="org-standing">
            <p><strong>{among}</strong> " " {describe}</p>
            <p>
                "Score: "
                {if s.papers == 0 {
                    view! { <span>{score}</span> }.into_any()
                } else {
                    view! { <a href=list data-testid="org-standing-papers">{score}</a> }.into_any()
                }}
                " · " <a href=change>"Change the ranking"</a>
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
    view! {
        <p class="org-directory-links">
            "In the directory: "
            <a href=AppRoute::Directory(now).href() data-testid="org-directory-now">
                "people whose current organization it is"
            </a>
            " · "
            <a href=AppRoute::Directory(any).href() data-testid="org-directory-any">
                "everyone who is or was there"
            </a>
            {(taking_phd > 0).then(|| view! {
                " · "
                <a href=AppRoute::Directory(phd).href() data-testid="org-directory-phd">
                    "those of them taking PhD students"
                </a>
            })}
        </p>
    }
}

/// Papers per year, venues and topics, over every paper credited to it.
#[component]
fn Output(table: Arc<OrgTable>, org: usize) -> impl IntoView {
    let summary = table.summary(org);
    let n = summary.activity.total();
    let all = AppRoute::Publications(
        crate::search::Selection::default().publications(&table.orgs[org].id),
    );
    view! {
        <section class="org-section" aria-labelledby="org-output-h">
            <h2 id="org-output-h">"Publications"</h2>
            {if n == 0 {
                view! { <p class="muted">"No paper in the directory is credited to it."</p> }.into_any()
            } else {
                view! {
                    <p>
                        {format!("{n} paper{} credited to it, all years. ", if n == 1 { "" } else { "s" })}
                        <a href=all.href() data-testid="org-all-papers">"List them"</a>
                    </p>
                    <div class="output-charts">
                        <YearChart activity=summary.activity title="Papers per year".into()/>
                        <ShareChart shares=top(&summary.venues, 7) title="Venues".into() label="Venue"/>
                        <ShareChart shares=top(&summary.topics, 7) title="Paper topics".into() label="Topic"/>
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
    set_title(Some("No such organization"));
    view! {
        <div class="org-missing" data-testid="org-missing">
            <h1>"No such organization"</h1>
            <p>"The directory has no organization with the id " <code>{id}</code> "."</p>
            <p><a href=AppRoute::Organizations(OrgParams::default()).href()>"All organizations"</a></p>
        </div>
    }
}
