//! The pieces without a server: `Retry-After` read as seconds or a date, the cap, hosts, the
//! files and URLs a person's identifiers make.

use std::path::PathBuf;
use std::time::{Duration, UNIX_EPOCH};

use super::{ADA, GRACE, START};
use crate::sources::fetch::plan::{Source, targets};
use crate::sources::fetch::polite::{host_of, parse_http_date, retry_wait};
use crate::sources::fetch::{Endpoints, Fetch, MAX_WAIT, Person};

#[test]
fn http_dates_are_read_in_the_preferred_form_only() {
    let cases = [
        ("Sun, 06 Nov 1994 08:49:37 GMT", Some(784_111_777)),
        ("Tue, 14 Nov 2023 22:13:20 GMT", Some(START)),
        ("Thu, 29 Feb 2024 00:00:00 GMT", Some(1_709_164_800)),
        ("Thu, 01 Jan 1970 00:00:00 GMT", Some(0)),
        // The obsolete RFC 850 and asctime forms, and nonsense.
        ("Sunday, 06-Nov-94 08:49:37 GMT", None),
        ("Sun Nov  6 08:49:37 1994", None),
        ("Sun, 06 Nov 1994 08:49:37 CET", None),
        ("Sun, 32 Nov 1994 08:49:37 GMT", None),
        ("Sun, 06 Nov 1994 8:49:37 GMT", None),
        ("soon", None),
    ];
    for (text, seconds) in cases {
        let expected = seconds.map(|s| UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(parse_http_date(text), expected, "{text}");
    }
}

#[test]
fn retry_after_is_followed_capped_or_replaced() {
    let now = UNIX_EPOCH + Duration::from_secs(START);
    let secs = Duration::from_secs;
    let cases = [
        (Some("2"), 0, secs(2), None),
        (Some(" 0 "), 0, secs(0), None),
        (Some("120"), 0, secs(120), None),
        (
            Some("121"),
            0,
            MAX_WAIT,
            Some("asked for 121 s; waited the cap, 120 s"),
        ),
        (Some("Tue, 14 Nov 2023 22:14:20 GMT"), 0, secs(60), None),
        // A date already past: no wait.
        (Some("Tue, 14 Nov 2023 22:00:00 GMT"), 0, secs(0), None),
        (
            Some("Wed, 15 Nov 2023 22:13:20 GMT"),
            0,
            MAX_WAIT,
            Some("asked for 86400 s"),
        ),
        // None named: 5 s, doubled on each further retry.
        (None, 0, secs(5), None),
        (None, 2, secs(20), None),
        (None, 30, MAX_WAIT, None),
        (
            Some("later"),
            1,
            secs(10),
            Some("neither seconds nor an HTTP date; waited 10 s"),
        ),
    ];
    for (header, attempt, wait, note) in cases {
        let (got, got_note) = retry_wait(header, now, attempt);
        assert_eq!(got, wait, "{header:?} on retry {attempt}");
        match (note, got_note) {
            (None, None) => {}
            (Some(note), Some(got)) => assert!(got.contains(note), "{got}"),
            (note, got) => panic!("{header:?}: expected note {note:?}, got {got:?}"),
        }
    }
}

#[test]
fn pace_counts_requests_by_host() {
    assert_eq!(host_of("https://dblp.org/pid/12/3456.xml"), "dblp.org");
    assert_eq!(host_of("http://127.0.0.1:8080/works?x=1"), "127.0.0.1:8080");
    assert_eq!(
        host_of("https://api.openalex.org?mailto=a"),
        "api.openalex.org"
    );
}

#[test]
fn each_identifier_makes_its_file_and_url() {
    let (all, bad) = targets(&[ADA, GRACE, ADA]);
    assert!(bad.is_empty());
    let files: Vec<PathBuf> = all.iter().map(|t| t.file.clone()).collect();
    let expected = [
        "orcid/0000-0002-1825-0097.json",
        "dblp/12_3456.xml",
        "openalex/A5023888391.json",
        "openalex/A5023888391.works.json",
        "orcid/0000-0001-5109-3700.json",
        "dblp/l_GraceHopper.xml",
        "openalex/A5000000002.json",
        "openalex/A5000000002.works.json",
    ];
    let expected: Vec<PathBuf> = expected.iter().map(PathBuf::from).collect();
    assert_eq!(files, expected, "each file once, in roster order");

    let public = Endpoints::default();
    let url = |source: Source, mailto: Option<&str>, cursor: &str| {
        let target = all
            .iter()
            .find(|t| t.source == source && t.label == GRACE.label);
        target.unwrap().url(&public, mailto, cursor)
    };
    let cases = [
        (
            Source::Orcid,
            None,
            "*",
            "https://pub.orcid.org/v3.0/0000-0001-5109-3700/record",
        ),
        (
            Source::Dblp,
            Some("a@b.org"),
            "*",
            "https://dblp.org/pid/l/GraceHopper.xml",
        ),
        (
            Source::OpenAlexAuthor,
            None,
            "*",
            "https://api.openalex.org/authors/A5000000002",
        ),
        (
            Source::OpenAlexAuthor,
            Some("a+b@c.org"),
            "*",
            "https://api.openalex.org/authors/A5000000002?mailto=a%2Bb@c.org",
        ),
        (
            Source::OpenAlexWorks,
            Some("a@b.org"),
            "Ik1=+/",
            "https://api.openalex.org/works?filter=author.id:A5000000002&per-page=100\
             &cursor=Ik1%3D%2B%2F&mailto=a@b.org",
        ),
    ];
    for (source, mailto, cursor, expected) in cases {
        assert_eq!(url(source, mailto, cursor), expected);
    }
}

#[test]
fn a_person_without_identifiers_asks_for_nothing() {
    let nobody = Person {
        label: "line 9 (Nobody)",
        orcid: None,
        dblp: None,
        openalex: None,
    };
    assert_eq!(targets(&[nobody]), (Vec::new(), Vec::new()));
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("untouched");
    let fetched = Fetch::default().fill(&folder, &[nobody]).unwrap();
    assert_eq!((fetched.downloaded.len(), fetched.cached), (0, 0));
    assert!(!folder.exists());
}

#[test]
fn the_user_agent_names_the_tool_and_the_contact() {
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        Fetch::default().user_agent(),
        format!("research-atlas-import/{version}")
    );
    let polite = Fetch {
        mailto: Some("ada@example.org".into()),
        ..Fetch::default()
    };
    let expected = format!("research-atlas-import/{version} (+mailto:ada@example.org)");
    assert_eq!(polite.user_agent(), expected);
}
