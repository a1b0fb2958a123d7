//! Adds and updates a whole department from a roster (`cargo xtask import ROSTER.csv [--data
//! FILE] [--dry-run] [--strict]`): a CSV file with one person a row, each with their `.bib`
//! file.
//!
//! Two stages, as every reader of an outside format: [`table`] reads the CSV into typed rows
//! that mirror its columns (the `csv` crate, serde); then the rows are mapped into the
//! dataset: [`row`] reads each cell into the value the dataset holds, [`person`] finds the
//! person (by id, an identifier link, or exact name) and adds or updates them, and each
//! person's `.bib` is imported as `import-bib` imports it, through one [`Batch`] (the dataset
//! indexed once, and checked once at the end, not per file). Everyone is placed before any
//! `.bib` is read, so a paper shared by two people on the roster links both, whichever row
//! comes first.
//!
//! Never all or nothing: a row is left out only when it has no name (nothing identifies the
//! person); a cell that cannot be read (a bad stage, id or identifier, a `.bib` file that is
//! missing or that the reader refuses) is left out of the row, with its reason, and the rest of
//! the row goes in. The result is settled by the app's loader ([`settle`]): a value its checks
//! refuse costs only itself, reported on the row that brought it. `--strict` writes nothing if
//! any row is bad or any value is left out. A value that differs from the dataset's is a
//! conflict: reported, and the dataset's kept. The dataset is written once, at the end,
//! validated and atomically ([`DatasetFile::save`]); a second run with nothing new changes no
//! byte.
//! [`import_people`] does the work and returns the report as data; [`import_roster`] is the
//! command, returning the report and what became of the file for the binary to print.

mod person;
mod report;
mod row;
mod table;
mod trace;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use research_atlas::model::{Dataset, LinkKind, Problem, Severity};

pub use person::{Applied, Status, summary};
pub use report::{Done, RosterReport, RowReport};
pub use table::COLUMNS;

use crate::Error;
use crate::authoring::{DatasetFile, Ending, Run, record_of, settle, validate};
use crate::bibtex::{Batch, Outcome, decode};
use crate::error::Change;
use crate::sources::fetch::{self, Fetch, Fetched};
use crate::sources::profile::stage_of;
use crate::sources::{Origin, folder, import_person};
use person::{Context, Members};
use row::Row;
use trace::{Counts, Touched, merged, refuse_paper, trace};

/// What to import, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct RosterImport {
    /// The roster.
    pub roster: PathBuf,
    /// The dataset file (default: the bundled one).
    pub data: Option<PathBuf>,
    /// Report only; write nothing.
    pub dry_run: bool,
    /// All or nothing: any bad row (or bad `.bib` entry) and nothing is written.
    pub strict: bool,
    /// The source folder with each person's ORCID, dblp and OpenAlex records
    /// ([`crate::sources::folder`]); none: the identifiers are only stored as links.
    pub sources: Option<PathBuf>,
    /// Fill the source folder from the APIs first (what is there already is used as is).
    pub fetch: bool,
    /// With `fetch`: download every record again, ignoring what the folder has.
    pub refresh: bool,
    /// With `fetch`: the address OpenAlex's polite pool and the User-Agent name.
    pub mailto: Option<String>,
    /// With `fetch`: an OpenAlex API key (from the environment's `OPENALEX_API_KEY`).
    pub openalex_key: Option<String>,
    /// The day citation counts are dated, `YYYY-MM-DD`.
    pub today: String,
}

/// Reading people's records in the open sources during a roster import.
pub struct Sourcing {
    /// The source folder.
    pub folder: PathBuf,
    /// Filling it from the APIs first, if asked.
    pub fetch: Option<Fetch>,
    /// The day citation counts are dated, `YYYY-MM-DD`.
    pub today: String,
}

