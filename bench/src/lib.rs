//! Every benchmark of the workspace from one entry point, [`run`] (`cargo xtask bench` parses its
//! flags and prints the [`Line`]s it reports), with the figures kept in `bench/results.json`.
//! The criterion benchmarks are this crate's (`benches/search.rs`); the browser's are the node
//! scripts of `e2e/bench/`, which stay beside Playwright in `e2e/node_modules` and are run only
//! from here. What belongs to the command runner (generating and compiling datasets, release
//! builds, the tools) the runner asks of its [`Host`].
//!
//! 1. Native: generates the 1,000- and 20,000-researcher datasets when missing (seed 1, as
//!    `gen-data` would), runs `cargo bench -p atlas-bench --bench search` (so Leptos is not
//!    built), reads criterion's `new/estimates.json` for every benchmark this run measured,
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

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use serde_json::{Map, Value, json};

pub use error::Error;

mod error;
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

/// What to measure and where: the flags of `cargo xtask bench` and the places it runs in.
#[derive(Debug, Clone, Default)]
pub struct Bench {
    /// The workspace root (`bench/results.json`, the bundled dataset and `e2e/` are below it).
    pub root: PathBuf,
    /// Cargo's target directory, where the builds, datasets and scripts' figures go.
    pub target: PathBuf,
    /// The program that runs `import ROSTER --data FILE --sources DIR` (the `sources` benchmark
    /// times a copy of it as a child process): `xtask` itself.
    pub importer: PathBuf,
    /// Only the criterion benchmarks.
    pub native: bool,
    /// Only the headless-Chromium ones.
    pub browser: bool,
    /// Only a pre-rendered profile opened from its link.
    pub cold: bool,
    /// The headless-Chromium ones at 100,000 researchers too.
    pub large: bool,
    /// Only the roster import.
    pub import: bool,
    /// Only the roster import from the open sources.
    pub sources: bool,
    /// Only experts for a paper.
    pub experts: bool,
    /// Arguments for the criterion binary, such as a filter (`typing`).
    pub criterion_args: Vec<String>,
}

/// A line the runner reports as it goes, for its caller to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A figure or a table (standard output).
    Figure(String),
    /// Progress: what was made or kept on the way (standard error).
    Progress(String),
}

/// A dataset compiled by `build-data`, as the runner reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compiled {
    /// Bytes of `directory.bin`.
    pub directory_bytes: u64,
    /// Title shards.
    pub shards: usize,
    /// Profiles.
    pub people: usize,
    /// Profile packs.
    pub packs: usize,
}

/// What the runner asks of the command runner that calls it: the steps that are the command
/// runner's own (datasets made as `gen-data` makes them, `build-data`'s compiler, release builds
/// and the pre-renderer, the tools), and where its lines go. Each step's error is its message.
pub trait Host {
    /// The generated dataset of `researchers` (seed 1; a faculty list with `faculty`), made again
    /// when missing or made by an older generator: its path.
    fn dataset(&mut self, researchers: usize, faculty: bool) -> Result<PathBuf, String>;
    /// The compiled files of the dataset `input`, written into `out` as `build-data` writes them.
    fn compile(&mut self, input: &Path, out: &Path) -> Result<Compiled, String>;
    /// The app's release build at `/` into `out` (its tools set up first), with the bundled
    /// data's pages pre-rendered when `prerender`.
    fn release_build(&mut self, out: &Path, prerender: bool) -> Result<(), String>;
    /// The pages of the site `site` pre-rendered from the dataset `data`, `max_profiles` of its
    /// profiles at the most.
    fn prerender(
        &mut self,
        site: &Path,
        data: &Path,
        max_profiles: Option<usize>,
    ) -> Result<(), String>;
    /// Lighthouse's program, installed when missing.
    fn lighthouse(&mut self) -> Result<PathBuf, String>;
    /// Chromium's program, installed when missing.
    fn chromium(&mut self) -> Result<PathBuf, String>;
    /// Reports a line.
    fn say(&mut self, line: Line);
}

/// One run: what was asked, the host, and the datasets made for it.
struct Run<'a> {
    bench: &'a Bench,
    host: &'a mut dyn Host,
    /// The generated datasets by size.
    datasets: BTreeMap<usize, PathBuf>,
}

