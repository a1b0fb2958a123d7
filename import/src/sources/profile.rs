//! What a source says about the person, brought into their record by the rule of refreshing
//! in place: only what is missing is added, nothing the record has is changed.
//!
//! | source gives | the record gets |
//! | --- | --- |
//! | other names | each spelling it lacks, in `alternative_names` (so papers printed that way link) |
//! | identifiers in other sources | an identifier link of each kind it has none of |
//! | web addresses | a homepage when it has none; other addresses as links it lacks |
//! | keywords | `interests`, when it has none |
//! | ORCID employments and educations | each position and degree it lacks (same organization and start); an organization the vocabulary lacks is added ([`super::organizations`]), so none is lost; an employment without a role or an education without a degree is left out and reported |
//! | ORCID's current job (an employment going on, `present`; of several, the latest start) | `organization`, when it has none (a roster named none) |
//! | OpenAlex affiliations | nothing: the years OpenAlex saw papers from an organization are not a job; an affiliation no position explains is reported. The institution's country (`country_code`) fills the country of an organization of the record's it names (same name), when the vocabulary has none; another country is reported |
//! | a biography | nothing: the summary is kept (reported when there is one) |
//!
//! The record also lists the document among its `sources`.
//!
//! The organization of each position and degree: [`super::organizations`].

use research_atlas::model::{
    CareerStage, Dataset, Education, EndDate, Link, LinkKind, OrgId, OrgKind, Origin, PartialDate,
    Position, Researcher, ResearcherId, Source,
};

use super::organizations::{country_of, org, spellings};
use super::record::{Affiliation, Profile};
use crate::names::match_key;
use crate::researchers::kind_by_name;

/// What bringing a profile did and noticed, each a line for the report.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Told {
    /// What changed in the record.
    pub changes: Vec<String>,
    /// What to check in it: values left out, facts the record does not explain.
    pub notes: Vec<String>,
    /// Where the record and the document differ and the record's value was kept.
    pub conflicts: Vec<String>,
}

/// Brings `profile`, read from `document` (`orcid/0000-….json`), into `id`'s record. Returns
/// what changed and what was noticed.
pub fn bring(
    dataset: &mut Dataset,
    id: &ResearcherId,
    origin: Origin,
    profile: &Profile,
    document: &str,
) -> Told {
    let mut told = Told::default();
    let Told {
        changes,
        notes,
        conflicts,
    } = &mut told;
    let careers = if origin == Origin::Orcid {
        careers(dataset, profile, changes, notes)
    } else {
        Careers::default()
    };
    let Some(r) = dataset.researchers.iter_mut().find(|r| &r.id == id) else {
        return told;
    };
    names(r, profile, changes);
    identifiers(r, profile, changes, conflicts);
    urls(r, profile, changes, notes);
    if r.interests.is_empty() && !profile.keywords.is_empty() {
        r.interests = profile.keywords.clone();
        changes.push(format!("interests: {}", profile.keywords.join(", ")));
    }
    if profile.biography.is_some() {
        notes.push(format!(
            "{} has a biography; the summary was kept (copy from it by hand)",
            origin.label(&research_atlas::lang::EN)
        ));
    }
    let label = origin.label(&research_atlas::lang::EN);
    if let Some((org, name)) = careers.current
        && r.organization.is_none()
    {
        changes.push(format!(
            "organization: {org} (the current job at {name}, {label})"
        ));
        r.organization = Some(org);
    }
    for p in careers.positions {
        let same = |q: &&Position| q.organization == p.organization && q.start == p.start;
        match r.positions.iter().find(same) {
            None => {
                changes.push(format!("position: {} at {}", p.title, p.organization));
                r.positions.push(p);
            }
            Some(have) => {
                let what = format!("the position at {} from {}", p.organization, when(p.start));
                differs(
                    &what,
                    "end",
                    &when_end(have.end),
                    &when_end(p.end),
                    label,
                    conflicts,
                );
                differs(&what, "title", &have.title, &p.title, label, conflicts);
            }
        }
    }
    for e in careers.degrees {
        let same = |q: &&Education| q.organization == e.organization && q.start == e.start;
        match r.education.iter().find(same) {
            None => {
                changes.push(format!("education: {} at {}", e.degree, e.organization));
                r.education.push(e);
            }
            Some(have) => {
                let what = format!("the degree at {} from {}", e.organization, when(e.start));
                differs(
                    &what,
                    "end",
                    &when_end(have.end),
                    &when_end(e.end),
                    label,
                    conflicts,
                );
            }
        }
    }
    if origin == Origin::Openalex {
        affiliations(dataset, id, profile, &mut told);
    }
    if let Some(r) = dataset.researchers.iter_mut().find(|r| &r.id == id)
        && !r.sources.iter().any(|s| s.document == document)
    {
        r.sources.push(Source {
            document: document.to_owned(),
            note: Some(format!(
                "{} record",
                origin.label(&research_atlas::lang::EN)
            )),
        });
        told.changes.push(format!("source: {document}"));
    }
    told
}

