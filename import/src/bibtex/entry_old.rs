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

use std::collections::{HashMap, HashSet};

use biblatex::{Bibliography, ChunksRef, Entry, ParseError, RawBibliography, RawChunk, Spanned};
use biblatex::{Chunk, Pair, RawEntry};

use super::chunks::{self, Lines, Piece};
use super::text;
use crate::names::match_key;

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

/// Fields whose value is an identifier or address, kept character for character.
const VERBATIM: [&str; 5] = ["doi", "eprint", "url", "archiveprefix", "pdf"];

/// Link fields that the crate would decode as text (`--` → `–`, `~` → space): read from the
/// file as written. Themes such as al-folio add them.
const AS_WRITTEN: [&str; 10] = [
    "arxiv", "blog", "code", "html", "poster", "slides", "supp", "video", "website", "biburl",
];

/// How deep braces may nest in one entry. The crate reads nested commands (`\\emph{\\textbf{…}}`)
/// by recursion, so a file nesting thousands deep would overflow the stack; real entries nest a
/// few levels.
const MAX_DEPTH: usize = 64;

/// Fields an entry cannot be read without: when one cannot be decoded the entry is a problem,
/// where any other such field is left out.
const ESSENTIAL: [&str; 4] = ["title", "author", "year", "date"];

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

/// The file's entries and `@string` definitions as the crate parses them, before anything is
/// resolved.
struct Parsed<'s> {
    /// Every definition, in file order.
    strings: Vec<Pair<'s>>,
    entries: Vec<Raw<'s>>,
}

/// An entry as parsed, before its abbreviations and crossref are resolved.
struct Raw<'s> {
    entry: Spanned<RawEntry<'s>>,
    line: usize,
    /// How many `@string` definitions come before it.
    strings: usize,
}

/// The first stage: each piece parsed on its own; one that cannot be is a problem.
fn parse<'s>(split: &'s chunks::Split, lines: &Lines, problems: &mut Vec<BibError>) -> Parsed<'s> {
    let mut parsed = Parsed {
        strings: Vec::new(),
        entries: Vec::new(),
    };
    for piece in &split.pieces {
        let body = &split.text[piece.start..piece.end];
        let is_string = piece.kind == "string";
        let mut problem = |message: String, at: usize| {
            problems.push(BibError {
                line: lines.line_of(piece.start + at),
                key: key_of(body).filter(|_| !is_string),
                message,
            });
        };
        if piece.kind == "comment" || piece.kind == "preamble" {
            continue;
        }
        if piece.depth > MAX_DEPTH {
            problem(format!("braces nested more than {MAX_DEPTH} deep"), 0);
            continue;
        }
        if !piece.closed {
            let before = if piece.end < split.text.len() {
                format!("before line {}", lines.line_of(piece.end))
            } else {
                "before the end of the file".into()
            };
            let what = if is_string {
                "this @string"
            } else {
                "the entry"
            };
            problem(format!("{what} is not closed: a }} is missing {before}"), 0);
            continue;
        }
        let raw = match RawBibliography::parse(body) {
            Ok(raw) => raw,
            Err(e) if is_string => {
                problem(format!("@string: {}", e.kind), e.span.start);
                continue;
            }
            Err(e) => {
                problem(e.kind.to_string(), e.span.start);
                continue;
            }
        };
        for mut pair in raw.abbreviations {
            shift_pair(&mut pair, piece.start);
            match check_definition(&pair, &parsed.strings) {
                Ok(()) => parsed.strings.push(pair),
                Err(e) => problem(
                    format!(
                        "@string {}: {}; where it is used it reads as its name",
                        pair.key.v,
                        reason(&e)
                    ),
                    e.span.start.saturating_sub(piece.start),
                ),
            }
        }
        for mut entry in raw.entries {
            shift_entry(&mut entry, piece.start);
            if entry.v.key.v.trim().is_empty() {
                problem("no citation key".into(), 0);
                continue;
            }
            parsed.entries.push(Raw {
                entry,
                line: piece.line,
                strings: parsed.strings.len(),
            });
        }
    }
    parsed
}

/// Whether a `@string` definition's text can be decoded, with the definitions before it: one
/// that cannot is reported where it is, once, rather than in every entry that uses it.
fn check_definition<'s>(pair: &Pair<'s>, before: &[Pair<'s>]) -> Result<(), ParseError> {
    let at = pair.key.span.clone();
    let probe = RawEntry {
        key: Spanned::new("string", at.clone()),
        kind: Spanned::new("misc", at.clone()),
        fields: vec![Pair::new(Spanned::new("note", at), pair.value.clone())],
    };
    let (abbreviations, _) = macros(&[&probe], before);
    let bibliography = RawBibliography {
        preamble: String::new(),
        entries: vec![Spanned::new(probe, pair.value.span.clone())],
        abbreviations,
    };
    Bibliography::from_raw(bibliography).map(|_| ())
}

