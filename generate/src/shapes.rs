//! Directory shapes beside the research directory [`super::generate`] makes.
//!
//! The **faculty list** ([`faculty_list`]) is shaped like a national list of computer-science
//! faculty (CSRankings' lists about 24,000 people at about 650 institutions): many organizations
//! with a long tail (a few with hundreds of people, most with a handful), most people known only
//! by a name, a title, an organization and a homepage — no publications, no topics, no career —
//! long names (middle names, double surnames, particles) and several spellings each. A fifth of
//! the people keep the research directory's full records and papers, as the members of the few
//! groups that publish their data would.
//!
//! It is made from the research directory of the same size and seed: the fifth with the most
//! papers keep theirs; everyone else loses their papers (a paper left without a directory
//! author goes), topics and career, and gets an organization drawn from the long tail, a
//! faculty title, a longer name and other spellings. The same seed gives the same bytes.

use std::collections::{HashMap, HashSet};

use research_atlas::model::{
    CareerStage, Dataset, OrgId, OrgKind, Organization, PartialDate, Position,
};

use super::rng::{Rng, Weighted};
use super::words::*;
use atlas_import::names::slug;

/// Mixed into the seed for the faculty list's own draws.
const FACULTY_STREAM: u64 = 0x00fa_c017_7157;
/// How many organizations the list has.
pub const ORGANIZATIONS: usize = 650;
/// The share of people who keep their full records and papers.
const ACTIVE: f64 = 0.2;
/// How organizations' sizes fall along their order: as 1 / (rank + [`ORG_OFFSET`])^[`ORG_SKEW`],
/// so at 24,000 people the largest has about 380, the tenth about 280, the median about 14 and
/// the last about 5 (a national list's shape: a few large departments, a long tail of small
/// ones).
const ORG_SKEW: f64 = 1.5;
const ORG_OFFSET: f64 = 40.0;

/// More ways to name a university than the research directory's, for the long tail.
const MORE_UNIVERSITIES: &[&str] = &[
    "{} College",
    "College of {}",
    "{} School of Engineering",
    "Université de {}",
    "{} Institute of Science",
    "{} Metropolitan University",
    "{} Technological University",
];

/// Faculty titles, by how often a list has them.
const TITLES: [(&str, f64); 6] = [
    ("Professor", 34.0),
    ("Associate Professor", 24.0),
    ("Assistant Professor", 26.0),
    ("Lecturer", 7.0),
    ("Research Professor", 5.0),
    ("Professor Emeritus", 4.0),
];

/// Particles and second surnames that make names long.
const PARTICLES: &[&str] = &["van der", "de la", "von", "da", "del", "bin", "ter"];

/// A faculty list of `researchers` people from `seed`.
pub fn faculty_list(researchers: usize, seed: u64) -> Dataset {
    let mut d = super::generate(researchers, seed);
    let mut rng = Rng::new(seed ^ FACULTY_STREAM);
    add_universities(&mut d.organizations, &mut rng);

    // The fifth with the most papers keep everything.
    let mut by_papers: Vec<usize> = (0..d.researchers.len()).collect();
    by_papers.sort_by_key(|&i| (std::cmp::Reverse(d.researchers[i].publications.len()), i));
    let keep = (researchers as f64 * ACTIVE).round() as usize;
    let active: HashSet<String> = (by_papers[..keep.min(by_papers.len())].iter())
        .map(|&i| d.researchers[i].id.0.clone())
        .collect();

    // Papers keep only their active members; a paper with none goes.
    for p in &mut d.publications {
        for a in &mut p.authors {
            if a.researcher
                .as_ref()
                .is_some_and(|r| !active.contains(&r.0))
            {
                a.researcher = None;
            }
        }
    }
    d.publications
        .retain(|p| p.authors.iter().any(|a| a.researcher.is_some()));
    let papers: HashSet<String> = d.publications.iter().map(|p| p.id.0.clone()).collect();

    // Organizations in an order of their own, sizes falling along it.
    let mut orgs: Vec<usize> = (0..d.organizations.len())
        .filter(|&i| d.organizations[i].kind == OrgKind::University)
        .collect();
    rng.shuffle(&mut orgs);
    let org_pick =
        Weighted::new((1..=orgs.len()).map(|r| 1.0 / (r as f64 + ORG_OFFSET).powf(ORG_SKEW)));
    let title_pick = Weighted::new(TITLES.iter().map(|t| t.1));
    let org_names: HashMap<OrgId, String> = (d.organizations.iter())
        .map(|o| (o.id.clone(), o.name.clone()))
        .collect();

    for r in &mut d.researchers {
        r.publications.retain(|id| papers.contains(&id.0));
        r.awards
            .retain(|a| a.publication.as_ref().is_none_or(|p| papers.contains(&p.0)));
        if active.contains(&r.id.0) {
            continue;
        }
        r.publications = Vec::new();
        let org = d.organizations[orgs[org_pick.sample(&mut rng)]].id.clone();
        let title = TITLES[title_pick.sample(&mut rng)].0;
        let start = 1985 + rng.below(41) as u16;
        r.career_stage = CareerStage::Faculty;
        r.title = Some(title.to_owned());
        r.positions = vec![Position {
            organization: org.clone(),
            organization_name: None,
            title: title.to_owned(),
            team: None,
            location: None,
            start: Some(PartialDate::year(start)),
            end: None,
            bullets: Vec::new(),
        }];
        r.education = Vec::new();
        r.advisors = Vec::new();
        r.topics = Vec::new();
        r.interests = Vec::new();
        r.awards = Vec::new();
        r.department = None;
        r.location = None;
        r.links
            .retain(|l| l.kind == research_atlas::model::LinkKind::Homepage);
        let (long, spellings) = longer_name(&r.name, &mut rng);
        r.summary = format!("{long} is {title} at {}.", org_names[&org]);
        r.organization = Some(org);
        r.name = long;
        r.alternative_names = spellings;
    }
    // Advisors who are no longer anyone's advisor by id keep their names.
    d
}

