//! Adds a researcher's publication list, as exported by dblp, Google Scholar, a reference
//! manager or a homepage theme (al-folio, Hugo Academic), to the dataset (`cargo xtask
//! import-bib --researcher ID [--dry-run] [--strict] [--data FILE] FILE.bib`).
//!
//! Three stages, each its own module: [`entry`] reads the BibTeX into plain-text entries
//! ([`chunks`] cuts the file into its pieces, [`text`] decodes LaTeX and web markup);
//! [`paper`] judges each entry (a paper to import, a work to skip, or bad data); [`apply`]
//! adds each paper or merges it into the record it duplicates, with [`venue`] finding or
//! creating its venue.
//!
//! Never all or nothing: an entry that cannot be read, or whose data is bad, is reported with
//! its line and reason and left out, and the rest goes in. A value the dataset's checks refuse
//! (an address the validator refuses) costs only itself: the result is settled by the app's
//! loader ([`settle`]), which leaves the value out of its record, and the report names it
//! with its entry. Only a file with no entry at all is refused. `--strict` restores all or
//! nothing: any bad entry or refused value stops the import and nothing is written. The dataset is written only when it validates
//! ([`DatasetFile::save`]). [`import_entries`] does the work and returns the report as data;
//! [`import_bib`] is the command, returning the report and what became of the file for the
//! binary to print. A caller that imports many files into one
//! dataset (a roster) uses a [`Batch`], which keeps the indexes [`apply`] looks up from file to
//! file and leaves the one check of the whole dataset to the caller.

mod apply;
mod batch;
mod chunks;
mod entry;
mod paper;
mod paper_id;
mod text;
mod venue;

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use research_atlas::model::{Dataset, Problem, ResearcherId, Severity};

pub use apply::Outcome;
pub use batch::Batch;
pub use entry::BibError;
pub use paper::Imprint;
pub(crate) use paper::{Paper, Reject, Sourced};
pub(crate) use venue::VenueHint;

use crate::Error;
use crate::authoring::{DatasetFile, Ending, Run, record_of, settle};
use crate::error::Change;
use apply::{Index, Report};

/// What to import, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    /// Whose publication list the file is.
    pub researcher: ResearcherId,
    /// The `.bib` file.
    pub bib: PathBuf,
    /// The dataset file (default: the bundled one).
    pub data: Option<PathBuf>,
    /// Report only; write nothing.
    pub dry_run: bool,
    /// All or nothing: any entry that cannot be read or is bad stops the import.
    pub strict: bool,
}

/// What importing one file did, entry by entry.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BibReport {
    /// One outcome per entry that was judged, in file order: added, merged, unchanged, skipped.
    pub outcomes: Vec<Outcome>,
    /// Entries left out as bad, in line order: unreadable, missing or wrong data, or a record
    /// the dataset's checks refuse.
    pub bad: Vec<BibError>,
    /// Values the dataset's checks refused, each left out of its record, with the entry that
    /// brought it (`entry k: publications[3].doi: dropped: …`).
    pub dropped: Vec<Dropped>,
    /// Keys used more than once and what was made of them.
    pub repeats: Vec<String>,
    /// The line each entry read starts on, by key.
    pub lines: BTreeMap<String, usize>,
    /// Fields no rule reads, with how many entries have each.
    pub ignored: BTreeMap<String, usize>,
    /// Link fields left out because they are no web address (a theme's own `paper.pdf`).
    pub local_links: usize,
}

impl BibReport {
    /// "3 added, 1 merged, 0 unchanged, 1 skipped, 2 bad; ignored fields: abbr ×12,
    /// selected ×3; 2 links left out (no web address)".
    pub fn summary(&self) -> String {
        let count = |f: fn(&Outcome) -> bool| self.outcomes.iter().filter(|o| f(o)).count();
        let mut text = format!(
            "{} added, {} merged, {} unchanged, {} skipped, {} bad",
            count(|o| matches!(o, Outcome::Added { .. })),
            count(|o| matches!(o, Outcome::Merged { .. })),
            count(|o| matches!(o, Outcome::Unchanged { .. })),
            count(|o| matches!(o, Outcome::Skipped { .. })),
            self.bad.len(),
        );
        if !self.dropped.is_empty() {
            let n = self.dropped.len();
            text.push_str(&format!(
                "; {n} value{} left out",
                if n == 1 { "" } else { "s" }
            ));
        }
        if !self.ignored.is_empty() {
            let mut fields: Vec<(&String, &usize)> = self.ignored.iter().collect();
            fields.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let fields: Vec<String> = fields.iter().map(|(f, n)| format!("{f} ×{n}")).collect();
            text.push_str(&format!("; ignored fields: {}", fields.join(", ")));
        }
        if self.local_links > 0 {
            let s = if self.local_links == 1 { "" } else { "s" };
            text.push_str(&format!(
                "; {} link{s} left out (no web address)",
                self.local_links
            ));
        }
        text
    }
}

