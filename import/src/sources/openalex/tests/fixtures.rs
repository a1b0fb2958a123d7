//! Each fixture read whole, compared with the record written out by hand.

use research_atlas::model::{EndDate, PartialDate, PublicationType as Kind};

use super::{author, fixture, venue, work};
use crate::sources::openalex::{read, read_works};
use crate::sources::record::{Affiliation, Identifiers, Imprint, Origin, Profile, Skip, Work};

const MARA: (&str, Option<&str>, Option<&str>) = (
    "Mara Lindqvist",
    Some("A5000000001"),
    Some("0000-0002-1825-0097"),
);

fn mara() -> crate::sources::record::WorkAuthor {
    author(MARA.0, MARA.1, MARA.2)
}

fn skip(at: &str, reason: &str) -> Skip {
    Skip {
        at: at.into(),
        reason: reason.into(),
    }
}

fn journal() -> Option<crate::sources::record::WorkVenue> {
    venue("Journal of Synthetic Graph Studies", "S4200000101")
}

/// The works of `A5000000001.works.json`, in order.
fn paged_works() -> Vec<Work> {
    vec![
        Work {
            authors: vec![mara(), author("Jun Okafor", Some("A5000000077"), None)],
            venue: journal(),
            month: Some(3),
            imprint: Imprint {
                volume: Some("12".into()),
                number: Some("3".into()),
                pages: Some("101–118".into()),
                publisher: Some("Fictional Press".into()),
            },
            ids: Identifiers {
                doi: Some("10.5555/jsgs.2022.0042".into()),
                links: vec!["https://fictional-press.example/jsgs/42.pdf".into()],
                ..Identifiers::default()
            },
            abstract_text: Some(
                "We study graphs. We show that graphs, when sparse, are easy; dense graphs are not."
                    .into(),
            ),
            citations: Some(0),
            ..work(
                "W5000000001",
                "Sparse graphs in vivo: structure & growth",
                Kind::Journal,
                2022,
            )
        },
        Work {
            authors: vec![
                author(
                    "Priya Raman",
                    Some("A5000000088"),
                    Some("0000-0002-0000-0014"),
                ),
                mara(),
            ],
            venue: venue(
                "Proceedings of the Symposium on Imaginary Systems",
                "S4200000202",
            ),
            month: Some(10),
            imprint: Imprint {
                pages: Some("1–14".into()),
                publisher: Some("Society for Imaginary Computing".into()),
                ..Imprint::default()
            },
            ids: Identifiers {
                doi: Some("10.5555/sis.2023.7".into()),
                links: vec![
                    "https://dl.example.org/doi/10.5555/sis.2023.7".into(),
                    "https://eastvale-repo.example/handle/1234/5678".into(),
                    "https://eastvale-repo.example/bitstream/1234/5678/paper.pdf".into(),
                ],
                ..Identifiers::default()
            },
            citations: Some(48213),
            ..work(
                "W5000000002",
                "Scheduling Imaginary Systems at Scale",
                Kind::Conference,
                2023,
            )
        },
        Work {
            authors: vec![
                author(MARA.0, MARA.1, None),
                author("Ola Nordmann", None, None),
            ],
            month: Some(5),
            ids: Identifiers {
                doi: Some("10.48550/arxiv.2305.01234".into()),
                arxiv: Some("2305.01234".into()),
                ..Identifiers::default()
            },
            citations: Some(3),
            ..work(
                "W5000000003",
                "Learning to Prune Hypothetical Networks",
                Kind::Preprint,
                2023,
            )
        },
        Work {
            authors: vec![mara()],
            month: Some(6),
            school: Some("University of Eastvale".into()),
            ids: Identifiers::link("https://eastvale-repo.example/handle/1234/42"),
            citations: Some(12),
            ..work(
                "W5000000004",
                "On the Growth of Sparse Structures",
                Kind::Thesis,
                2019,
            )
        },
        Work {
            authors: vec![
                author(
                    "Ana Silva",
                    Some("A5000000101"),
                    Some("0000-0003-0000-002X"),
                ),
                mara(),
                author("Kwame Mensah", Some("A5000000102"), None),
            ],
            authors_incomplete: true,
            venue: journal(),
            month: Some(1),
            imprint: Imprint {
                volume: Some("14".into()),
                pages: Some("e1001".into()),
                publisher: Some("Fictional Press".into()),
                ..Imprint::default()
            },
            ids: Identifiers::doi("10.5555/jsgs.2024.0100"),
            citations: Some(250),
            ..work(
                "W5000000009",
                "A Very Large Collaboration on Sparse Graphs",
                Kind::Journal,
                2024,
            )
        },
        Work {
            authors: vec![mara()],
            venue: venue("Workshop on Hypothetical Networks", "S4200000505"),
            month: Some(7),
            imprint: Imprint::pages("22"),
            ids: Identifiers::doi("10.5555/whn.2024.3"),
            citations: Some(7),
            ..work(
                "W5000000010",
                "Pruning Hypothetical Networks, Revisited",
                Kind::Workshop,
                2024,
            )
        },
    ]
}

