//! The ORCID reader: a public record, or the `/works` or `/activities` answer many tools save
//! instead, of API v3.0, v2.1 or v2.0 (JSON), as a [`Record`]. [`document`] tells which it is
//! by its keys; [`schema`] mirrors ORCID's schemas (the versions share its structs); [`owner`]
//! finds whose an answer is; this module maps the person, [`affiliations`] the employments and
//! educations, [`works`] the works, both walking v3.0's groups of versions through [`groups`].
//! Nothing here looks at the dataset.
//!
//! | document | known by | iD | gives |
//! | --- | --- | --- | --- |
//! | `/v3.0/<iD>/record` | `orcid-identifier` or `activities-summary` at the top | `orcid-identifier.path` | the person, employments, educations, works |
//! | `/v2.0/…/record`, `/v2.1/…/record` | the same | the same | the same; v2.x works have no journal title and no `url` (no venue, links only from identifiers) |
//! | `/activities` (any version) | `works`, `employments`, `educations`, `fundings`, … at the top | see below | employments, educations, works; the name below |
//! | `/works` (any version) | `group` at the top, of `work-summary`s | see below | works; the name below |
//!
//! **An answer's holder.** A `/works` or `/activities` answer has no `orcid-identifier` and no
//! person. Its iD is the one its `path` names (`/0000-0002-1825-0097/works`), else its
//! sections' or items' (`/0000-0002-1825-0097/work/1234`), else an item's `source`:
//! `source-orcid` (`path`, or `uri`), v3.0's `assertion-origin-orcid`. The name is the
//! `source-name` (`assertion-origin-name`) of the first item whose source is that iD: the
//! person added it themselves, and ORCID names them as they show. An iD found with a wrong
//! check digit refuses the document, as a record's does; none found is an empty `profile.id`.
//! Without a name, works have no author.
//!
//! **Refused** ([`read`]'s `Err`): what is not JSON (with its line and column; XML and HTML
//! named: an ORCID answer in XML, a dblp page, a web page); an `orcid-identifier` without a
//! valid iD; and a document of any other kind, named for what it is: ORCID's error response,
//! `/person`, `/personal-details`, `/fundings`, `/employments` and the other sections alone,
//! one item (`/work/1234`), a search answer, an API v1.2 profile (each with the address of the
//! record to save instead, when it says whose it is); an OpenAlex author, work or page, a
//! Crossref work, a dblp search answer, a Semantic Scholar or DataCite document, another
//! service's error. Anything less is read around: a section, group, summary or item that does
//! not have the schema's shape, or cannot be mapped, is skipped with its JSON path
//! (`activities-summary.works.group[3].work-summary[0]`; `works.group[3]…` in an
//! `/activities` answer, `group[3]…` in a `/works` one) and why, and the rest is read. Every
//! field may be null or absent; unknown fields are ignored.
//!
//! | ORCID | record | v2.0, v2.1 |
//! | --- | --- | --- |
//! | `orcid-identifier.path` | `profile.id` (the check digit checked) | the same |
//! | `person.name.credit-name` | `name`, the name the person wants to be cited by; "given family" then goes first into `other_names` | the same |
//! | `given-names`, `family-name` | `name` "Given Family" when there is no credit name | the same |
//! | `other-names.other-name[].content` | `other_names`, without the name and repeats | the same |
//! | `biography.content` | `biography` (trimmed, line breaks kept) | the same |
//! | `keywords.keyword[].content` | `keywords`, each split at `,` and `;` (people type a list into one) | the same |
//! | `researcher-urls.researcher-url[]` | `urls`: `url.value` with `url-name` as the label; not `http`/`https` or not a valid URL: skipped | the same |
//! | `external-identifiers.external-identifier[]` | `identifiers`: a dblp or OpenAlex one (by type or address), as its URL or else its value; others (Scopus, ResearcherID, Loop) are ignored | the same |
//! | `employments.affiliation-group[].summaries[].employment-summary`, `educations…education-summary` | `employments`, `educations`: one per affiliation group, the preferred summary (see below) | `employments.employment-summary[]`, `educations.education-summary[]`: one per summary (no groups, no `display-index`) |
//! | `organization.name` | `organization`; none: skipped | the same |
//! | `organization.disambiguated-organization` | `organization_ids`: "`SOURCE` identifier" (`ROR https://ror.org/…`, `RINGGOLD 5468`, `GRID grid.…`) | the same |
//! | `department-name`, `role-title` | `department`, `role` | the same |
//! | `organization.address` | `location`: "City, Region, Country" of what is given (the country an ISO code) | the same |
//! | `start-date`, `end-date` | year and month (the day dropped); no end date after a start is `Present`; no year is no date | the same |
//! | `works.group[].work-summary[]` | `works`: one per group, the preferred summary; the others' put-codes in a note | the same (`display-index` a string) |
//! | `put-code` | `id` | the same |
//! | `title.title`, `title.subtitle` | `title`: "Title: Subtitle", plain text, white space collapsed, no trailing period | the same |
//! | `type` | `kind`: below | `JOURNAL_ARTICLE`: upper case, `_` for `-` |
//! | `journal-title` | `venue` of a journal, conference or workshop paper (ORCID's journal title holds the proceedings' name); a preprint's or thesis's is left out with a note | none: no venue |
//! | `publication-date` | `year`, `month`; no year: skipped | the same (with `media-type`, unread) |
//! | `external-ids.external-id[]`, `self` only | `doi` (without resolver; arXiv's own DOI gives the arXiv id), `arxiv` (without `arXiv:`, link or version), `uri`/`url` → `links`; `part-of` (an ISSN) names the venue and is not read; `version-of` DOIs and arXiv ids are noted | `SELF`, `PART_OF` (no `version-of`); no `external-id-normalized` |
//! | `url` | `links` (a DOI or arXiv page gives the DOI or arXiv id instead) | none |
//! | — | `authors`: the record's person alone, with the iD; `authors_incomplete` (a summary lists no contributors); no abstract, no citations | the same |
//!
//! Work types (v2.x writes each in upper case with `_`: `JOURNAL_ARTICLE`, `WORKING_PAPER`):
//!
//! | ORCID `type` | publication type |
//! | --- | --- |
//! | `journal-article`, `magazine-article` | journal |
//! | `conference-paper` | conference; workshop when the journal title says "workshop" (v3.0: v2.x has no journal title) |
//! | `preprint` (v3.0), `working-paper`, `report` | preprint |
//! | `dissertation-thesis` (v3.0), `dissertation` (v2.x) | thesis |
//! | `other` with a `self` arXiv id | preprint, noted |
//! | `conference-abstract`, `conference-poster` | skipped: not a paper |
//! | `book`, `edited-book`, `book-chapter`, `other`, any other | skipped, naming the type |
//!
//! **The preferred summary.** A group holds one work as each source added it (the person, a
//! Crossref import, a university system). ORCID shows the one with the highest
//! `display-index` (the person's "preferred source"; the API lists it first), so that one is
//! read, the first of equals; a summary with no index counts lowest. The same rule picks a
//! v3.0 affiliation group's summary; the other versions of an affiliation are listed in
//! `skipped`.

