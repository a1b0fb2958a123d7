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

use research_atlas::model::validate::{check_doi, check_url};
use research_atlas::model::{Link, LinkKind, PublicationType, VenueKind};

use super::entry::BibEntry;
use super::venue::VenueHint;
use super::venue::known_event;
use super::venue::standing::{Standing, VenueField};

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
    /// Journal volume.
    pub volume: Option<String>,
    /// Journal issue number.
    pub number: Option<String>,
    /// Pages, e.g. "437–455".
    pub pages: Option<String>,
    /// Publisher (for a technical report: the institution).
    pub publisher: Option<String>,
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
}

/// Why an entry does not become a paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reject {
    /// Not a kind of work the directory records (a book, a proceedings volume); reported only.
    Skip(String),
    /// A paper whose data is missing or wrong; reported, and it stops a strict import.
    Bad(String),
}

/// The link fields of homepage themes: field, kind, label.
const LINK_FIELDS: [(&str, LinkKind, Option<&str>); 9] = [
    ("pdf", LinkKind::Pdf, None),
    ("code", LinkKind::Code, None),
    ("html", LinkKind::Other, None),
    ("website", LinkKind::Other, Some("Website")),
    ("slides", LinkKind::Other, Some("Slides")),
    ("poster", LinkKind::Other, Some("Poster")),
    ("video", LinkKind::Video, None),
    ("blog", LinkKind::Blog, None),
    ("supp", LinkKind::Other, Some("Supplementary material")),
];

/// Every field [`judge`] reads (besides the link fields); any other is ignored.
const READ_FIELDS: [&str; 27] = [
    "title",
    "year",
    "date",
    "month",
    "booktitle",
    "journal",
    "journaltitle",
    "howpublished",
    "publisher",
    "institution",
    "school",
    "volume",
    "number",
    "pages",
    "address",
    "location",
    "doi",
    "eprint",
    "eprinttype",
    "archiveprefix",
    "url",
    "arxiv",
    "abbr",
    "award",
    "award_name",
    "crossref",
    "author",
];

/// What an entry holds that the dataset does not take, for the report's counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unused {
    /// Fields no rule reads, by name, sorted.
    pub fields: Vec<String>,
    /// Link fields whose value is no web address (a theme's own file such as `paper.pdf`).
    pub local_links: Vec<String>,
}

