//! `cargo xtask test`: every check and test, at three levels, with a summary.
//!
//! 1. fmt, clippy, schema freshness, dataset validity;
//! 2. native `cargo test` for the workspace;
//! 3. wasm-bindgen-test component tests in headless Chromium;
//! 4. Playwright end-to-end tests against release builds at `/` and under `/atlas/`,
//!    served the way GitHub Pages serves them.

use std::process::Command;
use std::time::Instant;

use crate::build::{DistOptions, build_dist};
use crate::data::root;
use crate::run::{run, run_tee};
use crate::tools::{self, Needs};

/// Counts of one level.
#[derive(Default, Clone, Copy)]
struct Tally {
    passed: u32,
    failed: u32,
    skipped: u32,
}

pub fn test(args: &[String]) -> Result<(), String> {
    let only_native = args.iter().any(|a| a == "--native");
    let started = Instant::now();
    let tb = tools::setup(Needs {
        build: !only_native,
        release: !only_native,
        browser: !only_native,
    })?;
    step("cargo fmt --check");
    run(tb.command("cargo").args(["fmt", "--all", "--", "--check"]))
        .map_err(|e| format!("{e}: run `cargo fmt --all`"))?;
    step("cargo clippy");
    run(tb.command("cargo").args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;

    step("native tests (cargo test)");
    let native = cargo_tests(tb.command("cargo").args(["test", "--workspace"]))?;

    let mut levels = vec![("native", native)];
    if !only_native {
        step("browser component tests (wasm-bindgen-test in headless Chromium)");
        let (_, chromedriver) = tools::chromium()?;
        run(tb.command("cargo").args([
            "clippy",
            "--target",
            "wasm32-unknown-unknown",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]))?;
        let browser = cargo_tests(
            tb.command("cargo")
                .args([
                    "test",
                    "--target",
                    "wasm32-unknown-unknown",
                    "--test",
                    "browser",
                ])
                .env("CHROMEDRIVER", chromedriver)
                .env("WASM_BINDGEN_TEST_TIMEOUT", "120"),
        )?;
        levels.push(("browser", browser));

        step("end-to-end tests (release builds at / and /atlas/, Playwright in headless Chromium)");
        build_dist(
            &tb,
            &DistOptions {
                base: "/".into(),
                out: root().join("dist"),
            },
        )?;
        build_dist(
            &tb,
            &DistOptions {
                base: "/atlas/".into(),
                out: root().join("dist-atlas"),
            },
        )?;
        let e2e = playwright(&tb)?;
        levels.push(("end-to-end", e2e));
    }

    println!("\n== summary ({:.0} s) ==", started.elapsed().as_secs_f64());
    let mut total = Tally::default();
    for (name, t) in &levels {
        println!(
            "{name:>11}: {} passed, {} failed, {} skipped",
            t.passed, t.failed, t.skipped
        );
        total.passed += t.passed;
        total.failed += t.failed;
        total.skipped += t.skipped;
    }
    println!(
        "{} passed, {} failed, {} skipped",
        total.passed, total.failed, total.skipped
    );
    if total.failed > 0 {
        return Err(format!("{} test(s) failed", total.failed));
    }
    if levels.iter().any(|(_, t)| t.passed == 0) {
        return Err("a test level ran no test".into());
    }
    Ok(())
}

fn step(name: &str) {
    println!("\n== {name} ==");
}

/// Runs a `cargo test` and adds up its `test result:` lines.
fn cargo_tests(cmd: &mut Command) -> Result<Tally, String> {
    let out = run_tee(cmd).map_err(|(e, _)| e)?;
    let mut t = Tally::default();
    for line in out.lines() {
        if let Some(rest) = line.trim().strip_prefix("test result: ") {
            t.passed += number_before(rest, " passed");
            t.failed += number_before(rest, " failed");
            t.skipped += number_before(rest, " ignored");
        }
    }
    Ok(t)
}

/// Runs Playwright and reads its `N passed` / `N failed` / `N skipped` lines.
fn playwright(tb: &tools::Toolbox) -> Result<Tally, String> {
    let e2e = root().join("e2e");
    let result = run_tee(
        tb.command("npx")
            .args(["playwright", "test"])
            .current_dir(&e2e)
            .env("ATLAS_DIST", root().join("dist"))
            .env("ATLAS_DIST_SUB", root().join("dist-atlas")),
    );
    let (out, err) = match result {
        Ok(out) => (out, None),
        Err((e, out)) => (out, Some(e)),
    };
    let mut t = Tally::default();
    for line in out.lines() {
        let line = line.trim();
        t.passed += number_before(line, " passed");
        t.failed += number_before(line, " failed");
        t.skipped += number_before(line, " skipped");
    }
    match err {
        Some(e) if t.failed == 0 => Err(e),
        _ => Ok(t),
    }
}

/// The number just before `word` in `text` ("3 passed; 0 failed" → 3 for " passed").
fn number_before(text: &str, word: &str) -> u32 {
    text.find(word)
        .and_then(|i| text[..i].rsplit(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::number_before;

    #[test]
    fn reads_counts_from_runner_summaries() {
        assert_eq!(
            number_before("ok. 12 passed; 0 failed; 1 ignored", " passed"),
            12
        );
        assert_eq!(
            number_before("ok. 12 passed; 3 failed; 1 ignored", " failed"),
            3
        );
        assert_eq!(number_before("  7 passed (4.1s)", " passed"), 7);
        assert_eq!(number_before("nothing here", " passed"), 0);
    }
}
