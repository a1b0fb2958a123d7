//! The first stage: the roster as written. The `csv` crate reads the file into one [`RawRow`]
//! a line, each cell its trimmed text, by the names the header gives its columns; nothing is
//! judged here but the file's shape (a header with a `name` column, each row no longer than it).

use serde::Deserialize;

use crate::Error;

/// The columns a roster may have, in the order the docs list them.
pub const COLUMNS: [&str; 9] = [
    "name",
    "id",
    "organization",
    "stage",
    "homepage",
    "bib",
    "orcid",
    "dblp",
    "openalex",
];

/// One row as the file has it; an empty cell (or a column the file does not have) is `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct RawRow {
    /// The person's name.
    pub name: Option<String>,
    /// Their id in the dataset, if the roster gives it.
    pub id: Option<String>,
    /// Their organization: an id, name, short name or alias.
    pub organization: Option<String>,
    /// Their career stage: a key (`phd_student`) or a label (`PhD student`).
    pub stage: Option<String>,
    /// Their homepage.
    pub homepage: Option<String>,
    /// Their `.bib` file, relative to the roster.
    pub bib: Option<String>,
    /// Their ORCID iD, or its link.
    pub orcid: Option<String>,
    /// Their dblp pid, or its link.
    pub dblp: Option<String>,
    /// Their OpenAlex author id, or its link.
    pub openalex: Option<String>,
}

/// One line of the file that holds a row: the row, or why it cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line the row starts on, from 1 (the header is line 1).
    pub line: usize,
    /// The row's cells, or the reason they cannot be read.
    pub row: Result<RawRow, Error>,
}

/// A roster as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Header names that are no roster column, as written, each once.
    pub unknown_columns: Vec<String>,
    /// Every row that has a cell with text, in file order.
    pub lines: Vec<Line>,
}

/// Reads the CSV `text`. `Err` when there is no header, when it has no `name` column or names
/// a column twice: then no row can be read for sure. A row that cannot be read is a [`Line`]
/// with its reason; rows whose cells are all empty are left out (they hold nothing).
pub fn read(text: &str) -> Result<Table, Error> {
    // A spreadsheet's byte order mark: not part of the first column's name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let written = reader
        .headers()
        .map_err(|e| header(format!("the header cannot be read: {e}")))?
        .clone();
    if written.iter().all(str::is_empty) {
        return Err(header(
            "no header; the first line names the columns (name, id, organization, stage, homepage, bib, orcid, dblp, openalex)".into(),
        ));
    }
    let names: Vec<String> = written.iter().map(|h| h.trim().to_lowercase()).collect();
    for (i, name) in names.iter().enumerate() {
        if !name.is_empty() && names[..i].contains(name) {
            return Err(header(format!(
                "the header names the column {name:?} twice"
            )));
        }
    }
    if !names.iter().any(|n| n == "name") {
        return Err(header(format!(
            "the header has no name column (it has {}); name is the one column a roster needs",
            names.join(", ")
        )));
    }
    let unknown_columns = (written.iter().zip(&names).enumerate())
        .filter(|(_, (_, n))| !COLUMNS.contains(&n.as_str()))
        .map(|(i, (w, n))| match n.is_empty() {
            true => format!("column {} (no name)", i + 1),
            false => w.trim().to_owned(),
        })
        .collect();
    let header = csv::StringRecord::from(names);
    reader.set_headers(header.clone());
    // The line a record starts on, from its byte offset: under Windows line ends the crate
    // puts a record's start at the `\n` before it, and counts its line one short.
    let line_at = |p: &csv::Position| {
        let bytes = text.as_bytes();
        let mut at = usize::try_from(p.byte())
            .unwrap_or(usize::MAX)
            .min(bytes.len());
        while bytes.get(at).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
            at += 1;
        }
        1 + bytes[..at].iter().filter(|&&b| b == b'\n').count()
    };
    let mut lines = Vec::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, line_at);
                lines.push(Line {
                    line,
                    row: Err(unreadable(e)),
                });
                continue;
            }
        };
        let line = record.position().map_or(0, line_at);
        if record.iter().all(str::is_empty) {
            continue;
        }
        let row = if record.len() > header.len() {
            Err(Error::TooManyCells {
                cells: record.len(),
                columns: header.len(),
            })
        } else {
            record
                .deserialize::<RawRow>(Some(&header))
                .map_err(unreadable)
        };
        lines.push(Line { line, row });
    }
    Ok(Table {
        unknown_columns,
        lines,
    })
}

/// The header refused (line 1), and why.
fn header(reason: String) -> Error {
    Error::Header { reason }
}

/// A row the CSV reader cannot read, with what it said.
fn unreadable(e: csv::Error) -> Error {
    Error::RowUnreadable {
        reason: e.to_string(),
    }
}
