//! Adding a paper as a new record: the importing researcher found among its authors, the other
//! members linked, its venue found or created, its school looked up, and a new id.

use research_atlas::model::{
    Author, Dataset, Link, LinkKind, Origin, Publication, PublicationType, ResearcherId, Venue,
    VenueKind,
};

use super::super::paper::Paper;
use super::super::paper_id;
use super::super::venue::{self, Resolved};
use super::index::Index;
use super::{NewVenue, Outcome, could_each_be, list_on_profile, none_is, sourced};
use crate::names::{Among, Found, People, clean_author, match_key};

pub(super) fn add(
    dataset: &mut Dataset,
    index: &mut Index,
    researcher: &ResearcherId,
    paper: Paper,
    venues_created: &mut Vec<NewVenue>,
) -> Outcome {
    let people = &index.people;
    let key = paper.key.clone();
    let printed: Vec<(String, bool)> = paper.authors.iter().map(|n| clean_author(n)).collect();
    let names: Vec<&str> = printed.iter().map(|(n, _)| n.as_str()).collect();
    let by_id = paper.sourced.author_ids.iter().position(|ids| {
        (ids.iter()).any(|(origin, id)| index.member(*origin, id) == Some(researcher))
    });
    let among = match by_id {
        Some(i) => Among::Exact(i),
        None => people.among(researcher, &names),
    };
    let (mine, matched) = match among {
        Among::Exact(i) => (i, None),
        Among::Near(i, how) => {
            let name = people.name(researcher).unwrap_or(researcher.as_str());
            (i, Some(format!("matched {:?} to {name}: {how}", names[i])))
        }
        Among::Ambiguous(at) => {
            return Outcome::Skipped {
                key,
                reason: format!(
                    "its authors {}; add the exact spelling to alternative_names",
                    could_each_be(dataset, researcher, &names, &at)
                ),
            };
        }
        Among::Absent => {
            return Outcome::Skipped {
                key,
                reason: format!("{} if it is theirs", none_is(dataset, researcher)),
            };
        }
    };
    let mut notes = paper.notes.clone();
    let authors = link_authors(index, &paper, researcher, mine, &printed, &mut notes);
    let resolved = if paper.on_arxiv {
        Some(venue::arxiv(&dataset.venues))
    } else {
        paper
            .venue
            .as_ref()
            .and_then(|h| venue::resolve_in(&mut index.venues, &dataset.venues, h))
    };
    let venue = resolved.map(|r| match r {
        Resolved::Existing(id) => id,
        Resolved::New(v, origin) => {
            let journal = paper.venue.as_ref().map(|h| h.kind) == Some(VenueKind::Journal);
            let created = NewVenue {
                id: v.id.clone(),
                short_name: v.short_name.clone(),
                name: v.name.clone(),
                kind: v.kind,
                origin,
                key: key.clone(),
                field: if journal { "journal" } else { "booktitle" },
            };
            notes.push(created.to_string());
            venues_created.push(created);
            let id = v.id.clone();
            let mut v = v;
            if v.dblp.is_none() {
                v.dblp = paper.sourced.venue_dblp.clone();
            }
            dataset.venues.push(v);
            id
        }
    });
    let venue_kind = venue
        .as_ref()
        .and_then(|id| dataset.venue(id))
        .map(|v: &Venue| v.kind);
    let kind = match (paper.kind, venue_kind) {
        (PublicationType::Conference, Some(VenueKind::Workshop)) => PublicationType::Workshop,
        (k, _) => k,
    };
    let school = paper.school.as_deref().and_then(|s| {
        let key = match_key(s);
        let found = dataset.organizations.iter().find(|o| {
            std::iter::once(&o.name)
                .chain(&o.short_name)
                .chain(&o.aliases)
                .any(|n| match_key(n) == key)
                || o.id.0 == key
        });
        if found.is_none() {
            notes.push(format!(
                "school {s:?} is not in the organizations vocabulary; it is named in the note only"
            ));
        }
        found.map(|o| o.id.clone())
    });
    let note = paper.thesis_kind.map(|k| match &paper.school {
        Some(s) => format!("{k}, {s}"),
        None => k.to_owned(),
    });
    let venue_record = venue.as_ref().and_then(|v| dataset.venue(v));
    let id = paper_id::new_id(
        &|s| index.ids.contains(s),
        &paper.title,
        paper.year,
        venue_record,
        kind,
    );
    let mut links: Vec<Link> = paper
        .url
        .iter()
        .map(|url| Link {
            kind: if url.to_lowercase().ends_with(".pdf") {
                LinkKind::Pdf
            } else {
                LinkKind::Other
            },
            url: url.clone(),
            label: None,
        })
        .collect();
    // The theme's own links (pdf, code, slides, …), each once.
    let extra = paper.sourced.clone();
    for link in paper.links {
        if !links.iter().any(|l| l.url == link.url) {
            links.push(link);
        }
    }
    let mut record = Publication {
        authors_incomplete: paper.authors_incomplete,
        venue,
        booktitle: paper.booktitle,
        month: paper.month,
        volume: paper.imprint.volume,
        number: paper.imprint.number,
        pages: paper.imprint.pages,
        publisher: paper.imprint.publisher,
        location: paper.location,
        school,
        doi: paper.doi,
        arxiv: paper.arxiv,
        links,
        honours: paper.honours,
        note,
        ..Publication::new(id.clone(), paper.title, authors, kind, paper.year)
    };
    sourced::fill_new(&mut record, &extra);
    dataset.publications.push(record);
    let at = dataset.publications.len() - 1;
    index.insert(at, &dataset.publications[at]);
    // A new id: on no profile yet.
    list_on_profile(dataset, researcher, &id);
    Outcome::Added {
        key,
        id,
        matched,
        notes,
    }
}

