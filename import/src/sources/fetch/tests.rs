//! The fetcher against a loopback server ([`server`]): a whole fill, the cache, pacing and
//! retries here; every way a document fails, costing only itself, in [`failures`];
//! `Retry-After`, HTTP dates and the plan in [`units`].

mod failures;
pub(crate) mod server;
mod units;

use std::cell::RefCell;
use std::fs;
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{Clock, Endpoints, Fetch, Pace, Person, STAGING};
use server::{Reply, Server};

/// The test clock's start: 2023-11-14 22:13:20 UTC.
const START: u64 = 1_700_000_000;

/// A clock that only moves when slept on, and remembers every sleep.
#[derive(Clone, Default)]
struct TestClock(Rc<RefCell<(Duration, Vec<Duration>)>>);

impl TestClock {
    fn sleeps(&self) -> Vec<Duration> {
        self.0.borrow().1.clone()
    }
}

impl Clock for TestClock {
    fn now(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(START) + self.0.borrow().0
    }

    fn sleep(&self, wait: Duration) {
        let mut state = self.0.borrow_mut();
        state.0 += wait;
        state.1.push(wait);
    }
}

const ADA: Person = Person {
    label: "line 4 (Ada Lovelace)",
    orcid: Some("0000-0002-1825-0097"),
    dblp: Some("12/3456"),
    openalex: Some("A5023888391"),
};

const GRACE: Person = Person {
    label: "line 5 (Grace Hopper)",
    orcid: Some("0000-0001-5109-3700"),
    dblp: Some("l/GraceHopper"),
    openalex: Some("A5000000002"),
};

const ORCID_ADA: &str = r#"{"orcid-identifier":{"path":"0000-0002-1825-0097"},"person":{"name":{"given-names":{"value":"Ada"},"family-name":{"value":"Lovelace"}}},"activities-summary":{"works":{"group":[]}}}"#;
const ORCID_GRACE: &str = r#"{"orcid-identifier":{"path":"0000-0001-5109-3700"},"person":{"name":{"given-names":{"value":"Grace"},"family-name":{"value":"Hopper"}}}}"#;
const DBLP_ADA: &str = r#"<?xml version="1.0" encoding="US-ASCII"?>
<dblpperson name="Ada Lovelace" pid="12/3456" n="1"><person key="homepages/12/3456" mdate="2020-01-01"><author pid="12/3456">Ada Lovelace</author></person>
<r><article key="journals/x/Lovelace43" mdate="2020-01-01"><author pid="12/3456">Ada Lovelace</author><title>Notes on the Analytical Engine.</title><year>1843</year><journal>Scientific Memoirs</journal></article></r>
</dblpperson>
"#;
const DBLP_GRACE: &str = r#"<?xml version="1.0"?><dblpperson name="Grace Hopper" pid="l/GraceHopper" n="0"><person key="homepages/l/GraceHopper" mdate="2020-01-01"><author pid="l/GraceHopper">Grace Hopper</author></person></dblpperson>"#;
const AUTHOR_ADA: &str =
    r#"{"id":"https://openalex.org/A5023888391","display_name":"Ada Lovelace"}"#;
const AUTHOR_GRACE: &str =
    r#"{"id":"https://openalex.org/A5000000002","display_name":"Grace Hopper"}"#;
/// Ada's first works page: pretty-printed, and a cursor that needs encoding.
const WORKS_ADA_1: &str = "{\n  \"meta\": {\"count\": 2, \"per_page\": 200, \"next_cursor\": \"Ik1=+/\"},\n  \"results\": [{\"id\": \"https://openalex.org/W1\"}]\n}\n";
const WORKS_ADA_2: &str = r#"{"meta":{"count":2,"per_page":200,"next_cursor":null},"results":[{"id":"https://openalex.org/W2"}]}"#;
/// Grace's only page: no results, though a cursor (the other way a list ends).
const WORKS_GRACE: &str = r#"{"meta":{"count":0,"per_page":200,"next_cursor":"IkE"},"results":[]}"#;

/// A fetcher pointed at the server: no pace, three retries, the test clock.
fn fetch(server: &Server, clock: &TestClock) -> Fetch {
    fetch_at(&server.base, clock)
}

/// A fetcher pointed at `base` for every API.
fn fetch_at(base: &str, clock: &TestClock) -> Fetch {
    let base = base.to_string();
    Fetch {
        endpoints: Endpoints {
            orcid: base.clone(),
            dblp: base.clone(),
            openalex: format!("{base}/"),
        },
        mailto: None,
        openalex_key: None,
        refresh: false,
        pace: Pace::none(),
        max_retries: 3,
        clock: Box::new(clock.clone()),
    }
}

/// An OpenAlex query target, with the `mailto` last when there is one.
fn openalex(path_and_query: &str, mailto: Option<&str>) -> String {
    match mailto {
        None => path_and_query.to_string(),
        Some(m) if path_and_query.contains('?') => format!("{path_and_query}&mailto={m}"),
        Some(m) => format!("{path_and_query}?mailto={m}"),
    }
}

