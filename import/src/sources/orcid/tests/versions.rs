//! The other versions and answers: a whole v2.0 record (`fixtures/v2.0-record.json`), `/works`
//! answers of v2.1 and v3.0, a v3.0 `/activities` answer; then, inline, what differs between
//! them in small documents: v2.x's types and flat affiliations, and where an answer's iD and
//! name come from.

use super::*;
use crate::sources::{Affiliation, Profile, Url};

fn author(name: &str, id: &str) -> Vec<WorkAuthor> {
    vec![WorkAuthor {
        name: name.into(),
        orcid: Some(id.into()),
        ..WorkAuthor::default()
    }]
}

fn affiliation(
    organization: &str,
    id: &str,
    department: Option<&str>,
    role: &str,
    location: &str,
    start: PartialDate,
    end: Option<EndDate>,
) -> Affiliation {
    Affiliation {
        organization: organization.into(),
        organization_ids: vec![id.into()],
        department: department.map(Into::into),
        role: Some(role.into()),
        location: Some(location.into()),
        start: Some(start),
        end,
    }
}

#[test]
fn a_v2_0_record_gives_its_person_and_flat_affiliations_with_their_organization_ids() {
    let record = read_ok(V2_0_RECORD);
    let alpine = "Alpine Technical University";
    let hydraulics = Some("Institute of Hydraulic Engineering");
    let want = Profile {
        id: "0000-0002-7310-4551".into(),
        name: Some("Ilse Varga-Hoang".into()),
        other_names: vec!["I. Varga".into()],
        biography: Some("Ilse studies how rivers move gravel, and how dams stop them.".into()),
        keywords: vec!["hydrology".into(), "sediment transport".into()],
        urls: vec![Url {
            label: Some("Group page".into()),
            url: "https://hydro.example.edu/~ilse".into(),
        }],
        identifiers: Vec::new(),
        employments: vec![
            affiliation(
                "Danube Institute for Water Research",
                "GRID grid.499999.5",
                Some("Sediment Dynamics Lab"),
                "Senior Scientist",
                "Vienna, AT",
                date(2018, Some(3)),
                Some(EndDate::Present),
            ),
            affiliation(
                alpine,
                "RINGGOLD 27251",
                hydraulics,
                "Postdoctoral Researcher",
                "Innsbruck, AT",
                date(2013, Some(7)),
                ended(2018, Some(2)),
            ),
        ],
        educations: vec![affiliation(
            alpine,
            "RINGGOLD 27251",
            hydraulics,
            "Dr. techn.",
            "Innsbruck, AT",
            date(2009, Some(10)),
            ended(2013, Some(6)),
        )],
    };
    assert_eq!(record.profile, want);
}

#[test]
fn a_v2_0_record_gives_its_works_by_their_upper_case_types() {
    let record = read_ok(V2_0_RECORD);
    let a = author("Ilse Varga-Hoang", "0000-0002-7310-4551");
    use PublicationType::*;
    // v2.x summaries have no journal title and no url: no venue, no link but the identifiers'.
    let want = vec![
        Work {
            month: Some(4),
            ids: Identifiers::doi("10.5555/wrr.2019.0412"),
            ..work(
                "3101",
                "Bedload pulses in a regulated alpine river",
                Journal,
                2019,
                &a,
            )
        },
        Work {
            month: Some(9),
            ids: Identifiers::doi("10.5555/isrs.2017.88"),
            ..work(
                "3102",
                "Measuring sediment flux with hydrophones",
                Conference,
                2017,
                &a,
            )
        },
        Work {
            month: Some(11),
            ids: Identifiers::doi("10.5555/esp.2016.77"),
            notes: vec![
                "ORCID's preferred of 2 versions from different sources; the others (put-code \
                 3103) were left out"
                    .into(),
            ],
            ..work(
                "3104",
                "Grain-size sorting in gravel-bed rivers: A flume study",
                Journal,
                2016,
                &a,
            )
        },
        Work {
            ids: Identifiers::arxiv("2104.01234"),
            ..work("3105", "Toward open sediment data", Preprint, 2021, &a)
        },
        Work {
            month: Some(6),
            ids: Identifiers::link("https://repository.alpine-tu.example.at/handle/1234"),
            ..work(
                "3106",
                "Sediment continuity at hydropower dams",
                Thesis,
                2013,
                &a,
            )
        },
        Work {
            month: Some(3),
            ..work(
                "3107",
                "Annual sediment budget of the Upper Inn, 2020",
                Preprint,
                2021,
                &a,
            )
        },
        Work {
            month: Some(12),
            ids: Identifiers::arxiv("1912.00456"),
            notes: vec!["of type other with an arXiv id: read as a preprint".into()],
            ..work(
                "3109",
                "A note on hydrophone calibration",
                Preprint,
                2019,
                &a,
            )
        },
    ];
    assert_eq!(record.works, want);
    let works = "activities-summary.works.group";
    assert_eq!(
        record.skipped,
        [
            skip(
                &format!("{works}[6].work-summary[0]"),
                "a book chapter (not a publication type of the directory)",
            ),
            skip(
                &format!("{works}[8].work-summary[0]"),
                "a conference abstract (not a paper)",
            ),
            skip(
                &format!("{works}[9].work-summary[0]"),
                "no publication date"
            ),
        ]
    );
}

