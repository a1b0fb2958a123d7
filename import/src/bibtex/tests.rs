//! The importer end to end, on copies of the bundled dataset in temporary folders and the
//! real-world-shaped `.bib` files in `import/tests/fixtures/`.

use std::path::{Path, PathBuf};

use research_atlas::model::{Dataset, PublicationType, ResearcherId};

mod props;
mod reader;

use super::apply::{Outcome, apply};
use super::{BibReport, Import, entry, import_bib, import_entries};
use crate::authoring::{DatasetFile, validate};
use crate::names::match_key;
use crate::{DATASET, workspace_root};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A temporary folder holding a copy of the bundled dataset.
struct Copy {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl Copy {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("researchers.json");
        std::fs::copy(workspace_root().join(DATASET), &path).expect("copy the dataset");
        Self { _dir: dir, path }
    }

    fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.path).expect("read the copy")
    }

    fn dataset(&self) -> Dataset {
        DatasetFile::open(Some(&self.path))
            .expect("the copy stays valid")
            .dataset
    }

    fn import(&self, researcher: &str, bib: &Path, dry_run: bool) -> Result<(), String> {
        self.import_with(researcher, bib, dry_run, false)
    }

    fn import_with(
        &self,
        researcher: &str,
        bib: &Path,
        dry_run: bool,
        strict: bool,
    ) -> Result<(), String> {
        import_bib(&Import {
            researcher: ResearcherId(researcher.into()),
            bib: bib.to_path_buf(),
            data: Some(self.path.clone()),
            dry_run,
            strict,
        })?
        .ending
        .map(|_| ())
        .map_err(|e| e.to_string())
    }
}

fn bundled() -> Dataset {
    Copy::new().dataset()
}

/// The outcomes of importing `bib` into `dataset` for `researcher`, as their printed lines.
fn outcomes(dataset: &mut Dataset, researcher: &str, bib: &str) -> Vec<Outcome> {
    let source = std::fs::read_to_string(fixture(bib)).expect("fixture");
    let read = entry::read(&source).expect("fixture parses");
    assert_eq!(read.problems, [], "{bib}");
    let report = apply(dataset, &ResearcherId(researcher.into()), &read.entries);
    assert_eq!(report.errors, [], "{bib}");
    report.outcomes
}

fn records_titled(dataset: &Dataset, title: &str) -> usize {
    dataset
        .publications
        .iter()
        .filter(|p| match_key(&p.title) == match_key(title))
        .count()
}

fn publication<'a>(dataset: &'a Dataset, id: &str) -> &'a research_atlas::model::Publication {
    dataset
        .publication(id)
        .unwrap_or_else(|| panic!("no publication {id}"))
}

fn listed(dataset: &Dataset, researcher: &str) -> Vec<String> {
    dataset
        .researcher(researcher)
        .expect("researcher")
        .publications
        .iter()
        .map(|p| p.0.clone())
        .collect()
}

fn lines(outcomes: &[Outcome]) -> Vec<String> {
    outcomes.iter().map(ToString::to_string).collect()
}