impl Parsed<'_> {
    /// The second stage: each entry resolved and decoded on its own, with the definitions
    /// before it and its crossref; one that cannot be is a problem.
    fn resolve(&self, lines: &Lines, problems: &mut Vec<BibError>) -> Vec<BibEntry> {
        let mut first: HashMap<&str, usize> = HashMap::new();
        for (i, raw) in self.entries.iter().enumerate() {
            first.entry(raw.entry.v.key.v).or_insert(i);
        }
        let mut entries = Vec::new();
        for raw in &self.entries {
            let key = raw.entry.v.key.v;
            let parent = crossref(&raw.entry.v)
                .and_then(|target| first.get(target.as_str()))
                .map(|&i| &self.entries[i].entry)
                .filter(|p| p.v.key.v != key);
            let strings = &self.strings[..raw.strings];
            match resolve(raw, parent, strings, lines).and_then(|(e, notes)| decode(e, raw, notes))
            {
                Ok(e) => entries.push(e),
                Err((line, message)) => problems.push(BibError {
                    line,
                    key: Some(key.to_owned()),
                    message,
                }),
            }
        }
        entries
    }
}

/// The key after `@type{` in a piece, when there is one.
fn key_of(body: &str) -> Option<String> {
    let open = body.find('{')?;
    let key = body[open + 1..].split([',', '}', '\n']).next()?.trim();
    (!key.is_empty()).then(|| key.to_owned())
}

/// Moves a piece's spans to where the piece is in the file.
fn shift_entry(entry: &mut Spanned<RawEntry<'_>>, by: usize) {
    entry.span = entry.span.start + by..entry.span.end + by;
    let e = &mut entry.v;
    e.key.span = e.key.span.start + by..e.key.span.end + by;
    e.kind.span = e.kind.span.start + by..e.kind.span.end + by;
    for pair in &mut e.fields {
        shift_pair(pair, by);
    }
}

fn shift_pair(pair: &mut Pair<'_>, by: usize) {
    pair.key.span = pair.key.span.start + by..pair.key.span.end + by;
    pair.value.span = pair.value.span.start + by..pair.value.span.end + by;
    for chunk in &mut pair.value.v {
        chunk.span = chunk.span.start + by..chunk.span.end + by;
    }
}

/// The key a `crossref` field names.
fn crossref(entry: &RawEntry<'_>) -> Option<String> {
    let pair = entry
        .fields
        .iter()
        .find(|p| p.key.v.eq_ignore_ascii_case("crossref"))?;
    let key: String = pair
        .value
        .v
        .iter()
        .map(|c| match c.v {
            RawChunk::Normal(s) | RawChunk::Abbreviation(s) => s,
        })
        .collect();
    Some(key.trim().to_owned())
}

/// The entry with its abbreviations and crossref resolved by the crate, and notes on what was
/// left out; or the line and reason it cannot be read.
fn resolve(
    raw: &Raw<'_>,
    parent: Option<&Spanned<RawEntry<'_>>>,
    strings: &[Pair<'_>],
    lines: &Lines,
) -> Result<(Entry, Vec<String>), (usize, String)> {
    let mut entry = raw.entry.clone();
    let mut parent = parent.cloned();
    // The crate follows `crossref` and `xdata` within what it is given, recursively: only the
    // child's crossref to its distinct parent is kept, so no reference can loop.
    let follows = |p: &Pair<'_>, crossref: bool| {
        p.key.v.eq_ignore_ascii_case("xdata")
            || (!crossref && p.key.v.eq_ignore_ascii_case("crossref"))
    };
    let has_parent = parent.is_some();
    entry.v.fields.retain(|p| !follows(p, has_parent));
    if let Some(p) = &mut parent {
        p.v.fields.retain(|p| !follows(p, false));
    }
    let mut notes = Vec::new();
    // Each round leaves out one field or the crossref, so this ends.
    loop {
        let users: Vec<&RawEntry<'_>> = std::iter::once(&entry.v)
            .chain(parent.as_ref().map(|p| &p.v))
            .collect();
        let (abbreviations, macro_notes) = macros(&users, strings);
        let bibliography = RawBibliography {
            preamble: String::new(),
            entries: std::iter::once(entry.clone())
                .chain(parent.clone())
                .collect(),
            abbreviations,
        };
        let error = match Bibliography::from_raw(bibliography) {
            Ok(b) => {
                let key = entry.v.key.v;
                let resolved = b.into_vec().into_iter().find(|e| e.key == key);
                return match resolved {
                    Some(e) => {
                        notes.extend(macro_notes);
                        Ok((e, notes))
                    }
                    None => Err((raw.line, "could not be read".into())),
                };
            }
            Err(e) => e,
        };
        let at = error.span.start;
        let within = |span: &std::ops::Range<usize>| span.start <= at && at <= span.end;
        let reason = reason(&error);
        if let Some(p) = parent.take_if(|p| within(&p.span) || !within(&entry.span)) {
            notes.push(format!(
                "crossref {} could not be read ({reason}); nothing was taken from it",
                p.v.key.v
            ));
            continue;
        }
        let line = if within(&entry.span) {
            lines.line_of(at)
        } else {
            raw.line
        };
        let Some(i) = entry.v.fields.iter().position(|f| within(&f.value.span)) else {
            return Err((line, reason));
        };
        let name = entry.v.fields[i].key.v.to_ascii_lowercase();
        if ESSENTIAL.contains(&name.as_str()) {
            return Err((line, format!("{name}: {reason}")));
        }
        notes.push(format!(
            "field {name} (line {line}) could not be read ({reason}); left out"
        ));
        entry.v.fields.remove(i);
    }
}

