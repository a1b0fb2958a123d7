//! Documents of other kinds, refused with their names: ORCID's other answers (with the
//! address to save instead when they say whose they are), other sources' documents saved under
//! the wrong name, and XML or HTML where JSON was meant.

use super::*;

fn refused(json: &str) -> String {
    match read(json) {
        Ok(r) => panic!("{json:?} was read: {r:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn an_orcid_person_answer_is_named_with_the_record_to_save_instead() {
    assert_eq!(
        refused(V3_0_PERSON),
        "an ORCID /person answer, not a record or works: save \
         https://pub.orcid.org/v3.0/0000-0001-5522-8705/record (or /works) instead"
    );
}

#[test]
fn an_openalex_author_is_named_for_what_it_is() {
    assert_eq!(
        refused(OPENALEX_AUTHOR),
        "an OpenAlex author (https://openalex.org/A5099999999), not an ORCID record"
    );
}

#[test]
fn each_other_kind_of_document_is_named() {
    let id = "0000-0001-5522-8705";
    let save = format!("not a record or works: save https://pub.orcid.org/v3.0/{id}/record");
    let cases: Vec<(String, String)> = vec![
        (
            format!(
                r#"{{"put-code": 1, "path": "/{id}/work/1", "title": {{"title": {{"value": "T"}}}},
                    "type": "journal-article", "contributors": {{"contributor": []}}}}"#
            ),
            format!("an ORCID /work/1 answer (one work), {save}"),
        ),
        (
            r#"{"put-code": 1, "title": {"title": {"value": "T"}}, "type": "journal-article"}"#
                .into(),
            "one ORCID work (put-code 1), not a record or works: save \
             https://pub.orcid.org/v3.0/<iD>/record"
                .into(),
        ),
        (
            format!(r#"{{"last-modified-date": null, "group": [], "path": "/{id}/fundings"}}"#),
            format!("an ORCID /fundings answer, {save}"),
        ),
        (
            r#"{"group": [{"funding-summary": []}]}"#.into(),
            "an ORCID /fundings answer, not a record or works".into(),
        ),
        (
            format!(r#"{{"employment-summary": [], "path": "/{id}/employments"}}"#),
            format!("an ORCID /employments answer, {save}"),
        ),
        (
            format!(r#"{{"affiliation-group": [], "path": "/{id}/educations"}}"#),
            format!("an ORCID /educations answer, {save}"),
        ),
        (
            format!(r#"{{"name": {{}}, "other-names": {{}}, "biography": null, "path": "/{id}/personal-details"}}"#),
            format!("an ORCID /personal-details answer, {save}"),
        ),
        (
            format!(r#"{{"researcher-url": [], "path": "/{id}/researcher-urls"}}"#),
            format!("an ORCID /researcher-urls answer, {save}"),
        ),
        (
            r#"{"result": [{"orcid-identifier": {"path": "0000-0001-5522-8705"}}], "num-found": 1}"#
                .into(),
            "an ORCID search answer, not a record or works".into(),
        ),
        (
            format!(
                r#"{{"message-version": "1.2", "orcid-profile": {{"orcid-identifier": {{"path": "{id}"}}}}}}"#
            ),
            format!("an ORCID API v1.2 answer (`orcid-profile`), older than v2.0, {save}"),
        ),
        (
            r#"{"bulk": [{"work": {}}]}"#.into(),
            "an ORCID answer of whole works by put-code (`bulk`), not a record or works".into(),
        ),
        (
            r#"{"id": "https://openalex.org/W4000000001", "doi": null, "authorships": []}"#.into(),
            "an OpenAlex work (https://openalex.org/W4000000001), not an ORCID record".into(),
        ),
        (
            r#"{"meta": {"count": 0}, "results": []}"#.into(),
            "a page of OpenAlex results (`meta`, `results`), not an ORCID record".into(),
        ),
        (
            r#"{"status": "ok", "message-type": "work", "message-version": "1.0.0", "message": {}}"#
                .into(),
            "a Crossref work, not an ORCID record".into(),
        ),
        (
            r#"{"result": {"query": "q", "status": {}, "hits": {"@total": "0"}}}"#.into(),
            "a dblp search answer, not an ORCID record".into(),
        ),
        (
            r#"{"error": "invalid_token", "error_description": "Invalid access token: x"}"#.into(),
            "an error response (invalid_token: Invalid access token: x), not an ORCID record"
                .into(),
        ),
        (
            r#"[{"id": "https://openalex.org/W4000000001"}]"#.into(),
            "an array whose first item is an OpenAlex work (https://openalex.org/W4000000001), \
             not an ORCID record"
                .into(),
        ),
        (
            r#"{"name": "x", "size": 3}"#.into(),
            "not an ORCID record, /works or /activities answer: it has no `orcid-identifier`, \
             `activities-summary`, `works` or `group` (its keys: `name`, `size`)"
                .into(),
        ),
    ];
    for (json, want) in cases {
        let e = refused(&json);
        assert!(
            e.starts_with(&want),
            "{json}: {e:?} does not begin {want:?}"
        );
    }
}

#[test]
fn xml_and_html_are_named_as_not_json() {
    let cases = [
        (
            r#"<?xml version="1.0" encoding="UTF-8"?>
               <record:record path="/0000-0001-5522-8705" xmlns:record="http://www.orcid.org/ns/record">"#,
            "not JSON: an ORCID answer in XML (ask for JSON: `Accept: application/json`), not an \
             ORCID record",
        ),
        (
            "<dblpperson name=\"X\" pid=\"00/0000\">",
            "not JSON: a dblp person page (XML), not an ORCID record",
        ),
        (
            "<!DOCTYPE html>\n<html lang=\"en\">",
            "not JSON: an HTML page (ORCID's JSON is at \
             https://pub.orcid.org/v3.0/<iD>/record), not an ORCID record",
        ),
        ("<a/>", "not JSON: XML, not an ORCID record"),
    ];
    for (text, want) in cases {
        assert_eq!(refused(text), want);
    }
}