#[test]
fn a_dblp_export_adds_new_papers_and_merges_the_bundled_ones() {
    let mut dataset = bundled();
    let before = listed(&dataset, "frank-sifei-luan");
    let got = lines(&outcomes(&mut dataset, "frank-sifei-luan", "dblp_luan.bib"));
    assert_eq!(
        got,
        [
            "unchanged: skypilot-nsdi-2023 (from DBLP:conf/nsdi/YangWLCBKZLMSS23; same title and year): already linked and listed",
            "unchanged: exoshuffle-sigcomm-2023 (from DBLP:conf/sigcomm/LuanWYKLOHCLS23; same DOI 10.1145/3603269.3604848): already linked and listed",
            "unchanged: exoshuffle-cloudsort-arxiv-2023 (from DBLP:journals/corr/abs-2301-03734; same arXiv id 2301.03734): already linked and listed",
            "merged:    balsa-sigmod-2022 (from DBLP:conf/sigmod/YangCLMLS22; same title and year): added DOI 10.1145/3514221.3517885",
            "added:     example-systems-hotos-2025 (from DBLP:conf/hotos/LuanLS25)\n             \
             note: co-author \"Michael Luo\" linked to michael-luo (not added to their profile; import their file to list it)\n             \
             note: new venue hotos \"HotOS\" (Workshop on Hot Topics in Operating Systems, workshop) from the known list",
            "added:     second-example-arxiv-2025 (from DBLP:journals/corr/abs-2501-00001)",
            "skipped:   DBLP:conf/example/2024: a proceedings volume (an editorship), not a paper",
        ]
    );
    assert_eq!(
        records_titled(&dataset, "SkyPilot: An Intercloud Broker for Sky Computing"),
        1
    );
    let hotos = publication(&dataset, "example-systems-hotos-2025");
    assert_eq!(hotos.kind, PublicationType::Workshop);
    assert_eq!(hotos.pages.as_deref(), Some("1–8"));
    assert_eq!(hotos.doi.as_deref(), Some("10.1145/0000000.0000001"));
    assert_eq!(hotos.links, []);
    let preprint = publication(&dataset, "second-example-arxiv-2025");
    assert_eq!(
        (
            preprint.kind,
            preprint.venue.as_ref().map(|v| v.as_str()),
            preprint.arxiv.as_deref(),
            &preprint.doi,
            &preprint.volume
        ),
        (
            PublicationType::Preprint,
            Some("arxiv"),
            Some("2501.00001"),
            &None,
            &None
        )
    );
    let mut want = before;
    want.extend([
        "example-systems-hotos-2025".into(),
        "second-example-arxiv-2025".into(),
    ]);
    assert_eq!(listed(&dataset, "frank-sifei-luan"), want);
    validate(&dataset, &|_| None).expect("the result validates");
}

#[test]
fn skypilot_stays_one_record_whichever_of_its_authors_imports_it() {
    for (researcher, bib) in [
        ("frank-sifei-luan", "dblp_luan.bib"),
        ("michael-luo", "scholar_luo.bib"),
    ] {
        let mut dataset = bundled();
        let lists_before = listed(&dataset, researcher).len();
        let got = outcomes(&mut dataset, researcher, bib);
        assert!(
            got.iter().any(
                |o| matches!(o, Outcome::Unchanged { id, .. } if id.0 == "skypilot-nsdi-2023")
            ),
            "{researcher}: {:#?}",
            got
        );
        assert_eq!(
            records_titled(&dataset, "SkyPilot: An Intercloud Broker for Sky Computing"),
            1
        );
        let skypilot = listed(&dataset, researcher)
            .iter()
            .filter(|p| *p == "skypilot-nsdi-2023")
            .count();
        assert_eq!(skypilot, 1, "{researcher}");
        assert!(listed(&dataset, researcher).len() >= lists_before);
    }
}

#[test]
fn a_paper_shared_by_two_members_is_one_record_linked_to_both() {
    let mut dataset = bundled();
    outcomes(&mut dataset, "frank-sifei-luan", "dblp_luan.bib");
    let got = lines(&outcomes(&mut dataset, "michael-luo", "scholar_luo.bib"));
    assert_eq!(
        got[1],
        "merged:    example-systems-hotos-2025 (from luan2025example; same title and year): listed on michael-luo's profile"
    );
    assert_eq!(
        records_titled(
            &dataset,
            "Example Systems: A Test Paper on Heterogeneous Pipelines"
        ),
        1
    );
    let shared = publication(&dataset, "example-systems-hotos-2025");
    let linked: Vec<&str> = shared
        .authors
        .iter()
        .filter_map(|a| a.researcher.as_ref().map(|r| r.as_str()))
        .collect();
    assert_eq!(linked, ["frank-sifei-luan", "michael-luo"]);
    assert!(listed(&dataset, "michael-luo").contains(&"example-systems-hotos-2025".to_owned()));
    assert!(
        listed(&dataset, "frank-sifei-luan").contains(&"example-systems-hotos-2025".to_owned())
    );
    // Scholar's "arXiv preprint arXiv:…" journal is a preprint; its "Advances in NeurIPS" is NeurIPS.
    let preprint = publication(&dataset, "example-arxiv-2025");
    assert_eq!(
        (preprint.kind, preprint.arxiv.as_deref()),
        (PublicationType::Preprint, Some("2501.00002"))
    );
    assert_eq!(preprint.booktitle, None);
    let neurips = publication(&dataset, "example-neurips-2024");
    assert_eq!(neurips.venue.as_ref().map(|v| v.as_str()), Some("neurips"));
    assert_eq!(neurips.authors[1].name, "Ada Lovelace");
    validate(&dataset, &|_| None).expect("the result validates");
}

