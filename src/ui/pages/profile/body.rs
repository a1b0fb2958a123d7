//! The body of a profile: the header, the index of sections, the charts, the publication list
//! and every section the record has.

use std::sync::Arc;

use leptos::prelude::*;

use super::header::profile_header;
use crate::lang::fill;
use crate::model::{LoadedDataset, Researcher};
use crate::search::citations::CitationSummary;
use crate::search::summary;
use crate::site::route::profile;
use crate::ui::components::charts::{ShareChart, YearChart};
use crate::ui::components::profile_sections::*;
use crate::ui::components::{InTurn, PublicationList};
use crate::ui::lang::text;
use crate::ui::router::{Href, use_route};
use crate::ui::state::data::Detail;

/// The profile sections that can appear, in page order: (anchor, title, present?).
fn section_index(r: &Researcher) -> Vec<(&'static str, &'static str)> {
    let t = text().profile();
    [
        ("output", t.section_output(), !r.publications.is_empty()),
        (
            "publications",
            t.section_publications(),
            !r.publications.is_empty(),
        ),
        ("positions", t.section_positions(), !r.positions.is_empty()),
        ("education", t.section_education(), !r.education.is_empty()),
        ("awards", t.section_awards(), !r.awards.is_empty()),
        ("talks", t.section_talks(), !r.talks.is_empty()),
        ("projects", t.section_projects(), !r.projects.is_empty()),
        ("service", t.section_service(), !r.service.is_empty()),
        ("teaching", t.section_teaching(), !r.teaching.is_empty()),
        ("group", t.section_group(), !r.group.is_empty()),
        (
            "leadership",
            t.section_leadership(),
            !r.leadership.is_empty(),
        ),
        ("skills", t.section_skills(), !r.skills.is_empty()),
        (
            "certifications",
            t.section_certifications(),
            !r.certifications.is_empty(),
        ),
    ]
    .into_iter()
    .filter(|(_, _, present)| *present)
    .map(|(id, title, _)| (id, title))
    .collect()
}

/// The whole record of one researcher.
#[component]
pub(super) fn Profile(detail: Arc<Detail>, researcher: Researcher) -> impl IntoView {
    let dir = detail.loaded.clone();
    let corrections = dir
        .dataset
        .config
        .as_ref()
        .and_then(|c| c.corrections.clone())
        .map(|target| Corrections {
            target,
            name: researcher.name.clone(),
            page: profile(&researcher.id.0).absolute(),
        });
    let t = text();
    let header_fix = corrections
        .as_ref()
        .and_then(|c| c.link(t.profile().profile()));
    provide_context(corrections);
    let sections = section_index(&researcher);
    let scope = detail.publications.scope_of(&researcher);
    let owner = researcher.id.0.clone();
    view! {
        <article class="profile" data-testid="profile">
            {profile_header(&researcher, &dir.dataset, header_fix)}
            <div class="profile-body">
                <SectionIndex sections=sections/>
                <div class="profile-sections">
                    {profile_output(&researcher, &dir)}
                    // The longest parts, each rendered in a task of its own.
                    {(!scope.is_empty()).then(|| view! {
                        <Section id="publications" title=t.profile().section_publications()>
                            <InTurn>
                                <PublicationList
                                    detail=detail.clone()
                                    scope=scope
                                    file_stem=format!("{owner}-publications")
                                    owner=Some(owner)
                                />
                            </InTurn>
                        </Section>
                    })}
                    <InTurn>
                        <RecordSections researcher=researcher dir=dir/>
                    </InTurn>
                </div>
            </div>
        </article>
    }
}

/// Links to the sections present, in page order.
#[component]
fn SectionIndex(sections: Vec<(&'static str, &'static str)>) -> impl IntoView {
    let route = use_route().route;
    let t = text();
    let items = sections
        .into_iter()
        .map(|(id, title)| {
            view! { <li><a href=move || route.with(|r| r.fragment(id))>{title}</a></li> }
        })
        .collect_view();
    view! {
        <nav class="section-index" aria-label=t.profile().sections()>
            <ul>{items}</ul>
        </nav>
    }
}

/// "Output at a glance": the h-index when some listed paper has a citation count, publications
/// per year, venues and topics; absent without publications.
fn profile_output(researcher: &Researcher, dir: &LoadedDataset) -> impl IntoView + use<> {
    let dataset = &dir.dataset;
    let cited = CitationSummary::of(dataset, researcher);
    let activity = summary::activity(dataset, researcher);
    let venues = summary::top(text(), &summary::venue_mix(dataset, researcher), 7);
    let topics = summary::top(text(), &summary::topic_mix(dataset, researcher), 7);
    let t = text().profile();
    (!activity.is_empty()).then(|| {
        view! {
            <Section id="output" title=t.section_output()>
                {cited.map(|summary| view! { <HIndex summary=summary/> })}
                <div class="output-charts">
                    <YearChart activity=activity title=t.per_year().into()/>
                    <ShareChart shares=venues title=t.venues().into() label=t.venue()/>
                    <ShareChart shares=topics title=t.publication_topics().into() label=t.topic()/>
                </div>
            </Section>
        }
    })
}

/// "h-index 12 — 12 of their listed papers have at least 12 citations each (OpenAlex counts of
/// 40 of 52 papers, as of 2026-11-01)."
#[component]
fn HIndex(summary: CitationSummary) -> impl IntoView {
    let t = text();
    let h = t.lang.number(u64::from(summary.h));
    let detail = fill(
        t.profile().h_index_detail(),
        &[
            ("meaning", &summary.meaning(t)),
            ("basis", &summary.basis(t)),
        ],
    );
    view! {
        <p class="h-index" data-testid="h-index">
            <strong>{fill(t.profile().h_index(), &[("h", &h)])}</strong>
            {detail}
        </p>
    }
}

/// Positions, education and the other sections of the record, each given only its own entries.
#[component]
fn RecordSections(researcher: Researcher, dir: Arc<LoadedDataset>) -> impl IntoView {
    let Researcher {
        positions,
        education,
        awards,
        talks,
        projects,
        service,
        teaching,
        group,
        leadership,
        skills,
        certifications,
        ..
    } = researcher;
    view! {
        <PositionsSection positions=positions dir=dir.clone()/>
        <EducationSection education=education dir=dir.clone()/>
        <AwardsSection awards=awards dir=dir.clone()/>
        <TalksSection talks=talks/>
        <ProjectsSection projects=projects dir=dir.clone()/>
        <ServiceSection service=service/>
        <TeachingSection teaching=teaching dir=dir/>
        <GroupSection group=group/>
        <LeadershipSection leadership=leadership/>
        <SkillsSection skills=skills/>
        <CertificationsSection certifications=certifications/>
    }
}
