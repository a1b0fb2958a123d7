//! Open scholarly sources: a person's ORCID record, dblp record and OpenAlex author and works,
//! read from a source folder (`--sources DIR`, [`folder`]) that a maintainer fills by hand or
//! `--fetch` fills from the APIs ([`fetch`]).
//!
//! Two stages, as every reader of an outside format: each reader ([`orcid`], [`dblp`],
//! [`openalex`]) deserializes the document into typed structs that mirror the source's own
//! schema, then maps them into one plain [`Record`] ([`record`]): the person, their works,
//! and what was left out with where and why. Then [`import_person`] brings a person's records
//! into the dataset: their [`profile`] into their record, and each work as the [`paper`] a
//! BibTeX entry also makes, through the same judge of duplicates and merge (a paper is one
//! record whatever its sources: matched by its id in a source, DOI, arXiv id, then title and
//! year).
//!
//! Sources are read per person in a fixed order — dblp (curated by hand), ORCID (what the
//! person claims), OpenAlex (machine-gathered) — and within a source, published papers before
//! preprints, so a value the first source gives is the one kept and the preprint of a paper
//! joins the paper. What later sources say otherwise is reported as a conflict, with both
//! values and their sources.

mod clean;
pub mod dblp;
pub mod fetch;
pub mod folder;
pub mod openalex;
pub mod orcid;
mod organizations;
pub mod paper;
pub mod profile;
pub mod record;
#[cfg(test)]
mod tests;

use std::fmt;
use std::path::Path;

use research_atlas::model::{Dataset, PublicationType, ResearcherId};

pub use record::{
    Affiliation, Identifiers, Imprint, Origin, Profile, Record, Skip, Url, Work, WorkAuthor,
    WorkVenue,
};

use crate::Error;
use crate::bibtex::{Batch, Outcome};

/// What one document of a person's sources did.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentReport {
    /// The source.
    pub origin: Origin,
    /// The document, relative to the source folder (`dblp/12_3456.xml`).
    pub document: String,
    /// What it did, or why it was not read at all.
    pub result: Result<Brought, Error>,
}

/// What a document brought into the dataset.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Brought {
    /// What changed in the person's record.
    pub profile: Vec<String>,
    /// What to check in it: values left out, facts the record does not explain.
    pub notes: Vec<String>,
    /// Where the person's record and the document differ, the record's value kept.
    pub conflicts: Vec<String>,
    /// One outcome per work: added, merged, unchanged or skipped.
    pub outcomes: Vec<Outcome>,
    /// Works refused as bad, with their key and reason.
    pub bad: Vec<(String, String)>,
    /// Parts of the document the reader left out.
    pub skipped: Vec<Skip>,
}

impl DocumentReport {
    /// "dblp/12_3456.xml: 12 added, 3 merged, 1 unchanged, 2 skipped, 0 bad; profile: 2 changes".
    pub fn summary(&self) -> String {
        match &self.result {
            Err(e) => format!("{}: not read: {e}", self.document),
            Ok(b) => {
                let count = |f: fn(&Outcome) -> bool| b.outcomes.iter().filter(|o| f(o)).count();
                format!(
                    "{}: {} added, {} merged, {} unchanged, {} skipped, {} bad; {} left out by the reader; profile: {} change{}",
                    self.document,
                    count(|o| matches!(o, Outcome::Added { .. })),
                    count(|o| matches!(o, Outcome::Merged { .. })),
                    count(|o| matches!(o, Outcome::Unchanged { .. })),
                    count(|o| matches!(o, Outcome::Skipped { .. })),
                    b.bad.len(),
                    b.skipped.len(),
                    b.profile.len(),
                    if b.profile.len() == 1 { "" } else { "s" },
                )
            }
        }
    }
}