#[test]
fn accents_braces_and_markup_come_out_as_unicode_and_link_the_member() {
    let mut dataset = bundled();
    let mut jorg = dataset.researchers[0].clone();
    jorg.id = ResearcherId("jorg-muller".into());
    jorg.name = "Jörg Müller".into();
    jorg.alternative_names.clear();
    jorg.native_name = None;
    jorg.native_name_lang = None;
    jorg.publications.clear();
    jorg.awards.clear();
    jorg.projects.clear();
    jorg.group.clear();
    jorg.advisors.clear();
    jorg.education.clear();
    dataset.researchers.push(jorg);
    let got = outcomes(&mut dataset, "jorg-muller", "accents.bib");
    assert!(
        got.iter().all(|o| matches!(o, Outcome::Added { .. })),
        "{:#?}",
        got
    );
    let conf = publication(&dataset, "gpu-accelerated-ecd-2024");
    assert_eq!(
        conf.title,
        "GPU-Accelerated Bloom Filters for Naïve Users—Revisited"
    );
    let names: Vec<&str> = conf.authors.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Jörg Müller",
            "Françoise Dupré",
            "Øystein Sørensen",
            "Renée van der Berg"
        ]
    );
    assert_eq!(
        conf.authors[0].researcher.as_ref().map(|r| r.as_str()),
        Some("jorg-muller")
    );
    assert_eq!(
        (conf.month, conf.location.as_deref()),
        (Some(9), Some("Zürich, Switzerland"))
    );
    assert_eq!(
        conf.booktitle.as_deref(),
        Some("Proceedings of the Example Conference on Data (ECD 2024)")
    );
    let journal = publication(&dataset, "cafe-journal-of-examples-2023");
    assert_eq!(journal.title, "Café Scheduling with α-Fair Queues");
    let names: Vec<&str> = journal.authors.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Jörg Müller", "José García", "Šimon Łukasz"]);
    assert_eq!(journal.doi.as_deref(), Some("10.9999/example.2023.12"));
    // An ASCII spelling of the name is the same person; the school is found in the vocabulary.
    let thesis = publication(&dataset, "example-thesis-2022");
    assert_eq!(
        thesis.authors[0].researcher.as_ref().map(|r| r.as_str()),
        Some("jorg-muller")
    );
    assert_eq!(thesis.school.as_ref().map(|s| s.as_str()), Some("umich"));
    assert_eq!(
        thesis.note.as_deref(),
        Some("PhD thesis, University of Michigan")
    );
    validate(&dataset, &|_| None).expect("the result validates");
}

#[test]
fn a_second_run_changes_nothing() {
    let copy = Copy::new();
    copy.import("frank-sifei-luan", &fixture("dblp_luan.bib"), false)
        .expect("first run");
    let after_first = copy.bytes();
    assert_ne!(
        after_first,
        std::fs::read(workspace_root().join(DATASET)).unwrap()
    );
    copy.import("frank-sifei-luan", &fixture("dblp_luan.bib"), false)
        .expect("second run");
    assert_eq!(copy.bytes(), after_first);
    let mut dataset = copy.dataset();
    let again = outcomes(&mut dataset, "frank-sifei-luan", "dblp_luan.bib");
    assert!(
        again
            .iter()
            .all(|o| matches!(o, Outcome::Unchanged { .. } | Outcome::Skipped { .. })),
        "{:#?}",
        again
    );
    // The written file is canonical: fmt-data would not touch it.
    let text = std::fs::read_to_string(&copy.path).unwrap();
    assert_eq!(crate::authoring::canonical_text(&dataset).unwrap(), text);
}

