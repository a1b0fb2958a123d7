//! One `<r>` record into a [`Work`], or a [`Skip`] saying why not: its publication type, its
//! venue and the fields the dataset takes (the module doc of [`super`] has the table).

use research_atlas::model::PublicationType;

use super::ids::identifiers;
use super::schema::{Author, Publication};
use crate::Error;
use crate::sources::record::{Imprint, Origin, Skip, Work, WorkAuthor, WorkVenue};
use crate::web_text::{MONTH_NAMES, collapse, without_final_period};

/// The work of the `i`-th `<r>`'s record, or where and why it is left out.
pub(super) fn work(i: usize, p: &Publication) -> Result<Work, Skip> {
    let at = match &p.key {
        Some(key) => format!("r[{i}] <{} key={key:?}>", p.element),
        None => format!("r[{i}] <{}>", p.element),
    };
    let skip = |reason: String| Skip {
        at: at.clone(),
        reason,
    };
    let kind = kind(p).map_err(|why| skip(why.to_string()))?;
    let id = p.key.clone().ok_or_else(|| skip("no key".into()))?;
    let title = title(p.title.as_deref().unwrap_or(""));
    if title.is_empty() {
        return Err(skip("no title".into()));
    }
    let year = match p.year.as_deref() {
        None => return Err(skip("no year".into())),
        Some(y) if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => y
            .parse::<u16>()
            .map_err(|_| skip(format!("the year {y:?} is not a year")))?,
        Some(y) => return Err(skip(format!("the year {y:?} is not a year"))),
    };
    let mut notes = Vec::new();
    let preprint = kind == PublicationType::Preprint;
    let ids = identifiers(p, &mut notes);
    let authors = p
        .authors
        .iter()
        .filter_map(|a| {
            let author = author(a);
            if author.name.is_empty() {
                notes.push("an <author> with no name was left out".into());
                return None;
            }
            Some(author)
        })
        .collect();
    let venue = venue(p, kind, &mut notes);
    let month = p.month.as_deref().and_then(|m| {
        let n = month(m);
        if n.is_none() {
            notes.push(format!("month {m:?} is not a month; left out"));
        }
        n
    });
    for n in &p.notes {
        notes.push(match &n.kind {
            Some(kind) => format!("dblp's note ({kind}): {}", n.text),
            None => format!("dblp's note: {}", n.text),
        });
    }
    let mut unknown = p.unknown_entities.clone();
    unknown.dedup();
    for name in unknown {
        notes.push(format!(
            "&{name}; is no entity the reader knows; kept as written"
        ));
    }
    Ok(Work {
        origin: Origin::Dblp,
        id,
        title,
        authors,
        authors_incomplete: false,
        kind,
        venue,
        year,
        month,
        imprint: Imprint {
            // A CoRR volume ("abs/2301.03734") only restates the arXiv id.
            volume: p.volume.clone().filter(|_| !preprint),
            number: p.number.clone().filter(|_| !preprint),
            pages: p.pages.as_deref().map(pages),
            publisher: p.publisher.clone(),
        },
        school: p.school.clone().filter(|_| kind == PublicationType::Thesis),
        ids,
        abstract_text: None,
        citations: None,
        notes,
    })
}

/// The publication type of a record, or why it is none of the directory's.
fn kind(p: &Publication) -> Result<PublicationType, Error> {
    if p.publtype.iter().any(|t| t == "withdrawn") {
        return Err(Error::part("withdrawn (publtype \"withdrawn\")"));
    }
    let key = p.key.as_deref().unwrap_or("");
    Ok(match p.element.as_str() {
        "article" if p.publtype.iter().any(|t| t == "informal") => PublicationType::Preprint,
        "article" if key.starts_with("journals/corr/") => PublicationType::Preprint,
        "article" => PublicationType::Journal,
        "inproceedings" => in_proceedings(p),
        "incollection" if key.starts_with("conf/") => in_proceedings(p),
        "incollection" => {
            return Err(Error::part(
                "a chapter (<incollection>): not a publication type of the directory",
            ));
        }
        "phdthesis" | "mastersthesis" => PublicationType::Thesis,
        "proceedings" => {
            return Err(Error::part(
                "a proceedings volume: an editorship, not a paper",
            ));
        }
        "book" => {
            return Err(Error::part(
                "a book: not a publication type of the directory",
            ));
        }
        "data" => {
            return Err(Error::part(
                "a data set or artifact (<data>): not a publication type of the directory",
            ));
        }
        "www" => return Err(Error::part("a web page record (<www>), not a publication")),
        other => return Err(Error::part(format!("an unknown record <{other}>"))),
    })
}

