//! The command line of `cargo xtask`: one struct per task, parsed by `argh` (its help is
//! `cargo xtask help` and `cargo xtask TASK --help`).

use std::path::PathBuf;

use argh::FromArgs;

/// Project tasks, run as `cargo xtask TASK`.
#[derive(FromArgs, Debug, PartialEq)]
pub struct Cli {
    #[argh(subcommand)]
    pub task: Task,
}

/// The task `args` (the command line after `cargo xtask`) asks for. `serve` takes its
/// arguments as they come, which `argh` cannot: it hands them to trunk.
pub fn parse(args: &[String]) -> Result<Task, argh::EarlyExit> {
    match args.first().map(String::as_str) {
        Some("serve") => Ok(Task::Serve(Serve {
            trunk_args: args[1..].to_vec(),
        })),
        _ => {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            Cli::from_args(&["cargo xtask"], &args).map(|cli| cli.task)
        }
    }
}

/// The help of `task` (`cargo xtask TASK --help`).
pub fn help(task: &str) -> String {
    Cli::from_args(&["cargo xtask"], &[task, "--help"]).map_or_else(|e| e.output, |_| String::new())
}

/// The tasks.
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand)]
// One is made per run: `add-researcher`'s flags need no box.
#[allow(clippy::large_enum_variant)]
pub enum Task {
    Serve(Serve),
    Test(Test),
    Dist(Dist),
    BuildData(BuildData),
    CheckData(CheckData),
    FmtData(FmtData),
    Schema(Schema),
    AddResearcher(AddResearcher),
    ImportBib(ImportBib),
    ImportRoster(ImportRoster),
    GenData(GenData),
    Bench(Bench),
    Experts(Experts),
    Setup(Setup),
}

/// install what is missing, then run the app on the bundled data (trunk serve on
/// http://127.0.0.1:8080)
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "serve")]
pub struct Serve {
    /// arguments for `trunk serve`
    #[argh(positional, greedy)]
    pub trunk_args: Vec<String>,
}

/// run every test: fmt, clippy, native, browser (wasm-bindgen-test in Chromium and Firefox),
/// end to end (Playwright in Chromium, then the WebDriver suite in Firefox ESR and WebKitGTK)
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "test")]
pub struct Test {
    /// only fmt, clippy and cargo test
    #[argh(switch)]
    pub native: bool,
    /// only this engine's WebDriver suite (firefox or webkit; repeatable), against the builds
    /// already in dist/ and dist-atlas/
    #[argh(option, from_str_fn(engine))]
    pub engine: Vec<&'static str>,
}

/// The engines of the WebDriver suite, as `--engine` takes them.
pub const ENGINES: [&str; 2] = ["firefox", "webkit"];

fn engine(value: &str) -> Result<&'static str, String> {
    (ENGINES.into_iter())
        .find(|e| *e == value)
        .ok_or_else(|| format!("{value:?}: --engine takes firefox or webkit"))
}

/// release build for static hosting, into dist/
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "dist")]
pub struct Dist {
    /// the sub-path the site is served under, such as /atlas/ (default /)
    #[argh(option, default = "String::from(\"/\")")]
    pub base: String,
    /// where to write the site (default dist/)
    #[argh(option)]
    pub out: Option<PathBuf>,
    /// how many previous data generations in the output to keep beside the new one
    #[argh(option, default = "0")]
    pub keep: usize,
    /// pre-render at most this many profiles (the rest open through 404.html)
    #[argh(option)]
    pub max_profiles: Option<usize>,
}

/// compile a dataset into what the browser fetches (directory.bin, title shards, profile
/// packs, …) in a generation folder of its own; `dist` runs it into dist/data
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "build-data")]
pub struct BuildData {
    /// the dataset (default data/researchers.json)
    #[argh(option, long = "in")]
    pub input: Option<PathBuf>,
    /// the data folder to write
    #[argh(option)]
    pub out: PathBuf,
    /// how many previous generations to keep beside the new one
    #[argh(option, default = "0")]
    pub keep: usize,
}

/// validate a dataset file
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "check-data")]
pub struct CheckData {
    /// the dataset (default data/researchers.json)
    #[argh(positional)]
    pub file: Option<PathBuf>,
}

/// rewrite a valid dataset in canonical, diff-friendly form
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "fmt-data")]
pub struct FmtData {
    /// the dataset (default data/researchers.json)
    #[argh(positional)]
    pub file: Option<PathBuf>,
}

/// write data/researchers.schema.json
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "schema")]
pub struct Schema {
    /// fail if the checked-in schema is stale instead of writing it
    #[argh(switch)]
    pub check: bool,
}

