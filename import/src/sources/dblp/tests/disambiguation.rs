//! Disambiguation pages, against the fixtures beside this file (`fixtures/`, an invented "Jane
//! Doe" in dblp's shapes): the bare name's page is refused with its people listed, a numbered
//! homonym's own page is read as one person; then the listing's parts, table by table.

use research_atlas::model::PublicationType::{Conference, Journal};

use super::{author, venue, work};
use crate::sources::dblp::read;
use crate::sources::record::{Affiliation, Identifiers, Imprint, Origin, Profile, Url, Work};

/// The bare name's page: marked `publtype="disambiguation"`, its `<homonyms>` out of order,
/// one homonym known only as a co-author, another disambiguation page among the homonyms.
pub(super) const DISAMBIGUATION: &str = include_str!("fixtures/disambiguation.xml");

/// "Jane Doe 0002"'s own page, whose `<homonyms>` lists the bare name's page and the others.
pub(super) const NUMBERED: &str = include_str!("fixtures/numbered_homonym.xml");

const PAGE: &str = "a dblp disambiguation page for \"Jane Doe\", not one person; ";

#[test]
fn disambiguation_page_is_refused_naming_its_people() {
    let err = read(DISAMBIGUATION).expect_err("not one person");
    let people = [
        "Jane Doe 0001 (901/2345-1), Example University of Technology, Springfield, USA",
        "Jane Doe 0002 (901/2345-2)",
        "Jane Doe 0003 (901/2345-3), Example Polytechnic, Lisbon, Portugal (former)",
        "Jane Doe 0004 (901/2345-4)",
    ];
    let want = format!(
        "{PAGE}put the pid of the right one on the roster: {}",
        people.join("; ")
    );
    assert_eq!(err.to_string(), want);
}

#[test]
fn numbered_homonym_page_is_read_as_one_person() {
    let record = read(NUMBERED).expect("one person's page");
    let expected = Profile {
        id: "901/2345-2".into(),
        name: Some("Jane Doe".into()),
        urls: vec![Url {
            label: None,
            url: "https://doe2.example.org/".into(),
        }],
        // Only her own: the homonyms' affiliations and addresses are theirs.
        employments: vec![Affiliation {
            organization: "Example College of Engineering, Pune, India".into(),
            ..Affiliation::default()
        }],
        ..Profile::default()
    };
    assert_eq!(record.profile, expected);
    let jane = || author("Jane Doe", Some("901/2345-2"), None);
    let ravi = || author("Ravi Rao", Some("31/4159"), None);
    let works: Vec<Work> = vec![
        Work {
            authors: vec![jane(), ravi()],
            venue: venue("ICDE", "conf/icde"),
            imprint: Imprint::pages("2001–2013"),
            ids: Identifiers::doi("10.5555/3333333.4444444"),
            ..work(
                "conf/icde/DoeR23",
                Conference,
                "Adaptive Joins over Streams",
                2023,
            )
        },
        Work {
            authors: vec![ravi(), jane(), author("Jane Doe", Some("901/2345-1"), None)],
            venue: venue("VLDB J.", "journals/vldbj"),
            imprint: Imprint {
                volume: Some("31".into()),
                number: Some("1".into()),
                pages: Some("55–70".into()),
                ..Imprint::default()
            },
            ..work(
                "journals/vldbj/RaoDD22",
                Journal,
                "Streams Meet Graphs",
                2022,
            )
        },
    ];
    assert_eq!(record.works, works);
    assert_eq!(record.skipped, []);
}

/// The bare name's page around `person` (the root's `<person>`), `homonyms` and `records`.
fn page(person: &str, homonyms: &str, records: &str) -> String {
    page_of("Jane Doe", "901/2345", person, homonyms, records)
}

/// A page of `name` and `pid` around `person`, `homonyms` and `records`.
fn page_of(name: &str, pid: &str, person: &str, homonyms: &str, records: &str) -> String {
    format!(
        "<dblpperson name=\"{name}\" pid=\"{pid}\" n=\"1\">{person}\
         <homonyms>{homonyms}</homonyms>{records}</dblpperson>"
    )
}

const BARE: &str = "<person key=\"homepages/901/2345\" publtype=\"disambiguation\">\
                    <author pid=\"901/2345\">Jane Doe</author></person>";

fn homonym(pid: &str, name: &str, notes: &str) -> String {
    format!(
        "<h f=\"d/Doe:Jane\"><person key=\"homepages/{pid}\">\
         <author pid=\"{pid}\">{name}</author>{notes}</person></h>"
    )
}

