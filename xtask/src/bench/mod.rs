//! `cargo xtask bench`: every benchmark, with figures printed and kept in `bench/results.json`.
//!
//! 1. Native: generates the 1,000- and 20,000-researcher datasets when missing (seed 1, as
//!    `gen-data` would), runs `cargo bench --no-default-features --bench search` (so Leptos is
//!    not built), reads criterion's `new/estimates.json` for every benchmark this run measured,
//!    and stores them under `"native"`.
//! 2. Browser (unless `--native`): a release build at `/` in `target/bench-dist`, served from
//!    loopback with gzip by `e2e/bench/browser.mjs`, measured in headless Chromium at 5 (the
//!    bundled data), 2,000 and 20,000 researchers (each compiled by `build-data` into
//!    `target/bench-data/compiled-N`, served as the site's `data/`), beside MiniSearch and
//!    FlexSearch on the same records. One object per (size, system) goes under `"results"`, the app's gzipped wasm
//!    and JS under `"bundle"`.
//! 3. Site (with the browser half): the bundled data's pre-rendered release site in
//!    `target/bench-site`, measured by `e2e/bench/site.mjs` — a profile fetched without
//!    JavaScript, bytes before the first paint and before the app is usable on `/` and a profile,
//!    and Lighthouse (npm, installed into the tool cache on first use) — under `"site"`.
//!
//! 4. Cold profiles (with the browser half, or alone with `--cold`): at each generated size, the
//!    release build with that data and its first profile pre-rendered, in
//!    `target/bench-cold-N`, measured by `e2e/bench/cold-profile.mjs` — bytes and time until the
//!    app has taken the profile over — under `"cold_profile"`.
//!
//! 5. Roster import (unless `--native` or `--browser`, or alone with `--import`): 2,000 people
//!    with 10 `.bib` entries each, imported into a copy of the bundled dataset and again
//!    ([`import`]), under `"import"`.
//!
//! 6. Roster import from the open sources (as 5, or alone with `--sources`): 2,000 people with
//!    an ORCID, dblp and OpenAlex record each, imported by the command as a child process into a
//!    copy of the bundled dataset and again: time, peak memory and the bytes the rerun changed
//!    ([`sources`]), under `"sources"`.
//!
//! 7. Experts for a paper (as 5, or alone with `--experts`): the bytes and time of a 250-word
//!    question at 20,000 and 100,000 researchers, and the ranking's leave-one-out quality on
//!    the bundled and the generated data ([`experts`]), under `"experts"`.
//!
//! Keys of the file that a run does not produce are kept as they are.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use serde_json::{Map, Value, json};

use crate::data::{root, target_dir};
use crate::run::run;
use crate::{build, tools};

mod experts;
mod import;
mod sources;

/// The dataset sizes `benches/search.rs` reads.
const SIZES: [usize; 2] = [1_000, 20_000];
/// Where the figures are kept, relative to the workspace root.
const RESULTS: &str = "bench/results.json";

/// One benchmark's figures.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    /// `group/function`, e.g. `typing/q=dist`.
    benchmark: String,
    researchers: usize,
    median_ms: f64,
    mean_ms: f64,
}

/// Runs the task.
pub fn bench(args: &crate::cli::Bench) -> Result<(), String> {
    if args.import {
        return import::bench();
    }
    if args.sources {
        return sources::bench();
    }
    if args.experts {
        return experts::bench();
    }
    let (native_only, browser_only, cold_only, large) =
        (args.native, args.browser, args.cold, args.large);
    let criterion_args = &args.criterion_args;
    let browser_sizes: Vec<usize> = (BROWSER_SIZES.into_iter())
        .chain(large.then_some(LARGE_SIZE))
        .collect();
    for n in SIZES.into_iter().chain(browser_sizes.iter().copied()) {
        crate::data::generated_fresh(n)?;
    }
    if cold_only {
        let tb = browser_tools()?;
        return cold(&bench_dist(&tb)?, &browser_sizes);
    }
    if !browser_only {
        native(criterion_args)?;
    }
    if !browser_only && !native_only {
        import::bench()?;
        sources::bench()?;
        experts::bench()?;
    }
    if !native_only {
        browser(&browser_sizes)?;
    }
    Ok(())
}

