//! `full.json`: a record with every part the reader maps, each as ORCID's API writes it.

use super::*;
use crate::sources::{Affiliation, Profile, Url};

const ID: &str = "0000-0003-4441-972X";

fn mira() -> Vec<WorkAuthor> {
    vec![WorkAuthor {
        name: "Mira J. Okonkwo-Lind".into(),
        orcid: Some(ID.into()),
        ..WorkAuthor::default()
    }]
}

fn url(label: Option<&str>, url: &str) -> Url {
    Url {
        label: label.map(Into::into),
        url: url.into(),
    }
}

fn profile() -> Profile {
    Profile {
        id: ID.into(),
        name: Some("Mira J. Okonkwo-Lind".into()),
        other_names: vec![
            "Mira Jane Okonkwo-Lind".into(),
            "M. Okonkwo-Lind".into(),
            "Mira Lind".into(),
        ],
        biography: Some(
            "Mira works on replicated storage and the proofs that keep it honest.\n\nShe leads \
             the Lakeside storage group."
                .into(),
        ),
        keywords: vec![
            "distributed systems".into(),
            "storage".into(),
            "consistency".into(),
            "Formal methods".into(),
        ],
        urls: vec![
            url(Some("Homepage"), "https://mira.example.org/"),
            url(
                Some("Lab"),
                "http://storage.lakeside.example.edu/people/mira",
            ),
            url(None, "https://code.example.com/mira-ol"),
        ],
        identifiers: vec![(Origin::Dblp, "https://dblp.org/pid/123/4567".into())],
        employments: vec![
            Affiliation {
                organization: "Lakeside Institute of Technology".into(),
                organization_ids: vec!["ROR https://ror.org/02exmpl22".into()],
                department: Some("School of Computing".into()),
                role: Some("Assistant Professor".into()),
                location: Some("Lakeside, ON, CA".into()),
                start: Some(date(2020, Some(1))),
                end: Some(EndDate::Present),
            },
            Affiliation {
                organization: "University of Northbridge".into(),
                organization_ids: vec!["GRID grid.99999.1".into()],
                department: Some("Data Lab".into()),
                role: Some("Postdoctoral Researcher".into()),
                location: Some("Northbridge, GB".into()),
                start: Some(date(2017, Some(7))),
                end: ended(2019, Some(12)),
            },
        ],
        educations: vec![
            Affiliation {
                organization: "University of Northbridge".into(),
                organization_ids: vec!["ROR https://ror.org/05exmpl11".into()],
                department: Some("Department of Computer Science".into()),
                role: Some("PhD".into()),
                location: Some("Northbridge, GB".into()),
                start: Some(date(2012, Some(9))),
                end: ended(2017, Some(6)),
            },
            Affiliation {
                organization: "Harlow Technical College".into(),
                organization_ids: vec!["RINGGOLD 5468".into()],
                department: None,
                role: Some("BSc Computer Science".into()),
                location: Some("Harlow, Essex, GB".into()),
                start: Some(date(2008, None)),
                end: ended(2012, None),
            },
        ],
    }
}

fn works() -> Vec<Work> {
    let a = mira();
    use PublicationType::*;
    vec![
        Work {
            venue: venue("ACM Transactions on Storage"),
            month: Some(3),
            ids: Identifiers {
                doi: Some("10.1145/3450000.3450123".into()),
                links: vec!["https://mira.example.org/papers/snapshots.pdf".into()],
                ..Identifiers::default()
            },
            ..work(
                "3001",
                "Consistent Snapshots for Geo-Replicated Stores",
                Journal,
                2021,
                &a,
            )
        },
        Work {
            venue: venue("SOSP '19"),
            month: Some(10),
            ids: Identifiers::doi("10.1145/3341301.3359000"),
            notes: vec![
                "ORCID's preferred of 2 versions from different sources; the others (put-code \
                 3002) were left out"
                    .into(),
            ],
            ..work(
                "3003",
                "Fast quorum reads without leases",
                Conference,
                2019,
                &a,
            )
        },
        Work {
            month: Some(5),
            ids: Identifiers::arxiv("2305.01234"),
            notes: vec![
                "doi \"10.1145/3600000.3600111\" is another version's (version-of); left out"
                    .into(),
                "journal-title \"arXiv\" left out: a preprint has no venue".into(),
            ],
            ..work(
                "3004",
                "Verified Chain Replication in Practice",
                Preprint,
                2023,
                &a,
            )
        },
        Work {
            month: Some(6),
            ids: Identifiers::link("https://thesis.northbridge.example.ac.uk/00000"),
            ..work(
                "3005",
                "Coordination-Free Replication for Wide-Area Stores",
                Thesis,
                2017,
                &a,
            )
        },
        Work {
            venue: venue(
                "14th ACM Workshop on Hot Topics in Storage and File Systems (HotStorage '22)",
            ),
            ids: Identifiers::doi("10.1145/3538643.3539000"),
            ..work(
                "3008",
                "Testing Storage Engines with Model Checkers",
                Workshop,
                2022,
                &a,
            )
        },
        Work {
            month: Some(10),
            ids: Identifiers::arxiv("2210.04567"),
            notes: vec!["of type other with an arXiv id: read as a preprint".into()],
            ..work("3010", "A Note on Replica Repair", Preprint, 2022, &a)
        },
    ]
}

fn skipped() -> Vec<Skip> {
    let employment = "activities-summary.employments.affiliation-group[1].summaries";
    let works = "activities-summary.works.group";
    vec![
        skip(
            "person.researcher-urls.researcher-url[2]",
            "\"ftp://files.example.org/mira/\" is not an http or https address",
        ),
        skip(
            &format!("{employment}[1].employment-summary"),
            &format!(
                "another version of the employment read from {employment}[0].employment-summary \
                 (ORCID's preferred)"
            ),
        ),
        skip(
            &format!("{works}[4].work-summary[0]"),
            "a book (not a publication type of the directory)",
        ),
        skip(
            &format!("{works}[5].work-summary[0]"),
            "no publication date",
        ),
        skip(
            &format!("{works}[7].work-summary[0]"),
            "a conference abstract (not a paper)",
        ),
    ]
}

#[test]
fn the_profile_is_read_whole() {
    assert_eq!(read_ok(&fixture("full.json")).profile, profile());
}

#[test]
fn each_work_group_is_one_work_or_one_skip() {
    let record = read_ok(&fixture("full.json"));
    let want = works();
    assert_eq!(record.works.len(), want.len());
    for (got, want) in record.works.iter().zip(&want) {
        assert_eq!(got, want, "work {}", want.id);
    }
}

#[test]
fn what_is_left_out_is_listed_with_its_path() {
    assert_eq!(read_ok(&fixture("full.json")).skipped, skipped());
}

#[test]
fn the_preferred_summary_is_the_highest_display_index_wherever_it_is_listed() {
    // Swapping the two versions' order in the group changes nothing: 3003 is preferred.
    let text = fixture("full.json");
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("fixture JSON");
    let group = doc
        .pointer_mut("/activities-summary/works/group/1/work-summary")
        .and_then(|v| v.as_array_mut())
        .expect("group 1");
    group.reverse();
    let record = read_ok(&doc.to_string());
    assert_eq!(record.works[1].id, "3003");
    assert_eq!(record.works[1].notes, works()[1].notes);
}