/// The crate's reason, in the words a maintainer needs for a field's text.
fn reason(error: &ParseError) -> String {
    match &error.kind {
        biblatex::ParseErrorKind::UnexpectedEof => "a $ or a brace is not closed".to_owned(),
        kind => kind.to_string(),
    }
}

/// The `@string` definitions `entries` use, looked up the way BibTeX does (the last definition
/// before the entry; names in any case), with notes for those read as text: a name never
/// defined, or one whose definition refers back to itself. Month names (`jun`) are the crate's.
fn macros<'s>(entries: &[&RawEntry<'s>], strings: &[Pair<'s>]) -> (Vec<Pair<'s>>, Vec<String>) {
    let mut defined = Macros {
        strings,
        out: Vec::new(),
        notes: Vec::new(),
        done: HashSet::new(),
        open: Vec::new(),
    };
    for entry in entries {
        for pair in &entry.fields {
            defined.add_used(&pair.value.v);
        }
    }
    (defined.out, defined.notes)
}

struct Macros<'a, 's> {
    strings: &'a [Pair<'s>],
    out: Vec<Pair<'s>>,
    notes: Vec<String>,
    done: HashSet<&'s str>,
    /// The definitions being expanded, to catch one that refers to itself.
    open: Vec<&'s str>,
}

impl<'s> Macros<'_, 's> {
    fn add_used(&mut self, value: &[Spanned<RawChunk<'s>>]) {
        for chunk in value {
            if let RawChunk::Abbreviation(name) = chunk.v {
                self.add(name, &chunk.span);
            }
        }
    }

    fn add(&mut self, name: &'s str, used_at: &std::ops::Range<usize>) {
        if self.done.contains(name) {
            return;
        }
        let definition = self
            .strings
            .iter()
            .rev()
            .find(|p| p.key.v == name)
            .or_else(|| {
                self.strings
                    .iter()
                    .rev()
                    .find(|p| p.key.v.eq_ignore_ascii_case(name))
            });
        let as_text = |span: &std::ops::Range<usize>| {
            Pair::new(
                Spanned::new(name, span.clone()),
                Spanned::new(
                    vec![Spanned::new(RawChunk::Normal(name), span.clone())],
                    span.clone(),
                ),
            )
        };
        match definition {
            None if is_month(name) => {}
            None => {
                self.notes.push(format!(
                    "@string {name} is not defined before this entry; read as the text {name:?}"
                ));
                self.out.push(as_text(used_at));
            }
            Some(_) if self.open.contains(&name) || self.open.len() > 16 => {
                self.notes.push(format!(
                    "@string {name} refers to itself; read as the text {name:?}"
                ));
                self.out.push(as_text(used_at));
            }
            Some(definition) => {
                self.open.push(name);
                self.add_used(&definition.value.v);
                self.open.pop();
                // A cycle through this name has already given it a text value.
                if self.done.contains(name) {
                    return;
                }
                self.out.push(Pair::new(
                    Spanned::new(name, used_at.clone()),
                    definition.value.clone(),
                ));
            }
        }
        self.done.insert(name);
    }
}