/// Synthetic sizes of the browser benchmark, beside the bundled five researchers.
const BROWSER_SIZES: [usize; 2] = [2_000, 20_000];
/// The size `--large` adds.
const LARGE_SIZE: usize = 100_000;
/// The size of the faculty list the browser benchmark adds (`gen-data --shape faculty`): a
/// national list's.
const FACULTY_SIZE: usize = 24_000;

/// The headless-Chromium benchmark at `sizes` (and the bundled data): build, measure, store,
/// print.
fn browser(sizes: &[usize]) -> Result<(), String> {
    let tb = browser_tools()?;
    let dist = bench_dist(&tb)?;
    let out = target_dir().join("bench-browser.json");
    let mut node = Command::new("node");
    node.current_dir(root().join("e2e"))
        .arg("bench/browser.mjs")
        .arg("--dist")
        .arg(&dist)
        .arg("--out")
        .arg(&out)
        .arg("--size")
        .arg(format!(
            "5={}@{}",
            root().join(crate::data::DATASET).display(),
            generation_folder(&dist.join("data"))?.display()
        ));
    for &n in sizes {
        let (input, data) = compiled(n)?;
        node.arg("--size")
            .arg(format!("{n}={}@{}", input.display(), data.display()));
    }
    let (input, data) = compiled_from(
        crate::data::generated_faculty_fresh(FACULTY_SIZE)?,
        &format!("faculty-{FACULTY_SIZE}"),
    )?;
    node.arg("--size").arg(format!(
        "{FACULTY_SIZE}:faculty={}@{}",
        input.display(),
        data.display()
    ));
    run(&mut node)?;
    let measured = read_json(&out)?;
    let path = root().join(RESULTS);
    let mut doc = read_doc(&path)?;
    for key in ["results", "bundle"] {
        doc.insert(key.into(), measured[key].clone());
    }
    write_doc(&path, doc)?;
    print!("{}", browser_table(&measured["results"]));
    println!(
        "bundle: wasm {} B, JS {} B gzipped; {} holds \"results\" and \"bundle\"",
        measured["bundle"]["wasm_gz_bytes"],
        measured["bundle"]["js_gz_bytes"],
        path.display()
    );
    site(&tb)?;
    cold(&dist, sizes)
}

/// The tools a release build measured in Chromium needs.
fn browser_tools() -> Result<tools::Toolbox, String> {
    tools::setup(tools::Needs {
        build: true,
        release: true,
        browser: true,
        engines: false,
    })
}

/// The release build the generated sizes share, in `target/bench-dist`.
fn bench_dist(tb: &tools::Toolbox) -> Result<PathBuf, String> {
    let dist = target_dir().join("bench-dist");
    build::build_dist(
        tb,
        &build::DistOptions {
            base: "/".into(),
            out: dist.clone(),
            max_profiles: None,
            // The sizes share one build and swap its data: a page pre-rendered from the
            // bundled data would show five researchers on top of the others' data.
            prerender: false,
            keep: 0,
        },
    )?;
    Ok(dist)
}

/// What the release build would ship for the generated dataset of `n` researchers, compiled
/// into `target/bench-data/compiled-N` unless it is up to date: (the authoring file, the
/// compiled folder).
fn compiled(n: usize) -> Result<(PathBuf, PathBuf), String> {
    compiled_from(crate::data::generated(n), &n.to_string())
}

/// [`compiled`] for the dataset `input`, into `target/bench-data/compiled-NAME`.
fn compiled_from(input: PathBuf, name: &str) -> Result<(PathBuf, PathBuf), String> {
    let data = target_dir().join(format!("bench-data/compiled-{name}"));
    // The copy of the authoring file is written last: a compile that stopped half-way is not
    // taken for a finished one.
    if is_fresh(&data.join("researchers.json"), &input) {
        eprintln!("bench: {} is up to date", data.display());
    } else {
        let started = std::time::Instant::now();
        let w = crate::build_data::compile(&input, &data)?;
        // The authoring file beside the compiled one, as a site has it: the peers read it.
        let copy = data.join("researchers.json");
        std::fs::copy(&input, &copy).map_err(|e| format!("{}: {e}", copy.display()))?;
        eprintln!(
            "bench: compiled {name} in {:.1} s: directory.bin {:.1} KB, {} title shards, {} profiles in {} packs",
            started.elapsed().as_secs_f64(),
            w.directory_bytes as f64 / 1024.0,
            w.shards,
            w.people,
            w.packs
        );
    }
    Ok((input, data))
}