#[test]
fn an_author_with_their_works_as_two_pages() {
    let record = read(
        &fixture("A5000000001.json"),
        &fixture("A5000000001.works.json"),
    )
    .expect("the fixtures read");
    let spell = |y| Some(PartialDate::year(y));
    let until = |y| Some(EndDate::Date(PartialDate::year(y)));
    let profile = Profile {
        id: "A5000000001".into(),
        name: Some("Mara Lindqvist".into()),
        other_names: vec![
            "M. Lindqvist".into(),
            "Lindqvist, Mara".into(),
            "Mara Lindqvist-Berg".into(),
        ],
        identifiers: vec![(Origin::Orcid, "0000-0002-1825-0097".into())],
        employments: vec![
            Affiliation {
                organization: "Northbridge Institute of Technology".into(),
                organization_ids: vec!["I4200000001".into(), "https://ror.org/00zz0zz01".into()],
                location: Some("SE".into()),
                start: spell(2021),
                end: until(2024),
                ..Affiliation::default()
            },
            Affiliation {
                organization: "University of Eastvale".into(),
                organization_ids: vec!["I4200000002".into(), "https://ror.org/00zz0zz02".into()],
                location: Some("NO".into()),
                start: spell(2016),
                end: until(2019),
                ..Affiliation::default()
            },
        ],
        ..Profile::default()
    };
    assert_eq!(record.profile, profile);
    let expected = paged_works();
    assert_eq!(record.works.len(), expected.len());
    for (got, want) in record.works.iter().zip(&expected) {
        assert_eq!(got, want, "{}", want.id);
    }
    assert_eq!(
        record.skipped,
        vec![
            skip(
                "works page 1 results[4] (W5000000005)",
                "a book chapter (type \"book-chapter\"), not a publication type of the directory",
            ),
            skip(
                "works page 2 results[0] (W5000000006)",
                "paratext (front matter, a table of contents, an index), not a paper",
            ),
            skip("works page 2 results[1] (W5000000007)", "retracted"),
            skip(
                "works page 2 results[2] (W5000000008)",
                "no publication year",
            ),
        ]
    );
}

#[test]
fn an_author_with_their_works_as_one_array() {
    let record = read(
        &fixture("A5000000002.json"),
        &fixture("A5000000002.works.json"),
    )
    .expect("the fixtures read");
    assert_eq!(
        record.profile,
        Profile {
            id: "A5000000002".into(),
            name: Some("Tomás Ferreira".into()),
            ..Profile::default()
        }
    );
    let tomas = |orcid: Option<&str>| author("Tomás Ferreira", Some("A5000000002"), orcid);
    let expected = vec![
        Work {
            authors: vec![tomas(None)],
            venue: venue("Legacy Journal of Fluids", "S4200000606"),
            month: Some(11),
            imprint: Imprint {
                volume: Some("7".into()),
                number: Some("2".into()),
                pages: Some("33–47".into()),
                ..Imprint::default()
            },
            ids: Identifiers::doi("10.5555/LEGACY.2018.11"),
            citations: Some(5),
            notes: vec![
                "Tomás Ferreira's ORCID \"https://orcid.org/0000-0002-0000-0015\" has the check \
                 digit 5, but the other digits need 4: a digit is mistyped; left out"
                    .into(),
            ],
            ..work(
                "W5000000201",
                "Flow of H2O in Porous Media*",
                Kind::Journal,
                2018,
            )
        },
        Work {
            authors: vec![tomas(None)],
            authors_incomplete: true,
            month: Some(2),
            ids: Identifiers {
                doi: Some("10.48550/arXiv.2402.00077".into()),
                arxiv: Some("2402.00077".into()),
                ..Identifiers::default()
            },
            abstract_text: Some("Flows are bounded. See appendix.".into()),
            notes: vec!["authorships[1] has no name; left out".into()],
            ..work(
                "W5000000202",
                "A Bound for k-Sparse Flows",
                Kind::Preprint,
                2024,
            )
        },
        Work {
            ids: Identifiers::link("https://arxiv.org/abs/cond-mat/9801001v1"),
            notes: vec![
                "arXiv id \"cond-mat/9801001\" is an old-style id or a link; only YYMM.NNNNN \
                 ids are accepted; left out"
                    .into(),
            ],
            ..work(
                "W5000000203",
                "Old Notes on Lattice Flows",
                Kind::Preprint,
                1998,
            )
        },
        Work {
            authors: vec![tomas(Some("0000-0002-0000-0049"))],
            notes: vec![
                "link \"https://eastvale-repo.example/reports/7 final.pdf\" contains white space; left out"
                    .into(),
                "link \"ftp://eastvale-repo.example/reports/7.pdf\" is not an http, https or \
                 mailto URL; left out"
                    .into(),
            ],
            ..work(
                "W5000000207",
                "Technical Report: Calibrating Flow Meters",
                Kind::Preprint,
                2022,
            )
        },
    ];
    assert_eq!(record.works.len(), expected.len());
    for (got, want) in record.works.iter().zip(&expected) {
        assert_eq!(got, want, "{}", want.id);
    }
    assert_eq!(
        record.skipped,
        vec![
            skip(
                "works[3] (W5000000204)",
                "a dataset (type \"dataset\"), not a publication type of the directory",
            ),
            skip("works[4] (W5000000201)", "repeats works[0] (W5000000201)"),
            skip("works[5]", "no OpenAlex id"),
            skip(
                "works[6] (W5000000206)",
                "not an OpenAlex work: invalid type: string \"2022\", expected i64",
            ),
        ]
    );
}

#[test]
fn read_works_reads_the_works_alone() {
    let (works, skipped) = read_works(&fixture("A5000000001.works.json")).expect("pages");
    assert_eq!(works, paged_works());
    assert_eq!(skipped.len(), 4);
}