/// The fields of `e` that are ignored, and its links that are left out.
pub fn unused(e: &BibEntry) -> Unused {
    let mut fields: Vec<String> = e
        .fields
        .keys()
        .filter(|f| !READ_FIELDS.contains(&f.as_str()) && !LINK_FIELDS.iter().any(|l| l.0 == *f))
        .cloned()
        .collect();
    fields.sort();
    let local_links = LINK_FIELDS
        .iter()
        .chain(&[("url", LinkKind::Other, None)])
        .filter(|(f, ..)| {
            e.get(f)
                .is_some_and(|u| check_url(u).is_err() && !is_identifier(u))
        })
        .map(|(f, ..)| (*f).to_owned())
        .collect();
    Unused {
        fields,
        local_links,
    }
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
        volume: opt("volume").filter(|_| kind != PublicationType::Preprint),
        number: opt("number").filter(|_| kind != PublicationType::Preprint || is_report),
        pages: opt("pages").map(|p| pages(&p)),
        publisher: if is_report {
            opt("institution")
        } else {
            opt("publisher")
        }
        .filter(|p| !is_arxiv_name(p)),
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

/// The year: the `year` field (or `date`'s), a lone four-digit year inside text such as
/// "to appear, 2024", or for a preprint its arXiv id's (`2301.…` → 2023). Never made up.
fn year(
    e: &BibEntry,
    kind: PublicationType,
    arxiv: Option<&str>,
    notes: &mut Vec<String>,
) -> Result<u16, Reject> {
    let raw = e
        .get("year")
        .or_else(|| e.get("date").map(|d| d.get(..4).unwrap_or(d)));
    if let Some(raw) = raw {
        let trimmed = raw.trim();
        if trimmed.len() == 4
            && let Ok(year) = trimmed.parse()
        {
            return Ok(year);
        }
        let years: Vec<u16> = trimmed
            .split(|c: char| !c.is_ascii_digit())
            .filter(|w| w.len() == 4)
            .filter_map(|w| w.parse().ok())
            .filter(|y| (1900..=2100).contains(y))
            .collect();
        if let [year] = years[..] {
            notes.push(format!("year {raw:?} read as {year}"));
            return Ok(year);
        }
    }
    if kind == PublicationType::Preprint
        && let Some(id) = arxiv
        && let Ok(yy) = id[..2].parse::<u16>()
    {
        let year = 2000 + yy;
        notes.push(match raw {
            Some(raw) => format!("year {raw:?} is not a year; {year} from the arXiv id {id}"),
            None => format!("no year; {year} from the arXiv id {id}"),
        });
        return Ok(year);
    }
    Err(Reject::Bad(match raw {
        None => "no year".into(),
        Some(raw) => format!("year {raw:?} is not a year"),
    }))
}

/// 1 to 12 from "4", "04", "apr", "April", "Sept.", "07–08 June" (the first month named).
fn month(m: &str) -> Option<u8> {
    const NAMES: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let m = m.trim().to_lowercase();
    let named = m
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() >= 3)
        .find_map(|w| NAMES.iter().position(|name| name.starts_with(w)));
    if let Some(i) = named {
        return Some(i as u8 + 1);
    }
    m.parse::<u8>().ok().filter(|n| (1..=12).contains(n))
}

/// The month of a `date` such as `2023-05` or `2023-05-17`.
fn date_month(e: &BibEntry) -> Option<u8> {
    let date = e.get("date")?;
    let m = date
        .get(5..7)
        .filter(|_| date.as_bytes().get(4) == Some(&b'-'))?;
    m.parse().ok().filter(|n| (1..=12).contains(n))
}

