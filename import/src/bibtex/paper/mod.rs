//! Judging an entry: a [`BibEntry`] becomes a [`Paper`] the directory can hold, or is skipped
//! (not a kind of work the directory records) or rejected (a paper with bad or missing data).
//!
//! Entry types (case does not matter) map to publication types:
//!
//! | BibTeX type | publication type |
//! | --- | --- |
//! | `inproceedings`, `conference` | conference; workshop when the booktitle says "workshop" |
//! | `article` | journal; preprint when the journal is arXiv or CoRR, or none is named and it has an arXiv id |
//! | `phdthesis`, `mastersthesis`, `thesis` | thesis |
//! | `misc`, `techreport`, `report`, `unpublished`, `preprint` | preprint |
//! | `online`, `electronic`, `www` | blog; preprint when it has an arXiv id |
//! | `proceedings`, `mvproceedings` | skipped: an editorship, not a paper |
//! | `book`, `mvbook`, `inbook`, `bookinbook`, `suppbook`, `incollection`, `collection`, `mvcollection`, `suppcollection` | skipped: books and chapters are no publication type of the directory |
//! | `patent`, `manual`, `booklet`, `periodical`, `dataset`, `software`, any other | skipped, naming the type |
//!
//! Identifiers are normalized here: a DOI without its resolver (`doi.org`, `dx.doi.org`, ACM's
//! old `doi.acm.org`, a publisher's `…/doi/abs/10.…`; a `doi` field holding no DOI is left out
//! with a note, kept as a link when it is a web address; an `eprint` or `arxiv` field holding a
//! DOI gives the DOI), an arXiv id without `arXiv:`
//! wherever it is written (`eprint`, `arxiv`, `journal`, `url`, `howpublished`, a DOI
//! `10.48550/arXiv.…`, a link `https://arxiv.org/abs/2301.03734v2`). A year that is not a
//! number ("Preprint", "to appear") dates a preprint by its arXiv id (`2301.…` → 2023) and
//! rejects anything else: a year is never made up. Months are read in every spelling (`jun`,
//! `June`, `6`, `{06}`, `07--08 June` → the first month named), pages' dashes become one en
//! dash.
//!
//! A venue field's placeholders are no venue ([`super::venue::standing`]): an article or
//! conference paper "Under review", "Working Paper", "Manuscript in preparation" (or "…
//! under review at X") is a preprint with no venue; "In press at X", "To appear in X",
//! "X (to appear)" is X's; each with a note. A bracketed remark ("[Best paper award]") leaves
//! the venue's name, read as an honour when it names an award. An `@article` whose journal is
//! exactly a known conference's short name or name ("CVPR", "CVPR 2023", "Computer Vision and
//! Pattern Recognition (CVPR)") is a conference paper, noted.
//!
//! Homepage themes (al-folio and its kin) add fields of their own: `pdf`, `code`, `html`,
//! `website`, `slides`, `poster`, `video`, `blog`, `supp` are links (only `http`/`https` ones:
//! a path such as `paper.pdf` is the theme's own file, left out and counted), `award` (or its
//! short `award_name`) is an honour, `arxiv` the arXiv id, `abbr` a hint of the venue
//! ([`VenueHint::abbr`]). Every field not read here (`selected`, `bibtex_show`, `preview`,
//! `abstract`, `keywords`, …) is ignored and counted by name for the report ([`unused`]).
//!
//! The judge is here: the entry's type and standing, the venue it names, and the paper it makes.
//! [`identifiers`](mod@identifiers) reads the DOI and arXiv id wherever they are written;
//! [`fields`] the year, month, pages and theme links, and which fields are read at all.

mod fields;
mod identifiers;
mod sourced;
#[cfg(test)]
mod tests;

use research_atlas::model::{Link, LinkKind, PublicationType, VenueKind};

use super::entry::BibEntry;
use super::venue::VenueHint;
use super::venue::known_event;
use super::venue::standing::{Standing, VenueField};