#[test]
fn a_v2_1_works_answer_is_its_holders_by_its_path_and_named_by_a_work_they_added() {
    let record = read_ok(V2_1_WORKS);
    let id = "0000-0001-6482-0938";
    // Group 0 comes from Scopus and group 1 from another person (a trusted individual): the
    // name is that of the first work the holder added themselves.
    assert_eq!(
        record.profile,
        Profile {
            id: id.into(),
            name: Some("Teodor Amsel".into()),
            ..Profile::default()
        }
    );
    let a = author("Teodor Amsel", id);
    use PublicationType::*;
    let want = vec![
        Work {
            month: Some(2),
            ids: Identifiers::doi("10.5555/pre.2020.021"),
            ..work(
                "4101",
                "Lattice models of crowd evacuation",
                Journal,
                2020,
                &a,
            )
        },
        Work {
            month: Some(7),
            ids: Identifiers::doi("10.5555/pedsim.2018.7"),
            ..work("4102", "Agent-based egress on GPUs", Conference, 2018, &a)
        },
        work(
            "4103",
            "Pedestrian dynamics in narrow corridors",
            Thesis,
            2015,
            &a,
        ),
        Work {
            month: Some(11),
            ids: Identifiers::arxiv("1811.00001"),
            ..work("4106", "Stochastic exits", Preprint, 2018, &a)
        },
    ];
    assert_eq!(record.works, want);
    assert_eq!(
        record.skipped,
        [
            skip(
                "group[3].work-summary[0]",
                "a supervised student publication (not a publication type of the directory)",
            ),
            skip(
                "group[4].work-summary[0]",
                "a data set (not a publication type of the directory)",
            ),
        ]
    );
}

#[test]
fn a_v3_0_works_answer_reads_as_the_works_of_a_record() {
    let record = read_ok(V3_0_WORKS);
    let id = "0000-0003-4907-218X";
    assert_eq!(record.profile.id, id);
    assert_eq!(record.profile.name.as_deref(), Some("Rana Quillfeather"));
    let a = author("Rana Quillfeather", id);
    use PublicationType::*;
    let want = vec![
        Work {
            venue: venue("Journal of Invented Results"),
            month: Some(5),
            ids: Identifiers::doi("10.5555/JIR.2022.5"),
            notes: vec![
                "ORCID's preferred of 2 versions from different sources; the others (put-code \
                 5102) were left out"
                    .into(),
            ],
            ..work("5101", "Soil carbon under cover crops", Journal, 2022, &a)
        },
        Work {
            venue: venue("Proceedings of the Workshop on Imaginary Systems"),
            month: Some(9),
            ids: Identifiers::doi("10.5555/wis.2021.3"),
            ..work("5103", "A sensor mesh for field trials", Workshop, 2021, &a)
        },
        Work {
            month: Some(1),
            ids: Identifiers::arxiv("2301.09876"),
            notes: vec![
                "doi \"10.5555/jir.2023.1\" is another version's (version-of); left out".into(),
                "journal-title \"arXiv\" left out: a preprint has no venue".into(),
            ],
            ..work("5104", "Cover crops at scale", Preprint, 2023, &a)
        },
        Work {
            month: Some(12),
            ids: Identifiers::link("https://theses.example.ac.nz/5105"),
            ..work(
                "5105",
                "Carbon accounting for small farms",
                Thesis,
                2019,
                &a,
            )
        },
    ];
    assert_eq!(record.works, want);
    assert_eq!(
        record.skipped,
        [skip(
            "group[4].work-summary[0]",
            "a lecture speech (not a publication type of the directory)",
        )]
    );
}

