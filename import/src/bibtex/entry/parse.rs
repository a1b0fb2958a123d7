//! The first stage of reading: each top-level piece of the file parsed on its own by the
//! `biblatex` crate, its spans moved to where it is in the file, and each `@string` definition
//! checked once where it is. A piece that cannot be parsed is a problem, and the rest is read.

use biblatex::{Bibliography, ParseError, RawBibliography, Spanned};
use biblatex::{Pair, RawEntry};

use super::BibError;
use super::chunks::{self, Lines};
use super::macros::{macros, reason};

/// How deep braces may nest in one entry. The crate reads nested commands (`\\emph{\\textbf{…}}`)
/// by recursion, so a file nesting thousands deep would overflow the stack; real entries nest a
/// few levels.
const MAX_DEPTH: usize = 64;

/// The file's entries and `@string` definitions as the crate parses them, before anything is
/// resolved.
pub(super) struct Parsed<'s> {
    /// Every definition, in file order.
    pub(super) strings: Vec<Pair<'s>>,
    pub(super) entries: Vec<Raw<'s>>,
}

/// An entry as parsed, before its abbreviations and crossref are resolved.
pub(super) struct Raw<'s> {
    pub(super) entry: Spanned<RawEntry<'s>>,
    pub(super) line: usize,
    /// How many `@string` definitions come before it.
    pub(super) strings: usize,
}

/// The first stage: each piece parsed on its own; one that cannot be is a problem.
pub(super) fn parse<'s>(
    split: &'s chunks::Split,
    lines: &Lines,
    problems: &mut Vec<BibError>,
) -> Parsed<'s> {
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
