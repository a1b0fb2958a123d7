//! What a document is, by its keys, before it is read: an ORCID record, an `/activities`
//! answer or a `/works` answer — of API v3.0, v2.1 or v2.0 alike, as they share their
//! top-level keys — which are read; or anything else, which is refused with its name ("an
//! ORCID /person answer", "an OpenAlex author", "a Crossref work"), so that whoever saved it
//! knows what to save instead. Keys decide, not values: a record whose parts are all of the
//! wrong shape is still a record, and is read around.

use serde_json::{Map, Value};

use super::owner::{named, shaped};
use crate::Error;

/// A document the reader reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Document {
    /// `/record`: `orcid-identifier` or `activities-summary` at the top.
    Record,
    /// `/activities`: the activity sections (`works`, `employments`, …) at the top.
    Activities,
    /// `/works`: `group`s of `work-summary` at the top.
    Works,
}

/// The activity sections of `/activities` (v3.0 has them all; v2.x the first five).
const ACTIVITIES: [&str; 11] = [
    "works",
    "employments",
    "educations",
    "fundings",
    "peer-reviews",
    "distinctions",
    "invited-positions",
    "memberships",
    "qualifications",
    "services",
    "research-resources",
];

/// The sections of `/person`.
const PERSON: [&str; 8] = [
    "name",
    "other-names",
    "biography",
    "researcher-urls",
    "emails",
    "addresses",
    "keywords",
    "external-identifiers",
];

/// A document the reader does not read, named.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Other {
    /// Another of ORCID's answers: "an ORCID /person answer".
    Orcid(String),
    /// Another source's document: "an OpenAlex author (…)".
    Elsewhere(String),
}

/// What `doc` is; `Err` names what it is when it is nothing the reader reads.
pub(super) fn what(doc: &Value) -> Result<Document, Error> {
    let Value::Object(map) = doc else {
        return Err(Error::document(not_an_object(doc)));
    };
    kind(map).map_err(|what| Error::document(refusal(map, what)))
}

/// A document the reader reads, or the name of what it is (`None`: unknown).
fn kind(map: &Map<String, Value>) -> Result<Document, Option<Other>> {
    let has = |k: &str| map.contains_key(k);
    if has("orcid-identifier") || has("activities-summary") {
        return Ok(Document::Record);
    }
    let tail = tail(map);
    if tail == "activities" || ACTIVITIES.iter().any(|k| has(k)) {
        return Ok(Document::Activities);
    }
    if has("group") {
        // `/fundings` and `/peer-reviews` are groups too; their summaries say which.
        let first = (map.get("group").and_then(Value::as_array))
            .and_then(|g| g.first())
            .and_then(Value::as_object);
        let by_summary = |k: &str| first.is_some_and(|g| g.contains_key(k));
        let section = match tail {
            "" if by_summary("funding-summary") => "fundings",
            "" if by_summary("peer-review-group") || by_summary("peer-review-summary") => {
                "peer-reviews"
            }
            "" if by_summary("research-resource-summary") => "research-resources",
            "" => "works",
            tail => tail,
        };
        return match section {
            "works" => Ok(Document::Works),
            section => Err(Some(Other::Orcid(format!("an ORCID /{section} answer")))),
        };
    }
    Err(orcid(map, tail)
        .map(Other::Orcid)
        .or_else(|| elsewhere(map).map(Other::Elsewhere)))
}