pub use fields::unused;
use fields::{date_month, links, month, pages, year};
use identifiers::identifiers;
pub use sourced::Sourced;

/// An entry that is a paper, with every field the dataset can take, in plain text.
#[derive(Debug, Clone, PartialEq)]
pub struct Paper {
    /// The BibTeX key, for messages.
    pub key: String,
    /// The title, without a trailing period.
    pub title: String,
    /// Authors in order.
    pub authors: Vec<String>,
    /// True when the entry gives only some authors (`and others`).
    pub authors_incomplete: bool,
    /// The publication type.
    pub kind: PublicationType,
    /// True for an arXiv preprint: the venue is arXiv.
    pub on_arxiv: bool,
    /// Where it appeared, for the venue lookup (none for preprints and theses).
    pub venue: Option<VenueHint>,
    /// The booktitle or journal as printed.
    pub booktitle: Option<String>,
    /// Year of publication.
    pub year: u16,
    /// Month, 1 to 12, when the entry gives one that reads as a month.
    pub month: Option<u8>,
    /// Volume, number, pages and publisher (for a technical report: the institution).
    pub imprint: Imprint,
    /// The `address` (or `location`) field.
    pub location: Option<String>,
    /// A thesis's school as printed.
    pub school: Option<String>,
    /// "PhD thesis" or "Master's thesis".
    pub thesis_kind: Option<&'static str>,
    /// DOI, e.g. "10.1145/3603269.3604848".
    pub doi: Option<String>,
    /// New-style arXiv id, e.g. "2203.05072".
    pub arxiv: Option<String>,
    /// The `url` field (or a URL in `howpublished`) when it is neither the DOI's nor arXiv's
    /// page.
    pub url: Option<String>,
    /// The theme's links (`pdf`, `code`, `video`, …), each `http`/`https`, none repeating `url`.
    pub links: Vec<Link>,
    /// Honours such as "Best Paper Award" (the theme's `award`).
    pub honours: Vec<String>,
    /// What was left out and why, for the report.
    pub notes: Vec<String>,
    /// What an open source gives beyond BibTeX; default for an entry.
    pub sourced: Sourced,
}

/// Where in print a paper is: the part of its record BibTeX entries and open sources' works
/// ([`crate::sources::Work`]) state alike.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Imprint {
    /// Journal volume.
    pub volume: Option<String>,
    /// Journal issue number.
    pub number: Option<String>,
    /// Pages, "first–last" with an en dash, e.g. "437–455".
    pub pages: Option<String>,
    /// Publisher.
    pub publisher: Option<String>,
}

#[cfg(test)]
impl Imprint {
    /// Pages alone.
    pub(crate) fn pages(pages: &str) -> Self {
        Self {
            pages: Some(pages.into()),
            ..Self::default()
        }
    }
}

/// Why an entry does not become a paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reject {
    /// Not a kind of work the directory records (a book, a proceedings volume); reported only.
    Skip(String),
    /// A paper whose data is missing or wrong; reported, and it stops a strict import.
    Bad(String),
}