/// A pre-rendered profile opened from its link at each of `sizes` (`e2e/bench/cold-profile.mjs`):
/// the release build `dist` with that size's data and its first profile pre-rendered, in
/// `target/bench-cold-N`; bytes and time until the app has taken the page over, from the
/// profile's pack as built, and through the whole directory as before packs named themselves.
/// Stored under `"cold_profile"`.
fn cold(dist: &Path, sizes: &[usize]) -> Result<(), String> {
    let out = target_dir().join("bench-cold.json");
    let mut node = Command::new("node");
    node.current_dir(root().join("e2e"))
        .arg("bench/cold-profile.mjs")
        .arg("--out")
        .arg(&out);
    for &n in sizes {
        let (input, data) = compiled(n)?;
        let site = target_dir().join(format!("bench-cold-{n}"));
        if site.exists() {
            std::fs::remove_dir_all(&site).map_err(|e| format!("{}: {e}", site.display()))?;
        }
        std::fs::create_dir_all(&site).map_err(|e| format!("{}: {e}", site.display()))?;
        let files = std::fs::read_dir(dist).map_err(|e| format!("{}: {e}", dist.display()))?;
        for entry in files.flatten() {
            if entry.path().is_file() {
                std::fs::copy(entry.path(), site.join(entry.file_name()))
                    .map_err(|e| format!("{}: {e}", entry.path().display()))?;
            }
        }
        // The pages name the build's generation: its folder is this size's data.
        let generation = generation_folder(&dist.join("data"))?;
        let folder = site
            .join("data")
            .join(generation.file_name().unwrap_or_default());
        std::fs::create_dir_all(site.join("data"))
            .map_err(|e| format!("{}: {e}", site.display()))?;
        std::os::unix::fs::symlink(&data, &folder)
            .map_err(|e| format!("{}: {e}", site.display()))?;
        build::prerender(&site, &input, Some(1))?;
        node.arg("--site").arg(format!("{n}={}", site.display()));
    }
    run(&mut node)?;
    let measured = read_json(&out)?;
    let path = root().join(RESULTS);
    let mut doc = read_doc(&path)?;
    doc.insert("cold_profile".into(), measured.clone());
    write_doc(&path, doc)?;
    for (n, m) in measured.as_object().into_iter().flatten() {
        println!(
            "a profile opened cold at {n}: its pack {} ms, {} B; through the directory {} ms, {} B",
            m["pack"]["takeover_ms"],
            m["pack"]["bytes_gz"],
            m["directory"]["takeover_ms"],
            m["directory"]["bytes_gz"]
        );
    }
    println!("{} holds \"cold_profile\"", path.display());
    Ok(())
}

/// The pre-rendered site of the bundled data as a first visitor gets it (`e2e/bench/site.mjs`):
/// a profile without JavaScript, bytes before the first paint and before the app is usable, and
/// Lighthouse; stored under `"site"`.
fn site(tb: &tools::Toolbox) -> Result<(), String> {
    let dist = target_dir().join("bench-site");
    build::build_dist(
        tb,
        &build::DistOptions {
            base: "/".into(),
            out: dist.clone(),
            max_profiles: None,
            prerender: true,
            keep: 0,
        },
    )?;
    let lighthouse = tools::lighthouse()?;
    let (chromium, _) = tools::chromium()?;
    let out = target_dir().join("bench-site.json");
    run(Command::new("node")
        .current_dir(root().join("e2e"))
        .env("CHROME_PATH", &chromium)
        .arg("bench/site.mjs")
        .arg("--dist")
        .arg(&dist)
        .arg("--lighthouse")
        .arg(&lighthouse)
        .arg("--out")
        .arg(&out))?;
    let measured = read_json(&out)?;
    let path = root().join(RESULTS);
    let mut doc = read_doc(&path)?;
    doc.insert("site".into(), measured.clone());
    write_doc(&path, doc)?;
    for (url, lh) in measured["lighthouse"].as_object().into_iter().flatten() {
        println!(
            "lighthouse {url}: performance {} (runs {}), accessibility {}, best practices {}, SEO {}; FCP {} ms, LCP {} ms, TBT {} ms, CLS {}",
            lh["performance"],
            lh["performance_runs"],
            lh["accessibility"],
            lh["best_practices"],
            lh["seo"],
            lh["fcp_ms"],
            lh["lcp_ms"],
            lh["tbt_ms"],
            lh["cls"]
        );
    }
    for (url, b) in measured["bytes"].as_object().into_iter().flatten() {
        println!(
            "{url}: {} B before the first paint, {} B before the app is usable",
            b["bytes_before_paint"], b["bytes_before_ready"]
        );
    }
    println!(
        "{} without JavaScript: HTTP {}, {}; {} holds \"site\"",
        measured["no_js"]["url"],
        measured["no_js"]["status"],
        measured["no_js"]["text"],
        path.display()
    );
    Ok(())
}