/// Which other ORCID answer a document is, when it is one.
fn orcid(map: &Map<String, Value>, tail: &str) -> Option<String> {
    let has = |k: &str| map.contains_key(k);
    // v1.x wrapped everything in `message-version`, as Crossref does: its keys tell.
    if has("orcid-profile") || has("orcid-search-results") || has("error-desc") {
        let version = map
            .get("message-version")
            .and_then(Value::as_str)
            .unwrap_or("1.x");
        return Some(format!(
            "an ORCID API v{version} answer (`orcid-profile`), older than v2.0"
        ));
    }
    if has("bulk") {
        return Some("an ORCID answer of whole works by put-code (`bulk`)".into());
    }
    if has("num-found") || has("expanded-result") {
        return Some("an ORCID search answer".into());
    }
    if has("affiliation-group") || has("employment-summary") || has("education-summary") {
        let section = match tail {
            "" if has("employment-summary") => "employments",
            "" if has("education-summary") => "educations",
            "" => "affiliations",
            tail => tail,
        };
        return Some(format!("an ORCID /{section} answer"));
    }
    if let Some((section, put_code)) = tail.split_once('/') {
        return Some(format!(
            "an ORCID /{section}/{put_code} answer (one {section})"
        ));
    }
    let person = PERSON.iter().filter(|k| has(k)).count();
    if tail == "person"
        || tail == "personal-details"
        || (person >= 2 && !has("put-code") && !has("authorId"))
    {
        let only_details = ["emails", "addresses", "researcher-urls", "keywords"]
            .iter()
            .all(|k| !has(k))
            && !has("external-identifiers");
        let which = match tail {
            "person" | "personal-details" => tail,
            _ if only_details => "personal-details",
            _ => "person",
        };
        return Some(format!("an ORCID /{which} answer"));
    }
    if !tail.is_empty() {
        return Some(format!("an ORCID /{tail} answer"));
    }
    if has("put-code") {
        let what = if has("organization") {
            "affiliation"
        } else if has("type") && has("title") {
            "work"
        } else {
            "item"
        };
        let code = map.get("put-code").map(short).unwrap_or_default();
        return Some(format!("one ORCID {what} (put-code {code})"));
    }
    None
}

/// A document of another source, or another source's error.
fn elsewhere(map: &Map<String, Value>) -> Option<String> {
    let has = |k: &str| map.contains_key(k);
    let text = |k: &str| map.get(k).and_then(Value::as_str).map(str::trim);
    if let Some(id) = text("id")
        && let Some(rest) = strip_prefix_ci(id, "https://openalex.org/")
    {
        let what = match rest.bytes().next().map(|b| b.to_ascii_uppercase()) {
            Some(b'A') => "author",
            Some(b'W') => "work",
            Some(b'I') => "institution",
            Some(b'S') => "source",
            Some(b'P') => "publisher",
            Some(b'F') => "funder",
            Some(b'T') => "topic",
            Some(b'C') => "concept",
            _ => "entity",
        };
        return Some(format!("an OpenAlex {what} ({id})"));
    }
    if has("meta") && has("results") {
        return Some("a page of OpenAlex results (`meta`, `results`)".into());
    }
    if let Some(t) = text("message-type")
        && has("message")
    {
        return Some(match t {
            "work" => "a Crossref work".into(),
            "work-list" => "a Crossref list of works".into(),
            t => format!("a Crossref answer (`message-type` {t:?})"),
        });
    }
    if has("DOI") && (has("title") || has("container-title")) {
        return Some("a Crossref or CSL-JSON work (`DOI`)".into());
    }
    if map
        .get("result")
        .and_then(Value::as_object)
        .is_some_and(|r| r.contains_key("hits"))
    {
        return Some("a dblp search answer".into());
    }
    if has("authorId") {
        return Some("a Semantic Scholar author".into());
    }
    if has("paperId") {
        return Some("a Semantic Scholar paper".into());
    }
    if map
        .get("data")
        .and_then(|d| d.get("type"))
        .and_then(Value::as_str)
        == Some("dois")
    {
        return Some("a DataCite DOI record".into());
    }
    if let Some(error) = map.get("error").map(short) {
        let detail = text("error_description").or(text("message")).unwrap_or("");
        let detail = if detail.is_empty() {
            String::new()
        } else {
            format!(": {detail}")
        };
        return Some(format!("an error response ({error}{detail})"));
    }
    None
}

