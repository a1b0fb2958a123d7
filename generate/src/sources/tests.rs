use std::collections::HashMap;

use atlas_import::roster::{Sourcing, import_people_with};
use atlas_import::sources::{Origin, Work, dblp, folder, openalex, orcid};
use research_atlas::model::PublicationType;

use super::*;

/// A small department in a temporary folder, beside a small generated dataset.
fn department(people: usize) -> (tempfile::TempDir, SourceFiles, Dataset) {
    let dataset = crate::generate(10, 3);
    let dir = tempfile::tempdir().unwrap();
    let files = write_sources(dir.path(), people, 7, &dataset).unwrap();
    (dir, files, dataset)
}

fn text(files: &SourceFiles, name: &str) -> String {
    std::fs::read_to_string(files.folder.join(name)).unwrap()
}

#[test]
fn the_same_seed_writes_the_same_bytes_and_a_rerun_writes_nothing() {
    let (a, files, dataset) = department(30);
    let b = tempfile::tempdir().unwrap();
    let other = write_sources(b.path(), 30, 7, &dataset).unwrap();
    assert_eq!(files.documents, 120);
    assert_eq!(files.written, 121, "{files:?}");
    for (name, _) in names(&files) {
        let read = |d: &Path| std::fs::read(d.join("sources").join(&name)).unwrap();
        assert_eq!(read(a.path()), read(b.path()), "{name}");
    }
    assert_eq!(
        std::fs::read(&files.csv).unwrap(),
        std::fs::read(&other.csv).unwrap()
    );
    std::fs::write(files.folder.join("dblp/stale.xml"), "<dblpperson/>").unwrap();
    let again = write_sources(a.path(), 30, 7, &dataset).unwrap();
    assert_eq!((again.written, again.removed), (0, 1), "{again:?}");
    assert!(files.shared_papers > 30, "{files:?}");
}

/// Every document's name and source, from the roster.
fn names(files: &SourceFiles) -> Vec<(String, Origin)> {
    let csv = std::fs::read_to_string(&files.csv).unwrap();
    let mut out = Vec::new();
    for line in csv.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let bare = |c: &str| {
            let c = c.trim_end_matches(".html");
            [
                "https://orcid.org/",
                "https://dblp.org/pid/",
                "https://openalex.org/",
            ]
            .iter()
            .find_map(|p| c.strip_prefix(p))
            .unwrap_or(c)
            .to_owned()
        };
        for (cell, origin) in [(6, Origin::Orcid), (7, Origin::Dblp), (8, Origin::Openalex)] {
            for name in folder::files(origin, &bare(cells[cell])) {
                out.push((name, origin));
            }
        }
    }
    out
}

#[test]
fn every_document_is_read_whole_and_the_sources_agree() {
    let (_dir, files, _) = department(40);
    let mut by_doi: HashMap<String, (String, u16)> = HashMap::new();
    let mut kinds: HashMap<Origin, usize> = HashMap::new();
    for (name, origin) in names(&files) {
        if name.ends_with(".works.json") {
            continue;
        }
        let record = match origin {
            Origin::Orcid => orcid::read(&text(&files, &name)),
            Origin::Dblp => dblp::read(&text(&files, &name)),
            Origin::Openalex => {
                let works = name.replace(".json", ".works.json");
                openalex::read(&text(&files, &name), &text(&files, &works))
            }
        }
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(record.skipped.is_empty(), "{name}: {:?}", record.skipped);
        assert!(record.profile.name.is_some(), "{name}");
        assert!(
            !record.works.is_empty() || origin == Origin::Orcid,
            "{name}"
        );
        *kinds.entry(origin).or_default() += record.works.len();
        for w in &record.works {
            assert!(
                w.notes.is_empty() || origin == Origin::Orcid,
                "{name}: {w:?}"
            );
            check_work(&name, w, &mut by_doi);
        }
        match origin {
            Origin::Dblp => assert_eq!(record.profile.identifiers.len(), 1, "{name}"),
            Origin::Orcid => {
                assert!(!record.profile.employments.is_empty(), "{name}");
                assert!(!record.profile.educations.is_empty(), "{name}");
                assert!(record.profile.employments.iter().all(|a| a.role.is_some()));
            }
            Origin::Openalex => assert_eq!(record.profile.identifiers.len(), 1, "{name}"),
        }
    }
    assert!(kinds[&Origin::Orcid] > 200, "{kinds:?}");
    assert!(kinds[&Origin::Dblp] > kinds[&Origin::Orcid], "{kinds:?}");
}

/// A work's DOI names the same title and year in every document.
fn check_work(name: &str, w: &Work, by_doi: &mut HashMap<String, (String, u16)>) {
    assert!(!w.authors.is_empty(), "{name}: {w:?}");
    if w.kind == PublicationType::Preprint {
        assert!(w.ids.arxiv.is_some(), "{name}: {w:?}");
        return;
    }
    assert!(w.venue.is_some(), "{name}: {w:?}");
    if let Some(doi) = &w.ids.doi {
        let seen = by_doi
            .entry(doi.clone())
            .or_insert((w.title.clone(), w.year));
        assert_eq!(*seen, (w.title.clone(), w.year), "{name}: {doi}");
    }
}

#[test]
fn a_roster_import_links_and_merges_and_a_rerun_changes_nothing() {
    let (_dir, files, mut dataset) = department(30);
    let sourcing = Sourcing {
        folder: files.folder.clone(),
        fetch: None,
        today: "2026-01-01".into(),
    };
    let report = import_people_with(&mut dataset, &files.csv, false, Some(&sourcing)).unwrap();
    let bad: Vec<_> = report.bad_rows().collect();
    assert!(bad.is_empty(), "{bad:?}");
    let unread: Vec<String> = (report.done())
        .flat_map(|d| &d.sources)
        .filter(|d| d.result.is_err())
        .map(|d| d.summary())
        .collect();
    assert!(unread.is_empty(), "{unread:?}");
    assert_eq!(report.done().map(|d| d.sources.len()).sum::<usize>(), 90);
    let first = crate::to_json(&dataset);
    let again = import_people_with(&mut dataset, &files.csv, false, Some(&sourcing)).unwrap();
    assert_eq!(again.bad_rows().count(), 0);
    assert!(crate::to_json(&dataset) == first, "{}", again.summary());
}
