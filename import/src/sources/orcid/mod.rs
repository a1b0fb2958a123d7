//! The ORCID reader: a public record (`https://pub.orcid.org/v3.0/<orcid>/record`, JSON) as a
//! [`Record`]. [`schema`] mirrors ORCID's v3.0 schema; this module maps the person,
//! [`affiliations`] the employments and educations, [`works`] the works. Nothing here looks
//! at the dataset.
//!
//! The document is refused ([`read`]'s `Err`) only when it is not JSON (with its line and
//! column) or not an ORCID record at all: no `orcid-identifier.path`, an iD whose check digit
//! is wrong, or an ORCID error response. Anything less is read around: a section, group,
//! summary or item that does not have the schema's shape, or cannot be mapped, is skipped with
//! its JSON path (`activities-summary.works.group[3].work-summary[0]`) and why, and the rest is
//! read. Every field may be null or absent; unknown fields are ignored.
//!
//! | ORCID | record |
//! | --- | --- |
//! | `orcid-identifier.path` | `profile.id` (the check digit checked) |
//! | `person.name.credit-name` | `name`, the name the person wants to be cited by; "given family" then goes first into `other_names` |
//! | `given-names`, `family-name` | `name` "Given Family" when there is no credit name |
//! | `other-names.other-name[].content` | `other_names`, without the name and repeats |
//! | `biography.content` | `biography` (trimmed, line breaks kept) |
//! | `keywords.keyword[].content` | `keywords`, each split at `,` and `;` (people type a list into one) |
//! | `researcher-urls.researcher-url[]` | `urls`: `url.value` with `url-name` as the label; not `http`/`https` or not a valid URL: skipped |
//! | `external-identifiers.external-identifier[]` | `identifiers`: a dblp or OpenAlex one (by type or address), as its URL or else its value; others (Scopus, ResearcherID, Loop) are ignored |
//! | `employments…employment-summary`, `educations…education-summary` | `employments`, `educations`: one per affiliation group, the preferred summary (see below) |
//! | `organization.name` | `organization`; none: skipped |
//! | `organization.disambiguated-organization` | `organization_ids`: "`SOURCE` identifier" (`ROR https://ror.org/…`, `RINGGOLD 5468`, `GRID grid.…`) |
//! | `department-name`, `role-title` | `department`, `role` |
//! | `organization.address` | `location`: "City, Region, Country" of what is given (the country an ISO code) |
//! | `start-date`, `end-date` | year and month (the day dropped); no end date after a start is `Present`; no year is no date |
//! | `works.group[].work-summary[]` | `works`: one per group, the preferred summary; the others' put-codes in a note |
//! | `put-code` | `id` |
//! | `title.title`, `title.subtitle` | `title`: "Title: Subtitle", plain text, white space collapsed, no trailing period |
//! | `type` | `kind`: below |
//! | `journal-title` | `venue` of a journal, conference or workshop paper (ORCID's journal title holds the proceedings' name); a preprint's or thesis's is left out with a note |
//! | `publication-date` | `year`, `month`; no year: skipped |
//! | `external-ids.external-id[]`, `self` only | `doi` (without resolver; arXiv's own DOI gives the arXiv id), `arxiv` (without `arXiv:`, link or version), `uri`/`url` → `links`; `part-of` (an ISSN) names the venue and is not read; `version-of` DOIs and arXiv ids are noted |
//! | `url` | `links` (a DOI or arXiv page gives the DOI or arXiv id instead) |
//! | — | `authors`: the record's person alone, with the iD; `authors_incomplete` (a summary lists no contributors); no abstract, no citations |
//!
//! Work types:
//!
//! | ORCID `type` | publication type |
//! | --- | --- |
//! | `journal-article`, `magazine-article` | journal |
//! | `conference-paper` | conference; workshop when the journal title says "workshop" |
//! | `preprint`, `working-paper`, `report` | preprint |
//! | `dissertation-thesis` | thesis |
//! | `other` with a `self` arXiv id | preprint, noted |
//! | `conference-abstract`, `conference-poster` | skipped: not a paper |
//! | `book`, `edited-book`, `book-chapter`, `other`, any other | skipped, naming the type |
//!
//! **The preferred summary.** A group holds one work as each source added it (the person, a
//! Crossref import, a university system). ORCID shows the one with the highest
//! `display-index` (the person's "preferred source"; the API lists it first), so that one is
//! read, the first of equals; a summary with no index counts lowest. The same rule picks an
//! affiliation group's summary; the other versions of an affiliation are listed in `skipped`.

