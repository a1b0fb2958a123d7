//! The fields besides the entry's type and identifiers: the year (never made up), the month in
//! every spelling, pages with one en dash, the theme's link fields as links; and which fields
//! no rule reads, counted for the report ([`unused`]).

use research_atlas::model::validate::check_url;
use research_atlas::model::{Link, LinkKind, PublicationType};

use super::identifiers::is_identifier;
use super::{BibEntry, Reject};
use crate::bibtex::text::MONTH_NAMES;

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

/// The year: the `year` field (or `date`'s), a lone four-digit year inside text such as
/// "to appear, 2024", or for a preprint its arXiv id's (`2301.…` → 2023). Never made up.
pub(super) fn year(
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
pub(super) fn month(m: &str) -> Option<u8> {
    let m = m.trim().to_lowercase();
    let named = m
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() >= 3)
        .find_map(|w| MONTH_NAMES.iter().position(|name| name.starts_with(w)));
    if let Some(i) = named {
        return Some(i as u8 + 1);
    }
    m.parse::<u8>().ok().filter(|n| (1..=12).contains(n))
}

/// The month of a `date` such as `2023-05` or `2023-05-17`.
pub(super) fn date_month(e: &BibEntry) -> Option<u8> {
    let date = e.get("date")?;
    let m = date
        .get(5..7)
        .filter(|_| date.as_bytes().get(4) == Some(&b'-'))?;
    m.parse().ok().filter(|n| (1..=12).contains(n))
}

/// "437–455" from "437--455" (already "437–455" from the reader), "437-455", "437 — 455";
/// anything else as written.
pub(super) fn pages(p: &str) -> String {
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
pub(super) fn links(e: &BibEntry, url: Option<&str>, notes: &mut Vec<String>) -> Vec<Link> {
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
