//! The people and papers the source documents describe, decided once so that every document
//! tells the same story: each person's identifiers, careers and keywords, and each paper's
//! authors, title, venue, DOI, preprint and citations, whichever co-author's documents list it.

use std::collections::HashSet;

use research_atlas::model::Dataset;

use super::lists::*;
use crate::rng::Rng;
use crate::words::*;
use atlas_import::names::{match_key, slug};

/// The share of papers written with other people on the roster, and how far down the roster
/// a co-author is drawn from (a research group).
const SHARED: f64 = 0.4;
const GROUP: usize = 40;

/// A person on the roster.
pub(super) struct Person {
    /// Given name.
    pub first: &'static str,
    /// Family name.
    pub last: &'static str,
    /// "First Last".
    pub name: String,
    /// ORCID iD.
    pub orcid: String,
    /// dblp pid, `NN/NNNN`.
    pub pid: String,
    /// OpenAlex author id, `A5…`.
    pub openalex: String,
    /// dblp prints their name with a homonym number (" 0001").
    pub homonym: bool,
    /// ORCID keywords.
    pub keywords: Vec<&'static str>,
    /// Jobs, newest first; the first has no end.
    pub jobs: Vec<Stint>,
    /// Degrees, newest first.
    pub degrees: Vec<Stint>,
    /// Their homepage, for some.
    pub homepage: Option<String>,
    /// The papers they are an author of, by index, newest first.
    pub papers: Vec<usize>,
}

/// A time at an organization of [`ORGS`]: a job or a degree.
pub(super) struct Stint {
    /// The organization, a position in [`ORGS`].
    pub org: usize,
    /// The job's title or the degree.
    pub role: &'static str,
    /// The department, when given.
    pub department: Option<&'static str>,
    /// Year and month it began.
    pub start: (u16, u8),
    /// Year and month it ended; none for the current job.
    pub end: Option<(u16, u8)>,
}

/// Someone from outside the roster who writes with people on it.
pub(super) struct Outsider {
    /// "First Last".
    pub name: String,
    /// dblp pid.
    pub pid: String,
    /// OpenAlex author id.
    pub openalex: String,
}

/// An author of a paper.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Author {
    /// A position on the roster.
    Member(usize),
    /// A position in the outsiders.
    Outside(usize),
}

/// One paper, as every source lists it.
pub(super) struct Paper {
    /// Authors in printed order.
    pub authors: Vec<Author>,
    /// The title, without a final period.
    pub title: String,
    /// Year of publication.
    pub year: u16,
    /// Month of publication, 1 to 12.
    pub month: u8,
    /// A position in [`VENUES`].
    pub venue: usize,
    /// Its DOI, for most.
    pub doi: Option<String>,
    /// Its arXiv id, when dblp lists its CoRR preprint too.
    pub arxiv: Option<String>,
    /// OpenAlex lists the preprint as a work of its own.
    pub openalex_preprint: bool,
    /// First and last page.
    pub pages: (u16, u16),
    /// OpenAlex's citation count.
    pub cited_by: u32,
    /// An abstract, for some.
    pub abstract_text: Option<String>,
    /// dblp's key, `conf/osdi/OkaforL23`.
    pub key: String,
    /// OpenAlex's work id, `W…`.
    pub work: String,
    /// OpenAlex's id of its preprint.
    pub preprint_work: String,
}

/// Everything the documents describe.
pub(super) struct Plan {
    /// The roster, in order.
    pub people: Vec<Person>,
    /// Co-authors from outside the roster.
    pub outsiders: Vec<Outsider>,
    /// Every paper, once.
    pub papers: Vec<Paper>,
}