/// `jan` … `dec`, which the crate resolves itself.
fn is_month(name: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    MONTHS.iter().any(|m| m.eq_ignore_ascii_case(name))
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

/// Authors in order, and whether the list says there are more (`and others`, `and {others}`,
/// `et al.`). Web markup and formatting commands (`\textbf{Ann Lee}`, `<b>…</b>`, a
/// homepage's way of marking its owner) go before the list is split into names; a list
/// wrapped in double braces is unwrapped when it names several people
/// ([`unwrap_braced_list`]), and one written with commas (`A, B, and C`) is split at them
/// ([`is_comma_list`]), each with a note.
fn authors(
    entry: &mut Entry,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, bool), biblatex::TypeError> {
    let Some(chunks) = entry.get("author") else {
        return Ok((Vec::new(), false));
    };
    let mut chunks: Vec<Spanned<Chunk>> = chunks
        .iter()
        .map(|c| {
            let v = match &c.v {
                Chunk::Normal(s) => Chunk::Normal(text::web(&text::without_commands(s))),
                Chunk::Verbatim(s) => Chunk::Verbatim(text::web(s)),
                Chunk::Math(s) => Chunk::Math(s.clone()),
            };
            Spanned::new(v, c.span.clone())
        })
        .collect();
    let mut more = false;
    if let Some(Spanned {
        v: Chunk::Normal(last),
        ..
    }) = chunks.last_mut()
        && let Some(rest) = without_et_al(last)
    {
        *last = rest;
        more = true;
    }
    if let Some(n) = unwrap_braced_list(&mut chunks) {
        notes.push(format!(
            "the author list is wrapped in double braces, as one name; read as its {n} names"
        ));
    }
    let normal: String = chunks
        .iter()
        .filter_map(|c| match &c.v {
            Chunk::Normal(s) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    if is_comma_list(&normal) {
        for chunk in &mut chunks {
            if let Chunk::Normal(s) = &mut chunk.v {
                *s = s.replace(", and ", " and ").replace(',', " and ");
            }
        }
        notes.push(
            "the authors are a list with commas (A, B, and C); read one name between each".into(),
        );
    } else {
        // A stray comma before an `and` would read as an empty first name.
        for chunk in &mut chunks {
            if let Chunk::Normal(s) = &mut chunk.v {
                *s = s.replace(", and ", " and ");
            }
        }
    }
    entry.set("author", chunks);
    let people = match entry.author() {
        Ok(people) => people,
        Err(biblatex::RetrievalError::Missing(_)) => Vec::new(),
        Err(biblatex::RetrievalError::TypeError(e)) => return Err(e),
    };
    let mut names = Vec::new();
    for person in &people {
        let name = person_name(person);
        let lower = name.to_lowercase();
        if lower == "others" || lower.trim_end_matches('.') == "et al" {
            more = true;
        } else if !name.is_empty() {
            names.push(name);
        }
    }
    Ok((names, more))
}

/// Whether an author list is written with commas between names ("A, B, and C", "A, B, C")
/// rather than BibTeX's `and`s. The list is first split at " and ", as BibTeX does; it is a
/// comma list only when a piece cannot be one "Last, First" name:
///
/// - a piece with two commas or more ("A, B, C"), unless the middle one is a suffix
///   ("King, Jr., Martin", BibTeX's "Last, Jr, First");
/// - a piece with one comma that ends in ", and" ("Ann Lee, Bo Chen, and Cy Dee") while no
///   other piece has a comma: the other names are written "First Last", so this one is two.
///
/// So "Lee*, Ann and Chen*, Bo, and Dee, Cy" (a stray comma before an `and`) is three names
/// "Last, First", as BibTeX reads it.
fn is_comma_list(list: &str) -> bool {
    let lower = list.to_ascii_lowercase();
    let pieces: Vec<(&str, bool)> = lower
        .split(" and ")
        .map(|p| {
            let p = p.trim();
            match p.strip_suffix(',') {
                Some(rest) => (rest.trim_end(), true),
                None => (p, false),
            }
        })
        .collect();
    let commas = |p: &str| p.matches(',').count();
    let suffixed = |p: &str| {
        let parts: Vec<&str> = p.split(',').map(str::trim).collect();
        parts.len() == 3 && ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"].contains(&parts[1])
    };
    let several = pieces.iter().any(|(p, _)| commas(p) >= 2 && !suffixed(p));
    let before_and = pieces.iter().enumerate().any(|(i, (p, trailing))| {
        *trailing
            && commas(p) == 1
            && pieces
                .iter()
                .enumerate()
                .all(|(j, (q, _))| j == i || commas(q) == 0)
    });
    several || before_and
}

/// A whole list wrapped in a second pair of braces (`{{Ann Lee and Bo Chen and Cy Dee}}`),
/// which BibTeX reads as one name: unwrapped when what is inside reads as several people —
/// three names or more, or two of two words or more each, every word of a name capitalized
/// (but particles such as "van", "de") — so that a corporate author such as `{{Barnes and
/// Noble}}` or `{{Ministry of Health and Social Affairs}}` stays one name. The number of
/// names, when unwrapped.
fn unwrap_braced_list(chunks: &mut [Spanned<Chunk>]) -> Option<usize> {
    let mut braced = chunks
        .iter()
        .enumerate()
        .filter(|(_, c)| !matches!(&c.v, Chunk::Normal(s) if s.trim().is_empty()));
    let (at, only) = braced.next()?;
    if braced.next().is_some() {
        return None;
    }
    let Chunk::Verbatim(inner) = only.v.clone() else {
        return None;
    };
    if inner.contains(['{', '}']) {
        return None;
    }
    let names: Vec<&str> = inner.split(" and ").map(str::trim).collect();
    const PARTICLES: [&str; 12] = [
        "van", "von", "der", "den", "de", "da", "di", "du", "del", "dos", "la", "le",
    ];
    let plausible = |name: &str| {
        let words: Vec<&str> = name
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        (1..=5).contains(&words.len())
            && words.iter().all(|w| {
                !w.chars().any(|c| c.is_ascii_digit())
                    && (w.starts_with(char::is_uppercase) || PARTICLES.contains(w))
            })
    };
    let words = |name: &str| name.split_whitespace().count();
    let several = names.len() >= 3 || (names.len() == 2 && names.iter().all(|n| words(n) >= 2));
    if !several || !names.iter().all(|n| plausible(n)) {
        return None;
    }
    let n = names.len();
    chunks[at].v = Chunk::Normal(inner);
    Some(n)
}

/// `A and B et al.` → `A and B`; `A and et al.` → `A`.
fn without_et_al(list: &str) -> Option<String> {
    let trimmed = list.trim_end();
    let lower = trimmed.to_ascii_lowercase();
    let cut = ["et al.", "et al", "et~al.", "et~al", "et. al."]
        .iter()
        .find(|p| lower.ends_with(*p))
        .map(|p| trimmed.len() - p.len())?;
    let rest = trimmed[..cut].trim_end().trim_end_matches(',').trim_end();
    let rest = match rest.len().checked_sub(4) {
        Some(at) if rest.is_char_boundary(at) && rest[at..].eq_ignore_ascii_case(" and") => {
            &rest[..at]
        }
        _ => rest,
    };
    Some(rest.to_owned())
}

/// "Given prefix Family suffix", without dblp's trailing homonym number (`Wei Wang 0001`).
fn person_name(p: &biblatex::Person) -> String {
    let parts = [&p.given_name, &p.prefix, &p.name, &p.suffix];
    let joined = parts
        .iter()
        .map(|s| text::name_part(s))
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    match joined.rsplit_once(' ') {
        Some((rest, last)) if last.len() == 4 && last.bytes().all(|b| b.is_ascii_digit()) => {
            rest.to_owned()
        }
        _ => joined,
    }
}

/// Each key once: a repeat of the same paper (same title) is merged into the first, a
/// different paper under the same key is renamed `KEY-2`, `KEY-3`.
fn one_per_key(entries: Vec<BibEntry>) -> (Vec<BibEntry>, Vec<String>) {
    let taken: HashSet<String> = entries.iter().map(|e| e.key.clone()).collect();
    let mut used: HashSet<String> = HashSet::new();
    let mut out: Vec<BibEntry> = Vec::new();
    // By key: the first line it is used on, and the entries read under it.
    let mut by_key: HashMap<String, (usize, Vec<usize>)> = HashMap::new();
    let mut repeats = Vec::new();
    for mut e in entries {
        let Some((first_line, earlier)) = by_key.get(&e.key) else {
            used.insert(e.key.clone());
            by_key.insert(e.key.clone(), (e.line, vec![out.len()]));
            out.push(e);
            continue;
        };
        let first_line = *first_line;
        let same = earlier.iter().copied().find(|&i| same_paper(&out[i], &e));
        if let Some(i) = same {
            repeats.push(format!(
                "key {} on line {first_line} and line {}: the same paper, read once",
                e.key, e.line
            ));
            let first = std::mem::take(&mut out[i]);
            // The key it is read under (`KEY-2` when the one it repeats was renamed).
            let key = first.key.clone();
            out[i] = BibEntry {
                key,
                ..merged(first, e)
            };
            continue;
        }
        let key = e.key.clone();
        let renamed = (2..)
            .map(|n| format!("{key}-{n}"))
            .find(|k| !taken.contains(k) && !used.contains(k))
            .expect("a free key");
        repeats.push(format!(
            "key {key} on line {first_line} and line {}: two different papers; the one on line {} is read as {renamed}",
            e.line, e.line
        ));
        used.insert(renamed.clone());
        e.key = renamed;
        by_key.get_mut(&key).expect("seen").1.push(out.len());
        out.push(e);
    }
    (out, repeats)
}

fn same_paper(a: &BibEntry, b: &BibEntry) -> bool {
    match (a.get("title"), b.get("title")) {
        (Some(x), Some(y)) => !match_key(x).is_empty() && match_key(x) == match_key(y),
        _ => false,
    }
}

/// The fuller of two entries for one paper, with the fields only the other has; the first's
/// key and place.
fn merged(first: BibEntry, second: BibEntry) -> BibEntry {
    let size = |e: &BibEntry| e.fields.len() + usize::from(!e.authors.is_empty());
    let (mut kept, other) = if size(&second) > size(&first) {
        (second, first)
    } else {
        (first, second)
    };
    if kept.authors.is_empty() {
        kept.authors = other.authors;
        kept.more_authors = other.more_authors;
    }
    for (name, value) in other.fields {
        kept.fields.entry(name).or_insert(value);
    }
    kept.notes.extend(other.notes);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(bib: &str) -> BibEntry {
        let read = read(bib).expect("parses");
        assert_eq!(read.problems, []);
        assert_eq!(read.entries.len(), 1);
        read.entries.into_iter().next().unwrap()
    }

    #[test]
    fn latex_accents_braces_and_dashes_become_unicode() {
        let e = one(r#"@article{k,
          author = {J{\"{o}}rg M{\"u}ller and Fran{\c{c}}ois Fran\c cois and {\O}ystein S{\o}rensen
                    and Ren{\'e}e van der Berg and Jos\'{e} Garc\'ia and \v{S}imon {\L}ukasz
                    and Wei{-}Lin Chiang and Luan, Frank Sifei and {Frank Sifei Luan} and Wei Wang 0001},
          title = {{SkyPilot}: An Intercloud Broker for Sky~Computing---\emph{Fast} $k$-means, 50\% \& more},
          pages = {437--455},
          year = 2023,
        }"#);
        assert_eq!(
            e.authors,
            [
                "Jörg Müller",
                "François François",
                "Øystein Sørensen",
                "Renée van der Berg",
                "José García",
                "Šimon Łukasz",
                "Wei-Lin Chiang",
                "Frank Sifei Luan",
                "Frank Sifei Luan",
                "Wei Wang",
            ]
        );
        assert_eq!(
            e.get("title"),
            Some("SkyPilot: An Intercloud Broker for Sky Computing—Fast k-means, 50% & more")
        );
        assert_eq!(e.get("pages"), Some("437–455"));
        assert_eq!(e.get("year"), Some("2023"));
        assert!(!e.more_authors);
    }

    #[test]
    fn dotless_i_and_j_take_their_accents() {
        let e = one(r#"@article{k,
          author = {Jos{\'e} Garc{\'\i}a and Mart\'{\i}n Ab{\"\i}n and Dar{\'\i}o Ol{\`\i}ve and \v{\j}an Y{\i}lmaz},
          title = {T},
          year = 2023,
        }"#);
        assert_eq!(
            e.authors,
            ["José García", "Martín Abïn", "Darío Olìve", "ǰan Yılmaz"]
        );
    }

    #[test]
    fn scholar_escaped_braces_and_et_al() {
        let e = one(r"@inproceedings{yang2023skypilot,
              title={$\{$SkyPilot$\}$: An intercloud broker for sky computing},
              author={Yang, Zongheng and Luo, Michael and others},
              booktitle={20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)},
              year={2023}
            }");
        assert_eq!(
            e.get("title"),
            Some("SkyPilot: An intercloud broker for sky computing")
        );
        assert_eq!(e.authors, ["Zongheng Yang", "Michael Luo"]);
        assert!(e.more_authors);
        assert_eq!(e.kind, "inproceedings");
    }

    #[test]
    fn every_spelling_of_et_al_means_more_authors() {
        for list in [
            "Ann Lee and Bo Chen and others",
            "Ann Lee and Bo Chen and Others",
            "Ann Lee and Bo Chen and {others}",
            "Lee, Ann and Chen, Bo and et al.",
            "Ann Lee and Bo Chen et al.",
            "Ann Lee and Bo Chen et~al",
            "Ann Lee and Bo Chen, et al.",
        ] {
            let e = one(&format!("@misc{{k, title = {{T}}, author = {{{list}}}}}"));
            assert_eq!(
                (e.authors.as_slice(), e.more_authors),
                (&["Ann Lee".to_owned(), "Bo Chen".to_owned()][..], true),
                "{list}"
            );
        }
    }

    #[test]
    fn author_lists_split_at_commas_only_when_a_piece_is_no_last_first_name() {
        let comma_note =
            "the authors are a list with commas (A, B, and C); read one name between each";
        for (list, want, note) in [
            // A stray comma before "and" in a list of "Last, First" names.
            (
                "Lee*, Ann and Chen*, Bo, and Dee, Cy",
                &["Ann Lee*", "Bo Chen*", "Cy Dee"][..],
                false,
            ),
            ("Lee, Ann, and Chen, Bo", &["Ann Lee", "Bo Chen"], false),
            ("Lee, Ann and Bo Chen", &["Ann Lee", "Bo Chen"], false),
            (
                "King, Jr., Martin and Bo Chen",
                &["Martin King Jr.", "Bo Chen"],
                false,
            ),
            // Names written "First Last", with commas between them.
            (
                "Ann Lee, Bo Chen, and Cy Dee",
                &["Ann Lee", "Bo Chen", "Cy Dee"],
                true,
            ),
            (
                "Ann Lee, Bo Chen, Cy Dee",
                &["Ann Lee", "Bo Chen", "Cy Dee"],
                true,
            ),
            (
                "Ann Lee, Bo Chen, Cy Dee and Di Eng",
                &["Ann Lee", "Bo Chen", "Cy Dee", "Di Eng"],
                true,
            ),
        ] {
            let e = one(&format!("@misc{{k, title = {{T}}, author = {{{list}}}}}"));
            assert_eq!(e.authors, want, "{list}");
            assert_eq!(e.notes.contains(&comma_note.to_owned()), note, "{list}");
        }
    }

    #[test]
    fn a_list_in_double_braces_is_unwrapped_when_it_names_several_people() {
        for (field, want) in [
            (
                "{{Ann Lee and Bo Chen and Cy Dee}}",
                &["Ann Lee", "Bo Chen", "Cy Dee"][..],
            ),
            ("{{Ann Lee and Bo van Chen}}", &["Ann Lee", "Bo van Chen"]),
            (
                r#"{{J{\"o}rg M{\"u}ller and Bo Chen and Cy Dee}}"#,
                &["Jörg Müller", "Bo Chen", "Cy Dee"],
            ),
            (
                "{{Lee, Ann and Chen, Bo and Dee, Cy}}",
                &["Ann Lee", "Bo Chen", "Cy Dee"],
            ),
            // Corporate authors stay one name.
            ("{{Barnes and Noble}}", &["Barnes and Noble"]),
            (
                "{{Ministry of Health and Social Affairs}}",
                &["Ministry of Health and Social Affairs"],
            ),
            (
                "{{Example Labs and Partners}}",
                &["Example Labs and Partners"],
            ),
        ] {
            let e = one(&format!("@misc{{k, title = {{T}}, author = {field}}}"));
            assert_eq!(e.authors, want, "{field}");
            let note = format!(
                "the author list is wrapped in double braces, as one name; read as its {} names",
                want.len()
            );
            assert_eq!(e.notes.contains(&note), want.len() > 1, "{field}");
        }
    }

    #[test]
    fn identifiers_are_kept_verbatim() {
        let e = one(r"@misc{k, title = {T}, author = {A B},
              doi = {10.1000/a_b}, url = {https://example.org/~x/a\_b.pdf}, eprint = {2301.03734v2},
              code = {https://example.org/a--b/~c}}");
        assert_eq!(e.get("doi"), Some("10.1000/a_b"));
        assert_eq!(e.get("url"), Some("https://example.org/~x/a_b.pdf"));
        assert_eq!(e.get("eprint"), Some("2301.03734v2"));
        assert_eq!(e.get("code"), Some("https://example.org/a--b/~c"));
    }

    #[test]
    fn strings_months_and_crossrefs_resolve() {
        let read = read(
            r"@string{nsdi = {USENIX NSDI}}
              @inproceedings{a, title = {A}, author = {X Y}, booktitle = NSDI, month = apr, year = 2020}
              @inproceedings{b, title = {B}, author = {X Y}, crossref = {p}}
              @proceedings{p, title = {Proceedings of Something}, year = 2021}",
        )
        .expect("parses");
        let entries = read.entries;
        assert_eq!(entries[0].get("booktitle"), Some("USENIX NSDI"));
        assert_eq!(entries[0].notes, Vec::<String>::new());
        assert_eq!(entries[0].get("month"), Some("April"));
        assert_eq!(
            entries[1].get("booktitle"),
            Some("Proceedings of Something")
        );
        // biblatex hands a crossref's year on as `date`, which the importer reads too.
        assert_eq!(entries[1].get("date"), Some("2021"));
        assert_eq!(entries[2].kind, "proceedings");
    }

    #[test]
    fn strings_apply_after_their_definition_and_undefined_ones_read_as_text() {
        let read = read(
            "@misc{early, title = venue, author = {A B}}\n\
             @string{venue = {Defined}}\n\
             @misc{broken, title = {x}\n\
             @misc{late, title = venue # { Too}, author = {A B}}\n\
             @string{loop = loop}\n\
             @misc{looped, title = loop, author = {A B}}\n",
        )
        .expect("reads");
        let titles: Vec<(&str, Option<&str>)> = read
            .entries
            .iter()
            .map(|e| (e.key.as_str(), e.get("title")))
            .collect();
        assert_eq!(
            titles,
            [
                ("early", Some("venue")),
                ("late", Some("Defined Too")),
                ("looped", Some("loop"))
            ]
        );
        assert_eq!(
            read.entries[0].notes,
            ["@string venue is not defined before this entry; read as the text \"venue\""]
        );
        assert_eq!(
            read.entries[2].notes,
            ["@string loop refers to itself; read as the text \"loop\""]
        );
        assert_eq!(
            read.problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["line 3 (entry broken): the entry is not closed: a } is missing before line 4"]
        );
    }

    #[test]
    fn a_string_that_cannot_be_decoded_is_one_problem_where_it_is() {
        let read = read(
            "@string{ok = {Fine}}\n@string{bad = {Costs $5}, good = ok # { too}}\n\
             @misc{a, title = bad, author = {A B}, note = good}\n",
        )
        .expect("reads");
        assert_eq!(
            read.problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "line 2: @string bad: a $ or a brace is not closed; where it is used it reads as its name"
            ]
        );
        assert_eq!(read.entries[0].get("title"), Some("bad"));
        assert_eq!(read.entries[0].get("note"), Some("Fine too"));
    }

    #[test]
    fn a_syntax_error_costs_its_entry_only() {
        let read =
            read("@article{good, title = {A}}\n\n@article{bad,\n  title = {B},\n  year 2020\n}\n@misc{after, title = {C}}\n")
                .expect("reads");
        assert_eq!(
            read.problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["line 5 (entry bad): expected equals"]
        );
        let keys: Vec<&str> = read.entries.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["good", "after"]);
    }

    #[test]
    fn an_unreadable_field_is_left_out_unless_the_entry_needs_it() {
        let read = read(
            "@misc{a, title = {Costs}, author = {A B},\n  abstract = {Costs in $ terms}}\n\
             @misc{b, title = {Costs in $ terms}, author = {A B}}\n",
        )
        .expect("reads");
        assert_eq!(read.entries.len(), 1);
        assert_eq!(read.entries[0].get("abstract"), None);
        assert_eq!(
            read.entries[0].notes,
            ["field abstract (line 2) could not be read (a $ or a brace is not closed); left out"]
        );
        assert_eq!(
            read.problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["line 3 (entry b): title: a $ or a brace is not closed"]
        );
    }

    #[test]
    fn repeated_keys_are_one_paper_or_renamed() {
        let read = read(
            "@misc{a, title={One}, author={A B}}\n@misc{b, title={2}}\n\
             @misc{a, title={one.}, author={A B}, year = 2020}\n@misc{a, title={Three}}\n@misc{a-2, title={Four}}\n\
             @misc{a, title={Three}, year = 2021}\n",
        )
        .expect("reads");
        let keys: Vec<(&str, Option<&str>)> = read
            .entries
            .iter()
            .map(|e| (e.key.as_str(), e.get("title")))
            .collect();
        assert_eq!(
            keys,
            [
                ("a", Some("one.")),
                ("b", Some("2")),
                ("a-3", Some("Three")),
                ("a-2", Some("Four"))
            ]
        );
        assert_eq!(read.entries[0].get("year"), Some("2020"));
        // A repeat of the renamed paper joins it, under its new key.
        assert_eq!(read.entries[2].get("year"), Some("2021"));
        assert_eq!(
            read.repeats,
            [
                "key a on line 1 and line 3: the same paper, read once",
                "key a on line 1 and line 4: two different papers; the one on line 4 is read as a-3",
                "key a on line 1 and line 6: the same paper, read once",
            ]
        );
    }

    #[test]
    fn loops_and_deep_nesting_are_problems_not_crashes() {
        let deep = format!(
            "@misc{{deep, title = {{{}x{}}}}}\n",
            "\\emph{".repeat(5000),
            "}".repeat(5000)
        );
        let source = format!(
            "@misc{{a, title = {{A}}, author = {{X Y}}, crossref = {{b}}, xdata = {{a}}}}\n\
             @misc{{b, title = {{B}}, author = {{X Y}}, crossref = {{a}}}}\n\
             @misc{{c, title = {{C}}, author = {{X Y}}, crossref = {{c}}}}\n\
             @string{{x = y}}\n@string{{y = x # x}}\n@misc{{d, title = x, author = {{X Y}}}}\n{deep}"
        );
        let read = read(&source).expect("reads");
        let titles: Vec<(&str, Option<&str>)> = read
            .entries
            .iter()
            .map(|e| (e.key.as_str(), e.get("title")))
            .collect();
        assert_eq!(
            titles,
            [
                ("a", Some("A")),
                ("b", Some("B")),
                ("c", Some("C")),
                ("d", Some("x"))
            ]
        );
        assert_eq!(
            read.problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["line 7 (entry deep): braces nested more than 64 deep"]
        );
    }

    #[test]
    fn a_file_without_entries_is_refused() {
        for (source, want) in [
            ("", "line 1: the file is empty"),
            (
                "---\ntitle: x\n---\nJust prose.\n",
                "line 1: no BibTeX entry found (an entry starts with @type{key, …})",
            ),
            (
                "@string{a = {b}}\n@comment{c}\n",
                "line 1: no BibTeX entry found (an entry starts with @type{key, …})",
            ),
            (
                "\n@article no brace\n",
                "line 2: @article with no { after it; not read as an entry",
            ),
        ] {
            assert_eq!(read(source).expect_err(source).to_string(), want);
        }
    }
}