/// "437–455" from "437--455" (already "437–455" from the reader), "437-455", "437 — 455";
/// anything else as written.
fn pages(p: &str) -> String {
    let parts: Vec<&str> = p
        .split(['-', '–', '—', '‐', '−'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    match parts[..] {
        [first, last] => format!("{first}–{last}"),
        _ => p.trim().to_owned(),
    }
}

/// The theme's link fields as links: web addresses only, each once, none repeating `url`
/// (what is left out is noted).
fn links(e: &BibEntry, url: Option<&str>, notes: &mut Vec<String>) -> Vec<Link> {
    let mut links: Vec<Link> = Vec::new();
    for (field, kind, label) in LINK_FIELDS {
        let Some(value) = e.get(field) else { continue };
        if is_identifier(value) {
            continue; // a DOI or arXiv page: read as the identifier
        }
        if let Err(why) = check_url(value) {
            notes.push(format!("{field} {value:?} {why}; left out"));
            continue;
        }
        if url == Some(value) || links.iter().any(|l| l.url == value) {
            continue;
        }
        links.push(Link {
            kind,
            url: value.to_owned(),
            label: label.map(str::to_owned),
        });
    }
    links
}

/// A DOI resolver's or arXiv's address, which the entry's identifiers already hold.
fn is_identifier(url: &str) -> bool {
    let lower = url.to_lowercase();
    lower.contains("doi.org/10.")
        || lower.contains("arxiv.org/abs/")
        || lower.contains("arxiv.org/pdf/")
}

struct Identifiers {
    doi: Option<String>,
    arxiv: Option<String>,
    url: Option<String>,
    /// A `doi` field holding a web address that is no DOI's, kept as a link.
    doi_link: Option<String>,
}

/// The DOI, arXiv id and a remaining URL, each wherever the exporter put it. A `doi` field
/// that holds no DOI is left out with a note (kept as a link when it is a web address), and
/// an `eprint` or `arxiv` field holding a DOI gives the entry's DOI: never is the entry lost.
fn identifiers(e: &BibEntry, notes: &mut Vec<String>) -> Identifiers {
    let mut doi = None;
    let mut doi_link = None;
    if let Some(raw) = e.get("doi") {
        match (doi_in(raw), check_url(raw)) {
            (Some(d), _) => doi = Some(d),
            (None, Ok(())) => {
                notes.push(format!("doi {raw:?} is not a DOI; kept as a link"));
                doi_link = Some(raw.to_owned());
            }
            (None, Err(_)) => {
                let why = check_doi(raw.trim()).err().unwrap_or_default();
                notes.push(format!("doi {raw:?} {why}; left out"));
            }
        }
    }
    // Scholar and some managers put the link in `howpublished = {\url{…}}`.
    let url = e
        .get("url")
        .or_else(|| e.get("howpublished").filter(|h| h.starts_with("http")))
        .map(str::to_owned);
    let eprint_is_arxiv = e
        .get("eprinttype")
        .or_else(|| e.get("archiveprefix"))
        .is_none_or(|t| t.eq_ignore_ascii_case("arxiv"));
    let mut candidates: Vec<String> = Vec::new();
    let eprint = e.get("eprint").filter(|_| eprint_is_arxiv);
    for (field, value) in [("eprint", eprint), ("arxiv", e.get("arxiv"))] {
        let Some(value) = value else { continue };
        match doi_in(value) {
            // arXiv's own DOI restates the id.
            Some(d) if arxiv_doi(&d).is_some() => candidates.extend(arxiv_doi(&d)),
            Some(d) if doi.is_none() => {
                notes.push(format!(
                    "{field} {value:?} is a DOI, not an arXiv id; read as the DOI"
                ));
                doi = Some(d);
            }
            Some(d) => {
                if !doi
                    .as_deref()
                    .is_some_and(|have| have.eq_ignore_ascii_case(&d))
                {
                    notes.push(format!(
                        "{field} {value:?} is a DOI other than the entry's; left out"
                    ));
                }
            }
            None => candidates.extend(arxiv_in(value).or_else(|| Some(value.to_owned()))),
        }
    }
    if let Some(id) = doi.as_deref().and_then(arxiv_doi) {
        // arXiv's own DOI only restates the arXiv id.
        doi = None;
        candidates.push(id);
    }
    for field in [
        "journal",
        "volume",
        "url",
        "howpublished",
        "html",
        "website",
        "pdf",
    ] {
        if let Some(text) = e.get(field) {
            candidates.extend(arxiv_in(text));
        }
    }
    let mut arxiv = None;
    for c in candidates {
        let id = c
            .trim()
            .trim_start_matches("arXiv:")
            .trim_start_matches("arxiv:")
            .to_owned();
        if is_arxiv_id(&id) {
            arxiv = Some(id);
            break;
        }
        let note = format!("arXiv id {id:?} is not a new-style id (YYMM.NNNNN); left out");
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    if doi.is_none() {
        doi = ["url", "html", "website"]
            .iter()
            .filter_map(|f| e.get(f))
            .filter(|u| u.starts_with("http"))
            .filter_map(doi_in)
            .find(|d| arxiv_doi(d).is_none());
    }
    let url = url.filter(|u| {
        if is_identifier(u) {
            return false;
        }
        match check_url(u) {
            Ok(()) => true,
            Err(why) => {
                notes.push(format!("url {u:?} {why}; left out"));
                false
            }
        }
    });
    let (url, doi_link) = match (url, doi_link) {
        (None, link) => (link, None),
        (Some(u), Some(link)) if u == link => (Some(u), None),
        (url, link) => (url, link),
    };
    Identifiers {
        doi,
        arxiv,
        url,
        doi_link,
    }
}

/// The DOI a text holds, in the Crossref shape the dataset takes: alone ("10.1145/…"), after
/// "doi:", or in a resolver's or publisher's address — `doi.org`, `dx.doi.org`, ACM's old
/// `doi.acm.org`, `dl.acm.org/doi/abs/…`, a publisher's `…/doi/full/10.…`.
fn doi_in(text: &str) -> Option<String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let start = if lower.starts_with("10.") {
        0
    } else if let Some(rest) = lower.strip_prefix("doi:") {
        t.len() - rest.trim_start().len()
    } else if lower.starts_with("http://") || lower.starts_with("https://") {
        const MARKERS: [&str; 8] = [
            "doi.org/",
            "doi.acm.org/",
            "/doi/abs/",
            "/doi/full/",
            "/doi/pdf/",
            "/doi/epdf/",
            "/doi/book/",
            "/doi/",
        ];
        MARKERS.iter().find_map(|m| {
            let at = lower.find(m)? + m.len();
            lower[at..].starts_with("10.").then_some(at)
        })?
    } else {
        return None;
    };
    let doi = t[start..].split(['?', '#']).next().unwrap_or("").trim();
    check_doi(doi).ok().map(|()| doi.to_owned())
}

/// The arXiv id of arXiv's own DOI, `10.48550/arXiv.2301.03734` → `2301.03734`.
fn arxiv_doi(doi: &str) -> Option<String> {
    let lower = doi.to_ascii_lowercase();
    lower
        .strip_prefix("10.48550/arxiv.")
        .map(|_| doi["10.48550/arxiv.".len()..].to_owned())
}

/// An arXiv id written inside other text: "arXiv:2502.13965", "abs/2502.13965",
/// "https://arxiv.org/abs/2502.13965v2".
fn arxiv_in(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    // dblp's CoRR volume "abs/2502.13965"; never the "abs/" of another site's address
    // (`dl.acm.org/doi/abs/10.1145/…`).
    let start = ["arxiv.org/abs/", "arxiv.org/pdf/", "arxiv:"]
        .iter()
        .find_map(|m| lower.find(m).map(|i| i + m.len()))
        .or_else(|| {
            lower
                .trim_start()
                .starts_with("abs/")
                .then(|| lower.find("abs/").unwrap_or(0) + 4)
        })?;
    let id: String = text[start..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
        .collect();
    Some(id.trim_end_matches(".pdf").trim_end_matches('.').to_owned()).filter(|s| !s.is_empty())
}

/// The new-style id the validator accepts: `YYMM.NNNN` or `YYMM.NNNNN`, optional `vN`.
fn is_arxiv_id(id: &str) -> bool {
    let base = match id.split_once('v') {
        Some((base, v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => base,
        Some(_) => return false,
        None => id,
    };
    base.split_once('.').is_some_and(|(a, b)| {
        a.len() == 4
            && (4..=5).contains(&b.len())
            && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn entry(kind: &str, fields: &[(&str, &str)]) -> BibEntry {
        let mut all: HashMap<String, String> = [("title", "A Title."), ("year", "2023")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        for (k, v) in fields {
            all.insert(k.to_string(), v.to_string());
        }
        BibEntry {
            key: "DBLP:conf/nsdi/Key23".into(),
            line: 1,
            kind: kind.into(),
            authors: vec!["Ada Lovelace".into()],
            fields: all,
            ..BibEntry::default()
        }
    }

    #[test]
    fn entry_types_map_to_publication_types() {
        use PublicationType::*;
        for (kind, fields, want, arxiv) in [
            (
                "inproceedings",
                vec![("booktitle", "NSDI 2023")],
                Conference,
                false,
            ),
            (
                "conference",
                vec![("booktitle", "NSDI 2023")],
                Conference,
                false,
            ),
            (
                "inproceedings",
                vec![("booktitle", "Workshop on Hot Topics, HotOS 2023")],
                Workshop,
                false,
            ),
            ("article", vec![("journal", "Nature")], Journal, false),
            (
                "article",
                vec![("journal", "CoRR"), ("volume", "abs/2502.13965")],
                Preprint,
                true,
            ),
            (
                "article",
                vec![("journal", "arXiv preprint arXiv:2502.13965")],
                Preprint,
                true,
            ),
            ("article", vec![("eprint", "2502.13965")], Preprint, true),
            ("article", vec![("abbr", "arXiv")], Preprint, true),
            (
                "misc",
                vec![("eprint", "2502.13965"), ("archiveprefix", "arXiv")],
                Preprint,
                true,
            ),
            ("misc", vec![], Preprint, false),
            ("preprint", vec![("arxiv", "2502.13965")], Preprint, true),
            ("unpublished", vec![], Preprint, false),
            (
                "techreport",
                vec![("institution", "EECS, UC Berkeley")],
                Preprint,
                false,
            ),
            ("phdthesis", vec![("school", "UC Berkeley")], Thesis, false),
            (
                "mastersthesis",
                vec![("school", "UC Berkeley")],
                Thesis,
                false,
            ),
            ("online", vec![], Blog, false),
            (
                "www",
                vec![("url", "https://example.org/post")],
                Blog,
                false,
            ),
            (
                "electronic",
                vec![("url", "https://arxiv.org/abs/2301.03734v2")],
                Preprint,
                true,
            ),
        ] {
            let p = judge(&entry(kind, &fields)).expect(kind);
            assert_eq!((p.kind, p.on_arxiv), (want, arxiv), "{kind} {fields:?}");
            assert_eq!(p.title, "A Title");
        }
        for (kind, reason) in [
            (
                "book",
                "@book: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
            ),
            (
                "incollection",
                "@incollection: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
            ),
            (
                "proceedings",
                "a proceedings volume (an editorship), not a paper",
            ),
            (
                "patent",
                "@patent: the directory has no publication type for it",
            ),
            (
                "manual",
                "@manual: the directory has no publication type for it",
            ),
            (
                "booklet",
                "@booklet: the directory has no publication type for it",
            ),
            ("talk", "@talk is not an entry type the importer takes"),
        ] {
            assert_eq!(
                judge(&entry(kind, &[])),
                Err(Reject::Skip(reason.into())),
                "{kind}"
            );
        }
    }

    #[test]
    fn identifiers_are_normalized() {
        let p = judge(&entry(
            "article",
            &[
                ("journal", "CoRR"),
                ("doi", "10.48550/ARXIV.2502.13965"),
                ("url", "https://doi.org/10.48550/arXiv.2502.13965"),
            ],
        ))
        .unwrap();
        assert_eq!(
            (p.doi, p.arxiv.as_deref(), p.url),
            (None, Some("2502.13965"), None)
        );
        let p = judge(&entry(
            "inproceedings",
            &[
                ("doi", "https://doi.org/10.1145/3603269.3604848"),
                ("url", "https://example.org/p.pdf"),
            ],
        ))
        .unwrap();
        assert_eq!(p.doi.as_deref(), Some("10.1145/3603269.3604848"));
        assert_eq!(p.url.as_deref(), Some("https://example.org/p.pdf"));
        let p = judge(&entry(
            "misc",
            &[("eprint", "cs/0112017"), ("archiveprefix", "arXiv")],
        ))
        .unwrap();
        assert_eq!(p.arxiv, None);
        assert_eq!(
            p.notes,
            ["arXiv id \"cs/0112017\" is not a new-style id (YYMM.NNNNN); left out"]
        );
        let p = judge(&entry(
            "misc",
            &[("howpublished", "https://example.org/post")],
        ))
        .unwrap();
        assert_eq!(p.url.as_deref(), Some("https://example.org/post"));
        let p = judge(&entry("misc", &[("url", "https://doi.org/10.1000/xyz")])).unwrap();
        assert_eq!((p.doi.as_deref(), p.url), (Some("10.1000/xyz"), None));
        for (field, value) in [
            ("url", "https://arxiv.org/abs/2301.03734v2"),
            ("url", "https://arxiv.org/pdf/2301.03734v2.pdf"),
            ("eprint", "arXiv:2301.03734v2"),
            ("arxiv", "2301.03734v2"),
            ("arxiv", "https://arxiv.org/abs/2301.03734v2"),
            ("journal", "arXiv preprint arXiv:2301.03734v2"),
        ] {
            let p = judge(&entry("misc", &[(field, value)])).unwrap();
            assert_eq!(
                (p.arxiv.as_deref(), &p.url),
                (Some("2301.03734v2"), &None),
                "{field}"
            );
        }
    }

    #[test]
    fn a_doi_is_read_from_any_address_and_a_field_without_one_never_costs_the_entry() {
        let neurips = "https://proceedings.example.org/paper/2017/hash/abc-Abstract.html";
        for (fields, doi, url, links, notes) in [
            (
                vec![("doi", "http://doi.acm.org/10.1145/1234567.1234568")],
                Some("10.1145/1234567.1234568"),
                None,
                vec![],
                vec![],
            ),
            (
                vec![("doi", "http://dx.doi.org/10.1109/EX.2015.42")],
                Some("10.1109/EX.2015.42"),
                None,
                vec![],
                vec![],
            ),
            (
                vec![("doi", "https://dl.acm.org/doi/10.1145/7654321.7654322")],
                Some("10.1145/7654321.7654322"),
                None,
                vec![],
                vec![],
            ),
            (
                vec![("doi", "https://dl.acm.org/doi/abs/10.1145/7654321.7654322?x=1")],
                Some("10.1145/7654321.7654322"),
                None,
                vec![],
                vec![],
            ),
            (
                vec![("doi", "doi: 10.1000/xyz")],
                Some("10.1000/xyz"),
                None,
                vec![],
                vec![],
            ),
            // Not a DOI at all: left out, the address kept as the link.
            (
                vec![("doi", neurips)],
                None,
                Some(neurips),
                vec![],
                vec![format!("doi {neurips:?} is not a DOI; kept as a link")],
            ),
            (
                vec![("doi", neurips), ("url", "https://example.org/p")],
                None,
                Some("https://example.org/p"),
                vec![neurips],
                vec![format!("doi {neurips:?} is not a DOI; kept as a link")],
            ),
            (
                vec![("doi", "10.1002/(SICI)1097<693>")],
                None,
                None,
                vec![],
                vec![
                    "doi \"10.1002/(SICI)1097<693>\" contains '<', which the Crossref pattern does not allow (letters, digits and - . _ ; ( ) / : only); left out"
                        .to_owned(),
                ],
            ),
            // A DOI where the arXiv id belongs.
            (
                vec![("eprint", "https://doi.org/10.1080/00031305.2018.1459316")],
                Some("10.1080/00031305.2018.1459316"),
                None,
                vec![],
                vec![
                    "eprint \"https://doi.org/10.1080/00031305.2018.1459316\" is a DOI, not an arXiv id; read as the DOI"
                        .to_owned(),
                ],
            ),
            (
                vec![
                    ("doi", "10.1080/00031305.2018.1459316"),
                    ("eprint", "https://doi.org/10.1080/00031305.2018.1459316"),
                ],
                Some("10.1080/00031305.2018.1459316"),
                None,
                vec![],
                vec![],
            ),
            (
                vec![("doi", "10.1000/one"), ("arxiv", "10.1000/two")],
                Some("10.1000/one"),
                None,
                vec![],
                vec![
                    "arxiv \"10.1000/two\" is a DOI other than the entry's; left out".to_owned(),
                ],
            ),
            // A publisher's page holds the DOI; its "abs/" is no arXiv id.
            (
                vec![("url", "https://dl.acm.org/doi/abs/10.1145/3340531.3411985")],
                Some("10.1145/3340531.3411985"),
                Some("https://dl.acm.org/doi/abs/10.1145/3340531.3411985"),
                vec![],
                vec![],
            ),
            (
                vec![("html", "https://www.example.com/science/article/abs/pii/S1566")],
                None,
                None,
                vec!["https://www.example.com/science/article/abs/pii/S1566"],
                vec![],
            ),
        ] {
            let p = judge(&entry("article", &fields)).expect("judged");
            let got_links: Vec<&str> = p.links.iter().map(|l| l.url.as_str()).collect();
            assert_eq!(
                (p.doi.as_deref(), p.url.as_deref(), got_links, &p.notes),
                (doi, url, links, &notes),
                "{fields:?}"
            );
        }
    }

    #[test]
    fn an_article_in_a_known_conference_is_a_conference_paper() {
        use PublicationType::*;
        for (journal, want, note) in [
            ("CVPR", Conference, true),
            (
                "IEEE/CVF Conference on Computer Vision and Pattern Recognition",
                Conference,
                true,
            ),
            ("CVPR Workshops", Workshop, true),
            ("CVPR 2023", Conference, true),
            (
                "Computer Vision and Pattern Recognition (CVPR)",
                Conference,
                true,
            ),
            (
                "Computer Vision and Pattern Recognition (ICCV)",
                Journal,
                false,
            ),
            // Found by its whole text only.
            ("Proc. CVPR and More", Journal, false),
            // The list says NeurIPS papers are also exported as articles.
            (
                "Advances in Neural Information Processing Systems",
                Journal,
                false,
            ),
            ("Journal of Examples", Journal, false),
        ] {
            let p = judge(&entry("article", &[("journal", journal)])).expect(journal);
            assert_eq!(p.kind, want, "{journal}");
            assert_eq!(
                p.venue.map(|v| v.kind),
                Some(match want {
                    Conference => VenueKind::Conference,
                    Workshop => VenueKind::Workshop,
                    _ => VenueKind::Journal,
                }),
                "{journal}"
            );
            assert_eq!(
                p.notes.iter().any(|n| n.contains("read as a")),
                note,
                "{journal}: {:?}",
                p.notes
            );
        }
    }

    #[test]
    fn missing_or_bad_data_is_rejected() {
        let mut e = entry("article", &[]);
        e.fields.remove("title");
        assert_eq!(judge(&e), Err(Reject::Bad("no title".into())));
        let mut e = entry("article", &[]);
        e.authors.clear();
        assert_eq!(judge(&e), Err(Reject::Bad("no author".into())));
        let mut e = entry("article", &[]);
        e.fields.remove("year");
        assert_eq!(judge(&e), Err(Reject::Bad("no year".into())));
    }

    #[test]
    fn a_year_that_is_no_number_dates_only_an_arxiv_preprint() {
        for (kind, year, extra, want) in [
            ("misc", "Preprint", Some(("eprint", "2301.03734")), Ok(2023)),
            (
                "article",
                "to appear",
                Some(("journal", "arXiv preprint arXiv:1912.01234")),
                Ok(2019),
            ),
            ("preprint", "", Some(("arxiv", "2405.00001")), Ok(2024)),
            (
                "misc",
                "Preprint",
                None,
                Err("year \"Preprint\" is not a year"),
            ),
            (
                "inproceedings",
                "in press",
                Some(("eprint", "2301.03734")),
                Err("year \"in press\" is not a year"),
            ),
            (
                "article",
                "forthcoming",
                None,
                Err("year \"forthcoming\" is not a year"),
            ),
            ("inproceedings", "to appear, 2025", None, Ok(2025)),
            (
                "inproceedings",
                "2024--2025",
                None,
                Err("year \"2024--2025\" is not a year"),
            ),
        ] {
            let mut e = entry(kind, &extra.into_iter().collect::<Vec<_>>());
            if year.is_empty() {
                e.fields.remove("year");
            } else {
                e.fields.insert("year".into(), year.into());
            }
            let got = judge(&e).map(|p| p.year).map_err(|r| match r {
                Reject::Bad(why) => why,
                Reject::Skip(why) => format!("skip: {why}"),
            });
            assert_eq!(got, want.map_err(str::to_owned), "{kind} {year:?}");
        }
    }

    #[test]
    fn months_read_in_every_spelling() {
        for (text, want) in [
            ("4", Some(4)),
            ("06", Some(6)),
            ("April", Some(4)),
            ("apr", Some(4)),
            ("Sept.", Some(9)),
            ("07–08 June", Some(6)),
            ("Jun/Jul", Some(6)),
            ("13", None),
            ("spring", None),
        ] {
            assert_eq!(month(text), want, "{text}");
        }
        let p = judge(&entry("misc", &[("date", "2023-05-17")])).unwrap();
        assert_eq!((p.year, p.month), (2023, Some(5)));
    }

    #[test]
    fn pages_take_one_en_dash() {
        for (text, want) in [
            ("437–455", "437–455"),
            ("437-455", "437–455"),
            ("437 — 455", "437–455"),
            ("12:1--12:20", "12:1–12:20"),
            ("e1001", "e1001"),
        ] {
            assert_eq!(pages(text), want, "{text}");
        }
    }

    #[test]
    fn theme_fields_become_links_honours_and_hints() {
        let p = judge(&entry(
            "inproceedings",
            &[
                (
                    "booktitle",
                    "Advances in Neural Information Processing Systems",
                ),
                ("abbr", "NeurIPS"),
                ("award", "Best Paper Award"),
                ("url", "https://example.org/paper"),
                ("pdf", "paper.pdf"),
                ("code", "https://github.com/example/code"),
                ("html", "https://doi.org/10.1000/xyz"),
                ("website", "https://example.org/paper"),
                ("slides", "https://example.org/slides.pdf"),
                ("poster", "/assets/poster.pdf"),
                ("video", "https://www.youtube.com/watch?v=x"),
                ("blog", "https://example.org/blog/post"),
                ("supp", "https://example.org/supp.zip"),
            ],
        ))
        .unwrap();
        let links: Vec<(LinkKind, &str, Option<&str>)> = p
            .links
            .iter()
            .map(|l| (l.kind, l.url.as_str(), l.label.as_deref()))
            .collect();
        assert_eq!(
            links,
            [
                (LinkKind::Code, "https://github.com/example/code", None),
                (
                    LinkKind::Other,
                    "https://example.org/slides.pdf",
                    Some("Slides")
                ),
                (LinkKind::Video, "https://www.youtube.com/watch?v=x", None),
                (LinkKind::Blog, "https://example.org/blog/post", None),
                (
                    LinkKind::Other,
                    "https://example.org/supp.zip",
                    Some("Supplementary material")
                ),
            ]
        );
        assert_eq!(p.doi.as_deref(), Some("10.1000/xyz"));
        assert_eq!(p.honours, ["Best Paper Award"]);
        assert_eq!(p.venue.and_then(|v| v.abbr).as_deref(), Some("NeurIPS"));
        assert_eq!(
            p.notes,
            [
                "pdf \"paper.pdf\" is not an http, https or mailto URL; left out",
                "poster \"/assets/poster.pdf\" is not an http, https or mailto URL; left out",
            ]
        );
        let oral = judge(&entry(
            "inproceedings",
            &[
                ("award", "Selected for an oral talk."),
                ("award_name", "Oral"),
            ],
        ))
        .unwrap();
        assert_eq!(oral.honours, ["Oral"]);
    }

    #[test]
    fn unread_fields_and_local_links_are_counted() {
        let e = entry(
            "article",
            &[
                ("abbr", "JoE"),
                ("selected", "true"),
                ("bibtex_show", "true"),
                ("preview", "fig.png"),
                ("pdf", "paper.pdf"),
                ("code", "https://github.com/x/y"),
            ],
        );
        assert_eq!(
            unused(&e),
            Unused {
                fields: vec!["bibtex_show".into(), "preview".into(), "selected".into()],
                local_links: vec!["pdf".into()],
            }
        );
    }
}