/// add a researcher from flags or a TOML/JSON stub (`cargo xtask add-researcher --help` lists
/// every flag); name, stage, summary and a source are required
#[derive(FromArgs, Debug, Default, PartialEq)]
#[argh(
    subcommand,
    name = "add-researcher",
    note = "STAGE: student, phd_student, postdoc, faculty, industry\nKIND (org): university, company, lab, nonprofit\nKIND (link): homepage, github, linkedin, scholar, orcid, email, …"
)]
pub struct AddResearcher {
    /// the dataset (default data/researchers.json)
    #[argh(option)]
    pub data: Option<PathBuf>,
    /// check the record and print it; write nothing
    #[argh(switch)]
    pub dry_run: bool,
    /// a stub (STUB.toml or STUB.json) with the record's fields in their own names; the flags
    /// replace its values and add to its lists
    #[argh(option)]
    pub from: Option<PathBuf>,
    /// the name (NAME)
    #[argh(option)]
    pub name: Option<String>,
    /// the career stage (STAGE)
    #[argh(option)]
    pub stage: Option<String>,
    /// the summary (TEXT)
    #[argh(option)]
    pub summary: Option<String>,
    /// a source (DOCUMENT; repeatable)
    #[argh(option)]
    pub source: Vec<String>,
    /// a note on the --source before it (NOTE)
    #[argh(option)]
    pub source_note: Vec<String>,
    /// the id (SLUG; default: from the name)
    #[argh(option)]
    pub id: Option<String>,
    /// the organization (ID|NAME, or an alias)
    #[argh(option)]
    pub organization: Option<String>,
    /// the kind of an organization not in the vocabulary, to add it (KIND)
    #[argh(option)]
    pub org_kind: Option<String>,
    /// the title (TEXT)
    #[argh(option)]
    pub title: Option<String>,
    /// the department (TEXT)
    #[argh(option)]
    pub department: Option<String>,
    /// the location (TEXT)
    #[argh(option)]
    pub location: Option<String>,
    /// the name in its own script (NAME)
    #[argh(option)]
    pub native_name: Option<String>,
    /// another spelling of the name (NAME; repeatable)
    #[argh(option)]
    pub alt_name: Vec<String>,
    /// a link (KIND=URL; repeatable)
    #[argh(option)]
    pub link: Vec<String>,
    /// a topic (ID; repeatable)
    #[argh(option)]
    pub topic: Vec<String>,
    /// an interest (TEXT; repeatable)
    #[argh(option)]
    pub interest: Vec<String>,
}

impl AddResearcher {
    /// Each `--source` with its `--source-note`: the last note given after it and before the
    /// next `--source` in `args` (the task's command line, which `argh` has read: each flag
    /// but `--dry-run` and the help takes a value). `argh` keeps each flag's values in order,
    /// not the order between flags, so the notes are placed from `args`.
    pub fn sources(&self, args: &[String]) -> Result<Vec<(String, Option<String>)>, String> {
        let mut sources: Vec<(String, Option<String>)> =
            self.source.iter().map(|d| (d.clone(), None)).collect();
        let (mut seen, mut notes) = (0_usize, self.source_note.iter());
        let mut at = args.iter();
        while let Some(flag) = at.next() {
            match flag.as_str() {
                "--dry-run" | "--help" | "-h" | "help" => continue,
                "--source" => seen += 1,
                "--source-note" => {
                    let source = (seen.checked_sub(1))
                        .and_then(|n| sources.get_mut(n))
                        .ok_or("--source-note must follow the --source it describes")?;
                    source.1 = notes.next().cloned();
                }
                _ => {}
            }
            at.next();
        }
        Ok(sources)
    }
}

/// add a researcher's papers from BibTeX (dblp, Google Scholar, a homepage's .bib, …):
/// duplicates are merged, never copied; an entry that cannot be read or is bad is reported and
/// left out
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "import-bib")]
pub struct ImportBib {
    /// the researcher's id
    #[argh(option)]
    pub researcher: String,
    /// the dataset (default data/researchers.json)
    #[argh(option)]
    pub data: Option<PathBuf>,
    /// only report; write nothing
    #[argh(switch)]
    pub dry_run: bool,
    /// all or nothing: any entry that cannot be read or is bad stops the import (by default it
    /// is reported and left out, and the rest goes in)
    #[argh(switch)]
    pub strict: bool,
    /// the .bib file
    #[argh(positional)]
    pub bib: PathBuf,
}