impl Run<'_> {
    fn figure(&mut self, text: impl Into<String>) {
        self.host.say(Line::Figure(text.into()));
    }

    fn progress(&mut self, text: impl Into<String>) {
        self.host.say(Line::Progress(text.into()));
    }

    /// A table: its lines as one figure, without the last line's end.
    fn table(&mut self, text: &str) {
        self.figure(text.strip_suffix('\n').unwrap_or(text));
    }

    fn root(&self) -> &Path {
        &self.bench.root
    }

    fn target(&self) -> &Path {
        &self.bench.target
    }

    fn results(&self) -> PathBuf {
        self.root().join(RESULTS)
    }

    /// The bundled dataset's authoring file.
    fn bundled(&self) -> PathBuf {
        self.root().join(atlas_import::DATASET)
    }

    /// The generated dataset of `n` researchers, made by [`run`] before anything is measured.
    fn generated(&self, n: usize) -> PathBuf {
        self.datasets[&n].clone()
    }

    /// A step of the host's, its message kept.
    fn host<T>(
        &mut self,
        step: impl FnOnce(&mut dyn Host) -> Result<T, String>,
    ) -> Result<T, Error> {
        step(&mut *self.host).map_err(Error::Host)
    }
}

/// Runs the benchmarks `bench` asks for, reporting their figures to `host` and keeping them in
/// `bench/results.json`.
pub fn run(bench: &Bench, host: &mut dyn Host) -> Result<(), Error> {
    let mut r = Run {
        bench,
        host,
        datasets: BTreeMap::new(),
    };
    if bench.import {
        return import::bench(&mut r);
    }
    if bench.sources {
        return sources::bench(&mut r);
    }
    if bench.experts {
        return experts::bench(&mut r);
    }
    let (native_only, browser_only, cold_only, large) =
        (bench.native, bench.browser, bench.cold, bench.large);
    let browser_sizes: Vec<usize> = (BROWSER_SIZES.into_iter())
        .chain(large.then_some(LARGE_SIZE))
        .collect();
    for n in SIZES.into_iter().chain(browser_sizes.iter().copied()) {
        let path = r.host(|h| h.dataset(n, false))?;
        r.datasets.insert(n, path);
    }
    if cold_only {
        let dist = bench_dist(&mut r)?;
        return cold(&mut r, &dist, &browser_sizes);
    }
    if !browser_only {
        native(&mut r, &bench.criterion_args)?;
    }
    if !browser_only && !native_only {
        import::bench(&mut r)?;
        sources::bench(&mut r)?;
        experts::bench(&mut r)?;
    }
    if !native_only {
        browser(&mut r, &browser_sizes)?;
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
/// report.
fn browser(r: &mut Run, sizes: &[usize]) -> Result<(), Error> {
    let dist = bench_dist(r)?;
    let out = r.target().join("bench-browser.json");
    let mut node = Command::new("node");
    node.current_dir(r.root().join("e2e"))
        .arg("bench/browser.mjs")
        .arg("--dist")
        .arg(&dist)
        .arg("--out")
        .arg(&out)
        .arg("--size")
        .arg(format!(
            "5={}@{}",
            r.bundled().display(),
            generation_folder(&dist.join("data"))?.display()
        ));
    for &n in sizes {
        let (input, data) = compiled(r, n)?;
        node.arg("--size")
            .arg(format!("{n}={}@{}", input.display(), data.display()));
    }
    let faculty = r.host(|h| h.dataset(FACULTY_SIZE, true))?;
    let (input, data) = compiled_from(r, faculty, &format!("faculty-{FACULTY_SIZE}"))?;
    node.arg("--size").arg(format!(
        "{FACULTY_SIZE}:faculty={}@{}",
        input.display(),
        data.display()
    ));
    run_child(&mut node)?;
    let measured = read_json(&out)?;
    let path = r.results();
    let mut doc = read_doc(&path)?;
    for key in ["results", "bundle"] {
        doc.insert(key.into(), measured[key].clone());
    }
    write_doc(&path, doc)?;
    r.table(&browser_table(&measured["results"]));
    r.figure(format!(
        "bundle: wasm {} B, JS {} B gzipped; {} holds \"results\" and \"bundle\"",
        measured["bundle"]["wasm_gz_bytes"],
        measured["bundle"]["js_gz_bytes"],
        path.display()
    ));
    site(r)?;
    cold(r, &dist, sizes)
}

/// The release build the generated sizes share, in `target/bench-dist`.
fn bench_dist(r: &mut Run) -> Result<PathBuf, Error> {
    let dist = r.target().join("bench-dist");
    // The sizes share one build and swap its data: a page pre-rendered from the bundled data
    // would show five researchers on top of the others' data.
    r.host(|h| h.release_build(&dist, false))?;
    Ok(dist)
}

/// What the release build would ship for the generated dataset of `n` researchers, compiled
/// into `target/bench-data/compiled-N` unless it is up to date: (the authoring file, the
/// compiled folder).
fn compiled(r: &mut Run, n: usize) -> Result<(PathBuf, PathBuf), Error> {
    let input = r.generated(n);
    compiled_from(r, input, &n.to_string())
}

/// [`compiled`] for the dataset `input`, into `target/bench-data/compiled-NAME`.
fn compiled_from(r: &mut Run, input: PathBuf, name: &str) -> Result<(PathBuf, PathBuf), Error> {
    let data = r.target().join(format!("bench-data/compiled-{name}"));
    // The copy of the authoring file is written last: a compile that stopped half-way is not
    // taken for a finished one.
    if is_fresh(&data.join("researchers.json"), &input) {
        r.progress(format!("bench: {} is up to date", data.display()));
    } else {
        let started = std::time::Instant::now();
        let w = r.host(|h| h.compile(&input, &data))?;
        // The authoring file beside the compiled one, as a site has it: the peers read it.
        let copy = data.join("researchers.json");
        std::fs::copy(&input, &copy).map_err(Error::at(&copy))?;
        r.progress(format!(
            "bench: compiled {name} in {:.1} s: directory.bin {:.1} KB, {} title shards, {} profiles in {} packs",
            started.elapsed().as_secs_f64(),
            w.directory_bytes as f64 / 1024.0,
            w.shards,
            w.people,
            w.packs
        ));
    }
    Ok((input, data))
}

/// A pre-rendered profile opened from its link at each of `sizes` (`e2e/bench/cold-profile.mjs`):
/// the release build `dist` with that size's data and its first profile pre-rendered, in
/// `target/bench-cold-N`; bytes and time until the app has taken the page over, from the
/// profile's pack as built, and through the whole directory as before packs named themselves.
/// Stored under `"cold_profile"`.
fn cold(r: &mut Run, dist: &Path, sizes: &[usize]) -> Result<(), Error> {
    let out = r.target().join("bench-cold.json");
    let mut node = Command::new("node");
    node.current_dir(r.root().join("e2e"))
        .arg("bench/cold-profile.mjs")
        .arg("--out")
        .arg(&out);
    for &n in sizes {
        let (input, data) = compiled(r, n)?;
        let site = r.target().join(format!("bench-cold-{n}"));
        if site.exists() {
            std::fs::remove_dir_all(&site).map_err(Error::at(&site))?;
        }
        std::fs::create_dir_all(&site).map_err(Error::at(&site))?;
        let files = std::fs::read_dir(dist).map_err(Error::at(dist))?;
        for entry in files.flatten() {
            if entry.path().is_file() {
                std::fs::copy(entry.path(), site.join(entry.file_name()))
                    .map_err(Error::at(&entry.path()))?;
            }
        }
        // The pages name the build's generation: its folder is this size's data.
        let generation = generation_folder(&dist.join("data"))?;
        let folder = site
            .join("data")
            .join(generation.file_name().unwrap_or_default());
        std::fs::create_dir_all(site.join("data")).map_err(Error::at(&site))?;
        std::os::unix::fs::symlink(&data, &folder).map_err(Error::at(&site))?;
        r.host(|h| h.prerender(&site, &input, Some(1)))?;
        node.arg("--site").arg(format!("{n}={}", site.display()));
    }
    run_child(&mut node)?;
    let measured = read_json(&out)?;
    let path = r.results();
    let mut doc = read_doc(&path)?;
    doc.insert("cold_profile".into(), measured.clone());
    write_doc(&path, doc)?;
    for (n, m) in measured.as_object().into_iter().flatten() {
        r.figure(format!(
            "a profile opened cold at {n}: its pack {} ms, {} B; through the directory {} ms, {} B",
            m["pack"]["takeover_ms"],
            m["pack"]["bytes_gz"],
            m["directory"]["takeover_ms"],
            m["directory"]["bytes_gz"]
        ));
    }
    r.figure(format!("{} holds \"cold_profile\"", path.display()));
    Ok(())
}

/// The pre-rendered site of the bundled data as a first visitor gets it (`e2e/bench/site.mjs`):
/// a profile without JavaScript, bytes before the first paint and before the app is usable, and
/// Lighthouse; stored under `"site"`.
fn site(r: &mut Run) -> Result<(), Error> {
    let dist = r.target().join("bench-site");
    r.host(|h| h.release_build(&dist, true))?;
    let lighthouse = r.host(|h| h.lighthouse())?;
    let chromium = r.host(|h| h.chromium())?;
    let out = r.target().join("bench-site.json");
    run_child(
        Command::new("node")
            .current_dir(r.root().join("e2e"))
            .env("CHROME_PATH", &chromium)
            .arg("bench/site.mjs")
            .arg("--dist")
            .arg(&dist)
            .arg("--lighthouse")
            .arg(&lighthouse)
            .arg("--out")
            .arg(&out),
    )?;
    let measured = read_json(&out)?;
    let path = r.results();
    let mut doc = read_doc(&path)?;
    doc.insert("site".into(), measured.clone());
    write_doc(&path, doc)?;
    for (url, lh) in measured["lighthouse"].as_object().into_iter().flatten() {
        r.figure(format!(
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
        ));
    }
    for (url, b) in measured["bytes"].as_object().into_iter().flatten() {
        r.figure(format!(
            "{url}: {} B before the first paint, {} B before the app is usable",
            b["bytes_before_paint"], b["bytes_before_ready"]
        ));
    }
    r.figure(format!(
        "{} without JavaScript: HTTP {}, {}; {} holds \"site\"",
        measured["no_js"]["url"],
        measured["no_js"]["status"],
        measured["no_js"]["text"],
        path.display()
    ));
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

/// The criterion benchmarks: run, read, store under `"native"`, report.
fn native(r: &mut Run, criterion_args: &[String]) -> Result<(), Error> {
    let data_dir = r
        .generated(SIZES[0])
        .parent()
        .expect("a file in a folder")
        .to_path_buf();
    let criterion_home = r.target().join("criterion");
    let started = SystemTime::now();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    run_child(
        Command::new(cargo)
            .current_dir(r.root())
            .args(["bench", "-p", "atlas-bench", "--bench", "search", "--"])
            .args(criterion_args)
            .env("ATLAS_BENCH_DATA", &data_dir)
            .env("CRITERION_HOME", &criterion_home),
    )?;

    let rows = read_estimates(&mut |line| r.progress(line), &criterion_home, started)?;
    if rows.is_empty() {
        return Err(Error::NoResults {
            home: criterion_home,
        });
    }
    r.table(&table(&rows));
    let path = r.results();
    save(&path, &rows)?;
    r.figure(format!(
        "{}: \"native\" holds {} benchmarks",
        path.display(),
        rows.len()
    ));
    Ok(())
}

/// Runs `cmd` with the runner's standard streams; an error names the program and how it ended.
fn run_child(cmd: &mut Command) -> Result<(), Error> {
    let mut program = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args().take(3) {
        program = format!("{program} {}", a.to_string_lossy());
    }
    match cmd.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(Error::Exited { program, status }),
        Err(source) => Err(Error::Spawn { program, source }),
    }
}

/// The folder of the generation that the site's `data` folder serves (its pointer's).
fn generation_folder(data: &Path) -> Result<PathBuf, Error> {
    let pointer = data.join("generation.txt");
    let text = std::fs::read_to_string(&pointer).map_err(Error::at(&pointer))?;
    let generation =
        research_atlas::files::generation::current(&text).ok_or(Error::NoGeneration {
            path: pointer.clone(),
        })?;
    Ok(data.join(generation))
}

/// The figures of every benchmark whose estimates were written at or after `since`, sorted by
/// benchmark and size. Criterion keeps `<group>/<function>/<size>/new/` per benchmark, with
/// `benchmark.json` naming it and `estimates.json` holding its statistics in nanoseconds; one
/// that is not a group, function and size is left out, and said to `progress`.
fn read_estimates(
    progress: &mut dyn FnMut(String),
    criterion_home: &Path,
    since: SystemTime,
) -> Result<Vec<Row>, Error> {
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
        let ms = |key: &'static str| {
            stats[key]["point_estimate"]
                .as_f64()
                .map(|ns| (ns / 1e3).round() / 1e3)
                .ok_or_else(|| Error::NoEstimate {
                    path: estimates.clone(),
                    key,
                })
        };
        let (Some(group), Some(function), Some(size)) = (
            text(&id, "group_id"),
            text(&id, "function_id"),
            text(&id, "value_str"),
        ) else {
            progress(format!(
                "{}: not a group/function/size benchmark; left out",
                dir.display()
            ));
            continue;
        };
        let Ok(researchers) = size.parse() else {
            return Err(Error::Size { dir, size });
        };
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
fn find_new_dirs(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Error> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries {
        let path = entry.map_err(Error::at(dir))?.path();
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

/// The JSON file at `path`.
fn read_json(path: &Path) -> Result<Value, Error> {
    let text = std::fs::read_to_string(path).map_err(Error::at(path))?;
    serde_json::from_str(&text).map_err(|source| Error::Json {
        path: path.to_path_buf(),
        source,
    })
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
fn read_doc(path: &Path) -> Result<Map<String, Value>, Error> {
    match std::fs::read_to_string(path) {
        Ok(text) => match serde_json::from_str(&text) {
            Ok(Value::Object(map)) => Ok(map),
            _ => Err(Error::NotAnObject {
                path: path.to_path_buf(),
            }),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Map::new()),
        Err(e) => Err(Error::at(path)(e)),
    }
}

/// Writes the results file, pretty, with a trailing newline.
fn write_doc(path: &Path, doc: Map<String, Value>) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(Error::at(dir))?;
    }
    let text = serde_json::to_string_pretty(&doc).expect("JSON values serialize") + "\n";
    std::fs::write(path, text).map_err(Error::at(path))
}

/// Writes `rows` as the `"native"` key of the results file, keeping its other keys.
fn save(path: &Path, rows: &[Row]) -> Result<(), Error> {
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