#[test]
fn a_v3_0_activities_answer_gives_affiliations_and_works_at_its_own_paths() {
    let record = read_ok(V3_0_ACTIVITIES);
    let id = "0000-0002-1175-3361";
    let lakes = "Lakes University";
    let ror = "ROR https://ror.org/00exmpl77";
    let engineering = Some("School of Engineering");
    let rotorua = "Rotorua, Bay of Plenty, NZ";
    let want = Profile {
        id: id.into(),
        name: Some("Joaquín Oyelaran".into()),
        employments: vec![
            affiliation(
                "Institute of Hot Water",
                "RINGGOLD 12345",
                Some("Geothermal Group"),
                "Research Fellow",
                "Taupō, NZ",
                date(2019, Some(1)),
                Some(EndDate::Present),
            ),
            affiliation(
                lakes,
                ror,
                engineering,
                "Lecturer",
                rotorua,
                date(2014, Some(9)),
                ended(2018, Some(12)),
            ),
        ],
        educations: vec![affiliation(
            lakes,
            ror,
            engineering,
            "PhD",
            rotorua,
            date(2010, Some(2)),
            ended(2014, Some(8)),
        )],
        ..Profile::default()
    };
    assert_eq!(record.profile, want);
    let a = author("Joaquín Oyelaran", id);
    assert_eq!(
        record.works,
        [Work {
            venue: venue("Invented Geothermics"),
            month: Some(6),
            ids: Identifiers::doi("10.5555/geo.2020.6"),
            ..work(
                "6401",
                "Scaling in geothermal reinjection wells",
                PublicationType::Journal,
                2020,
                &a,
            )
        }]
    );
    let employment = "employments.affiliation-group[0].summaries";
    assert_eq!(
        record.skipped,
        [
            skip(
                &format!("{employment}[1].employment-summary"),
                &format!(
                    "another version of the employment read from \
                     {employment}[0].employment-summary (ORCID's preferred)"
                ),
            ),
            skip(
                "works.group[1].work-summary[0]",
                "a conference poster (not a paper)"
            ),
        ]
    );
}

/// One v2.x work summary of `type`, self-added when `source` says so.
fn summary(put_code: u32, kind: &str, path: Option<&str>, source: &str) -> String {
    let path = path.map_or("null".into(), |p| format!("{p:?}"));
    format!(
        r#"{{"put-code": {put_code}, "title": {{"title": {{"value": "Work {put_code}"}}}},
            "type": "{kind}", "publication-date": {{"year": {{"value": "2020"}}}},
            "path": {path}, "source": {source}, "display-index": "0"}}"#
    )
}

