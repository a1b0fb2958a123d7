//! `/researchers/:id`: one researcher's whole record.
//!
//! The URL may carry the directory's params (cards link with them): "back" returns to those
//! results and previous / next step through them. It also carries the publication list's params.

use std::sync::Arc;

use leptos::prelude::*;

use crate::model::{LinkKind, Researcher};
use crate::search::suggest::close_among;
use crate::search::summary;
use crate::ui::browser::set_title;
use crate::ui::components::charts::{ShareChart, YearChart};
use crate::ui::components::profile_sections::*;
use crate::ui::components::{DataView, DetailView, ExternalLinks, PickButtons, PublicationList};
use crate::ui::routes::{AppRoute, profile, use_route};
use crate::ui::state::data::{Atlas, Detail, fetch_detail};
use crate::ui::state::search::use_search;

/// The profile sections that can appear, in page order: (anchor, title, present?).
fn section_index(r: &Researcher) -> Vec<(&'static str, &'static str)> {
    [
        ("output", "Output at a glance", !r.publications.is_empty()),
        ("publications", "Publications", !r.publications.is_empty()),
        ("positions", "Positions", !r.positions.is_empty()),
        ("education", "Education", !r.education.is_empty()),
        ("awards", "Awards and honours", !r.awards.is_empty()),
        ("talks", "Invited talks", !r.talks.is_empty()),
        ("projects", "Software and projects", !r.projects.is_empty()),
        ("service", "Service", !r.service.is_empty()),
        ("teaching", "Teaching", !r.teaching.is_empty()),
        ("group", "Group and advisees", !r.group.is_empty()),
        ("leadership", "Leadership", !r.leadership.is_empty()),
        ("skills", "Skills", !r.skills.is_empty()),
        (
            "certifications",
            "Certifications",
            !r.certifications.is_empty(),
        ),
    ]
    .into_iter()
    .filter(|(_, _, present)| *present)
    .map(|(id, title, _)| (id, title))
    .collect()
}

/// A researcher's profile, or a helpful page for an unknown id.
#[component]
pub fn ProfilePage() -> impl IntoView {
    let route = use_route().route;
    let id = Memo::new(move |_| match route.get() {
        AppRoute::Profile { id, .. } => id,
        _ => String::new(),
    });
    view! {
        <DataView children=move |atlas| {
            let id = id.get();
            match atlas.compiled.position(&id) {
                Some(position) => view! { <ProfileLoader atlas=atlas position=position/> }.into_any(),
                None => view! { <NoSuchResearcher id=id atlas=atlas/> }.into_any(),
            }
        }/>
    }
}

/// Fetches the researcher's records, then shows them.
#[component]
fn ProfileLoader(atlas: Arc<Atlas>, position: usize) -> impl IntoView {
    let id = atlas.compiled.cards[position].id.clone();
    set_title(&format!(
        "{} — Research Atlas",
        atlas.compiled.cards[position].name
    ));
    let resource = LocalResource::new({
        let atlas = atlas.clone();
        move || fetch_detail(atlas.clone(), id.clone())
    });
    view! {
        <ProfileNav atlas=atlas.clone() position=position/>
        <DetailView resource=resource children=move |detail| {
            let id = &atlas.compiled.cards[position].id;
            let r = detail.directory.dataset.researchers.iter().find(|r| &r.id.0 == id).cloned();
            r.map(|r| view! { <Profile detail=detail researcher=r/> })
        }/>
    }
}

