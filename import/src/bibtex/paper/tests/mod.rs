//! Judging entries: types to publication types, the venue an article names, what is rejected.
//! The identifiers and the other fields have files of their own.

mod fields;
mod identifiers;

use std::collections::HashMap;

use super::*;

fn entry(kind: &str, fields: &[(&str, &str)]) -> BibEntry {
    let mut all: HashMap<String, String> = [("title", "A Title."), ("year", "2023")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    for (k, v) in fields {
        all.insert(k.to_string(), v.to_string());
    }
    BibEntry {
        key: "DBLP:conf/nsdi/Key23".into(),
        line: 1,
        kind: kind.into(),
        authors: vec!["Ada Lovelace".into()],
        fields: all,
        ..BibEntry::default()
    }
}

#[test]
fn entry_types_map_to_publication_types() {
    use PublicationType::*;
    for (kind, fields, want, arxiv) in [
        (
            "inproceedings",
            vec![("booktitle", "NSDI 2023")],
            Conference,
            false,
        ),
        (
            "conference",
            vec![("booktitle", "NSDI 2023")],
            Conference,
            false,
        ),
        (
            "inproceedings",
            vec![("booktitle", "Workshop on Hot Topics, HotOS 2023")],
            Workshop,
            false,
        ),
        ("article", vec![("journal", "Nature")], Journal, false),
        (
            "article",
            vec![("journal", "CoRR"), ("volume", "abs/2502.13965")],
            Preprint,
            true,
        ),
        (
            "article",
            vec![("journal", "arXiv preprint arXiv:2502.13965")],
            Preprint,
            true,
        ),
        ("article", vec![("eprint", "2502.13965")], Preprint, true),
        ("article", vec![("abbr", "arXiv")], Preprint, true),
        (
            "misc",
            vec![("eprint", "2502.13965"), ("archiveprefix", "arXiv")],
            Preprint,
            true,
        ),
        ("misc", vec![], Preprint, false),
        ("preprint", vec![("arxiv", "2502.13965")], Preprint, true),
        ("unpublished", vec![], Preprint, false),
        (
            "techreport",
            vec![("institution", "EECS, UC Berkeley")],
            Preprint,
            false,
        ),
        ("phdthesis", vec![("school", "UC Berkeley")], Thesis, false),
        (
            "mastersthesis",
            vec![("school", "UC Berkeley")],
            Thesis,
            false,
        ),
        ("online", vec![], Blog, false),
        (
            "www",
            vec![("url", "https://example.org/post")],
            Blog,
            false,
        ),
        (
            "electronic",
            vec![("url", "https://arxiv.org/abs/2301.03734v2")],
            Preprint,
            true,
        ),
    ] {
        let p = judge(&entry(kind, &fields)).expect(kind);
        assert_eq!((p.kind, p.on_arxiv), (want, arxiv), "{kind} {fields:?}");
        assert_eq!(p.title, "A Title");
    }
    for (kind, reason) in [
        (
            "book",
            "@book: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
        ),
        (
            "incollection",
            "@incollection: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
        ),
        (
            "proceedings",
            "a proceedings volume (an editorship), not a paper",
        ),
        (
            "patent",
            "@patent: the directory has no publication type for it",
        ),
        (
            "manual",
            "@manual: the directory has no publication type for it",
        ),
        (
            "booklet",
            "@booklet: the directory has no publication type for it",
        ),
        ("talk", "@talk is not an entry type the importer takes"),
    ] {
        assert_eq!(
            judge(&entry(kind, &[])),
            Err(Reject::Skip(reason.into())),
            "{kind}"
        );
    }
}

#[test]
fn an_article_in_a_known_conference_is_a_conference_paper() {
    use PublicationType::*;
    for (journal, want, note) in [
        ("CVPR", Conference, true),
        (
            "IEEE/CVF Conference on Computer Vision and Pattern Recognition",
            Conference,
            true,
        ),
        ("CVPR Workshops", Workshop, true),
        ("CVPR 2023", Conference, true),
        (
            "Computer Vision and Pattern Recognition (CVPR)",
            Conference,
            true,
        ),
        (
            "Computer Vision and Pattern Recognition (ICCV)",
            Journal,
            false,
        ),
        // Found by its whole text only.
        ("Proc. CVPR and More", Journal, false),
        // The list says NeurIPS papers are also exported as articles.
        (
            "Advances in Neural Information Processing Systems",
            Journal,
            false,
        ),
        ("Journal of Examples", Journal, false),
    ] {
        let p = judge(&entry("article", &[("journal", journal)])).expect(journal);
        assert_eq!(p.kind, want, "{journal}");
        assert_eq!(
            p.venue.map(|v| v.kind),
            Some(match want {
                Conference => VenueKind::Conference,
                Workshop => VenueKind::Workshop,
                _ => VenueKind::Journal,
            }),
            "{journal}"
        );
        assert_eq!(
            p.notes.iter().any(|n| n.contains("read as a")),
            note,
            "{journal}: {:?}",
            p.notes
        );
    }
}

#[test]
fn missing_or_bad_data_is_rejected() {
    let mut e = entry("article", &[]);
    e.fields.remove("title");
    assert_eq!(judge(&e), Err(Reject::Bad("no title".into())));
    let mut e = entry("article", &[]);
    e.authors.clear();
    assert_eq!(judge(&e), Err(Reject::Bad("no author".into())));
    let mut e = entry("article", &[]);
    e.fields.remove("year");
    assert_eq!(judge(&e), Err(Reject::Bad("no year".into())));
}