#[test]
fn a_dry_run_writes_nothing() {
    let copy = Copy::new();
    let before = copy.bytes();
    copy.import("frank-sifei-luan", &fixture("dblp_luan.bib"), true)
        .expect("dry run");
    assert_eq!(copy.bytes(), before);
}

/// The report of importing `bib` (a fixture name, or BibTeX text when it holds a newline) into
/// `dataset` for `researcher`, not strict.
fn report(dataset: &mut Dataset, researcher: &str, bib: &str) -> BibReport {
    let source = if bib.contains('\n') {
        bib.to_owned()
    } else {
        std::fs::read_to_string(fixture(bib)).expect("fixture")
    };
    import_entries(dataset, &ResearcherId(researcher.into()), &source, false).expect(bib)
}

/// The first line of each outcome (without its notes).
fn heads(outcomes: &[Outcome]) -> Vec<String> {
    lines(outcomes)
        .iter()
        .map(|l| l.lines().next().unwrap_or_default().to_owned())
        .collect()
}

fn bad(report: &BibReport) -> Vec<String> {
    report.bad.iter().map(ToString::to_string).collect()
}

#[test]
fn bad_entries_are_reported_by_key_and_line_and_the_rest_goes_in() {
    let mut dataset = bundled();
    let got = report(&mut dataset, "frank-sifei-luan", "missing_fields.bib");
    assert_eq!(
        bad(&got),
        [
            "line 10 (entry noyear): no year",
            "line 16 (entry notitle): no title"
        ]
    );
    assert_eq!(
        heads(&got.outcomes),
        ["added:     good-ecx-2024 (from good2024)"]
    );
    assert_eq!(
        got.summary(),
        "1 added, 0 merged, 0 unchanged, 0 skipped, 2 bad"
    );
    let got = report(&mut dataset, "frank-sifei-luan", "malformed.bib");
    assert_eq!(bad(&got), ["line 11 (entry broken2024): expected equals"]);
    assert_eq!(
        heads(&got.outcomes),
        ["added:     fine-ecx-2024 (from fine2024)"]
    );
    validate(&dataset, &|_| None).expect("the result validates");
}

#[test]
fn a_key_used_twice_for_two_papers_makes_two_records() {
    let mut dataset = bundled();
    let got = report(&mut dataset, "frank-sifei-luan", "duplicate_keys.bib");
    assert_eq!(
        got.repeats,
        [
            "key luan2024 on line 1 and line 8: two different papers; the one on line 8 is read as luan2024-2"
        ]
    );
    assert_eq!(
        heads(&got.outcomes),
        [
            "added:     first-example-conference-2024 (from luan2024)",
            "added:     second-example-conference-2024 (from luan2024-2)",
        ]
    );
    assert_eq!(got.bad, []);
}

#[test]
fn strict_refuses_any_bad_entry_and_writes_nothing() {
    let copy = Copy::new();
    let before = copy.bytes();
    let err = |bib: &str| {
        copy.import_with("frank-sifei-luan", &fixture(bib), false, true)
            .expect_err(bib)
            .replace(&fixture(bib).display().to_string(), bib)
    };
    assert_eq!(
        err("missing_fields.bib"),
        "missing_fields.bib: line 10 (entry noyear): no year\n\
         missing_fields.bib: line 16 (entry notitle): no title\n\
         missing_fields.bib: 2 bad entries; --strict: nothing was written"
    );
    assert_eq!(
        err("malformed.bib"),
        "malformed.bib: line 11 (entry broken2024): expected equals\n\
         malformed.bib: 1 bad entry; --strict: nothing was written"
    );
    assert_eq!(copy.bytes(), before);
    // Without --strict the good entries go in.
    copy.import("frank-sifei-luan", &fixture("missing_fields.bib"), false)
        .expect("not strict");
    assert_ne!(copy.bytes(), before);
}

