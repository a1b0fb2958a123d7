//! Helpers shared by the crate's tests: the bundled dataset, edited (`edits`) and as small
//! datasets, and readers for what the exports write (biblatex for BibTeX, an RFC 4180 reader for
//! CSV).
#![allow(dead_code)]

pub mod edits;
pub mod hostile;
pub mod raw_bibtex;

use biblatex::{Bibliography, ChunksExt, Entry};
use research_atlas::model::{self, Author, Dataset, Publication, PublicationType};

/// The bundled dataset, as the tests read and edit it.
pub const BUNDLED: &str = research_atlas::model::bundled::JSON;
/// The latest plausible year the tests load with.
pub const MAX_YEAR: u16 = 2027;

/// The bundled dataset, loaded with no problem.
pub fn bundled() -> Dataset {
    let dir = model::load(BUNDLED, MAX_YEAR).expect("the bundled dataset loads");
    assert!(dir.is_clean(), "problems: {:#?}", dir.problems);
    dir.dataset
}

/// A conference paper with only the required fields; tests fill in the rest.
pub fn publication(id: &str, title: &str, authors: &[&str], year: u16) -> Publication {
    let authors = authors.iter().map(|name| Author::new(*name)).collect();
    Publication::new(id, title, authors, PublicationType::Conference, year)
}

pub fn dataset_with(publications: Vec<Publication>) -> Dataset {
    let mut d = bundled();
    d.publications = publications;
    d
}

pub fn parse(bib: &str) -> Bibliography {
    Bibliography::parse(bib).unwrap_or_else(|e| panic!("biblatex rejects the file: {e}\n{bib}"))
}

/// A field as biblatex decodes it (LaTeX commands resolved, braces dropped).
pub fn decoded(entry: &Entry, field: &str) -> Option<String> {
    entry.get(field).map(|chunks| chunks.format_verbatim())
}

/// What the stored text reads as once written to BibTeX and decoded again.
///
/// Curly quotes are written as TeX's ``` `` ``` and `''` ligatures, which LaTeX typesets as curly
/// quotes; biblatex does not decode ligatures, so those come back as the ASCII pairs.
pub fn as_decoded(stored: &str) -> String {
    stored
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('“', "``")
        .replace('”', "''")
        .replace('‘', "`")
        .replace('’', "'")
}

/// Splits RFC 4180 text into records of fields: quotes, doubled quotes, CRLF record ends.
pub fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "a bare CR ends a record");
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, '\n') => panic!("a bare LF ends a record"),
            (false, c) => field.push(c),
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "the last record lacks CRLF"
    );
    records
}
