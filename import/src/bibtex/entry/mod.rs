//! Reading a `.bib` file: BibTeX text → [`BibEntry`] values of plain Unicode text, and a
//! problem for each part of the file that cannot be read. Never all or nothing: a broken entry
//! is one problem, with its line and reason, and the rest of the file is read.
//!
//! Two stages, the way biber and bibtex-ruby (jekyll-scholar) read a file. First
//! [`chunks::split`] cuts the file into its top-level `@type{…}` pieces, ignoring the text
//! between them (a Jekyll front-matter block, prose, `%` comments); `@comment` and `@preamble`
//! are skipped. Then the `biblatex` crate parses each piece on its own and resolves it: fields,
//! `@string` abbreviations (those defined before the entry, as BibTeX applies them; an
//! undefined one reads as its own name, with a note), `crossref`s, and most LaTeX accents
//! (`M{\"u}ller` → `Müller`, `--` → `–`). The crate parses one piece at a time rather than the
//! whole file because it refuses a whole file for one error or one repeated key. A field the
//! crate cannot decode (an unclosed `$` in an abstract) is left out with a note, unless the
//! entry cannot do without it (title, author, year). What LaTeX and web markup the crate
//! leaves is removed by [`text`], so nothing downstream ever sees either.
//!
//! A key used twice is one entry when both are the same paper (same title: the fuller one is
//! kept, the other's missing fields added), else two, the second renamed `KEY-2`; either way
//! the file's reader is told ([`Read::repeats`]). Nothing is judged here: whether an entry is a
//! paper the directory can take is decided by [`super::paper`].
//!
//! Each stage is its own module: [`parse`](mod@parse) the first (pieces and `@string` definitions
//! as the crate parses them), [`resolve`] the second (abbreviations, crossrefs, fields the crate
//! cannot decode); [`authors`](mod@authors) reads the author list, [`repeats`] makes each key one
//! entry. What is here is what a file becomes: the entries, the problems, and each entry's fields
//! as text.

mod authors;
mod macros;
mod parse;
mod repeats;
mod resolve;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use biblatex::{ChunksRef, Entry, RawChunk, RawEntry};

use super::chunks::{self, Lines, Piece};
use super::text;
use authors::authors;
use parse::{Raw, parse};
use repeats::one_per_key;

/// One entry of the file, its fields decoded to plain text. Absent or empty fields are `None`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BibEntry {
    /// The citation key, e.g. `DBLP:conf/nsdi/YangWLCBKZLMSS23` (`KEY-2` for the second of
    /// two different papers under one key).
    pub key: String,
    /// The line the entry starts on, counting from 1.
    pub line: usize,
    /// The entry type as written, lowercased, e.g. `inproceedings`, `conference`.
    pub kind: String,
    /// Authors in order, "Given Family" (dblp's homonym numbers such as `0001` removed).
    pub authors: Vec<String>,
    /// True when the list ends in `and others` or `et al.` (Google Scholar's "et al.").
    pub more_authors: bool,
    /// Every other field with a text value, by lowercase field name.
    pub fields: HashMap<String, String>,
    /// What reading changed and the maintainer should know (a field left out, a macro read
    /// as text).
    pub notes: Vec<String>,
}

impl BibEntry {
    /// A field's text, if present and not blank.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.fields.get(field).map(String::as_str)
    }
}

pub use crate::error::BibError;

/// What a file holds: the entries read, and what could not be read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Read {
    /// The entries, in file order, each key once.
    pub entries: Vec<BibEntry>,
    /// The pieces that could not be read, in file order; each was left out, the rest read.
    pub problems: Vec<BibError>,
    /// Keys used more than once and what was made of them, e.g. "key a on line 1 and line 9:
    /// the same paper, read once".
    pub repeats: Vec<String>,
}

/// The line each of `entries` starts on, by key.
pub fn lines(entries: &[BibEntry]) -> std::collections::BTreeMap<String, usize> {
    entries.iter().map(|e| (e.key.clone(), e.line)).collect()
}

/// Fields whose value is an identifier or address, kept character for character.
const VERBATIM: [&str; 5] = ["doi", "eprint", "url", "archiveprefix", "pdf"];

/// Link fields that the crate would decode as text (`--` → `–`, `~` → space): read from the
/// file as written. Themes such as al-folio add them.
const AS_WRITTEN: [&str; 10] = [
    "arxiv", "blog", "code", "html", "poster", "slides", "supp", "video", "website", "biburl",
];

/// Reads a whole file. Only a file with no entry at all (empty, prose, not BibTeX) is refused.
pub fn read(source: &str) -> Result<Read, BibError> {
    let source = source
        .trim_start_matches('\u{feff}')
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let source = text::accented_dotless(&source);
    let split = chunks::split(&source);
    let mut problems: Vec<BibError> = split
        .strays
        .iter()
        .map(|(line, kind)| BibError {
            line: *line,
            key: None,
            message: format!("@{kind} with no {{ after it; not read as an entry"),
        })
        .collect();
    let is_entry = |p: &Piece| !matches!(p.kind.as_str(), "string" | "comment" | "preamble");
    if !split.pieces.iter().any(is_entry) {
        return Err(problems.into_iter().next().unwrap_or_else(|| BibError {
            line: 1,
            key: None,
            message: if source.trim().is_empty() {
                "the file is empty".into()
            } else {
                "no BibTeX entry found (an entry starts with @type{key, …})".into()
            },
        }));
    }
    let lines = Lines::new(&split.text);
    let parsed = parse(&split, &lines, &mut problems);
    let entries = parsed.resolve(&lines, &mut problems);
    problems.sort_by_key(|p| p.line);
    let (entries, repeats) = one_per_key(entries);
    Ok(Read {
        entries,
        problems,
        repeats,
    })
}

/// The resolved entry as plain text.
fn decode(
    mut entry: Entry,
    raw: &Raw<'_>,
    mut notes: Vec<String>,
) -> Result<BibEntry, (usize, String)> {
    let (authors, more_authors) =
        authors(&mut entry, &mut notes).map_err(|e| (raw.line, format!("author: {e}")))?;
    let mut fields = HashMap::new();
    for (name, chunks) in &entry.fields {
        let text = if name == "author" {
            continue;
        } else if AS_WRITTEN.contains(&name.as_str()) {
            text::verbatim(&as_written(&raw.entry.v, name).unwrap_or_else(|| joined(chunks)))
        } else if VERBATIM.contains(&name.as_str()) {
            text::verbatim(&joined(chunks))
        } else {
            text::plain(chunks)
        };
        if !text.is_empty() {
            fields.insert(name.clone(), text);
        }
    }
    Ok(BibEntry {
        key: entry.key.clone(),
        line: raw.line,
        kind: raw.entry.v.kind.v.to_lowercase(),
        authors,
        more_authors,
        fields,
        notes,
    })
}

/// A field's text as the crate decoded it, markup and all.
fn joined(chunks: ChunksRef<'_>) -> String {
    chunks.iter().map(|c| c.v.get()).collect()
}

/// A field's text exactly as the file writes it, when it is plain braces or quotes.
fn as_written(entry: &RawEntry<'_>, name: &str) -> Option<String> {
    let pair = entry
        .fields
        .iter()
        .find(|p| p.key.v.eq_ignore_ascii_case(name))?;
    pair.value
        .v
        .iter()
        .map(|c| match c.v {
            RawChunk::Normal(s) => Some(s),
            RawChunk::Abbreviation(_) => None,
        })
        .collect()
}