fn paper(authors: &[(&str, &str)]) -> String {
    let authors: String = authors
        .iter()
        .map(|(pid, name)| format!("<author pid=\"{pid}\">{name}</author>"))
        .collect();
    format!(
        "<r><article key=\"journals/x/Doe20\">{authors}<title>T.</title><year>2020</year>\
         <journal>X</journal></article></r>"
    )
}

/// Who is listed, and how: pids once, numbers in order, affiliations current first.
#[test]
fn the_people_listed() {
    let current = "<note type=\"affiliation\">Now U</note>";
    let former = "<note label=\"former\" type=\"affiliation\">Then U</note>";
    let cases = [
        (
            "no one: the page says whom to look for",
            page(BARE, "", &paper(&[("901/2345", "Jane Doe")])),
            "it names none of the people who share the name: find the right one on dblp and \
             put their pid on the roster"
                .to_owned(),
        ),
        (
            "current affiliation before a former one, whatever their order",
            page(
                BARE,
                &homonym("901/2345-1", "Jane Doe 0001", &format!("{former}{current}")),
                "",
            ),
            "put the pid of the right one on the roster: Jane Doe 0001 (901/2345-1), Now U"
                .to_owned(),
        ),
        (
            "a homonym also among the authors is listed once, with its affiliation",
            page(
                BARE,
                &homonym("901/2345-1", "Jane Doe 0001", current),
                &paper(&[("901/2345-1", "Jane Doe 0001"), ("901/2345", "Jane Doe")]),
            ),
            "put the pid of the right one on the roster: Jane Doe 0001 (901/2345-1), Now U"
                .to_owned(),
        ),
        (
            "numbers in order; a similar name's page after them; other authors not listed",
            page(
                BARE,
                &format!(
                    "{}{}",
                    homonym("903/1", "Jane A. Doe", ""),
                    homonym("901/2345-12", "Jane Doe 0012", "")
                ),
                &paper(&[
                    ("901/2345-3", "Jane Doe 0003"),
                    ("77/1", "Ana Lee 0001"),
                    ("901/2345", "Jane Doe"),
                ]),
            ),
            "put the pid of the right one on the roster: Jane Doe 0003 (901/2345-3); \
             Jane Doe 0012 (901/2345-12); Jane A. Doe (903/1)"
                .to_owned(),
        ),
        (
            "a homonym without an author's pid is known by its key",
            page(
                BARE,
                "<h><person key=\"homepages/901/2345-5\"><author>Jane Doe 0005</author>\
                 </person></h>",
                "",
            ),
            "put the pid of the right one on the roster: Jane Doe 0005 (901/2345-5)".to_owned(),
        ),
    ];
    for (why, xml, want) in cases {
        assert_eq!(
            read(&xml).unwrap_err().to_string(),
            format!("{PAGE}{want}"),
            "{why}"
        );
    }
}

/// Only the root's `<person>` marked `disambiguation` makes a page one: a person's page that
/// lists homonyms, or the bare name's page among them, is read.
#[test]
fn only_the_mark_makes_a_disambiguation_page() {
    let person = "<person key=\"homepages/901/2345-2\">\
                  <author pid=\"901/2345-2\">Jane Doe 0002</author></person>";
    let bare_homonym = "<h><person publtype=\"disambiguation\" key=\"homepages/901/2345\">\
                        <author pid=\"901/2345\">Jane Doe</author></person></h>";
    let no_mark = "<person key=\"homepages/901/2345\">\
                   <author pid=\"901/2345\">Jane Doe</author></person>";
    let two_marks = "<person key=\"homepages/901/2345\" publtype=\"informal disambiguation\">\
                     <author pid=\"901/2345\">Jane Doe</author></person>";
    let one = &paper(&[("901/2345-2", "Jane Doe 0002")]);
    let numbered = |homonyms: &str| page_of("Jane Doe 0002", "901/2345-2", person, homonyms, one);
    for (xml, refused) in [
        (numbered(bare_homonym), false),
        (numbered(&homonym("901/2345-1", "Jane Doe 0001", "")), false),
        (
            page(no_mark, &homonym("901/2345-1", "Jane Doe 0001", ""), ""),
            false,
        ),
        (page(two_marks, "", ""), true),
    ] {
        assert_eq!(read(&xml).is_err(), refused, "{xml}");
    }
    let record = read(&numbered(bare_homonym)).expect("a person's page");
    assert_eq!(record.profile.id, "901/2345-2");
    assert_eq!(record.works.len(), 1);
    assert_eq!(
        record.profile.identifiers,
        Vec::<(Origin, String)>::new(),
        "nothing of the homonyms"
    );
}
