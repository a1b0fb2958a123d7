//! The sections of a profile page. Each is present only when the record has something for it.

use leptos::prelude::*;

use crate::model::{Dataset, EndDate, LinkKind, OrgId, PartialDate, Publication, Researcher};
use crate::ui::components::links::safe_href;
use crate::ui::routes::AppRoute;

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// "Aug 2021" or "2021".
pub fn fmt_date(d: PartialDate) -> String {
    match d.month {
        Some(m) if (1..=12).contains(&m) => format!("{} {}", MONTHS[usize::from(m) - 1], d.year),
        _ => d.year.to_string(),
    }
}

/// "Aug 2021 – 2025", "2024 – present", "2018"; empty when nothing is known.
pub fn fmt_period(start: Option<PartialDate>, end: Option<EndDate>) -> String {
    let end = end.map(|e| match e {
        EndDate::Date(d) => fmt_date(d),
        EndDate::Present => "present".to_owned(),
    });
    match (start.map(fmt_date), end) {
        (Some(s), Some(e)) if s == e => s,
        (Some(s), Some(e)) => format!("{s} – {e}"),
        (Some(s), None) => s,
        (None, Some(e)) => e,
        (None, None) => String::new(),
    }
}

/// "2012 – 2016" or "2024"; empty when unknown.
pub fn fmt_years(year: Option<u16>, end_year: Option<u16>) -> String {
    match (year, end_year) {
        (Some(a), Some(b)) if a != b => format!("{a} – {b}"),
        (Some(a), _) => a.to_string(),
        _ => String::new(),
    }
}

/// The known parts, joined with " · " ("Google DeepMind · SaxML Team · Mountain View, CA").
fn dot_join<const N: usize>(parts: [Option<String>; N]) -> String {
    parts.into_iter().flatten().collect::<Vec<_>>().join(" · ")
}

fn org_name(dataset: &Dataset, id: &OrgId) -> String {
    dataset
        .organizations
        .iter()
        .find(|o| &o.id == id)
        .map_or_else(|| id.0.clone(), |o| o.name.clone())
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
    view! {
        <section class="profile-section" id=id aria-labelledby=format!("{id}-h")>
            <h2 id=format!("{id}-h")>{title}</h2>
            {children()}
        </section>
    }
}

/// One dated entry: what, where, when, and bullet points.
#[component]
fn Entry(
    /// The main line.
    title: String,
    /// The second line (organization, host…).
    #[prop(optional)]
    subtitle: Option<String>,
    /// When.
    #[prop(optional)]
    when: String,
    /// Details, one per bullet.
    #[prop(optional)]
    bullets: Vec<String>,
) -> impl IntoView {
    view! {
        <li class="entry">
            <div class="entry-head">
                <span class="entry-title">{title}</span>
                {(!when.is_empty()).then(|| view! { <span class="entry-when">{when}</span> })}
            </div>
            {subtitle.map(|s| view! { <div class="entry-sub">{s}</div> })}
            {(!bullets.is_empty()).then(|| view! {
                <ul class="entry-bullets">{bullets.into_iter().map(|b| view! { <li>{b}</li> }).collect_view()}</ul>
            })}
        </li>
    }
}

/// Positions, newest first as the data orders them.
#[component]
pub fn PositionsSection(researcher: Researcher, dataset: std::sync::Arc<Dataset>) -> impl IntoView {
    (!researcher.positions.is_empty()).then(|| {
        let items = researcher
            .positions
            .iter()
            .map(|p| {
                let org = p.organization_name.clone().unwrap_or_else(|| org_name(&dataset, &p.organization));
                let sub = dot_join([Some(org), p.team.clone(), p.location.clone()]);
                view! { <Entry title=p.title.clone() subtitle=sub when=fmt_period(p.start, p.end) bullets=p.bullets.clone()/> }
            })
            .collect_view();
        view! { <Section id="positions" title="Positions"><ol class="timeline">{items}</ol></Section> }
    })
}

