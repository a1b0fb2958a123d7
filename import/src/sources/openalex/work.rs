//! A Work object → a [`Work`], or the reason it is skipped; the mapping table is in
//! [`super`]. Identifiers (DOI, arXiv id, links) are in [`identifiers`].

mod identifiers;

use research_atlas::model::PublicationType;
use serde_json::Value;

use super::openalex_id;
use super::profile::orcid_id;
use super::schema::{self, Location, Source};
use super::text::{abstract_text, plain};
use crate::Error;
use crate::sources::record::{Imprint, Origin, Work, WorkAuthor, WorkVenue};

/// Maps one work, still JSON; `Err` is why it is skipped.
pub(super) fn map(value: &Value) -> Result<Work, Error> {
    let w = schema::Work::deserialize_from(value)?;
    let id = match w.id.as_deref() {
        None => return Err(Error::part("no OpenAlex id")),
        Some(raw) => openalex_id(raw, 'W')
            .ok_or_else(|| Error::part(format!("id {raw:?} is not an OpenAlex work id (W…)")))?,
    };
    if w.is_retracted == Some(true) {
        return Err(Error::part("retracted"));
    }
    let (oa_type, crossref) = types(&w);
    if w.is_paratext == Some(true) || oa_type == "paratext" {
        return Err(Error::part(
            "paratext (front matter, a table of contents, an index), not a paper",
        ));
    }
    let primary = w.primary_location.as_ref();
    let source = primary.and_then(|l| l.source.as_ref());
    let kind = publication_type(oa_type, crossref, source)?;
    let title = w
        .title
        .as_deref()
        .or(w.display_name.as_deref())
        .map(super::text::title)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| Error::part("no title"))?;
    let year = match w.publication_year {
        None => return Err(Error::part("no publication year")),
        Some(y) => super::year(y)
            .ok_or_else(|| Error::part(format!("publication year {y} is not a year")))?,
    };
    let mut notes = Vec::new();
    let ids = identifiers::read(&w, &mut notes);
    let (authors, mut authors_incomplete) = authors(&w, &mut notes);
    authors_incomplete |= w.is_authors_truncated == Some(true);
    let has_venue = matches!(
        kind,
        PublicationType::Conference | PublicationType::Journal | PublicationType::Workshop
    );
    let venue = if has_venue { venue(source) } else { None };
    if has_venue && venue.is_none() {
        notes.push("OpenAlex names no venue".to_owned());
    }
    let biblio = w.biblio.as_ref();
    let field = |f: fn(&schema::Biblio) -> Option<&Value>| biblio.and_then(f).and_then(scalar);
    Ok(Work {
        origin: Origin::Openalex,
        id,
        title,
        authors,
        authors_incomplete,
        kind,
        venue,
        year,
        month: month(w.publication_date.as_deref(), year),
        imprint: Imprint {
            volume: field(|b| b.volume.as_ref()),
            number: field(|b| b.issue.as_ref()),
            pages: pages(
                field(|b| b.first_page.as_ref()),
                field(|b| b.last_page.as_ref()),
            ),
            publisher: if has_venue {
                source
                    .and_then(|s| s.host_organization_name.as_deref())
                    .map(plain)
                    .filter(|p| !p.is_empty())
            } else {
                None
            },
        },
        school: if kind == PublicationType::Thesis {
            school(&w)
        } else {
            None
        },
        ids,
        abstract_text: w.abstract_inverted_index.as_ref().and_then(abstract_text),
        citations: w
            .cited_by_count
            .map(|c| u32::try_from(c.max(0)).unwrap_or(u32::MAX)),
        notes,
    })
}

impl schema::Work {
    /// The schema's work from JSON; `Err` says what does not fit.
    fn deserialize_from(value: &Value) -> Result<Self, Error> {
        if !value.is_object() {
            return Err(Error::part(format!(
                "{}, not a work",
                super::kind_of(value)
            )));
        }
        serde::Deserialize::deserialize(value)
            .map_err(|e| Error::part(format!("not an OpenAlex work: {e}")))
    }
}

/// The work's OpenAlex type and Crossref type; a Crossref type in `type` (OpenAlex before
/// 2023) is read as `type_crossref`, its OpenAlex type left empty.
fn types(w: &schema::Work) -> (&str, &str) {
    let kind = w.kind.as_deref().unwrap_or("").trim();
    let crossref = w.type_crossref.as_deref().unwrap_or("").trim();
    match kind {
        "journal-article" | "proceedings-article" | "posted-content" if crossref.is_empty() => {
            ("", kind)
        }
        _ => (kind, crossref),
    }
}

