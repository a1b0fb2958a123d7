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
//! Never all or nothing: a bad row (no name, a bad stage, id or identifier, a `.bib` file that
//! is missing or that the reader refuses, a record the dataset's checks refuse) is reported
//! with its line and reason and left out, and the rest goes in; `--strict` writes nothing if any
//! row is bad. A value that differs from the dataset's is a conflict: reported, and the
//! dataset's kept. The dataset is written once, at the end, validated and atomically
//! ([`DatasetFile::save`]); a second run with nothing new changes no byte.
//! [`import_people`] does the work and returns the report as data; [`import_roster`] is the
//! command, printing it.

mod person;
mod report;
mod row;
mod table;

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use research_atlas::model::{Dataset, LinkKind, Problem};

pub use person::{Applied, Status, summary};
pub use report::{Done, RosterReport, RowReport};
pub use table::COLUMNS;

use crate::authoring::{DatasetFile, Saved, record_of, validate};
use crate::bibtex::{Batch, Outcome, decode, import_entries};
use crate::sources::fetch::{self, Fetch, Fetched};
use crate::sources::profile::stage_of;
use crate::sources::{Origin, folder, import_person};
use person::{Context, Directory};
use row::Row;

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

/// Runs the task: prints a line per row and a total, and writes the dataset unless it is a dry
/// run, or `--strict` and a row is bad.
pub fn import_roster(args: &RosterImport) -> Result<(), String> {
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
    let text = report.to_string();
    if !text.is_empty() {
        println!("{text}");
    }
    let summary = report.summary();
    let bad = report.bad_rows().count();
    if args.strict && bad > 0 {
        return Err(format!(
            "{summary}\n{bad} bad row{}; --strict: nothing was written",
            if bad == 1 { "" } else { "s" }
        ));
    }
    let lines = lines_by_person(&report.rows);
    let blame = |p: &Problem| blame(&dataset, &lines, p);
    if args.dry_run {
        validate(&dataset, &blame).map_err(|p| invalid(&p))?;
        println!("{summary}; dry run, nothing written");
        return Ok(());
    }
    match file.save(&dataset, &blame).map_err(|p| invalid(&p))? {
        Saved::Written => println!("{summary}; wrote {}", file.path.display()),
        Saved::Unchanged => println!("{summary}; nothing to change in {}", file.path.display()),
    }
    Ok(())
}

fn invalid(problems: &[String]) -> String {
    format!(
        "{}\nthe roster would make the dataset invalid ({} problem(s)); nothing was written",
        problems.join("\n"),
        problems.len()
    )
}

/// Imports the roster at `csv` into `dataset`: the people, then each one's `.bib` file (paths
/// relative to the roster). Every row is in the report, imported or bad. `dataset` is left
/// valid. `Err` (and `dataset` unchanged) when the file cannot be read as a roster (no header,
/// no `name` column), or when a problem the dataset's checks find cannot be traced to a row.
pub fn import_people(
    dataset: &mut Dataset,
    csv: &Path,
    strict: bool,
) -> Result<RosterReport, String> {
    import_people_with(dataset, csv, strict, None)
}

/// [`import_people`], each person's records in the open sources brought in too when `sourcing`
/// is given (after their `.bib`): read from its folder, which is first filled from the APIs if
/// it says so. `Err`, and `dataset` unchanged, when a fetch fails.
pub fn import_people_with(
    dataset: &mut Dataset,
    csv: &Path,
    strict: bool,
    sourcing: Option<&Sourcing>,
) -> Result<RosterReport, String> {
    let name = csv.display();
    let bytes = std::fs::read(csv).map_err(|e| format!("{name}: {e}"))?;
    let text = decode(&bytes).map_err(|e| format!("{name}: {e}"))?;
    let table = table::read(&text).map_err(|e| format!("{name}: {e}"))?;
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
    if let Some(Sourcing {
        folder,
        fetch: Some(fetch),
        ..
    }) = sourcing
    {
        let fetched = fetch_rows(fetch, folder, &rows)?;
        println!(
            "sources: {} downloaded, {} already in {}",
            fetched.downloaded.len(),
            fetched.cached,
            folder.display()
        );
        for n in &fetched.notes {
            println!("sources: {n}");
        }
    }
    let mut rows = rows;
    if let Some(sourcing) = sourcing {
        hint_stages(&mut rows, &sourcing.folder);
    }
    let rows = import_rows(dataset, &rows, &document, strict, sourcing)?;
    Ok(RosterReport {
        unknown_columns: table.unknown_columns,
        rows,
    })
}

