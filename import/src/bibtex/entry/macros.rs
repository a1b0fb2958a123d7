//! What both stages of reading share: the `@string` definitions an entry uses, looked up the
//! way BibTeX does, and the crate's parse errors in a maintainer's words.

use std::collections::HashSet;

use biblatex::{Pair, ParseError, RawChunk, RawEntry, Spanned};

/// The crate's reason, in the words a maintainer needs for a field's text.
pub(super) fn reason(error: &ParseError) -> String {
    match &error.kind {
        biblatex::ParseErrorKind::UnexpectedEof => "a $ or a brace is not closed".to_owned(),
        kind => kind.to_string(),
    }
}

/// The `@string` definitions `entries` use, looked up the way BibTeX does (the last definition
/// before the entry; names in any case), with notes for those read as text: a name never
/// defined, or one whose definition refers back to itself. Month names (`jun`) are the crate's.
pub(super) fn macros<'s>(
    entries: &[&RawEntry<'s>],
    strings: &[Pair<'s>],
) -> (Vec<Pair<'s>>, Vec<String>) {
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
