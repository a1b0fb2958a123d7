//! Reading a submissions file ([`read`]): OpenReview's `submissions.json` (an object of notes
//! by id, API v1 or v2), a JSON list, JSON lines, or CSV with a header row, told apart by their
//! content. Reading is forgiving per entry: an entry with no id, no title or a value of the
//! wrong kind is left out alone and reported as a [`Problem`] with its place
//! (`$["abc"].content.title`, `$[3].title`, `line 7, title`); only a file that is none of the
//! shapes is a [`BatchError`]. The JSON is read as values rather than typed structs: the shapes
//! differ only in where a field sits (`content` or not) and whether it is wrapped
//! (`{"value": …}`, API v2), and reading by path names the exact place of a bad value.

use std::collections::HashMap;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::problems::{BatchError, Problem, ValueKind, Why};
use crate::model::invisible::export_text;

/// One submission: its id, its text and, when the file gives them, its authors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// Its id in the file (OpenReview's note id), written back in the affinity CSV.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its abstract (empty when the file has none).
    pub abstract_text: String,
    /// Its authors' names, in the file's order.
    pub authors: Vec<String>,
    /// Its authors' ids (OpenReview's `authorids`); those that are directory researcher ids
    /// make their researcher an author.
    pub author_ids: Vec<String>,
}

impl Submission {
    /// True when the file names any of its authors (by name or id): conflicts can be looked for.
    pub fn has_authors(&self) -> bool {
        !self.authors.is_empty() || !self.author_ids.is_empty()
    }
}

/// The shape a submissions file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// OpenReview's `submissions.json`: an object of notes by id.
    OpenReview,
    /// A JSON list of entries.
    JsonList,
    /// One JSON entry a line.
    JsonLines,
    /// CSV with a header row.
    Csv,
}

impl Format {
    /// The shape in words: "OpenReview submissions.json", "a JSON list", ….
    pub fn label(self) -> &'static str {
        match self {
            Format::OpenReview => "OpenReview submissions.json",
            Format::JsonList => "a JSON list",
            Format::JsonLines => "JSON lines",
            Format::Csv => "CSV",
        }
    }
}

/// What a submissions file holds: its submissions in the file's order, and the entries left
/// out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submissions {
    /// The shape the file was read in.
    pub format: Format,
    /// The submissions, in the file's order, each id once.
    pub list: Vec<Submission>,
    /// Each entry left out, with its place and why, in the file's order.
    pub problems: Vec<Problem>,
}

impl Submissions {
    /// Whether the affinity CSV has the conflict column: when any submission names its authors.
    pub fn with_conflicts(&self) -> bool {
        self.list.iter().any(Submission::has_authors)
    }
}

/// The submissions in `text`, told apart by its content: an object of notes by id
/// (OpenReview's `submissions.json`, each field plain or `{"value": …}`), a JSON list of
/// entries, one entry a line, or CSV whose header names `id`, `title` and (optionally)
/// `abstract`, `authors` and `authorids` columns in any order and case (authors and ids
/// separated by `;`). An entry is a note (`{"id", "content": {"title", "abstract", "authors",
/// "authorids"}}`) or flat (`{"id", "title", "abstract", "authors"}`); in the object of notes
/// the key is the id when the note has none. Ids may be JSON integers. An entry with no id,
/// no title or a value of the wrong kind is left out and reported; of two with one id the
/// first is kept. Invisible and control characters are removed from every text (as the
/// exports do), and white space around it.
pub fn read(text: &str) -> Result<Submissions, BatchError> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let start = text.trim_start();
    let mut reader = Reader::default();
    let format = match start.as_bytes().first() {
        None => return Err(BatchError::Empty),
        Some(b'{' | b'[') => match serde_json::from_str::<Top>(text) {
            Ok(Top::Map(entries)) if is_entry(&entries) => {
                reader.entry(
                    Place::Line(first_line(text)),
                    &Value::Object(object(entries)),
                );
                Format::JsonLines
            }
            Ok(Top::Map(entries)) => {
                for (key, value) in entries {
                    reader.entry(Place::Key(key), &value);
                }
                Format::OpenReview
            }
            Ok(Top::List(items)) => {
                for (i, value) in items.iter().enumerate() {
                    reader.entry(Place::Index(i), value);
                }
                Format::JsonList
            }
            Err(_) if is_json_lines(text) => {
                reader.json_lines(text);
                Format::JsonLines
            }
            Err(e) => {
                return Err(BatchError::Json {
                    line: e.line(),
                    column: e.column(),
                    message: without_position(&e),
                });
            }
        },
        Some(_) => {
            reader.csv(text)?;
            Format::Csv
        }
    };
    Ok(Submissions {
        format,
        list: reader.list,
        problems: reader.problems,
    })
}