/// Fills the source folder for every good row with an identifier.
fn fetch_rows(fetch: &Fetch, folder: &Path, rows: &[Parsed]) -> Result<Fetched, String> {
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
    row: Result<Row, String>,
}

/// How many times the rows are imported again without those found bad on the way.
const ROUNDS: usize = 4;

/// Places every good row's person, then imports their `.bib` files, then checks the dataset
/// once. The files go in through one [`Batch`], which neither copies nor checks the dataset per
/// file. A row found bad on the way (a `.bib` the reader refuses, a person's record the checks
/// refuse) is left out, and the whole import made again from `dataset` without it; a row whose
/// `.bib` made a record the checks refuse has its file imported through [`import_entries`] in
/// the next round, which checks it and leaves those entries out. A few rounds at most, and what
/// a bad row or entry did never stays.
fn import_rows(
    dataset: &mut Dataset,
    rows: &[Parsed],
    document: &str,
    strict: bool,
    sourcing: Option<&Sourcing>,
) -> Result<Vec<RowReport>, String> {
    let reserved: HashSet<String> = rows
        .iter()
        .filter_map(|p| p.row.as_ref().ok()?.id.as_ref().map(|id| id.0.clone()))
        .collect();
    let cx = Context {
        reserved: &reserved,
        document,
    };
    let mut plan = Plan::default();
    for round in 1..=ROUNDS {
        let mut candidate = dataset.clone();
        let attempt = attempt(&mut candidate, rows, &plan, &cx, strict, sourcing);
        if !attempt.bad_now.is_empty() {
            plan.left_out.extend(attempt.bad_now);
            continue;
        }
        let lines = lines_by_person(&attempt.reports);
        let traced: RefCell<Vec<(usize, Traced)>> = RefCell::default();
        let untraced = Cell::new(false);
        let check = validate(&candidate, &|p: &Problem| {
            let cause = trace(&candidate, &lines, &attempt.touched, p);
            match &cause {
                Some(c) => traced.borrow_mut().push(c.clone()),
                None => untraced.set(true),
            }
            cause.map(|(line, _)| format!("line {line}"))
        });
        let problems = match check {
            Ok(_) => {
                *dataset = candidate;
                return Ok(attempt.reports);
            }
            Err(problems) => problems,
        };
        let before = (plan.left_out.len(), plan.checked.len());
        let mut by_line: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for (line, cause) in traced.into_inner() {
            match cause {
                Traced::Person(problem) => by_line.entry(line).or_default().push(problem),
                Traced::Bib => {
                    plan.checked.insert(line);
                }
            }
        }
        for (line, problems) in by_line {
            plan.left_out.insert(
                line,
                format!(
                    "its record would make the dataset invalid: {}",
                    problems.join("; ")
                ),
            );
        }
        let progress = (plan.left_out.len(), plan.checked.len()) != before;
        if untraced.get() || !progress || round == ROUNDS {
            return Err(invalid(&problems));
        }
    }
    unreachable!("the last round returns")
}

/// What a round does differently from the first.
#[derive(Default)]
struct Plan {
    /// Rows left out, with the reason.
    left_out: BTreeMap<usize, String>,
    /// Rows whose `.bib` is imported and checked on its own.
    checked: HashSet<usize>,
}

/// A round's reports, the rows found bad in it, and which row made or changed each record.
struct Attempt {
    reports: Vec<RowReport>,
    bad_now: BTreeMap<usize, String>,
    touched: Touched,
}

/// The row whose `.bib` added or first merged into each publication, and added each venue,
/// by id.
#[derive(Default)]
struct Touched {
    publications: HashMap<String, usize>,
    venues: HashMap<String, usize>,
}

/// What a validation problem is traced to: the record of the row's person (the problem, as
/// the row's reason), or a record the row's `.bib` made.
#[derive(Clone)]
enum Traced {
    Person(String),
    Bib,
}

/// The row behind a validation problem, if any.
fn trace(
    dataset: &Dataset,
    lines: &HashMap<String, usize>,
    touched: &Touched,
    p: &Problem,
) -> Option<(usize, Traced)> {
    let (collection, i) = record_of(p)?;
    match collection {
        "researchers" => {
            let line = *lines.get(dataset.researchers.get(i)?.id.as_str())?;
            // "researchers[7].name: …" → "name: …": the index is this round's.
            let text = p.to_string();
            let field = text.split_once("].").map_or(text.as_str(), |(_, f)| f);
            Some((line, Traced::Person(field.to_owned())))
        }
        "publications" => {
            let id = &dataset.publications.get(i)?.id;
            Some((*touched.publications.get(id.as_str())?, Traced::Bib))
        }
        "venues" => {
            let id = &dataset.venues.get(i)?.id;
            Some((*touched.venues.get(id.as_str())?, Traced::Bib))
        }
        _ => None,
    }
}