/// A `/works` answer of one group per summary, with `path` at the top.
fn works_answer(path: Option<&str>, summaries: &[String]) -> String {
    let groups: Vec<String> = summaries
        .iter()
        .map(|s| format!(r#"{{"work-summary": [{s}]}}"#))
        .collect();
    let path = path.map_or("null".into(), |p| format!("{p:?}"));
    format!(
        r#"{{"last-modified-date": null, "group": [{}], "path": {path}}}"#,
        groups.join(",")
    )
}

const SCOPUS: &str = r#"{"source-orcid": null, "source-client-id": {"path": "APP-0000000000000001"},
    "source-name": {"value": "Scopus - Elsevier"}}"#;

#[test]
fn v2_types_map_as_v3_types_do() {
    let cases: [(&str, Result<PublicationType, &str>); 10] = [
        ("JOURNAL_ARTICLE", Ok(PublicationType::Journal)),
        ("MAGAZINE_ARTICLE", Ok(PublicationType::Journal)),
        ("CONFERENCE_PAPER", Ok(PublicationType::Conference)),
        ("WORKING_PAPER", Ok(PublicationType::Preprint)),
        ("REPORT", Ok(PublicationType::Preprint)),
        ("DISSERTATION", Ok(PublicationType::Thesis)),
        ("dissertation", Ok(PublicationType::Thesis)),
        (
            "CONFERENCE_POSTER",
            Err("a conference poster (not a paper)"),
        ),
        (
            "BOOK_CHAPTER",
            Err("a book chapter (not a publication type of the directory)"),
        ),
        (
            "OTHER",
            Err("of type other (not a publication type of the directory)"),
        ),
    ];
    for (t, want) in cases {
        let json = works_answer(None, &[summary(1, t, None, "null")]);
        let record = read_ok(&json);
        let got = match (record.works.first(), record.skipped.first()) {
            (Some(w), None) => Ok(w.kind),
            (None, Some(s)) => Err(s.reason.as_str()),
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(got, want, "{t}");
    }
}

#[test]
fn v2_relationships_in_upper_case_are_read() {
    let json = works_answer(
        None,
        &[r#"{"put-code": 9, "title": {"title": {"value": "T"}}, "type": "JOURNAL_ARTICLE",
              "publication-date": {"year": {"value": "2010"}},
              "external-ids": {"external-id": [
                {"external-id-type": "issn", "external-id-value": "0000-0019", "external-id-relationship": "PART_OF"},
                {"external-id-type": "doi", "external-id-value": "10.5555/x.1", "external-id-relationship": "SELF"}]}}"#
            .to_owned()],
    );
    let record = read_ok(&json);
    assert_eq!(record.works[0].ids.doi.as_deref(), Some("10.5555/x.1"));
    assert!(
        record.works[0].notes.is_empty(),
        "{:?}",
        record.works[0].notes
    );
}

#[test]
fn a_v2_0_activities_answer_lists_affiliations_flat_and_skips_one_at_its_path() {
    let json = r#"{
        "last-modified-date": null,
        "educations": {"education-summary": [], "path": "/0000-0002-7310-4551/educations"},
        "employments": {"employment-summary": [
            {"organization": {"name": "Example Works", "disambiguated-organization":
                {"disambiguated-organization-identifier": "grid.0000.1", "disambiguation-source": "GRID"}},
             "start-date": {"year": {"value": "2011"}}, "end-date": null, "put-code": 1},
            {"organization": "Example Labs", "put-code": 2},
            {"organization": {"name": null}, "put-code": 3}],
          "path": "/0000-0002-7310-4551/employments"},
        "fundings": {"group": []},
        "peer-reviews": {"group": []},
        "works": {"group": [], "path": "/0000-0002-7310-4551/works"},
        "path": "/0000-0002-7310-4551/activities"}"#;
    let record = read_ok(json);
    assert_eq!(record.profile.id, "0000-0002-7310-4551");
    assert_eq!(
        record.profile.employments,
        [Affiliation {
            organization: "Example Works".into(),
            organization_ids: vec!["GRID grid.0000.1".into()],
            start: Some(date(2011, None)),
            end: Some(EndDate::Present),
            ..Affiliation::default()
        }]
    );
    let at: Vec<&str> = record.skipped.iter().map(|s| s.at.as_str()).collect();
    assert_eq!(
        at,
        [
            "employments.employment-summary[1]",
            "employments.employment-summary[2]"
        ]
    );
    assert_eq!(record.skipped[1].reason, "no organization name");
}

#[test]
fn an_answer_without_a_path_takes_the_id_of_its_items_paths() {
    let json = works_answer(
        None,
        &[summary(
            7,
            "JOURNAL_ARTICLE",
            Some("/0000-0001-6482-0938/work/7"),
            SCOPUS,
        )],
    );
    let record = read_ok(&json);
    assert_eq!(record.profile.id, "0000-0001-6482-0938");
    // Scopus's name is not the person's: no name, so no author.
    assert_eq!(record.profile.name, None);
    assert!(record.works[0].authors.is_empty());
}

