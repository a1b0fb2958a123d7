//! The sections of a profile page. Each is present only when the record has something for it.
//!
//! Every data string that shares a line with others (an organization beside a team and a place,
//! the advisors in "Advised by …") is in its own `<bdi>`, so its direction cannot reorder the
//! rest; those alone in an element are isolated in `style/profile-sections.css`.

use std::sync::Arc;

use leptos::prelude::*;

use crate::model::corrections::{About, correction_link};
use crate::model::date::{period, years};
use crate::model::{
    Award, Certification, Dataset, Education, GroupMember, Leadership, LoadedDataset, OrgId,
    Position, Project, Service, SkillGroup, Talk, Teaching,
};
use crate::ui::components::IsolatedList;
use crate::ui::components::links::safe_href;
use crate::ui::lang::text;

/// The known parts, for a line that joins them with " · " ("Google DeepMind · SaxML Team ·
/// Mountain View, CA").
fn known<const N: usize>(parts: [Option<String>; N]) -> Vec<String> {
    parts.into_iter().flatten().collect()
}

/// The organization's full name in the page's language (else the dataset's), or its id when the
/// vocabulary lacks it.
fn org_name(dataset: &Dataset, id: &OrgId) -> String {
    dataset.organization(id).map_or_else(
        || id.0.clone(),
        |o| {
            o.name_in(crate::ui::lang::page_lang().code())
                .text
                .to_owned()
        },
    )
}

/// A titled section with an anchor for the section index.
#[component]
pub fn Section(
    /// The anchor id.
    id: &'static str,
    /// The heading.
    title: &'static str,
    /// The content.
    children: Children,
) -> impl IntoView {
    let fix = use_context::<Option<Corrections>>()
        .flatten()
        .and_then(|c| c.link(title));
    view! {
        <section class="profile-section" id=id aria-labelledby=format!("{id}-h")>
            <div class="section-head">
                <h2 id=format!("{id}-h")>{title}</h2>
                {fix.map(|href| view! {
                    <CorrectionLink href=href section=title/>
                })}
            </div>
            {children()}
        </section>
    }
}

/// Where a profile's "Suggest a correction" links go, provided by the profile when the dataset
/// names a target.
#[derive(Clone)]
pub struct Corrections {
    /// The dataset's corrections target.
    pub target: String,
    /// Whose profile it is.
    pub name: String,
    /// The profile's address.
    pub page: String,
}

impl Corrections {
    /// The link for `section`; `None` when the target is not a safe URL.
    pub fn link(&self, section: &str) -> Option<String> {
        correction_link(
            &self.target,
            About {
                name: &self.name,
                section,
                page: &self.page,
            },
        )
    }
}

/// "Suggest a correction" for one section.
#[component]
pub fn CorrectionLink(
    /// The prefilled link.
    href: String,
    /// The section it is about (or "Profile").
    section: &'static str,
) -> impl IntoView {
    let external = !href.starts_with("mailto:");
    let t = text();
    view! {
        <a class="correction-link" data-testid="correction-link" href=href
            aria-label=crate::lang::fill(t.profile_sections().suggest_to(), &[("section", section)])
            rel=external.then_some("noopener noreferrer") target=external.then_some("_blank")>
            {t.profile_sections().suggest()}
        </a>
    }
}

/// One dated entry: what, where, when, and bullet points.
#[component]
fn Entry(
    /// The main line's parts, joined with `title_separator` ("Reviewer, NSDI").
    #[prop(into)]
    title: Vec<String>,
    /// What joins the title's parts.
    #[prop(default = ", ")]
    title_separator: &'static str,
    /// The second line's parts (organization, team, place…), joined with " · ".
    #[prop(optional)]
    subtitle: Vec<String>,
    /// When.
    #[prop(optional)]
    when: String,
    /// A first bullet that is not only data ("Advised by …").
    #[prop(default = None)]
    lead: Option<AnyView>,
    /// Details, one per bullet.
    #[prop(optional)]
    bullets: Vec<String>,
    /// A last bullet that is not only data ("For “…”").
    #[prop(default = None)]
    tail: Option<AnyView>,
) -> impl IntoView {
    let has_bullets = lead.is_some() || !bullets.is_empty() || tail.is_some();
    view! {
        <li class="entry">
            <div class="entry-head">
                <span class="entry-title"><IsolatedList parts=title separator=title_separator/></span>
                {(!when.is_empty()).then(|| view! { <span class="entry-when">{when}</span> })}
            </div>
            {(!subtitle.is_empty()).then(|| view! {
                <div class="entry-sub"><IsolatedList parts=subtitle separator=" · "/></div>
            })}
            {has_bullets.then(|| view! {
                <ul class="entry-bullets">
                    {lead.map(|l| view! { <li>{l}</li> })}
                    {bullets.into_iter().map(|b| view! { <li>{b}</li> }).collect_view()}
                    {tail.map(|t| view! { <li>{t}</li> })}
                </ul>
            })}
        </li>
    }
}