/// Whether `output` is newer than both `input` and this program (which holds the compiler).
fn is_fresh(output: &Path, input: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let exe = std::env::current_exe().ok();
    match (
        modified(output),
        modified(input),
        exe.as_deref().and_then(modified),
    ) {
        (Some(out), Some(inp), Some(exe)) => out > inp && out > exe,
        _ => false,
    }
}

/// The browser rows as an aligned table; `-` where a figure does not apply or did not finish.
fn browser_table(rows: &Value) -> String {
    const COLUMNS: [(&str, &str); 16] = [
        ("researchers", "researchers"),
        ("shape", "shape"),
        ("system", "system"),
        ("first_card_ms", "first card ms"),
        ("search_ready_ms", "search ready ms"),
        ("keystroke_p50_ms", "key p50"),
        ("keystroke_p95_ms", "key p95"),
        ("query_p50_ms", "query p50"),
        ("query_p95_ms", "query p95"),
        ("query_facets_p95_ms", "+ facets p95"),
        ("initial_bytes_gz", "bytes before card"),
        ("first_answer_ms", "first answer ms"),
        ("first_answer_bytes_gz", "bytes before answer"),
        ("throttled_first_answer_ms", "on a phone ms"),
        ("profile_click_ms", "profile ms"),
        ("profile_pack_bytes_gz", "profile pack bytes"),
    ];
    let cell = |v: &Value| match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let mut out = String::new();
    for (_, title) in COLUMNS {
        out.push_str(&format!("{title:>18}"));
    }
    out.push_str("  memory MB  note\n");
    for row in rows.as_array().into_iter().flatten() {
        for (key, _) in COLUMNS {
            out.push_str(&format!("{:>18}", cell(&row[key])));
        }
        out.push_str(&format!(
            "{:>11}  {}\n",
            cell(&row["memory_mb"]),
            row["error"].as_str().unwrap_or("")
        ));
    }
    out
}

/// The criterion benchmarks: run, read, store under `"native"`, print.
fn native(criterion_args: &[String]) -> Result<(), String> {
    let data_dir = crate::data::generated(SIZES[0])
        .parent()
        .expect("a file in a folder")
        .to_path_buf();
    let criterion_home = target_dir().join("criterion");
    let started = SystemTime::now();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    run(Command::new(cargo)
        .current_dir(root())
        .args(["bench", "--no-default-features", "--bench", "search", "--"])
        .args(criterion_args)
        .env("ATLAS_BENCH_DATA", &data_dir)
        .env("CRITERION_HOME", &criterion_home))?;

    let rows = read_estimates(&criterion_home, started)?;
    if rows.is_empty() {
        return Err(format!(
            "criterion wrote no results under {}",
            criterion_home.display()
        ));
    }
    print!("{}", table(&rows));
    let path = root().join(RESULTS);
    save(&path, &rows)?;
    println!(
        "{}: \"native\" holds {} benchmarks",
        path.display(),
        rows.len()
    );
    Ok(())
}