/// The whole record of one researcher.
#[component]
fn Profile(detail: Arc<Detail>, researcher: Researcher) -> impl IntoView {
    let search = use_search();
    let directory = detail.directory.clone();
    let dataset = &directory.dataset;
    let r = researcher;
    let org = r
        .organization
        .as_ref()
        .and_then(|id| dataset.organizations.iter().find(|o| &o.id == id))
        .map(|o| o.name.clone());
    let role = [r.title.clone(), r.department.clone(), org]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ");
    let advisors = r.advisors.clone();
    let topics = r
        .topics
        .iter()
        .filter_map(|t| dataset.topics.iter().find(|x| &x.id == t))
        .map(|t| t.name.clone())
        .collect::<Vec<_>>();
    let section_links = section_index(&r);
    let scope = detail.publications.scope_of(&r);
    let corrections = dataset
        .config
        .as_ref()
        .and_then(|c| c.corrections.clone())
        .map(|target| Corrections {
            target,
            name: r.name.clone(),
            page: profile(&r.id.0).absolute(),
        });
    let header_fix = corrections.as_ref().and_then(|c| c.link("Profile"));
    provide_context(corrections);
    let activity = summary::activity(dataset, &r);
    let venues = summary::top(&summary::venue_mix(dataset, &r), 7);
    let topic_mix = summary::top(&summary::topic_mix(dataset, &r), 7);
    let has_output = !activity.is_empty();
    let dir = directory.clone();
    let (owner, file_stem) = (r.id.0.clone(), format!("{}-publications", r.id.0));
    view! {
        <article class="profile" data-testid="profile">
            <header class="profile-header">
                <h1>
                    {r.name.clone()}
                    {r.native_name.clone().map(|n| view! {
                        " " <span class="native-name" lang=r.native_name_lang.clone()>{n}</span>
                    })}
                </h1>
                {(!role.is_empty()).then(|| view! { <p class="profile-title">{role}</p> })}
                <p class="profile-meta">
                    {r.career_stage.label()}
                    {r.location.clone().map(|l| view! { " · " {l} })}
                    {(!advisors.is_empty()).then(|| {
                        let n = advisors.len();
                        let names = advisors.into_iter().enumerate().map(|(i, a)| {
                            let sep = match (i + 2).cmp(&n) {
                                std::cmp::Ordering::Less => ", ",
                                std::cmp::Ordering::Equal => " and ",
                                std::cmp::Ordering::Greater => "",
                            };
                            let name = match a.researcher {
                                Some(id) => view! { <a href=move || search.profile_href(&id.0)>{a.name}</a> }.into_any(),
                                None => a.name.into_any(),
                            };
                            view! { {name}{sep} }
                        }).collect_view();
                        view! { " · Advised by " {names} }
                    })}
                </p>
                {(!topics.is_empty()).then(|| view! {
                    <ul class="chips" aria-label="Topics">{topics.into_iter().map(|t| view! { <li class="chip static">{t}</li> }).collect_view()}</ul>
                })}
                <ExternalLinks links=r.links.clone() owner=r.name.clone() kinds=vec![
                    LinkKind::Homepage, LinkKind::Github, LinkKind::Linkedin,
                    LinkKind::Scholar, LinkKind::Orcid, LinkKind::Email,
                ]/>
                <p class="profile-summary">{r.summary.clone()}</p>
                <div class="profile-actions">
                    <PickButtons id=r.id.0.clone() name=r.name.clone()/>
                    {header_fix.map(|href| view! { <CorrectionLink href=href section="Profile"/> })}
                </div>
            </header>
            <div class="profile-body">
                <nav class="section-index" aria-label="Sections">
                    <ul>{section_links.into_iter().map(|(id, title)| view! { <li><a href=format!("#{id}")>{title}</a></li> }).collect_view()}</ul>
                </nav>
                <div class="profile-sections">
                    {has_output.then(|| view! {
                        <Section id="output" title="Output at a glance">
                            <div class="output-charts">
                                <YearChart activity=activity title="Publications per year".into()/>
                                <ShareChart shares=venues title="Venues".into() label="Venue"/>
                                <ShareChart shares=topic_mix title="Publication topics".into() label="Topic"/>
                            </div>
                        </Section>
                    })}
                    {(!scope.is_empty()).then(|| view! {
                        <Section id="publications" title="Publications">
                            <PublicationList
                                detail=detail.clone()
                                scope=scope
                                owner=Some(owner)
                                file_stem=file_stem
                            />
                        </Section>
                    })}
                    <PositionsSection researcher=r.clone() dir=dir.clone()/>
                    <EducationSection researcher=r.clone() dir=dir.clone()/>
                    <AwardsSection researcher=r.clone() dir=dir.clone()/>
                    <TalksSection researcher=r.clone()/>
                    <ProjectsSection researcher=r.clone() dir=dir.clone()/>
                    <ServiceSection researcher=r.clone()/>
                    <TeachingSection researcher=r.clone() dir=dir.clone()/>
                    <GroupSection researcher=r.clone()/>
                    <LeadershipSection researcher=r.clone()/>
                    <SkillsSection researcher=r.clone()/>
                    <CertificationsSection researcher=r.clone()/>
                </div>
            </div>
        </article>
    }
}

