//! The second stage of reading: each parsed entry resolved on its own by the `biblatex` crate,
//! with the `@string` definitions before it (looked up the way BibTeX does) and its crossref;
//! a field the crate cannot decode is left out with a note, unless the entry needs it.

use std::collections::HashMap;

use biblatex::{Bibliography, Entry, RawBibliography, RawChunk, Spanned};
use biblatex::{Pair, RawEntry};

use super::chunks::Lines;
use super::macros::{macros, reason};
use super::parse::{Parsed, Raw};
use super::{BibEntry, BibError, decode};

/// Fields an entry cannot be read without: when one cannot be decoded the entry is a problem,
/// where any other such field is left out.
const ESSENTIAL: [&str; 4] = ["title", "author", "year", "date"];

impl Parsed<'_> {
    /// The second stage: each entry resolved and decoded on its own, with the definitions
    /// before it and its crossref; one that cannot be is a problem.
    pub(super) fn resolve(&self, lines: &Lines, problems: &mut Vec<BibError>) -> Vec<BibEntry> {
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
