//! Judging an entry: a [`BibEntry`] becomes a [`Paper`] the directory can hold, or is skipped
//! (not a kind of work the directory records) or rejected (a paper with bad or missing data).
//!
//! Entry types map to publication types: `inproceedings` → conference (workshop when the
//! booktitle says so), `article` → journal (preprint for CoRR / arXiv), `phdthesis` and
//! `mastersthesis` → thesis, `misc`, `techreport`, `unpublished` → preprint, `online` → blog.
//! Identifiers are normalized here: a DOI without its resolver, an arXiv id without `arXiv:`,
//! and arXiv's own DOIs (`10.48550/arXiv.…`) read as the arXiv id they stand for.

use research_atlas::model::{PublicationType, VenueKind};

use super::entry::BibEntry;
use super::venue::VenueHint;

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
    /// A link that is neither the DOI's nor arXiv's page.
    pub url: Option<String>,
    /// What was left out and why, for the report.
    pub notes: Vec<String>,
}

/// Why an entry does not become a paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reject {
    /// Not a kind of work the directory records (a book, a proceedings volume); reported only.
    Skip(String),
    /// A paper whose data is missing or wrong; the import stops.
    Bad(String),
}

/// Turns an entry into a paper, or says why not.
pub fn judge(e: &BibEntry) -> Result<Paper, Reject> {
    let venue_text = e
        .get("booktitle")
        .or_else(|| e.get("journal"))
        .or_else(|| e.get("journaltitle"));
    let arxiv_text = [venue_text, e.get("howpublished"), e.get("publisher")]
        .into_iter()
        .flatten()
        .any(is_arxiv_name);
    let (kind, venue_kind, thesis_kind) = match e.kind.as_str() {
        "inproceedings" | "conference" => {
            let workshop = venue_text.is_some_and(|t| t.to_lowercase().contains("workshop"));
            if workshop {
                (PublicationType::Workshop, Some(VenueKind::Workshop), None)
            } else {
                (
                    PublicationType::Conference,
                    Some(VenueKind::Conference),
                    None,
                )
            }
        }
        "article" if arxiv_text => (PublicationType::Preprint, None, None),
        "article" => (PublicationType::Journal, Some(VenueKind::Journal), None),
        "phdthesis" => (PublicationType::Thesis, None, Some("PhD thesis")),
        "mastersthesis" => (PublicationType::Thesis, None, Some("Master's thesis")),
        "thesis" => (PublicationType::Thesis, None, Some("Thesis")),
        "misc" | "techreport" | "report" | "unpublished" | "preprint" => {
            (PublicationType::Preprint, None, None)
        }
        "online" => (PublicationType::Blog, None, None),
        "proceedings" | "mvproceedings" => {
            return Err(Reject::Skip(
                "a proceedings volume (an editorship), not a paper".into(),
            ));
        }
        "book" | "mvbook" | "inbook" | "bookinbook" | "incollection" | "collection"
        | "mvcollection" => {
            return Err(Reject::Skip(format!(
                "@{}: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
                e.kind
            )));
        }
        other => {
            return Err(Reject::Skip(format!(
                "@{other} is not an entry type the importer takes"
            )));
        }
    };
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
    let year = year(e)?;
    let mut notes = Vec::new();
    let month = e.get("month").and_then(|m| {
        let month = month(m);
        if month.is_none() {
            notes.push(format!("month {m:?} is not a month; left out"));
        }
        month
    });
    let ids = identifiers(e, &mut notes);
    let on_arxiv = kind == PublicationType::Preprint && (arxiv_text || ids.arxiv.is_some());
    let booktitle = venue_text
        .filter(|_| kind != PublicationType::Preprint)
        .map(str::to_owned);
    let venue = venue_kind.map(|kind| VenueHint {
        text: booktitle.clone(),
        number: e.get("number").map(str::to_owned),
        dblp_stream: dblp_stream(&e.key),
        kind,
    });
    let is_report = matches!(e.kind.as_str(), "techreport" | "report");
    let opt = |field: &str| e.get(field).map(str::to_owned);
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
        pages: opt("pages"),
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
        notes,
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

fn year(e: &BibEntry) -> Result<u16, Reject> {
    let raw = e
        .get("year")
        .or_else(|| e.get("date").map(|d| d.get(..4).unwrap_or(d)));
    let raw = raw.ok_or_else(|| Reject::Bad("no year".into()))?;
    raw.trim()
        .parse()
        .ok()
        .filter(|_| raw.trim().len() == 4)
        .ok_or_else(|| Reject::Bad(format!("year {raw:?} is not a year")))
}

/// 1 to 12 from "4", "04", "apr", "April".
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
    if let Ok(n) = m.parse::<u8>() {
        return (1..=12).contains(&n).then_some(n);
    }
    NAMES
        .iter()
        .position(|name| m.len() >= 3 && name.starts_with(m.trim_end_matches('.')))
        .map(|i| i as u8 + 1)
}

