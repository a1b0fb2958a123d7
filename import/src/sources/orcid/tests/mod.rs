//! The ORCID reader on its fixtures: in `import/tests/fixtures/sources/orcid/`, a full v3.0
//! record, a minimal one, one with every shape problem we could think of, an error response;
//! beside these tests (`fixtures/`), one document of each other version and answer (a v2.0
//! record, v2.1 and v3.0 `/works`, v3.0 `/activities`) and two of other kinds (an ORCID
//! `/person` answer, an OpenAlex author). Then the refusals, and property tests that nothing
//! panics.

use std::path::Path;

use research_atlas::model::{EndDate, PartialDate, PublicationType};

use super::read;
use crate::sources::{Identifiers, Imprint, Origin, Record, Skip, Work, WorkAuthor, WorkVenue};

mod full;
mod others;
mod props;
mod quirks;
mod text;
mod versions;

/// A v2.0 record, each of its parts in v2.0's shape.
const V2_0_RECORD: &str = include_str!("fixtures/v2.0-record.json");
/// A v2.1 `/works` answer.
const V2_1_WORKS: &str = include_str!("fixtures/v2.1-works.json");
/// A v3.0 `/works` answer.
const V3_0_WORKS: &str = include_str!("fixtures/v3.0-works.json");
/// A v3.0 `/activities` answer.
const V3_0_ACTIVITIES: &str = include_str!("fixtures/v3.0-activities.json");
/// A v3.0 `/person` answer: an ORCID document, but no record or works.
const V3_0_PERSON: &str = include_str!("fixtures/v3.0-person.json");
/// An OpenAlex author, as if saved under an ORCID iD's name.
const OPENALEX_AUTHOR: &str = include_str!("fixtures/openalex-author.json");

/// A fixture's text.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sources/orcid")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every fixture the reader reads, for the property tests.
fn readable() -> Vec<String> {
    let mut all: Vec<String> = ["full.json", "minimal.json", "quirks.json"]
        .into_iter()
        .map(fixture)
        .collect();
    all.extend(
        [V2_0_RECORD, V2_1_WORKS, V3_0_WORKS, V3_0_ACTIVITIES]
            .into_iter()
            .map(String::from),
    );
    all
}

/// Every fixture, for the property tests.
fn fixtures() -> Vec<String> {
    let mut all = readable();
    all.push(fixture("error.json"));
    all.extend([V3_0_PERSON, OPENALEX_AUTHOR].into_iter().map(String::from));
    all
}

fn read_ok(json: &str) -> Record {
    read(json).unwrap_or_else(|e| panic!("refused: {e}"))
}

fn skip(at: &str, reason: &str) -> Skip {
    Skip {
        at: at.into(),
        reason: reason.into(),
    }
}

fn date(year: u16, month: Option<u8>) -> PartialDate {
    PartialDate { year, month }
}

fn ended(year: u16, month: Option<u8>) -> Option<EndDate> {
    Some(EndDate::Date(date(year, month)))
}

fn venue(name: &str) -> Option<WorkVenue> {
    Some(WorkVenue {
        name: name.into(),
        ..WorkVenue::default()
    })
}

/// A work with only what every ORCID work has; tests fill in the rest.
fn work(id: &str, title: &str, kind: PublicationType, year: u16, author: &[WorkAuthor]) -> Work {
    Work {
        origin: Origin::Orcid,
        id: id.into(),
        title: title.into(),
        authors: author.to_vec(),
        authors_incomplete: true,
        kind,
        venue: None,
        year,
        month: None,
        imprint: Imprint::default(),
        school: None,
        ids: Identifiers::default(),
        abstract_text: None,
        citations: None,
        notes: Vec::new(),
    }
}

