//! Adds a researcher's publication list, as exported by dblp, Google Scholar or a reference
//! manager, to the dataset (`cargo xtask import-bib --researcher ID [--dry-run] [--data FILE]
//! FILE.bib`).
//!
//! Three stages, each its own module: [`entry`] reads the BibTeX into plain-text entries;
//! [`paper`] judges each entry (a paper to import, a work to skip, or bad data); [`apply`]
//! adds each paper or merges it into the record it duplicates, with [`venue`] finding or
//! creating its venue. The changed dataset is written only if it validates
//! ([`DatasetFile::save`]); a bad entry or a validation problem stops the import with the
//! BibTeX key and the reason, and nothing is written.

mod apply;
mod entry;
mod paper;
mod paper_id;
mod venue;

use std::path::PathBuf;

use research_atlas::model::{Dataset, Problem, ResearcherId};

use crate::authoring::{DatasetFile, Saved, record_of, validate};
use apply::{Outcome, Report};

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
}

/// Runs the task; prints one line per entry, then a summary.
pub fn import_bib(args: &Import) -> Result<(), String> {
    let file = DatasetFile::open(args.data.as_deref())?;
    if !file
        .dataset
        .researchers
        .iter()
        .any(|r| r.id == args.researcher)
    {
        return Err(format!(
            "{}: no researcher {}; add them first (cargo xtask add-researcher)",
            file.path.display(),
            args.researcher
        ));
    }
    let bib_name = args.bib.display().to_string();
    let source = std::fs::read_to_string(&args.bib).map_err(|e| format!("{bib_name}: {e}"))?;
    let entries = entry::read(&source).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| format!("{bib_name}: {e}")).collect();
        format!(
            "{}\n{bib_name}: not imported; nothing was written",
            lines.join("\n")
        )
    })?;
    let mut dataset = file.dataset.clone();
    let report = apply::apply(&mut dataset, &args.researcher, &entries);
    if !report.errors.is_empty() {
        let lines: Vec<String> = report
            .errors
            .iter()
            .map(|(line, key, reason)| format!("{bib_name}: line {line} (entry {key}): {reason}"))
            .collect();
        return Err(format!(
            "{}
{} bad entr{}; nothing was written",
            lines.join("\n"),
            lines.len(),
            if lines.len() == 1 { "y" } else { "ies" }
        ));
    }
    for outcome in &report.outcomes {
        println!("{outcome}");
    }
    let summary = summary(&report);
    let blame = |p: &Problem| blame(&dataset, &report, &args.researcher, p);
    if args.dry_run {
        // Validate all the same, so a dry run shows every problem a real run would hit.
        validate(&dataset, &blame).map_err(|problems| invalid(&problems))?;
        println!("{summary}; dry run, nothing written");
        return Ok(());
    }
    match file
        .save(&dataset, &blame)
        .map_err(|problems| invalid(&problems))?
    {
        Saved::Written => println!("{summary}; wrote {}", file.path.display()),
        Saved::Unchanged => println!("{summary}; nothing to change in {}", file.path.display()),
    }
    Ok(())
}

fn invalid(problems: &[String]) -> String {
    format!(
        "{}\nthe import would make the dataset invalid ({} problem(s)); nothing was written",
        problems.join("\n"),
        problems.len()
    )
}

/// "2 added, 1 merged, 3 unchanged, 1 skipped".
fn summary(report: &Report) -> String {
    let count = |f: fn(&Outcome) -> bool| report.outcomes.iter().filter(|o| f(o)).count();
    format!(
        "{} added, {} merged, {} unchanged, {} skipped",
        count(|o| matches!(o, Outcome::Added { .. })),
        count(|o| matches!(o, Outcome::Merged { .. })),
        count(|o| matches!(o, Outcome::Unchanged { .. })),
        count(|o| matches!(o, Outcome::Skipped { .. })),
    )
}

/// The entry behind a validation problem: "entry KEY", or the researcher whose list changed.
fn blame(
    dataset: &Dataset,
    report: &Report,
    researcher: &ResearcherId,
    p: &Problem,
) -> Option<String> {
    let (collection, index) = record_of(p)?;
    let id = match collection {
        "publications" => dataset.publications.get(index)?.id.0.clone(),
        "venues" => dataset.venues.get(index)?.id.0.clone(),
        "researchers" if dataset.researchers.get(index)?.id == *researcher => {
            return Some(format!("researcher {researcher}"));
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
        .map(|key| format!("entry {key}"))
}

#[cfg(test)]
mod tests;
