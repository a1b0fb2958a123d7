use super::*;

#[test]
fn a_department_goes_in_with_its_papers() {
    let s = Scratch::new();
    let report = s.import("department.csv");
    assert_eq!(
        lines(&report),
        [
            "line 2 Ada Quillfeather (ada-quillfeather): new; bib: 3 added, 0 merged, 0 unchanged, 1 skipped",
            "line 3 Tamsin Brook (tamsin-brook): new; bib: 1 added, 1 merged, 0 unchanged, 0 skipped",
            "line 4 Corin Vale (corin-vale): new",
            "line 5 Michael Luo (michael-luo): unchanged, found by name",
        ]
    );
    assert_eq!(
        report.summary(),
        "4 rows: 3 new, 0 updated, 1 unchanged, 0 bad; bib entries: 4 added, 1 merged, 0 unchanged, 1 skipped, 0 bad"
    );
    let d = s.dataset();
    let ada = person(&d, "ada-quillfeather");
    assert_eq!(ada.organization.as_ref().unwrap().0, "edinburgh");
    assert_eq!(
        ada.career_stage,
        research_atlas::model::CareerStage::PhdStudent
    );
    assert_eq!(
        ada.summary,
        "Ada Quillfeather is a PhD student at University of Edinburgh."
    );
    assert_eq!(
        links(ada),
        [
            ("homepage".into(), "https://example.org/~ada".into()),
            (
                "orcid".into(),
                "https://orcid.org/0000-0001-5000-0007".into()
            ),
        ]
    );
    assert_eq!(ada.sources[0].document, "department.csv");
    assert_eq!(
        ada.sources[0].note.as_deref(),
        Some("roster line 2: name, stage, organization, links")
    );
    let tamsin = person(&d, "tamsin-brook");
    assert_eq!(tamsin.name, "Tamsin Brook");
    assert_eq!(
        links(tamsin),
        [
            ("dblp".into(), "https://dblp.org/pid/98/7654".into()),
            ("openalex".into(), "https://openalex.org/A5100000001".into()),
        ]
    );
    // The paper both files list is one record, with both linked and on both profiles.
    let tidal: Vec<_> = d
        .publications
        .iter()
        .filter(|p| p.title.starts_with("Tidal"))
        .collect();
    assert_eq!(tidal.len(), 1);
    let linked: Vec<Option<&str>> = tidal[0]
        .authors
        .iter()
        .map(|a| a.researcher.as_ref().map(|r| r.as_str()))
        .collect();
    assert_eq!(
        linked,
        [Some("ada-quillfeather"), Some("tamsin-brook"), None]
    );
    for who in [ada, tamsin] {
        assert!(who.publications.contains(&tidal[0].id), "{}", who.id);
    }
    // The people come first: Corin, on the row after Ada's, is linked on Ada's paper.
    let ledger = d
        .publications
        .iter()
        .find(|p| p.title.starts_with("Ledger"))
        .unwrap();
    assert_eq!(
        ledger.authors[1].researcher.as_ref().map(|r| r.as_str()),
        Some("corin-vale")
    );
}

#[test]
fn a_second_run_changes_no_byte() {
    let s = Scratch::new();
    s.command("department.csv", false, false)
        .expect("first run");
    let first = s.bytes();
    assert_ne!(
        first,
        std::fs::read(workspace_root().join(DATASET)).unwrap()
    );
    s.command("department.csv", false, false)
        .expect("second run");
    assert_eq!(s.bytes(), first);
    let report = s.import("department.csv");
    assert_eq!(
        lines(&report),
        [
            "line 2 Ada Quillfeather (ada-quillfeather): unchanged, found by ORCID; bib: 0 added, 0 merged, 3 unchanged, 1 skipped",
            "line 3 Tamsin Brook (tamsin-brook): unchanged, found by dblp; bib: 0 added, 0 merged, 2 unchanged, 0 skipped",
            "line 4 Corin Vale (corin-vale): unchanged, found by id",
            "line 5 Michael Luo (michael-luo): unchanged, found by name",
        ]
    );
    assert_eq!(s.bytes(), first);
}