/// What a JSON file holds at its top: an object's entries in the file's order (serde_json's
/// own map sorts them), or a list.
enum Top {
    Map(Vec<(String, Value)>),
    List(Vec<Value>),
}

impl<'de> Deserialize<'de> for Top {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct TopVisitor;
        impl<'de> Visitor<'de> for TopVisitor {
            type Value = Top;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object or a list")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, Value>()? {
                    out.push(entry);
                }
                Ok(Top::Map(out))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Top, A::Error> {
                let mut out = Vec::new();
                while let Some(value) = seq.next_element::<Value>()? {
                    out.push(value);
                }
                Ok(Top::List(out))
            }
        }
        d.deserialize_any(TopVisitor)
    }
}

/// True when an object is one entry (the only line of JSON lines) rather than entries by id:
/// it has an `id` or a `title` that is text, or a `content` with a title.
fn is_entry(entries: &[(String, Value)]) -> bool {
    entries.iter().any(|(k, v)| match k.as_str() {
        "id" | "title" => text_of(v).is_some(),
        "content" => v.get("title").is_some(),
        _ => false,
    })
}

/// True when `text`, which does not parse as one JSON value, is JSON lines: its first line
/// that is not blank is a JSON object on its own.
fn is_json_lines(text: &str) -> bool {
    (text.lines().find(|l| !l.trim().is_empty()))
        .is_some_and(|l| matches!(serde_json::from_str::<Value>(l), Ok(Value::Object(_))))
}

/// The number, from 1, of the first line of `text` that is not blank.
fn first_line(text: &str) -> usize {
    text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1
}

fn object(entries: Vec<(String, Value)>) -> Map<String, Value> {
    entries.into_iter().collect()
}

/// serde_json's message without its " at line L column C" (the error says it apart).
fn without_position(e: &serde_json::Error) -> String {
    let message = e.to_string();
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message,
    }
}

/// Where an entry is in the file.
#[derive(Debug, Clone)]
enum Place {
    /// Under this key of the object of notes.
    Key(String),
    /// At this index of the list.
    Index(usize),
    /// On this line (from 1) of JSON lines or CSV.
    Line(usize),
}

impl Place {
    /// The place of the entry's `field` (a dotted path such as `content.title`; empty: the
    /// entry itself).
    fn path(&self, field: &str) -> String {
        let dot = if field.is_empty() { "" } else { "." };
        match self {
            Place::Key(k) => {
                let key = serde_json::to_string(k).unwrap_or_else(|_| format!("{k:?}"));
                format!("$[{key}]{dot}{field}")
            }
            Place::Index(i) => format!("$[{i}]{dot}{field}"),
            Place::Line(n) if field.is_empty() => format!("line {n}"),
            Place::Line(n) => format!("line {n}, {field}"),
        }
    }
}

/// What reading has found so far.
#[derive(Default)]
struct Reader {
    list: Vec<Submission>,
    problems: Vec<Problem>,
    /// Each id kept, with the place of its entry.
    seen: HashMap<String, String>,
}

