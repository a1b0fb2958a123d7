//! OpenAlex: an author (`https://api.openalex.org/authors/<id>`) and their works (the
//! `/works?filter=author.id:<id>` list, one JSON array or the API's pages concatenated) read
//! into a [`Record`]. This reader owns the documents' shape, the id trimming
//! (`https://openalex.org/A5023888391` → `A5023888391`) and the mapping below; it never
//! looks at the dataset.
//!
//! Two stages: `schema.rs` mirrors the API's Author, Work, Location, Authorship objects (every
//! field may be null or absent; unknown fields are ignored), then `profile.rs` and `work.rs` map
//! them. A document that is not JSON, or not an author or works document at all, is an `Err`
//! naming the document, line and column; a work that cannot be mapped is a [`Skip`] with its
//! path (`works page 2 results[17] (W2741809807)`, `works[17]`) and why, and the rest is read.
//!
//! The author:
//!
//! | OpenAlex | record |
//! | --- | --- |
//! | `id` | `Profile::id`, the `A…` id |
//! | `display_name` | name; markup removed |
//! | `display_name_alternatives` | other names, without the name, no repeats (case aside) |
//! | `orcid` (or `ids.orcid`) | identifier `(Orcid, 0000-…)`, checked; a bad one is skipped |
//! | `affiliations[]` | an employment per institution: its name, its `I…` id and ROR, its `country_code` as the location; from the first year to `Date(last year)` |
//! | `topics`, `x_concepts`, `last_known_institutions`, counts | not read |
//!
//! An affiliation's years are the years OpenAlex saw papers naming the institution: the end is
//! the last such year, never `Present` — OpenAlex does not say whether the person left. The
//! role is unknown; there are no educations. Topics are a classifier's guesses, not keywords
//! the person gave, so they are left out.
//!
//! A work, in this order:
//!
//! | OpenAlex | record |
//! | --- | --- |
//! | `id` | `Work::id`, the `W…` id; none or another kind of id → skipped |
//! | `is_retracted`, `is_paratext` (or type `paratext`) | skipped, saying which |
//! | `type` `preprint` or `report`; `type_crossref` `posted-content`; a `repository` source | preprint (a report is a technical report) |
//! | `type` `dissertation` | thesis; school = the first authorship's first institution |
//! | `type_crossref` `proceedings-article` or a `conference` source | conference; workshop when the source's name says "workshop" |
//! | `type` `article` or `review` in a `journal` source or `type_crossref` `journal-article` | journal |
//! | any other type (`book-chapter`, `book`, `dataset`, `letter`, `editorial`, `erratum`, …) | skipped, naming the type |
//! | `title` (or `display_name`) | title: tags (`<i>`, `<sub>`, MathML) removed, entities decoded, spaces collapsed, one trailing period dropped; none → skipped |
//! | `publication_year` | year; none → skipped |
//! | `publication_date` | month, when its year is the year |
//! | `primary_location.source` | venue (`display_name`, `S…` id) and publisher (`host_organization_name`) of a conference, workshop or journal paper; none for preprints and theses |
//! | `biblio` | volume, number, pages `first–last` (an en dash) |
//! | `doi` (or `ids.doi`) | DOI without the resolver, checked; a bad one is left out with a note |
//! | arXiv landing or PDF page in any location, or a `10.48550/arxiv.…` DOI | arXiv id without version; an old-style id is left out with a note |
//! | `primary_location`, `best_oa_location` `landing_page_url`, `pdf_url` | links: `http(s)`, not the DOI's or arXiv's page, no repeats |
//! | `authorships[]` | authors in order: `author.display_name` (else `raw_author_name`), `A…` id, ORCID |
//! | `is_authors_truncated` | `authors_incomplete` (also when an authorship has no name) |
//! | `abstract_inverted_index` | the abstract, words in position order |
//! | `cited_by_count` | citations |
//!
//! Before 2023 OpenAlex's `type` held Crossref's types (`journal-article`,
//! `proceedings-article`, `posted-content`); such a `type` is read as `type_crossref`. A work
//! whose id was already read (pages overlapping) is skipped as a repeat; a first page whose
//! `meta.count` is more than the works read says that the rest were not fetched.

mod profile;
mod schema;
#[cfg(test)]
mod tests;
mod text;
mod work;

use research_atlas::model::load::kind_of;
use std::collections::HashMap;

use serde_json::Value;

use super::record::{Record, Skip, Work};
use crate::Error;

/// Reads an OpenAlex author (`https://api.openalex.org/authors/<id>`) and their works: `works`
/// is one JSON array of work objects, or the API's pages (`{"meta": …, "results": […]}`)
/// concatenated one after another.
pub fn read(author: &str, works: &str) -> Result<Record, Error> {
    let (profile, mut skipped) = profile::read_author(author)?;
    let (works, work_skips) = read_works(works)?;
    skipped.extend(work_skips);
    Ok(Record {
        profile,
        works,
        skipped,
    })
}

