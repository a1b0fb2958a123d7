//! A record's identifiers from its `<ee>`s (and a CoRR volume): the DOI, the arXiv id, and
//! the other web addresses as links, with a note for whatever is left out.

use research_atlas::model::validate::{check_doi, check_url};

use super::schema::Publication;
use crate::sources::record::Identifiers;

/// The DOI (the first), arXiv id and links of a record, noting what is left out.
pub(super) fn identifiers(p: &Publication, notes: &mut Vec<String>) -> Identifiers {
    let mut ids = Identifiers::default();
    let mut arxiv_found: Vec<(String, Option<&str>)> = Vec::new();
    for ee in &p.ee {
        let url = ee.text.as_str();
        if url.is_empty() {
            continue;
        }
        if let Some(doi) = doi_in(url) {
            if let Some(id) = arxiv_of_doi(&doi) {
                arxiv_found.push((id, Some(url)));
                continue;
            }
            match (check_doi(&doi), &ids.doi) {
                (Ok(()), None) => ids.doi = Some(doi),
                (Ok(()), Some(have)) if have.eq_ignore_ascii_case(&doi) => {}
                (Ok(()), Some(_)) => notes.push(format!("a second DOI {doi} was left out")),
                (Err(why), _) => {
                    notes.push(format!("the DOI {doi:?} {why}; kept as a link"));
                    link(&mut ids.links, url, notes);
                }
            }
        } else if let Some(id) = arxiv_of_url(url) {
            arxiv_found.push((id, Some(url)));
        } else {
            link(&mut ids.links, url, notes);
        }
    }
    let corr = p
        .key
        .as_deref()
        .is_some_and(|k| k.starts_with("journals/corr/"))
        || p.journal.as_deref() == Some("CoRR");
    if let Some(id) = p
        .volume
        .as_deref()
        .filter(|_| corr)
        .and_then(|v| v.strip_prefix("abs/"))
    {
        arxiv_found.push((id.to_owned(), None));
    }
    for (id, url) in arxiv_found {
        let id = without_version(&id);
        if is_arxiv_id(id) {
            if ids.arxiv.is_none() {
                ids.arxiv = Some(id.to_owned());
            } else if ids.arxiv.as_deref() != Some(id) {
                notes.push(format!("a second arXiv id {id} was left out"));
            }
            continue;
        }
        let note = format!("arXiv id {id:?} is not a new-style id (YYMM.NNNNN); left out");
        if !notes.contains(&note) {
            notes.push(note);
        }
        if let Some(url) = url {
            link(&mut ids.links, url, notes);
        }
    }
    ids
}

/// Keeps a web address as a link when the dataset would take it, or notes why not.
fn link(links: &mut Vec<String>, url: &str, notes: &mut Vec<String>) {
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        notes.push(format!("<ee> {url:?} is not an http(s) address; left out"));
        return;
    }
    match check_url(url) {
        Ok(()) if !links.iter().any(|l| l == url) => links.push(url.to_owned()),
        Ok(()) => {}
        Err(why) => notes.push(format!("<ee> {url:?} {why}; left out")),
    }
}

/// The DOI in a resolver's address (`https://doi.org/10.1145/…`, `dx.doi.org`, ACM's old
/// `doi.acm.org`), percent-decoded, its case as written.
pub(super) fn doi_in(url: &str) -> Option<String> {
    let lower = url.to_ascii_lowercase();
    let after_scheme = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))?;
    let host_len = ["doi.org/", "dx.doi.org/", "www.doi.org/", "doi.acm.org/"]
        .iter()
        .find(|h| after_scheme.starts_with(*h))?
        .len();
    let start = lower.len() - after_scheme.len() + host_len;
    let doi = url[start..].split(['?', '#']).next().unwrap_or("");
    let doi = percent_decoded(doi);
    doi.starts_with("10.").then_some(doi)
}

/// `%3C` and the like decoded, when they decode to UTF-8; the text as given otherwise.
fn percent_decoded(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .filter(|_| bytes[i] == b'%')
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_owned())
}

/// The arXiv id in arXiv's own DOI: `10.48550/arXiv.2301.03734` → `2301.03734`.
fn arxiv_of_doi(doi: &str) -> Option<String> {
    let prefix = "10.48550/arxiv.";
    doi.to_ascii_lowercase()
        .starts_with(prefix)
        .then(|| doi[prefix.len()..].to_owned())
}

/// The arXiv id in arXiv's address: `https://arxiv.org/abs/2301.03734v2`, `…/pdf/….pdf`.
fn arxiv_of_url(url: &str) -> Option<String> {
    let lower = url.to_ascii_lowercase();
    let after_scheme = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))?;
    let after_host = after_scheme
        .strip_prefix("www.")
        .unwrap_or(after_scheme)
        .strip_prefix("arxiv.org/")?;
    let path_len = ["abs/", "pdf/"]
        .iter()
        .find(|p| after_host.starts_with(*p))?
        .len();
    let start = lower.len() - after_host.len() + path_len;
    let id = url[start..].split(['?', '#']).next().unwrap_or("");
    Some(id.trim_end_matches('/').trim_end_matches(".pdf").to_owned())
}

/// An arXiv id without its version: `2301.03734v2` → `2301.03734`.
fn without_version(id: &str) -> &str {
    match id.rsplit_once('v') {
        Some((base, v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => base,
        _ => id,
    }
}

/// A new-style arXiv id: `YYMM.NNNN` or `YYMM.NNNNN`.
pub(super) fn is_arxiv_id(id: &str) -> bool {
    id.split_once('.').is_some_and(|(a, b)| {
        a.len() == 4
            && (4..=5).contains(&b.len())
            && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
    })
}