#[test]
fn an_answer_without_paths_takes_the_id_and_name_of_what_the_person_added() {
    let me = r#"{"source-orcid": {"uri": "http://orcid.org/0000-0001-6482-0938",
        "path": "0000-0001-6482-0938", "host": "orcid.org"}, "source-name": {"value": "Teodor Amsel"}}"#;
    let by_uri = r#"{"source-orcid": {"uri": "https://orcid.org/0000-0001-6482-0938"},
        "source-name": {"value": "T. Amsel"}}"#;
    let on_their_word = r#"{"source-client-id": {"path": "APP-0000000000000001"},
        "source-name": {"value": "Scopus - Elsevier"},
        "assertion-origin-orcid": {"path": "0000-0001-6482-0938"},
        "assertion-origin-name": {"value": "Teodor J. Amsel"}}"#;
    let cases = [
        (me, "Teodor Amsel"),
        (by_uri, "T. Amsel"),
        (on_their_word, "Teodor J. Amsel"),
    ];
    for (source, name) in cases {
        let json = works_answer(
            None,
            &[
                summary(1, "JOURNAL_ARTICLE", None, SCOPUS),
                summary(2, "JOURNAL_ARTICLE", None, source),
            ],
        );
        let record = read_ok(&json);
        assert_eq!(record.profile.id, "0000-0001-6482-0938", "{source}");
        assert_eq!(record.profile.name.as_deref(), Some(name), "{source}");
        assert_eq!(record.works[0].authors, author(name, "0000-0001-6482-0938"));
    }
}

#[test]
fn an_answer_that_names_no_one_is_read_with_an_empty_id() {
    for json in [
        works_answer(None, &[summary(1, "JOURNAL_ARTICLE", None, SCOPUS)]),
        works_answer(Some("/works"), &[]),
        r#"{"group": []}"#.to_owned(),
        r#"{"works": {"group": []}, "employments": null}"#.to_owned(),
    ] {
        let record = read_ok(&json);
        assert_eq!(record.profile, Profile::default(), "{json}");
    }
    let record = read_ok(&works_answer(
        None,
        &[summary(1, "JOURNAL_ARTICLE", None, SCOPUS)],
    ));
    assert_eq!(
        record.works,
        [work("1", "Work 1", PublicationType::Journal, 2020, &[])]
    );
}

#[test]
fn an_id_with_a_wrong_check_digit_refuses_the_answer() {
    let cases = [
        (
            works_answer(Some("/0000-0003-4441-9721/works"), &[]),
            "`path` \"/0000-0003-4441-9721/works\" does not name an ORCID iD: \
             0000-0003-4441-9721 has the check digit 1, but the other digits need X",
        ),
        (
            works_answer(
                None,
                &[summary(
                    1,
                    "OTHER",
                    Some("/0000-0003-4441-9721/work/1"),
                    "null",
                )],
            ),
            "`group[0].work-summary[0].path` \"/0000-0003-4441-9721/work/1\" does not name",
        ),
        (
            r#"{"works": {"group": [{"work-summary": [{"source":
                {"source-orcid": {"path": "0000-0003-4441-9721"}}}]}]}}"#
                .to_owned(),
            "`works.group[0].work-summary[0].source.source-orcid` does not name an ORCID iD",
        ),
    ];
    for (json, want) in cases {
        match read(&json) {
            Ok(r) => panic!("{json}: read: {r:?}"),
            Err(e) => assert!(e.to_string().contains(want), "{e:?} does not say {want:?}"),
        }
    }
}

#[test]
fn a_record_without_its_identifier_is_read_as_an_answer_is() {
    let json = r#"{"activities-summary": {"works": {"group": [],
        "path": "/0000-0002-7310-4551/works"}}, "path": "/0000-0002-7310-4551"}"#;
    assert_eq!(read_ok(json).profile.id, "0000-0002-7310-4551");
}

#[test]
fn a_byte_order_mark_is_no_part_of_the_document() {
    let record = read_ok(&format!("\u{feff}{V2_1_WORKS}"));
    assert_eq!(record.profile.id, "0000-0001-6482-0938");
}

#[test]
fn a_work_the_person_has_not_made_public_is_left_out() {
    let with = |visibility: &str| {
        summary(7, "journal-article", None, "null").replace(
            r#""display-index": "0""#,
            &format!(r#""display-index": "0", "visibility": {visibility}"#),
        )
    };
    let json = works_answer(
        Some("/0000-0002-1825-0097/works"),
        &[
            with(r#""public""#),
            with(r#""PRIVATE""#),
            with(r#""limited""#),
            with("null"),
        ],
    );
    let record = read_ok(&json);
    assert_eq!(
        record.works.len(),
        2,
        "public and unsaid: {:?}",
        record.skipped
    );
    let reasons: Vec<&str> = record.skipped.iter().map(|s| s.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "visibility \"PRIVATE\": the person has not made it public",
            "visibility \"limited\": the person has not made it public"
        ]
    );
    assert_eq!(record.skipped[0].at, "group[1].work-summary[0]");
}
