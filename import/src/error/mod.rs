//! The crate's one error type: every way an import, or a value in it, can be refused, each kind
//! with what a person needs to act on it (the file, the line, the cell, the document, the
//! problems the dataset's checks found). A function that fails returns an [`Error`]; a value
//! left out of a report says why with one too. Callers match on the kind, never on the text;
//! the text ([`fmt::Display`]) is what the command prints.

use std::fmt;
use std::path::PathBuf;

use research_atlas::model::{CareerStage, Problem, ResearcherId};

use research_atlas::model::Origin;

mod parts;

pub use parts::{BibError, NotAdded, NotFetched, Why};

/// Why an import, or a part of it, was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A file could not be read or written: what the system said.
    Io {
        /// The system's message.
        reason: String,
    },
    /// A source document the folder does not hold.
    Missing,
    /// A file that is no text (it has NUL bytes), or no text the door can decode.
    NotText {
        /// What is wrong with its bytes.
        reason: String,
    },
    /// An error in one file or document, named as the user knows it.
    In {
        /// The file's path, or the document's name.
        document: String,
        /// What is wrong in it.
        error: Box<Error>,
    },
    /// The dataset file already has problems (other than warnings); nothing is added to it.
    DatasetProblems {
        /// The dataset file.
        path: PathBuf,
        /// Each problem.
        problems: Vec<String>,
    },
    /// A dataset the loader refuses whole, or that cannot be written as JSON.
    Unsettled {
        /// What the serializer or the loader said.
        reason: String,
    },
    /// The researcher an import is for is not in the dataset.
    NoResearcher {
        /// Their id.
        id: ResearcherId,
        /// The dataset file, when the command names it (then the message says what to do).
        dataset: Option<PathBuf>,
    },
    /// The change would leave problems in the dataset; nothing was written.
    Invalid {
        /// What made the change.
        by: Change,
        /// Each problem, with what caused it when known.
        problems: Vec<String>,
    },
    /// A `.bib` file with no entry to read.
    NoEntry {
        /// Where the reader gave up, and why.
        error: BibError,
    },
    /// `--strict`, and entries of a `.bib` file are bad.
    BadEntries {
        /// Each bad entry, in line order.
        bad: Vec<BibError>,
    },
    /// A `.bib` file that was not imported: every line of the error names the file.
    NotImported {
        /// The `.bib` file.
        bib: PathBuf,
        /// Why.
        error: Box<Error>,
    },
    /// The venue list (`import/venues/cs.json`) cannot be read.
    VenueList {
        /// The JSON path of the bad value (empty for the whole file).
        at: String,
        /// What serde said.
        reason: String,
    },
    /// A roster's header that cannot be used (line 1).
    Header {
        /// What is wrong with it.
        reason: String,
    },
    /// A roster row the CSV reader cannot read.
    RowUnreadable {
        /// What the reader said.
        reason: String,
    },
    /// A roster row with more cells than the header names columns.
    TooManyCells {
        /// The row's cells.
        cells: usize,
        /// The header's columns.
        columns: usize,
    },
    /// A roster row with no name: nothing says who it is.
    NoName,
    /// A roster cell that cannot be read, left out of its row.
    Cell {
        /// The column, as messages name it (`id`, `homepage`, `ORCID`, `dblp`, `OpenAlex`).
        column: &'static str,
        /// The cell as written.
        value: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A career stage that is none of the stages.
    Stage {
        /// The text as written.
        text: String,
    },
    /// A roster's `.bib` file that could not be read or imported, left out of its row.
    BibFile {
        /// The path as the roster writes it.
        path: String,
        /// Why.
        error: Box<Error>,
    },
    /// A roster row whose person cannot be found or added.
    Person {
        /// Why (who else it could be, what a new person needs).
        reason: String,
    },
    /// A person's record the dataset's checks refused whole.
    RecordRefused {
        /// The check's problem, at its field.
        problem: Problem,
    },
    /// A value the dataset's checks refused, left out of its record.
    Refused {
        /// The check's problem.
        problem: Problem,
    },
    /// A roster row left out: the cells left out first (they may be why), then the reason.
    RowLeftOut {
        /// The cells left out, each with why.
        cells: Vec<Error>,
        /// The reason the row was left out.
        reason: Box<Error>,
    },
    /// `--strict`, and roster rows are bad.
    BadRows {
        /// The report's summary.
        summary: String,
        /// How many rows are bad.
        bad: usize,
    },
    /// `--strict`, and values the roster brings would be left out.
    ValuesLeftOut {
        /// Each value, with the line of the row that brought it when one did.
        values: Vec<(Option<usize>, Error)>,
    },
    /// `--strict`, and documents could not be fetched.
    NotFetched {
        /// Each document, with whose it is and why.
        failed: Vec<NotFetched>,
    },
    /// A name with nothing a slug can hold: an id must be given.
    NoSlug {
        /// The name.
        name: String,
    },
    /// An organization that is not in the vocabulary, and no kind to add it with.
    UnknownOrganization {
        /// The organization as written.
        text: String,
    },
    /// An organization kind that is none of the kinds.
    OrgKind {
        /// The kind as written.
        kind: String,
    },
    /// A new organization whose name makes no slug.
    OrgNoSlug {
        /// The organization as written.
        text: String,
    },
    /// A source document that holds another person's record (saved under the wrong name).
    Whose {
        /// The source.
        origin: Origin,
        /// Whose record it is.
        holder: String,
        /// Whose record was asked for.
        id: String,
    },
    /// A source document its reader refuses as a whole.
    Document {
        /// Why (what the document is instead, where it breaks).
        reason: String,
    },
    /// A part of a source document (a work, an affiliation) its reader leaves out, the rest
    /// read.
    Part {
        /// Why (what the part is instead, what it lacks).
        reason: String,
    },
    /// A source's identifier that `--fetch` cannot make into a path and a URL.
    Unfetchable {
        /// What the identifier is ("ORCID iD", "dblp pid").
        name: &'static str,
        /// The identifier as given.
        id: String,
        /// What in it could escape a path or a URL; none when it is empty.
        problem: Option<String>,
    },
    /// A source folder's layout that names another number of files than the reader reads.
    Layout,
    /// A staging folder of the fetch that could not be cleared or made.
    Staging {
        /// The folder.
        path: PathBuf,
        /// "removed" or "made".
        undone: &'static str,
        /// What the system said.
        reason: String,
    },
    /// Nothing was fetched, for this reason.
    NothingFetched {
        /// Why.
        error: Box<Error>,
    },
    /// `add-researcher` added no one, for this reason.
    NotAdded(NotAdded),
}