/// A conflict when the record's `have` and the source's `give` differ (both known).
fn differs(
    what: &str,
    field: &str,
    have: &str,
    give: &str,
    label: &str,
    conflicts: &mut Vec<String>,
) {
    if have != give && have != "unknown" && give != "unknown" {
        conflicts.push(format!(
            "{what}: {field} {have:?} in the record against {give:?} ({label}); kept the record's"
        ));
    }
}

fn when(d: Option<research_atlas::model::PartialDate>) -> String {
    d.map_or_else(|| "an unknown date".to_owned(), |d| d.to_string())
}

fn when_end(e: Option<EndDate>) -> String {
    match e {
        Some(EndDate::Present) => "present".to_owned(),
        Some(EndDate::Date(d)) => d.to_string(),
        None => "unknown".to_owned(),
    }
}

fn names(r: &mut Researcher, profile: &Profile, changes: &mut Vec<String>) {
    for name in profile.name.iter().chain(&profile.other_names) {
        let key = match_key(name);
        let known = std::iter::once(&r.name)
            .chain(&r.alternative_names)
            .chain(&r.native_name)
            .any(|n| match_key(n) == key);
        if !known && !key.is_empty() {
            r.alternative_names.push(name.clone());
            changes.push(format!("alternative name {name:?}"));
        }
    }
}

fn identifiers(
    r: &mut Researcher,
    profile: &Profile,
    changes: &mut Vec<String>,
    conflicts: &mut Vec<String>,
) {
    for (origin, value) in &profile.identifiers {
        let kind = match origin {
            Origin::Orcid => LinkKind::Orcid,
            Origin::Dblp => LinkKind::Dblp,
            Origin::Openalex => LinkKind::Openalex,
        };
        if let Some(have) = r.links.iter().find(|l| l.kind == kind) {
            if have
                .identifier()
                .is_some_and(|h| !h.eq_ignore_ascii_case(value.trim()))
            {
                conflicts.push(format!(
                    "{} id {} in the record against {value} (this document); kept the record's",
                    origin.label(&research_atlas::lang::EN),
                    have.identifier().unwrap_or_default()
                ));
            }
            continue;
        }
        if let Some(link) = Link::for_identifier(kind, value)
            && research_atlas::model::validate::check_url(&link.url).is_ok()
            && research_atlas::model::validate::check_identifier_link(kind, &link.url).is_ok()
        {
            changes.push(format!(
                "{} link {}",
                origin.label(&research_atlas::lang::EN),
                link.url
            ));
            r.links.push(link);
        }
    }
}

fn urls(r: &mut Researcher, profile: &Profile, changes: &mut Vec<String>, notes: &mut Vec<String>) {
    for u in &profile.urls {
        if r.links.iter().any(|l| same_url(&l.url, &u.url)) {
            continue;
        }
        if let Err(why) = research_atlas::model::validate::check_url(&u.url) {
            notes.push(format!("address {:?} left out: {why}", u.url));
            continue;
        }
        let home = !r.links.iter().any(|l| l.kind == LinkKind::Homepage)
            && u.label.as_deref().is_none_or(|l| {
                let l = l.to_lowercase();
                l.contains("home") || l.contains("personal") || l.contains("website")
            });
        let kind = if home {
            LinkKind::Homepage
        } else {
            LinkKind::Other
        };
        changes.push(format!("link {}", u.url));
        r.links.push(Link {
            kind,
            url: u.url.clone(),
            label: if home { None } else { u.label.clone() },
        });
    }
}