/// Authors in order, named without their marks and with `equal_contribution` from them; the
/// importing researcher (author `mine`) and every other directory member a name is found to be
/// ([`People::find`]: an exact spelling, or the only near match) are linked, each once.
fn link_authors(
    index: &Index,
    paper: &Paper,
    researcher: &ResearcherId,
    mine: usize,
    printed: &[(String, bool)],
    notes: &mut Vec<String>,
) -> Vec<Author> {
    let mut used: Vec<ResearcherId> = vec![researcher.clone()];
    let mut authors = Vec::with_capacity(printed.len());
    for (i, (name, equal)) in printed.iter().enumerate() {
        let ids = paper
            .sourced
            .author_ids
            .get(i)
            .map_or(&[][..], Vec::as_slice);
        let link = if i == mine {
            Some(researcher.clone())
        } else if let Some(one) = by_identifier(index, ids, &used) {
            notes.push(format!(
                "co-author {name:?} linked to {one} by their identifier"
            ));
            used.push(one.clone());
            Some(one)
        } else {
            co_author(&index.people, name, &mut used, notes)
        };
        authors.push(Author {
            researcher: link,
            equal_contribution: *equal,
            ..Author::new(name.clone())
        });
    }
    authors
}

/// The member one of a co-author's identifiers belongs to, if no author before was them.
fn by_identifier(
    index: &Index,
    ids: &[(Origin, String)],
    used: &[ResearcherId],
) -> Option<ResearcherId> {
    ids.iter()
        .find_map(|(origin, id)| index.member(*origin, id))
        .filter(|one| !used.contains(one))
        .cloned()
}

/// The member a co-author's printed name is, if no author before was them; a note says how.
fn co_author(
    people: &People,
    name: &str,
    used: &mut Vec<ResearcherId>,
    notes: &mut Vec<String>,
) -> Option<ResearcherId> {
    let (one, how) = match people.find(name) {
        Found::Exact(one) => (one, String::new()),
        Found::Near(one, how) => (one, format!(" by a near match: {how}")),
        Found::Ambiguous(several) => {
            let ids: Vec<&str> = several.iter().map(|id| id.as_str()).collect();
            notes.push(format!(
                "{name:?} could be {}; left unlinked",
                ids.join(" or ")
            ));
            return None;
        }
        Found::Unknown => return None,
    };
    if used.contains(one) {
        return None;
    }
    notes.push(format!(
        "co-author {name:?} linked to {one}{how} (not added to their profile; import their file to list it)"
    ));
    used.push(one.clone());
    Some(one.clone())
}