struct Identifiers {
    doi: Option<String>,
    arxiv: Option<String>,
    url: Option<String>,
}

/// The DOI, arXiv id and a remaining URL, each wherever the exporter put it.
fn identifiers(e: &BibEntry, notes: &mut Vec<String>) -> Identifiers {
    let mut doi = e.get("doi").map(strip_doi_resolver);
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
    if eprint_is_arxiv && let Some(eprint) = e.get("eprint") {
        candidates.push(eprint.to_owned());
    }
    let from_doi = doi.as_deref().and_then(|d| {
        d.to_lowercase()
            .strip_prefix("10.48550/arxiv.")
            .map(str::to_owned)
    });
    if from_doi.is_some() {
        // arXiv's own DOI only restates the arXiv id.
        doi = None;
    }
    candidates.extend(from_doi);
    for field in ["journal", "volume", "url"] {
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
        notes.push(format!(
            "arXiv id {id:?} is not a new-style id (YYMM.NNNNN); left out"
        ));
    }
    if doi.is_none()
        && let Some(u) = &url
        && let Some(d) = u.split_once("doi.org/").map(|(_, d)| d)
        && !d.to_lowercase().starts_with("10.48550/")
    {
        doi = Some(d.to_owned());
    }
    let url = url.filter(|u| !u.contains("doi.org/") && !u.contains("arxiv.org/"));
    Identifiers { doi, arxiv, url }
}

/// "10.1/x" from "https://doi.org/10.1/x", "doi:10.1/x" or "10.1/x".
fn strip_doi_resolver(doi: &str) -> String {
    let d = doi.trim();
    let lower = d.to_lowercase();
    for prefix in [
        "https://doi.org/",
        "http://doi.org/",
        "https://dx.doi.org/",
        "http://dx.doi.org/",
        "doi:",
    ] {
        if lower.starts_with(prefix) {
            return d[prefix.len()..].trim().to_owned();
        }
    }
    d.to_owned()
}

/// An arXiv id written inside other text: "arXiv:2502.13965", "abs/2502.13965",
/// "https://arxiv.org/abs/2502.13965v2".
fn arxiv_in(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let start = ["arxiv.org/abs/", "arxiv.org/pdf/", "arxiv:", "abs/"]
        .iter()
        .find_map(|m| lower.find(m).map(|i| i + m.len()))?;
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
        BibEntry {
            key: "DBLP:conf/nsdi/Key23".into(),
            line: 1,
            kind: kind.into(),
            authors: vec!["Ada Lovelace".into()],
            more_authors: false,
            fields: fields
                .iter()
                .chain(&[("title", "A Title."), ("year", "2023")])
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<HashMap<_, _>>(),
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
            (
                "misc",
                vec![("eprint", "2502.13965"), ("archiveprefix", "arXiv")],
                Preprint,
                true,
            ),
            ("misc", vec![], Preprint, false),
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
        ] {
            let p = judge(&entry(kind, &fields)).expect(kind);
            assert_eq!((p.kind, p.on_arxiv), (want, arxiv), "{kind} {fields:?}");
            assert_eq!(p.title, "A Title");
        }
        for kind in ["book", "incollection", "proceedings", "patent"] {
            assert!(
                matches!(judge(&entry(kind, &[])), Err(Reject::Skip(_))),
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
        let mut e = entry("article", &[]);
        e.fields.insert("year".into(), "forthcoming".into());
        assert_eq!(
            judge(&e),
            Err(Reject::Bad("year \"forthcoming\" is not a year".into()))
        );
    }

    #[test]
    fn months_read_as_numbers_or_names() {
        for (text, want) in [
            ("4", Some(4)),
            ("April", Some(4)),
            ("apr", Some(4)),
            ("Sept.", Some(9)),
            ("13", None),
            ("spring", None),
        ] {
            assert_eq!(month(text), want, "{text}");
        }
    }
}
