//! What every benchmark shares: the run (what was asked, the host, the datasets), the lines
//! it reports, the host's steps, the sizes, and the results file's reading and writing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::error::{Error, Failed};

/// The dataset sizes `benches/search.rs` reads.
pub(crate) const SIZES: [usize; 2] = [1_000, 20_000];
/// Where the figures are kept, relative to the workspace root.
pub(crate) const RESULTS: &str = "bench/results.json";

/// One benchmark's figures.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    /// `group/function`, e.g. `typing/q=dist`.
    pub(crate) benchmark: String,
    pub(crate) researchers: usize,
    pub(crate) median_ms: f64,
    pub(crate) mean_ms: f64,
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

/// One run: what was asked, the host, and the datasets made for it.
pub(crate) struct Run<'a> {
    pub(crate) bench: &'a Bench,
    pub(crate) host: &'a mut dyn Host,
    /// The generated datasets by size.
    pub(crate) datasets: BTreeMap<usize, PathBuf>,
}

impl Run<'_> {
    pub(crate) fn figure(&mut self, text: impl Into<String>) {
        self.host.say(Line::Figure(text.into()));
    }

    pub(crate) fn progress(&mut self, text: impl Into<String>) {
        self.host.say(Line::Progress(text.into()));
    }

    /// A table: its lines as one figure, without the last line's end.
    pub(crate) fn table(&mut self, text: &str) {
        self.figure(text.strip_suffix('\n').unwrap_or(text));
    }

    /// What the release crate is about to install, said as progress.
    pub(crate) fn installing(&mut self) -> impl FnMut(&atlas_release::tools::Installing) + '_ {
        |installing| {
            self.host
                .say(Line::Progress(format!("setup: {installing}")))
        }
    }

    pub(crate) fn root(&self) -> &Path {
        &self.bench.root
    }

    pub(crate) fn target(&self) -> &Path {
        &self.bench.target
    }

    pub(crate) fn results(&self) -> PathBuf {
        self.root().join(RESULTS)
    }

    /// The bundled dataset's authoring file.
    pub(crate) fn bundled(&self) -> PathBuf {
        self.root().join(atlas_import::DATASET)
    }

    /// The generated dataset of `n` researchers, made by [`crate::run`] before anything is measured.
    pub(crate) fn generated(&self, n: usize) -> PathBuf {
        self.datasets[&n].clone()
    }

    /// A step of the host's, its message kept.
    pub(crate) fn host<T>(
        &mut self,
        step: impl FnOnce(&mut dyn Host) -> Result<T, Failed>,
    ) -> Result<T, Error> {
        step(&mut *self.host).map_err(Error::Host)
    }
}

/// Synthetic sizes of the browser benchmark, beside the bundled five researchers.
pub(crate) const BROWSER_SIZES: [usize; 2] = [2_000, 20_000];
/// The size `--large` adds.
pub(crate) const LARGE_SIZE: usize = 100_000;
/// The size of the faculty list the browser benchmark adds (`gen-data --shape faculty`): a
/// national list's.
pub(crate) const FACULTY_SIZE: usize = 24_000;

/// The JSON file at `path`.
pub(crate) fn read_json(path: &Path) -> Result<Value, Error> {
    let text = std::fs::read_to_string(path).map_err(Error::at(path))?;
    serde_json::from_str(&text).map_err(|source| Error::Json {
        path: path.to_path_buf(),
        source,
    })
}

/// The results file as a JSON object (empty when it does not exist yet).
pub(crate) fn read_doc(path: &Path) -> Result<Map<String, Value>, Error> {
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
pub(crate) fn write_doc(path: &Path, doc: Map<String, Value>) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(Error::at(dir))?;
    }
    let text = serde_json::to_string_pretty(&doc).expect("JSON values serialize") + "\n";
    std::fs::write(path, text).map_err(Error::at(path))
}

/// Writes `rows` as the `"native"` key of the results file, keeping its other keys.
pub(crate) fn save(path: &Path, rows: &[Row]) -> Result<(), Error> {
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
