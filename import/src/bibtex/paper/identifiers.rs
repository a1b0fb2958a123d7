//! Reading an entry's identifiers wherever the exporter put them: the DOI without its resolver
//! (a `doi` field holding none left out with a note, or kept as a link), the new-style arXiv id
//! from `eprint`, `arxiv`, `journal`, a link or arXiv's own DOI, and the URL left over.

use research_atlas::model::validate::{check_doi, check_url};

use super::BibEntry;

/// A DOI resolver's or arXiv's address, which the entry's identifiers already hold.
pub(super) fn is_identifier(url: &str) -> bool {
    let lower = url.to_lowercase();
    lower.contains("doi.org/10.")
        || lower.contains("arxiv.org/abs/")
        || lower.contains("arxiv.org/pdf/")
}

pub(super) struct Identifiers {
    pub(super) doi: Option<String>,
    pub(super) arxiv: Option<String>,
    pub(super) url: Option<String>,
    /// A `doi` field holding a web address that is no DOI's, kept as a link.
    pub(super) doi_link: Option<String>,
}

/// The DOI, arXiv id and a remaining URL, each wherever the exporter put it. A `doi` field
/// that holds no DOI is left out with a note (kept as a link when it is a web address), and
/// an `eprint` or `arxiv` field holding a DOI gives the entry's DOI: never is the entry lost.
pub(super) fn identifiers(e: &BibEntry, notes: &mut Vec<String>) -> Identifiers {
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
                let why = check_doi(raw.trim())
                    .err()
                    .map_or_else(String::new, |e| e.to_string());
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