/// The plan for `count` people whose names are no one's in `dataset`.
pub(super) fn plan(count: usize, seed: u64, dataset: &Dataset) -> Plan {
    let mut rng = Rng::new(seed ^ 0x0050_u64.rotate_left(40) ^ 0x5EED_D0C5);
    let mut taken: HashSet<String> = (dataset.researchers.iter())
        .flat_map(|r| std::iter::once(&r.name).chain(&r.alternative_names))
        .map(|n| match_key(n))
        .collect();
    let mut people: Vec<Person> = (0..count)
        .map(|i| person(i, &mut taken, &mut rng))
        .collect();
    let outsiders: Vec<Outsider> = (0..count.max(10))
        .map(|k| {
            let name = fresh_name(&mut taken, &mut rng).2;
            Outsider {
                name,
                pid: format!("{}/{}", 10 + k % 90, 5000 + k),
                openalex: format!("A5{:09}", 900_000_000 + k),
            }
        })
        .collect();
    let targets: Vec<usize> = (0..count).map(|_| 10 + rng.below(71)).collect();
    let mut papers: Vec<Paper> = Vec::new();
    let mut titles: HashSet<String> = HashSet::new();
    let mut keys: HashSet<String> = HashSet::new();
    for p in 0..count {
        while people[p].papers.len() < targets[p] {
            let mut members = vec![p];
            if rng.chance(SHARED) {
                for _ in 0..1 + rng.below(3) {
                    let q = p + 1 + rng.below(GROUP);
                    if q < count && people[q].papers.len() < targets[q] && !members.contains(&q) {
                        members.push(q);
                    }
                }
            }
            let n = papers.len();
            let paper = paper(
                n,
                members,
                &people,
                &outsiders,
                &mut titles,
                &mut keys,
                &mut rng,
            );
            for a in &paper.authors {
                if let Author::Member(m) = a {
                    people[*m].papers.push(n);
                }
            }
            papers.push(paper);
        }
    }
    for person in &mut people {
        person
            .papers
            .sort_by_key(|&n| (std::cmp::Reverse(papers[n].year), n));
    }
    Plan {
        people,
        outsiders,
        papers,
    }
}

/// A name no one has yet: (first, last, "First Last").
fn fresh_name(taken: &mut HashSet<String>, rng: &mut Rng) -> (&'static str, &'static str, String) {
    loop {
        let first = *rng.pick(FIRST_NAMES);
        let last = *rng.pick(LAST_NAMES);
        let name = format!("{first} {last}");
        if taken.insert(match_key(&name)) {
            return (first, last, name);
        }
    }
}

/// Person `i`: a name, identifiers, a career of one or two degrees and one to three jobs.
fn person(i: usize, taken: &mut HashSet<String>, rng: &mut Rng) -> Person {
    let (first, last, name) = fresh_name(taken, rng);
    let phd_start = 1996 + rng.below(18) as u16;
    let phd_end = phd_start + 4 + rng.below(3) as u16;
    let mut degrees = vec![Stint {
        org: rng.below(FIRST_NON_UNIVERSITY),
        role: "PhD",
        department: Some(DEPARTMENTS_HERE[0]),
        start: (phd_start, 9),
        end: Some((phd_end, 6)),
    }];
    if rng.chance(0.5) {
        degrees.push(Stint {
            org: rng.below(FIRST_NON_UNIVERSITY),
            role: "MSc",
            department: None,
            start: (phd_start - 2, 9),
            end: Some((phd_start, 6)),
        });
    }
    let mut jobs = Vec::new();
    let mut year = phd_end;
    for k in 0..1 + rng.below(3) {
        let industry = rng.chance(0.3);
        let (org, role) = if industry {
            (
                FIRST_NON_UNIVERSITY + rng.below(ORGS.len() - FIRST_NON_UNIVERSITY),
                *rng.pick(SCIENTISTS),
            )
        } else if k == 0 && rng.chance(0.5) {
            (rng.below(FIRST_NON_UNIVERSITY), "Postdoctoral Researcher")
        } else {
            (rng.below(FIRST_NON_UNIVERSITY), PROFESSORS[k.min(2)])
        };
        let start = (year, 1 + rng.below(12) as u8);
        year = (year + 2 + rng.below(5) as u16).min(2025);
        jobs.push(Stint {
            org,
            role,
            department: (!industry && rng.chance(0.7)).then(|| *rng.pick(DEPARTMENTS_HERE)),
            start,
            end: Some((year, 1 + rng.below(12) as u8)),
        });
        if year >= 2025 {
            break;
        }
    }
    if let Some(last_job) = jobs.last_mut() {
        last_job.end = None;
    }
    jobs.reverse();
    degrees.sort_by_key(|d| std::cmp::Reverse(d.start));
    let keywords = (0..2 + rng.below(3)).map(|_| *rng.pick(TOPICS)).collect();
    Person {
        first,
        last,
        homonym: rng.chance(0.05),
        homepage: rng
            .chance(0.6)
            .then(|| format!("https://example.org/~{}/", slug(&name))),
        name,
        orcid: orcid(i),
        pid: format!("{}/{}", 10 + i % 90, 1000 + i),
        openalex: format!("A5{:09}", 100_000 + i),
        keywords,
        jobs,
        degrees,
        papers: Vec::new(),
    }
}

