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

use serde_json::{Map, Value, json};

pub use error::Error;

mod browser;
mod error;
mod experts;
mod import;
mod native;
mod sources;

use browser::{bench_dist, browser, cold};
use native::native;

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
/// with the dataset checked), and where its lines go. Each step's error is the host's
/// own ([`Failed`]).
pub trait Host {
    /// The generated dataset of `researchers` (seed 1; a faculty list with `faculty`), made again
    /// when missing or made by an older generator: its path.
    fn dataset(&mut self, researchers: usize, faculty: bool) -> Result<PathBuf, Failed>;
    /// The compiled files of the dataset `input`, written into `out` as `build-data` writes them.
    fn compile(&mut self, input: &Path, out: &Path) -> Result<Compiled, Failed>;
    /// The app's release build at `/` into `out` (its tools set up first), with the bundled
    /// data's pages pre-rendered when `prerender`.
    fn release_build(&mut self, out: &Path, prerender: bool) -> Result<(), Failed>;
    /// Reports a line.
    fn say(&mut self, line: Line);
}

/// A [`Host`]'s step that failed: the host's own error.
pub type Failed = Box<dyn std::error::Error + Send + Sync>;

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

    /// What the release crate is about to install, said as progress.
    fn installing(&mut self) -> impl FnMut(&atlas_release::tools::Installing) + '_ {
        |installing| {
            self.host
                .say(Line::Progress(format!("setup: {installing}")))
        }
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
        step: impl FnOnce(&mut dyn Host) -> Result<T, Failed>,
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

/// The JSON file at `path`.
fn read_json(path: &Path) -> Result<Value, Error> {
    let text = std::fs::read_to_string(path).map_err(Error::at(path))?;
    serde_json::from_str(&text).map_err(|source| Error::Json {
        path: path.to_path_buf(),
        source,
    })
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
