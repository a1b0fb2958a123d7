//! What a roster import did, row by row, as data; and as the lines the command prints.

use std::fmt;

use research_atlas::model::Problem;

use super::person::{Applied, Status};
use crate::Error;
use crate::bibtex::{BibReport, Outcome};
use crate::sources::DocumentReport;
use crate::sources::fetch::Fetched;

/// What importing a roster did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RosterReport {
    /// Header names that are no roster column, ignored.
    pub unknown_columns: Vec<String>,
    /// What `--fetch` downloaded, found already there, and could not fetch, with why.
    pub fetched: Option<Fetched>,
    /// One report per row with text, in line order.
    pub rows: Vec<RowReport>,
    /// Values the dataset's checks refused that no row brought (none, unless a check
    /// reaches across records), each left out.
    pub left_out: Vec<Problem>,
}

/// What one row did.
#[derive(Debug, Clone, PartialEq)]
pub struct RowReport {
    /// The line the row starts on.
    pub line: usize,
    /// The name as read (empty when the row has none).
    pub name: String,
    /// The person and their `.bib` file imported, or why the row was left out.
    pub result: Result<Done, Error>,
}

/// A row that went in.
#[derive(Debug, Clone, PartialEq)]
pub struct Done {
    /// The person, found or added.
    pub person: Applied,
    /// Their `.bib` file imported, when the row names one.
    pub bib: Option<BibReport>,
    /// Their records in the open sources, when the roster gives identifiers and a source
    /// folder.
    pub sources: Vec<DocumentReport>,
    /// Each value left out, with why: a roster cell that was not read, a `.bib` file that
    /// could not be, a value the dataset's checks refused (`researchers[7].links[2].url:
    /// dropped: …`) in the person's record or a paper their files brought.
    pub dropped: Vec<Error>,
}

impl RosterReport {
    /// The rows left out.
    pub fn bad_rows(&self) -> impl Iterator<Item = &RowReport> {
        self.rows.iter().filter(|r| r.result.is_err())
    }

    /// The rows that went in.
    pub fn done(&self) -> impl Iterator<Item = &Done> {
        self.rows.iter().filter_map(|r| r.result.as_ref().ok())
    }

    /// "12 rows: 8 new, 1 updated, 2 unchanged, 1 bad; 3 conflicts (the dataset's values
    /// kept); bib entries: 40 added, 3 merged, 0 unchanged, 2 skipped, 1 bad".
    pub fn summary(&self) -> String {
        let people = |f: fn(&Status) -> bool| self.done().filter(|d| f(&d.person.status)).count();
        let mut text = format!(
            "{} row{}: {} new, {} updated, {} unchanged, {} bad",
            self.rows.len(),
            if self.rows.len() == 1 { "" } else { "s" },
            people(|s| *s == Status::New),
            people(|s| matches!(s, Status::Updated(_))),
            people(|s| *s == Status::Unchanged),
            self.bad_rows().count(),
        );
        let conflicts: usize = self.done().map(|d| d.person.conflicts.len()).sum();
        if conflicts > 0 {
            text.push_str(&format!(
                "; {conflicts} conflict{} (the dataset's value{} kept)",
                if conflicts == 1 { "" } else { "s" },
                if conflicts == 1 { "" } else { "s" },
            ));
        }
        let bibs: Vec<&BibReport> = self.done().filter_map(|d| d.bib.as_ref()).collect();
        if !bibs.is_empty() {
            let [a, m, u, s] = counts(bibs.iter().flat_map(|b| &b.outcomes));
            let bad: usize = bibs.iter().map(|b| b.bad.len()).sum();
            text.push_str(&format!(
                "; bib entries: {a} added, {m} merged, {u} unchanged, {s} skipped, {bad} bad"
            ));
        }
        let left_out = self.done().map(|d| d.dropped.len()).sum::<usize>() + self.left_out.len();
        if left_out > 0 {
            text.push_str(&format!(
                "; {left_out} value{} left out",
                if left_out == 1 { "" } else { "s" }
            ));
        }
        let documents: Vec<&DocumentReport> = self.done().flat_map(|d| &d.sources).collect();
        if !documents.is_empty() {
            let read: Vec<_> = documents
                .iter()
                .filter_map(|d| d.result.as_ref().ok())
                .collect();
            let [a, m, u, s] = counts(read.iter().flat_map(|b| &b.outcomes));
            let bad: usize = read.iter().map(|b| b.bad.len()).sum();
            let conflicts = documents
                .iter()
                .map(|d| conflicts_of(d).count())
                .sum::<usize>();
            text.push_str(&format!(
                "; source documents: {} read, {} not; their papers: {a} added, {m} merged, {u} unchanged, {s} skipped, {bad} bad; {conflicts} conflict{}",
                read.len(),
                documents.len() - read.len(),
                if conflicts == 1 { "" } else { "s" },
            ));
        }
        text
    }
}

/// An outcome's notes, each with the paper's id.
fn paper_notes(o: &Outcome) -> impl Iterator<Item = (Option<&str>, &String)> {
    let id = o.id().map(|id| id.as_str());
    o.notes().iter().map(move |n| (id, n))
}

/// An outcome's conflicts, each with the paper's id.
fn paper_conflicts(o: &Outcome) -> impl Iterator<Item = (Option<&str>, &String)> {
    let id = o.id().map(|id| id.as_str());
    o.conflicts().iter().map(move |c| (id, c))
}

/// The conflicts a document's papers and profile reported, each with the paper it is about.
fn conflicts_of(d: &DocumentReport) -> impl Iterator<Item = String> {
    let read = d.result.as_ref().ok();
    read.into_iter()
        .flat_map(|b| {
            (b.outcomes.iter().flat_map(paper_conflicts))
                .chain(b.conflicts.iter().map(|c| (None, c)))
        })
        .map(|(id, c)| match id {
            Some(id) => format!("conflict: {c} (paper {id})"),
            None => format!("conflict: {c}"),
        })
}

