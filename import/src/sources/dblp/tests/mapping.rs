//! The mapping's parts, table by table: names, titles, pages, months, keys, identifiers, the
//! publication type of small records, and where a broken document is said to break.

use research_atlas::model::PublicationType::{self, Conference, Journal, Preprint, Workshop};

use super::person_with;
use crate::sources::dblp::ids::{doi_in, is_arxiv_id};
use crate::sources::dblp::work::{month, pages, title, venue_key, without_number};
use crate::sources::dblp::{is_orcid, orcid_in, read};

#[test]
fn homonym_numbers() {
    for (name, want) in [
        ("Wei Wang 0001", "Wei Wang"),
        ("Wei Wang 0123 ", "Wei Wang"),
        ("Wei Wang", "Wei Wang"),
        ("Wei Wang 001", "Wei Wang 001"),
        ("Wei Wang 2001a", "Wei Wang 2001a"),
        ("0001", "0001"),
        ("", ""),
    ] {
        assert_eq!(without_number(name), want, "{name:?}");
    }
}

#[test]
fn titles() {
    for (raw, want) in [
        ("A Title.", "A Title"),
        ("  A\n  spread   title. ", "A spread title"),
        ("Why Not?", "Why Not?"),
        ("Wait...", "Wait..."),
        ("", ""),
        (".", ""),
    ] {
        assert_eq!(title(raw), want, "{raw:?}");
    }
}

#[test]
fn pages_with_an_en_dash() {
    for (raw, want) in [
        ("12-34", "12–34"),
        ("12--34", "12–34"),
        ("15:1-15:22", "15:1–15:22"),
        ("7", "7"),
        ("i-xii", "i–xii"),
    ] {
        assert_eq!(pages(raw), want, "{raw:?}");
    }
}

#[test]
fn months() {
    for (raw, want) in [
        ("January", Some(1)),
        ("sept.", Some(9)),
        ("June/July", Some(6)),
        ("12", Some(12)),
        ("13", None),
        ("Summer", None),
        ("", None),
    ] {
        assert_eq!(month(raw), want, "{raw:?}");
    }
}

#[test]
fn venue_keys() {
    for (key, want) in [
        ("conf/osdi/LuanXY23", Some("conf/osdi")),
        ("journals/pvldb/KohlerW22", Some("journals/pvldb")),
        ("conf/osdi/2023", Some("conf/osdi")),
        ("series/lncs/Kohler18", None),
        ("conf/osdi", None),
        ("conf//x", None),
        ("", None),
    ] {
        assert_eq!(venue_key(key).as_deref(), want, "{key:?}");
    }
}

#[test]
fn dois_from_addresses() {
    for (url, want) in [
        (
            "https://doi.org/10.1145/3603269.3604848",
            Some("10.1145/3603269.3604848"),
        ),
        (
            "http://dx.doi.org/10.1109/ICDE.2019.00012",
            Some("10.1109/ICDE.2019.00012"),
        ),
        (
            "http://doi.acm.org/10.1145/1400214.1400231",
            Some("10.1145/1400214.1400231"),
        ),
        (
            "https://doi.org/10.1002/%28SICI%291097",
            Some("10.1002/(SICI)1097"),
        ),
        ("https://doi.org/10.1000/x?via=1", Some("10.1000/x")),
        ("https://doi.ieeecomputersociety.org/10.1109/X.1", None),
        ("https://example.org/doi.org/10.1/x", None),
        ("doi.org/10.1145/1", None),
    ] {
        assert_eq!(doi_in(url).as_deref(), want, "{url:?}");
    }
}

#[test]
fn orcids_and_arxiv_ids() {
    assert_eq!(
        orcid_in("https://orcid.org/0000-0002-1825-0097/").as_deref(),
        Some("0000-0002-1825-0097")
    );
    assert_eq!(
        orcid_in("https://orcid.org/0000-0002-1694-233x").as_deref(),
        Some("0000-0002-1694-233X")
    );
    assert_eq!(orcid_in("https://orcid.org/my-profile"), None);
    assert!(is_orcid("0000-0002-1694-233X"));
    assert!(!is_orcid("0000-0002-1694-X233"));
    assert!(is_arxiv_id("2301.03734") && is_arxiv_id("0704.0001"));
    assert!(!is_arxiv_id("cs/0601001") && !is_arxiv_id("2301.037"));
}

/// One record in a person document: its type, or why it is skipped.
fn judged(record: &str) -> Result<PublicationType, String> {
    let r = read(&person_with(&format!("<r>{record}</r>"))).expect("a person record");
    match (r.works.first(), r.skipped.first()) {
        (Some(w), None) => Ok(w.kind),
        (None, Some(s)) => Err(s.reason.clone()),
        other => panic!("{record}: {other:?}"),
    }
}