/// The `Err` for an object the reader does not read.
fn refusal(map: &Map<String, Value>, what: Option<Other>) -> String {
    if let Some(code) = map.get("response-code") {
        let message = map.get("developer-message").and_then(Value::as_str);
        return format!(
            "an ORCID error response, not a record: {code}{}",
            message.map(|m| format!(": {m}")).unwrap_or_default()
        );
    }
    let Some(what) = what else {
        if map.is_empty() {
            return "not an ORCID record, /works or /activities answer: an empty object".into();
        }
        let mut keys: Vec<String> = map.keys().take(8).map(|k| format!("`{k}`")).collect();
        if map.len() > keys.len() {
            keys.push("…".into());
        }
        return format!(
            "not an ORCID record, /works or /activities answer: it has no `orcid-identifier`, \
             `activities-summary`, `works` or `group` (its keys: {})",
            keys.join(", ")
        );
    };
    let what = match what {
        Other::Elsewhere(what) => return format!("{what}, not an ORCID record"),
        Other::Orcid(what) => what,
    };
    let id = map
        .get("path")
        .and_then(Value::as_str)
        .and_then(named)
        .or_else(|| {
            (map.get("orcid-profile"))
                .and_then(|p| p.pointer("/orcid-identifier/path"))
                .and_then(Value::as_str)
                .and_then(named)
        });
    let save = match id {
        Some(id) => format!("https://pub.orcid.org/v3.0/{id}/record"),
        None => "https://pub.orcid.org/v3.0/<iD>/record".into(),
    };
    format!("{what}, not a record or works: save {save} (or /works) instead")
}

/// What the top-level `path` says after the iD: `works` (`/0000-0002-1825-0097/works`),
/// `work/1234`; empty when there is none.
fn tail(map: &Map<String, Value>) -> &str {
    let Some(path) = map.get("path").and_then(Value::as_str) else {
        return "";
    };
    let path = path.trim().trim_start_matches('/');
    let (first, rest) = path.split_once('/').unwrap_or((path, ""));
    if shaped(first) {
        rest.trim_matches('/')
    } else {
        ""
    }
}

/// The `Err` for a document that is no object: an array says what its first item is.
fn not_an_object(doc: &Value) -> String {
    if let Value::Array(items) = doc
        && let Some(Value::Object(first)) = items.first()
    {
        let what = match kind(first) {
            Ok(Document::Record) => Some("an ORCID record".to_owned()),
            Ok(Document::Activities) => Some("an ORCID /activities answer".to_owned()),
            Ok(Document::Works) => Some("an ORCID /works answer".to_owned()),
            Err(Some(Other::Orcid(what) | Other::Elsewhere(what))) => Some(what),
            Err(None) => None,
        };
        if let Some(what) = what {
            return format!(
                "an array whose first item is {what}, not an ORCID record (one person's \
                 record, an object, per file)"
            );
        }
    }
    let shape = research_atlas::model::load::kind_of(doc);
    format!(
        "not an ORCID record: the document is {shape}, not an object with an `orcid-identifier`"
    )
}

/// Why a text is not JSON: the parser's message, or, for a document in XML or HTML, what it
/// is.
pub(super) fn not_json(text: &str, e: &serde_json::Error) -> String {
    let start = text.trim_start();
    if !start.starts_with('<') {
        return format!("not JSON: {e}");
    }
    let head = start
        .chars()
        .take(4000)
        .collect::<String>()
        .to_ascii_lowercase();
    let what = if head.contains("orcid.org/ns/") {
        "an ORCID answer in XML (ask for JSON: `Accept: application/json`)"
    } else if head.contains("<dblpperson") {
        "a dblp person page (XML)"
    } else if head.contains("<html") || head.starts_with("<!doctype html") {
        "an HTML page (ORCID's JSON is at https://pub.orcid.org/v3.0/<iD>/record)"
    } else {
        "XML"
    };
    format!("not JSON: {what}, not an ORCID record")
}

/// A scalar as short text: `404`, `invalid_token`.
fn short(v: &Value) -> String {
    match v {
        Value::String(s) => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        other => {
            let s = other.to_string();
            match s.char_indices().nth(40) {
                Some((at, _)) => format!("{}…", &s[..at]),
                None => s,
            }
        }
    }
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}