/// Positions, newest first as the data orders them.
#[component]
pub fn PositionsSection(
    /// The positions, newest first.
    positions: Vec<Position>,
    /// The directory, for organization and publication names.
    dir: Arc<LoadedDataset>,
) -> impl IntoView {
    (!positions.is_empty()).then(|| {
        let items = positions
            .iter()
            .map(|p| {
                let org = p.organization_name.clone().unwrap_or_else(|| org_name(&dir.dataset, &p.organization));
                let sub = known([Some(org), p.team.clone(), p.location.clone()]);
                view! { <Entry title=[p.title.clone()] subtitle=sub when=period(text(), p.start, p.end) bullets=p.bullets.clone()/> }
            })
            .collect_view();
        view! { <Section id="positions" title=text().profile_sections().positions()><ol class="timeline">{items}</ol></Section> }
    })
}

/// Degrees.
#[component]
pub fn EducationSection(
    /// The degrees.
    education: Vec<Education>,
    /// The directory, for organization and publication names.
    dir: Arc<LoadedDataset>,
) -> impl IntoView {
    (!education.is_empty()).then(|| {
        let t = text();
        let items = education
            .iter()
            .map(|e| {
                let sub = known([Some(org_name(&dir.dataset, &e.organization)), e.location.clone()]);
                let advisors = (!e.advisors.is_empty()).then(|| {
                    let names: Vec<String> = e.advisors.iter().map(|a| a.name.clone()).collect();
                    view! { {t.profile_sections().advised_by()} <IsolatedList parts=names separator=t.profile_sections().and()/> }.into_any()
                });
                view! { <Entry title=[e.degree.clone()] subtitle=sub when=period(text(), e.start, e.end) lead=advisors bullets=e.details.clone()/> }
            })
            .collect_view();
        view! { <Section id="education" title=t.profile_sections().education()><ol class="timeline">{items}</ol></Section> }
    })
}

/// Awards and honours.
#[component]
pub fn AwardsSection(
    /// The awards.
    awards: Vec<Award>,
    /// The directory, for organization and publication names.
    dir: Arc<LoadedDataset>,
) -> impl IntoView {
    (!awards.is_empty()).then(|| {
        let t = text();
        let items = awards
            .iter()
            .map(|a| {
                let paper = (a.publication.as_ref())
                    .and_then(|id| dir.dataset.publication(id))
                    .map(|p| view! { {t.profile_sections().for_open()} <bdi>{p.title.clone()}</bdi> {t.profile_sections().for_close()} }.into_any());
                view! { <Entry title=[a.name.clone()] subtitle=known([a.awarded_by.clone()]) when=years(text(), a.year, a.end_year) bullets=a.details.iter().cloned().collect() tail=paper/> }
            })
            .collect_view();
        view! { <Section id="awards" title=t.profile_sections().awards()><ul class="entries">{items}</ul></Section> }
    })
}

/// Invited talks.
#[component]
pub fn TalksSection(
    /// The talks.
    talks: Vec<Talk>,
) -> impl IntoView {
    (!talks.is_empty()).then(|| {
        let lang = text();
        let items = talks
            .iter()
            .map(|t| {
                let sub = known([t.host.clone(), t.location.clone()]);
                view! { <Entry title=[t.title.clone()] subtitle=sub when=t.year.map(|y| lang.lang.year(y.into())).unwrap_or_default() bullets=t.details.iter().cloned().collect()/> }
            })
            .collect_view();
        view! { <Section id="talks" title=lang.profile_sections().talks()><ul class="entries">{items}</ul></Section> }
    })
}

