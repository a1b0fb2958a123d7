//! The mapping's pieces one by one: refused documents, types, titles, abstracts,
//! identifiers, affiliations, counts.

use research_atlas::model::PublicationType as Kind;
use serde_json::{Value, json};

use crate::sources::openalex::text::{abstract_text, title};
use crate::sources::openalex::{read, read_works, work};

const AUTHOR: &str = r#"{"id": "https://openalex.org/A5000000001", "display_name": "Ann Lee"}"#;

/// Documents that are not an author or works at all: `Err`, naming the document and why.
#[test]
fn documents_that_are_not_openalex_are_refused() {
    let cases: [(&str, &str, &str); 14] = [
        (
            "{",
            "[]",
            "author: not JSON at line 1, column 1: EOF while parsing",
        ),
        (
            "[]",
            "[]",
            "author: an array, not an OpenAlex author object",
        ),
        ("{}", "[]", "author: no \"id\": not an OpenAlex author"),
        (
            r#"{"id": "https://openalex.org/W123"}"#,
            "[]",
            "author: id \"https://openalex.org/W123\" is an OpenAlex work (W123), not an author",
        ),
        (
            r#"{"error": "Not found", "message": "no such author"}"#,
            "[]",
            "author: an OpenAlex error, not an author: Not found",
        ),
        (
            r#"{"meta": {}, "results": [{"id": "A1"}, {"id": "A2"}]}"#,
            "[]",
            "author: a page of 2 results",
        ),
        (AUTHOR, "", "works: empty"),
        (AUTHOR, "  \n", "works: empty"),
        (
            AUTHOR,
            "[]\n[",
            "works document 2: not JSON at line 2, column 1",
        ),
        (
            AUTHOR,
            "[1,\n 2,,]",
            "works: not JSON at line 2, column 4: expected value",
        ),
        (AUTHOR, "42", "works: a number, not a JSON array of works"),
        (
            AUTHOR,
            r#"{"meta": {}, "results": 3}"#,
            "works page 1: \"results\" is a number",
        ),
        (
            AUTHOR,
            r#"{"id": "https://openalex.org/W1", "title": "x"}"#,
            "works page 1: one object, not a list (put a single work in [ ])",
        ),
        (
            AUTHOR,
            r#"[] {"error": "Invalid query parameters"}"#,
            "works page 2: an OpenAlex error (Invalid query parameters)",
        ),
    ];
    for (author, works, want) in cases {
        let err = read(author, works).expect_err(want).to_string();
        assert!(
            err.starts_with(want),
            "{err:?} does not start with {want:?}"
        );
    }
}

