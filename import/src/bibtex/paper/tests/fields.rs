//! Years, months, pages, theme links and honours, and the fields no rule reads.

use super::super::fields::{Unused, month, pages};
use super::*;

#[test]
fn a_year_that_is_no_number_dates_only_an_arxiv_preprint() {
    for (kind, year, extra, want) in [
        ("misc", "Preprint", Some(("eprint", "2301.03734")), Ok(2023)),
        (
            "article",
            "to appear",
            Some(("journal", "arXiv preprint arXiv:1912.01234")),
            Ok(2019),
        ),
        ("preprint", "", Some(("arxiv", "2405.00001")), Ok(2024)),
        (
            "misc",
            "Preprint",
            None,
            Err("year \"Preprint\" is not a year"),
        ),
        (
            "inproceedings",
            "in press",
            Some(("eprint", "2301.03734")),
            Err("year \"in press\" is not a year"),
        ),
        (
            "article",
            "forthcoming",
            None,
            Err("year \"forthcoming\" is not a year"),
        ),
        ("inproceedings", "to appear, 2025", None, Ok(2025)),
        (
            "inproceedings",
            "2024--2025",
            None,
            Err("year \"2024--2025\" is not a year"),
        ),
    ] {
        let mut e = entry(kind, &extra.into_iter().collect::<Vec<_>>());
        if year.is_empty() {
            e.fields.remove("year");
        } else {
            e.fields.insert("year".into(), year.into());
        }
        let got = judge(&e).map(|p| p.year).map_err(|r| match r {
            Reject::Bad(why) => why,
            Reject::Skip(why) => format!("skip: {why}"),
        });
        assert_eq!(got, want.map_err(str::to_owned), "{kind} {year:?}");
    }
}

#[test]
fn months_read_in_every_spelling() {
    for (text, want) in [
        ("4", Some(4)),
        ("06", Some(6)),
        ("April", Some(4)),
        ("apr", Some(4)),
        ("Sept.", Some(9)),
        ("07–08 June", Some(6)),
        ("Jun/Jul", Some(6)),
        ("13", None),
        ("spring", None),
    ] {
        assert_eq!(month(text), want, "{text}");
    }
    let p = judge(&entry("misc", &[("date", "2023-05-17")])).unwrap();
    assert_eq!((p.year, p.month), (2023, Some(5)));
}

#[test]
fn pages_take_one_en_dash() {
    for (text, want) in [
        ("437–455", "437–455"),
        ("437-455", "437–455"),
        ("437 — 455", "437–455"),
        ("12:1--12:20", "12:1–12:20"),
        ("e1001", "e1001"),
    ] {
        assert_eq!(pages(text), want, "{text}");
    }
}

#[test]
fn theme_fields_become_links_honours_and_hints() {
    let p = judge(&entry(
        "inproceedings",
        &[
            (
                "booktitle",
                "Advances in Neural Information Processing Systems",
            ),
            ("abbr", "NeurIPS"),
            ("award", "Best Paper Award"),
            ("url", "https://example.org/paper"),
            ("pdf", "paper.pdf"),
            ("code", "https://github.com/example/code"),
            ("html", "https://doi.org/10.1000/xyz"),
            ("website", "https://example.org/paper"),
            ("slides", "https://example.org/slides.pdf"),
            ("poster", "/assets/poster.pdf"),
            ("video", "https://www.youtube.com/watch?v=x"),
            ("blog", "https://example.org/blog/post"),
            ("supp", "https://example.org/supp.zip"),
        ],
    ))
    .unwrap();
    let links: Vec<(LinkKind, &str, Option<&str>)> = p
        .links
        .iter()
        .map(|l| (l.kind, l.url.as_str(), l.label.as_deref()))
        .collect();
    assert_eq!(
        links,
        [
            (LinkKind::Code, "https://github.com/example/code", None),
            (
                LinkKind::Other,
                "https://example.org/slides.pdf",
                Some("Slides")
            ),
            (LinkKind::Video, "https://www.youtube.com/watch?v=x", None),
            (LinkKind::Blog, "https://example.org/blog/post", None),
            (
                LinkKind::Other,
                "https://example.org/supp.zip",
                Some("Supplementary material")
            ),
        ]
    );
    assert_eq!(p.doi.as_deref(), Some("10.1000/xyz"));
    assert_eq!(p.honours, ["Best Paper Award"]);
    assert_eq!(p.venue.and_then(|v| v.abbr).as_deref(), Some("NeurIPS"));
    assert_eq!(
        p.notes,
        [
            "pdf \"paper.pdf\" is not an http, https or mailto URL; left out",
            "poster \"/assets/poster.pdf\" is not an http, https or mailto URL; left out",
        ]
    );
    let oral = judge(&entry(
        "inproceedings",
        &[
            ("award", "Selected for an oral talk."),
            ("award_name", "Oral"),
        ],
    ))
    .unwrap();
    assert_eq!(oral.honours, ["Oral"]);
}

#[test]
fn unread_fields_and_local_links_are_counted() {
    let e = entry(
        "article",
        &[
            ("abbr", "JoE"),
            ("selected", "true"),
            ("bibtex_show", "true"),
            ("preview", "fig.png"),
            ("pdf", "paper.pdf"),
            ("code", "https://github.com/x/y"),
        ],
    );
    assert_eq!(
        unused(&e),
        Unused {
            fields: vec!["bibtex_show".into(), "preview".into(), "selected".into()],
            local_links: vec!["pdf".into()],
        }
    );
}