#[test]
fn a_file_without_entries_is_refused_and_nothing_is_written() {
    let copy = Copy::new();
    let before = copy.bytes();
    let dir = tempfile::tempdir().unwrap();
    for (name, content, want) in [
        ("empty.bib", &b""[..], "line 1: the file is empty"),
        (
            "page.bib",
            b"---\nlayout: page\n---\nNo entries here.\n",
            "line 1: no BibTeX entry found",
        ),
        (
            "binary.bib",
            b"\x00\x01@article{",
            "line 1: not a text file",
        ),
    ] {
        let bib = dir.path().join(name);
        std::fs::write(&bib, content).unwrap();
        let err = copy
            .import("frank-sifei-luan", &bib, false)
            .expect_err(name)
            .replace(&bib.display().to_string(), name);
        assert!(err.starts_with(&format!("{name}: {want}")), "{err}");
    }
    assert_eq!(copy.bytes(), before);
}

#[test]
fn a_latin1_file_is_read_and_a_binary_one_refused() {
    assert_eq!(
        super::decode(b"@misc{k, title = {Caf\xe9 M\xfcller}}").as_deref(),
        Ok("@misc{k, title = {Caf\u{e9} M\u{fc}ller}}")
    );
    assert_eq!(super::decode("Café".as_bytes()).as_deref(), Ok("Café"));
    assert!(super::decode(b"\x00\x01@misc{").is_err());
}

const FUTURE: &str = "@inproceedings{fine2024,\n  author = {Frank Sifei Luan},\n  title = {A Fine Example},\n  booktitle = {Example Conference},\n  year = {2024}\n}\n\
    @inproceedings{future3024,\n  author = {Frank Sifei Luan},\n  title = {From the Future},\n  booktitle = {NSDI 3024},\n  year = {3024}\n}\n";

#[test]
fn an_entry_whose_record_is_invalid_is_left_out_and_the_rest_goes_in() {
    let mut dataset = bundled();
    let new_index = dataset.publications.len() + 1;
    let got = report(&mut dataset, "frank-sifei-luan", FUTURE);
    assert_eq!(
        heads(&got.outcomes),
        ["added:     fine-example-conference-2024 (from fine2024)"]
    );
    let [bad] = &bad(&got)[..] else {
        panic!("{got}")
    };
    assert!(
        bad.starts_with(&format!(
            "line 7 (entry future3024): its record was refused by the dataset's checks (publications[{new_index}].year: 3024 is after"
        )),
        "{bad}"
    );
    assert!(bad.ends_with("); left out"), "{bad}");
    validate(&dataset, &|_| None).expect("the result validates");
}

#[test]
fn strict_refuses_a_validation_problem_naming_the_entry() {
    let copy = Copy::new();
    let before = copy.bytes();
    let dir = tempfile::tempdir().unwrap();
    let bib = dir.path().join("future.bib");
    std::fs::write(&bib, FUTURE).unwrap();
    let err = copy
        .import_with("frank-sifei-luan", &bib, false, true)
        .expect_err("year 3024")
        .replace(&bib.display().to_string(), "future.bib");
    let first = err.lines().next().unwrap();
    let new_index = copy.dataset().publications.len() + 1;
    assert!(
        first.starts_with(&format!(
            "future.bib: entry future3024: publications[{new_index}].year: 3024 is after"
        )),
        "{err}"
    );
    assert!(err.ends_with("nothing was written"), "{err}");
    assert_eq!(copy.bytes(), before);
}

#[test]
fn an_entry_the_researcher_did_not_write_is_skipped_with_the_reason() {
    let mut dataset = bundled();
    let got = lines(&outcomes(&mut dataset, "tao-luo", "scholar_luo.bib"));
    assert_eq!(
        got[0],
        "skipped:   yang2023skypilot: duplicates skypilot-nsdi-2023 (same title and year), but none of its authors is \"Tao Luo\"; add the printed spelling to alternative_names, or link the author by hand"
    );
    assert_eq!(
        got[2],
        "skipped:   luo2025example: none of its authors is \"Tao Luo\"; add the printed spelling to alternative_names if it is theirs"
    );
    assert_eq!(dataset, {
        let mut d = bundled();
        outcomes(&mut d, "tao-luo", "scholar_luo.bib");
        d
    });
    assert_eq!(listed(&dataset, "tao-luo"), listed(&bundled(), "tao-luo"));
}