/// Degrees.
#[component]
pub fn EducationSection(researcher: Researcher, dataset: std::sync::Arc<Dataset>) -> impl IntoView {
    (!researcher.education.is_empty()).then(|| {
        let items = researcher
            .education
            .iter()
            .map(|e| {
                let sub = dot_join([Some(org_name(&dataset, &e.organization)), e.location.clone()]);
                let mut bullets = e.details.clone();
                if !e.advisors.is_empty() {
                    let names: Vec<&str> = e.advisors.iter().map(|a| a.name.as_str()).collect();
                    bullets.insert(0, format!("Advised by {}", names.join(" and ")));
                }
                view! { <Entry title=e.degree.clone() subtitle=sub when=fmt_period(e.start, e.end) bullets=bullets/> }
            })
            .collect_view();
        view! { <Section id="education" title="Education"><ol class="timeline">{items}</ol></Section> }
    })
}

/// Awards and honours.
#[component]
pub fn AwardsSection(researcher: Researcher, dataset: std::sync::Arc<Dataset>) -> impl IntoView {
    (!researcher.awards.is_empty()).then(|| {
        let items = researcher
            .awards
            .iter()
            .map(|a| {
                let mut bullets: Vec<String> = a.details.iter().cloned().collect();
                if let Some(p) = a.publication.as_ref().and_then(|id| dataset.publications.iter().find(|p| &p.id == id)) {
                    bullets.push(format!("For “{}”", p.title));
                }
                view! { <Entry title=a.name.clone() subtitle=a.awarded_by.clone().unwrap_or_default() when=fmt_years(a.year, a.end_year) bullets=bullets/> }
            })
            .collect_view();
        view! { <Section id="awards" title="Awards and honours"><ul class="entries">{items}</ul></Section> }
    })
}

/// Invited talks.
#[component]
pub fn TalksSection(researcher: Researcher) -> impl IntoView {
    (!researcher.talks.is_empty()).then(|| {
        let items = researcher
            .talks
            .iter()
            .map(|t| {
                let sub = dot_join([t.host.clone(), t.location.clone()]);
                view! { <Entry title=t.title.clone() subtitle=sub when=t.year.map(|y| y.to_string()).unwrap_or_default() bullets=t.details.iter().cloned().collect()/> }
            })
            .collect_view();
        view! { <Section id="talks" title="Invited talks"><ul class="entries">{items}</ul></Section> }
    })
}

/// Software and projects.
#[component]
pub fn ProjectsSection(researcher: Researcher, dataset: std::sync::Arc<Dataset>) -> impl IntoView {
    (!researcher.projects.is_empty()).then(|| {
        let items = researcher
            .projects
            .iter()
            .map(|p| {
                let sub = dot_join([p.role.clone(), p.organization.as_ref().map(|o| org_name(&dataset, o))]);
                let mut bullets: Vec<String> = p.description.iter().cloned().collect();
                bullets.extend(p.bullets.iter().cloned());
                let link = p.links.iter().find_map(|l| safe_href(&l.url));
                view! {
                    <Entry title=p.name.clone() subtitle=sub when=p.year.map(|y| y.to_string()).unwrap_or_default() bullets=bullets/>
                    {link.map(|href| view! {
                        <li class="entry-link"><a href=href rel="noopener noreferrer" target="_blank">{format!("{} (link)", p.name)}</a></li>
                    })}
                }
            })
            .collect_view();
        view! { <Section id="projects" title="Software and projects"><ul class="entries">{items}</ul></Section> }
    })
}

/// Reviewing, committees and chairing.
#[component]
pub fn ServiceSection(researcher: Researcher) -> impl IntoView {
    (!researcher.service.is_empty()).then(|| {
        let items = researcher
            .service
            .iter()
            .map(|s| view! { <Entry title=format!("{}, {}", s.role, s.event) when=fmt_years(s.year, s.end_year)/> })
            .collect_view();
        view! { <Section id="service" title="Service"><ul class="entries">{items}</ul></Section> }
    })
}