/// Runs the task: the report (a line per row, and a total), then the dataset written unless it
/// is a dry run, or `--strict` and a row is bad. `Err` when nothing was imported (no report).
pub fn import_roster(args: &RosterImport) -> Result<Run<RosterReport>, Error> {
    let file = DatasetFile::open(args.data.as_deref())?;
    let mut dataset = file.dataset.clone();
    let sourcing = args.sources.as_ref().map(|folder| Sourcing {
        folder: folder.clone(),
        fetch: args.fetch.then(|| Fetch {
            mailto: args.mailto.clone(),
            openalex_key: args.openalex_key.clone(),
            refresh: args.refresh,
            ..Fetch::default()
        }),
        today: args.today.clone(),
    });
    let report = import_people_with(&mut dataset, &args.roster, args.strict, sourcing.as_ref())?;
    let bad = report.bad_rows().count();
    let lines = lines_by_person(&report.rows);
    let blame = |p: &Problem| blame(&dataset, &lines, p);
    let ending = if args.strict && bad > 0 {
        Err(Error::BadRows {
            summary: report.summary(),
            bad,
        })
    } else if args.dry_run {
        validate(&dataset, &blame)
            .map(|_| Ending::DryRun)
            .map_err(invalid)
    } else {
        file.end(&dataset, &blame, invalid)
    };
    Ok(Run { report, ending })
}

/// The roster's problems: it would make the dataset invalid.
fn invalid(problems: Vec<String>) -> Error {
    Error::Invalid {
        by: Change::Roster,
        problems,
    }
}

/// Imports the roster at `csv` into `dataset`: the people, then each one's `.bib` file (paths
/// relative to the roster). Every row is in the report, imported or bad. `dataset` is left
/// valid. `Err` (and `dataset` unchanged) when the file cannot be read as a roster (no header,
/// no `name` column), or when a problem the dataset's checks find cannot be traced to a row.
pub fn import_people(
    dataset: &mut Dataset,
    csv: &Path,
    strict: bool,
) -> Result<RosterReport, Error> {
    import_people_with(dataset, csv, strict, None)
}

/// [`import_people`], each person's records in the open sources brought in too when `sourcing`
/// is given (after their `.bib`): read from its folder, which is first filled from the APIs if
/// it says so. A document that cannot be fetched costs only itself, and is in the report
/// (`fetched`, printed as `sources: not fetched:` lines); with `strict` it refuses the import.
/// `Err`, and `dataset` unchanged, when the source folder's staging folder cannot be cleared or
/// made.
pub fn import_people_with(
    dataset: &mut Dataset,
    csv: &Path,
    strict: bool,
    sourcing: Option<&Sourcing>,
) -> Result<RosterReport, Error> {
    let name = csv.display();
    let in_roster = |error| Error::within(&name, error);
    let bytes = std::fs::read(csv).map_err(|e| in_roster(Error::io(&e)))?;
    let text = decode(&bytes).map_err(in_roster)?;
    let table = table::read(&text).map_err(in_roster)?;
    let dir = csv.parent().unwrap_or(Path::new(""));
    let document = csv
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned());
    let rows: Vec<Parsed> = table
        .lines
        .iter()
        .map(|l| {
            let row = (l.row.clone()).and_then(|raw| Row::read(&raw, l.line, dir));
            let name = match &row {
                Ok(r) => r.name.clone(),
                Err(_) => (l.row.as_ref().ok())
                    .and_then(|raw| raw.name.as_deref())
                    .unwrap_or("")
                    .to_owned(),
            };
            Parsed {
                line: l.line,
                name,
                row,
            }
        })
        .collect();
    let mut fetched = None;
    if let Some(Sourcing {
        folder,
        fetch: Some(fetch),
        ..
    }) = sourcing
    {
        // Each person goes in with what the folder holds; the reader reports what is missing,
        // and the report says why it was not fetched.
        let got = fetch_rows(fetch, folder, &rows)?;
        if strict && !got.failed.is_empty() {
            return Err(Error::NotFetched { failed: got.failed });
        }
        fetched = Some(got);
    }
    let mut rows = rows;
    if let Some(sourcing) = sourcing {
        hint_stages(&mut rows, &sourcing.folder);
    }
    let (rows, left_out) = import_rows(dataset, &rows, &document, strict, sourcing)?;
    Ok(RosterReport {
        unknown_columns: table.unknown_columns,
        fetched,
        rows,
        left_out,
    })
}