#[test]
fn an_unknown_researcher_is_refused() {
    let copy = Copy::new();
    let err = copy
        .import("ada-lovelace", &fixture("dblp_luan.bib"), false)
        .expect_err("unknown researcher");
    assert!(err.contains("no researcher ada-lovelace"), "{err}");
}

#[test]
fn a_paper_listed_twice_in_one_file_makes_one_record() {
    let mut dataset = bundled();
    let entries = entry::read(
        "@inproceedings{conf, author = {Tao Luo and Ion Stoica}, title = {Twice Listed},
           booktitle = {USENIX OSDI}, year = 2024}
         @misc{preprint, author = {Tao Luo and Ion Stoica}, title = {Twice listed.}, year = 2024,
           eprint = {2401.00004}, archiveprefix = {arXiv}}",
    )
    .expect("parses")
    .entries;
    let report = apply(&mut dataset, &ResearcherId("tao-luo".into()), &entries);
    assert_eq!(
        lines(&report.outcomes),
        [
            "added:     twice-osdi-2024 (from conf)",
            "merged:    twice-osdi-2024 (from preprint; same title and year as conf earlier in this file): added arXiv id 2401.00004",
        ]
    );
    assert_eq!(records_titled(&dataset, "Twice Listed"), 1);
    assert_eq!(
        publication(&dataset, "twice-osdi-2024").arxiv.as_deref(),
        Some("2401.00004")
    );
}

#[test]
fn an_entry_matching_two_records_is_skipped() {
    let mut dataset = bundled();
    let entries = entry::read(
        "@inproceedings{mixed, author = {Frank Sifei Luan}, year = 2023,
           title = {SkyPilot: An Intercloud Broker for Sky Computing},
           doi = {10.1145/3603269.3604848}}",
    )
    .expect("parses")
    .entries;
    let before = dataset.clone();
    let report = apply(
        &mut dataset,
        &ResearcherId("frank-sifei-luan".into()),
        &entries,
    );
    assert_eq!(
        lines(&report.outcomes),
        [
            "skipped:   mixed: matches several publications (exoshuffle-sigcomm-2023 by same DOI 10.1145/3603269.3604848, skypilot-nsdi-2023 by same title and year); merge those by hand first"
        ]
    );
    assert_eq!(dataset, before);
}

/// `dataset` with a member `id` named `name`, with nothing else of theirs.
fn with_member(dataset: &mut Dataset, id: &str, name: &str) {
    let mut r = dataset.researchers[0].clone();
    r.id = ResearcherId(id.into());
    r.name = name.into();
    r.alternative_names.clear();
    r.native_name = None;
    r.native_name_lang = None;
    r.publications.clear();
    r.awards.clear();
    r.projects.clear();
    r.group.clear();
    r.advisors.clear();
    r.education.clear();
    dataset.researchers.push(r);
}

