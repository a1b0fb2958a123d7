//! Whole documents: `person.xml` (every record kind), `doctype.xml` (declared and unknown
//! entities, CDATA, an empty `<r>`), and the two that are no person record.

use research_atlas::model::PublicationType::{Conference, Journal, Preprint, Thesis, Workshop};

use super::{author, fixture, venue, work};
use crate::sources::dblp::read;
use crate::sources::record::{Affiliation, Identifiers, Imprint, Origin, Profile, Skip, Url, Work};

const MIRA: &str = "Mira Köhler";
const MIRA_PID: &str = "123/4567-1";
const MIRA_ORCID: &str = "0000-0002-1825-0097";

fn url(u: &str) -> Url {
    Url {
        label: None,
        url: u.into(),
    }
}

fn skip(at: &str, reason: &str) -> Skip {
    Skip {
        at: at.into(),
        reason: reason.into(),
    }
}

fn mira() -> crate::sources::record::WorkAuthor {
    author(MIRA, Some(MIRA_PID), None)
}

#[test]
fn person_profile() {
    let record = read(&fixture("person.xml")).expect("a person record");
    let expected = Profile {
        id: MIRA_PID.into(),
        name: Some(MIRA.into()),
        other_names: vec!["Mira Koehler".into(), "M. Köhler".into()],
        urls: vec![
            url("https://mira.example.org/"),
            url("https://www.wikidata.org/entity/Q99999999"),
            url("https://scholar.google.com/citations?user=abcDEF012345"),
        ],
        identifiers: vec![(Origin::Orcid, MIRA_ORCID.into())],
        employments: vec![
            Affiliation {
                organization: "Technische Universität Beispielstadt, Germany".into(),
                ..Affiliation::default()
            },
            Affiliation {
                organization: "Example Institute of Technology, Cambridge, MA, USA".into(),
                ..Affiliation::default()
            },
        ],
        ..Profile::default()
    };
    assert_eq!(record.profile, expected);
}

/// Each work of `person.xml`, in the document's order.
fn person_works() -> Vec<Work> {
    let title = "Fast and Fair Scheduling for Serverless Workloads";
    let wang = author("Wei Wang", Some("10/2222-1"), None);
    vec![
        Work {
            authors: vec![
                author(MIRA, Some(MIRA_PID), Some(MIRA_ORCID)),
                wang.clone(),
                author("Tom Tester", Some("t/TomTester"), None),
            ],
            venue: venue("OSDI", "conf/osdi"),
            imprint: Imprint::pages("12–34"),
            ids: Identifiers {
                doi: Some("10.5555/3617428.3617431".into()),
                links: vec![
                    "https://www.usenix.org/conference/osdi23/presentation/kohler".into(),
                    "https://doi.ieeecomputersociety.org/10.5555/3617428.3617431".into(),
                ],
                ..Identifiers::default()
            },
            ..work("conf/osdi/KohlerWT23", Conference, title, 2023)
        },
        Work {
            authors: vec![mira(), wang.clone()],
            month: Some(1),
            ids: Identifiers::arxiv("2301.03734"),
            ..work("journals/corr/abs-2301-03734", Preprint, title, 2023)
        },
        Work {
            authors: vec![
                mira(),
                author("Wei Wang", Some("10/2222-1"), Some("0000-0001-5109-3700")),
            ],
            venue: venue("Proc. VLDB Endow.", "journals/pvldb"),
            month: Some(7),
            imprint: Imprint {
                volume: Some("15".into()),
                number: Some("9".into()),
                pages: Some("2011–2024".into()),
                ..Imprint::default()
            },
            ids: Identifiers {
                doi: Some("10.14778/3538598.3538620".into()),
                links: vec!["https://www.vldb.org/pvldb/vol15/p2011-kohler.pdf".into()],
                ..Identifiers::default()
            },
            notes: vec!["a second DOI 10.14778/9999999.9999999 was left out".into()],
            ..work(
                "journals/pvldb/KohlerW22",
                Journal,
                "Learned Indexes for Skewed Data: An Experimental Study",
                2022,
            )
        },
        Work {
            authors: vec![mira(), author("Ana Beispiel", None, None)],
            venue: venue("NetAI@SIGCOMM", "conf/sigcomm"),
            imprint: Imprint::pages("1–7"),
            ids: Identifiers::doi("10.1145/3555050.3555051"),
            ..work(
                "conf/sigcomm/KohlerB22",
                Workshop,
                "Packet Scheduling with Learned Priorities",
                2022,
            )
        },
        Work {
            authors: vec![mira(), author("Li Lu", Some("99/1234"), None)],
            venue: venue("CVPR Workshops", "conf/cvpr"),
            imprint: Imprint::pages("4001–4009"),
            ids: Identifiers::link("https://openaccess.example.com/CVPRW_2021/Kohler.html"),
            ..work(
                "conf/cvpr/KohlerL21",
                Workshop,
                "Sensing CO2 with e2-Nets?",
                2021,
            )
        },
        Work {
            authors: vec![mira()],
            school: Some("Technische Universität Beispielstadt, Germany".into()),
            ids: Identifiers::link("https://hdl.handle.net/99999/12345"),
            notes: vec![
                "<ee> \"urn:nbn:de:0000-0000000\" is not an http(s) address; left out".into(),
            ],
            ..work(
                "phd/de/Kohler2020",
                Thesis,
                "Scheduling Under Uncertainty",
                2020,
            )
        },
        Work {
            authors: vec![mira()],
            school: Some("Example Institute of Technology".into()),
            ..work("ms/Kohler16", Thesis, "A Study of Caches", 2016)
        },
        Work {
            authors: vec![mira()],
            venue: venue("IFIP Networking", "conf/ifip"),
            imprint: Imprint::pages("100–110"),
            ..work(
                "conf/ifip/Kohler17",
                Conference,
                "Fairness in Shared Clusters",
                2017,
            )
        },
        Work {
            authors: vec![author(MIRA, Some(MIRA_PID), Some(MIRA_ORCID))],
            month: Some(5),
            ids: Identifiers::arxiv("2105.01234"),
            ..work(
                "journals/corr/abs-2105-01234",
                Preprint,
                "On sched_ext...",
                2021,
            )
        },
    ]
}