/// The record's start with `body` after the identifier.
fn record_with(body: &str) -> String {
    format!(r#"{{"orcid-identifier": {{"path": "0000-0002-1234-5677"}}{body}}}"#)
}

#[test]
fn what_is_no_record_is_refused_saying_why() {
    let cases: [(&str, &str); 9] = [
        ("", "not JSON: EOF while parsing a value at line 1 column 0"),
        ("{\"a\": 1,}", "not JSON: trailing comma at line 1 column 9"),
        (
            "[]",
            "not an ORCID record: the document is an array, not an object with an `orcid-identifier`",
        ),
        (
            "{}",
            "not an ORCID record, /works or /activities answer: an empty object",
        ),
        (
            r#"{"orcid-identifier": "0000-0002-1234-5677"}"#,
            "not an ORCID record: `orcid-identifier`: invalid type: string",
        ),
        (
            r#"{"orcid-identifier": {"path": null}}"#,
            "`orcid-identifier.path` is missing",
        ),
        (
            r#"{"orcid-identifier": {"path": "0000-0003-4441-9721"}}"#,
            "`orcid-identifier.path` \"0000-0003-4441-9721\" is not an ORCID iD: it has the check digit 1, but the other digits need X",
        ),
        (
            r#"{"orcid-identifier": {"path": "0000-0003-4441-97é"}}"#,
            "is not an ORCID iD: it is not four groups of four digits",
        ),
        (
            &fixture("error.json"),
            "an ORCID error response, not a record: 404: 404 Not Found: The resource was not found.",
        ),
    ];
    for (json, want) in cases {
        match read(json) {
            Ok(r) => panic!("{json:?} was read: {r:?}"),
            Err(e) => assert!(
                e.to_string().contains(want),
                "{json:?}: {e:?} does not say {want:?}"
            ),
        }
    }
}

#[test]
fn a_record_with_nothing_public_is_its_id() {
    for json in [fixture("minimal.json"), record_with("")] {
        let record = read_ok(&json);
        assert_eq!(record.profile.id, "0000-0002-1234-5677");
        assert_eq!(
            record,
            Record {
                profile: record.profile.clone(),
                ..Record::default()
            }
        );
        assert_eq!(
            record.profile,
            crate::sources::Profile {
                id: record.profile.id.clone(),
                ..Default::default()
            }
        );
    }
}

#[test]
fn without_a_name_a_work_has_no_author() {
    let json = record_with(
        r#", "person": {"name": null}, "activities-summary": {"works": {"group": [{"work-summary": [
            {"put-code": 7, "title": {"title": {"value": "Alone"}}, "type": "journal-article",
             "publication-date": {"year": {"value": "2001"}}}]}]}}"#,
    );
    let record = read_ok(&json);
    assert_eq!(
        record.works,
        [work("7", "Alone", PublicationType::Journal, 2001, &[])]
    );
}

#[test]
fn a_section_of_the_wrong_shape_is_skipped_and_the_rest_read() {
    let json = record_with(
        r#", "person": [], "activities-summary": {"works": 3, "employments": {"affiliation-group": {}}}"#,
    );
    let record = read_ok(&json);
    let at: Vec<&str> = record.skipped.iter().map(|s| s.at.as_str()).collect();
    assert_eq!(
        at,
        [
            "person",
            "activities-summary.employments",
            "activities-summary.works"
        ]
    );
    let reasons: Vec<&str> = record.skipped.iter().map(|s| s.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "unreadable: invalid length 0, expected struct Person with 6 elements",
            "unreadable: invalid type: map, expected a sequence",
            "unreadable: invalid type: integer `3`, expected struct Works",
        ]
    );
}

#[test]
fn work_types_map_as_the_module_doc_says() {
    let cases: [(&str, Result<PublicationType, &str>); 13] = [
        ("journal-article", Ok(PublicationType::Journal)),
        ("magazine-article", Ok(PublicationType::Journal)),
        ("conference-paper", Ok(PublicationType::Conference)),
        ("preprint", Ok(PublicationType::Preprint)),
        ("working-paper", Ok(PublicationType::Preprint)),
        ("report", Ok(PublicationType::Preprint)),
        ("dissertation-thesis", Ok(PublicationType::Thesis)),
        (
            "conference-abstract",
            Err("a conference abstract (not a paper)"),
        ),
        (
            "conference-poster",
            Err("a conference poster (not a paper)"),
        ),
        (
            "book-chapter",
            Err("a book chapter (not a publication type of the directory)"),
        ),
        (
            "edited-book",
            Err("an edited book (not a publication type of the directory)"),
        ),
        (
            "other",
            Err("of type other (not a publication type of the directory)"),
        ),
        (
            "data-set",
            Err("a data set (not a publication type of the directory)"),
        ),
    ];
    for (t, want) in cases {
        let json = record_with(&format!(
            r#", "activities-summary": {{"works": {{"group": [{{"work-summary": [
                {{"put-code": 1, "title": {{"title": {{"value": "T"}}}}, "type": "{t}",
                  "publication-date": {{"year": {{"value": "2020"}}}}}}]}}]}}}}"#
        ));
        let record = read_ok(&json);
        let got = match (record.works.first(), record.skipped.first()) {
            (Some(w), None) => Ok(w.kind),
            (None, Some(s)) => Err(s.reason.as_str()),
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(got, want, "{t}");
    }
}