fn works(id: &str, cursor: &str, mailto: Option<&str>) -> String {
    let query = format!("/works?filter=author.id:{id}&per-page=100&cursor={cursor}");
    openalex(&query, mailto)
}

/// Scripts both people's every document.
fn script_all(server: &Server, mailto: Option<&str>) {
    let ok = |body: &str| vec![Reply::Ok(body.to_string())];
    server.on("/v3.0/0000-0002-1825-0097/record", ok(ORCID_ADA));
    server.on("/v3.0/0000-0001-5109-3700/record", ok(ORCID_GRACE));
    server.on("/pid/12/3456.xml", ok(DBLP_ADA));
    server.on("/pid/l/GraceHopper.xml", ok(DBLP_GRACE));
    server.on(&openalex("/authors/A5023888391", mailto), ok(AUTHOR_ADA));
    server.on(&openalex("/authors/A5000000002", mailto), ok(AUTHOR_GRACE));
    server.on(&works("A5023888391", "*", mailto), ok(WORKS_ADA_1));
    server.on(
        &works("A5023888391", "Ik1%3D%2B%2F", mailto),
        ok(WORKS_ADA_2),
    );
    server.on(&works("A5000000002", "*", mailto), ok(WORKS_GRACE));
}

/// Every file under `folder`, relative, sorted.
fn files(folder: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(folder, folder, &mut out);
    out.sort();
    out
}

fn read(folder: &Path, file: &str) -> String {
    fs::read_to_string(folder.join(file)).unwrap()
}

#[test]
fn fills_the_folder_for_two_people_from_all_three_sources() {
    let (server, clock) = (Server::start(), TestClock::default());
    let mailto = "ada@example.org";
    script_all(&server, Some(mailto));
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("sources");
    let fetch = Fetch {
        mailto: Some(mailto.to_string()),
        ..fetch(&server, &clock)
    };

    let fetched = fetch.fill(&folder, &[ADA, GRACE]).unwrap();

    let expected = [
        "dblp/12_3456.xml",
        "dblp/l_GraceHopper.xml",
        "openalex/A5000000002.json",
        "openalex/A5000000002.works.json",
        "openalex/A5023888391.json",
        "openalex/A5023888391.works.json",
        "orcid/0000-0001-5109-3700.json",
        "orcid/0000-0002-1825-0097.json",
    ];
    assert_eq!(files(&folder), expected, "and no staging folder left");
    assert_eq!(fetched.downloaded.len(), 8);
    assert!(fetched.downloaded.iter().all(|p| p.starts_with(&folder)));
    assert_eq!((fetched.cached, fetched.notes.len()), (0, 0));
    assert_eq!(read(&folder, "orcid/0000-0002-1825-0097.json"), ORCID_ADA);
    assert_eq!(read(&folder, "dblp/12_3456.xml"), DBLP_ADA);
    assert_eq!(read(&folder, "openalex/A5023888391.json"), AUTHOR_ADA);
    // The cursor was followed, and each page is one line.
    let pages = read(&folder, "openalex/A5023888391.works.json");
    let lines: Vec<&str> = pages.lines().collect();
    assert_eq!(lines.len(), 2, "{pages}");
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(
        first,
        serde_json::from_str::<serde_json::Value>(WORKS_ADA_1).unwrap()
    );
    assert_eq!(lines[1], WORKS_ADA_2);
    assert_eq!(
        read(&folder, "openalex/A5000000002.works.json"),
        format!("{WORKS_GRACE}\n")
    );

    let requests = server.requests();
    assert_eq!(requests.len(), 9, "{:#?}", server.targets());
    for request in &requests {
        let agent = request.header("user-agent").unwrap();
        assert!(agent.starts_with("research-atlas-import/"), "{agent}");
        assert!(agent.ends_with("(+mailto:ada@example.org)"), "{agent}");
        let is_openalex =
            request.target.starts_with("/authors") || request.target.starts_with("/works");
        if is_openalex {
            assert!(
                request.target.ends_with("mailto=ada@example.org"),
                "{}",
                request.target
            );
        }
        if request.target.starts_with("/v3.0/") {
            assert_eq!(request.header("accept"), Some("application/json"));
        }
    }
}

#[test]
fn a_rerun_reads_the_cache_and_refresh_downloads_again() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let dir = tempfile::tempdir().unwrap();
    let fetch = fetch(&server, &clock);
    fetch.fill(dir.path(), &[ADA, GRACE]).unwrap();
    let first = server.requests().len();

    let again = fetch.fill(dir.path(), &[ADA, GRACE]).unwrap();
    assert_eq!((again.downloaded.len(), again.cached), (0, 8));
    assert_eq!(server.requests().len(), first, "the cache answered");
    assert!(!dir.path().join(STAGING).exists());

    // A file changed by hand is the cache too, until a refresh.
    fs::write(dir.path().join("dblp/12_3456.xml"), "edited").unwrap();
    fetch.fill(dir.path(), &[ADA]).unwrap();
    assert_eq!(read(dir.path(), "dblp/12_3456.xml"), "edited");
    let refresh = Fetch {
        refresh: true,
        ..fetch
    };
    let refreshed = refresh.fill(dir.path(), &[ADA, GRACE]).unwrap();
    assert_eq!((refreshed.downloaded.len(), refreshed.cached), (8, 0));
    assert_eq!(server.requests().len(), 2 * first);
    assert_eq!(read(dir.path(), "dblp/12_3456.xml"), DBLP_ADA);
}