/// One round: every person placed, then every `.bib` imported, into `dataset`.
fn attempt(
    dataset: &mut Dataset,
    rows: &[Parsed],
    plan: &Plan,
    cx: &Context<'_>,
    strict: bool,
    sourcing: Option<&Sourcing>,
) -> Attempt {
    let mut directory = Directory::new(dataset);
    let mut reports: Vec<RowReport> = rows
        .iter()
        .map(|p| {
            let result = match (&p.row, plan.left_out.get(&p.line)) {
                (Err(reason), _) => Err(reason.clone()),
                (Ok(_), Some(reason)) => Err(reason.clone()),
                (Ok(row), None) => {
                    person::apply(dataset, &mut directory, row, cx).map(|person| Done {
                        person,
                        bib: None,
                        sources: Vec::new(),
                    })
                }
            };
            RowReport {
                line: p.line,
                name: p.name.clone(),
                result,
            }
        })
        .collect();
    let mut batch = Batch::new(dataset);
    let mut bad_now = BTreeMap::new();
    let mut touched = Touched::default();
    for (p, report) in rows.iter().zip(&mut reports) {
        let (Ok(row), Ok(done)) = (&p.row, &mut report.result) else {
            continue;
        };
        if let Some(bib) = &row.bib
            && let Err(reason) = import_bib(
                dataset,
                &mut batch,
                plan,
                p,
                done,
                bib,
                strict,
                &mut touched,
            )
        {
            bad_now.insert(p.line, reason);
            continue;
        }
        let Some(sourcing) = sourcing else {
            continue;
        };
        let ids = identifiers(row);
        if ids.is_empty() {
            continue;
        }
        let before = dataset.publications.len();
        let venues = dataset.venues.len();
        done.sources = import_person(
            dataset,
            &mut batch,
            &done.person.id,
            &sourcing.folder,
            &ids,
            &sourcing.today,
        );
        let merged = (done.sources.iter())
            .filter_map(|d| d.result.as_ref().ok())
            .flat_map(|b| &b.outcomes)
            .filter_map(|o| match o {
                Outcome::Merged { id, .. } => Some(id),
                _ => None,
            });
        for id in (dataset.publications[before..].iter().map(|p| &p.id)).chain(merged) {
            touched.publications.entry(id.0.clone()).or_insert(p.line);
        }
        for v in &dataset.venues[venues..] {
            touched.venues.entry(v.id.0.clone()).or_insert(p.line);
        }
    }
    Attempt {
        reports,
        bad_now,
        touched,
    }
}

/// Imports a row's `.bib` through `batch` (or on its own, checked, when the plan says so),
/// recording the records it made or merged into. `Err` is the row's reason to be left out.
#[allow(clippy::too_many_arguments)]
fn import_bib(
    dataset: &mut Dataset,
    batch: &mut Batch,
    plan: &Plan,
    p: &Parsed,
    done: &mut Done,
    bib: &row::Bib,
    strict: bool,
    touched: &mut Touched,
) -> Result<(), String> {
    let (publications, venues) = (dataset.publications.len(), dataset.venues.len());
    let imported = if plan.checked.contains(&p.line) {
        let imported = import_entries(dataset, &done.person.id, &bib.source, strict);
        *batch = Batch::new(dataset);
        imported
    } else {
        batch.import(dataset, &done.person.id, &bib.source, strict)
    };
    match imported {
        Ok(report) => {
            let merged = report.outcomes.iter().filter_map(|o| match o {
                Outcome::Merged { id, .. } => Some(id),
                _ => None,
            });
            for id in (dataset.publications[publications..].iter().map(|p| &p.id)).chain(merged) {
                touched.publications.entry(id.0.clone()).or_insert(p.line);
            }
            for v in &dataset.venues[venues..] {
                touched.venues.entry(v.id.0.clone()).or_insert(p.line);
            }
            done.bib = Some(report);
            Ok(())
        }
        Err(e) => {
            // The file's own error ends "nothing was written"; the roster has not written
            // yet, and goes on without the row.
            let lines: Vec<&str> = e
                .lines()
                .map(|l| {
                    l.trim_end_matches("; nothing was written")
                        .trim_end_matches(": nothing was written")
                })
                .filter(|l| *l != "not imported")
                .collect();
            Err(format!("bib file {}: {}", bib.path, lines.join("; ")))
        }
    }
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