/// Teaching.
#[component]
pub fn TeachingSection(researcher: Researcher, dataset: std::sync::Arc<Dataset>) -> impl IntoView {
    (!researcher.teaching.is_empty()).then(|| {
        let items = researcher
            .teaching
            .iter()
            .map(|t| {
                let title = match &t.code {
                    Some(c) => format!("{} ({c})", t.course),
                    None => t.course.clone(),
                };
                let sub = dot_join([
                    Some(t.role.clone()),
                    t.organization.as_ref().map(|o| org_name(&dataset, o)),
                ]);
                view! { <Entry title=title subtitle=sub when=fmt_period(t.start, t.end)/> }
            })
            .collect_view();
        view! { <Section id="teaching" title="Teaching"><ul class="entries">{items}</ul></Section> }
    })
}

/// Group members and advisees.
#[component]
pub fn GroupSection(researcher: Researcher) -> impl IntoView {
    (!researcher.group.is_empty()).then(|| {
        let items = researcher
            .group
            .iter()
            .map(|g| view! { <Entry title=g.name.clone() subtitle=g.role.clone() bullets=g.details.iter().cloned().collect()/> })
            .collect_view();
        view! { <Section id="group" title="Group and advisees"><ul class="entries two-col">{items}</ul></Section> }
    })
}

/// Leadership roles.
#[component]
pub fn LeadershipSection(researcher: Researcher) -> impl IntoView {
    (!researcher.leadership.is_empty()).then(|| {
        let items = researcher
            .leadership
            .iter()
            .map(|l| {
                let sub = dot_join([Some(l.body.clone()), l.location.clone()]);
                view! { <Entry title=l.role.clone() subtitle=sub when=fmt_period(l.start, l.end)/> }
            })
            .collect_view();
        view! { <Section id="leadership" title="Leadership"><ul class="entries">{items}</ul></Section> }
    })
}

/// Skills, grouped as the source groups them.
#[component]
pub fn SkillsSection(researcher: Researcher) -> impl IntoView {
    (!researcher.skills.is_empty()).then(|| {
        let items = researcher
            .skills
            .iter()
            .map(|g| view! { <div class="skill-group"><dt>{g.category.clone()}</dt><dd>{g.items.join(", ")}</dd></div> })
            .collect_view();
        view! { <Section id="skills" title="Skills"><dl class="skills">{items}</dl></Section> }
    })
}

/// Certifications and licences.
#[component]
pub fn CertificationsSection(researcher: Researcher) -> impl IntoView {
    (!researcher.certifications.is_empty()).then(|| {
        let items = researcher
            .certifications
            .iter()
            .map(|c| view! { <Entry title=c.name.clone() subtitle=c.issuer.clone().unwrap_or_default() when=c.year.map(|y| y.to_string()).unwrap_or_default()/> })
            .collect_view();
        view! { <Section id="certifications" title="Certifications"><ul class="entries">{items}</ul></Section> }
    })
}