#[test]
fn a_changed_row_fills_what_is_empty_and_keeps_what_differs() {
    let s = Scratch::new();
    s.import("department.csv");
    s.write(
        "department.csv",
        "name,id,organization,stage,homepage,bib,orcid,dblp,openalex
Ada Quillfeather,,University of Edinburgh,postdoc,https://example.org/~ada/,bibs/ada.bib,0000-0001-5000-0007,,
\"Brook, Tamsin\",,edinburgh,Faculty,https://example.org/tamsin,bibs/tamsin.bib,0000-0001-5000-0031,98/7654,A5100000001
Corin Vale,corin-vale,UMich,postdoc,https://example.net/vale,bibs/corin.bib,,,
",
    );
    s.write(
        "bibs/corin.bib",
        "@inproceedings{vale2024drift,
  title     = {Drift: Detecting Schema Changes in Data Lakes},
  author    = {Corin Vale and Ada Quillfeather},
  booktitle = {Proceedings of the VLDB Endowment},
  year      = {2024}
}
",
    );
    s.append(
        "bibs/ada.bib",
        "
@inproceedings{quillfeather2025moss,
  title     = {Moss: Compact Indexes for Time Series},
  author    = {Ada Quillfeather and Tamsin Brook},
  booktitle = {International Conference on Very Large Data Bases},
  year      = {2025}
}
",
    );
    let report = s.import("department.csv");
    let text = report.to_string();
    assert_eq!(
        lines(&report),
        [
            "line 2 Ada Quillfeather (ada-quillfeather): unchanged, found by ORCID; bib: 1 added, 0 merged, 3 unchanged, 1 skipped",
            "line 3 Tamsin Brook (tamsin-brook): updated (homepage https://example.org/tamsin, ORCID 0000-0001-5000-0031), found by dblp; bib: 0 added, 0 merged, 2 unchanged, 0 skipped",
            "line 4 Corin Vale (corin-vale): unchanged, found by id; bib: 1 added, 0 merged, 0 unchanged, 0 skipped",
        ]
    );
    for conflict in [
        "conflict: stage: the roster has postdoc, the dataset phd_student; kept the dataset's",
        "conflict: organization: the roster has umich, the dataset imperial; kept the dataset's",
        "conflict: homepage: the roster has https://example.net/vale, the dataset http://example.net/corin/; kept the dataset's",
    ] {
        assert!(text.contains(conflict), "{conflict}\n{text}");
    }
    // A trailing slash is the same homepage.
    assert!(!text.contains("example.org/~ada/"), "{text}");
    assert!(
        report
            .summary()
            .contains("3 conflicts (the dataset's values kept)")
    );
    let d = s.dataset();
    let corin = person(&d, "corin-vale");
    assert_eq!(corin.organization.as_ref().unwrap().0, "imperial");
    assert_eq!(corin.publications.len(), 1);
    assert_eq!(
        person(&d, "ada-quillfeather").career_stage,
        research_atlas::model::CareerStage::PhdStudent
    );
    let tamsin = person(&d, "tamsin-brook");
    assert_eq!(
        tamsin.identifier(research_atlas::model::LinkKind::Orcid),
        Some("0000-0001-5000-0031")
    );
    // And again: nothing new.
    let before = s.bytes();
    s.command("department.csv", false, false)
        .expect("third run");
    assert_eq!(s.bytes(), before);
}