/// Paper `n` of `members` (roster positions), with outside co-authors and a title no other
/// paper has.
fn paper(
    n: usize,
    mut members: Vec<usize>,
    people: &[Person],
    outsiders: &[Outsider],
    titles: &mut HashSet<String>,
    keys: &mut HashSet<String>,
    rng: &mut Rng,
) -> Paper {
    let year = 2006 + rng.below(20) as u16;
    let mut title = String::new();
    for attempt in 0.. {
        let topic = *rng.pick(TOPICS);
        let (t, _) = crate::papers::title(topic, rng);
        title = if attempt < 8 {
            t
        } else {
            format!("{t}, Part {n}")
        };
        if titles.insert(match_key(&title)) {
            break;
        }
    }
    rng.shuffle(&mut members);
    let mut authors: Vec<Author> = members.into_iter().map(Author::Member).collect();
    for _ in 0..rng.below(4) {
        let at = rng.below(authors.len() + 1);
        let o = Author::Outside(rng.below(outsiders.len()));
        if !authors.contains(&o) {
            authors.insert(at, o);
        }
    }
    let venue = rng.below(VENUES.len());
    let (dblp, _, _, _, _, prefix) = VENUES[venue];
    let month = 1 + rng.below(12) as u8;
    let arxiv = (year >= 2015 && rng.chance(0.3))
        .then(|| format!("{:02}{month:02}.{:05}", year % 100, 10_000 + n % 89_990));
    let surname = |a: &Author| {
        let last = match a {
            Author::Member(m) => people[*m].last,
            Author::Outside(o) => outsiders[*o].name.rsplit(' ').next().unwrap_or(""),
        };
        slug(last).replace('-', "")
    };
    let mut stem = capitalized(&surname(&authors[0]));
    for a in authors.iter().skip(1).take(3) {
        stem.extend(surname(a).chars().next().map(|c| c.to_ascii_uppercase()));
    }
    let mut key = format!("{dblp}/{stem}{:02}", year % 100);
    let mut suffix = b'a';
    while !keys.insert(key.clone()) {
        key = format!("{dblp}/{stem}{:02}{}", year % 100, char::from(suffix));
        suffix = suffix.saturating_add(1);
    }
    let first_page = 1 + rng.below(900) as u16;
    let cited_by = (rng.unit().powi(3) * 600.0) as u32;
    let abstract_text = rng.chance(0.4).then(|| abstract_of(&title, rng));
    Paper {
        authors,
        title,
        year,
        month,
        venue,
        doi: rng
            .chance(0.85)
            .then(|| format!("{prefix}/{}.{n}", 3_000_000 + usize::from(year))),
        openalex_preprint: arxiv.is_some() && rng.chance(0.5),
        arxiv,
        pages: (first_page, first_page + 8 + rng.below(14) as u16),
        cited_by,
        abstract_text,
        key,
        work: format!("W5{:09}", 100_000 + 2 * n),
        preprint_work: format!("W5{:09}", 100_001 + 2 * n),
    }
}

/// "okafor" → "Okafor".
fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// A few sentences about the paper.
fn abstract_of(title: &str, rng: &mut Rng) -> String {
    let method = rng.pick(METHODS).to_lowercase();
    let object = rng.pick(OBJECTS).to_lowercase();
    let property = rng.pick(PROPERTIES).to_lowercase();
    format!(
        "We present {title}. Existing approaches to {object} trade {property} for cost. \
         Our {method} keeps both, and an evaluation on {} workloads shows it is {}x faster \
         than the state of the art.",
        3 + rng.below(20),
        2 + rng.below(9)
    )
}

/// A valid ORCID iD for person `i` of the sources' department (apart from a roster's).
pub(super) fn orcid(i: usize) -> String {
    crate::roster::orcid_numbered(3_000_000_000 + i)
}