/// Fills the source folder for every good row with an identifier. A document that cannot be
/// fetched is in the result's `failed`, not an `Err`: that is only for a staging folder that
/// cannot be cleared or made.
fn fetch_rows(fetch: &Fetch, folder: &Path, rows: &[Parsed]) -> Result<Fetched, Error> {
    let labelled: Vec<(String, Vec<(Origin, String)>)> = rows
        .iter()
        .filter_map(|p| {
            let row = p.row.as_ref().ok()?;
            Some((format!("line {} ({})", p.line, p.name), identifiers(row)))
        })
        .filter(|(_, ids)| !ids.is_empty())
        .collect();
    let people: Vec<fetch::Person> = labelled
        .iter()
        .map(|(label, ids)| {
            let of = |o: Origin| ids.iter().find(|(x, _)| *x == o).map(|(_, id)| id.as_str());
            fetch::Person {
                label,
                orcid: of(Origin::Orcid),
                dblp: of(Origin::Dblp),
                openalex: of(Origin::Openalex),
            }
        })
        .collect();
    fetch.fill(folder, &people)
}

/// For each row without a stage, the stage its ORCID record's current job or degree says, for
/// a new person (one already in the dataset keeps theirs). A record that cannot be read gives
/// none here; the import reports it.
fn hint_stages(rows: &mut [Parsed], folder: &Path) {
    for p in rows {
        let Ok(row) = &mut p.row else { continue };
        if row.stage.is_some() {
            continue;
        }
        let orcid = identifiers(row)
            .into_iter()
            .find(|(o, _)| *o == Origin::Orcid);
        if let Some((_, id)) = orcid
            && let Ok(record) = folder::read(folder, Origin::Orcid, &id)
        {
            row.stage_hint = stage_of(&record.profile);
        }
    }
}

/// The row's identifiers in the open sources, from its identifier links.
fn identifiers(row: &Row) -> Vec<(Origin, String)> {
    row.identifiers
        .iter()
        .filter_map(|l| {
            let origin = match l.kind {
                LinkKind::Orcid => Origin::Orcid,
                LinkKind::Dblp => Origin::Dblp,
                LinkKind::Openalex => Origin::Openalex,
                _ => return None,
            };
            Some((origin, l.identifier()?.to_owned()))
        })
        .collect()
}

/// A row as read, with its line and the name to report it by.
struct Parsed {
    line: usize,
    name: String,
    row: Result<Row, Error>,
}

/// Places every good row's person, then imports their `.bib` files and their records in the
/// open sources, through one [`Batch`] (which neither copies nor checks the dataset per file),
/// then settles the result once by the app's loader ([`settle`]): a value its checks refuse is
/// left out of its record and reported on the row that brought it, a paper or venue that
/// cannot do without it is left out, and every other value and person goes in. A person whose
/// own record the loader refuses whole (nothing a repaired import makes, but reported if it
/// happens) is that row's reason. With `strict`, any value left out and nothing is written.
fn import_rows(
    dataset: &mut Dataset,
    rows: &[Parsed],
    document: &str,
    strict: bool,
    sourcing: Option<&Sourcing>,
) -> Result<(Vec<RowReport>, Vec<Problem>), Error> {
    let reserved: HashSet<String> = rows
        .iter()
        .filter_map(|p| p.row.as_ref().ok()?.id.as_ref().map(|id| id.0.clone()))
        .collect();
    let cx = Context {
        reserved: &reserved,
        document,
    };
    let mut candidate = dataset.clone();
    let Attempt {
        mut reports,
        touched,
    } = attempt(&mut candidate, rows, &cx, strict, sourcing);
    let settled = settle(&mut candidate)?;
    // The problems' paths name positions in the dataset before it was settled.
    let given = settled.before.as_ref().unwrap_or(&candidate);
    let lines = lines_by_person(&reports);
    let mut untraced = Vec::new();
    for p in settled.left_out() {
        let traced = trace(given, &lines, &touched, p)
            .and_then(|line| reports.iter_mut().find(|r| r.line == line));
        let Some(report) = traced else {
            untraced.push(p.clone());
            continue;
        };
        let whole_person =
            p.severity == Severity::Error && record_of(p).is_some_and(|(c, _)| c == "researchers");
        let refused_paper = match record_of(p) {
            Some(("publications", i)) if p.severity == Severity::Error => {
                given.publications.get(i).map(|x| &x.id)
            }
            _ => None,
        };
        if let (Ok(done), Some(id)) = (&mut report.result, refused_paper)
            && refuse_paper(done, id, p)
        {
            continue;
        }
        match &mut report.result {
            Ok(_) if whole_person => {
                report.result = Err(Error::RecordRefused { problem: p.clone() });
            }
            Ok(done) => done.dropped.push(Error::Refused { problem: p.clone() }),
            Err(_) => untraced.push(p.clone()),
        }
    }
    let left_out = reports
        .iter()
        .filter_map(|r| r.result.as_ref().ok())
        .map(|d| d.dropped.len())
        .sum::<usize>()
        + untraced.len();
    if strict && left_out > 0 {
        let values: Vec<(Option<usize>, Error)> = reports
            .iter()
            .filter_map(|r| Some((r.line, r.result.as_ref().ok()?)))
            .flat_map(|(line, d)| d.dropped.iter().map(move |v| (Some(line), v.clone())))
            .chain((untraced.iter()).map(|p| (None, Error::Refused { problem: p.clone() })))
            .collect();
        return Err(Error::ValuesLeftOut { values });
    }
    drop(settled);
    *dataset = candidate;
    Ok((reports, untraced))
}

