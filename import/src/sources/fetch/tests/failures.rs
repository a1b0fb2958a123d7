//! Every way a run fails: the error names the person, the URL and what happened, and the
//! source folder is as it was.

use std::fs;

use super::server::{Reply, Server};
use super::{ADA, DBLP_ADA, GRACE, ORCID_ADA, TestClock, fetch, fetch_at, files, read, script_all};
use crate::sources::fetch::{Fetch, Person, STAGING};

#[test]
fn a_500_names_the_person_and_url_and_changes_nothing() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    server.on("/pid/l/GraceHopper.xml", vec![Reply::error()]);
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("orcid")).unwrap();
    fs::write(dir.path().join("orcid/0000-0002-1825-0097.json"), "old").unwrap();
    let fetch = Fetch {
        refresh: true,
        ..fetch(&server, &clock)
    };

    let error = fetch.fill(dir.path(), &[ADA, GRACE]).unwrap_err();

    let url = format!("{}/pid/l/GraceHopper.xml", server.base);
    let expected = format!(
        "line 5 (Grace Hopper): {url}: HTTP 500 Internal Server Error; nothing was written"
    );
    assert_eq!(error, expected);
    // Ada's downloads were staged, never moved in; the staging folder is gone.
    assert_eq!(files(dir.path()), ["orcid/0000-0002-1825-0097.json"]);
    assert_eq!(read(dir.path(), "orcid/0000-0002-1825-0097.json"), "old");
    assert!(!dir.path().join(STAGING).exists());
    assert!(server.targets().contains(&"/pid/12/3456.xml".to_string()));
}

#[test]
fn too_many_429s_fail_the_run() {
    let (server, clock) = (Server::start(), TestClock::default());
    server.on("/pid/12/3456.xml", vec![Reply::too_many("1")]);
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("sources");
    let fetch = Fetch {
        max_retries: 2,
        ..fetch(&server, &clock)
    };
    let only_dblp = Person {
        orcid: None,
        openalex: None,
        ..ADA
    };

    let error = fetch.fill(&folder, &[only_dblp]).unwrap_err();

    assert!(
        error.starts_with("line 4 (Ada Lovelace): http://"),
        "{error}"
    );
    assert!(
        error.ends_with(
            "/pid/12/3456.xml: HTTP 429 Too Many Requests still, after 2 retries (waited 1 s, \
             1 s); nothing was written"
        ),
        "{error}"
    );
    assert_eq!(server.requests().len(), 3, "the first try and two retries");
    assert!(
        !folder.exists(),
        "a folder this run created is removed again"
    );
}

#[test]
fn a_truncated_body_fails_and_writes_nothing() {
    let (server, clock) = (Server::start(), TestClock::default());
    let cut = Reply::Truncated {
        declared: 500,
        body: DBLP_ADA[..100].to_string(),
    };
    server.on("/pid/12/3456.xml", vec![cut]);
    server.on(
        "/v3.0/0000-0002-1825-0097/record",
        vec![Reply::Ok(ORCID_ADA.into())],
    );
    let dir = tempfile::tempdir().unwrap();
    let no_openalex = Person {
        openalex: None,
        ..ADA
    };

    let error = fetch(&server, &clock)
        .fill(dir.path(), &[no_openalex])
        .unwrap_err();

    assert!(
        error.starts_with("line 4 (Ada Lovelace): http://"),
        "{error}"
    );
    assert!(
        error.contains("/pid/12/3456.xml: the body was cut off after 100 of 500 bytes"),
        "{error}"
    );
    assert!(error.ends_with("; nothing was written"), "{error}");
    assert_eq!(files(dir.path()), Vec::<String>::new());
}

#[test]
fn a_body_that_is_not_a_whole_document_fails() {
    let cases = [
        (
            "/v3.0/0000-0002-1825-0097/record",
            &ORCID_ADA[..40],
            "is not a whole JSON document",
        ),
        (
            "/pid/12/3456.xml",
            &DBLP_ADA[..DBLP_ADA.len() - 20],
            "does not end with </dblpperson>",
        ),
        (
            "/pid/12/3456.xml",
            "Too many requests, slow down",
            "is not XML",
        ),
    ];
    for (target, body, what) in cases {
        let (server, clock) = (Server::start(), TestClock::default());
        server.on(target, vec![Reply::Ok(body.to_string())]);
        let dir = tempfile::tempdir().unwrap();
        let person = if target.starts_with("/pid") {
            Person {
                orcid: None,
                openalex: None,
                ..ADA
            }
        } else {
            Person {
                dblp: None,
                openalex: None,
                ..ADA
            }
        };

        let error = fetch(&server, &clock)
            .fill(dir.path(), &[person])
            .unwrap_err();

        assert!(error.contains(what), "{target}: {error}");
        assert!(error.ends_with("; nothing was written"), "{error}");
        assert_eq!(files(dir.path()), Vec::<String>::new());
    }
}

