//! A work's DOI, arXiv id and links: the DOI without its resolver, the arXiv id from an arXiv
//! page in any location or from arXiv's own DOI, and the landing and PDF pages left over.

use research_atlas::model::validate::{check_arxiv, check_doi, check_url};

use super::link_locations;
use crate::sources::openalex::schema;
use crate::sources::record::Identifiers;

/// The DOI, arXiv id and links of a work; what is left out is noted.
pub(super) fn read(w: &schema::Work, notes: &mut Vec<String>) -> Identifiers {
    let raw_doi = w
        .doi
        .as_deref()
        .or(w.ids.as_ref().and_then(|ids| ids.doi.as_deref()))
        .map(str::trim)
        .filter(|d| !d.is_empty());
    let doi = raw_doi.and_then(|raw| {
        let doi = without_resolver(raw);
        match check_doi(doi) {
            Ok(()) => Some(doi.to_owned()),
            Err(why) => {
                notes.push(format!("DOI {raw:?} {why}; left out"));
                None
            }
        }
    });
    let pages = w
        .primary_location
        .iter()
        .chain(w.locations.iter().flatten().flatten())
        .chain(w.best_oa_location.iter())
        .flat_map(|l| [l.landing_page_url.as_deref(), l.pdf_url.as_deref()])
        .flatten();
    let candidates = pages
        .filter_map(arxiv_in_url)
        .chain(doi.as_deref().and_then(arxiv_doi));
    let mut arxiv = None;
    for id in candidates {
        match check_arxiv(&id) {
            Ok(()) => {
                arxiv = Some(id);
                break;
            }
            Err(why) => {
                let note = format!("arXiv id {id:?} {why}; left out");
                if !notes.contains(&note) {
                    notes.push(note);
                }
            }
        }
    }
    let mut links: Vec<String> = Vec::new();
    for url in link_locations(w)
        .flat_map(|l| [l.landing_page_url.as_deref(), l.pdf_url.as_deref()])
        .flatten()
        .map(str::trim)
    {
        if is_identifier_page(url, doi.as_deref(), arxiv.as_deref())
            || links.iter().any(|l| l == url)
        {
            continue;
        }
        match check_url(url) {
            Ok(()) if url.starts_with("http") => links.push(url.to_owned()),
            Ok(()) => {}
            Err(why) => notes.push(format!("link {url:?} {why}; left out")),
        }
    }
    Identifiers { doi, arxiv, links }
}

/// `https://doi.org/10.…` → `10.…` (also `dx.doi.org`, `http`, `doi:`).
fn without_resolver(raw: &str) -> &str {
    let lower = raw.to_ascii_lowercase();
    [
        "https://doi.org/",
        "http://doi.org/",
        "https://dx.doi.org/",
        "http://dx.doi.org/",
        "doi:",
    ]
    .iter()
    .find(|p| lower.starts_with(*p))
    .map_or(raw, |p| raw[p.len()..].trim())
}

/// The arXiv id of arXiv's own DOI, `10.48550/arXiv.2301.03734` → `2301.03734`.
fn arxiv_doi(doi: &str) -> Option<String> {
    const PREFIX: &str = "10.48550/arxiv.";
    doi.to_ascii_lowercase()
        .starts_with(PREFIX)
        .then(|| without_version(&doi[PREFIX.len()..]))
        .filter(|id| !id.is_empty())
}

/// The arXiv id of an arXiv page, `http://arxiv.org/abs/2301.03734v2` → `2301.03734`; an
/// old-style id (`hep-th/9901001`) is returned whole for the check to refuse.
fn arxiv_in_url(url: &str) -> Option<String> {
    let lower = url.to_ascii_lowercase();
    let rest = ["arxiv.org/abs/", "arxiv.org/pdf/"]
        .iter()
        .find_map(|m| lower.find(m).map(|at| &url[at + m.len()..]))?;
    let id = rest
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .trim_end_matches('/');
    let id = id.strip_suffix(".pdf").unwrap_or(id);
    Some(without_version(id)).filter(|id| !id.is_empty())
}

/// `2301.03734v2` → `2301.03734`.
fn without_version(id: &str) -> String {
    match id.rsplit_once('v') {
        Some((base, v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
            base.to_owned()
        }
        _ => id.to_owned(),
    }
}

/// A resolver's page of the work's DOI (or of arXiv's DOI for its arXiv id), or arXiv's page
/// of its arXiv id: the identifiers already hold it.
fn is_identifier_page(url: &str, doi: Option<&str>, arxiv: Option<&str>) -> bool {
    let lower = url.to_ascii_lowercase();
    if let Some(at) = lower.find("doi.org/") {
        let of = &url[at + "doi.org/".len()..];
        let same = |d: &str| of.eq_ignore_ascii_case(d);
        return doi.is_some_and(same)
            || arxiv.is_some_and(|a| arxiv_doi(of).is_some_and(|id| id == a));
    }
    arxiv.is_some_and(|a| arxiv_in_url(url).is_some_and(|id| id == a))
}