/// One publication: title, authors (the owner emphasized, other members linked), venue, year,
/// type, honours and links.
#[component]
fn PublicationItem(
    publication: Publication,
    owner: String,
    dataset: std::sync::Arc<Dataset>,
) -> impl IntoView {
    let p = publication;
    let venue = p
        .venue
        .as_ref()
        .and_then(|v| dataset.venues.iter().find(|x| &x.id == v));
    let venue_line = match (venue, &p.booktitle) {
        (Some(v), Some(b)) if b != &v.short_name => format!("{} — {b}", v.short_name),
        (Some(v), _) => format!("{} — {}", v.short_name, v.name),
        (None, Some(b)) => b.clone(),
        (None, None) => String::new(),
    };
    let n = p.authors.len();
    let authors =
        p.authors
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let sep = if i + 1 == n { "" } else { ", " };
                let star = if a.equal_contribution { "*" } else { "" };
                let name = format!("{}{star}", a.name);
                let view = match &a.researcher {
                    Some(id) if id.0 == owner => view! { <strong>{name}</strong> }.into_any(),
                    Some(id) => view! { <a href=AppRoute::Profile(id.0.clone()).href()>{name}</a> }
                        .into_any(),
                    None => name.into_any(),
                };
                view! { {view}{sep} }
            })
            .collect_view();
    let mut links: Vec<(String, String)> = p
        .links
        .iter()
        .filter_map(|l| {
            let label = l
                .label
                .clone()
                .unwrap_or_else(|| link_label(l.kind).to_owned());
            safe_href(&l.url).map(|h| (h, label))
        })
        .collect();
    if let Some(ax) = p
        .arxiv
        .as_ref()
        .filter(|_| !p.links.iter().any(|l| l.kind == LinkKind::Arxiv))
    {
        links.push((format!("https://arxiv.org/abs/{ax}"), "arXiv".into()));
    }
    if let Some(doi) = p
        .doi
        .as_ref()
        .filter(|_| !p.links.iter().any(|l| l.kind == LinkKind::Doi))
    {
        links.push((format!("https://doi.org/{doi}"), "DOI".into()));
    }
    view! {
        <li class="publication" data-testid="publication">
            <span class="pub-title">{p.title.clone()}</span>
            <span class="pub-authors">{authors}{p.authors_incomplete.then_some(", et al.")}</span>
            <span class="pub-venue">{format!("{venue_line}{}{} · {}", if venue_line.is_empty() { "" } else { ", " }, p.year, p.kind.label())}</span>
            {(!p.honours.is_empty()).then(|| view! {
                <span class="badges">{p.honours.iter().map(|h| view! { <span class="badge">{h.clone()}</span> }).collect_view()}</span>
            })}
            {(!links.is_empty()).then(|| view! {
                <span class="pub-links">{links.into_iter().map(|(href, label)| view! {
                    <a href=href rel="noopener noreferrer" target="_blank">{label}</a>
                }).collect_view()}</span>
            })}
        </li>
    }
}

/// The text of a publication link.
fn link_label(kind: LinkKind) -> &'static str {
    match kind {
        LinkKind::Pdf => "PDF",
        LinkKind::Arxiv => "arXiv",
        LinkKind::Doi => "DOI",
        LinkKind::Code => "Code",
        LinkKind::Video => "Video",
        LinkKind::Blog => "Blog post",
        _ => "Link",
    }
}

/// The researcher's publications, grouped by year, newest first.
#[component]
pub fn PublicationsSection(
    researcher: Researcher,
    dataset: std::sync::Arc<Dataset>,
) -> impl IntoView {
    let mut pubs: Vec<Publication> = researcher
        .publications
        .iter()
        .filter_map(|id| dataset.publications.iter().find(|p| &p.id == id).cloned())
        .collect();
    (!pubs.is_empty()).then(|| {
        pubs.sort_by(|a, b| b.year.cmp(&a.year).then(b.month.cmp(&a.month)));
        let mut years: Vec<u16> = pubs.iter().map(|p| p.year).collect();
        years.dedup();
        let count = pubs.len();
        let groups = years
            .into_iter()
            .map(|y| {
                let items = pubs
                    .iter()
                    .filter(|p| p.year == y)
                    .map(|p| view! { <PublicationItem publication=p.clone() owner=researcher.id.0.clone() dataset=dataset.clone()/> })
                    .collect_view();
                view! { <h3 class="pub-year">{y}</h3><ol class="publications">{items}</ol> }
            })
            .collect_view();
        view! {
            <Section id="publications" title="Publications">
                <p class="section-count">{format!("{count} publication{}", if count == 1 { "" } else { "s" })}</p>
                {groups}
            </Section>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_read_naturally() {
        let d = |s: &str| s.parse::<PartialDate>().unwrap();
        assert_eq!(
            fmt_period(Some(d("2021-08")), Some(EndDate::Date(d("2025")))),
            "Aug 2021 – 2025"
        );
        assert_eq!(
            fmt_period(Some(d("2024")), Some(EndDate::Present)),
            "2024 – present"
        );
        assert_eq!(
            fmt_period(Some(d("2018")), Some(EndDate::Date(d("2018")))),
            "2018"
        );
        assert_eq!(fmt_period(None, Some(EndDate::Date(d("2012")))), "2012");
        assert_eq!(fmt_period(None, None), "");
        assert_eq!(fmt_years(Some(2012), Some(2016)), "2012 – 2016");
        assert_eq!(fmt_years(Some(2024), None), "2024");
    }
}
