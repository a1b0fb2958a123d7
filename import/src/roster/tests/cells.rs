use std::path::Path;

use research_atlas::model::{CareerStage, LinkKind};

use super::super::row::Row;
use super::super::table::RawRow;
use super::fixtures;

/// The row, or the reasons its cells were left out (or it was refused).
fn row(raw: RawRow) -> Result<Row, String> {
    let r = Row::read(&raw, 2, &fixtures())?;
    if r.dropped.is_empty() {
        Ok(r)
    } else {
        let reasons: Vec<String> = r.dropped.iter().map(ToString::to_string).collect();
        Err(reasons.join("; "))
    }
}

fn with(f: impl FnOnce(&mut RawRow)) -> RawRow {
    let mut raw = RawRow {
        name: Some("Ada Quillfeather".into()),
        ..RawRow::default()
    };
    f(&mut raw);
    raw
}

/// The identifier links a row's cells make, as `(kind, url)`.
fn identifiers(orcid: &str, dblp: &str, openalex: &str) -> Result<Vec<(LinkKind, String)>, String> {
    let cell = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    let r = row(with(|r| {
        r.orcid = cell(orcid);
        r.dblp = cell(dblp);
        r.openalex = cell(openalex);
    }))?;
    Ok(r.identifiers.into_iter().map(|l| (l.kind, l.url)).collect())
}

#[test]
fn identifiers_as_ids_and_as_links() {
    let want = vec![
        (
            LinkKind::Orcid,
            "https://orcid.org/0000-0002-1825-0097".to_owned(),
        ),
        (LinkKind::Dblp, "https://dblp.org/pid/56/2455".to_owned()),
        (
            LinkKind::Openalex,
            "https://openalex.org/A5023888391".to_owned(),
        ),
    ];
    for (orcid, dblp, openalex) in [
        ("0000-0002-1825-0097", "56/2455", "A5023888391"),
        (
            "https://orcid.org/0000-0002-1825-0097",
            "https://dblp.org/pid/56/2455.html",
            "https://openalex.org/A5023888391",
        ),
        (
            "http://orcid.org/0000-0002-1825-0097/",
            "dblp.org/pid/56/2455",
            "https://api.openalex.org/authors/a5023888391",
        ),
        (
            "orcid.org/0000-0002-1825-0097",
            "https://dblp.uni-trier.de/pid/56/2455.html",
            "openalex.org/authors/A5023888391",
        ),
    ] {
        assert_eq!(
            identifiers(orcid, dblp, openalex),
            Ok(want.clone()),
            "{orcid} {dblp} {openalex}"
        );
    }
    // An iD whose check character is X, written in lower case.
    assert_eq!(
        identifiers("0000-0002-1694-233x", "", ""),
        Ok(vec![(
            LinkKind::Orcid,
            "https://orcid.org/0000-0002-1694-233X".to_owned()
        )])
    );
    assert_eq!(
        identifiers("", "l/LeslieLamport", ""),
        Ok(vec![(
            LinkKind::Dblp,
            "https://dblp.org/pid/l/LeslieLamport".to_owned()
        )])
    );
}

#[test]
fn bad_identifiers_say_what_is_wrong() {
    for (orcid, dblp, openalex, error) in [
        (
            "0000-0002-1825-0098",
            "",
            "",
            "ORCID \"0000-0002-1825-0098\" has the check digit 8, but the other digits need 7: a digit is mistyped",
        ),
        (
            "0000-0002-1825",
            "",
            "",
            "ORCID \"0000-0002-1825\" does not end in an ORCID iD of four groups of four digits (0000-0002-1825-0097)",
        ),
        (
            "https://example.org/0000-0002-1825-0097",
            "",
            "",
            "ORCID \"https://example.org/0000-0002-1825-0097\" is not an ORCID iD or link",
        ),
        (
            "",
            "Jane Doe",
            "",
            "dblp \"Jane Doe\" does not end in a dblp person id such as 56/2455",
        ),
        (
            "",
            "https://dblp.org/search?q=doe",
            "",
            "dblp \"https://dblp.org/search?q=doe\" is not a dblp pid or person page",
        ),
        (
            "",
            "",
            "W2741809807",
            "OpenAlex \"W2741809807\" does not end in an OpenAlex author id such as A5023888391",
        ),
    ] {
        assert_eq!(identifiers(orcid, dblp, openalex), Err(error.to_owned()));
    }
}

#[test]
fn a_bad_cell_is_left_out_with_its_reason_and_the_rest_of_the_row_read() {
    let raw = with(|r| {
        r.stage = Some("prof".into());
        r.homepage = Some("example.org/~ada".into());
        r.id = Some("Ada Q".into());
        r.dblp = Some("56/2455".into());
    });
    let r = Row::read(&raw, 2, &fixtures()).expect("a row with a name is read");
    assert_eq!(
        r.dropped
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "id \"Ada Q\" is not a slug (lowercase letters and digits joined by hyphens, e.g. jane-doe)",
            "career stage \"prof\" is not one of student, phd_student, postdoc, faculty, industry",
            "homepage \"example.org/~ada\" is not an http or https address (https://…)"
        ]
    );
    assert_eq!((r.id, r.stage, r.homepage), (None, None, None));
    assert_eq!(r.name, "Ada Quillfeather");
    assert_eq!(r.identifiers.len(), 1, "the good cell is kept");
}

#[test]
fn only_a_row_with_no_name_is_refused() {
    let err = Row::read(
        &RawRow {
            stage: Some("prof".into()),
            dblp: Some("56/2455".into()),
            ..RawRow::default()
        },
        2,
        &fixtures(),
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "no name");
}

#[test]
fn homepages_are_http_or_https_only() {
    for (url, ok) in [
        ("https://example.org/~ada", true),
        ("HTTP://example.org/ada/", true),
        ("mailto:ada@example.org", false),
        ("javascript:alert(1)", false),
        ("https://example.org/a b", false),
        ("https://trusted.org@evil.example/", false),
    ] {
        let r = row(with(|r| r.homepage = Some(url.into())));
        assert_eq!(r.is_ok(), ok, "{url}: {r:?}");
    }
}

#[test]
fn names_stages_and_bib_files() {
    let r = row(with(|r| {
        r.name = Some("Quillfeather,   Ada".into());
        r.stage = Some("PhD student".into());
        r.bib = Some("bibs/ada.bib".into());
    }))
    .unwrap();
    assert_eq!(r.name, "Ada Quillfeather");
    assert_eq!(
        r.name_note.as_deref(),
        Some("name \"Quillfeather,   Ada\" read as \"Ada Quillfeather\"")
    );
    assert_eq!(r.stage, Some(CareerStage::PhdStudent));
    let bib = r.bib.unwrap();
    assert_eq!(bib.path, "bibs/ada.bib");
    assert!(bib.source.contains("@inproceedings{quillfeather2023tidal"));
    let spaced = row(with(|r| r.name = Some("Ada   Quillfeather".into()))).unwrap();
    assert_eq!(
        (spaced.name.as_str(), spaced.name_note),
        ("Ada Quillfeather", None)
    );

    let missing = row(with(|r| r.bib = Some("bibs/ghost.bib".into()))).unwrap_err();
    assert!(
        missing.starts_with("bib file bibs/ghost.bib: "),
        "{missing}"
    );
    let absolute = fixtures().join("bibs/tamsin.bib");
    let r = Row::read(
        &with(|r| r.bib = Some(absolute.display().to_string())),
        2,
        Path::new("/nowhere"),
    )
    .unwrap();
    assert!(r.bib.unwrap().source.contains("brook2021kiln"));
}