#[test]
fn a_works_page_without_results_fails() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let page = r#"{"error":"Invalid filter"}"#;
    server.on(
        &super::works("A5023888391", "*", None),
        vec![Reply::Ok(page.into())],
    );
    let dir = tempfile::tempdir().unwrap();

    let error = fetch(&server, &clock).fill(dir.path(), &[ADA]).unwrap_err();

    assert!(error.contains("not an OpenAlex list page"), "{error}");
    assert_eq!(files(dir.path()), Vec::<String>::new());
}

#[test]
fn a_404_says_the_identifier_is_probably_wrong() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let dir = tempfile::tempdir().unwrap();
    let wrong = Person {
        openalex: Some("A999"),
        ..ADA
    };

    let error = fetch(&server, &clock)
        .fill(dir.path(), &[wrong])
        .unwrap_err();

    let url = format!("{}/authors/A999", server.base);
    let expected = format!(
        "line 4 (Ada Lovelace): {url}: HTTP 404 Not Found: the OpenAlex author id \"A999\" was \
         not found; it is probably wrong; nothing was written"
    );
    assert_eq!(error, expected);
    assert_eq!(files(dir.path()), Vec::<String>::new());
}

#[test]
fn a_connection_error_names_the_url() {
    let clock = TestClock::default();
    let server = Server::start();
    let base = server.base.clone();
    drop(server); // Nothing listens there any more.
    let dir = tempfile::tempdir().unwrap();
    let only_dblp = Person {
        orcid: None,
        openalex: None,
        ..ADA
    };

    let error = fetch_at(&base, &clock)
        .fill(dir.path(), &[only_dblp])
        .unwrap_err();

    let prefix = format!("line 4 (Ada Lovelace): {base}/pid/12/3456.xml: the request failed: ");
    assert!(error.starts_with(&prefix), "{error}");
    assert!(error.ends_with("; nothing was written"), "{error}");
}

#[test]
fn a_bad_identifier_is_refused_before_any_request() {
    let bad = [
        (
            Person {
                dblp: Some("../../etc/passwd"),
                ..ADA
            },
            "\"..\"",
        ),
        (
            Person {
                dblp: Some("/12/3456"),
                ..ADA
            },
            "starts or ends with \"/\"",
        ),
        (
            Person {
                dblp: Some("12\\3456"),
                ..ADA
            },
            "'\\\\'",
        ),
        (
            Person {
                orcid: Some("0000-0002-1825-0097?x=1"),
                ..ADA
            },
            "'?'",
        ),
        (
            Person {
                orcid: Some("0000-0002-1825-0097/works"),
                ..ADA
            },
            "\"/\"",
        ),
        (
            Person {
                openalex: Some("A1#frag"),
                ..ADA
            },
            "'#'",
        ),
        (
            Person {
                openalex: Some("A1 A2"),
                ..ADA
            },
            "' '",
        ),
        (
            Person {
                openalex: Some("A1%2F"),
                ..ADA
            },
            "'%'",
        ),
        (
            Person {
                openalex: Some(""),
                ..ADA
            },
            "OpenAlex author id is empty",
        ),
        (
            Person {
                orcid: Some(".hidden"),
                ..ADA
            },
            "starts with \".\"",
        ),
    ];
    for (person, problem) in bad {
        let (server, clock) = (Server::start(), TestClock::default());
        let dir = tempfile::tempdir().unwrap();

        // Grace comes first and is fine: still nothing is asked for.
        let error = fetch(&server, &clock)
            .fill(dir.path(), &[GRACE, person])
            .unwrap_err();

        assert!(error.starts_with("line 4 (Ada Lovelace): the "), "{error}");
        assert!(error.contains(problem), "{problem}: {error}");
        assert!(error.ends_with("; nothing was fetched"), "{error}");
        assert!(server.requests().is_empty(), "{:?}", server.targets());
        assert_eq!(files(dir.path()), Vec::<String>::new());
    }
}