/// The summary, then every change, note, outcome, bad work and skipped part, a line each.
impl fmt::Display for DocumentReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.summary())?;
        if let Ok(b) = &self.result {
            for c in &b.profile {
                write!(f, "\n  profile:   {c}")?;
            }
            for n in &b.notes {
                write!(f, "\n  check:     {n}")?;
            }
            for c in &b.conflicts {
                write!(f, "\n  check:     conflict: {c}")?;
            }
            for o in &b.outcomes {
                write!(f, "\n  {o}")?;
            }
            for (key, reason) in &b.bad {
                write!(f, "\n  bad:       {key}: {reason}")?;
            }
            for s in &b.skipped {
                write!(f, "\n  left out:  {}: {}", s.at, s.reason)?;
            }
        }
        Ok(())
    }
}

/// Brings `researcher`'s records from `folder` — one per identifier in `ids` — into `dataset`
/// through `batch`, in the order dblp, ORCID, OpenAlex. `today` (`YYYY-MM-DD`) dates citation
/// counts. A document that cannot be read is reported and left out; the others go in. The
/// dataset is not checked here: the caller validates it.
pub fn import_person(
    dataset: &mut Dataset,
    batch: &mut Batch,
    researcher: &ResearcherId,
    folder: &Path,
    ids: &[(Origin, String)],
    today: &str,
) -> Vec<DocumentReport> {
    let mut reports = Vec::new();
    for origin in Origin::ALL {
        for (_, id) in ids.iter().filter(|(o, _)| *o == origin) {
            let document = folder::files(origin, id).remove(0);
            let result = folder::read(folder, origin, id)
                .and_then(|record| whose(origin, id, record))
                .map(|record| {
                    bring(
                        dataset, batch, researcher, origin, id, &document, record, today,
                    )
                });
            reports.push(DocumentReport {
                origin,
                document,
                result,
            });
        }
    }
    reports
}

/// The record, when it is the one asked for: a document saved under one id that holds
/// another person's record (a download saved under the wrong name) is refused.
fn whose(origin: Origin, id: &str, record: Record) -> Result<Record, Error> {
    let fold = |s: &str| {
        s.trim()
            .trim_start_matches("https://openalex.org/")
            .to_ascii_uppercase()
    };
    if record.profile.id.is_empty() || fold(&record.profile.id) == fold(id) {
        Ok(record)
    } else {
        Err(Error::Whose {
            origin,
            holder: record.profile.id,
            id: id.to_owned(),
        })
    }
}

/// Brings one record in: the profile, then the works, published before preprints.
#[allow(clippy::too_many_arguments)]
fn bring(
    dataset: &mut Dataset,
    batch: &mut Batch,
    researcher: &ResearcherId,
    origin: Origin,
    id: &str,
    document: &str,
    record: Record,
    today: &str,
) -> Brought {
    let told = profile::bring(dataset, researcher, origin, &record.profile, document);
    let mut works = record.works;
    if origin == Origin::Orcid {
        // An ORCID answer that names no one (a `/works` answer whose items others added)
        // lists no author; the works are the record's person's, who is this researcher.
        let own = dataset.researcher(researcher).map(|r| WorkAuthor {
            name: r.name.clone(),
            orcid: Some(id.to_owned()).filter(|id| !id.is_empty()),
            ..WorkAuthor::default()
        });
        // A put-code means something only with its record's iD.
        for w in &mut works {
            if !w.id.contains("/work/") {
                w.id = format!("{id}/work/{}", w.id);
            }
            if w.authors.is_empty()
                && let Some(own) = &own
            {
                w.authors.push(own.clone());
            }
        }
    }
    works.sort_by_key(|w| w.kind == PublicationType::Preprint);
    let papers = works
        .iter()
        .map(|w| (paper::key(w), paper::paper(w, today)))
        .collect();
    if !told.changes.is_empty() {
        // The profile may have added names and identifiers the papers' authors are found by.
        batch.learn(dataset, researcher);
    }
    let (outcomes, bad) = batch.import_papers(dataset, researcher, papers);
    Brought {
        profile: told.changes,
        notes: told.notes,
        conflicts: told.conflicts,
        outcomes,
        bad,
        skipped: record.skipped,
    }
}
