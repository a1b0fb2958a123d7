//! Every way a document fails, costing only itself: it is reported with the person, the URL
//! and what happened; its file is as it was; every other document is written; a host that
//! refuses for good is asked nothing more, and the other hosts go on.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::server::{Reply, Server};
use super::{
    ADA, DBLP_ADA, DBLP_GRACE, GRACE, ORCID_ADA, TestClock, fetch, fetch_at, files, read,
    script_all, works,
};
use crate::sources::fetch::{Fetch, NotFetched, Person, STAGING, Why};

/// Every file both people's identifiers make, sorted as [`files`] lists them.
const ALL_FILES: [&str; 8] = [
    "dblp/12_3456.xml",
    "dblp/l_GraceHopper.xml",
    "openalex/A5000000002.json",
    "openalex/A5000000002.works.json",
    "openalex/A5023888391.json",
    "openalex/A5023888391.works.json",
    "orcid/0000-0001-5109-3700.json",
    "orcid/0000-0002-1825-0097.json",
];

/// [`ALL_FILES`] but `missing`.
fn all_but(missing: &[&str]) -> Vec<String> {
    let kept = ALL_FILES.iter().filter(|f| !missing.contains(f));
    kept.map(|f| f.to_string()).collect()
}

fn messages(failed: &[NotFetched]) -> Vec<String> {
    failed.iter().map(ToString::to_string).collect()
}

fn no_staging(folder: &Path) {
    assert!(!folder.join(STAGING).exists(), "the staging folder is gone");
}

#[test]
fn a_404_for_one_person_costs_that_document_and_the_others_are_written() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let deleted = Person {
        orcid: Some("0000-0003-0000-0001"),
        ..GRACE
    };
    let dir = tempfile::tempdir().unwrap();
    let fetch = fetch(&server, &clock);

    let fetched = fetch.fill(dir.path(), &[ADA, deleted]).unwrap();

    let url = format!("{}/v3.0/0000-0003-0000-0001/record", server.base);
    let expected = format!(
        "line 5 (Grace Hopper): {url}: HTTP 404 Not Found: the ORCID iD \"0000-0003-0000-0001\" \
         was not found; it is probably wrong"
    );
    assert_eq!(messages(&fetched.failed), [expected]);
    let failure = &fetched.failed[0];
    let file = PathBuf::from("orcid/0000-0003-0000-0001.json");
    assert_eq!(failure.file.as_ref(), Some(&file));
    assert!(!failure.kept);
    assert_eq!(fetched.downloaded.len(), 7);
    assert_eq!(
        files(dir.path()),
        all_but(&["orcid/0000-0001-5109-3700.json"])
    );
    assert_eq!(
        read(dir.path(), "orcid/0000-0002-1825-0097.json"),
        ORCID_ADA
    );
    no_staging(dir.path());

    // The next run asks only for what is still missing.
    let before = server.requests().len();
    let again = fetch.fill(dir.path(), &[ADA, deleted]).unwrap();
    assert_eq!((again.cached, again.downloaded.len()), (7, 0));
    assert_eq!(again.failed.len(), 1);
    assert_eq!(server.requests().len(), before + 1);
}

#[test]
fn with_refresh_a_failed_document_keeps_its_old_file_and_the_rest_are_replaced() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    server.on("/pid/l/GraceHopper.xml", vec![Reply::error()]);
    let dir = tempfile::tempdir().unwrap();
    for (file, old) in [
        ("dblp/l_GraceHopper.xml", "Grace's old page"),
        ("orcid/0000-0002-1825-0097.json", "Ada's old record"),
    ] {
        let path = dir.path().join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, old).unwrap();
    }
    let fetch = Fetch {
        refresh: true,
        ..fetch(&server, &clock)
    };

    let fetched = fetch.fill(dir.path(), &[ADA, GRACE]).unwrap();

    let url = format!("{}/pid/l/GraceHopper.xml", server.base);
    let expected = format!(
        "line 5 (Grace Hopper): {url}: HTTP 500 Internal Server Error; the folder's older copy \
         is kept"
    );
    assert_eq!(messages(&fetched.failed), [expected]);
    assert!(fetched.failed[0].kept);
    assert_eq!(
        read(dir.path(), "dblp/l_GraceHopper.xml"),
        "Grace's old page"
    );
    assert_eq!(
        read(dir.path(), "orcid/0000-0002-1825-0097.json"),
        ORCID_ADA
    );
    assert_eq!((fetched.downloaded.len(), fetched.cached), (7, 0));
    assert_eq!(files(dir.path()), ALL_FILES);
    no_staging(dir.path());
}