#[test]
fn a_bad_cell_costs_only_itself_and_only_a_row_with_no_name_or_stage_is_left_out() {
    let s = Scratch::new();
    let report = s.import("bad.csv");
    let need_stage = "is not in the dataset, and a new person needs a stage: one of student, phd_student, postdoc, faculty, industry (or, with --sources, an ORCID record whose current job or degree says it)";
    assert_eq!(
        lines(&report),
        [
            "line 2 Wren Hollis (wren-hollis): new".to_owned(),
            "line 3: bad row, skipped: no name".to_owned(),
            format!(
                "line 4 Odo Pike: bad row, skipped: career stage \"professor\" is not one of student, phd_student, postdoc, faculty, industry; Odo Pike {need_stage}"
            ),
            "line 5 Mira Sand (mira-sand): new".to_owned(),
            "line 6 Nell Ashby (nell-ashby): new".to_owned(),
            "line 7 Tove Lind (tove-lind): new".to_owned(),
            "line 8 Bram Kell (bram-kell): new".to_owned(),
            format!("line 9 Juno Fairweather: bad row, skipped: Juno Fairweather {need_stage}"),
            "line 10 Ivo Strand (ivo-strand): new".to_owned(),
            "line 11 Tao Luo (tao-luo): unchanged, found by name".to_owned(),
            "line 12 Rue Calder (rue-calder): new".to_owned(),
        ]
    );
    let text = report.to_string();
    for left_out in [
        "left out: ORCID \"0000-0001-5000-0032\" has the check digit 2, but the other digits need 1: a digit is mistyped",
        "left out: bib file bibs/ghost.bib: No such file or directory (os error 2)",
        "left out: bib file bibs/prose.bib: line 1: no BibTeX entry found (an entry starts with @type{key, …}); not imported",
        "left out: homepage \"ftp://example.org/bram\" is not an http or https address (https://…)",
    ] {
        assert!(text.contains(left_out), "{left_out}\n{text}");
    }
    assert!(
        report.summary().contains("4 values left out"),
        "{}",
        report.summary()
    );
    let text = report.to_string();
    assert!(
        text.contains("conflict: organization: the roster has mit, the dataset upenn"),
        "{text}"
    );
    assert!(
        text.contains("note: added organization analytical-engine-institute (\"Analytical Engine Institute\") as a lab: its name says so"),
        "{text}"
    );
    let d = s.dataset();
    for id in [
        "wren-hollis",
        "ivo-strand",
        "rue-calder",
        "mira-sand",
        "nell-ashby",
        "tove-lind",
        "bram-kell",
    ] {
        person(&d, id);
    }
    assert!(person(&d, "mira-sand").links.is_empty());
    assert!(person(&d, "bram-kell").links.is_empty());
    let rue = person(&d, "rue-calder").organization.as_ref().unwrap();
    assert_eq!(rue.0, "analytical-engine-institute");
    assert!(d.organization("analytical-engine-institute").is_some());
    assert_eq!(
        person(&d, "ivo-strand").organization.as_ref().unwrap().0,
        "imperial"
    );
    for id in ["odo-pike", "juno-fairweather"] {
        assert!(d.researcher(id).is_none(), "{id}");
    }
    assert_eq!(
        d.researcher("tao-luo")
            .unwrap()
            .organization
            .as_ref()
            .unwrap()
            .0,
        "upenn"
    );
}

#[test]
fn strict_writes_nothing_when_a_row_is_bad() {
    let s = Scratch::new();
    let before = s.bytes();
    let err = s.command("bad.csv", false, true).unwrap_err();
    assert!(
        err.ends_with("4 values would be left out; --strict: nothing was written"),
        "{err}"
    );
    assert_eq!(s.bytes(), before);
    s.command("department.csv", false, true)
        .expect("no bad row");
    assert_ne!(s.bytes(), before);
}

#[test]
fn a_dry_run_writes_nothing() {
    let s = Scratch::new();
    let before = s.bytes();
    s.command("department.csv", true, false).expect("dry run");
    assert_eq!(s.bytes(), before);
}

#[test]
fn columns_in_another_order_an_unknown_column_and_identifiers_as_links() {
    let s = Scratch::new();
    s.import("department.csv");
    let report = s.import("reordered.csv");
    assert_eq!(report.unknown_columns, ["Email"]);
    assert!(
        report
            .to_string()
            .starts_with("note: column \"Email\" ignored"),
        "{report}"
    );
    assert_eq!(
        lines(&report),
        [
            "line 2 Pell Marten (pell-marten): new; bib: 0 added, 1 merged, 0 unchanged, 0 skipped",
            "line 3 Ife Okonkwo (ife-okonkwo): new",
        ]
    );
    let d = s.dataset();
    assert_eq!(
        links(person(&d, "pell-marten")),
        [
            (
                "orcid".into(),
                "https://orcid.org/0000-0001-5000-0015".into()
            ),
            ("dblp".into(), "https://dblp.org/pid/97/1111".into()),
            ("openalex".into(), "https://openalex.org/A5100000002".into()),
        ]
    );
    assert_eq!(
        links(person(&d, "ife-okonkwo")),
        [
            (
                "orcid".into(),
                "https://orcid.org/0000-0001-5000-0023".into()
            ),
            ("dblp".into(), "https://dblp.org/pid/97/2222".into()),
            ("openalex".into(), "https://openalex.org/A5100000003".into()),
        ]
    );
    assert!(
        !serde_json::to_string(&d)
            .unwrap()
            .contains("pell@example.org")
    );
}