/// The folder of the generation that the site's `data` folder serves (its pointer's).
fn generation_folder(data: &Path) -> Result<PathBuf, String> {
    let pointer = data.join("generation.txt");
    let text =
        std::fs::read_to_string(&pointer).map_err(|e| format!("{}: {e}", pointer.display()))?;
    let generation = research_atlas::files::generation::current(&text)
        .ok_or_else(|| format!("{}: names no generation", pointer.display()))?;
    Ok(data.join(generation))
}

/// The figures of every benchmark whose estimates were written at or after `since`, sorted by
/// benchmark and size. Criterion keeps `<group>/<function>/<size>/new/` per benchmark, with
/// `benchmark.json` naming it and `estimates.json` holding its statistics in nanoseconds.
fn read_estimates(criterion_home: &Path, since: SystemTime) -> Result<Vec<Row>, String> {
    let mut dirs = Vec::new();
    find_new_dirs(criterion_home, &mut dirs)?;
    let mut rows = Vec::new();
    for dir in dirs {
        let estimates = dir.join("estimates.json");
        let fresh = std::fs::metadata(&estimates)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t >= since);
        if !fresh {
            continue;
        }
        let id = read_json(&dir.join("benchmark.json"))?;
        let stats = read_json(&estimates)?;
        let text = |v: &Value, key: &str| v[key].as_str().map(str::to_owned);
        let ms = |key: &str| {
            stats[key]["point_estimate"]
                .as_f64()
                .map(|ns| (ns / 1e3).round() / 1e3)
                .ok_or_else(|| format!("{}: no {key}.point_estimate", estimates.display()))
        };
        let (Some(group), Some(function), Some(size)) = (
            text(&id, "group_id"),
            text(&id, "function_id"),
            text(&id, "value_str"),
        ) else {
            eprintln!(
                "{}: not a group/function/size benchmark; left out",
                dir.display()
            );
            continue;
        };
        let researchers = size
            .parse()
            .map_err(|_| format!("{}: size {size:?} is not a number", dir.display()))?;
        rows.push(Row {
            benchmark: format!("{group}/{function}"),
            researchers,
            median_ms: ms("median")?,
            mean_ms: ms("mean")?,
        });
    }
    rows.sort_by(|a, b| {
        (a.benchmark.as_str(), a.researchers).cmp(&(b.benchmark.as_str(), b.researchers))
    });
    Ok(rows)
}

/// Every `new` directory below `dir` (none when `dir` does not exist).
fn find_new_dirs(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            out.push(path);
        } else {
            find_new_dirs(&path, out)?;
        }
    }
    Ok(())
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The rows as an aligned text table.
fn table(rows: &[Row]) -> String {
    let width = rows.iter().map(|r| r.benchmark.len()).max().unwrap_or(0);
    let mut out = format!(
        "{:width$}  {:>11}  {:>10}  {:>10}\n",
        "benchmark", "researchers", "median ms", "mean ms"
    );
    for r in rows {
        out.push_str(&format!(
            "{:width$}  {:>11}  {:>10.3}  {:>10.3}\n",
            r.benchmark, r.researchers, r.median_ms, r.mean_ms
        ));
    }
    out
}

/// The results file as a JSON object (empty when it does not exist yet).
fn read_doc(path: &Path) -> Result<Map<String, Value>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => match serde_json::from_str(&text) {
            Ok(Value::Object(map)) => Ok(map),
            _ => Err(format!(
                "{}: not a JSON object; fix or remove it",
                path.display()
            )),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Map::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Writes the results file, pretty, with a trailing newline.
fn write_doc(path: &Path, doc: Map<String, Value>) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string_pretty(&doc).expect("JSON values serialize") + "\n";
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `rows` as the `"native"` key of the results file, keeping its other keys.
fn save(path: &Path, rows: &[Row]) -> Result<(), String> {
    let mut doc = read_doc(path)?;
    let native = rows
        .iter()
        .map(|r| {
            json!({
                "benchmark": r.benchmark,
                "researchers": r.researchers,
                "median_ms": r.median_ms,
                "mean_ms": r.mean_ms,
            })
        })
        .collect();
    doc.insert("native".into(), Value::Array(native));
    write_doc(path, doc)
}

#[cfg(test)]
mod tests;
