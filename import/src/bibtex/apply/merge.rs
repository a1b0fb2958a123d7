//! Folding a paper into the record it duplicates. A merge never overwrites: it links the
//! importing researcher to their author entry, lists the paper on their profile, fills a missing
//! DOI or arXiv id no other record holds, adds new links and honours, and notes what differs.

use research_atlas::model::{Dataset, ResearcherId};

use super::super::paper::Paper;
use super::super::venue::{self, Resolved};
use super::index::{Index, arxiv_base};
use super::{Outcome, could_each_be, list_on_profile, none_is, sourced};
use crate::names::Among;

pub(super) fn merge(
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
                    "duplicates {id} ({why}), whose authors {}; link the author by hand, or add the exact spelling to alternative_names",
                    could_each_be(dataset, researcher, &names, &at)
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
                    "duplicates {id} ({why}), but {}, or link the author by hand",
                    none_is(dataset, researcher)
                ),
            };
        }
    };
    let mut changes = Vec::new();
    let mut notes = paper.notes.clone();
    let mut conflicts = Vec::new();
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
    if sourced::origin(&paper).is_some() {
        // Only a preprint that a source finds published takes a venue here: the lookup is
        // the dearest step of a merge, so it is made only then.
        let record = &dataset.publications[at];
        let upgrade = sourced::may_upgrade(record, &paper);
        let venue = (paper.venue.as_ref())
            .filter(|_| upgrade)
            .and_then(|h| venue::resolve_in(&mut index.venues, &dataset.venues, h))
            .and_then(|r| match r {
                Resolved::Existing(id) => Some(id),
                Resolved::New(..) => None,
            });
        let record = &mut dataset.publications[at];
        sourced::merge_into(
            record,
            &paper,
            venue,
            &mut changes,
            &mut conflicts,
            &mut notes,
        );
        index.insert(at, &dataset.publications[at]);
    }
    if list_on_profile(dataset, researcher, &id) {
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
            conflicts,
        }
    } else {
        Outcome::Merged {
            key,
            id,
            why,
            changes,
            notes,
            conflicts,
        }
    }
}