/// Turns an entry into a paper, or says why not.
pub fn judge(e: &BibEntry) -> Result<Paper, Reject> {
    let venue_field = ["booktitle", "journal", "journaltitle"]
        .into_iter()
        .find_map(|f| e.get(f).map(|text| (f, text)));
    let arxiv_text = [
        venue_field.map(|(_, text)| text),
        e.get("howpublished"),
        e.get("publisher"),
        e.get("abbr"),
    ]
    .into_iter()
    .flatten()
    .any(is_arxiv_name);
    let mut notes = e.notes.clone();
    let ids = identifiers(e, &mut notes);
    let read = venue_field.map(|(field, raw)| (field, raw, VenueField::read(raw)));
    let venue_text = read.as_ref().and_then(|(_, _, v)| v.text.as_deref());
    let (mut kind, mut venue_kind, thesis_kind) =
        kind(e, venue_text, arxiv_text, ids.arxiv.is_some())?;
    let mut bracket_honour = None;
    if let Some((field, raw, venue)) = &read {
        (kind, venue_kind, bracket_honour) =
            standing(e, (field, raw, venue), (kind, venue_kind), &mut notes);
    }
    let title = e
        .get("title")
        .map(|t| {
            t.strip_suffix('.')
                .filter(|t| !t.ends_with('.'))
                .unwrap_or(t)
                .to_owned()
        })
        .ok_or_else(|| Reject::Bad("no title".into()))?;
    if e.authors.is_empty() {
        return Err(Reject::Bad("no author".into()));
    }
    let year = year(e, kind, ids.arxiv.as_deref(), &mut notes)?;
    let month = e
        .get("month")
        .map(|m| (m, month(m)))
        .or_else(|| date_month(e).map(|m| ("", Some(m))))
        .and_then(|(m, month)| {
            if month.is_none() {
                notes.push(format!("month {m:?} is not a month; left out"));
            }
            month
        });
    let on_arxiv = kind == PublicationType::Preprint && (arxiv_text || ids.arxiv.is_some());
    let booktitle = venue_text
        .filter(|_| kind != PublicationType::Preprint)
        .map(str::to_owned);
    let venue = venue_kind.map(|kind| VenueHint {
        text: booktitle.clone(),
        number: e.get("number").map(str::to_owned),
        dblp_stream: dblp_stream(&e.key),
        abbr: e.get("abbr").map(str::to_owned),
        kind,
    });
    let is_report = matches!(e.kind.as_str(), "techreport" | "report");
    let opt = |field: &str| e.get(field).map(str::to_owned);
    let mut links = links(e, ids.url.as_deref(), &mut notes);
    if let Some(link) = ids
        .doi_link
        .filter(|l| !links.iter().any(|have| have.url == *l))
    {
        links.push(Link {
            kind: LinkKind::Other,
            url: link,
            label: None,
        });
    }
    Ok(Paper {
        key: e.key.clone(),
        title,
        authors: e.authors.clone(),
        authors_incomplete: e.more_authors,
        kind,
        on_arxiv,
        venue,
        booktitle,
        year,
        month,
        imprint: Imprint {
            volume: opt("volume").filter(|_| kind != PublicationType::Preprint),
            number: opt("number").filter(|_| kind != PublicationType::Preprint || is_report),
            pages: opt("pages").map(|p| pages(&p)),
            publisher: if is_report {
                opt("institution")
            } else {
                opt("publisher")
            }
            .filter(|p| !is_arxiv_name(p)),
        },
        location: opt("address").or_else(|| opt("location")),
        school: thesis_kind.and(opt("school").or_else(|| opt("institution"))),
        thesis_kind,
        doi: ids.doi,
        arxiv: ids.arxiv,
        url: ids.url,
        links,
        // al-folio shows `award_name` on the button ("Oral") and `award` when it is opened.
        honours: opt("award_name")
            .or_else(|| opt("award"))
            .or(bracket_honour)
            .into_iter()
            .collect(),
        notes,
        sourced: Sourced::default(),
    })
}

