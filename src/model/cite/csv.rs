//! The publication list as CSV, and the guarded, quoted row writer the shortlist export shares.

use std::collections::HashMap;

use super::bibtex::work_url;
use super::keys::key_of;
use crate::model::invisible::export_text;
use crate::model::types::{Dataset, Publication, PublicationId};

/// The same list as CSV: RFC 4180, a header row, CRLF line ends, UTF-8 without a byte-order mark.
///
/// Columns: key, title, authors (joined with `; `, ending in `et al.` when the list is incomplete),
/// year, type (its label), venue (short name), venue_name, booktitle, doi, arxiv, honours (joined
/// with `; `), url (the same rule as BibTeX's `url`). Every cell says what the data says, without
/// invisible characters and control characters other than white space (see
/// [`export_text`](crate::model::invisible::export_text)). A cell is quoted when it holds a
/// comma, a double quote (doubled) or a line break. Against formula injection in spreadsheets, a
/// cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return (once the invisible
/// characters are gone) gets a leading `'`.
pub fn csv(
    dataset: &Dataset,
    publications: &[&Publication],
    keys: &HashMap<PublicationId, String>,
) -> String {
    const HEADER: [&str; 12] = [
        "key",
        "title",
        "authors",
        "year",
        "type",
        "venue",
        "venue_name",
        "booktitle",
        "doi",
        "arxiv",
        "honours",
        "url",
    ];
    let mut out = String::new();
    push_csv_row(&mut out, HEADER.map(str::to_owned));
    for p in publications {
        let venue = dataset.venue_of(p);
        let mut authors: Vec<&str> = p.authors.iter().map(|a| a.name.as_str()).collect();
        if p.authors_incomplete {
            authors.push("et al.");
        }
        push_csv_row(
            &mut out,
            [
                key_of(p, keys),
                p.title.clone(),
                authors.join("; "),
                p.year.to_string(),
                p.kind.label(&crate::lang::EN).to_owned(),
                venue.map(|v| v.short_name.clone()).unwrap_or_default(),
                venue.map(|v| v.name.clone()).unwrap_or_default(),
                p.booktitle.clone().unwrap_or_default(),
                p.doi.clone().unwrap_or_default(),
                p.arxiv.clone().unwrap_or_default(),
                p.honours.join("; "),
                work_url(p).unwrap_or_default(),
            ],
        );
    }
    out
}

/// Appends one CSV record, guarded and quoted as [`csv()`] describes, ending in CRLF.
pub(crate) fn push_csv_row<const N: usize>(out: &mut String, cells: [String; N]) {
    push_csv_cells(out, cells.iter().map(|c| Cell::Text(c)));
}

/// One cell of [`push_csv_cells`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Cell<'a> {
    /// Text from the data, guarded against spreadsheet formulas as [`csv()`] describes.
    Text(&'a str),
    /// A value a program reads back (an id, a number), written as it is: a guard's `'` would
    /// make `-7Ab` another id and `-0.5` no number.
    Value(&'a str),
}

/// Appends one CSV record of `cells`, each without invisible and control characters and quoted
/// as [`csv()`] describes, a [`Cell::Text`] guarded against formulas, ending in CRLF.
pub(crate) fn push_csv_cells<'a>(out: &mut String, cells: impl IntoIterator<Item = Cell<'a>>) {
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (text, guard) = match cell {
            Cell::Text(t) => (export_text(t), true),
            Cell::Value(v) => (export_text(v), false),
        };
        let guarded = if guard && text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            format!("'{text}")
        } else {
            text.into_owned()
        };
        if guarded.contains([',', '"', '\r', '\n']) {
            out.push('"');
            out.push_str(&guarded.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&guarded);
        }
    }
    out.push_str("\r\n");
}
