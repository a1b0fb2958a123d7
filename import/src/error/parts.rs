//! What the crate's [`Error`](super::Error) kinds carry: why `add-researcher` added no one, a
//! part of a `.bib` file that could not be read, a document `--fetch` could not bring.

use std::fmt;
use std::path::PathBuf;

/// Why `add-researcher` added no one (nothing is made up to fill a record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotAdded {
    /// Neither `--name` nor the stub gives a name.
    NoName,
    /// A required field that neither its flag nor the stub gives.
    Required {
        /// The record's field (`summary`).
        field: &'static str,
        /// Its flag (`--summary`).
        flag: &'static str,
    },
    /// A person of that name is in the directory already.
    SameName {
        /// The name.
        name: String,
        /// Their id.
        id: String,
    },
    /// The id is taken.
    IdTaken {
        /// The id.
        id: String,
        /// The name of the researcher who has it.
        name: String,
    },
    /// A value of the stub or the flags that cannot be what it is for.
    Value {
        /// Where: the field, the flag with its value, or the stub file.
        at: String,
        /// Why.
        reason: String,
    },
    /// The dataset with them would have problems; nothing was written.
    Invalid {
        /// Each problem, with what caused it when known.
        problems: Vec<String>,
    },
}

impl fmt::Display for NotAdded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAdded::NoName => f.write_str("a name is required (--name or `name` in the stub)"),
            NotAdded::Required { field, flag } => write!(
                f,
                "{field} is required ({flag} or `{field}` in the stub); the directory never fills it in"
            ),
            NotAdded::SameName { name, id } => write!(
                f,
                "{name:?} is already in the directory as {id}; to add a different person of that name, give an --id"
            ),
            NotAdded::IdTaken { id, name } => {
                write!(
                    f,
                    "the id {id} is taken by {name:?}; give another with --id"
                )
            }
            NotAdded::Value { at, reason } => write!(f, "{at}: {reason}"),
            NotAdded::Invalid { problems } => {
                for p in problems {
                    writeln!(f, "{p}")?;
                }
                f.write_str("the new researcher is not valid; nothing was written")
            }
        }
    }
}

/// A part of the file that could not be read, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BibError {
    /// The line of the problem, counting from 1.
    pub line: usize,
    /// The key of the entry it is in, when known.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for BibError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(key) = &self.key {
            write!(f, " (entry {key})")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// One document the run could not bring into the source folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotFetched {
    /// Whose document it is, e.g. `line 4 (Ada Lovelace)`.
    pub label: String,
    /// Its file, relative to the source folder; none when the identifier cannot be a path.
    pub file: Option<PathBuf>,
    /// The URL that failed (for a works file, the page's); none when none could be made.
    pub url: Option<String>,
    /// What happened.
    pub why: Why,
    /// An older copy of the file is in the folder and stays as it was (with `refresh`).
    pub kept: bool,
}

/// Why a document was not fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The identifier cannot be made into a path and a URL: what is wrong with it.
    BadIdentifier(String),
    /// Asked, and no whole document came: the status, the cut, the connection's error.
    Failed(String),
    /// Not asked: its host refused an earlier request of the run for good.
    NotTried {
        /// The host (and port).
        host: String,
        /// What happened to the request it refused.
        refusal: String,
    },
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::BadIdentifier(what) | Why::Failed(what) => f.write_str(what),
            Why::NotTried { host, refusal } => {
                write!(f, "not tried: {host} refused earlier requests ({refusal})")
            }
        }
    }
}

impl fmt::Display for NotFetched {
    /// `line 4 (Ada Lovelace): https://dblp.org/pid/12/3456.xml: HTTP 500 Internal Server Error`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.label)?;
        if let Some(url) = &self.url {
            write!(f, "{url}: ")?;
        }
        write!(f, "{}", self.why)?;
        if self.kept {
            f.write_str("; the folder's older copy is kept")?;
        }
        Ok(())
    }
}