/// What an entry's venue field says besides its venue, applied to its kinds (see the module
/// doc): an unpublished paper is a preprint with no venue, an accepted one noted, an article
/// in a known conference a conference paper; and the honour a bracketed remark names.
fn standing(
    e: &BibEntry,
    (field, raw, venue): (&str, &str, &VenueField),
    (mut kind, mut venue_kind): (PublicationType, Option<VenueKind>),
    notes: &mut Vec<String>,
) -> (PublicationType, Option<VenueKind>, Option<String>) {
    let published = matches!(
        kind,
        PublicationType::Journal | PublicationType::Conference | PublicationType::Workshop
    );
    let text = venue.text.as_deref();
    match &venue.standing {
        Standing::Unpublished(phrase) if published => {
            let said = if raw.trim().trim_end_matches('.') == phrase {
                String::new()
            } else {
                format!(" ({phrase:?})")
            };
            notes.push(format!(
                "{field} {raw:?}: not yet published{said}; read as a preprint with no venue"
            ));
            (kind, venue_kind) = (PublicationType::Preprint, None);
        }
        Standing::Forthcoming(phrase) if published => notes.push(match text {
            Some(text) => format!("{field} {raw:?}: {phrase}; the venue is {text:?}"),
            None => format!("{field} {raw:?}: {phrase}; it names no venue"),
        }),
        _ => {}
    }
    let mut honour = None;
    for (remark, is_honour) in &venue.remarks {
        let what = if *is_honour && honour.is_none() {
            honour = Some(remark.clone());
            "read as an honour"
        } else {
            "left out"
        };
        notes.push(format!(
            "{field}: \"[{remark}]\" is no part of the venue's name; {what}"
        ));
    }
    if e.kind == "article"
        && kind == PublicationType::Journal
        && let Some(text) = text
        && let Some(event) = known_event(text)
    {
        let (as_kind, word) = if event.kind == VenueKind::Workshop {
            (PublicationType::Workshop, "workshop")
        } else {
            (PublicationType::Conference, "conference")
        };
        notes.push(format!(
            "{field} {text:?} names the {word} {}; read as a {word} paper",
            event.short_name
        ));
        (kind, venue_kind) = (as_kind, Some(event.kind));
    }
    (kind, venue_kind, honour)
}

type Kinds = (PublicationType, Option<VenueKind>, Option<&'static str>);

/// The publication type, the kind of venue a new one gets, and a thesis's kind (see the table
/// in the module doc).
fn kind(
    e: &BibEntry,
    venue_text: Option<&str>,
    arxiv_text: bool,
    has_arxiv_id: bool,
) -> Result<Kinds, Reject> {
    use PublicationType as P;
    Ok(match e.kind.as_str() {
        "inproceedings" | "conference" => {
            let workshop = venue_text.is_some_and(|t| t.to_lowercase().contains("workshop"));
            if workshop {
                (P::Workshop, Some(VenueKind::Workshop), None)
            } else {
                (P::Conference, Some(VenueKind::Conference), None)
            }
        }
        "article" if arxiv_text || (venue_text.is_none() && has_arxiv_id) => {
            (P::Preprint, None, None)
        }
        "article" => (P::Journal, Some(VenueKind::Journal), None),
        "phdthesis" => (P::Thesis, None, Some("PhD thesis")),
        "mastersthesis" => (P::Thesis, None, Some("Master's thesis")),
        "thesis" => (P::Thesis, None, Some("Thesis")),
        "misc" | "techreport" | "report" | "unpublished" | "preprint" => (P::Preprint, None, None),
        "online" | "electronic" | "www" if has_arxiv_id => (P::Preprint, None, None),
        "online" | "electronic" | "www" => (P::Blog, None, None),
        "proceedings" | "mvproceedings" => {
            return Err(Reject::Skip(
                "a proceedings volume (an editorship), not a paper".into(),
            ));
        }
        "book" | "mvbook" | "inbook" | "bookinbook" | "suppbook" | "incollection"
        | "collection" | "mvcollection" | "suppcollection" => {
            return Err(Reject::Skip(format!(
                "@{}: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
                e.kind
            )));
        }
        "patent" | "manual" | "booklet" | "periodical" | "dataset" | "software" => {
            return Err(Reject::Skip(format!(
                "@{}: the directory has no publication type for it",
                e.kind
            )));
        }
        other => {
            return Err(Reject::Skip(format!(
                "@{other} is not an entry type the importer takes"
            )));
        }
    })
}

/// "CoRR", "arXiv", "arXiv preprint arXiv:2502.13965".
fn is_arxiv_name(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.trim() == "corr" || lower.contains("arxiv")
}

/// `nsdi` from `DBLP:conf/nsdi/YangWLCBKZLMSS23`.
fn dblp_stream(key: &str) -> Option<String> {
    let rest = key.strip_prefix("DBLP:")?;
    let mut parts = rest.split('/');
    let (_, stream) = (parts.next()?, parts.next()?);
    Some(stream.to_lowercase())
}
