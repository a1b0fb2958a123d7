//! The runner's one error type: what failed, with the file, the program or the step it concerns,
//! so `xtask` prints it as it printed the runner's messages before.

use std::path::{Path, PathBuf};
use std::process::ExitStatus;

/// A host's step that failed (`Host`, which the command runner answers): the host's own error.
pub type Failed = Box<dyn std::error::Error + Send + Sync>;

/// Why a benchmark stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A gold-standard submissions file the experts command cannot read.
    #[error("{}: {source}", path.display())]
    Submissions {
        /// The file.
        path: PathBuf,
        /// Why.
        source: research_atlas::search::experts::batch::BatchError,
    },
    /// A JSON file (criterion's estimates, a script's figures) that does not parse.
    #[error("{}: {source}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// Where and why it does not parse.
        source: serde_json::Error,
    },
    /// The results file holds something other than a JSON object.
    #[error("{}: not a JSON object; fix or remove it", path.display())]
    NotAnObject {
        /// The results file.
        path: PathBuf,
    },
    /// A site's `generation.txt` that names no generation.
    #[error("{}: names no generation", path.display())]
    NoGeneration {
        /// The pointer file.
        path: PathBuf,
    },
    /// Criterion's estimates without a figure the results keep.
    #[error("{}: no {key}.point_estimate", path.display())]
    NoEstimate {
        /// Criterion's `estimates.json`.
        path: PathBuf,
        /// The statistic missing (`median`, `mean`).
        key: &'static str,
    },
    /// A criterion benchmark whose parameter is not a number of researchers.
    #[error("{}: size {size:?} is not a number", dir.display())]
    Size {
        /// The benchmark's `new` folder.
        dir: PathBuf,
        /// Its parameter as criterion wrote it.
        size: String,
    },
    /// A criterion run that wrote no figures.
    #[error("criterion wrote no results under {}", home.display())]
    NoResults {
        /// `CRITERION_HOME` of the run.
        home: PathBuf,
    },
    /// An import run as a child process (`sources`) that failed.
    #[error("the {label} import failed ({status}); its output is in {}: {last}", log.display())]
    ImportFailed {
        /// `first` or `rerun`.
        label: &'static str,
        /// How it ended.
        status: ExitStatus,
        /// The file holding what it printed.
        log: PathBuf,
        /// Its last line.
        last: String,
    },
    /// The importer program that could not be copied beside the data (`sources`).
    #[error("{} to {}: {source}", from.display(), to.display())]
    Copy {
        /// The importer.
        from: PathBuf,
        /// Its copy.
        to: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The bundled dataset that did not load (`experts`).
    #[error("the bundled dataset: {problem}")]
    Bundled {
        /// The loader's problem, as `Debug` prints it.
        problem: String,
    },
    /// A question the experts ranking found nobody for (`experts`).
    #[error("no experts for {text:?}")]
    NoExperts {
        /// The question.
        text: String,
    },
    /// A line of a JSON Lines file that does not parse (`gold`: a participant's archive).
    #[error("{}:{line}: {source}", path.display())]
    JsonLine {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Where and why it does not parse.
        source: serde_json::Error,
    },
    /// A rating of the gold standard's ratings that is not a number (`gold`).
    #[error("{}:{line}: {value:?} is not a rating", path.display())]
    Rating {
        /// `evaluations.tsv`.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The cell as the file has it.
        value: String,
    },
    /// The gold standard's ratings without a column they need (`gold`).
    #[error("{}: no {column} column", path.display())]
    NoColumn {
        /// `evaluations.tsv`.
        path: PathBuf,
        /// The column's name.
        column: &'static str,
    },
    /// The dataset file's checks that refused an import's result (`import`): one problem a line.
    #[error("{}", problems.join("\n"))]
    Refused {
        /// Each problem as the checks say it.
        problems: Vec<String>,
    },
    /// The importer's refusal (`import`, `sources`).
    #[error(transparent)]
    Import(#[from] atlas_import::Error),
    /// The release crate's: a file not read or written, a program run (node, cargo), a tool
    /// installed, a site pre-rendered.
    #[error(transparent)]
    Release(#[from] atlas_release::Error),
    /// The generator's (the roster and source files).
    #[error(transparent)]
    Generate(#[from] atlas_generate::Error),
    /// The app's crate's (the experts parts read back).
    #[error(transparent)]
    Files(#[from] research_atlas::Error),
    /// A step the caller runs for the runner (the `Host`: a dataset generated or compiled,
    /// a release build, a tool installed), with the caller's message.
    #[error("{0}")]
    Host(Failed),
}

impl Error {
    /// A file or folder at `path` that could not be read, written, copied or listed, for
    /// `map_err`: worded as the release pipeline words it.
    pub(crate) fn at(path: &Path) -> impl FnOnce(std::io::Error) -> Self + '_ {
        move |source| Self::Release(atlas_release::Error::at(path)(source))
    }
}