#[test]
fn a_cut_off_body_costs_its_document_and_its_host_is_asked_again() {
    let (server, clock) = (Server::start(), TestClock::default());
    let cut = Reply::Truncated {
        declared: 500,
        body: DBLP_ADA[..100].to_string(),
    };
    server.on("/pid/12/3456.xml", vec![cut]);
    server.on("/pid/l/GraceHopper.xml", vec![Reply::Ok(DBLP_GRACE.into())]);
    server.on(
        "/v3.0/0000-0002-1825-0097/record",
        vec![Reply::Ok(ORCID_ADA.into())],
    );
    let dir = tempfile::tempdir().unwrap();
    let no_openalex = Person {
        openalex: None,
        ..ADA
    };
    let only_dblp = Person {
        orcid: None,
        openalex: None,
        ..GRACE
    };

    let fetched = fetch(&server, &clock)
        .fill(dir.path(), &[no_openalex, only_dblp])
        .unwrap();

    let failed = messages(&fetched.failed);
    assert_eq!(failed.len(), 1, "{failed:?}");
    let prefix = format!(
        "line 4 (Ada Lovelace): {}/pid/12/3456.xml: the body was cut off after 100 of 500 bytes",
        server.base
    );
    assert!(failed[0].starts_with(&prefix), "{}", failed[0]);
    assert_eq!(
        files(dir.path()),
        ["dblp/l_GraceHopper.xml", "orcid/0000-0002-1825-0097.json"]
    );
    no_staging(dir.path());
}

#[test]
fn a_body_that_is_not_a_whole_document_is_not_written() {
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

        let fetched = fetch(&server, &clock).fill(dir.path(), &[person]).unwrap();

        let failed = messages(&fetched.failed);
        assert_eq!(failed.len(), 1, "{target}: {failed:?}");
        assert!(failed[0].contains(what), "{target}: {}", failed[0]);
        assert_eq!(files(dir.path()), Vec::<String>::new());
    }
}

#[test]
fn a_works_file_whose_second_page_fails_is_not_written_at_all() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    server.on(
        &works("A5023888391", "Ik1%3D%2B%2F", None),
        vec![Reply::error()],
    );
    let dir = tempfile::tempdir().unwrap();

    let fetched = fetch(&server, &clock).fill(dir.path(), &[ADA]).unwrap();

    let url = format!(
        "{}{}",
        server.base,
        works("A5023888391", "Ik1%3D%2B%2F", None)
    );
    let expected = format!(
        "line 4 (Ada Lovelace): {url}: HTTP 500 Internal Server Error (page 2 of the works; \
         none of the file is written)"
    );
    assert_eq!(messages(&fetched.failed), [expected]);
    assert_eq!(
        files(dir.path()),
        [
            "dblp/12_3456.xml",
            "openalex/A5023888391.json",
            "orcid/0000-0002-1825-0097.json"
        ]
    );
    no_staging(dir.path());
}

#[test]
fn a_works_page_without_results_is_not_a_list() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let page = r#"{"error":"Invalid filter"}"#;
    server.on(
        &works("A5023888391", "*", None),
        vec![Reply::Ok(page.into())],
    );
    let dir = tempfile::tempdir().unwrap();

    let fetched = fetch(&server, &clock).fill(dir.path(), &[ADA]).unwrap();

    let failed = messages(&fetched.failed);
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(
        failed[0].contains("not an OpenAlex list page"),
        "{}",
        failed[0]
    );
    assert!(!dir.path().join("openalex/A5023888391.works.json").exists());
    assert_eq!(fetched.downloaded.len(), 3);
}

#[test]
fn a_host_that_throttles_for_good_is_not_asked_again_and_the_others_go_on() {
    let (busy, ok, clock) = (Server::start(), Server::start(), TestClock::default());
    script_all(&ok, None);
    busy.on("/pid/12/3456.xml", vec![Reply::too_many("1")]);
    busy.on("/pid/l/GraceHopper.xml", vec![Reply::Ok(DBLP_GRACE.into())]);
    let dir = tempfile::tempdir().unwrap();
    let mut fetch = fetch(&ok, &clock);
    fetch.endpoints.dblp = busy.base.clone();
    fetch.max_retries = 2;

    let fetched = fetch.fill(dir.path(), &[ADA, GRACE]).unwrap();

    assert_eq!(
        busy.targets(),
        ["/pid/12/3456.xml"; 3],
        "the first try and two retries; Grace's page never asked"
    );
    assert_eq!(
        clock.sleeps(),
        [Duration::from_secs(1); 2],
        "no wait for Grace"
    );
    let refusal = "HTTP 429 Too Many Requests still, after 2 retries (waited 1 s, 1 s)";
    let host = busy.base.trim_start_matches("http://");
    let expected = [
        format!(
            "line 4 (Ada Lovelace): {}/pid/12/3456.xml: {refusal}",
            busy.base
        ),
        format!(
            "line 5 (Grace Hopper): {}/pid/l/GraceHopper.xml: not tried: {host} refused earlier \
             requests ({refusal})",
            busy.base
        ),
    ];
    assert_eq!(messages(&fetched.failed), expected);
    let not_tried = Why::NotTried {
        host: host.to_string(),
        refusal: refusal.to_string(),
    };
    assert_eq!(fetched.failed[1].why, not_tried);
    // ORCID and OpenAlex answered everything, before and after dblp refused.
    assert_eq!(ok.requests().len(), 7, "{:#?}", ok.targets());
    assert_eq!(fetched.downloaded.len(), 6);
    assert_eq!(
        files(dir.path()),
        all_but(&["dblp/12_3456.xml", "dblp/l_GraceHopper.xml"])
    );
    no_staging(dir.path());
}