/// The same address but for the scheme, a `www.` and a final slash.
fn same_url(a: &str, b: &str) -> bool {
    let fold = |u: &str| {
        let u = u.trim().to_ascii_lowercase();
        let u = u
            .split_once("://")
            .map_or(u.clone(), |(_, rest)| rest.to_owned());
        let u = u.strip_prefix("www.").unwrap_or(&u).to_owned();
        u.trim_end_matches('/').to_owned()
    };
    fold(a) == fold(b)
}

/// ORCID's career: positions and degrees, and the current job's organization with its name.
#[derive(Default)]
struct Careers {
    positions: Vec<Position>,
    degrees: Vec<Education>,
    current: Option<(OrgId, String)>,
}

/// ORCID's employments and educations as positions and degrees, each at an organization found
/// in the vocabulary or added ([`org`]); one without a role or degree is reported.
fn careers(
    dataset: &mut Dataset,
    profile: &Profile,
    changes: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Careers {
    let mut careers = Careers::default();
    let mut seen = Vec::new();
    let current = current_job(&profile.employments);
    for (i, a) in profile.employments.iter().enumerate() {
        let role = a.role.clone().filter(|r| !r.trim().is_empty());
        if role.is_none() {
            notes.push(format!(
                "employment at {:?} left out: no role",
                a.organization
            ));
            if current != Some(i) {
                continue;
            }
        }
        let org = org(dataset, a, OrgKind::Lab, &mut seen, changes, notes);
        if current == Some(i) {
            careers.current = Some((org.clone(), a.organization.clone()));
        }
        let Some(role) = role else {
            continue;
        };
        careers.positions.push(Position {
            organization: org,
            organization_name: None,
            title: role,
            team: a.department.clone(),
            location: a.location.clone(),
            start: a.start,
            end: a.end,
            bullets: Vec::new(),
        });
    }
    for a in &profile.educations {
        let Some(degree) = a.role.clone().filter(|r| !r.trim().is_empty()) else {
            notes.push(format!(
                "education at {:?} left out: no degree",
                a.organization
            ));
            continue;
        };
        let org = org(dataset, a, OrgKind::University, &mut seen, changes, notes);
        careers.degrees.push(Education {
            organization: org,
            degree,
            location: a.location.clone(),
            start: a.start,
            end: a.end,
            advisors: Vec::new(),
            details: a.department.iter().cloned().collect(),
        });
    }
    careers
}

/// The current job: of the employments going on (`present`), the one that began last (the
/// first of equals, ORCID listing the newest first).
fn current_job(employments: &[Affiliation]) -> Option<usize> {
    let mut best: Option<(usize, Option<PartialDate>)> = None;
    for (i, a) in employments.iter().enumerate() {
        if a.end == Some(EndDate::Present) && best.is_none_or(|(_, start)| a.start > start) {
            best = Some((i, a.start));
        }
    }
    best.map(|(i, _)| i)
}

/// Reports each OpenAlex affiliation whose years no position or degree of the record explains;
/// one that names an organization of the record's gives it its country when it has none.
fn affiliations(dataset: &mut Dataset, id: &ResearcherId, profile: &Profile, told: &mut Told) {
    let Some(r) = dataset.researcher(id) else {
        return;
    };
    let mine: Vec<&OrgId> = (r.positions.iter().map(|p| &p.organization))
        .chain(r.education.iter().map(|e| &e.organization))
        .chain(&r.organization)
        .collect();
    let mut countries: Vec<(OrgId, String)> = Vec::new();
    for a in &profile.employments {
        let key = match_key(&a.organization);
        let here = mine.iter().find(|org| {
            dataset
                .organization(org)
                .is_some_and(|o| spellings(o).any(|n| match_key(n) == key))
        });
        if let Some(org) = here {
            if let Some(c) = country_of(a.location.as_deref())
                && !countries.iter().any(|(o, _)| o == *org)
            {
                countries.push(((*org).clone(), c));
            }
            continue;
        }
        let years = match (a.start, a.end) {
            (Some(s), Some(EndDate::Date(e))) if s.year != e.year => {
                format!(" in {}–{}", s.year, e.year)
            }
            (Some(s), _) => format!(" in {}", s.year),
            _ => String::new(),
        };
        told.notes.push(format!(
            "OpenAlex saw papers from {}{years}; no position or degree of the record is there",
            a.organization
        ));
    }
    for (org, c) in countries {
        let Some(o) = dataset.organizations.iter_mut().find(|o| o.id == org) else {
            continue;
        };
        match &o.country {
            None => {
                (told.changes).push(format!("organization {org}: country {c} (OpenAlex)"));
                o.country = Some(c);
            }
            Some(have) if *have != c => told.conflicts.push(format!(
                "organization {org}: country {have} in the vocabulary against {c} (OpenAlex); kept the vocabulary's"
            )),
            Some(_) => {}
        }
    }
}

/// The career stage a source's record says the person is at now, with the words that say it:
/// a current job's title ("PhD Student", "Postdoctoral Fellow", "Assistant Professor"), a
/// current job at a company, or a current degree. `None` when nothing current says it.
pub fn stage_of(profile: &Profile) -> Option<(CareerStage, String)> {
    let current = |a: &&Affiliation| a.end == Some(EndDate::Present);
    for a in profile.employments.iter().filter(current) {
        let role = a.role.as_deref().unwrap_or("");
        let r = role.to_lowercase();
        let stage = if r.contains("phd") || r.contains("ph.d") || r.contains("doctoral cand") {
            Some(CareerStage::PhdStudent)
        } else if r.contains("postdoc") || r.contains("post-doc") || r.contains("postdoctoral") {
            Some(CareerStage::Postdoc)
        } else if r.contains("professor") || r.contains("lecturer") || r.contains("faculty") {
            Some(CareerStage::Faculty)
        } else if r.contains("student") {
            Some(CareerStage::Student)
        } else if kind_by_name(&a.organization) == Some(OrgKind::Company) {
            Some(CareerStage::Industry)
        } else {
            None
        };
        if let Some(stage) = stage {
            let what = if role.is_empty() { "a job" } else { role };
            return Some((stage, format!("{what:?} at {} (current)", a.organization)));
        }
    }
    let a = profile.educations.iter().find(current)?;
    let degree = a.role.as_deref().unwrap_or("");
    let d = degree.to_lowercase();
    let doctoral = ["phd", "ph.d", "doctor", "dphil"]
        .iter()
        .any(|w| d.contains(w));
    let stage = if doctoral {
        CareerStage::PhdStudent
    } else {
        CareerStage::Student
    };
    Some((
        stage,
        format!("studying for {degree:?} at {} (current)", a.organization),
    ))
}

#[cfg(test)]
mod tests {
    use research_atlas::model::{CareerStage, EndDate, PartialDate};

    use super::*;

    fn at(org: &str, role: &str, end: Option<EndDate>) -> Affiliation {
        Affiliation {
            organization: org.into(),
            role: Some(role.into()),
            start: Some(PartialDate {
                year: 2020,
                month: None,
            }),
            end,
            ..Affiliation::default()
        }
    }

    #[test]
    fn the_stage_is_what_a_current_job_or_degree_says() {
        let now = Some(EndDate::Present);
        let ended = Some(EndDate::Date(PartialDate {
            year: 2021,
            month: None,
        }));
        let cases = [
            (
                vec![at("University of X", "PhD Student", now)],
                vec![],
                Some(CareerStage::PhdStudent),
            ),
            (
                vec![at("X Institute", "Postdoctoral Fellow", now)],
                vec![],
                Some(CareerStage::Postdoc),
            ),
            (
                vec![at("University of X", "Assistant Professor", now)],
                vec![],
                Some(CareerStage::Faculty),
            ),
            (
                vec![at("Acme Inc.", "Research Scientist", now)],
                vec![],
                Some(CareerStage::Industry),
            ),
            (
                vec![at("University of X", "Research Assistant", now)],
                vec![],
                None,
            ),
            (
                vec![at("University of X", "Professor", ended)],
                vec![],
                None,
            ),
            (
                vec![],
                vec![at("University of X", "PhD in Computer Science", now)],
                Some(CareerStage::PhdStudent),
            ),
            (
                vec![],
                vec![at("University of X", "BSc", now)],
                Some(CareerStage::Student),
            ),
            (vec![], vec![at("University of X", "PhD", ended)], None),
        ];
        for (employments, educations, want) in cases {
            let p = Profile {
                employments: employments.clone(),
                educations,
                ..Profile::default()
            };
            assert_eq!(stage_of(&p).map(|(s, _)| s), want, "{employments:?}");
        }
    }
}
