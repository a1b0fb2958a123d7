//! `quirks.json`: every part in a shape the schema does not promise — strings for objects,
//! numbers for strings, nulls, bad years and months, unreadable identifiers. Each is skipped or
//! noted where it is, and the rest is read.

use super::*;
use crate::sources::{Affiliation, Url};

fn record() -> Record {
    read_ok(&fixture("quirks.json"))
}

#[test]
fn the_profile_keeps_what_could_be_read() {
    let p = record().profile;
    assert_eq!(p.id, "0000-0002-1234-5677");
    assert_eq!(p.name.as_deref(), Some("Tomás"));
    assert_eq!(p.other_names, ["Tomas"]);
    assert_eq!(p.biography, None);
    assert!(p.keywords.is_empty());
    let home = Url {
        label: None,
        url: "HTTPS://TOMAS.EXAMPLE.NET/".into(),
    };
    assert_eq!(p.urls, [home]);
    assert_eq!(p.identifiers, [(Origin::Openalex, "A5000000001".into())]);
    assert_eq!(
        p.employments,
        [
            Affiliation {
                organization: "Example Works Ltd".into(),
                organization_ids: vec!["ABC123".into()],
                role: Some("Engineer".into()),
                ..Affiliation::default()
            },
            Affiliation {
                organization: "Example Labs".into(),
                location: Some("NZ".into()),
                start: Some(date(2015, None)),
                end: Some(EndDate::Present),
                ..Affiliation::default()
            },
        ]
    );
    assert!(p.educations.is_empty());
}

#[test]
fn odd_works_are_read_with_notes() {
    let tomas = [WorkAuthor {
        name: "Tomás".into(),
        orcid: Some("0000-0002-1234-5677".into()),
        ..WorkAuthor::default()
    }];
    let want = [
        Work {
            notes: vec![
                "month \"13\" is not a month; left out".into(),
                "ORCID's preferred of 2 versions from different sources; the others (put-code \
                 4006) were left out"
                    .into(),
            ],
            ..work(
                "4005",
                "Graphs & Trees: A Survey",
                PublicationType::Journal,
                2018,
                &tomas,
            )
        },
        Work {
            month: Some(2),
            ids: Identifiers {
                doi: Some("10.1000/xyz123".into()),
                links: vec!["https://x.example.org/paper".into()],
                ..Identifiers::default()
            },
            notes: vec![
                "a second DOI 10.2000/other was left out".into(),
                "doi \"not a doi\" does not start with \"10.\"; left out".into(),
                "arxiv \"cs/0501001\" is an old-style id or a link; only YYMM.NNNNN ids are \
                 accepted; left out"
                    .into(),
                "link \"https://x.example.org/a b\" contains white space; left out".into(),
                "an external id could not be read (invalid type: string \"not an identifier\", \
                 expected struct ExternalId); left out"
                    .into(),
                "link \"javascript:alert(1)\" is not an http or https address; left out".into(),
            ],
            ..work(
                "4007",
                "Many Identifiers",
                PublicationType::Preprint,
                2024,
                &tomas,
            )
        },
        Work {
            ids: Identifiers::arxiv("2301.03734"),
            ..work(
                "4009",
                "Linked Only",
                PublicationType::Preprint,
                2023,
                &tomas,
            )
        },
    ];
    let got = record().works;
    assert_eq!(got.len(), want.len());
    for (got, want) in got.iter().zip(&want) {
        assert_eq!(got, want, "work {}", want.id);
    }
}

#[test]
fn every_problem_is_skipped_at_its_path() {
    let works = "activities-summary.works.group";
    let employments = "activities-summary.employments.affiliation-group";
    let educations = "activities-summary.educations.affiliation-group";
    let want: Vec<(String, &str)> = vec![
        (
            "person.other-names.other-name[0]".into(),
            "unreadable: invalid type: string \"T. Example\"",
        ),
        (
            "person.keywords".into(),
            "unreadable: invalid type: string \"graph theory\"",
        ),
        (
            "person.researcher-urls.researcher-url[0]".into(),
            "\"https://tomas.example.net/my blog\" contains white space",
        ),
        ("person.researcher-urls.researcher-url[1]".into(), "no url"),
        (
            format!("{employments}[0].summaries[0].employment-summary.start-date.year"),
            "\"20x1\" is not a year; the date is left out",
        ),
        (
            format!("{employments}[1].summaries[0].employment-summary.start-date.month"),
            "\"13\" is not a month; the month is left out",
        ),
        (
            format!("{employments}[2]"),
            "unreadable: invalid type: string \"not a group\"",
        ),
        (
            format!("{educations}[0].summaries[0].education-summary"),
            "no organization name",
        ),
        (
            format!("{educations}[1].summaries[0]"),
            "no education-summary",
        ),
        (
            format!("{works}[0]"),
            "unreadable: invalid type: string \"not a group\"",
        ),
        (format!("{works}[1]"), "no work-summary"),
        (
            format!("{works}[2].work-summary[0]"),
            "unreadable: invalid type: string \"A title",
        ),
        (format!("{works}[3].work-summary[0]"), "no title"),
        (format!("{works}[4].work-summary[0]"), "no type"),
        (format!("{works}[5].work-summary[0]"), "no put-code"),
        (
            format!("{works}[6].work-summary[0]"),
            "publication year \"19xx\" is not a year",
        ),
        (
            format!("{works}[8].work-summary[1]"),
            "unreadable: invalid type: string \"broken\"",
        ),
    ];
    let got = record().skipped;
    for (i, (at, reason)) in want.iter().enumerate() {
        let Some(s) = got.get(i) else {
            panic!("missing skip {at}: {reason}")
        };
        assert_eq!(&s.at, at);
        assert!(
            s.reason.starts_with(reason),
            "{at}: {:?} does not start {reason:?}",
            s.reason
        );
    }
    assert_eq!(got.len(), want.len(), "{got:#?}");
}