/// A field's value was of the wrong kind: the field's dotted path and what was found.
struct Wrong {
    field: String,
    reason: Why,
}

impl Reader {
    fn problem(&mut self, path: String, reason: Why) {
        self.problems.push(Problem { path, reason });
    }

    /// Keeps `s`, found at `place`, unless its id was seen.
    fn keep(&mut self, place: &Place, s: Submission) {
        let here = place.path("");
        if let Some(first) = self.seen.get(&s.id) {
            let reason = Why::Again {
                id: format!("{:?}", s.id),
                first: first.clone(),
            };
            self.problem(here, reason);
            return;
        }
        self.seen.insert(s.id.clone(), here);
        self.list.push(s);
    }

    /// Reads one JSON entry at `place`: a note or a flat entry.
    fn entry(&mut self, place: Place, value: &Value) {
        let Some(entry) = value.as_object() else {
            let reason = Why::NotObject(kind(value));
            return self.problem(place.path(""), reason);
        };
        match submission(&place, entry) {
            Ok(s) => self.keep(&place, s),
            Err(w) => self.problem(place.path(&w.field), w.reason),
        }
    }

    /// Reads JSON lines: each line that is not blank one entry.
    fn json_lines(&mut self, text: &str) {
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let place = Place::Line(i + 1);
            match serde_json::from_str::<Value>(line) {
                Ok(value) => self.entry(place, &value),
                Err(e) => {
                    let reason = Why::NotJson(e.to_string());
                    self.problem(place.path(""), reason);
                }
            }
        }
    }

    /// Reads CSV with a header row naming the columns.
    fn csv(&mut self, text: &str) -> Result<(), BatchError> {
        let mut csv = ::csv::ReaderBuilder::new()
            .flexible(true)
            .from_reader(text.as_bytes());
        let header = csv.headers().map_err(|e| BatchError::Csv(e.to_string()))?;
        let column = |names: &[&str]| {
            (header.iter())
                .position(|h| names.contains(&export_text(h).trim().to_lowercase().as_str()))
        };
        let (Some(id), Some(title)) = (column(&["id"]), column(&["title"])) else {
            let first: String = text.lines().next().unwrap_or("").chars().take(80).collect();
            return Err(BatchError::Unrecognised { first });
        };
        let summary = column(&["abstract"]);
        let authors = column(&["authors"]);
        let ids = column(&["authorids", "author_ids"]);
        for record in csv.records() {
            let record = match record {
                Ok(r) => r,
                Err(e) => {
                    let line = e.position().map_or(0, |p| line_at(text, p.byte()));
                    self.problem(Place::Line(line).path(""), Why::Csv(e.to_string()));
                    continue;
                }
            };
            let place = Place::Line(record.position().map_or(0, |p| line_at(text, p.byte())));
            let cell = |i: Option<usize>| clean(i.and_then(|i| record.get(i)).unwrap_or(""));
            let list = |i: Option<usize>| names(&cell(i));
            let s = Submission {
                id: cell(Some(id)),
                title: cell(Some(title)),
                abstract_text: cell(summary),
                authors: list(authors),
                author_ids: list(ids),
            };
            if s.id.is_empty() {
                self.problem(place.path("id"), Why::NoId);
            } else if s.title.is_empty() {
                self.problem(place.path("title"), Why::NoTitle);
            } else {
                self.keep(&place, s);
            }
        }
        Ok(())
    }
}

/// The line, from 1, of the record that starts at `byte` of `text` (the csv crate's own line
/// count is one short after a CRLF: a record's start is the `\n` of the line end before it).
fn line_at(text: &str, byte: u64) -> usize {
    let bytes = text.as_bytes();
    let mut at = (byte as usize).min(bytes.len());
    while bytes.get(at).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
        at += 1;
    }
    1 + bytes[..at].iter().filter(|&&b| b == b'\n').count()
}