/// Universities added to `orgs` until there are [`ORGANIZATIONS`] organizations.
fn add_universities(orgs: &mut Vec<Organization>, rng: &mut Rng) {
    let mut taken: HashSet<String> = orgs.iter().map(|o| o.id.0.clone()).collect();
    let patterns: Vec<&str> = (UNIVERSITY_PATTERNS.iter().chain(MORE_UNIVERSITIES))
        .copied()
        .collect();
    let mut tries = 0;
    while orgs.len() < ORGANIZATIONS && tries < 100_000 {
        tries += 1;
        let (city, _, country) = *rng.pick(PLACES);
        let name = rng.pick(&patterns).replace("{}", city);
        let id = slug(&name);
        if !taken.insert(id.clone()) {
            continue;
        }
        orgs.push(Organization {
            translations: Default::default(),
            url: Some(format!("https://example.org/orgs/{id}")),
            id: OrgId(id),
            name,
            short_name: None,
            aliases: Vec::new(),
            kind: OrgKind::University,
            country: Some(country.to_owned()),
        });
    }
}

/// A longer form of `name` (a middle name, a particle, a second surname) and other spellings
/// of it: initials, the name without the additions, "Last, First".
fn longer_name(name: &str, rng: &mut Rng) -> (String, Vec<String>) {
    let words: Vec<&str> = name.split_whitespace().collect();
    let (first, last) = (words[0], words[words.len() - 1]);
    let middle = *rng.pick(FIRST_NAMES);
    let mut long = match rng.below(4) {
        0 => format!("{first} {middle} {last}"),
        1 => format!("{first} {} {last}", rng.pick(PARTICLES)),
        2 => format!("{first} {last}-{}", rng.pick(LAST_NAMES)),
        _ => format!("{first} {middle} {} {last}", rng.pick(PARTICLES)),
    };
    if rng.chance(0.3) {
        long = format!("{long} {}", rng.pick(LAST_NAMES));
    }
    let parts: Vec<&str> = long.split_whitespace().collect();
    let surname = parts[1..].join(" ");
    let initials: String = (parts[..parts.len() - 1].iter())
        .map(|w| format!("{}. ", w.chars().next().unwrap_or('?')))
        .collect();
    let mut spellings = vec![
        format!("{first} {last}"),
        format!("{}{}", initials, parts[parts.len() - 1]),
        format!("{surname}, {first}"),
    ];
    spellings.truncate(1 + rng.below(3));
    spellings.retain(|s| *s != long);
    spellings.dedup();
    (long, spellings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_faculty_list_has_a_long_tail_of_organizations_and_mostly_bare_records() {
        let d = faculty_list(3_000, 1);
        let problems = research_atlas::model::validate(&d, 2027);
        assert!(
            problems
                .iter()
                .all(|p| p.severity != research_atlas::model::Severity::Error),
            "{:?}",
            problems.iter().take(5).collect::<Vec<_>>()
        );
        assert_eq!(d.organizations.len(), ORGANIZATIONS);
        let mut sizes: HashMap<&str, usize> = HashMap::new();
        for r in &d.researchers {
            *sizes
                .entry(r.organization.as_ref().unwrap().as_str())
                .or_default() += 1;
        }
        let mut sizes: Vec<usize> = sizes.into_values().collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        assert!(
            sizes.len() > 250,
            "{} organizations have people",
            sizes.len()
        );
        // A few large, a long tail of small (at 3,000 people: about 50 the largest).
        assert!(sizes[0] > 4 * sizes[sizes.len() / 2], "{sizes:?}");
        assert!(sizes[sizes.len() - 1] * 10 < sizes[0], "{sizes:?}");
        let bare = (d.researchers.iter())
            .filter(|r| r.publications.is_empty() && r.topics.is_empty())
            .count();
        assert!(bare * 10 >= d.researchers.len() * 7, "{bare}");
        let spelled = (d.researchers.iter())
            .filter(|r| !r.alternative_names.is_empty())
            .count();
        assert!(spelled * 10 >= d.researchers.len() * 7, "{spelled}");
        let mean_name =
            d.researchers.iter().map(|r| r.name.len()).sum::<usize>() / d.researchers.len();
        assert!(mean_name >= 18, "{mean_name}");
        // The same seed, the same list.
        assert_eq!(
            super::super::to_json(&d),
            super::super::to_json(&faculty_list(3_000, 1))
        );
    }
}
