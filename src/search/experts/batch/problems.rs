//! Why a submissions file's entry was left out ([`Problem`], [`Why`], [`ValueKind`]) or the file
//! refused ([`BatchError`]): English through `Display` (what `cargo xtask experts` prints and the
//! affinity CSV holds) and a page's language through `text`.

use std::fmt;

use crate::lang::{Catalogue, EN, fill};

/// An entry of the file that was left out, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: a JSON path (`$["abc"].content.title`, `$[3].title`), or a line of JSON lines
    /// or CSV (`line 7`, `line 7, title`).
    pub path: String,
    /// Why it was left out, quoting the bad value where there is one.
    pub reason: Why,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.reason)
    }
}

/// Why an entry was left out: [`Self::text`] says it in a language, `Display` in English
/// (`is a number (3), not text; left out`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The entry (or its `content`) is a value of another kind than an object.
    NotObject(ValueKind),
    /// No id.
    NoId,
    /// No title.
    NoTitle,
    /// A field that should be text is a value of another kind.
    NotText(ValueKind),
    /// A field that should be a list of names is a value of another kind.
    NotList(ValueKind),
    /// Its id was seen before, at `first`.
    Again {
        /// The id, quoted as Rust's `Debug` quotes it (`"abc"`).
        id: String,
        /// The place of the entry kept.
        first: String,
    },
    /// A line of JSON lines that is no JSON: what the parser says.
    NotJson(String),
    /// A CSV record that cannot be read: what the reader says.
    Csv(String),
}

impl Why {
    /// The reason in `t`'s language.
    pub fn text(&self, t: &Catalogue) -> String {
        let x = t.experts_text();
        let kind = |template: &str, k: &ValueKind| fill(template, &[("kind", &k.text(t))]);
        match self {
            Self::NotObject(k) => kind(x.problem_not_object(), k),
            Self::NoId => x.problem_no_id().to_owned(),
            Self::NoTitle => x.problem_no_title().to_owned(),
            Self::NotText(k) => kind(x.problem_not_text(), k),
            Self::NotList(k) => kind(x.problem_not_list(), k),
            Self::Again { id, first } => fill(x.problem_again(), &[("id", id), ("first", first)]),
            Self::NotJson(e) => fill(x.problem_not_json(), &[("error", e)]),
            Self::Csv(e) => fill(x.problem_csv(), &[("error", e)]),
        }
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN))
    }
}

/// A JSON value's kind, for a problem's reason: `a number (3)`, `a list`, ….
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueKind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean(bool),
    /// A number, as the file writes it.
    Number(String),
    /// Text.
    Text,
    /// A list.
    List,
    /// An object.
    Object,
}

impl ValueKind {
    /// The kind in `t`'s language: `a number (3)`.
    pub fn text(&self, t: &Catalogue) -> String {
        let x = t.experts_text();
        match self {
            Self::Null => x.kind_null().to_owned(),
            Self::Boolean(b) => fill(x.kind_boolean(), &[("value", &b.to_string())]),
            Self::Number(n) => fill(x.kind_number(), &[("value", n)]),
            Self::Text => x.kind_text().to_owned(),
            Self::List => x.kind_list().to_owned(),
            Self::Object => x.kind_object().to_owned(),
        }
    }
}

impl BatchError {
    /// The error in `t`'s language (its `Display` is English).
    pub fn text(&self, t: &Catalogue) -> String {
        let x = t.experts_text();
        match self {
            Self::Empty => x.file_empty().to_owned(),
            Self::Json {
                line,
                column,
                message,
            } => fill(
                x.file_json(),
                &[
                    ("line", &t.lang.year(*line as i64)),
                    ("column", &t.lang.year(*column as i64)),
                    ("message", message),
                ],
            ),
            Self::Unrecognised { first } => {
                fill(x.file_unrecognised(), &[("first", &format!("{first:?}"))])
            }
            Self::Csv(e) => fill(x.file_csv_header(), &[("error", e)]),
        }
    }
}

/// Why a file is no submissions file at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// Nothing but white space.
    #[error("the submissions file is empty")]
    Empty,
    /// A file that starts as JSON and does not parse (and is no JSON lines either).
    #[error("not valid JSON at line {line}, column {column}: {message}")]
    Json {
        /// The line of the error, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What serde_json says is wrong.
        message: String,
    },
    /// A file that is no JSON and whose first line is no CSV header naming `id` and `title`.
    #[error(
        "not a submissions file: neither JSON (OpenReview's submissions.json, a list, JSON lines) \
         nor CSV with a header naming id, title and abstract columns; its first line is {first:?}"
    )]
    Unrecognised {
        /// The file's first line, cut at 80 characters.
        first: String,
    },
    /// A CSV file whose header cannot be read.
    #[error("the CSV header cannot be read: {0}")]
    Csv(String),
}