mod affiliations;
mod schema;
#[cfg(test)]
mod tests;
mod text;
mod works;

use research_atlas::model::validate::{check_orcid_url, check_url};

use super::{Origin, Profile, Record, Skip, Url, WorkAuthor};
use affiliations::{Section, affiliations};
use schema::{ExternalId, Lenient, OrcidRecord, Person, list, value};
use text::some;
use works::works;

/// Reads an ORCID public record (`https://pub.orcid.org/v3.0/<orcid>/record`, JSON).
pub fn read(json: &str) -> Result<Record, String> {
    let document: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    if !document.is_object() {
        return Err(format!(
            "not an ORCID record: the document is {}, not an object with an `orcid-identifier`",
            shape(&document)
        ));
    }
    let record: OrcidRecord =
        serde_json::from_value(document).map_err(|e| format!("not an ORCID record: {e}"))?;
    let id = orcid_id(&record)?;
    let mut skipped = Vec::new();
    let person = section(record.person.as_ref(), "person", &mut skipped);
    let mut profile = profile(id, person, &mut skipped);
    let activities = section(
        record.activities_summary.as_ref(),
        "activities-summary",
        &mut skipped,
    );
    profile.employments = affiliations(
        activities.and_then(|a| a.employments.as_ref()),
        Section::Employments,
        &mut skipped,
    );
    profile.educations = affiliations(
        activities.and_then(|a| a.educations.as_ref()),
        Section::Educations,
        &mut skipped,
    );
    let author = profile.name.clone().map(|name| WorkAuthor {
        name,
        orcid: Some(profile.id.clone()),
        ..WorkAuthor::default()
    });
    let works = works(
        activities.and_then(|a| a.works.as_ref()),
        author.as_ref(),
        &mut skipped,
    );
    Ok(Record {
        profile,
        works,
        skipped,
    })
}

/// The record's iD, checked; `Err` when the document is no record.
fn orcid_id(record: &OrcidRecord) -> Result<String, String> {
    let identifier = match &record.orcid_identifier {
        Some(Lenient::Ok(identifier)) => identifier,
        Some(Lenient::Bad(why)) => {
            return Err(format!("not an ORCID record: `orcid-identifier`: {why}"));
        }
        None => {
            if let Some(code) = &record.response_code {
                let message = record.developer_message.as_ref().and_then(|m| m.as_str());
                return Err(format!(
                    "an ORCID error response, not a record: {code}{}",
                    message.map(|m| format!(": {m}")).unwrap_or_default()
                ));
            }
            return Err(
                "not an ORCID record: it has no `orcid-identifier` (a record from \
                        https://pub.orcid.org/v3.0/<orcid>/record has one)"
                    .into(),
            );
        }
    };
    let path = identifier.path.as_deref().map(str::trim).unwrap_or("");
    if path.is_empty() {
        return Err("not an ORCID record: `orcid-identifier.path` is missing".into());
    }
    // The check below wants ASCII (it slices by bytes).
    let shaped = path.len() == 19
        && path
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'-' || b == b'X');
    let checked = if shaped {
        check_orcid_url(&format!("https://orcid.org/{path}"))
    } else {
        Err("is not four groups of four digits (0000-0002-1825-0097)".into())
    };
    checked
        .map(|()| path.to_owned())
        .map_err(|why| format!("`orcid-identifier.path` {path:?} is not an ORCID iD: it {why}"))
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

/// What a JSON value is, for a message.
fn shape(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
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
            let checked = if lower.starts_with("http://") || lower.starts_with("https://") {
                check_url(url)
            } else {
                Err("is not an http or https address".into())
            };
            match checked {
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