#[test]
fn a_429_waits_as_retry_after_says_then_succeeds() {
    let (server, clock) = (Server::start(), TestClock::default());
    let busy_then_ok = vec![Reply::too_many("2"), Reply::Ok(DBLP_ADA.to_string())];
    server.on("/pid/12/3456.xml", busy_then_ok);
    let dir = tempfile::tempdir().unwrap();
    let only_dblp = Person {
        orcid: None,
        openalex: None,
        ..ADA
    };

    let fetched = fetch(&server, &clock)
        .fill(dir.path(), &[only_dblp])
        .unwrap();

    assert_eq!(clock.sleeps(), [Duration::from_secs(2)]);
    assert_eq!(server.targets(), ["/pid/12/3456.xml", "/pid/12/3456.xml"]);
    assert_eq!(fetched.downloaded, [dir.path().join("dblp/12_3456.xml")]);
    assert_eq!(read(dir.path(), "dblp/12_3456.xml"), DBLP_ADA);
}

#[test]
fn a_retry_after_date_and_a_long_wait_are_followed_and_capped() {
    let (server, clock) = (Server::start(), TestClock::default());
    // Thirty seconds after the test clock's start; then an hour, cut to the cap.
    let date = Reply::too_many("Tue, 14 Nov 2023 22:13:50 GMT");
    let hour = Reply::too_many("3600");
    server.on(
        "/v3.0/0000-0002-1825-0097/record",
        vec![date, hour, Reply::Ok(ORCID_ADA.into())],
    );
    let dir = tempfile::tempdir().unwrap();
    let only_orcid = Person {
        dblp: None,
        openalex: None,
        ..ADA
    };

    let fetched = fetch(&server, &clock)
        .fill(dir.path(), &[only_orcid])
        .unwrap();

    assert_eq!(
        clock.sleeps(),
        [Duration::from_secs(30), Duration::from_secs(120)]
    );
    assert_eq!(fetched.notes.len(), 1, "{:?}", fetched.notes);
    let note = &fetched.notes[0];
    assert!(note.starts_with("line 4 (Ada Lovelace): http://"), "{note}");
    assert!(
        note.contains("asked for 3600 s; waited the cap, 120 s"),
        "{note}"
    );
    assert_eq!(
        read(dir.path(), "orcid/0000-0002-1825-0097.json"),
        ORCID_ADA
    );
}

#[test]
fn pace_waits_between_two_requests_to_one_host() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let dir = tempfile::tempdir().unwrap();
    let pace = Pace {
        dblp: Duration::from_secs(2),
        ..Pace::none()
    };
    let fetch = Fetch {
        pace,
        ..fetch(&server, &clock)
    };
    let dblp_only = |p: Person<'static>| Person {
        orcid: None,
        openalex: None,
        ..p
    };

    fetch
        .fill(dir.path(), &[dblp_only(ADA), dblp_only(GRACE)])
        .unwrap();

    assert_eq!(
        clock.sleeps(),
        [Duration::from_secs(2)],
        "none before the first"
    );
    assert_eq!(server.requests().len(), 2);
    assert_eq!(Pace::default().dblp, Duration::from_secs(2));
}

#[test]
fn an_openalex_key_goes_on_openalex_requests_only_and_never_into_a_message() {
    let (server, clock) = (Server::start(), TestClock::default());
    script_all(&server, None);
    let keyed = |target: &str| {
        let sep = if target.contains('?') { '&' } else { '?' };
        format!("{target}{sep}api_key=s3cret")
    };
    server.on(
        &keyed("/authors/A5023888391"),
        vec![Reply::Ok(AUTHOR_ADA.to_string())],
    );
    server.on(
        &keyed(&works("A5023888391", "*", None)),
        vec![Reply::error()],
    );
    let dir = tempfile::tempdir().unwrap();
    let fetch = Fetch {
        openalex_key: Some("s3cret".into()),
        ..fetch(&server, &clock)
    };

    let fetched = fetch.fill(dir.path(), &[ADA]).unwrap();

    assert_eq!(fetched.failed.len(), 1, "{:?}", fetched.failed);
    let error = fetched.failed[0].to_string();
    assert!(!error.contains("s3cret"), "{error}");
    assert!(error.contains("HTTP 500"), "{error}");
    assert_eq!(fetched.downloaded.len(), 3, "the works only failed");
    let targets = server.targets();
    assert!(
        targets.contains(&keyed("/authors/A5023888391")),
        "{targets:?}"
    );
    assert!(
        targets
            .iter()
            .filter(|t| !t.starts_with("/authors") && !t.starts_with("/works"))
            .all(|t| !t.contains("api_key")),
        "{targets:?}"
    );
}