mod affiliations;
mod document;
mod groups;
mod owner;
mod schema;
#[cfg(test)]
mod tests;
mod text;
mod works;

use research_atlas::model::validate::check_url;

use super::{Origin, Profile, Record, Skip, Url, WorkAuthor};
use crate::Error;
use affiliations::{Section, affiliations};
use document::Document;
use owner::Clues;
use schema::{ActivitiesSummary, ExternalId, Lenient, OrcidRecord, Person, Works, list, value};
use text::some;
use works::works;

/// Reads an ORCID record (`/record`), or an `/activities` or `/works` answer, of API v3.0,
/// v2.1 or v2.0 (JSON).
pub fn read(json: &str) -> Result<Record, Error> {
    // What a Windows tool saves may begin with a byte-order mark.
    let json = json.strip_prefix('\u{feff}').unwrap_or(json);
    let document: serde_json::Value =
        serde_json::from_str(json).map_err(|e| Error::document(document::not_json(json, &e)))?;
    match document::what(&document)? {
        Document::Record => record(document),
        Document::Activities => activities(document),
        Document::Works => works_answer(document),
    }
}

/// A whole record: the person, and the activities summary.
fn record(document: serde_json::Value) -> Result<Record, Error> {
    let record: OrcidRecord = serde_json::from_value(document)
        .map_err(|e| Error::document(format!("not an ORCID record: {e}")))?;
    let id = match &record.orcid_identifier {
        Some(identifier) => owner::recorded(identifier)?,
        // A record cut down to its activities: whose it is, as an answer says.
        None => {
            let mut clues = Clues::default();
            clues.path("path".into(), record.path.as_ref());
            if let Some(Lenient::Ok(activities)) = &record.activities_summary {
                clues.activities("activities-summary", activities);
            }
            clues.id()?
        }
    };
    let mut skipped = Vec::new();
    let person = section(record.person.as_ref(), "person", &mut skipped);
    let profile = profile(id, person, &mut skipped);
    let activities = section(
        record.activities_summary.as_ref(),
        "activities-summary",
        &mut skipped,
    );
    Ok(with_activities(
        profile,
        activities,
        "activities-summary",
        skipped,
    ))
}