/// Reads a works document alone (see [`read`]): the works, and what was left out.
pub fn read_works(works: &str) -> Result<(Vec<Work>, Vec<Skip>), Error> {
    let parts = parts(works)?;
    let mut read = Vec::new();
    let mut skipped = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut total = 0u64;
    for part in &parts {
        for (i, item) in part.items.iter().enumerate() {
            total += 1;
            let id = item
                .get("id")
                .and_then(Value::as_str)
                .and_then(|id| openalex_id(id, 'W'));
            let at = match &id {
                Some(id) => format!("{}[{i}] ({id})", part.label),
                None => format!("{}[{i}]", part.label),
            };
            match work::map(item) {
                Ok(w) => match seen.get(&w.id) {
                    Some(first) => skipped.push(Skip {
                        at,
                        reason: format!("repeats {first}"),
                    }),
                    None => {
                        seen.insert(w.id.clone(), at);
                        read.push(w);
                    }
                },
                Err(reason) => skipped.push(Skip {
                    at,
                    reason: reason.to_string(),
                }),
            }
        }
    }
    let counted = parts.iter().filter_map(|p| p.count.map(|c| (p, c))).next();
    if let Some((first, count)) = counted
        && count > total
    {
        skipped.push(Skip {
            at: format!("{} meta.count", first.page),
            reason: format!(
                "OpenAlex counts {count} works and the pages hold {total}: {} were not fetched",
                count - total
            ),
        });
    }
    Ok((read, skipped))
}

/// One document of a works file: an array of works, or one page of the API's list.
struct Part {
    /// `works page 2` or `works`: how the document is named in messages.
    page: String,
    /// What its works' paths begin with: `works page 2 results` or `works`.
    label: String,
    /// The works, each still JSON: one that does not fit the schema is skipped alone.
    items: Vec<Value>,
    /// A page's `meta.count`.
    count: Option<u64>,
}

/// The documents of a works file, one after another; `Err` names the first that is not JSON
/// or not a list of works.
fn parts(text: &str) -> Result<Vec<Part>, Error> {
    let mut parts = Vec::new();
    for (n, doc) in serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .enumerate()
    {
        let n = n + 1;
        let page = if n == 1 {
            "works".to_owned()
        } else {
            format!("works document {n}")
        };
        let doc = doc.map_err(|e| Error::document(json_error(&page, &e)))?;
        match doc {
            Value::Array(items) => parts.push(Part {
                label: page.clone(),
                page,
                items,
                count: None,
            }),
            Value::Object(mut map) => {
                let page = format!("works page {n}");
                let count = map
                    .get("meta")
                    .and_then(|m| m.get("count"))
                    .and_then(Value::as_u64);
                let items = match map.remove("results") {
                    Some(Value::Array(items)) => items,
                    Some(Value::Null) => Vec::new(),
                    Some(other) => {
                        return Err(Error::document(format!(
                            "{page}: \"results\" is {}, not a list of works",
                            kind_of(&other)
                        )));
                    }
                    None => {
                        let why = match map.get("error").or(map.get("message")) {
                            Some(Value::String(m)) => format!("an OpenAlex error ({m})"),
                            _ if map.get("id").and_then(Value::as_str).is_some() => {
                                "one object, not a list (put a single work in [ ])".to_owned()
                            }
                            _ => "an object without \"results\"".to_owned(),
                        };
                        return Err(Error::document(format!(
                            "{page}: {why}, not a page of works ({{\"meta\": …, \"results\": […]}})"
                        )));
                    }
                };
                parts.push(Part {
                    label: format!("{page} results"),
                    page,
                    items,
                    count,
                });
            }
            other => {
                return Err(Error::document(format!(
                    "{page}: {}, not a JSON array of works or a page of them",
                    kind_of(&other)
                )));
            }
        }
    }
    if parts.is_empty() {
        return Err(Error::document(
            "works: empty, not a JSON array of works or a page of them",
        ));
    }
    Ok(parts)
}

/// A JSON error as a message: the document, line and column, and why.
fn json_error(document: &str, e: &serde_json::Error) -> String {
    let full = e.to_string();
    let why = full
        .rsplit_once(" at line ")
        .map_or(full.as_str(), |(why, _)| why);
    format!(
        "{document}: not JSON at line {}, column {}: {why}",
        e.line(),
        e.column()
    )
}

/// An OpenAlex id of one kind (`A`, `W`, `I`, `S`) from its URL (`https://openalex.org/W…`)
/// or alone; `None` when it is another kind or not an id.
fn openalex_id(raw: &str, kind: char) -> Option<String> {
    let t = raw.trim();
    let lower = t.to_ascii_lowercase();
    let bare = [
        "https://openalex.org/",
        "http://openalex.org/",
        "openalex.org/",
    ]
    .iter()
    .find(|p| lower.starts_with(*p))
    .map_or(t, |p| &t[p.len()..]);
    let mut chars = bare.chars();
    let first = chars.next()?;
    let digits = chars.as_str();
    (first.eq_ignore_ascii_case(&kind)
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit()))
    .then(|| format!("{kind}{digits}"))
}

/// A year as a record holds it: 1000 to 9999.
fn year(y: i64) -> Option<u16> {
    u16::try_from(y).ok().filter(|y| (1000..=9999).contains(y))
}
