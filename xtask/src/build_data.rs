//! `build-data`: compiles the authoring JSON into what the browser fetches (the release build
//! runs it; it also runs alone). What is written, and where, is `files::publish`'s, called by
//! the release crate; this task prints what came back: the load's problems, the phases, and a
//! line of what was written.

use std::path::Path;

use atlas_release::dist::Compiled;
use research_atlas::files::publish::{self, Phase, Written};
use research_atlas::model::{Problem, Severity};

use crate::data::{DATASET, max_year, root};
use atlas_import::authoring::record_of;

/// Runs the task.
pub fn build_data(args: &crate::cli::BuildData) -> Result<(), String> {
    let input = args.input.clone().unwrap_or_else(|| root().join(DATASET));
    let compiled = atlas_release::dist::compile(&input, &args.out, args.keep, max_year())
        .map_err(|e| e.to_string())?;
    print(&compiled, &args.out);
    Ok(())
}

/// Prints what compiling a dataset into `out` found and wrote.
pub fn print(c: &Compiled, out: &Path) {
    print_problems(&c.input, &c.problems);
    let (w, generation) = (&c.published.written, &c.published.generation);
    print_phases(&c.load, w);
    eprintln!(
        "build-data: {} → {}/{generation} in {:.1} s: first.bin {:.1} KB, directory.bin {:.1} KB, net/ {:.1} KB, organizations.bin {:.1} KB, experts/ {:.1} KB, the first answer's files {:.1} MB; {} title shards, {:.1} MB; {} profiles in {} packs, {:.1} MB; publications in {} files, {:.1} MB",
        c.input.display(),
        out.display(),
        c.seconds,
        w.first_page_bytes as f64 / 1024.0,
        w.directory_bytes as f64 / 1024.0,
        w.network_bytes as f64 / 1024.0,
        w.organizations_bytes as f64 / 1024.0,
        w.experts_bytes as f64 / 1024.0,
        w.find_bytes as f64 / 1_048_576.0,
        w.shards,
        w.shard_bytes as f64 / 1_048_576.0,
        w.people,
        w.packs,
        w.people_bytes as f64 / 1_048_576.0,
        w.pub_files,
        w.pub_bytes as f64 / 1_048_576.0,
    );
}

/// Compiles `input` into `out` (no generation folder: the benchmarks' copies), printing the
/// load's problems and the phases as `build-data` does.
pub fn compile(input: &Path, out: &Path) -> Result<Written, String> {
    let (loaded, load) = publish::load(input, max_year()).map_err(|e| e.to_string())?;
    print_problems(input, &loaded.problems);
    let w = publish::compile(loaded, out).map_err(|e| e.to_string())?;
    print_phases(&load, &w);
    Ok(w)
}

/// Prints each problem of the dataset at `input` with what loading did about it.
fn print_problems(input: &Path, problems: &[Problem]) {
    for p in problems {
        eprintln!("build-data: {}: {p} ({})", input.display(), outcome(p));
    }
}

/// Prints the phases, the load's first: `build-data: load 0.0 s (peak 17 MB), …`.
fn print_phases(load: &Phase, w: &Written) {
    let phases: Vec<String> = (std::iter::once(load).chain(&w.phases))
        .map(Phase::to_string)
        .collect();
    eprintln!("build-data: {}", phases.join(", "));
}
/// What loading did about `p`, for the line build-data prints after it.
fn outcome(p: &Problem) -> &'static str {
    match p.severity {
        Severity::Warning => "the value is kept",
        Severity::Dropped => "the value is dropped, the record kept",
        Severity::Error if record_of(p).is_some() => "the record is skipped",
        // A file-level remark: an unknown top-level key, a bad setting.
        Severity::Error => "it is ignored",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_problem_line_says_what_was_left_out() {
        let cases = [
            (
                Problem::warning("publications[3].title", "contains U+202E"),
                "the value is kept",
            ),
            (
                Problem::dropped("publications[0].doi", "\"x\" is not a DOI"),
                "the value is dropped, the record kept",
            ),
            (
                Problem::error("publications[17].year", "3024 is after 2027"),
                "the record is skipped",
            ),
            (
                Problem::error("extra", "is not a known top-level field; ignored"),
                "it is ignored",
            ),
        ];
        for (problem, want) in cases {
            assert_eq!(outcome(&problem), want, "{problem}");
        }
    }
}