/// An `/activities` answer: the activities summary alone, at the top.
fn activities(document: serde_json::Value) -> Result<Record, Error> {
    let activities: ActivitiesSummary = serde_json::from_value(document)
        .map_err(|e| Error::document(format!("not an ORCID /activities answer: {e}")))?;
    let mut clues = Clues::default();
    clues.activities("", &activities);
    let profile = holder(&clues)?;
    Ok(with_activities(profile, Some(&activities), "", Vec::new()))
}

/// A `/works` answer: the works section alone, its groups at the top.
fn works_answer(document: serde_json::Value) -> Result<Record, Error> {
    let section: Lenient<Works> = serde_json::from_value(document)
        .map_err(|e| Error::document(format!("not an ORCID /works answer: {e}")))?;
    let mut clues = Clues::default();
    clues.works("", Some(&section));
    let profile = holder(&clues)?;
    let mut skipped = Vec::new();
    let works = works(Some(&section), "", author(&profile).as_ref(), &mut skipped);
    Ok(Record {
        profile,
        works,
        skipped,
    })
}

/// The profile an answer without a person gives: the iD and the name its items give.
fn holder(clues: &Clues) -> Result<Profile, Error> {
    let id = clues.id()?;
    Ok(Profile {
        name: clues.name(&id),
        id,
        ..Profile::default()
    })
}

/// The profile with the affiliations of `activities` (found at `at`), and its works with the
/// profile's person as their author.
fn with_activities(
    mut profile: Profile,
    activities: Option<&ActivitiesSummary>,
    at: &str,
    mut skipped: Vec<Skip>,
) -> Record {
    for (which, into) in [
        (Section::Employments, &mut profile.employments),
        (Section::Educations, &mut profile.educations),
    ] {
        let section = activities.and_then(|a| match which {
            Section::Employments => a.employments.as_ref(),
            Section::Educations => a.educations.as_ref(),
        });
        *into = affiliations(section, which, &under(at, which.name()), &mut skipped);
    }
    let author = author(&profile);
    let works = works(
        activities.and_then(|a| a.works.as_ref()),
        &under(at, "works"),
        author.as_ref(),
        &mut skipped,
    );
    Record {
        profile,
        works,
        skipped,
    }
}

/// The record's person as a work's author, when they have a name.
fn author(profile: &Profile) -> Option<WorkAuthor> {
    profile.name.clone().map(|name| WorkAuthor {
        name,
        orcid: Some(profile.id.clone()).filter(|id| !id.is_empty()),
        ..WorkAuthor::default()
    })
}

/// `key` under the JSON path `at` (`activities-summary.works`; `works` at the top).
fn under(at: &str, key: &str) -> String {
    match at {
        "" => key.to_owned(),
        at => format!("{at}.{key}"),
    }
}

/// A section as read, or `None` with a skip when it has not the schema's shape.
fn section<'a, T>(s: Option<&'a Lenient<T>>, at: &str, skipped: &mut Vec<Skip>) -> Option<&'a T> {
    match s? {
        Lenient::Ok(t) => Some(t),
        Lenient::Bad(why) => {
            skipped.push(skip(at, format!("unreadable: {why}")));
            None
        }
    }
}

