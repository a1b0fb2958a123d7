//! A source's [`Work`] as the [`Paper`] the BibTeX import also makes, so both go through one
//! judge of duplicates, one venue finder and one merge. Values the dataset's checks would
//! refuse (a DOI that is not one, a link that is no web address) are left out here, each with
//! a note, so one bad value never costs the paper.

use research_atlas::model::validate::{check_arxiv, check_dblp_venue, check_doi, check_url};
use research_atlas::model::{
    CitationSource, Citations, Link, LinkKind, Origin, PublicationType, VenueKind,
};

use super::record::Work;
use crate::bibtex::{Paper, Reject, Sourced, VenueHint};

/// The key a work goes by in reports: `dblp conf/nsdi/LuanXY23`, `OpenAlex W2741809807`.
pub fn key(work: &Work) -> String {
    format!(
        "{} {}",
        work.origin.label(&research_atlas::lang::EN),
        work.id
    )
}

/// `work` as a paper; `today` (`YYYY-MM-DD`) dates its citation count.
pub fn paper(work: &Work, today: &str) -> Result<Paper, Reject> {
    let mut notes = work.notes.clone();
    if work.title.trim().is_empty() {
        return Err(Reject::Bad("no title".into()));
    }
    if work.authors.is_empty() {
        return Err(Reject::Bad("no authors".into()));
    }
    // arXiv's own DOI (`10.48550/arXiv.2301.03734`) names the preprint, not a paper: it
    // gives the arXiv id, and is no DOI of the record (a paper and its preprint are one).
    let arxiv_doi = (work.ids.doi.as_deref()).and_then(|d| {
        let lower = d.to_ascii_lowercase();
        lower
            .strip_prefix("10.48550/arxiv.")
            .map(|_| d[15..].to_owned())
    });
    let from_doi = arxiv_doi.is_some();
    let doi = (work.ids.doi)
        .clone()
        .filter(|_| !from_doi)
        .filter(|d| match check_doi(d) {
            Ok(()) => true,
            Err(why) => {
                notes.push(format!("DOI {d:?} left out: {why}"));
                false
            }
        });
    let arxiv = (work.ids.arxiv)
        .clone()
        .or(arxiv_doi)
        .filter(|a| match check_arxiv(a) {
            Ok(()) => true,
            Err(why) => {
                notes.push(format!("arXiv id {a:?} left out: {why}"));
                false
            }
        });
    let mut links: Vec<Link> = Vec::new();
    for url in &work.ids.links {
        if let Err(why) = check_url(url) {
            notes.push(format!("link {url:?} left out: {why}"));
        } else if !links.iter().any(|l| &l.url == url) {
            let kind = if url.to_ascii_lowercase().ends_with(".pdf") {
                LinkKind::Pdf
            } else {
                LinkKind::Other
            };
            links.push(Link {
                kind,
                url: url.clone(),
                label: None,
            });
        }
    }
    let venue_kind = match work.kind {
        PublicationType::Journal => Some(VenueKind::Journal),
        PublicationType::Conference => Some(VenueKind::Conference),
        PublicationType::Workshop => Some(VenueKind::Workshop),
        _ => None,
    };
    let venue_dblp = (work.venue.as_ref())
        .and_then(|v| v.dblp.clone())
        .filter(|k| match check_dblp_venue(k) {
            Ok(()) => true,
            Err(why) => {
                notes.push(format!("dblp venue key {k:?} left out: {why}"));
                false
            }
        });
    let venue = venue_kind.and_then(|kind| {
        let v = work.venue.as_ref()?;
        Some(VenueHint {
            text: Some(v.name.clone()).filter(|n| !n.trim().is_empty()),
            number: None,
            dblp_stream: (venue_dblp.as_deref())
                .and_then(|k| k.split_once('/'))
                .map(|(_, stream)| stream.to_owned()),
            abbr: None,
            kind,
        })
    });
    let thesis = work.kind == PublicationType::Thesis;
    let citations = work.citations.map(|count| Citations {
        count,
        source: CitationSource::Openalex,
        as_of: today.to_owned(),
    });
    let citations = citations.filter(|_| work.origin == Origin::Openalex);
    Ok(Paper {
        key: key(work),
        title: work.title.clone(),
        authors: work.authors.iter().map(|a| a.name.clone()).collect(),
        authors_incomplete: work.authors_incomplete,
        kind: work.kind,
        on_arxiv: work.kind == PublicationType::Preprint && arxiv.is_some(),
        booktitle: venue.as_ref().and_then(|v| v.text.clone()),
        venue,
        year: work.year,
        month: work.month.filter(|m| (1..=12).contains(m)),
        imprint: work.imprint.clone(),
        location: None,
        school: work.school.clone().filter(|_| thesis),
        thesis_kind: None,
        doi,
        arxiv,
        url: None,
        links,
        honours: Vec::new(),
        notes,
        sourced: Sourced {
            origin: Some((work.origin, work.id.clone())),
            author_ids: (work.authors.iter())
                .map(|a| {
                    [
                        (Origin::Orcid, &a.orcid),
                        (Origin::Dblp, &a.dblp),
                        (Origin::Openalex, &a.openalex),
                    ]
                    .into_iter()
                    .filter_map(|(o, id)| Some((o, id.clone()?)))
                    .collect()
                })
                .collect(),
            abstract_text: work.abstract_text.clone().filter(|a| !a.trim().is_empty()),
            citations,
            venue_dblp,
        },
    })
}