#[test]
fn a_host_that_cannot_be_reached_is_tried_once_and_nothing_is_waited_for() {
    let (ok, clock) = (Server::start(), TestClock::default());
    script_all(&ok, None);
    // A server started and dropped: nothing listens there any more.
    let dead = Server::start().base.clone();
    let dir = tempfile::tempdir().unwrap();
    let mut fetch = fetch(&ok, &clock);
    fetch.endpoints.dblp = dead.clone();

    let fetched = fetch.fill(dir.path(), &[ADA, GRACE]).unwrap();

    let failed = messages(&fetched.failed);
    assert_eq!(failed.len(), 2, "{failed:?}");
    let prefix = format!("line 4 (Ada Lovelace): {dead}/pid/12/3456.xml: the request failed: ");
    assert!(failed[0].starts_with(&prefix), "{}", failed[0]);
    let host = dead.trim_start_matches("http://");
    let prefix = format!(
        "line 5 (Grace Hopper): {dead}/pid/l/GraceHopper.xml: not tried: {host} refused earlier \
         requests (the request failed: "
    );
    assert!(failed[1].starts_with(&prefix), "{}", failed[1]);
    assert!(clock.sleeps().is_empty(), "{:?}", clock.sleeps());
    assert_eq!(fetched.downloaded.len(), 6);

    // Every API there: one request, the rest not tried, and the folder this run made is gone.
    let folder = dir.path().join("sources");
    let fetched = fetch_at(&dead, &clock).fill(&folder, &[ADA]).unwrap();
    let whys: Vec<bool> = (fetched.failed.iter())
        .map(|f| matches!(f.why, Why::NotTried { .. }))
        .collect();
    assert_eq!(whys, [false, true, true, true], "{:?}", fetched.failed);
    assert!(
        !folder.exists(),
        "a folder this run made and left empty is removed"
    );
}

#[test]
fn a_bad_identifier_costs_its_documents_only_and_is_never_asked_for() {
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
        script_all(&server, None);
        let dir = tempfile::tempdir().unwrap();

        let fetched = fetch(&server, &clock)
            .fill(dir.path(), &[GRACE, person])
            .unwrap();

        // One report, though an OpenAlex id names two files; no request made for it (it would
        // have answered 404, another failure).
        let failed = messages(&fetched.failed);
        assert_eq!(failed.len(), 1, "{problem}: {failed:?}");
        assert!(
            failed[0].starts_with("line 4 (Ada Lovelace): the "),
            "{}",
            failed[0]
        );
        assert!(failed[0].contains(problem), "{problem}: {}", failed[0]);
        assert_eq!(
            (&fetched.failed[0].url, &fetched.failed[0].file),
            (&None, &None)
        );
        // Ada's OpenAlex id names two files, asked for in three requests (two works pages).
        let (files_lost, requests_lost) = if person.openalex == ADA.openalex {
            (1, 1)
        } else {
            (2, 3)
        };
        assert_eq!(fetched.downloaded.len(), 8 - files_lost, "{problem}");
        let requests = server.requests().len();
        assert_eq!(requests, 9 - requests_lost, "{:?}", server.targets());
    }
}

#[test]
fn a_document_that_cannot_be_moved_into_place_costs_only_itself() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let dir = tempfile::tempdir().unwrap();
    // A folder where Ada's dblp page goes: the rename cannot replace it.
    fs::create_dir_all(dir.path().join("dblp/12_3456.xml/in-the-way")).unwrap();
    let only_ada = Person {
        openalex: None,
        ..ADA
    };

    let fetched = fetch(&server, &clock)
        .fill(dir.path(), &[only_ada])
        .unwrap();

    let failed = messages(&fetched.failed);
    assert_eq!(failed.len(), 1, "{failed:?}");
    let prefix = format!(
        "line 4 (Ada Lovelace): {}/pid/12/3456.xml: moving ",
        server.base
    );
    assert!(failed[0].starts_with(&prefix), "{}", failed[0]);
    assert!(
        failed[0].contains("12_3456.xml into place: "),
        "{}",
        failed[0]
    );
    assert_eq!(
        fetched.downloaded,
        [dir.path().join("orcid/0000-0002-1825-0097.json")]
    );
    no_staging(dir.path());
}

#[test]
fn only_a_staging_folder_that_cannot_be_cleared_fails_the_run() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(STAGING), "a file in the way").unwrap();

    let error = (fetch(&server, &clock).fill(dir.path(), &[ADA]))
        .unwrap_err()
        .to_string();

    assert!(error.starts_with("the staging folder "), "{error}");
    assert!(error.ends_with("; nothing was fetched"), "{error}");
    assert!(server.requests().is_empty(), "{:?}", server.targets());
}
