//! `/researchers/:id`: one researcher's whole record.

use std::sync::Arc;

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use super::directory::set_title;
use crate::model::{Dataset, LinkKind, Researcher};
use crate::ui::components::profile_sections::*;
use crate::ui::components::{DataView, ExternalLinks};
use crate::ui::routes::AppRoute;

/// The profile sections that can appear, in page order: (anchor, title, present?).
fn section_index(r: &Researcher) -> Vec<(&'static str, &'static str)> {
    [
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
    let params = use_params_map();
    let id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    view! {
        <DataView children=move |dir| {
            let id = id.get();
            let dataset = Arc::new(dir.dataset.clone());
            match dataset.researchers.iter().find(|r| r.id.0 == id).cloned() {
                Some(r) => view! { <Profile researcher=r dataset=dataset/> }.into_any(),
                None => view! { <NoSuchResearcher id=id/> }.into_any(),
            }
        }/>
    }
}

/// The whole record of one researcher.
#[component]
fn Profile(researcher: Researcher, dataset: Arc<Dataset>) -> impl IntoView {
    let r = researcher;
    set_title(&format!("{} — Research Atlas", r.name));
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
    let advisors = r
        .advisors
        .iter()
        .map(|a| a.name.clone())
        .collect::<Vec<_>>();
    let topics = r
        .topics
        .iter()
        .filter_map(|t| dataset.topics.iter().find(|x| &x.id == t))
        .map(|t| t.name.clone())
        .collect::<Vec<_>>();
    let index = section_index(&r);
    view! {
        <p class="back"><a href=AppRoute::Directory.href()>"← All researchers"</a></p>
        <article class="profile" data-testid="profile">
            <header class="profile-header">
                <h1>
                    {r.name.clone()}
                    {r.native_name.clone().map(|n| view! { " " <span class="native-name">{n}</span> })}
                </h1>
                {(!role.is_empty()).then(|| view! { <p class="profile-title">{role}</p> })}
                <p class="profile-meta">
                    {r.career_stage.label()}
                    {r.location.clone().map(|l| view! { " · " {l} })}
                    {(!advisors.is_empty()).then(|| format!(" · Advised by {}", advisors.join(" and ")))}
                </p>
                {(!topics.is_empty()).then(|| view! {
                    <ul class="chips" aria-label="Topics">{topics.into_iter().map(|t| view! { <li class="chip static">{t}</li> }).collect_view()}</ul>
                })}
                <ExternalLinks links=r.links.clone() owner=r.name.clone() kinds=vec![
                    LinkKind::Homepage, LinkKind::Github, LinkKind::Linkedin,
                    LinkKind::Scholar, LinkKind::Orcid, LinkKind::Email,
                ]/>
                <p class="profile-summary">{r.summary.clone()}</p>
            </header>
            <div class="profile-body">
                <nav class="section-index" aria-label="Sections">
                    <ul>{index.into_iter().map(|(id, title)| view! { <li><a href=format!("#{id}")>{title}</a></li> }).collect_view()}</ul>
                </nav>
                <div class="profile-sections">
                    <PublicationsSection researcher=r.clone() dataset=dataset.clone()/>
                    <PositionsSection researcher=r.clone() dataset=dataset.clone()/>
                    <EducationSection researcher=r.clone() dataset=dataset.clone()/>
                    <AwardsSection researcher=r.clone() dataset=dataset.clone()/>
                    <TalksSection researcher=r.clone()/>
                    <ProjectsSection researcher=r.clone() dataset=dataset.clone()/>
                    <ServiceSection researcher=r.clone()/>
                    <TeachingSection researcher=r.clone() dataset=dataset.clone()/>
                    <GroupSection researcher=r.clone()/>
                    <LeadershipSection researcher=r.clone()/>
                    <SkillsSection researcher=r.clone()/>
                    <CertificationsSection researcher=r.clone()/>
                </div>
            </div>
        </article>
    }
}

/// An unknown id: say so and offer the way home.
#[component]
fn NoSuchResearcher(id: String) -> impl IntoView {
    set_title("No such researcher — Research Atlas");
    view! {
        <div class="not-found" data-testid="no-such-researcher">
            <h1>"No such researcher"</h1>
            <p>{format!("Nobody in the directory has the id “{id}”.")}</p>
            <p><a href=AppRoute::Directory.href()>"Browse all researchers"</a></p>
        </div>
    }
}