#[test]
fn controls_go_at_the_door_and_a_record_the_checks_refuse_costs_only_its_entry() {
    let s = Scratch::new();
    // A control character in a name: removed as the roster is read, so the person goes in.
    // A year no paper can have: the reader takes it, the dataset's checks refuse the record,
    // and only that entry is left out.
    s.write(
        "bibs/lark.bib",
        "@inproceedings{moor2024fine,\n  author = {Lark Moor},\n  title = {A Fine Example},\n  booktitle = {Example Conference},\n  year = {2024}\n}\n\n\
         @inproceedings{moor3024future,\n  author = {Lark Moor and Ada Quillfeather},\n  title = {From the Future},\n  booktitle = {Example Conference},\n  year = {3024}\n}\n",
    );
    s.write(
        "control.csv",
        "name,stage,bib\nWil\u{7}ma Grey,faculty,\nOtto\u{7} Fenn,faculty,bibs/tamsin.bib\nLark Moor,postdoc,bibs/lark.bib\n",
    );
    let report = s.import("control.csv");
    let text = report.to_string();
    let lines = lines(&report);
    assert_eq!(lines[0], "line 2 Wilma Grey (wilma-grey): new");
    assert!(
        lines[1].starts_with("line 3 Otto Fenn (otto-fenn): new; bib: "),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        "line 4 Lark Moor (lark-moor): new; bib: 1 added, 0 merged, 0 unchanged, 0 skipped, 1 bad"
    );
    assert!(
        text.contains("bib bad: line 8 (entry moor3024future): its record was refused by the dataset's checks (publications["),
        "{text}"
    );
    let d = s.dataset();
    assert!(d.researchers.iter().all(|r| !r.name.contains('\u{7}')));
    assert_eq!(person(&d, "lark-moor").publications.len(), 1);
    assert!(d.publications.iter().all(|p| p.year < 3000));
}

#[test]
fn a_file_that_is_no_roster_is_refused_and_nothing_written() {
    let s = Scratch::new();
    let before = s.bytes();
    s.write("staff.csv", "id,stage\nada,faculty\n");
    let err = s.command("staff.csv", false, false).unwrap_err();
    assert!(
        err.contains("staff.csv: line 1: the header has no name column"),
        "{err}"
    );
    let err = s.command("missing.csv", false, false).unwrap_err();
    assert!(err.contains("missing.csv: "), "{err}");
    assert_eq!(s.bytes(), before);
}

#[test]
fn the_batch_makes_what_file_by_file_imports_make() {
    use crate::bibtex::{Batch, import_entries};
    use research_atlas::model::ResearcherId;

    let s = Scratch::new();
    s.write(
        "people.csv",
        "name,stage\nAda Quillfeather,phd_student\nTamsin Brook,faculty\nPell Marten,postdoc\n",
    );
    s.import("people.csv");
    let start = s.dataset();
    let files = [
        ("ada-quillfeather", "bibs/ada.bib"),
        ("tamsin-brook", "bibs/tamsin.bib"),
        ("pell-marten", "bibs/pell.bib"),
    ];
    let (mut one_by_one, mut batched) = (start.clone(), start);
    let mut batch = Batch::new(&batched);
    for (id, bib) in files {
        let source = std::fs::read_to_string(s.path(bib)).unwrap();
        let id = ResearcherId(id.into());
        let a = import_entries(&mut one_by_one, &id, &source, false).unwrap();
        let b = batch.import(&mut batched, &id, &source, false).unwrap();
        assert_eq!(a, b, "{bib}");
    }
    assert_eq!(one_by_one, batched);
}

#[test]
fn a_record_refused_whole_names_its_field_and_the_check() {
    let refused = |path: &str| {
        let problem = research_atlas::model::Problem::error(path, "must not be empty");
        crate::Error::RecordRefused { problem }.to_string()
    };
    assert_eq!(
        refused("researchers[3].name"),
        "its record was refused: name: must not be empty"
    );
    assert_eq!(
        refused("researchers[3].links[0].url"),
        "its record was refused: links[0].url: must not be empty"
    );
    assert_eq!(
        refused("researchers[3]"),
        "its record was refused: must not be empty"
    );
}
