//! Bringing papers into a dataset: each one is added, merged into the record it duplicates, or
//! skipped, and every decision is recorded with its reason.
//!
//! A paper duplicates a record with the same DOI, the same arXiv id, or the same title (compared
//! by [`match_key`]) and year. Records added earlier in the same run count, so a file that lists
//! a paper twice still makes one record. A merge never overwrites: it links the importing
//! researcher to their author entry, lists the paper on their profile, and fills a missing DOI
//! or arXiv id that no other record holds.

use std::collections::{HashMap, HashSet};
use std::fmt;

use research_atlas::model::{
    Author, Dataset, Link, LinkKind, Publication, PublicationId, PublicationType, ResearcherId,
    Venue, VenueId, VenueKind,
};

use super::entry::BibEntry;
use super::paper::{self, Paper, Reject};
use super::paper_id;
use super::venue::{self, Origin, Resolved};
use crate::names::{Among, Found, People, clean_author, match_key};

/// What happened to one entry: `key` is its BibTeX key, `id` the record it became or joined,
/// `why` the rule that found the duplicate, `changes` what a merge did, `notes` what to check,
/// `matched` how the importing researcher was found among the authors when not by an exact
/// spelling.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A new record.
    Added {
        key: String,
        id: PublicationId,
        matched: Option<String>,
        notes: Vec<String>,
    },
    /// Folded into an existing record, which changed.
    Merged {
        key: String,
        id: PublicationId,
        why: String,
        changes: Vec<String>,
        notes: Vec<String>,
    },
    /// Already in the dataset with nothing to add.
    Unchanged {
        key: String,
        id: PublicationId,
        why: String,
        notes: Vec<String>,
    },
    /// Left out, with the reason.
    Skipped { key: String, reason: String },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let notes = match self {
            Outcome::Added {
                key,
                id,
                matched,
                notes,
            } => {
                write!(f, "added:     {id} (from {key}")?;
                if let Some(matched) = matched {
                    write!(f, "; {matched}")?;
                }
                write!(f, ")")?;
                notes
            }
            Outcome::Merged {
                key,
                id,
                why,
                changes,
                notes,
            } => {
                write!(
                    f,
                    "merged:    {id} (from {key}; {why}): {}",
                    changes.join("; ")
                )?;
                notes
            }
            Outcome::Unchanged {
                key,
                id,
                why,
                notes,
            } => {
                write!(
                    f,
                    "unchanged: {id} (from {key}; {why}): already linked and listed"
                )?;
                notes
            }
            Outcome::Skipped { key, reason } => return write!(f, "skipped:   {key}: {reason}"),
        };
        for note in notes {
            write!(f, "\n             note: {note}")?;
        }
        Ok(())
    }
}

/// Everything an import did to the dataset, and the entries that stop it.
#[derive(Debug, Default)]
pub struct Report {
    /// One outcome per importable entry, in file order.
    pub outcomes: Vec<Outcome>,
    /// Bad entries: `(line, key, reason)`, each skipped (with `--strict`, any stops the import).
    pub errors: Vec<(usize, String, String)>,
    /// The BibTeX key behind each record this run created or changed, by collection and id
    /// (`("venues", "hotos")`), so a validation problem can name the entry that caused it.
    pub sources: HashMap<(&'static str, String), String>,
    /// Every venue this run added to the dataset, in order, with where it came from.
    pub venues_created: Vec<NewVenue>,
}

/// A venue an import added, and where it came from: the known list, or the booktitle or
/// journal an entry printed.
#[derive(Debug, Clone, PartialEq)]
pub struct NewVenue {
    /// Its id in the dataset.
    pub id: VenueId,
    /// Its short name.
    pub short_name: String,
    /// Its full name.
    pub name: String,
    /// Its kind.
    pub kind: VenueKind,
    /// The known list, or the entry's printed venue.
    pub origin: Origin,
    /// The BibTeX key of the entry that named it.
    pub key: String,
    /// "booktitle" or "journal": the field it was read from.
    pub field: &'static str,
}

impl fmt::Display for NewVenue {
    /// `new venue sigir "SIGIR" (ACM SIGIR Conference on …, conference) from the known list`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "new venue {} {:?} ({}, {}) ",
            self.id,
            self.short_name,
            self.name,
            venue_kind_key(self.kind)
        )?;
        match self.origin {
            Origin::KnownList => write!(f, "from the known list"),
            Origin::Printed => write!(
                f,
                "from the {} of entry {}; check it, or rename it to an existing one",
                self.field, self.key
            ),
        }
    }
}