/// add and update a department from a roster CSV (columns in any order: name, id,
/// organization, stage, homepage, bib, orcid, dblp, openalex), with each person's .bib; a bad
/// row is reported and left out, a value that differs from the dataset's reported and not
/// written
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "import")]
pub struct ImportRoster {
    /// the dataset (default data/researchers.json)
    #[argh(option)]
    pub data: Option<PathBuf>,
    /// only report; write nothing
    #[argh(switch)]
    pub dry_run: bool,
    /// all or nothing: any bad row, or bad .bib entry, and nothing is written
    #[argh(switch)]
    pub strict: bool,
    /// the source folder: orcid/<iD>.json, dblp/<pid, / as _>.xml, openalex/<id>.json and
    /// openalex/<id>.works.json for the roster's identifiers
    #[argh(option)]
    pub sources: Option<PathBuf>,
    /// fill the source folder from the ORCID, dblp and OpenAlex APIs first (needs --sources)
    #[argh(switch)]
    pub fetch: bool,
    /// with --fetch: download every record again, ignoring the folder's copies
    #[argh(switch)]
    pub refresh: bool,
    /// with --fetch: your e-mail address, for OpenAlex's polite pool and the User-Agent
    #[argh(option)]
    pub mailto: Option<String>,
    /// the day citation counts are dated, YYYY-MM-DD (default: today, UTC)
    #[argh(option)]
    pub as_of: Option<String>,
    /// the roster (.csv); bib paths in it are relative to it
    #[argh(positional)]
    pub roster: PathBuf,
}

/// write a synthetic dataset in the real schema; the same seed gives the same bytes
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "gen-data")]
pub struct GenData {
    /// researchers (about 10 publications each; default 2000)
    #[argh(option, default = "2000")]
    pub researchers: usize,
    /// the seed (default 1)
    #[argh(option, default = "1")]
    pub seed: u64,
    /// where to write it (default target/bench-data/researchers-N.json, or
    /// faculty-N.json for the faculty list)
    #[argh(option)]
    pub out: Option<PathBuf>,
    /// the directory's shape: research (default: everyone with papers, topics and a career) or
    /// faculty (a faculty list: 650 organizations with a long tail, most people a name, a
    /// title and an organization only, long names with other spellings)
    #[argh(option, default = "Shape::Research", from_str_fn(shape))]
    pub shape: Shape,
}

/// A generated directory's shape (`gen-data --shape`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Everyone with papers, topics and a career.
    Research,
    /// A faculty list ([`atlas_generate::shapes`]).
    Faculty,
}

fn shape(value: &str) -> Result<Shape, String> {
    match value {
        "research" => Ok(Shape::Research),
        "faculty" => Ok(Shape::Faculty),
        _ => Err(format!("{value}: the shapes are research and faculty")),
    }
}

/// criterion benchmarks of search at 1,000 and 20,000 generated researchers, the roster import
/// at 2,000 people, then a release build in headless Chromium at 5, 2,000 and 20,000; writes
/// bench/results.json
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "bench")]
pub struct Bench {
    /// only the criterion benchmarks
    #[argh(switch)]
    pub native: bool,
    /// only the headless-Chromium ones
    #[argh(switch)]
    pub browser: bool,
    /// only a pre-rendered profile opened from its link, at 2,000 and 20,000 researchers
    #[argh(switch)]
    pub cold: bool,
    /// the headless-Chromium ones at 100,000 researchers too (minutes and gigabytes)
    #[argh(switch)]
    pub large: bool,
    /// only the roster import: 2,000 people with 10 .bib entries each, imported, then again
    #[argh(switch)]
    pub import: bool,
    /// only the roster import from the open sources: 2,000 people with ORCID, dblp and
    /// OpenAlex records, imported (time, peak memory), then again (bytes changed)
    #[argh(switch)]
    pub sources: bool,
    /// only experts for a paper: bytes and time of a 250-word question at 20,000 and 100,000
    /// researchers, and the leave-one-out quality on the bundled and generated data
    #[argh(switch)]
    pub experts: bool,
    /// after `--`: arguments for the criterion binary, such as a filter (`typing`)
    #[argh(positional)]
    pub criterion_args: Vec<String>,
}

/// score every submission of a file (OpenReview's submissions.json, a JSON list, JSON lines,
/// or CSV with id, title and abstract columns) against every researcher, as the experts page
/// ranks, into OpenReview's affinity CSV (submission,researcher,score, and the conflicts when
/// the submissions name their authors); a bad entry is reported and left out
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "experts")]
pub struct Experts {
    /// the dataset (default data/researchers.json)
    #[argh(option)]
    pub data: Option<PathBuf>,
    /// the submissions file
    #[argh(option)]
    pub submissions: PathBuf,
    /// where to write the affinity CSV
    #[argh(option)]
    pub out: PathBuf,
    /// only the best K researchers of each submission (default: every researcher, those the
    /// ranking does not list with score 0)
    #[argh(option)]
    pub top: Option<usize>,
    /// years of co-authorship that make a conflict (default 3, as on the experts page)
    #[argh(
        option,
        default = "research_atlas::search::params::experts::DEFAULT_YEARS"
    )]
    pub conflict_years: u16,
}

/// install the tools only (wasm32 target, trunk, wasm-bindgen, wasm-opt, Chromium, e2e npm
/// packages, Firefox ESR, geckodriver, WebKitGTK, Xvfb)
#[derive(FromArgs, Debug, PartialEq)]
#[argh(subcommand, name = "setup")]
pub struct Setup {}

#[cfg(test)]
mod tests;