/// The submission of a JSON `entry` at `place`, or the field that keeps it out.
fn submission(place: &Place, entry: &Map<String, Value>) -> Result<Submission, Wrong> {
    let (fields, prefix) = match entry.get("content") {
        Some(Value::Object(content)) => (content, "content."),
        Some(other) if !other.is_null() => {
            return Err(Wrong {
                field: "content".into(),
                reason: Why::NotObject(kind(other)),
            });
        }
        _ => (entry, ""),
    };
    let field = |name: &str| format!("{prefix}{name}");
    let id = match entry.get("id").map(unwrap) {
        None | Some(Value::Null) => match place {
            Place::Key(k) => clean(k),
            _ => String::new(),
        },
        Some(Value::Number(n)) if n.is_u64() || n.is_i64() => n.to_string(),
        Some(v) => text(v, "id")?,
    };
    if id.is_empty() {
        return Err(Wrong {
            field: "id".into(),
            reason: Why::NoId,
        });
    }
    let title = optional_text(fields.get("title"), &field("title"))?;
    if title.is_empty() {
        return Err(Wrong {
            field: field("title"),
            reason: Why::NoTitle,
        });
    }
    Ok(Submission {
        id,
        title,
        abstract_text: optional_text(fields.get("abstract"), &field("abstract"))?,
        authors: list(fields.get("authors"), &field("authors"))?,
        author_ids: match fields.get("authorids") {
            Some(v) => list(Some(v), &field("authorids"))?,
            None => list(fields.get("author_ids"), &field("author_ids"))?,
        },
    })
}

/// An API-v2 field's value (`{"value": …}`), or the field as it is.
fn unwrap(v: &Value) -> &Value {
    match v {
        Value::Object(o) if o.len() == 1 => o.get("value").unwrap_or(v),
        _ => v,
    }
}

/// A text value (unwrapped) as it is, if it is one.
fn text_of(v: &Value) -> Option<&str> {
    unwrap(v).as_str()
}

/// The text at `field`, cleaned; any other kind of value is wrong.
fn text(v: &Value, field: &str) -> Result<String, Wrong> {
    match text_of(v) {
        Some(t) => Ok(clean(t)),
        None => Err(Wrong {
            field: field.to_owned(),
            reason: Why::NotText(kind(unwrap(v))),
        }),
    }
}

/// [`text`], empty when the field is missing or null.
fn optional_text(v: Option<&Value>, field: &str) -> Result<String, Wrong> {
    match v.map(unwrap) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(v) => text(v, field),
    }
}

/// A list of texts (names or ids): a JSON list of texts, or one text separated by `;`; empty
/// when missing or null.
fn list(v: Option<&Value>, field: &str) -> Result<Vec<String>, Wrong> {
    match v.map(unwrap) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => Ok(names(&clean(s))),
        Some(Value::Array(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let t = text(item, &format!("{field}[{i}]"))?;
                if !t.is_empty() {
                    out.push(t);
                }
            }
            Ok(out)
        }
        Some(other) => Err(Wrong {
            field: field.to_owned(),
            reason: Why::NotList(kind(other)),
        }),
    }
}

/// `text` without invisible and control characters (as the exports write it) and without the
/// white space around it.
fn clean(text: &str) -> String {
    export_text(text).trim().to_owned()
}

/// The names of a cell separated by `;`, each trimmed, the empty left out.
fn names(cell: &str) -> Vec<String> {
    (cell.split(';'))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A JSON value's kind, for a problem's reason.
fn kind(v: &Value) -> ValueKind {
    match v {
        Value::Null => ValueKind::Null,
        Value::Bool(b) => ValueKind::Boolean(*b),
        Value::Number(n) => ValueKind::Number(n.to_string()),
        Value::String(_) => ValueKind::Text,
        Value::Array(_) => ValueKind::List,
        Value::Object(_) => ValueKind::Object,
    }
}