/// What finding a paper's duplicates and linking its authors looks up, so that neither scans
/// the dataset: the publications by DOI, arXiv id and title with year, their ids, and the
/// members by name. [`apply_indexed`] keeps it up to date with what it adds; a caller that
/// imports many files into one dataset (a roster) builds it once, and must make a new one after
/// changing the dataset any other way.
pub struct Index {
    people: People,
    /// Lower-case DOI → publications.
    doi: HashMap<String, Vec<usize>>,
    /// arXiv id without its version → publications.
    arxiv: HashMap<String, Vec<usize>>,
    /// (year, [`match_key`] of the title) → publications.
    title: HashMap<(u16, String), Vec<usize>>,
    /// Every publication id.
    ids: HashSet<String>,
}

impl Index {
    /// Indexes `dataset`'s publications and members.
    pub fn new(dataset: &Dataset) -> Self {
        let mut index = Self {
            people: People::new(dataset),
            doi: HashMap::new(),
            arxiv: HashMap::new(),
            title: HashMap::new(),
            ids: HashSet::new(),
        };
        for (i, p) in dataset.publications.iter().enumerate() {
            index.insert(i, p);
        }
        index
    }

    /// Indexes publication `i`, `p`, under its keys (again after a merge gives it more).
    fn insert(&mut self, i: usize, p: &Publication) {
        let push = |list: &mut Vec<usize>| {
            if !list.contains(&i) {
                list.push(i);
            }
        };
        if let Some(doi) = &p.doi {
            push(self.doi.entry(doi.to_ascii_lowercase()).or_default());
        }
        if let Some(ax) = &p.arxiv {
            push(self.arxiv.entry(arxiv_base(ax).to_owned()).or_default());
        }
        push(self.title.entry((p.year, match_key(&p.title))).or_default());
        self.ids.insert(p.id.0.clone());
    }
}

/// Adds or merges every entry into `dataset` on behalf of `researcher`.
pub fn apply(dataset: &mut Dataset, researcher: &ResearcherId, entries: &[BibEntry]) -> Report {
    let mut index = Index::new(dataset);
    apply_indexed(dataset, &mut index, researcher, entries)
}