/// Back to the directory's results, and previous / next researcher within them.
#[component]
fn ProfileNav(atlas: Arc<Atlas>, position: usize) -> impl IntoView {
    let index = position;
    let search = use_search();
    // Position of this researcher in the current results, and its neighbours.
    let neighbours = Memo::new(move |_| {
        search.results.with(|res| {
            let hits = &res.as_ref()?.hits;
            let at = hits.iter().position(|h| h.researcher == index)?;
            let prev = at.checked_sub(1).map(|i| hits[i].researcher);
            let next = hits.get(at + 1).map(|h| h.researcher);
            Some((at + 1, hits.len(), prev, next))
        })
    });
    let filtered = move || {
        search
            .params
            .with(|p| p.filter_count() > 0 || !p.query.is_empty())
    };
    let step = move |researcher: Option<usize>, rel: &'static str, label: &'static str| {
        let card = researcher.and_then(|i| atlas.compiled.cards.get(i))?;
        let (id, name) = (card.id.clone(), card.name.clone());
        Some(view! {
            <a class=format!("step step-{rel}") rel=rel href=move || search.profile_href(&id)>
                <span class="step-label">{label}</span>
                <span class="step-name">{name}</span>
            </a>
        })
    };
    view! {
        <nav class="profile-nav" aria-label="Results">
            <a class="back" href=move || search.directory_href()>
                {move || if filtered() { "← Back to results" } else { "← All researchers" }}
            </a>
            {move || neighbours.get().map(|(at, of, prev, next)| view! {
                <span class="steps">
                    {step(prev, "prev", "Previous")}
                    <span class="step-position">{format!("{at} of {of}")}</span>
                    {step(next, "next", "Next")}
                </span>
            })}
        </nav>
    }
}

/// An unknown id: say so, suggest close names, and offer the way home.
#[component]
fn NoSuchResearcher(id: String, atlas: Arc<Atlas>) -> impl IntoView {
    set_title("No such researcher — Research Atlas");
    let cards = &atlas.compiled.cards;
    let names = cards.iter().map(|c| {
        std::iter::once(c.id.as_str())
            .chain(std::iter::once(c.name.as_str()))
            .chain(c.other_names.iter().map(String::as_str))
    });
    let close: Vec<(String, String)> = close_among(names, &id, 3)
        .into_iter()
        .map(|i| (cards[i].id.clone(), cards[i].name.clone()))
        .collect();
    view! {
        <div class="not-found" data-testid="no-such-researcher">
            <h1>"No such researcher"</h1>
            <p>{format!("Nobody in the directory has the id “{id}”.")}</p>
            {(!close.is_empty()).then(|| view! {
                <p>"Did you mean:"</p>
                <ul class="suggestions" data-testid="suggestions">
                    {close.into_iter().map(|(id, name)| view! {
                        <li><a href=profile(&id).href()>{name}</a></li>
                    }).collect_view()}
                </ul>
            })}
            <p><a href=AppRoute::home().href()>"Browse all researchers"</a></p>
        </div>
    }
}
