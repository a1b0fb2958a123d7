//! Works: each group's preferred summary (the groups walked by [`super::groups`]) becomes a
//! [`Work`], or is skipped with its path and why. The mapping of types, identifiers and dates is in the module doc of [`super`].

use research_atlas::error::Invalid;
use research_atlas::model::PublicationType;
use research_atlas::model::validate::{check_arxiv, check_doi, check_url};

use super::affiliations::year;
use super::groups::{unreadable, walk};
use super::schema::{ExternalId, Lenient, WorkSummary, Works, list, value};
use super::text::{some, title};
use crate::Error;
use crate::sources::{Identifiers, Imprint, Origin, Skip, Work, WorkAuthor, WorkVenue};

/// Every work group's preferred summary, in the document's order; `author` (the record's
/// person) is each work's only author. `at` is the section's path (`activities-summary.works`,
/// `works` in an `/activities` answer, empty for a `/works` answer, whose groups are at the
/// top).
pub(super) fn works<'a>(
    section: Option<&'a Lenient<Works>>,
    at: &str,
    author: Option<&WorkAuthor>,
    skipped: &mut Vec<Skip>,
) -> Vec<Work> {
    let groups = match section {
        None => return Vec::new(),
        Some(Lenient::Bad(why)) => {
            // A `/works` answer that is no `Works` has a `group` that is no list.
            let at = if at.is_empty() { "group" } else { at };
            skipped.push(unreadable(at.into(), why));
            return Vec::new();
        }
        Some(Lenient::Ok(w)) => list(&w.group),
    };
    let mut out = Vec::new();
    let group_at = |i| match at {
        "" => format!("group[{i}]"),
        at => format!("{at}.group[{i}]"),
    };
    let summary = |s: &'a WorkSummary, at: String| Ok((at, s));
    walk(groups, group_at, summary, skipped, |group, skipped| {
        let Some(best) = group.best else {
            if group.listed == 0 {
                skipped.push(skip(group.at, "no work-summary".into()));
            }
            return;
        };
        let found = &group.found;
        let others: Vec<String> = (found.iter().enumerate())
            .filter(|(k, _)| *k != best)
            .map(|(_, (_, s))| s.put_code.as_ref().map_or("?".into(), |p| p.text()))
            .collect();
        let (path, summary) = &found[best];
        // A public answer holds only public works; a saved one (a sandbox, a member API's
        // answer) may hold others, which the person did not make public.
        if let Some(Lenient::Ok(v)) = &summary.visibility
            && !v.eq_ignore_ascii_case("public")
        {
            skipped.push(skip(
                path.clone(),
                format!("visibility {v:?}: the person has not made it public"),
            ));
            return;
        }
        match work(summary, author) {
            Ok(mut w) => {
                if !others.is_empty() {
                    w.notes.push(format!(
                        "ORCID's preferred of {} versions from different sources; the others \
                             (put-code {}) were left out",
                        others.len() + 1,
                        others.join(", ")
                    ));
                }
                out.push(w);
            }
            Err(why) => {
                let reason = match others.len() {
                    0 => why.to_string(),
                    n => format!("{why} (ORCID's preferred version; {n} other not read)"),
                };
                skipped.push(skip(path.clone(), reason));
            }
        }
    });
    out
}