/// The directory's type, or why the work is not one.
fn publication_type(
    kind: &str,
    crossref: &str,
    source: Option<&Source>,
) -> Result<PublicationType, Error> {
    let source_type = source.and_then(|s| s.kind.as_deref()).unwrap_or("");
    match kind {
        "preprint" | "report" => Ok(PublicationType::Preprint),
        "dissertation" => Ok(PublicationType::Thesis),
        "article" | "review" | "" => {
            if crossref == "proceedings-article" || source_type == "conference" {
                let workshop = source
                    .and_then(|s| s.display_name.as_deref())
                    .is_some_and(|n| n.to_lowercase().contains("workshop"));
                Ok(if workshop {
                    PublicationType::Workshop
                } else {
                    PublicationType::Conference
                })
            } else if crossref == "posted-content" || source_type == "repository" {
                Ok(PublicationType::Preprint)
            } else if crossref == "journal-article" || source_type == "journal" {
                Ok(PublicationType::Journal)
            } else if crossref == "dissertation" {
                Ok(PublicationType::Thesis)
            } else if kind.is_empty() && crossref.is_empty() {
                Err(Error::part("no type"))
            } else {
                Err(Error::part(format!(
                    "an article in no journal, conference or repository (type {:?}, Crossref type {crossref:?}, source type {source_type:?})",
                    if kind.is_empty() { "article" } else { kind }
                )))
            }
        }
        other => Err(Error::part(format!(
            "{} (type {other:?}), not a publication type of the directory",
            describe(other)
        ))),
    }
}

/// An OpenAlex type in words.
fn describe(kind: &str) -> &'static str {
    match kind {
        "book" => "a book",
        "book-chapter" => "a book chapter",
        "dataset" => "a dataset",
        "editorial" => "an editorial",
        "erratum" => "an erratum",
        "letter" => "a letter",
        "libguides" => "a library guide",
        "peer-review" => "a peer review",
        "reference-entry" => "a reference entry",
        "retraction" => "a retraction notice",
        "standard" => "a standard",
        "supplementary-materials" => "supplementary materials",
        _ => "a work of another kind",
    }
}

/// The primary source as the venue: its name and `S…` id.
fn venue(source: Option<&Source>) -> Option<WorkVenue> {
    let source = source?;
    let name = plain(source.display_name.as_deref()?);
    (!name.is_empty()).then(|| WorkVenue {
        name,
        dblp: None,
        id: source.id.as_deref().and_then(|i| openalex_id(i, 'S')),
    })
}

/// The month of `YYYY-MM-DD` when its year is the work's.
fn month(date: Option<&str>, year: u16) -> Option<u8> {
    let mut parts = date?.trim().split('-');
    let y: u16 = parts.next()?.parse().ok()?;
    let m: u8 = parts.next()?.parse().ok()?;
    (y == year && (1..=12).contains(&m)).then_some(m)
}

/// A biblio value as text: a string trimmed, or a number.
fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(plain(s)).filter(|s| !s.is_empty()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// "first–last" with an en dash; the first page alone when there is no other last page.
fn pages(first: Option<String>, last: Option<String>) -> Option<String> {
    match (first, last) {
        (Some(f), Some(l)) if f != l => Some(format!("{f}–{l}")),
        (Some(f), _) => Some(f),
        (None, l) => l,
    }
}

/// The authors in order, and whether one was left out for having no name.
fn authors(w: &schema::Work, notes: &mut Vec<String>) -> (Vec<WorkAuthor>, bool) {
    let mut authors = Vec::new();
    let mut incomplete = false;
    for (i, a) in w.authorships.iter().flatten().enumerate() {
        let a = a.as_ref();
        let dehydrated = a.and_then(|a| a.author.as_ref());
        let name = dehydrated
            .and_then(|d| d.display_name.as_deref())
            .map(plain)
            .filter(|n| !n.is_empty())
            .or_else(|| {
                a.and_then(|a| a.raw_author_name.as_deref())
                    .map(plain)
                    .filter(|n| !n.is_empty())
            });
        let Some(name) = name else {
            notes.push(format!("authorships[{i}] has no name; left out"));
            incomplete = true;
            continue;
        };
        let orcid =
            dehydrated
                .and_then(|d| d.orcid.as_deref())
                .and_then(|raw| match orcid_id(raw) {
                    Ok(id) => Some(id),
                    Err(why) => {
                        notes.push(format!("{name}'s ORCID {raw:?} {why}; left out"));
                        None
                    }
                });
        authors.push(WorkAuthor {
            name,
            orcid,
            dblp: None,
            openalex: dehydrated
                .and_then(|d| d.id.as_deref())
                .and_then(|i| openalex_id(i, 'A')),
        });
    }
    (authors, incomplete)
}

/// A thesis's school: the first authorship's first named institution.
fn school(w: &schema::Work) -> Option<String> {
    let first = w.authorships.as_ref()?.first()?.as_ref()?;
    first
        .institutions
        .iter()
        .flatten()
        .flatten()
        .filter_map(|i| i.display_name.as_deref())
        .map(plain)
        .find(|n| !n.is_empty())
}

/// The locations in the order links are taken: the primary, then the best open-access one.
fn link_locations(w: &schema::Work) -> impl Iterator<Item = &Location> {
    w.primary_location.iter().chain(w.best_oa_location.iter())
}