/// [`apply`] with the dataset's `index`, which it keeps up to date.
pub fn apply_indexed(
    dataset: &mut Dataset,
    index: &mut Index,
    researcher: &ResearcherId,
    entries: &[BibEntry],
) -> Report {
    let mut report = Report::default();
    // Records this run created, by id, with the key that created them.
    let mut added: HashMap<PublicationId, String> = HashMap::new();
    for e in entries {
        let paper = match paper::judge(e) {
            Ok(p) => p,
            Err(Reject::Skip(reason)) => {
                report.outcomes.push(Outcome::Skipped {
                    key: e.key.clone(),
                    reason,
                });
                continue;
            }
            Err(Reject::Bad(reason)) => {
                report.errors.push((e.line, e.key.clone(), reason));
                continue;
            }
        };
        let venues_before = dataset.venues.len();
        let outcome = match duplicates(dataset, index, &paper).as_slice() {
            [] => add(
                dataset,
                index,
                researcher,
                paper,
                &mut report.venues_created,
            ),
            [(at, why)] => {
                let why = match added.get(&dataset.publications[*at].id) {
                    Some(first) => format!("{why} as {first} earlier in this file"),
                    None => why.clone(),
                };
                merge(dataset, index, researcher, *at, why, paper)
            }
            several => Outcome::Skipped {
                key: e.key.clone(),
                reason: format!(
                    "matches several publications ({}); merge those by hand first",
                    several
                        .iter()
                        .map(|(i, why)| format!("{} by {why}", dataset.publications[*i].id))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        };
        for v in &dataset.venues[venues_before..] {
            report
                .sources
                .insert(("venues", v.id.0.clone()), e.key.clone());
        }
        match &outcome {
            Outcome::Added { key, id, .. } => {
                added.insert(id.clone(), key.clone());
                report
                    .sources
                    .insert(("publications", id.0.clone()), key.clone());
            }
            Outcome::Merged { key, id, .. } => {
                report
                    .sources
                    .entry(("publications", id.0.clone()))
                    .or_insert(key.clone());
            }
            Outcome::Unchanged { .. } | Outcome::Skipped { .. } => {}
        }
        report.outcomes.push(outcome);
    }
    report
}

/// The records `paper` duplicates, each once and in dataset order, with the first reason
/// found: the same DOI, the same arXiv id, or the same title and year.
fn duplicates(dataset: &Dataset, index: &Index, paper: &Paper) -> Vec<(usize, String)> {
    let title = match_key(&paper.title);
    let mut candidates: Vec<usize> = Vec::new();
    if let Some(doi) = &paper.doi {
        candidates.extend(
            index
                .doi
                .get(&doi.to_ascii_lowercase())
                .into_iter()
                .flatten(),
        );
    }
    if let Some(ax) = &paper.arxiv {
        candidates.extend(index.arxiv.get(arxiv_base(ax)).into_iter().flatten());
    }
    let by_title = index.title.get(&(paper.year, title.clone()));
    candidates.extend(by_title.into_iter().flatten());
    candidates.sort_unstable();
    candidates.dedup();
    let mut found: Vec<(usize, String)> = Vec::new();
    for i in candidates {
        let p = &dataset.publications[i];
        let why = if let (Some(a), Some(b)) = (&paper.doi, &p.doi)
            && a.eq_ignore_ascii_case(b)
        {
            format!("same DOI {b}")
        } else if let (Some(a), Some(b)) = (&paper.arxiv, &p.arxiv)
            && arxiv_base(a) == arxiv_base(b)
        {
            format!("same arXiv id {}", arxiv_base(b))
        } else if p.year == paper.year && match_key(&p.title) == title {
            "same title and year".to_owned()
        } else {
            continue;
        };
        found.push((i, why));
    }
    found
}

/// `2301.03734` from `2301.03734v2`.
fn arxiv_base(id: &str) -> &str {
    id.split_once('v').map_or(id, |(base, _)| base)
}

/// The names a researcher goes by, for messages: `"Frank Sifei Luan" or "Sifei Luan" or "栾思飞"`.
fn spellings(dataset: &Dataset, id: &ResearcherId) -> String {
    dataset
        .researcher(id)
        .map(|r| {
            std::iter::once(&r.name)
                .chain(&r.alternative_names)
                .chain(&r.native_name)
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .unwrap_or_default()
}

fn merge(
    dataset: &mut Dataset,
    index: &mut Index,
    researcher: &ResearcherId,
    at: usize,
    why: String,
    paper: Paper,
) -> Outcome {
    let people = &index.people;
    let record = &dataset.publications[at];
    let id = record.id.clone();
    let key = paper.key.clone();
    let linked = record
        .authors
        .iter()
        .position(|a| a.researcher.as_ref() == Some(researcher));
    let names: Vec<&str> = record.authors.iter().map(|a| a.name.as_str()).collect();
    let (by_name, near) = match people.among(researcher, &names) {
        Among::Exact(i) => (Some(i), None),
        Among::Near(i, how) => (Some(i), Some(how)),
        Among::Ambiguous(at) if linked.is_none() => {
            return Outcome::Skipped {
                key,
                reason: format!(
                    "duplicates {id} ({why}), whose authors {} could each be {}; link the author by hand, or add the exact spelling to alternative_names",
                    authors_at(&names, &at),
                    spellings(dataset, researcher)
                ),
            };
        }
        Among::Ambiguous(_) | Among::Absent => (None, None),
    };
    let position = match (linked, by_name) {
        (Some(i), _) => i,
        (None, Some(i)) => {
            if let Some(other) = &record.authors[i].researcher {
                return Outcome::Skipped {
                    key,
                    reason: format!(
                        "duplicates {id} ({why}), whose author {} {:?} is linked to {other}, not {researcher}",
                        i + 1,
                        record.authors[i].name
                    ),
                };
            }
            i
        }
        (None, None) => {
            return Outcome::Skipped {
                key,
                reason: format!(
                    "duplicates {id} ({why}), but none of its authors is {}; add the printed spelling to alternative_names, or link the author by hand",
                    spellings(dataset, researcher)
                ),
            };
        }
    };
    let mut changes = Vec::new();
    let mut notes = paper.notes.clone();
    // A DOI or arXiv id no record holds yet.
    let doi_free =
        (paper.doi.as_deref()).is_some_and(|d| !index.doi.contains_key(&d.to_ascii_lowercase()));
    let arxiv_free =
        (paper.arxiv.as_deref()).is_some_and(|a| !index.arxiv.contains_key(arxiv_base(a)));
    let record = &mut dataset.publications[at];
    if record.authors[position].researcher.is_none() {
        record.authors[position].researcher = Some(researcher.clone());
        let near = near.map(|how| format!(" (near match: {how})"));
        changes.push(format!(
            "linked author {} {:?} to {researcher}{}",
            position + 1,
            record.authors[position].name,
            near.unwrap_or_default()
        ));
    }
    let mut new_keys = false;
    match (&record.doi, &paper.doi) {
        (None, Some(doi)) if doi_free => {
            record.doi = Some(doi.clone());
            changes.push(format!("added DOI {doi}"));
            new_keys = true;
        }
        (Some(have), Some(doi)) if !have.eq_ignore_ascii_case(doi) => {
            notes.push(format!(
                "the file's DOI {doi} differs from the record's {have}; kept the record's"
            ));
        }
        _ => {}
    }
    match (&record.arxiv, &paper.arxiv) {
        (None, Some(ax)) if arxiv_free => {
            record.arxiv = Some(ax.clone());
            changes.push(format!("added arXiv id {ax}"));
            new_keys = true;
        }
        (Some(have), Some(ax)) if arxiv_base(have) != arxiv_base(ax) => {
            notes.push(format!(
                "the file's arXiv id {ax} differs from the record's {have}; kept the record's"
            ));
        }
        _ => {}
    }
    for link in &paper.links {
        if !record.links.iter().any(|l| l.url == link.url) {
            record.links.push(link.clone());
            changes.push(format!("added link {}", link.url));
        }
    }
    for honour in &paper.honours {
        if !record.honours.contains(honour) {
            record.honours.push(honour.clone());
            changes.push(format!("added honour {honour:?}"));
        }
    }
    if record.authors_incomplete
        && !paper.authors_incomplete
        && paper.authors.len() > record.authors.len()
    {
        notes.push(format!(
            "the file names {} authors, the record {} (marked incomplete); the record's list was kept",
            paper.authors.len(),
            record.authors.len()
        ));
    }
    let r = dataset
        .researchers
        .iter_mut()
        .find(|r| &r.id == researcher)
        .expect("the researcher exists");
    if !r.publications.contains(&id) {
        r.publications.push(id.clone());
        changes.push(format!("listed on {researcher}'s profile"));
    }
    if new_keys {
        index.insert(at, &dataset.publications[at]);
    }
    if changes.is_empty() {
        Outcome::Unchanged {
            key,
            id,
            why,
            notes,
        }
    } else {
        Outcome::Merged {
            key,
            id,
            why,
            changes,
            notes,
        }
    }
}

fn add(
    dataset: &mut Dataset,
    index: &mut Index,
    researcher: &ResearcherId,
    paper: Paper,
    venues_created: &mut Vec<NewVenue>,
) -> Outcome {
    let people = &index.people;
    let key = paper.key.clone();
    let printed: Vec<(String, bool)> = paper.authors.iter().map(|n| clean_author(n)).collect();
    let names: Vec<&str> = printed.iter().map(|(n, _)| n.as_str()).collect();
    let (mine, matched) = match people.among(researcher, &names) {
        Among::Exact(i) => (i, None),
        Among::Near(i, how) => {
            let name = people.name(researcher).unwrap_or(researcher.as_str());
            (i, Some(format!("matched {:?} to {name}: {how}", names[i])))
        }
        Among::Ambiguous(at) => {
            return Outcome::Skipped {
                key,
                reason: format!(
                    "its authors {} could each be {}; add the exact spelling to alternative_names",
                    authors_at(&names, &at),
                    spellings(dataset, researcher)
                ),
            };
        }
        Among::Absent => {
            return Outcome::Skipped {
                key,
                reason: format!(
                    "none of its authors is {}; add the printed spelling to alternative_names if it is theirs",
                    spellings(dataset, researcher)
                ),
            };
        }
    };
    let mut notes = paper.notes.clone();
    let authors = link_authors(people, researcher, mine, &printed, &mut notes);
    let resolved = if paper.on_arxiv {
        Some(venue::arxiv(&dataset.venues))
    } else {
        paper
            .venue
            .as_ref()
            .and_then(|h| venue::resolve(&dataset.venues, h))
    };
    let venue = resolved.map(|r| match r {
        Resolved::Existing(id) => id,
        Resolved::New(v, origin) => {
            let journal = paper.venue.as_ref().map(|h| h.kind) == Some(VenueKind::Journal);
            let created = NewVenue {
                id: v.id.clone(),
                short_name: v.short_name.clone(),
                name: v.name.clone(),
                kind: v.kind,
                origin,
                key: key.clone(),
                field: if journal { "journal" } else { "booktitle" },
            };
            notes.push(created.to_string());
            venues_created.push(created);
            let id = v.id.clone();
            dataset.venues.push(v);
            id
        }
    });
    let venue_kind = venue
        .as_ref()
        .and_then(|id| dataset.venue(id))
        .map(|v: &Venue| v.kind);
    let kind = match (paper.kind, venue_kind) {
        (PublicationType::Conference, Some(VenueKind::Workshop)) => PublicationType::Workshop,
        (k, _) => k,
    };
    let school = paper.school.as_deref().and_then(|s| {
        let key = match_key(s);
        let found = dataset.organizations.iter().find(|o| {
            std::iter::once(&o.name)
                .chain(&o.short_name)
                .chain(&o.aliases)
                .any(|n| match_key(n) == key)
                || o.id.0 == key
        });
        if found.is_none() {
            notes.push(format!(
                "school {s:?} is not in the organizations vocabulary; it is named in the note only"
            ));
        }
        found.map(|o| o.id.clone())
    });
    let note = paper.thesis_kind.map(|k| match &paper.school {
        Some(s) => format!("{k}, {s}"),
        None => k.to_owned(),
    });
    let venue_record = venue.as_ref().and_then(|v| dataset.venue(v));
    let id = paper_id::new_id(
        &|s| index.ids.contains(s),
        &paper.title,
        paper.year,
        venue_record,
        kind,
    );
    let mut links: Vec<Link> = paper
        .url
        .iter()
        .map(|url| Link {
            kind: if url.to_lowercase().ends_with(".pdf") {
                LinkKind::Pdf
            } else {
                LinkKind::Other
            },
            url: url.clone(),
            label: None,
        })
        .collect();
    // The theme's own links (pdf, code, slides, …), each once.
    for link in paper.links {
        if !links.iter().any(|l| l.url == link.url) {
            links.push(link);
        }
    }
    dataset.publications.push(Publication {
        authors_incomplete: paper.authors_incomplete,
        venue,
        booktitle: paper.booktitle,
        month: paper.month,
        volume: paper.volume,
        number: paper.number,
        pages: paper.pages,
        publisher: paper.publisher,
        location: paper.location,
        school,
        doi: paper.doi,
        arxiv: paper.arxiv,
        links,
        honours: paper.honours,
        note,
        ..Publication::new(id.clone(), paper.title, authors, kind, paper.year)
    });
    let at = dataset.publications.len() - 1;
    index.insert(at, &dataset.publications[at]);
    let r = dataset
        .researchers
        .iter_mut()
        .find(|r| &r.id == researcher)
        .expect("the researcher exists");
    r.publications.push(id.clone());
    Outcome::Added {
        key,
        id,
        matched,
        notes,
    }
}

/// `2 "J. Smith" and 4 "J. A. Smith"`: authors by position, from 1.
fn authors_at(names: &[&str], at: &[usize]) -> String {
    let each: Vec<String> = at
        .iter()
        .map(|&i| format!("{} {:?}", i + 1, names[i]))
        .collect();
    match each.split_last() {
        Some((last, [_, ..])) => format!("{} and {last}", each[..each.len() - 1].join(", ")),
        _ => each.join(""),
    }
}

/// Authors in order, named without their marks and with `equal_contribution` from them; the
/// importing researcher (author `mine`) and every other directory member a name is found to be
/// ([`People::find`]: an exact spelling, or the only near match) are linked, each once.
fn link_authors(
    people: &People,
    researcher: &ResearcherId,
    mine: usize,
    printed: &[(String, bool)],
    notes: &mut Vec<String>,
) -> Vec<Author> {
    let mut used: Vec<ResearcherId> = vec![researcher.clone()];
    let mut authors = Vec::with_capacity(printed.len());
    for (i, (name, equal)) in printed.iter().enumerate() {
        let link = if i == mine {
            Some(researcher.clone())
        } else {
            co_author(people, name, &mut used, notes)
        };
        authors.push(Author {
            researcher: link,
            equal_contribution: *equal,
            ..Author::new(name.clone())
        });
    }
    authors
}

/// The member a co-author's printed name is, if no author before was them; a note says how.
fn co_author(
    people: &People,
    name: &str,
    used: &mut Vec<ResearcherId>,
    notes: &mut Vec<String>,
) -> Option<ResearcherId> {
    let (one, how) = match people.find(name) {
        Found::Exact(one) => (one, String::new()),
        Found::Near(one, how) => (one, format!(" by a near match: {how}")),
        Found::Ambiguous(several) => {
            let ids: Vec<&str> = several.iter().map(|id| id.as_str()).collect();
            notes.push(format!(
                "{name:?} could be {}; left unlinked",
                ids.join(" or ")
            ));
            return None;
        }
        Found::Unknown => return None,
    };
    if used.contains(one) {
        return None;
    }
    notes.push(format!(
        "co-author {name:?} linked to {one}{how} (not added to their profile; import their file to list it)"
    ));
    used.push(one.clone());
    Some(one.clone())
}

/// The JSON spelling of a venue kind, e.g. `conference`.
fn venue_kind_key(kind: VenueKind) -> &'static str {
    match kind {
        VenueKind::Conference => "conference",
        VenueKind::Journal => "journal",
        VenueKind::Workshop => "workshop",
        VenueKind::Preprint => "preprint",
        VenueKind::Blog => "blog",
    }
}