/// Software and projects.
#[component]
pub fn ProjectsSection(
    /// The projects.
    projects: Vec<Project>,
    /// The directory, for organization and publication names.
    dir: Arc<LoadedDataset>,
) -> impl IntoView {
    (!projects.is_empty()).then(|| {
        let t = text();
        let items = projects
            .iter()
            .map(|p| {
                let sub = known([p.role.clone(), p.organization.as_ref().map(|o| org_name(&dir.dataset, o))]);
                let mut bullets: Vec<String> = p.description.iter().cloned().collect();
                bullets.extend(p.bullets.iter().cloned());
                let link = p.links.iter().find_map(|l| safe_href(&l.url));
                view! {
                    <Entry title=[p.name.clone()] subtitle=sub when=p.year.map(|y| t.lang.year(y.into())).unwrap_or_default() bullets=bullets/>
                    {link.map(|href| view! {
                        <li class="entry-link"><a href=href rel="noopener noreferrer" target="_blank"><bdi>{p.name.clone()}</bdi>{t.profile_sections().link_suffix()}</a></li>
                    })}
                }
            })
            .collect_view();
        view! { <Section id="projects" title=t.profile_sections().projects()><ul class="entries">{items}</ul></Section> }
    })
}

/// Reviewing, committees and chairing.
#[component]
pub fn ServiceSection(
    /// The service roles.
    service: Vec<Service>,
) -> impl IntoView {
    (!service.is_empty()).then(|| {
        let items = service
            .iter()
            .map(|s| view! { <Entry title=[s.role.clone(), s.event.clone()] when=years(text(), s.year, s.end_year)/> })
            .collect_view();
        view! { <Section id="service" title=text().profile_sections().service()><ul class="entries">{items}</ul></Section> }
    })
}

/// Teaching.
#[component]
pub fn TeachingSection(
    /// The courses.
    teaching: Vec<Teaching>,
    /// The directory, for organization and publication names.
    dir: Arc<LoadedDataset>,
) -> impl IntoView {
    (!teaching.is_empty()).then(|| {
        let lang = text();
        let items = teaching
            .iter()
            .map(|t| {
                let title = known([Some(t.course.clone()), t.code.as_ref().map(|c| format!("({c})"))]);
                let sub = known([
                    Some(t.role.clone()),
                    t.organization.as_ref().map(|o| org_name(&dir.dataset, o)),
                ]);
                view! { <Entry title=title title_separator=" " subtitle=sub when=period(text(), t.start, t.end)/> }
            })
            .collect_view();
        view! { <Section id="teaching" title=lang.profile_sections().teaching()><ul class="entries">{items}</ul></Section> }
    })
}

/// Group members and advisees.
#[component]
pub fn GroupSection(
    /// The members and advisees.
    group: Vec<GroupMember>,
) -> impl IntoView {
    (!group.is_empty()).then(|| {
        let items = group
            .iter()
            .map(|g| view! { <Entry title=[g.name.clone()] subtitle=vec![g.role.clone()] bullets=g.details.iter().cloned().collect()/> })
            .collect_view();
        view! { <Section id="group" title=text().profile_sections().group()><ul class="entries two-col">{items}</ul></Section> }
    })
}

/// Leadership roles.
#[component]
pub fn LeadershipSection(
    /// The roles.
    leadership: Vec<Leadership>,
) -> impl IntoView {
    (!leadership.is_empty()).then(|| {
        let items = leadership
            .iter()
            .map(|l| {
                let sub = known([Some(l.body.clone()), l.location.clone()]);
                view! { <Entry title=[l.role.clone()] subtitle=sub when=period(text(), l.start, l.end)/> }
            })
            .collect_view();
        view! { <Section id="leadership" title=text().profile_sections().leadership()><ul class="entries">{items}</ul></Section> }
    })
}

/// Skills, grouped as the source groups them.
#[component]
pub fn SkillsSection(
    /// The skill groups.
    skills: Vec<SkillGroup>,
) -> impl IntoView {
    (!skills.is_empty()).then(|| {
        let items = skills
            .iter()
            .map(|g| view! { <div class="skill-group"><dt>{g.category.clone()}</dt><dd><IsolatedList parts=g.items.clone()/></dd></div> })
            .collect_view();
        view! { <Section id="skills" title=text().profile_sections().skills()><dl class="skills">{items}</dl></Section> }
    })
}

/// Certifications and licences.
#[component]
pub fn CertificationsSection(
    /// The certifications.
    certifications: Vec<Certification>,
) -> impl IntoView {
    (!certifications.is_empty()).then(|| {
        let t = text();
        let items = certifications
            .iter()
            .map(|c| view! { <Entry title=[c.name.clone()] subtitle=known([c.issuer.clone()]) when=c.year.map(|y| t.lang.year(y.into())).unwrap_or_default()/> })
            .collect_view();
        view! { <Section id="certifications" title=t.profile_sections().certifications()><ul class="entries">{items}</ul></Section> }
    })
}