/// Added, merged, unchanged and skipped outcomes.
fn counts<'a>(outcomes: impl Iterator<Item = &'a Outcome>) -> [usize; 4] {
    let mut n = [0; 4];
    for o in outcomes {
        n[match o {
            Outcome::Added { .. } => 0,
            Outcome::Merged { .. } => 1,
            Outcome::Unchanged { .. } => 2,
            Outcome::Skipped { .. } => 3,
        }] += 1;
    }
    n
}

/// The unknown columns' note, then each row's lines.
impl fmt::Display for RosterReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        if !self.unknown_columns.is_empty() {
            let names: Vec<String> = self
                .unknown_columns
                .iter()
                .map(|c| format!("{c:?}"))
                .collect();
            write!(
                f,
                "note: column{} {} ignored: a roster has name, id, organization, stage, homepage, bib, orcid, dblp, openalex",
                if names.len() == 1 { "" } else { "s" },
                names.join(", ")
            )?;
            first = false;
        }
        if let Some(fetched) = &self.fetched {
            if !first {
                writeln!(f)?;
            }
            first = false;
            write!(
                f,
                "sources: {} downloaded, {} already there, {} not fetched",
                fetched.downloaded.len(),
                fetched.cached,
                fetched.failed.len()
            )?;
            for n in &fetched.notes {
                write!(f, "\nsources: {n}")?;
            }
            for failure in &fetched.failed {
                write!(f, "\nsources: not fetched: {failure}")?;
            }
        }
        for row in &self.rows {
            if !first {
                writeln!(f)?;
            }
            first = false;
            write!(f, "{row}")?;
        }
        for v in &self.left_out {
            if !first {
                writeln!(f)?;
            }
            first = false;
            write!(f, "left out: {v}")?;
        }
        Ok(())
    }
}

/// `line 3 Niko Sünderhauf (niko-sunderhauf): new; bib: 12 added, 1 merged, 0 unchanged, 2
/// skipped`, then an indented line for each change, conflict, note, and entry skipped or bad.
impl fmt::Display for RowReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = if self.name.is_empty() {
            String::new()
        } else {
            format!(" {}", self.name)
        };
        let done = match &self.result {
            Err(reason) => {
                return write!(f, "line {}{name}: bad row, skipped: {reason}", self.line);
            }
            Ok(done) => done,
        };
        let p = &done.person;
        write!(f, "line {}{name} ({}): ", self.line, p.id)?;
        match &p.status {
            Status::New => write!(f, "new")?,
            Status::Updated(changes) => write!(f, "updated ({})", changes.join(", "))?,
            Status::Unchanged => write!(f, "unchanged")?,
        }
        if let Some(how) = &p.found_by {
            write!(f, ", found {how}")?;
        }
        if let Some(bib) = &done.bib {
            let [a, m, u, s] = counts(bib.outcomes.iter());
            write!(
                f,
                "; bib: {a} added, {m} merged, {u} unchanged, {s} skipped"
            )?;
            if !bib.bad.is_empty() {
                write!(f, ", {} bad", bib.bad.len())?;
            }
        }
        for c in &p.conflicts {
            write!(f, "\n    conflict: {c}; kept the dataset's")?;
        }
        for d in &done.dropped {
            write!(f, "\n    left out: {d}")?;
        }
        for n in &p.notes {
            write!(f, "\n    note: {n}")?;
        }
        if let Some(bib) = &done.bib {
            for o in &bib.outcomes {
                if let Outcome::Skipped { key, reason } = o {
                    write!(f, "\n    bib skipped: {key}: {reason}")?;
                }
            }
            for (id, n) in bib.outcomes.iter().flat_map(paper_notes) {
                write!(f, "\n    bib note: {}: {n}", id.unwrap_or("?"))?;
            }
            for (id, c) in bib.outcomes.iter().flat_map(paper_conflicts) {
                write!(f, "\n    bib note: {}: conflict: {c}", id.unwrap_or("?"))?;
            }
            for b in &bib.bad {
                write!(f, "\n    bib bad: {b}")?;
            }
            for r in &bib.repeats {
                write!(f, "\n    bib repeated: {r}")?;
            }
        }
        for d in &done.sources {
            write!(f, "\n    {}", d.summary())?;
            let Ok(b) = &d.result else { continue };
            for c in &b.profile {
                write!(f, "\n      profile: {c}")?;
            }
            for n in &b.notes {
                write!(f, "\n      note: {n}")?;
            }
            // What the papers noticed: a new venue to check, a value left out.
            for (id, n) in b.outcomes.iter().flat_map(paper_notes) {
                write!(f, "\n      note: {}: {n}", id.unwrap_or("?"))?;
            }
            for c in conflicts_of(d) {
                write!(f, "\n      {c}")?;
            }
            for o in &b.outcomes {
                match o {
                    Outcome::Added { id, .. } => write!(f, "\n      added: {id}")?,
                    Outcome::Merged { id, changes, .. } => {
                        write!(f, "\n      merged: {id}: {}", changes.join("; "))?
                    }
                    Outcome::Skipped { key, reason } => {
                        write!(f, "\n      skipped: {key}: {reason}")?
                    }
                    Outcome::Unchanged { .. } => {}
                }
            }
            for (key, reason) in &b.bad {
                write!(f, "\n      bad: {key}: {reason}")?;
            }
            for s in &b.skipped {
                write!(f, "\n      left out: {}: {}", s.at, s.reason)?;
            }
        }
        Ok(())
    }
}
