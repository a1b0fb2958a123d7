//! The workflows as they are, and the checks on made-up ones.

use super::shell::commands;
use super::*;

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn every_run_step_runs_known_commands() {
    let mut problems = Vec::new();
    let mut xtask_lines = 0;
    for w in workflows() {
        for (job_name, job) in jobs(&w) {
            for (step_name, step) in steps(job) {
                let Some(script) = step["run"].as_str() else {
                    continue;
                };
                let at = format!("{}: job {job_name}, step \"{step_name}\"", w.file);
                // The reader reads POSIX shell: a step in another language would go unchecked.
                let shell = [&step["shell"], &job["defaults"]["run"]["shell"]]
                    .into_iter()
                    .chain([&w.doc["defaults"]["run"]["shell"]])
                    .find_map(Yaml::as_str);
                if shell.is_some_and(|s| s != "bash" && s != "sh") {
                    problems.push(format!("{at}: runs in {shell:?}; only bash or sh is read"));
                    continue;
                }
                match commands(script) {
                    Err(e) => problems.push(format!("{at}: {e}")),
                    Ok(commands) => {
                        for command in commands {
                            xtask_lines += usize::from(command.starts_with(&words("cargo xtask")));
                            if let Err(e) = check(&command) {
                                problems.push(format!("{at}: {e}"));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(xtask_lines > 0, "no workflow runs `cargo xtask`");
}

#[test]
fn permissions_are_the_least_the_jobs_need() {
    for w in workflows() {
        let top = permissions(&w.doc["permissions"]).map_err(|e| format!("{}: {e}", w.file));
        assert_eq!(
            top,
            Ok(vec![("contents".to_owned(), "read".to_owned())]),
            "{}: the workflow's permissions must be `contents: read` only",
            w.file
        );
        for (name, job) in jobs(&w) {
            if job["permissions"].is_badvalue() {
                continue;
            }
            let asked = permissions(&job["permissions"])
                .unwrap_or_else(|e| panic!("{}: job {name}: {e}", w.file));
            let allowed = job_permissions(&w.file, name);
            for (scope, level) in asked {
                assert!(
                    allowed.contains(&(scope.as_str(), level.as_str())),
                    "{}: job {name} asks for `{scope}: {level}`; it may have only {allowed:?} (JOB_PERMISSIONS)",
                    w.file
                );
            }
        }
    }
}

#[test]
fn a_job_may_ask_only_for_its_own_permissions() {
    assert_eq!(
        job_permissions(".github/workflows/pages.yml", "build"),
        [("contents", "read")]
    );
    assert!(
        !job_permissions(".github/workflows/pages.yml", "build").contains(&("contents", "write"))
    );
    assert!(
        job_permissions(".github/workflows/refresh.yml", "refresh")
            .contains(&("contents", "write"))
    );
    assert!(job_permissions(".github/workflows/refresh.yml", "deploy").is_empty());
}

#[test]
fn every_action_is_pinned_to_a_version_tag_or_a_commit() {
    let mut seen = 0;
    for w in workflows() {
        for (name, job) in jobs(&w) {
            let mut refs: Vec<&str> = job["uses"].as_str().into_iter().collect();
            refs.extend(steps(job).iter().filter_map(|(_, s)| s["uses"].as_str()));
            for uses in refs {
                seen += 1;
                assert!(
                    pinned(uses),
                    "{}: job {name}: `{uses}` is not pinned to a version tag (@v6, @v4.2.2) or a commit (40 hex digits)",
                    w.file
                );
            }
        }
    }
    assert!(seen > 0, "no workflow uses an action");
}

#[test]
fn the_rust_a_workflow_installs_is_the_crates_rust_version() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let manifest: toml::Table = manifest.parse().expect("Cargo.toml parses");
    let wanted = manifest["package"]["rust-version"]
        .as_str()
        .expect("Cargo.toml has a rust-version")
        .to_owned();
    let mut seen = 0;
    for w in workflows() {
        for (name, job) in jobs(&w) {
            for (step_name, step) in steps(job) {
                let uses = step["uses"].as_str().unwrap_or_default();
                if !uses.starts_with("dtolnay/rust-toolchain@") {
                    continue;
                }
                seen += 1;
                let mut toolchain = step["with"]["toolchain"].as_str().unwrap_or_default();
                if toolchain.replace(' ', "") == "${{env.RUST_TOOLCHAIN}}" {
                    toolchain = w.doc["env"]["RUST_TOOLCHAIN"].as_str().unwrap_or_default();
                }
                assert!(
                    toolchain == wanted || toolchain.starts_with(&format!("{wanted}.")),
                    "{}: job {name}, step \"{step_name}\" installs Rust {toolchain:?}; Cargo.toml's rust-version is {wanted}",
                    w.file
                );
            }
        }
    }
    assert!(
        seen > 0,
        "no workflow installs Rust with dtolnay/rust-toolchain"
    );
}

#[test]
fn a_renamed_task_or_flag_fails() {
    assert_eq!(check(&words("cargo xtask dist --base /atlas/")), Ok(()));
    assert_eq!(check(&words("cargo xtask check-data")), Ok(()));
    assert_eq!(check(&words("cargo xtask dist --base 1 --keep 1")), Ok(()));
    for bad in [
        "cargo xtask dist --bass /atlas/",
        "cargo xtask distribute",
        "cargo xtask",
        "cargo xtask help",
        "cargo build --release",
        "curl https://example.org",
        "bash -c true",
    ] {
        assert!(check(&words(bad)).is_err(), "{bad} passed");
    }
}

#[test]
fn pins_are_tags_or_commits() {
    for ok in [
        "actions/checkout@v6",
        "actions/cache@v4.2.2",
        "dtolnay/rust-toolchain@6c977a6ca4077a0ceb28ffbe03f59d46e9ac8772",
        "github/codeql-action/init@v3",
        "./.github/actions/local",
        "docker://alpine@sha256:0123",
    ] {
        assert!(pinned(ok), "{ok}");
    }
    for bad in [
        "actions/checkout@main",
        "actions/checkout",
        "dtolnay/rust-toolchain@stable",
        "dtolnay/rust-toolchain@1.95.0",
        "actions/checkout@v6-beta",
        "actions/checkout@v1.2.3.4",
        "actions/checkout@6c977a6",
        "docker://alpine:3",
        "checkout@v6",
    ] {
        assert!(!pinned(bad), "{bad}");
    }
}
