//! The pipeline's one error type: what failed, with the file, the program or the tool it
//! concerns and, where a person can do something about it, what to do.

use std::path::{Path, PathBuf};
use std::process::ExitStatus;

/// Why a release step stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder that could not be read, written, moved or listed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file that could not be copied.
    #[error("{} → {}: {source}", from.display(), to.display())]
    Copy {
        /// The file.
        from: PathBuf,
        /// Where it was to go.
        to: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A program that could not be started or waited for.
    #[error("{program}: {source}")]
    Spawn {
        /// The program and its first arguments.
        program: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A program that ended in failure.
    #[error("{program} exited with {status}")]
    Exited {
        /// The program and its first arguments.
        program: String,
        /// How it ended.
        status: ExitStatus,
    },
    /// A tool the machine lacks and this pipeline does not install (or may not: not root).
    #[error("{what} not found: {how}")]
    Missing {
        /// The tool.
        what: String,
        /// How to get it, as a command line where there is one.
        how: String,
    },
    /// A tool whose installation failed.
    #[error("{what} failed ({source}): {fix}")]
    Install {
        /// What was being done (`installing trunk 0.21.14`).
        what: String,
        /// How it failed.
        source: Box<Error>,
        /// What to check or do.
        fix: String,
    },
    /// A file that is not as the pipeline expects it (a page without `</head>`, a lock file
    /// without wasm-bindgen, output of a tool whose shape has changed).
    #[error("{file}: {what}")]
    Unexpected {
        /// The file, as a person finds it.
        file: String,
        /// What it lacks or holds.
        what: String,
    },
    /// wasm-split's refusal of the app's wasm.
    #[error("wasm-split: {}: {reason}", wasm.display())]
    Split {
        /// The wasm.
        wasm: PathBuf,
        /// Its reason, with its causes.
        reason: String,
    },
    /// The app crate's: the dataset not loaded, the compiled files not written.
    #[error(transparent)]
    Data(#[from] research_atlas::Error),
}

impl Error {
    /// An [`Error::Io`] at `path`, for `map_err`.
    pub fn at(path: &Path) -> impl FnOnce(std::io::Error) -> Self + '_ {
        move |source| Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// An [`Error::Unexpected`].
    pub(crate) fn unexpected(file: impl Into<String>, what: impl Into<String>) -> Self {
        Self::Unexpected {
            file: file.into(),
            what: what.into(),
        }
    }
}