#[test]
fn publication_types() {
    let paper = |el: &str, attrs: &str, inner: &str| {
        format!("<{el} {attrs}><title>T.</title><year>2020</year>{inner}</{el}>")
    };
    let cases = [
        (
            paper(
                "inproceedings",
                "key=\"conf/a/X\"",
                "<booktitle>SOSP</booktitle>",
            ),
            Ok(Conference),
        ),
        (
            paper(
                "inproceedings",
                "key=\"conf/a/X\"",
                "<booktitle>ML Systems Workshop</booktitle>",
            ),
            Ok(Workshop),
        ),
        (
            paper(
                "inproceedings",
                "key=\"conf/a/X\"",
                "<booktitle>HotNets</booktitle><crossref>conf/a/2020workshops</crossref>",
            ),
            Ok(Workshop),
        ),
        (
            paper(
                "inproceedings",
                "key=\"conf/a/X\"",
                "<booktitle>ICSE</booktitle><crossref>conf/icse/2020w</crossref>",
            ),
            Ok(Workshop),
        ),
        (
            paper(
                "inproceedings",
                "key=\"conf/a/X\"",
                "<booktitle>ICSE</booktitle><crossref>conf/icse/2020</crossref>",
            ),
            Ok(Conference),
        ),
        (
            paper(
                "article",
                "key=\"journals/corr/abs-2001-00001\"",
                "<journal>CoRR</journal>",
            ),
            Ok(Preprint),
        ),
        (
            paper(
                "article",
                "publtype=\"informal\" key=\"journals/iacr/X20\"",
                "<journal>IACR Cryptol. ePrint Arch.</journal>",
            ),
            Ok(Preprint),
        ),
        (
            paper(
                "article",
                "key=\"journals/cacm/X20\"",
                "<journal>Commun. ACM</journal>",
            ),
            Ok(Journal),
        ),
        (
            paper(
                "article",
                "publtype=\"informal withdrawn\" key=\"journals/corr/X\"",
                "",
            ),
            Err("withdrawn (publtype \"withdrawn\")".to_owned()),
        ),
        (
            paper("www", "key=\"homepages/x/Y\"", ""),
            Err("a web page record (<www>), not a publication".to_owned()),
        ),
        (
            paper("patent", "key=\"x/y/Z\"", ""),
            Err("an unknown record <patent>".to_owned()),
        ),
        (paper("article", "", ""), Err("no key".to_owned())),
        (
            "<article key=\"journals/x/Y\"><year>2020</year></article>".to_owned(),
            Err("no title".to_owned()),
        ),
        (
            "<article key=\"journals/x/Y\"><title>T.</title><year>99999</year></article>"
                .to_owned(),
            Err("the year \"99999\" is not a year".to_owned()),
        ),
    ];
    for (record, want) in cases {
        assert_eq!(judged(&record), want, "{record}");
    }
}

#[test]
fn a_conference_paper_without_booktitle_has_no_venue() {
    let r = read(&person_with(
        "<r><inproceedings key=\"conf/a/X\"><title>T.</title><year>2020</year>\
         <author>  </author></inproceedings></r>",
    ))
    .expect("a person record");
    assert_eq!(r.works[0].venue, None);
    assert_eq!(
        r.works[0].notes,
        [
            "an <author> with no name was left out",
            "no <booktitle>: no venue"
        ]
    );
}

#[test]
fn a_person_without_person_element() {
    let r =
        read("<dblpperson name=\"Ann Other 0002\" pid=\"12/3456-2\"/>").expect("a person record");
    assert_eq!(r.profile.id, "12/3456-2");
    assert_eq!(r.profile.name.as_deref(), Some("Ann Other"));
    assert!(r.works.is_empty() && r.skipped.is_empty());
}

/// Where a document that is no person record is said to break.
#[test]
fn errors_say_where() {
    for (xml, want) in [
        ("", "no root element: not a dblp person record"),
        ("   \n ", "no root element: not a dblp person record"),
        ("hello", "line 1, column 1: text outside the root element"),
        (
            "<dblpperson>\n<r>",
            "line 2, column 4: the document ends inside <r>",
        ),
        (
            "<dblpperson></dblpperson>\n<x/>",
            "line 2, column 1: a second root element <x> after </dblpperson>",
        ),
        (
            "<html><body/></html>",
            "line 1, column 1: the root element is <html>, not <dblpperson>: \
             not a dblp person record",
        ),
        (
            "<dblpperson><r>&#0;</r></dblpperson>",
            "line 1, column 16: &#0; is no character",
        ),
    ] {
        assert_eq!(
            read(xml).map(|_| ()).map_err(|e| e.to_string()),
            Err(want.to_owned()),
            "{xml:?}"
        );
    }
    // quick-xml's own errors, placed.
    for (xml, want) in [
        (
            "<dblpperson><r></article></r></dblpperson>",
            "line 1, column 16: ill-formed document: expected `</r>`, but `</article>` was found",
        ),
        (
            "<dblpperson pid=\"a\" pid=\"b\"></dblpperson>",
            "line 1, column 21: an attribute is written twice",
        ),
        (
            "<dblpperson>\n<!-- x",
            "line 2, column 1: syntax error: comment not closed: \
             `-->` not found before end of input",
        ),
    ] {
        assert_eq!(
            read(xml).map(|_| ()).map_err(|e| e.to_string()),
            Err(want.to_owned()),
            "{xml:?}"
        );
    }
}
