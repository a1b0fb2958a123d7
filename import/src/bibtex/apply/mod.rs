//! Bringing papers into a dataset: each one is added, merged into the record it duplicates, or
//! skipped, and every decision is recorded with its reason.
//!
//! A paper duplicates a record with the same DOI, the same arXiv id, or the same title (compared
//! by [`match_key`](crate::names::match_key)) and year. Records added earlier in the same run
//! count, so a file that lists a paper twice still makes one record. A merge never overwrites:
//! it links the importing researcher to their author entry, lists the paper on their profile,
//! and fills a missing DOI or arXiv id that no other record holds.
//!
//! Each part its own module: [`report`] the outcomes and the report a run makes, [`index`] the
//! lookups that find a paper's duplicates, [`merge`](mod@merge) folding a paper into its record,
//! [`add`](mod@add) a new record with its authors linked and its venue found or created.

mod add;
mod index;
mod merge;
mod report;
mod sourced;

use std::collections::HashMap;

use research_atlas::model::{Dataset, PublicationId, ResearcherId};

use super::entry::BibEntry;
use super::paper::{self, Paper, Reject};
use add::add;
use index::duplicates;
use merge::merge;

pub use index::Index;
pub use report::{NewVenue, Outcome, Report};

/// Adds or merges every entry into `dataset` on behalf of `researcher` (the tests' shorthand:
/// an import goes through [`apply_indexed`]).
#[cfg(test)]
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
    let judged = entries
        .iter()
        .map(|e| (e.line, e.key.clone(), paper::judge(e)));
    apply_papers(dataset, index, researcher, judged)
}

/// Adds or merges each judged paper — `(line, key, judgement)`, from a BibTeX entry or an open
/// source's record — into `dataset` on behalf of `researcher`, keeping `index` up to date.
pub fn apply_papers(
    dataset: &mut Dataset,
    index: &mut Index,
    researcher: &ResearcherId,
    papers: impl IntoIterator<Item = (usize, String, Result<Paper, Reject>)>,
) -> Report {
    let mut report = Report::default();
    // Records this run created, by id, with the key that created them.
    let mut added: HashMap<PublicationId, String> = HashMap::new();
    for (line, key, judged) in papers {
        let paper = match judged {
            Ok(p) => p,
            Err(Reject::Skip(reason)) => {
                report.outcomes.push(Outcome::Skipped { key, reason });
                continue;
            }
            Err(Reject::Bad(reason)) => {
                report.errors.push((line, key, reason));
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
                key: key.clone(),
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
                .insert(("venues", v.id.0.clone()), key.clone());
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

/// `2 "J. Smith" and 4 "J. A. Smith" could each be "John Smith" or "J. Smith"`: the authors
/// by position (from 1) that the importing researcher could each be, for messages.
fn could_each_be(
    dataset: &Dataset,
    researcher: &ResearcherId,
    names: &[&str],
    at: &[usize],
) -> String {
    format!(
        "{} could each be {}",
        authors_at(names, at),
        spellings(dataset, researcher)
    )
}

/// `none of its authors is "John Smith"; add the printed spelling to alternative_names`: the
/// importing researcher among no paper's authors, for messages.
fn none_is(dataset: &Dataset, researcher: &ResearcherId) -> String {
    format!(
        "none of its authors is {}; add the printed spelling to alternative_names",
        spellings(dataset, researcher)
    )
}

/// Lists `id` on `researcher`'s profile, unless it is there already; whether it was not.
fn list_on_profile(dataset: &mut Dataset, researcher: &ResearcherId, id: &PublicationId) -> bool {
    let r = dataset
        .researchers
        .iter_mut()
        .find(|r| &r.id == researcher)
        .expect("the researcher exists");
    let new = !r.publications.contains(id);
    if new {
        r.publications.push(id.clone());
    }
    new
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
