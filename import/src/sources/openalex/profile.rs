//! The Author object → [`Profile`]: the id, the name and its other spellings, the ORCID iD,
//! and the institutions seen on the author's papers with the years they were seen and their
//! country (`country_code`, as the location).

use research_atlas::error::Invalid;
use research_atlas::model::validate::check_orcid_url;
use research_atlas::model::{EndDate, PartialDate};
use serde_json::Value;

use super::schema;
use super::text::plain;
use super::{json_error, kind_of, openalex_id, year};
use crate::Error;
use crate::sources::record::{Affiliation, Origin, Profile, Skip};

/// Reads the author document: `Err` when it is not JSON or not an OpenAlex author.
pub(super) fn read_author(text: &str) -> Result<(Profile, Vec<Skip>), Error> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| Error::document(json_error("author", &e)))?;
    let value = match value {
        // `/authors?filter=orcid:…` answers with a page; one result is the author.
        Value::Object(mut page) if page.contains_key("results") => match page.remove("results") {
            Some(Value::Array(mut results)) if results.len() == 1 => results.remove(0),
            Some(Value::Array(results)) => {
                return Err(Error::document(format!(
                    "author: a page of {} results, not one OpenAlex author (https://api.openalex.org/authors/A…)",
                    results.len()
                )));
            }
            _ => {
                return Err(Error::document(
                    "author: a page without a list of results, not an OpenAlex author",
                ));
            }
        },
        value => value,
    };
    if let Some(message) = value.get("error").and_then(Value::as_str) {
        return Err(Error::document(format!(
            "author: an OpenAlex error, not an author: {message}"
        )));
    }
    if !value.is_object() {
        return Err(Error::document(format!(
            "author: {}, not an OpenAlex author object",
            kind_of(&value)
        )));
    }
    let author: schema::Author = serde_json::from_value(value)
        .map_err(|e| Error::document(format!("author: not an OpenAlex author: {e}")))?;
    let mut skipped = Vec::new();
    // An author object has an id; one that is no author id costs only itself: the document is
    // the author its file is named for (the caller checks an id that names another).
    let id = match author.id.as_deref() {
        None => return Err(Error::document("author: no \"id\": not an OpenAlex author")),
        Some(raw) => {
            if let Some((kind, id)) = ['W', 'I', 'S', 'P', 'F', 'T', 'C']
                .into_iter()
                .find_map(|k| Some((k, openalex_id(raw, k)?)))
            {
                return Err(Error::document(format!(
                    "author: id {raw:?} is an OpenAlex {} ({id}), not an author",
                    entity(kind)
                )));
            }
            openalex_id(raw, 'A').unwrap_or_else(|| {
                skipped.push(Skip {
                    at: "author.id".into(),
                    reason: format!(
                        "{raw:?} is not an OpenAlex author id (https://openalex.org/A…)"
                    ),
                });
                String::new()
            })
        }
    };
    let name = author
        .display_name
        .as_deref()
        .map(plain)
        .filter(|n| !n.is_empty());
    let mut profile = Profile {
        id,
        other_names: other_names(name.as_deref(), &author),
        name,
        ..Profile::default()
    };
    let orcid = author
        .orcid
        .as_deref()
        .or(author.ids.as_ref().and_then(|ids| ids.orcid.as_deref()));
    if let Some(raw) = orcid {
        match orcid_id(raw) {
            Ok(id) => profile.identifiers.push((Origin::Orcid, id)),
            Err(why) => skipped.push(Skip {
                at: "author.orcid".into(),
                reason: format!("ORCID {raw:?} {why}"),
            }),
        }
    }
    for (i, value) in author
        .affiliations
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        match affiliation(value) {
            Ok(a) => profile.employments.push(a),
            Err(reason) => skipped.push(Skip {
                at: format!("author.affiliations[{i}]"),
                reason: reason.to_string(),
            }),
        }
    }
    Ok((profile, skipped))
}

/// `display_name_alternatives` in plain text, without the name and without repeats (case and
/// spacing aside).
fn other_names(name: Option<&str>, author: &schema::Author) -> Vec<String> {
    let mut seen: Vec<String> = name.map(str::to_lowercase).into_iter().collect();
    let mut names = Vec::new();
    for alt in author.display_name_alternatives.iter().flatten().flatten() {
        let alt = plain(alt);
        let key = alt.to_lowercase();
        if !alt.is_empty() && !seen.contains(&key) {
            seen.push(key);
            names.push(alt);
        }
    }
    names
}

/// An ORCID iD from `https://orcid.org/…` (or the bare iD), checked; `Err` says why not.
pub(super) fn orcid_id(raw: &str) -> Result<String, Invalid> {
    let t = raw.trim();
    let lower = t.to_ascii_lowercase();
    let bare = ["https://orcid.org/", "http://orcid.org/", "orcid.org/"]
        .iter()
        .find(|p| lower.starts_with(*p))
        .map_or(t, |p| &t[p.len()..])
        .trim_end_matches('/');
    let id = bare.to_ascii_uppercase();
    check_orcid_url(&format!("https://orcid.org/{id}")).map(|()| id)
}

/// One of `affiliations[]`: the institution and the span of years OpenAlex saw it named.
fn affiliation(value: Value) -> Result<Affiliation, Error> {
    let a: schema::Affiliation = serde_json::from_value(value)
        .map_err(|e| Error::part(format!("not an affiliation: {e}")))?;
    let institution = a.institution.unwrap_or_default();
    let organization = institution
        .display_name
        .as_deref()
        .map(plain)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| Error::part("an affiliation with no institution name"))?;
    let mut organization_ids = Vec::new();
    organization_ids.extend(institution.id.as_deref().and_then(|i| openalex_id(i, 'I')));
    organization_ids.extend(
        institution
            .ror
            .map(|r| r.trim().to_owned())
            .filter(|r| r.starts_with("https://ror.org/") && r.len() > "https://ror.org/".len()),
    );
    let years: Vec<u16> = a
        .years
        .iter()
        .flatten()
        .flatten()
        .filter_map(|&y| year(y))
        .collect();
    // The country as the location, as ORCID's addresses end with it: the importer reads an
    // organization's country there.
    let location = institution
        .country_code
        .map(|c| c.trim().to_ascii_uppercase())
        .filter(|c| c.len() == 2 && c.bytes().all(|b| b.is_ascii_uppercase()));
    Ok(Affiliation {
        organization,
        organization_ids,
        location,
        start: years.iter().min().map(|&y| PartialDate::year(y)),
        end: years
            .iter()
            .max()
            .map(|&y| EndDate::Date(PartialDate::year(y))),
        ..Affiliation::default()
    })
}

/// What an OpenAlex id's first letter names.
fn entity(kind: char) -> &'static str {
    match kind {
        'W' => "work",
        'I' => "institution",
        'S' => "source",
        'P' => "publisher",
        'F' => "funder",
        'T' => "topic",
        _ => "concept",
    }
}