/// One summary as a work, or why not.
fn work(s: &WorkSummary, author: Option<&WorkAuthor>) -> Result<Work, Error> {
    let id = s
        .put_code
        .as_ref()
        .map(|p| p.text())
        .filter(|p| !p.is_empty())
        .ok_or_else(|| Error::part("no put-code"))?;
    let mut notes = Vec::new();
    let external = s
        .external_ids
        .as_ref()
        .map_or(&[][..], |e| list(&e.external_id));
    let ids = identifiers(external, value(&s.url), &mut notes);
    let venue = some(value(&s.journal_title));
    let kind = kind(
        s.kind.as_deref(),
        venue.as_deref(),
        ids.arxiv.is_some(),
        &mut notes,
    )?;
    let title = s.title.as_ref();
    let mut name = title
        .and_then(|t| value(&t.title))
        .map(self::title)
        .unwrap_or_default();
    if name.is_empty() {
        return Err(Error::part("no title"));
    }
    if let Some(sub) = title.and_then(|t| value(&t.subtitle)).map(self::title)
        && !sub.is_empty()
        && !name.contains(&sub)
    {
        name = format!("{name}: {sub}");
    }
    let date = s
        .publication_date
        .as_ref()
        .ok_or_else(|| Error::part("no publication date"))?;
    let year = (date.given_year()).ok_or_else(|| Error::part("no year in the publication date"))?;
    let year = self::year(year)
        .ok_or_else(|| Error::part(format!("publication year {:?} is not a year", year.text())))?;
    let month = date.month_number().and_then(|m| {
        m.map_err(|value| notes.push(format!("month {:?} is not a month; left out", value.text())))
            .ok()
    });
    let venue = match (kind, venue) {
        (PublicationType::Preprint | PublicationType::Thesis, Some(v)) => {
            let what = if kind == PublicationType::Thesis {
                "thesis"
            } else {
                "preprint"
            };
            notes.push(format!(
                "journal-title {v:?} left out: a {what} has no venue"
            ));
            None
        }
        (_, v) => v.map(|name| WorkVenue {
            name,
            dblp: None,
            id: None,
        }),
    };
    Ok(Work {
        origin: Origin::Orcid,
        id,
        title: name,
        authors: author.cloned().into_iter().collect(),
        // A summary lists no contributors: the record's person is the one author known.
        authors_incomplete: true,
        kind,
        venue,
        year,
        month,
        imprint: Imprint::default(),
        school: None,
        ids,
        abstract_text: None,
        citations: None,
        notes,
    })
}

/// ORCID's work type as the directory's publication type, or why it is no paper.
fn kind(
    t: Option<&str>,
    venue: Option<&str>,
    arxiv: bool,
    notes: &mut Vec<String>,
) -> Result<PublicationType, Error> {
    // v2.x spells the types as `JOURNAL_ARTICLE`, v3.0 as `journal-article`.
    let t = t
        .map(|t| t.trim().to_ascii_lowercase().replace('_', "-"))
        .filter(|t| !t.is_empty())
        .ok_or_else(|| Error::part("no type"))?;
    let t = t.as_str();
    Ok(match t {
        "journal-article" | "magazine-article" => PublicationType::Journal,
        "conference-paper" if venue.is_some_and(|v| v.to_lowercase().contains("workshop")) => {
            PublicationType::Workshop
        }
        "conference-paper" => PublicationType::Conference,
        "preprint" | "working-paper" | "report" => PublicationType::Preprint,
        // v2.x's `DISSERTATION` became v3.0's `dissertation-thesis`.
        "dissertation-thesis" | "dissertation" => PublicationType::Thesis,
        "other" if arxiv => {
            notes.push("of type other with an arXiv id: read as a preprint".into());
            PublicationType::Preprint
        }
        "conference-abstract" | "conference-poster" => {
            return Err(Error::part(format!("{} (not a paper)", a(t))));
        }
        _ => {
            return Err(Error::part(format!(
                "{} (not a publication type of the directory)",
                a(t)
            )));
        }
    })
}

/// `a book`, `an online resource`, `of type other`.
fn a(t: &str) -> String {
    let words = t.replace('-', " ");
    match t {
        "other" | "undefined" => format!("of type {t}"),
        _ if words.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {words}"),
        _ => format!("a {words}"),
    }
}