/// A paper in proceedings: a workshop's when its booktitle or crossref says so.
fn in_proceedings(p: &Publication) -> PublicationType {
    let booktitle = p.booktitle.as_deref().unwrap_or("").to_lowercase();
    let part = p
        .crossref
        .as_deref()
        .and_then(|c| c.rsplit('/').next())
        .unwrap_or("")
        .to_lowercase();
    // `conf/cvpr/2023w`, `conf/icse/2023workshops`: the year, then "w".
    let year_then_w = part.len() > 4
        && part.as_bytes()[..4].iter().all(u8::is_ascii_digit)
        && part.as_bytes()[4] == b'w';
    if booktitle.contains("workshop")
        || booktitle.contains('@')
        || part.contains("workshop")
        || year_then_w
    {
        PublicationType::Workshop
    } else {
        PublicationType::Conference
    }
}

/// Where a conference, workshop or journal paper appeared.
fn venue(p: &Publication, kind: PublicationType, notes: &mut Vec<String>) -> Option<WorkVenue> {
    let (name, field) = match kind {
        PublicationType::Conference | PublicationType::Workshop => (&p.booktitle, "booktitle"),
        PublicationType::Journal => (&p.journal, "journal"),
        _ => return None,
    };
    let Some(name) = name else {
        notes.push(format!("no <{field}>: no venue"));
        return None;
    };
    let dblp = p
        .key
        .as_deref()
        .and_then(venue_key)
        .or_else(|| p.crossref.as_deref().and_then(venue_key));
    Some(WorkVenue {
        name: collapse(name),
        dblp,
        id: None,
    })
}

/// A venue's dblp key from a record's or a crossref's: `conf/osdi/LuanXY23` → `conf/osdi`.
pub(super) fn venue_key(key: &str) -> Option<String> {
    let mut parts = key.split('/');
    let (stream, venue, rest) = (parts.next()?, parts.next()?, parts.next()?);
    (matches!(stream, "conf" | "journals") && !venue.is_empty() && !rest.is_empty())
        .then(|| format!("{stream}/{venue}"))
}

/// An author with dblp's pid and ORCID, the homonym number gone.
fn author(a: &Author) -> WorkAuthor {
    let orcid = a
        .orcid
        .as_deref()
        .map(|o| super::orcid_in(o).unwrap_or_else(|| o.to_owned()));
    WorkAuthor {
        name: without_number(&a.name).to_owned(),
        orcid,
        dblp: a.pid.clone(),
        openalex: None,
    }
}

/// A name without dblp's homonym number: "Wei Wang 0001" → "Wei Wang".
pub(super) fn without_number(name: &str) -> &str {
    match name.trim().rsplit_once(' ') {
        Some((head, tail))
            if tail.len() == 4
                && tail.bytes().all(|b| b.is_ascii_digit())
                && !head.trim().is_empty() =>
        {
            head.trim_end()
        }
        _ => name.trim(),
    }
}

/// The title as plain text: spaces collapsed, dblp's closing period gone (not an ellipsis's).
pub(super) fn title(raw: &str) -> String {
    without_final_period(collapse(raw))
}

/// Pages with each run of dashes one en dash: `12-34` → `12–34`, `1:1-1:22` → `1:1–1:22`.
pub(super) fn pages(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut in_dash = false;
    for c in raw.chars() {
        if matches!(c, '-' | '–' | '—') {
            if !in_dash {
                out.push('–');
            }
            in_dash = true;
        } else {
            out.push(c);
            in_dash = false;
        }
    }
    out
}

/// 1 to 12 from "May", "Sept.", "jan", "07", "June/July" (the first month named).
pub(super) fn month(raw: &str) -> Option<u8> {
    let m = raw.trim().to_lowercase();
    let named = m
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.len() >= 3)
        .find_map(|w| MONTH_NAMES.iter().position(|name| name.starts_with(w)));
    if let Some(i) = named {
        return u8::try_from(i + 1).ok();
    }
    m.parse::<u8>().ok().filter(|n| (1..=12).contains(n))
}