/// What made a change that would leave the dataset invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A `.bib` file's import.
    Import,
    /// A roster's.
    Roster,
}

impl Error {
    /// `error`, in the file or document `document`.
    pub fn within(document: impl fmt::Display, error: Error) -> Error {
        Error::In {
            document: document.to_string(),
            error: Box::new(error),
        }
    }

    /// A source document its reader refuses as a whole, and why.
    pub fn document(reason: impl Into<String>) -> Error {
        Error::Document {
            reason: reason.into(),
        }
    }

    /// A part of a source document its reader leaves out, and why.
    pub fn part(reason: impl Into<String>) -> Error {
        Error::Part {
            reason: reason.into(),
        }
    }

    /// What the system said, for a file that could not be read or written.
    pub fn io(e: &std::io::Error) -> Error {
        Error::Io {
            reason: e.to_string(),
        }
    }

    /// Whether the message already says that nothing was written.
    fn says_nothing_written(&self) -> bool {
        match self {
            Error::BadEntries { .. } | Error::Invalid { .. } => true,
            Error::In { error, .. } | Error::NotImported { error, .. } => {
                error.says_nothing_written()
            }
            _ => false,
        }
    }
}

/// `--strict`'s refusal: each item on its line, then how many there are, what they are
/// (`one` or `many`, then `what`), and that nothing was written.
fn refusal<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    (one, many): (&str, &str),
    what: &str,
) -> fmt::Result {
    for item in items {
        writeln!(f, "{item}")?;
    }
    let n = items.len();
    let noun = if n == 1 { one } else { many };
    write!(f, "{n} {noun}{what}; --strict: nothing was written")
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { reason }
            | Error::Person { reason }
            | Error::Document { reason }
            | Error::Part { reason } => f.write_str(reason),
            Error::Unsettled { reason } => f.write_str(reason),
            Error::Missing => f.write_str("no such file; download it, or run with --fetch"),
            Error::NotText { reason } => write!(f, "line 1: {reason}; nothing was read"),
            Error::In { document, error } => write!(f, "{document}: {error}"),
            Error::DatasetProblems { path, problems } => {
                for p in problems {
                    writeln!(f, "{}: {p}", path.display())?;
                }
                write!(
                    f,
                    "{} has problems; fix them first (cargo xtask check-data)",
                    path.display()
                )
            }
            Error::NoResearcher { id, dataset: None } => write!(f, "no researcher {id}"),
            Error::NoResearcher {
                id,
                dataset: Some(path),
            } => write!(
                f,
                "{}: no researcher {id}; add them first (cargo xtask add-researcher)",
                path.display()
            ),
            Error::Invalid { by, problems } => {
                let by = match by {
                    Change::Import => "import",
                    Change::Roster => "roster",
                };
                for p in problems {
                    writeln!(f, "{p}")?;
                }
                write!(
                    f,
                    "the {by} would make the dataset invalid ({} problem(s)); nothing was written",
                    problems.len()
                )
            }
            Error::NoEntry { error } => write!(f, "{error}; not imported"),
            Error::BadEntries { bad } => refusal(f, bad, ("bad entry", "bad entries"), ""),
            Error::NotImported { bib, error } => {
                let name = bib.display();
                let text = error.to_string();
                let mut lines = text.lines();
                if let Some(first) = lines.next() {
                    write!(f, "{name}: {first}")?;
                }
                for line in lines {
                    write!(f, "\n{name}: {line}")?;
                }
                if !error.says_nothing_written() {
                    f.write_str("\nnothing was written")?;
                }
                Ok(())
            }
            Error::VenueList { at, reason } => write!(f, "{at}: {reason}"),
            Error::Header { reason } => write!(f, "line 1: {reason}"),
            Error::RowUnreadable { reason } => write!(f, "cannot be read: {reason}"),
            Error::TooManyCells { cells, columns } => write!(
                f,
                "has {cells} cells, but the header names {columns} columns; a cell past them would be lost"
            ),
            Error::NoName => f.write_str("no name"),
            Error::Cell {
                column,
                value,
                reason,
            } => write!(f, "{column} {value:?} {reason}"),
            Error::Stage { text } => {
                let keys: Vec<&str> = CareerStage::ALL.iter().map(|s| s.key()).collect();
                write!(f, "career stage {text:?} is not one of {}", keys.join(", "))
            }
            Error::BibFile { path, error } => write!(f, "bib file {path}: {error}"),
            Error::RecordRefused { problem } => {
                // The field within the record: `researchers[3].name` says `name`.
                let field = (problem.path.split_once("].")).map_or("", |(_, field)| field);
                match field {
                    "" => write!(f, "its record was refused: {}", problem.message),
                    field => write!(f, "its record was refused: {field}: {}", problem.message),
                }
            }
            Error::Refused { problem } => write!(f, "{problem}"),
            Error::RowLeftOut { cells, reason } => {
                for c in cells {
                    write!(f, "{c}; ")?;
                }
                write!(f, "{reason}")
            }
            Error::BadRows { summary, bad } => write!(
                f,
                "{summary}\n{bad} bad row{}; --strict: nothing was written",
                if *bad == 1 { "" } else { "s" }
            ),
            Error::ValuesLeftOut { values } => {
                let lines: Vec<String> = (values.iter())
                    .map(|(line, error)| match line {
                        Some(line) => format!("line {line}: {error}"),
                        None => error.to_string(),
                    })
                    .collect();
                refusal(f, &lines, ("value", "values"), " would be left out")
            }
            Error::NotFetched { failed } => {
                refusal(f, failed, ("document", "documents"), " not fetched")
            }
            Error::NoSlug { name } => write!(f, "{name:?} makes no slug; give an id"),
            Error::UnknownOrganization { text } => write!(
                f,
                "organization {text:?} is not in the vocabulary; give an existing id, name or alias, or add it with --org-kind university|company|lab|nonprofit"
            ),
            Error::OrgKind { kind } => write!(
                f,
                "organization kind {kind:?} is not one of university, company, lab, nonprofit"
            ),
            Error::OrgNoSlug { text } => write!(
                f,
                "organization {text:?} makes no slug; add it to the vocabulary by hand"
            ),
            Error::Whose { origin, holder, id } => write!(
                f,
                "it is the {} record of {holder}, not of {id}; nothing of it was read",
                origin.label(&research_atlas::lang::EN)
            ),
            Error::Layout => f.write_str("not read: the layout names another number of files"),
            Error::Unfetchable {
                name,
                problem: None,
                ..
            } => write!(f, "the {name} is empty"),
            Error::Unfetchable {
                name,
                id,
                problem: Some(problem),
            } => write!(
                f,
                "the {name} {id:?} cannot be fetched: {problem}, which could escape a path or a URL"
            ),
            Error::Staging {
                path,
                undone,
                reason,
            } => write!(
                f,
                "the staging folder {} could not be {undone}: {reason}",
                path.display()
            ),
            Error::NothingFetched { error } => write!(f, "{error}; nothing was fetched"),
            Error::NotAdded(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for Error {}

/// The message, for a binary whose tasks report failure as text (`xtask`).
impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}