/// An entry as the reader gives it: names decoded, marks still on them.
fn paper_entry(key: &str, authors: &[&str], title: &str, year: &str) -> entry::BibEntry {
    entry::BibEntry {
        key: key.into(),
        line: 1,
        kind: "inproceedings".into(),
        authors: authors.iter().map(|&a| a.to_owned()).collect(),
        fields: [
            ("title", title),
            ("booktitle", "Robotics: Science and Systems"),
            ("year", year),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect(),
        ..entry::BibEntry::default()
    }
}

#[test]
fn an_owner_printed_differently_is_matched_and_said_so() {
    let mut dataset = bundled();
    for (id, name) in [
        ("niko-sunderhauf", "Niko Sünderhauf"),
        ("jane-doe", "Jane Doe"),
        ("john-smith", "John Smith"),
        ("jane-smith", "Jane Smith"),
    ] {
        with_member(&mut dataset, id, name);
    }
    let niko = ResearcherId("niko-sunderhauf".into());
    let entries = [
        // As the reader gives "Suenderhauf, N. and Tong, Shengbang* and Doe, J. and Smith, J.".
        paper_entry(
            "near",
            &["N. Suenderhauf", "Shengbang* Tong", "J. Doe", "J. Smith"],
            "Names Printed Every Which Way",
            "2021",
        ),
        paper_entry(
            "marks",
            &["Niko Sünderhauf$^*$", "Jane Doe (equal contribution)"],
            "Equal Parts",
            "2022",
        ),
        paper_entry(
            "other",
            &["Nina Sünderhauf", "Jane Doe"],
            "Not Niko's",
            "2022",
        ),
        paper_entry(
            "twice",
            &["N. Sünderhauf", "N. K. Sünderhauf"],
            "Which One",
            "2022",
        ),
    ];
    let report = apply(&mut dataset, &niko, &entries);
    let ids: Vec<String> = report
        .outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Added { id, .. } => Some(id.0.clone()),
            _ => None,
        })
        .collect();
    let [near, marks] = ids.as_slice() else {
        panic!("{:#?}", report.outcomes)
    };
    let got = lines(&report.outcomes);
    assert_eq!(
        got[0].lines().next(),
        Some(
            format!(
                "added:     {near} (from near; matched \"N. Suenderhauf\" to Niko Sünderhauf: initials, ue for ü)"
            )
            .as_str()
        )
    );
    for note in [
        "co-author \"J. Doe\" linked to jane-doe by a near match: initials (not added to their profile; import their file to list it)",
        "\"J. Smith\" could be john-smith or jane-smith; left unlinked",
    ] {
        assert!(got[0].contains(note), "{note}\n{}", got[0]);
    }
    assert_eq!(
        got[1].lines().next(),
        Some(format!("added:     {marks} (from marks)").as_str())
    );
    assert_eq!(
        got[2],
        "skipped:   other: none of its authors is \"Niko Sünderhauf\"; add the printed spelling to alternative_names if it is theirs"
    );
    assert_eq!(
        got[3],
        "skipped:   twice: its authors 1 \"N. Sünderhauf\" and 2 \"N. K. Sünderhauf\" could each be \"Niko Sünderhauf\"; add the exact spelling to alternative_names"
    );
    let authors = |id: &str| {
        publication(&dataset, id)
            .authors
            .iter()
            .map(|a| {
                (
                    a.name.clone(),
                    a.researcher.as_ref().map(|r| r.0.clone()),
                    a.equal_contribution,
                )
            })
            .collect::<Vec<_>>()
    };
    let member = |id: &str| Some(id.to_owned());
    assert_eq!(
        authors(near),
        [
            ("N. Suenderhauf".into(), member("niko-sunderhauf"), false),
            ("Shengbang Tong".into(), None, true),
            ("J. Doe".into(), member("jane-doe"), false),
            ("J. Smith".into(), None, false),
        ]
    );
    assert_eq!(
        authors(marks),
        [
            ("Niko Sünderhauf".into(), member("niko-sunderhauf"), true),
            ("Jane Doe".into(), member("jane-doe"), true),
        ]
    );
    assert_eq!(
        listed(&dataset, "niko-sunderhauf"),
        [near.clone(), marks.clone()]
    );
    validate(&dataset, &|_| None).expect("the result validates");

    // A record that names the owner differently and is not linked: the merge links them, and
    // says how it matched.
    let record = dataset
        .publications
        .iter_mut()
        .find(|p| p.id.0 == *near)
        .expect("added");
    record.authors[0].researcher = None;
    let r = (dataset.researchers.iter_mut())
        .find(|r| r.id == niko)
        .expect("niko");
    r.publications.retain(|p| p.0 != *near);
    let again = apply(&mut dataset, &niko, &entries[..1]);
    assert_eq!(
        lines(&again.outcomes)[0].lines().next(),
        Some(
            format!(
                "merged:    {near} (from near; same title and year): linked author 1 \"N. Suenderhauf\" to niko-sunderhauf (near match: initials, ue for ü); listed on niko-sunderhauf's profile"
            )
            .as_str()
        )
    );
}