/// A pass's reports, and which row made or changed each record.
struct Attempt {
    reports: Vec<RowReport>,
    touched: Touched,
}

/// One pass: every person placed, then every `.bib` and source record imported, into
/// `dataset`.
fn attempt(
    dataset: &mut Dataset,
    rows: &[Parsed],
    cx: &Context<'_>,
    strict: bool,
    sourcing: Option<&Sourcing>,
) -> Attempt {
    let mut members = Members::new(dataset);
    let mut reports: Vec<RowReport> = rows
        .iter()
        .map(|p| {
            let result = match &p.row {
                Err(reason) => Err(reason.clone()),
                Ok(row) => person::apply(dataset, &mut members, row, cx)
                    .map(|person| Done {
                        person,
                        bib: None,
                        sources: Vec::new(),
                        dropped: row.dropped.clone(),
                    })
                    // The cells left out may be why: say them first.
                    .map_err(|reason| match row.dropped.is_empty() {
                        true => reason,
                        false => Error::RowLeftOut {
                            cells: row.dropped.clone(),
                            reason: Box::new(reason),
                        },
                    }),
            };
            RowReport {
                line: p.line,
                name: p.name.clone(),
                result,
            }
        })
        .collect();
    let mut batch = Batch::new(dataset);
    let mut touched = Touched::default();
    for (p, report) in rows.iter().zip(&mut reports) {
        let (Ok(row), Ok(done)) = (&p.row, &mut report.result) else {
            continue;
        };
        if let Some(bib) = &row.bib {
            let before = Counts::of(dataset);
            match batch.import(dataset, &done.person.id, &bib.source, strict) {
                Ok(imported) => {
                    touched.note(dataset, before, merged(&imported.outcomes), p.line);
                    done.bib = Some(imported);
                }
                // The person goes in without the file's papers.
                Err(error) => done.dropped.push(Error::BibFile {
                    path: bib.path.clone(),
                    error: Box::new(error),
                }),
            }
        }
        let Some(sourcing) = sourcing else {
            continue;
        };
        let ids = identifiers(row);
        if ids.is_empty() {
            continue;
        }
        let before = Counts::of(dataset);
        done.sources = import_person(
            dataset,
            &mut batch,
            &done.person.id,
            &sourcing.folder,
            &ids,
            &sourcing.today,
        );
        let outcomes: Vec<Outcome> = (done.sources.iter())
            .filter_map(|d| d.result.as_ref().ok())
            .flat_map(|b| b.outcomes.iter().cloned())
            .collect();
        touched.note(dataset, before, merged(&outcomes), p.line);
    }
    Attempt { reports, touched }
}

/// The line of the row that placed each person, by id.
fn lines_by_person(rows: &[RowReport]) -> HashMap<String, usize> {
    let mut lines = HashMap::new();
    for r in rows {
        if let Ok(done) = &r.result {
            lines.entry(done.person.id.0.clone()).or_insert(r.line);
        }
    }
    lines
}

/// The roster line behind a validation problem in a researcher's record.
fn blame(dataset: &Dataset, lines: &HashMap<String, usize>, p: &Problem) -> Option<String> {
    let (collection, i) = record_of(p)?;
    let id = (collection == "researchers").then(|| dataset.researchers.get(i))??;
    lines.get(id.id.as_str()).map(|l| format!("line {l}"))
}

#[cfg(test)]
mod tests;
