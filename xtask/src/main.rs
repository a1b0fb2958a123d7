//! Project tasks, run as `cargo xtask <task>` (`cargo xtask help` lists them): a thin runner.
//! The importer (`import/`) and the data generator (`generate/`) are crates of their own.

mod add;
mod bench;
mod build;
mod build_data;
mod cli;
mod data;
mod experts;
mod run;
mod test;
#[cfg(test)]
mod workflows;

use std::process::ExitCode;

use atlas_import::authoring::{Ending, Run};
use atlas_import::bibtex::Import;
use atlas_import::roster::RosterImport;
use cli::Task;
use research_atlas::model::ResearcherId;

/// mimalloc, for build-data's memory (see `Cargo.toml`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let task = match cli::parse(&args) {
        Ok(task) => task,
        // Help, or a command line argh refused: its text, on stdout or stderr.
        Err(exit) => {
            return match exit.status {
                Ok(()) => {
                    println!("{}", exit.output);
                    ExitCode::SUCCESS
                }
                Err(()) => {
                    eprintln!("{}", exit.output);
                    ExitCode::FAILURE
                }
            };
        }
    };
    let result = match task {
        Task::Serve(t) => build::serve(&t.trunk_args),
        Task::Test(t) => test::test(&t),
        Task::Dist(t) => build::dist(&t),
        Task::CheckData(t) => data::check_data(t.file.as_deref()),
        Task::BuildData(t) => build_data::build_data(&t),
        Task::Schema(t) => data::schema(t.check),
        Task::FmtData(t) => data::fmt_data(t.file.as_deref()),
        Task::AddResearcher(t) => add::add(t, &args[1..]),
        Task::ImportBib(t) => atlas_import::bibtex::import_bib(&Import {
            researcher: ResearcherId(t.researcher),
            bib: t.bib,
            data: t.data,
            dry_run: t.dry_run,
            strict: t.strict,
        })
        .map_err(|e| e.to_string())
        .and_then(|run| print_run(run.report.to_string(), run.report.summary(), run.ending)),
        Task::ImportRoster(t) => import_roster(t),
        Task::GenData(t) => match t.shape {
            cli::Shape::Research => {
                let out = t.out.unwrap_or_else(|| data::generated(t.researchers));
                data::say(atlas_generate::write(t.researchers, t.seed, &out))
            }
            cli::Shape::Faculty => {
                let out = t
                    .out
                    .unwrap_or_else(|| data::generated_faculty(t.researchers));
                data::say(atlas_generate::write_faculty(t.researchers, t.seed, &out))
            }
        },
        Task::Bench(t) => bench::bench(&t),
        Task::Experts(t) => experts::experts(&t),
        Task::Setup(_) => {
            build::setup(build::ALL).map(|_| eprintln!("setup: all tools are installed"))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask import`: the flags checked together, then the roster imported.
fn import_roster(t: cli::ImportRoster) -> Result<(), String> {
    if (t.fetch || t.refresh || t.mailto.is_some()) && t.sources.is_none() {
        return Err(
            "--fetch, --refresh and --mailto need --sources DIR: the folder to fill".into(),
        );
    }
    if (t.refresh || t.mailto.is_some()) && !t.fetch {
        return Err("--refresh and --mailto go with --fetch".into());
    }
    let today = match t.as_of {
        Some(day) => {
            research_atlas::model::validate::check_day(&day)
                .map_err(|e| format!("--as-of {day:?}: {e}"))?;
            day
        }
        None => atlas_import::sources::fetch::day_of(std::time::SystemTime::now()),
    };
    let Run { report, ending } = atlas_import::roster::import_roster(&RosterImport {
        roster: t.roster,
        data: t.data,
        dry_run: t.dry_run,
        strict: t.strict,
        sources: t.sources,
        fetch: t.fetch,
        refresh: t.refresh,
        // An empty value (an unset repository variable in a workflow) is no address.
        mailto: t.mailto.filter(|m| !m.trim().is_empty()),
        // From the environment, not a flag: a key stays out of shell history and logs.
        openalex_key: std::env::var("OPENALEX_API_KEY")
            .ok()
            .filter(|k| !k.trim().is_empty()),
        today,
    })
    .map_err(|e| e.to_string())?;
    print_run(report.to_string(), report.summary(), ending)
}

/// Prints an import's report (`text`, one line per record), then its last line: the
/// `summary` and what became of the dataset file; or returns why nothing was written.
fn print_run(
    text: String,
    summary: String,
    ending: Result<Ending, atlas_import::Error>,
) -> Result<(), String> {
    if !text.is_empty() {
        println!("{text}");
    }
    println!("{}", ending.map_err(|e| e.to_string())?.line(&summary));
    Ok(())
}