#[test]
fn an_author_found_by_a_filter_is_the_one_result() {
    let page = format!(r#"{{"meta": {{"count": 1}}, "results": [{AUTHOR}]}}"#);
    let record = read(&page, r#"{"meta": {"count": 0}, "results": null}"#).expect("reads");
    assert_eq!(record.profile.id, "A5000000001");
    assert!(record.works.is_empty() && record.skipped.is_empty());
}

#[test]
fn odd_affiliations_and_a_bad_orcid_are_skipped_alone() {
    let author = json!({
        "id": "A5000000001",
        "orcid": "https://orcid.org/0000-0002-1825-0098",
        "affiliations": [
            {"institution": {"display_name": "Kept Institute", "id": null, "ror": "not a ror"}, "years": [2020, null, 20200]},
            {"institution": null, "years": [2019]},
            {"institution": {"display_name": "Bad years"}, "years": "2019"},
            "a string",
        ],
    });
    let record = read(&author.to_string(), "[]").expect("reads");
    let employments = &record.profile.employments;
    assert_eq!(employments.len(), 1);
    assert_eq!(employments[0].organization, "Kept Institute");
    assert!(employments[0].organization_ids.is_empty());
    assert_eq!(employments[0].start.map(|d| d.year), Some(2020));
    assert!(record.profile.identifiers.is_empty());
    let at: Vec<&str> = record.skipped.iter().map(|s| s.at.as_str()).collect();
    assert_eq!(
        at,
        [
            "author.orcid",
            "author.affiliations[1]",
            "author.affiliations[2]",
            "author.affiliations[3]",
        ]
    );
    assert!(record.skipped[1].reason.contains("no institution name"));
}

/// One work with `fields` over a journal article's; what `work::map` answers.
fn map(fields: Value) -> Result<crate::sources::record::Work, String> {
    let mut w = json!({
        "id": "https://openalex.org/W1",
        "title": "T",
        "publication_year": 2020,
        "type": "article",
        "type_crossref": "journal-article",
        "primary_location": {"source": {"id": "S9", "display_name": "J", "type": "journal"}},
    });
    if let (Value::Object(w), Value::Object(fields)) = (&mut w, fields) {
        w.extend(fields);
    }
    work::map(&w).map_err(|e| e.to_string())
}

/// `type`, `type_crossref`, the source's type and name; the directory's type, or how the
/// reason for skipping begins.
type TypeCase = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Result<Kind, &'static str>,
);

/// `type`, `type_crossref`, the source's type and name → the directory's type, or why not.
#[test]
fn types_map_to_the_directory_s_or_are_skipped_by_name() {
    let ok = |k: Kind| Ok::<Kind, &str>(k);
    let cases: [TypeCase; 17] = [
        (
            "article",
            "journal-article",
            "journal",
            "J",
            ok(Kind::Journal),
        ),
        (
            "review",
            "journal-article",
            "journal",
            "J",
            ok(Kind::Journal),
        ),
        ("article", "", "journal", "J", ok(Kind::Journal)),
        ("article", "journal-article", "", "", ok(Kind::Journal)),
        (
            "article",
            "proceedings-article",
            "book series",
            "LNCS",
            ok(Kind::Conference),
        ),
        (
            "article",
            "journal-article",
            "conference",
            "Proc. X",
            ok(Kind::Conference),
        ),
        (
            "article",
            "proceedings-article",
            "conference",
            "ACM Workshop on Y",
            ok(Kind::Workshop),
        ),
        ("article", "posted-content", "", "", ok(Kind::Preprint)),
        ("article", "", "repository", "arXiv", ok(Kind::Preprint)),
        ("preprint", "", "", "", ok(Kind::Preprint)),
        ("report", "report", "", "", ok(Kind::Preprint)),
        ("dissertation", "", "", "", ok(Kind::Thesis)),
        ("proceedings-article", "", "", "", ok(Kind::Conference)),
        ("posted-content", "", "", "", ok(Kind::Preprint)),
        ("book", "book", "", "", Err("a book (type \"book\")")),
        (
            "letter",
            "journal-article",
            "journal",
            "J",
            Err("a letter (type \"letter\")"),
        ),
        (
            "article",
            "other",
            "ebook platform",
            "E",
            Err("an article in no journal"),
        ),
    ];
    for (kind, crossref, source_type, name, want) in cases {
        let got = map(json!({
            "type": kind,
            "type_crossref": crossref,
            "primary_location": {"source": {"display_name": name, "type": source_type}},
        }));
        match (got, want) {
            (Ok(w), Ok(k)) => assert_eq!(w.kind, k, "{kind} {crossref} {source_type}"),
            (Err(why), Err(start)) => assert!(why.starts_with(start), "{why}"),
            (got, want) => panic!("{kind} {crossref} {source_type}: {got:?}, want {want:?}"),
        }
    }
}

#[test]
fn venues_belong_to_journals_and_conferences_only() {
    let journal = map(json!({})).expect("maps");
    assert_eq!(
        journal.venue.map(|v| (v.name, v.id)),
        Some(("J".into(), Some("S9".into())))
    );
    let nameless =
        map(json!({"primary_location": {"source": null}, "type_crossref": "proceedings-article"}))
            .expect("maps");
    assert_eq!((nameless.kind, nameless.venue), (Kind::Conference, None));
    assert_eq!(nameless.notes, ["OpenAlex names no venue"]);
    let thesis = map(json!({"type": "dissertation"})).expect("maps");
    assert_eq!((thesis.venue, thesis.school), (None, None));
}

#[test]
fn titles_become_plain_text() {
    let cases = [
        ("Plain title.", "Plain title"),
        ("Wait for it...", "Wait for it..."),
        ("<i>E. coli</i> &amp; <b>friends</b>", "E. coli & friends"),
        ("CO<sub>2</sub> and x<sup>2</sup>", "CO2 and x2"),
        ("&lt;i&gt;Twice&lt;/i&gt; escaped", "Twice escaped"),
        ("a < b and c > d", "a < b and c > d"),
        ("Caf&#233; &#x2014; &unknown; &", "Café — &unknown; &"),
        ("  spread \n over\tlines  ", "spread over lines"),
        (
            "<scp>Small Caps</scp> <jats:italic>x</jats:italic>",
            "Small Caps x",
        ),
        ("<", "<"),
    ];
    for (raw, want) in cases {
        assert_eq!(title(raw), want, "{raw:?}");
    }
    assert_eq!(
        map(json!({"title": " <i></i> ", "display_name": "Other"})),
        Err("no title".into())
    );
    let fallback = map(json!({"title": null, "display_name": "Shown name"})).expect("maps");
    assert_eq!(fallback.title, "Shown name");
}

#[test]
fn abstracts_are_rebuilt_in_position_order() {
    let cases = [
        (json!({"b": [1], "a": [0, 2]}), Some("a b a")),
        (json!({"x": [10], "y": [4000000000u64]}), Some("x y")),
        (json!({"first": [0], "second": [0]}), Some("first")),
        (json!({"w": ["zero", -1, 1.5]}), None),
        (json!({"<p>Intro</p>": [0], "&amp;": [1]}), Some("Intro &")),
        (json!({}), None),
        (json!([["a", 0]]), None),
    ];
    for (index, want) in cases {
        assert_eq!(abstract_text(&index).as_deref(), want, "{index}");
    }
}

#[test]
fn identifiers_and_links() {
    let w = map(json!({
        "doi": "https://dx.doi.org/10.5555/X.1",
        "primary_location": {
            "landing_page_url": "http://doi.org/10.5555/x.1",
            "pdf_url": "https://arxiv.org/pdf/2301.03734v3.pdf",
            "source": {"display_name": "J", "type": "journal"},
        },
        "best_oa_location": {"landing_page_url": "https://doi.org/10.5555/other", "pdf_url": "https://doi.org/10.5555/other"},
    }))
    .expect("maps");
    assert_eq!(w.ids.doi.as_deref(), Some("10.5555/X.1"));
    assert_eq!(w.ids.arxiv.as_deref(), Some("2301.03734"));
    assert_eq!(w.ids.links, ["https://doi.org/10.5555/other"]);
    let bad = map(json!({"doi": "https://doi.org/not-a-doi"})).expect("maps");
    assert_eq!(bad.ids.doi, None);
    assert_eq!(
        bad.notes,
        ["DOI \"https://doi.org/not-a-doi\" does not start with \"10.\"; left out"]
    );
}

#[test]
fn dates_pages_and_counts() {
    let w = map(json!({
        "publication_date": "2019-12-31",
        "biblio": {"first_page": " 5 ", "last_page": "9"},
        "cited_by_count": 9_000_000_000u64,
    }))
    .expect("maps");
    assert_eq!((w.month, w.imprint.pages.as_deref()), (None, Some("5–9")));
    assert_eq!(w.citations, Some(u32::MAX));
    let w = map(json!({"biblio": {"first_page": null, "last_page": "9"}, "cited_by_count": -1}))
        .expect("maps");
    assert_eq!(
        (w.imprint.pages.as_deref(), w.citations),
        (Some("9"), Some(0))
    );
    for year in [json!(0), json!(10000), json!(-2020)] {
        let why = map(json!({"publication_year": year})).expect_err("no year");
        assert!(why.starts_with("publication year"), "{why}");
    }
}

#[test]
fn a_count_beyond_the_pages_says_the_rest_were_not_fetched() {
    let pages = r#"{"meta": {"count": 5, "next_cursor": "abc"}, "results": [{"id": "W1"}]}
                   {"meta": {"count": 5, "next_cursor": null}, "results": []}"#;
    let (works, skipped) = read_works(pages).expect("reads");
    assert!(works.is_empty());
    assert_eq!(skipped.len(), 2);
    assert_eq!(skipped[0].at, "works page 1 results[0] (W1)");
    assert_eq!(skipped[1].at, "works page 1 meta.count");
    assert_eq!(
        skipped[1].reason,
        "OpenAlex counts 5 works and the pages hold 1: 4 were not fetched"
    );
}