#[test]
fn person_works_in_order() {
    let record = read(&fixture("person.xml")).expect("a person record");
    let expected = person_works();
    for (got, want) in record.works.iter().zip(&expected) {
        assert_eq!(got, want, "{}", want.id);
    }
    assert_eq!(record.works.len(), expected.len());
}

#[test]
fn person_skipped_with_where_and_why() {
    let record = read(&fixture("person.xml")).expect("a person record");
    let expected = vec![
        skip(
            "person url[4]",
            "\"ftp://files.example.org/mira\" is not an http, https or mailto URL",
        ),
        skip(
            "r[7] <proceedings key=\"conf/osdi/2023\">",
            "a proceedings volume: an editorship, not a paper",
        ),
        skip(
            "r[8] <book key=\"books/sp/Kohler19\">",
            "a book: not a publication type of the directory",
        ),
        skip(
            "r[9] <incollection key=\"series/lncs/Kohler18\">",
            "a chapter (<incollection>): not a publication type of the directory",
        ),
        skip("r[11] <article key=\"journals/tocs/KohlerX\">", "no year"),
        skip(
            "r[12] <data key=\"data/10/Kohler23\">",
            "a data set or artifact (<data>): not a publication type of the directory",
        ),
        skip(
            "r[14] <inproceedings key=\"conf/nsdi/KohlerW20\">",
            "withdrawn (publtype \"withdrawn\")",
        ),
        skip(
            "r[15] <article key=\"journals/cacm/Kohler19\">",
            "the year \"circa 2019\" is not a year",
        ),
    ];
    assert_eq!(record.skipped, expected);
}

/// The preprint and the paper it became are both kept: matching them is not the reader's.
#[test]
fn preprint_and_paper_are_two_works() {
    let record = read(&fixture("person.xml")).expect("a person record");
    let same: Vec<_> = record
        .works
        .iter()
        .filter(|w| w.title == "Fast and Fair Scheduling for Serverless Workloads")
        .map(|w| w.kind)
        .collect();
    assert_eq!(same, [Conference, Preprint]);
}

#[test]
fn doctype_entities_cdata_and_an_empty_r() {
    let record = read(&fixture("doctype.xml")).expect("a person record");
    assert_eq!(record.profile.id, "s/JornExample");
    assert_eq!(record.profile.name.as_deref(), Some("Jørn Example"));
    assert_eq!(
        record.profile.employments[0].organization,
        "Systems & Networks Lab, Example University"
    );
    let expected = Work {
        authors: vec![author("Jørn Example", Some("s/JornExample"), None)],
        venue: venue("HotOS", "conf/hotos"),
        ids: Identifiers {
            doi: Some("10.1145/3458336.3465300".into()),
            links: vec!["https://arxiv.org/abs/cs/0601001".into()],
            ..Identifiers::default()
        },
        notes: vec![
            "arXiv id \"cs/0601001\" is not a new-style id (YYMM.NNNNN); left out".into(),
            "month \"Summer\" is not a month; left out".into(),
            "dblp's note: Best Paper Award".into(),
            "&zzz; is no entity the reader knows; kept as written".into(),
        ],
        ..work(
            "conf/hotos/Example21",
            Conference,
            "Why &zzz; Matters: <Short> & Sweet",
            2021,
        )
    };
    assert_eq!(record.works, [expected]);
    assert_eq!(record.skipped, [skip("r[1]", "holds no record")]);
}

/// Documents that are no person record: `Err`, saying where and what.
#[test]
fn not_a_person_record() {
    let cases = [
        ("malformed.xml", "line 7, column"),
        (
            "not_person.xml",
            "line 2, column 1: the root element is <dblp>",
        ),
    ];
    for (name, start) in cases {
        let err = read(&fixture(name)).expect_err(name).to_string();
        assert!(err.starts_with(start), "{name}: {err}");
    }
    let err = read(&fixture("malformed.xml")).unwrap_err().to_string();
    assert!(err.contains("journal") && err.contains("title"), "{err}");
}