/// The DOI, arXiv id and links among the `self` identifiers (`part-of` ones such as an ISSN
/// name the venue; `version-of` ones another version, noted) and the work's `url`.
fn identifiers(
    ids: &[Lenient<ExternalId>],
    url: Option<&str>,
    notes: &mut Vec<String>,
) -> Identifiers {
    let mut out = Identifiers::default();
    for id in ids {
        let id = match id {
            Lenient::Ok(id) => id,
            Lenient::Bad(why) => {
                notes.push(format!(
                    "an external id could not be read ({why}); left out"
                ));
                continue;
            }
        };
        let t = id
            .external_id_type
            .as_deref()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let raw = some(id.external_id_value.as_deref());
        let normalized = some(value(&id.external_id_normalized));
        let Some(raw) = raw.or(normalized.clone()) else {
            continue;
        };
        // `SELF`, `PART_OF` in v2.x; `self`, `part-of`, `version-of` in v3.0.
        let relationship = (id.external_id_relationship.as_deref().unwrap_or(""))
            .trim()
            .to_ascii_lowercase()
            .replace('_', "-");
        if relationship != "self" {
            if relationship == "version-of" && matches!(t.as_str(), "doi" | "arxiv") {
                notes.push(format!(
                    "{t} {raw:?} is another version's (version-of); left out"
                ));
            }
            continue;
        }
        match t.as_str() {
            "doi" => match doi(&raw).or_else(|| normalized.as_deref().and_then(doi)) {
                Some(d) => match arxiv_doi(&d) {
                    // arXiv's own DOI only restates the arXiv id.
                    Some(a) => set(&mut out.arxiv, a, "arXiv id", notes),
                    None => set(&mut out.doi, d, "DOI", notes),
                },
                None => {
                    let why = check_doi(&raw)
                        .err()
                        .map_or_else(String::new, |e| e.to_string());
                    notes.push(format!("doi {raw:?} {why}; left out"));
                }
            },
            "arxiv" => match arxiv(&raw) {
                Ok(a) => set(&mut out.arxiv, a, "arXiv id", notes),
                Err(why) => notes.push(format!("arxiv {raw:?} {why}; left out")),
            },
            "uri" | "url" => link(&raw, &mut out.links, notes),
            _ => {}
        }
    }
    if let Some(url) = url.map(str::trim).filter(|u| !u.is_empty()) {
        // A work's link to its DOI or arXiv page gives the identifier when no `self` id did.
        let lower = url.to_ascii_lowercase();
        if out.doi.is_none() && lower.contains("doi.org/10.") {
            out.doi = doi(url).filter(|d| arxiv_doi(d).is_none());
        }
        if out.arxiv.is_none() && lower.contains("arxiv.org/") {
            out.arxiv = arxiv(url).ok();
        }
        link(url, &mut out.links, notes);
    }
    out
}

/// Keeps the first value; a different second one is noted.
fn set(slot: &mut Option<String>, new: String, what: &str, notes: &mut Vec<String>) {
    match slot {
        None => *slot = Some(new),
        Some(have) if have.eq_ignore_ascii_case(&new) => {}
        Some(_) => notes.push(format!("a second {what} {new} was left out")),
    }
}

/// A DOI without its resolver or `doi:`, when it is one.
fn doi(raw: &str) -> Option<String> {
    let lower = raw.to_ascii_lowercase();
    let start = ["doi.org/", "doi:"]
        .iter()
        .find_map(|p| lower.find(p).map(|at| at + p.len()))
        .unwrap_or(0);
    let d = raw.get(start..)?.trim();
    check_doi(d).is_ok().then(|| d.to_owned())
}

/// `10.48550/arXiv.2301.03734` → `2301.03734`.
fn arxiv_doi(doi: &str) -> Option<String> {
    let lower = doi.to_ascii_lowercase();
    let id = lower.strip_prefix("10.48550/arxiv.")?;
    arxiv(id).ok()
}

/// An arXiv id without `arXiv:`, a link's address or the version, when it is a new-style one.
fn arxiv(raw: &str) -> Result<String, Invalid> {
    let lower = raw.trim().to_ascii_lowercase();
    let start = ["arxiv.org/abs/", "arxiv.org/pdf/", "arxiv:"]
        .iter()
        .find_map(|p| lower.find(p).map(|at| at + p.len()))
        .unwrap_or(0);
    let id = lower.get(start..).unwrap_or("").trim_end_matches(".pdf");
    let id = match id.rsplit_once('v') {
        Some((n, v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => id,
    };
    check_arxiv(id).map(|()| id.to_owned())
}

/// An `http`/`https` address that is no DOI's or arXiv's page, once.
fn link(url: &str, links: &mut Vec<String>, notes: &mut Vec<String>) {
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        notes.push(format!(
            "link {url:?} is not an http or https address; left out"
        ));
        return;
    }
    if lower.contains("doi.org/10.") || lower.contains("arxiv.org/") {
        return;
    }
    match check_url(url) {
        Ok(()) if !links.iter().any(|l| l == url) => links.push(url.to_owned()),
        Ok(()) => {}
        Err(why) => notes.push(format!("link {url:?} {why}; left out")),
    }
}

fn skip(at: String, reason: String) -> Skip {
    Skip { at, reason }
}