/// The person's part of the profile: everything but the affiliations.
fn profile(id: String, person: Option<&Person>, skipped: &mut Vec<Skip>) -> Profile {
    let mut profile = Profile {
        id,
        ..Profile::default()
    };
    let Some(person) = person else { return profile };
    let mut names = Vec::new();
    if let Some(name) = section(person.name.as_ref(), "person.name", skipped) {
        let credit = some(value(&name.credit_name));
        let parts: Vec<String> = [&name.given_names, &name.family_name]
            .into_iter()
            .filter_map(|p| some(value(p)))
            .collect();
        let full = (!parts.is_empty()).then(|| parts.join(" "));
        profile.name = credit.clone().or(full.clone());
        names.extend(full.filter(|_| credit.is_some()));
    }
    if let Some(other) = section(person.other_names.as_ref(), "person.other-names", skipped) {
        for (i, item) in list(&other.other_name).iter().enumerate() {
            let at = format!("person.other-names.other-name[{i}]");
            if let Some(c) = item_of(item, &at, skipped) {
                names.extend(some(c.content.as_deref()));
            }
        }
    }
    for name in names {
        if profile.name.as_ref() != Some(&name) && !profile.other_names.contains(&name) {
            profile.other_names.push(name);
        }
    }
    if let Some(bio) = section(person.biography.as_ref(), "person.biography", skipped) {
        profile.biography = bio
            .content
            .as_deref()
            .map(|b| b.replace("\r\n", "\n").trim().to_owned())
            .filter(|b| !b.is_empty());
    }
    if let Some(keywords) = section(person.keywords.as_ref(), "person.keywords", skipped) {
        for (i, item) in list(&keywords.keyword).iter().enumerate() {
            let at = format!("person.keywords.keyword[{i}]");
            let Some(c) = item_of(item, &at, skipped) else {
                continue;
            };
            for word in c.content.as_deref().unwrap_or("").split([',', ';']) {
                let word = crate::web_text::plain(word);
                if !word.is_empty()
                    && !profile
                        .keywords
                        .iter()
                        .any(|k| k.eq_ignore_ascii_case(&word))
                {
                    profile.keywords.push(word);
                }
            }
        }
    }
    if let Some(urls) = section(
        person.researcher_urls.as_ref(),
        "person.researcher-urls",
        skipped,
    ) {
        for (i, item) in list(&urls.researcher_url).iter().enumerate() {
            let at = format!("person.researcher-urls.researcher-url[{i}]");
            let Some(u) = item_of(item, &at, skipped) else {
                continue;
            };
            let Some(url) = value(&u.url).map(str::trim).filter(|u| !u.is_empty()) else {
                skipped.push(skip(&at, "no url".into()));
                continue;
            };
            let lower = url.to_ascii_lowercase();
            if !(lower.starts_with("http://") || lower.starts_with("https://")) {
                let why = "is not an http or https address";
                skipped.push(skip(&at, format!("{url:?} {why}")));
                continue;
            }
            match check_url(url) {
                Err(why) => skipped.push(skip(&at, format!("{url:?} {why}"))),
                Ok(()) if profile.urls.iter().any(|have| have.url == url) => {}
                Ok(()) => profile.urls.push(Url {
                    label: some(u.url_name.as_deref()),
                    url: url.to_owned(),
                }),
            }
        }
    }
    let ids = section(
        person.external_identifiers.as_ref(),
        "person.external-identifiers",
        skipped,
    );
    for (i, item) in ids
        .map_or(&[][..], |e| list(&e.external_identifier))
        .iter()
        .enumerate()
    {
        let at = format!("person.external-identifiers.external-identifier[{i}]");
        if let Some(found) = item_of(item, &at, skipped).and_then(identifier)
            && !profile.identifiers.contains(&found)
        {
            profile.identifiers.push(found);
        }
    }
    profile
}

/// A person's identifier in dblp or OpenAlex, by its type or address: its URL when given,
/// else its value.
fn identifier(id: &ExternalId) -> Option<(Origin, String)> {
    let t = id
        .external_id_type
        .as_deref()
        .unwrap_or("")
        .to_ascii_lowercase();
    let url = some(value(&id.external_id_url)).filter(|u| {
        let lower = u.to_ascii_lowercase();
        lower.starts_with("http://") || lower.starts_with("https://")
    });
    let where_ = format!("{t} {}", url.as_deref().unwrap_or("")).to_ascii_lowercase();
    let origin = if where_.contains("dblp") {
        Origin::Dblp
    } else if where_.contains("openalex") {
        Origin::Openalex
    } else {
        return None;
    };
    Some((
        origin,
        url.or_else(|| some(id.external_id_value.as_deref()))?,
    ))
}

/// A list item as read, or `None` with a skip.
fn item_of<'a, T>(item: &'a Lenient<T>, at: &str, skipped: &mut Vec<Skip>) -> Option<&'a T> {
    section(Some(item), at, skipped)
}

fn skip(at: &str, reason: String) -> Skip {
    Skip {
        at: at.to_owned(),
        reason,
    }
}