/// One line per outcome, bad entry and repeated key, in that order (no summary).
impl fmt::Display for BibReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut lines = self
            .outcomes
            .iter()
            .map(ToString::to_string)
            .chain(self.bad.iter().map(|b| format!("bad:       {b}")))
            .chain(self.dropped.iter().map(|d| format!("left out:  {d}")))
            .chain(self.repeats.iter().map(|r| format!("repeated:  {r}")));
        if let Some(first) = lines.next() {
            write!(f, "{first}")?;
        }
        for line in lines {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

/// Runs the task: the report, then the dataset written unless it is a dry run. `Err` when
/// nothing was imported (no report to print).
pub fn import_bib(args: &Import) -> Result<Run<BibReport>, Error> {
    let file = DatasetFile::open(args.data.as_deref())?;
    if file.dataset.researcher(&args.researcher).is_none() {
        return Err(Error::NoResearcher {
            id: args.researcher.clone(),
            dataset: Some(file.path),
        });
    }
    let in_bib = |error| Error::within(args.bib.display(), error);
    let bytes = std::fs::read(&args.bib).map_err(|e| in_bib(Error::io(&e)))?;
    let source = decode(&bytes).map_err(in_bib)?;
    let mut dataset = file.dataset.clone();
    let report =
        import_entries(&mut dataset, &args.researcher, &source, args.strict).map_err(|error| {
            Error::NotImported {
                bib: args.bib.clone(),
                error: Box::new(error),
            }
        })?;
    let ending = if args.dry_run {
        Ok(Ending::DryRun)
    } else {
        // `import_entries` validated the dataset already; `save` checks again as it writes.
        file.end(&dataset, &|_| None, invalid)
    };
    Ok(Run { report, ending })
}

/// The file's text, repaired at the door ([`crate::repair`]): UTF-8 or UTF-16, or else the
/// legacy encoding it is in (older `.bib` files and rosters saved by spreadsheets), mojibake
/// undone, control and invisible characters removed. A file with NUL bytes is not text.
pub(crate) fn decode(bytes: &[u8]) -> Result<String, Error> {
    let document = crate::repair::document(bytes.to_vec()).map_err(|e| Error::NotText {
        reason: e.to_string(),
    })?;
    Ok(crate::repair::text(&document.text).into_owned())
}

/// Imports the BibTeX `source` into `dataset` on behalf of `researcher`, and reports what
/// each entry became. The result is settled by the app's loader ([`settle`]): a value its
/// checks refuse is left out of its record and reported with the entry that brought it, a
/// record that cannot do without it is left out as a bad entry, and the rest goes in. `Err`
/// (and `dataset` unchanged) when the file has no entry or `researcher` is not in `dataset`,
/// or, if `strict`, when any entry is bad or any value would be left out.
pub fn import_entries(
    dataset: &mut Dataset,
    researcher: &ResearcherId,
    source: &str,
    strict: bool,
) -> Result<BibReport, Error> {
    let read = read_file(dataset, researcher, source)?;
    if strict && !read.0.problems.is_empty() {
        // Refused for its unreadable pieces alone, before any entry is judged.
        return Err(Error::BadEntries {
            bad: read.0.problems,
        });
    }
    let mut candidate = dataset.clone();
    let mut index = Index::new(&candidate);
    let (mut file, report) = import_into(&mut candidate, &mut index, researcher, read, strict)?;
    let settled = settle(&mut candidate)?;
    // The problems' paths name positions in the dataset before it was settled.
    let given = settled.before.as_ref().unwrap_or(&candidate);
    if strict && settled.left_out().next().is_some() {
        let lines: Vec<String> = (settled.left_out())
            .map(|p| match blame(given, &report, researcher, p) {
                Some(c) => format!("{c}: {p}"),
                None => p.to_string(),
            })
            .collect();
        return Err(invalid(lines));
    }
    let mut refused = Vec::new();
    for p in settled.left_out() {
        let cause = blame(given, &report, researcher, p);
        let entry = match &cause {
            Some(Cause::Entry(key)) => file.lines.get_key_value(key),
            _ => None,
        };
        match entry {
            // The record itself refused: the entry is bad, as if the judge had said so.
            Some((key, &line)) if p.severity == Severity::Error => {
                refused.push(key.clone());
                file.bad.push(BibError {
                    line,
                    key: Some(key.clone()),
                    message: format!(
                        "its record was refused by the dataset's checks ({p}); left out"
                    ),
                });
            }
            _ => file.dropped.push(Dropped {
                cause,
                problem: p.clone(),
            }),
        }
    }
    *dataset = candidate;
    file.bad.sort_by_key(|b| b.line);
    (file.outcomes).retain(|o| !matches!(o, Outcome::Added { key, .. } if refused.contains(key)));
    Ok(file)
}

/// The one import of a file ([`read_file`]'s answer): adds or merges its entries into
/// `dataset` through the dataset's `index`, on behalf of `researcher`, without checking the
/// result. The file's report (nothing `dropped` yet: only a check of the result drops values),
/// and what applying did, by record. `Err` (and `dataset` unchanged), if `strict`, when any
/// entry is bad: judged before anything is applied, so a refused file changes nothing.
fn import_into(
    dataset: &mut Dataset,
    index: &mut Index,
    researcher: &ResearcherId,
    (read, ignored, local_links): FileRead,
    strict: bool,
) -> Result<(BibReport, Report), Error> {
    let mut bad = read.problems;
    if strict {
        for e in &read.entries {
            if let Err(Reject::Bad(reason)) = paper::judge(e) {
                bad.push(BibError {
                    line: e.line,
                    key: Some(e.key.clone()),
                    message: reason,
                });
            }
        }
        if !bad.is_empty() {
            bad.sort_by_key(|b| b.line);
            return Err(Error::BadEntries { bad });
        }
    }
    let mut report = apply::apply_indexed(dataset, index, researcher, &read.entries);
    bad.extend(report.errors.iter().map(|(line, key, reason)| BibError {
        line: *line,
        key: Some(key.clone()),
        message: reason.clone(),
    }));
    bad.sort_by_key(|b| b.line);
    let file = BibReport {
        outcomes: std::mem::take(&mut report.outcomes),
        bad,
        dropped: Vec::new(),
        lines: entry::lines(&read.entries),
        repeats: read.repeats,
        ignored,
        local_links,
    };
    Ok((file, report))
}

/// A file's entries, the fields no rule reads with how many entries have each, and the number
/// of link fields that are no web address.
type FileRead = (entry::Read, BTreeMap<String, usize>, usize);

/// The file's entries, with the fields no rule reads (and how many entries have each) and the
/// number of link fields that are no web address. `Err` when `researcher` is not in `dataset`
/// or the file has no entry.
fn read_file(
    dataset: &Dataset,
    researcher: &ResearcherId,
    source: &str,
) -> Result<FileRead, Error> {
    if dataset.researcher(researcher).is_none() {
        return Err(Error::NoResearcher {
            id: researcher.clone(),
            dataset: None,
        });
    }
    let read = entry::read(source).map_err(|error| Error::NoEntry { error })?;
    let mut ignored: BTreeMap<String, usize> = BTreeMap::new();
    let mut local_links = 0;
    for e in &read.entries {
        let unused = paper::unused(e);
        for field in unused.fields {
            *ignored.entry(field).or_default() += 1;
        }
        local_links += unused.local_links.len();
    }
    Ok((read, ignored, local_links))
}

/// A value the dataset's checks refused, left out of its record, and what brought it.
#[derive(Debug, Clone, PartialEq)]
pub struct Dropped {
    /// The entry or the researcher's list it came from, when known.
    pub cause: Option<Cause>,
    /// The check's problem.
    pub problem: Problem,
}

impl fmt::Display for Dropped {
    /// `entry k: publications[3].doi: dropped: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.cause {
            Some(c) => write!(f, "{c}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

/// What a validation problem is traced to.
#[derive(Debug, Clone, PartialEq)]
pub enum Cause {
    /// The entry (by key) whose record it is in.
    Entry(String),
    /// The importing researcher's own record (their publication list).
    Researcher(ResearcherId),
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Entry(key) => write!(f, "entry {key}"),
            Cause::Researcher(id) => write!(f, "researcher {id}"),
        }
    }
}

/// The import's problems: it would make the dataset invalid.
fn invalid(problems: Vec<String>) -> Error {
    Error::Invalid {
        by: Change::Import,
        problems,
    }
}

/// The entry behind a validation problem, or the researcher whose list changed.
fn blame(
    dataset: &Dataset,
    report: &Report,
    researcher: &ResearcherId,
    p: &Problem,
) -> Option<Cause> {
    let (collection, index) = record_of(p)?;
    let id = match collection {
        "publications" => dataset.publications.get(index)?.id.0.clone(),
        "venues" => dataset.venues.get(index)?.id.0.clone(),
        "researchers" if dataset.researchers.get(index)?.id == *researcher => {
            return Some(Cause::Researcher(researcher.clone()));
        }
        _ => return None,
    };
    let collection = if collection == "venues" {
        "venues"
    } else {
        "publications"
    };
    report
        .sources
        .get(&(collection, id))
        .map(|key| Cause::Entry(key.clone()))
}

#[cfg(test)]
mod tests;
