//! The sources brought in end to end: one roster, one `.bib` and the same person's dblp, ORCID
//! and OpenAlex records (`import/tests/fixtures/sources/merge/`, all invented), imported into a
//! scratch copy of the bundled dataset; then again with nothing new, and with OpenAlex's count
//! grown.

mod organizations;

use std::path::{Path, PathBuf};

use research_atlas::model::{
    CitationSource, Citations, Dataset, Origin, Publication, PublicationType, Researcher,
};

use crate::authoring::DatasetFile;
use crate::roster::{RosterReport, Sourcing, import_people_with};
use crate::{DATASET, workspace_root};

const ADA_ORCID: &str = "0000-0003-1000-0015";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sources/merge")
}

struct Scratch {
    dir: tempfile::TempDir,
    data: PathBuf,
}

impl Scratch {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("researchers.json");
        std::fs::copy(workspace_root().join(DATASET), &data).expect("copy the dataset");
        copy(&fixtures(), dir.path());
        Self { dir, data }
    }

    /// Imports the roster with the source folder, dating counts `today`, and writes the
    /// dataset; the report and whether the file changed.
    fn import(&self, today: &str) -> (RosterReport, bool) {
        let file = DatasetFile::open(Some(&self.data)).expect("the copy opens");
        let mut dataset = file.dataset.clone();
        let sourcing = Sourcing {
            folder: self.dir.path().join("sources"),
            fetch: None,
            today: today.into(),
        };
        let roster = self.dir.path().join("roster.csv");
        let report =
            import_people_with(&mut dataset, &roster, false, Some(&sourcing)).expect("imports");
        let before = std::fs::read(&self.data).expect("read");
        file.save(&dataset, &|_| None).expect("valid");
        let after = std::fs::read(&self.data).expect("read");
        (report, before != after)
    }

    fn dataset(&self) -> Dataset {
        DatasetFile::open(Some(&self.data)).expect("valid").dataset
    }
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("fixtures") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

fn person<'a>(d: &'a Dataset, name: &str) -> &'a Researcher {
    (d.researchers.iter())
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("{name} is in the dataset"))
}

fn paper<'a>(d: &'a Dataset, doi: &str) -> &'a Publication {
    let found: Vec<&Publication> = (d.publications.iter())
        .filter(|p| p.doi.as_deref() == Some(doi) || p.title.to_lowercase().contains(doi))
        .collect();
    assert_eq!(found.len(), 1, "one record for {doi}: {found:#?}");
    found[0]
}

#[test]
fn one_paper_from_four_documents_is_one_record_with_its_sources() {
    let scratch = Scratch::new();
    let (report, changed) = scratch.import("2026-11-01");
    assert!(changed);
    let text = report.to_string();
    assert_eq!(report.bad_rows().count(), 0, "{text}");
    let d = scratch.dataset();
    let ada = person(&d, "Ada Example");
    let bo = person(&d, "Bo Coauthor");

    // The BibTeX entry, the dblp record, its CoRR preprint, the ORCID work and the OpenAlex
    // work are one record; dblp's values kept, the preprint's arXiv id and OpenAlex's
    // abstract and count added.
    let p = paper(&d, "10.1234/osdi23.101");
    assert_eq!(p.title, "Sharded Indexes for Browsers");
    assert_eq!((p.kind, p.year), (PublicationType::Conference, 2023));
    assert_eq!(p.arxiv.as_deref(), Some("2210.01234"));
    assert_eq!(p.pages.as_deref(), Some("101–115"));
    assert_eq!(
        p.abstract_text.as_deref(),
        Some("We shard a search index by prefix.")
    );
    assert_eq!(
        p.citations,
        Some(Citations {
            count: 42,
            source: CitationSource::Openalex,
            as_of: "2026-11-01".into()
        })
    );
    assert_eq!(
        p.sources.get(&Origin::Dblp).map(String::as_str),
        Some("conf/osdi/ExampleC23")
    );
    assert_eq!(
        p.sources.get(&Origin::Openalex).map(String::as_str),
        Some("W100")
    );
    assert_eq!(
        p.sources.get(&Origin::Orcid).map(String::as_str),
        Some(format!("{ADA_ORCID}/work/1001").as_str())
    );
    assert_eq!(p.provenance.get("abstract"), Some(&Origin::Openalex));
    assert_eq!(p.provenance.get("citations"), Some(&Origin::Openalex));
    assert_eq!(p.provenance.get("pages"), Some(&Origin::Dblp));
    assert_eq!(
        p.provenance.get("title"),
        None,
        "the BibTeX import wrote the title"
    );
    let linked: Vec<_> = p.authors.iter().map(|a| a.researcher.clone()).collect();
    assert_eq!(linked, vec![Some(ada.id.clone()), Some(bo.id.clone())]);
    assert_eq!(
        (d.publications.iter())
            .filter(|q| q.title.to_lowercase() == "sharded indexes for browsers")
            .count(),
        1,
        "the CoRR preprint joined the paper"
    );

    // dblp and OpenAlex disagree on a year: dblp's kept, the conflict reported.
    let q = paper(&d, "10.14778/0000000.0000001");
    assert_eq!(q.year, 2020);
    assert_eq!(q.provenance.get("year"), Some(&Origin::Dblp));
    assert!(
        text.contains("conflict: year 2020 (dblp) against 2021 (OpenAlex); kept 2020"),
        "{text}"
    );
    // A paper only ORCID knows: the person alone, the list marked incomplete.
    let s = paper(&d, "10.5555/jws.2024.7");
    assert_eq!(s.kind, PublicationType::Journal);
    assert!(s.authors_incomplete);
    assert_eq!(s.authors.len(), 1);
    // The editorship is not a paper.
    assert!(
        text.contains("editorship") || text.contains("proceedings"),
        "{text}"
    );

    // The profile: spellings, identifiers, a homepage, keywords, the ORCID career.
    assert!(
        ada.alternative_names.iter().any(|n| n == "A. M. Example"),
        "{ada:#?}"
    );
    assert!(
        ada.links
            .iter()
            .any(|l| l.url == "https://ada.example.org/")
    );
    assert_eq!(ada.interests, ["information retrieval", "browsers"]);
    assert!(
        ada.positions.iter().any(|p| p.title == "PhD Student"),
        "{ada:#?}"
    );
    assert!(
        ada.education
            .iter()
            .any(|e| e.degree == "MPhil in Computer Science")
    );
    for doc in [
        "dblp/12_3456.xml",
        "orcid/0000-0003-1000-0015.json",
        "openalex/A5000000010.json",
    ] {
        assert!(ada.sources.iter().any(|s| s.document == doc), "{doc}");
    }
    // OpenAlex's years at a company no position explains are reported, not made a job.
    assert!(
        text.contains("OpenAlex saw papers from Northwind Search Labs in 2022"),
        "{text}"
    );
    assert!(
        !ada.positions
            .iter()
            .any(|p| p.organization.0.contains("northwind"))
    );
}

#[test]
fn a_rerun_changes_nothing_and_a_grown_count_changes_only_the_count() {
    let scratch = Scratch::new();
    scratch.import("2026-11-01");
    let first = std::fs::read(&scratch.data).expect("read");
    let (_, changed) = scratch.import("2026-11-15");
    assert!(
        !changed,
        "nothing upstream changed: not even the day of the count"
    );
    assert_eq!(std::fs::read(&scratch.data).expect("read"), first);

    // OpenAlex now counts 50; a maintainer corrected the pages by hand meanwhile.
    copy(
        &fixtures().join("later"),
        &scratch.dir.path().join("sources"),
    );
    let mut d = scratch.dataset();
    let at = (d.publications.iter())
        .position(|p| p.doi.as_deref() == Some("10.1234/osdi23.101"))
        .expect("the paper");
    d.publications[at].pages = Some("101–116".into());
    d.publications[at].provenance.remove("pages");
    let file = DatasetFile::open(Some(&scratch.data)).expect("opens");
    file.save(&d, &|_| None).expect("valid");
    let (report, changed) = scratch.import("2026-12-01");
    assert!(changed);
    let d = scratch.dataset();
    let p = paper(&d, "10.1234/osdi23.101");
    assert_eq!(
        p.citations,
        Some(Citations {
            count: 50,
            source: CitationSource::Openalex,
            as_of: "2026-12-01".into()
        })
    );
    assert_eq!(
        p.pages.as_deref(),
        Some("101–116"),
        "the hand-written value is kept"
    );
    let text = report.to_string();
    assert!(
        text.contains("citations 42 → 50 (OpenAlex, 2026-12-01)"),
        "{text}"
    );
}

#[test]
fn a_missing_or_unreadable_document_is_reported_and_the_rest_goes_in() {
    let scratch = Scratch::new();
    let folder = scratch.dir.path().join("sources");
    std::fs::remove_file(folder.join("orcid").join(format!("{ADA_ORCID}.json"))).expect("rm");
    std::fs::write(folder.join("dblp/12_3456.xml"), "<dblpperson><r>").expect("write");
    let (report, changed) = scratch.import("2026-11-01");
    assert!(changed);
    let text = report.to_string();
    assert!(
        text.contains(&format!(
            "orcid/{ADA_ORCID}.json: no such file; download it, or run with --fetch"
        )),
        "{text}"
    );
    assert!(text.contains("12_3456.xml: "), "{text}");
    let d = scratch.dataset();
    // OpenAlex's works still went in.
    assert_eq!(
        paper(&d, "10.1234/osdi23.101")
            .citations
            .as_ref()
            .map(|c| c.count),
        Some(42)
    );
}

#[test]
fn fetch_fills_the_folder_from_the_apis_then_the_import_reads_it() {
    use crate::sources::fetch::tests::server::{Reply, Server};
    use crate::sources::fetch::{Endpoints, Fetch, Pace, SystemClock};

    let scratch = Scratch::new();
    let folder = scratch.dir.path().join("sources");
    let served =
        |file: &str| Reply::Ok(std::fs::read_to_string(folder.join(file)).expect("fixture"));
    let server = Server::start();
    server.on(
        &format!("/v3.0/{ADA_ORCID}/record"),
        vec![
            Reply::too_many("1"),
            served(&format!("orcid/{ADA_ORCID}.json")),
        ],
    );
    server.on(
        "/v3.0/0000-0003-1000-0023/record",
        vec![served(&format!("orcid/{ADA_ORCID}.json"))],
    );
    server.on("/pid/12/3456.xml", vec![served("dblp/12_3456.xml")]);
    server.on(
        "/authors/A5000000010",
        vec![served("openalex/A5000000010.json")],
    );
    let pages =
        std::fs::read_to_string(folder.join("openalex/A5000000010.works.json")).expect("pages");
    let pages: Vec<&str> = pages.lines().collect();
    server.on(
        "/works?filter=author.id:A5000000010&per-page=100&cursor=*",
        vec![Reply::Ok(pages[0].to_owned())],
    );
    server.on(
        "/works?filter=author.id:A5000000010&per-page=100&cursor=IlAi",
        vec![Reply::Ok(pages[1].to_owned())],
    );
    std::fs::remove_dir_all(&folder).expect("an empty start");
    let fetch = Fetch {
        endpoints: Endpoints {
            orcid: server.base.clone(),
            dblp: server.base.clone(),
            openalex: server.base.clone(),
        },
        pace: Pace::none(),
        clock: Box::new(SystemClock),
        ..Fetch::default()
    };
    let sourcing = Sourcing {
        folder: folder.clone(),
        fetch: Some(fetch),
        today: "2026-11-01".into(),
    };
    let file = DatasetFile::open(Some(&scratch.data)).expect("opens");
    let mut dataset = file.dataset.clone();
    let roster = scratch.dir.path().join("roster.csv");
    let report =
        import_people_with(&mut dataset, &roster, false, Some(&sourcing)).expect("imports");
    assert!(folder.join("openalex/A5000000010.works.json").exists());
    let p = paper(&dataset, "10.1234/osdi23.101");
    assert_eq!(p.citations.as_ref().map(|c| c.count), Some(42), "{report}");
    assert_eq!(p.sources.len(), 3);
    // Bo's ORCID address served Ada's record: refused, not read into Bo.
    let text = report.to_string();
    assert!(
        text.contains(&format!(
            "it is the ORCID record of {ADA_ORCID}, not of 0000-0003-1000-0023"
        )),
        "{text}"
    );
    assert!(
        !person(&dataset, "Bo Coauthor")
            .alternative_names
            .iter()
            .any(|n| n.contains("Ada"))
    );

    // A failing API costs its documents only: Ada's ORCID record answers 500 (and what is not
    // scripted 404), yet the import goes on with what the folder now holds; each person goes
    // in, and the reader reports each missing document.
    let server = Server::start();
    server.on(&format!("/v3.0/{ADA_ORCID}/record"), vec![Reply::error()]);
    server.on("/pid/12/3456.xml", vec![served("dblp/12_3456.xml")]);
    let empty = scratch.dir.path().join("empty");
    let fetch = Fetch {
        endpoints: Endpoints {
            orcid: server.base.clone(),
            dblp: server.base.clone(),
            openalex: server.base.clone(),
        },
        pace: Pace::none(),
        ..Fetch::default()
    };
    let sourcing = Sourcing {
        folder: empty.clone(),
        fetch: Some(fetch),
        today: "2026-11-01".into(),
    };
    let mut dataset = file.dataset.clone();
    let report = import_people_with(&mut dataset, &roster, false, Some(&sourcing))
        .expect("a failed fetch costs its documents only");
    let text = report.to_string();
    assert!(
        text.contains(&format!("orcid/{ADA_ORCID}.json: no such file")),
        "{text}"
    );
    assert!(empty.join("dblp/12_3456.xml").is_file());
    assert!(!empty.join(format!("orcid/{ADA_ORCID}.json")).exists());
    assert!(!empty.join(crate::sources::fetch::STAGING).exists());
    person(&dataset, "Ada Example");
    person(&dataset, "Bo Coauthor");
}

#[test]
fn a_roster_of_names_and_identifiers_only_takes_the_stage_from_orcid() {
    let scratch = Scratch::new();
    std::fs::write(
        scratch.dir.path().join("roster.csv"),
        "name,orcid,dblp,openalex\nAda Example,0000-0003-1000-0015,12/3456,A5000000010\nBo Coauthor,0000-0003-1000-0023,,\n",
    )
    .expect("write");
    let (report, _) = scratch.import("2026-11-01");
    let text = report.to_string();
    let d = scratch.dataset();
    let ada = person(&d, "Ada Example");
    assert_eq!(
        ada.career_stage,
        research_atlas::model::CareerStage::PhdStudent
    );
    assert!(
        text.contains("stage phd_student read from ORCID: \"PhD Student\" at University of Edinburgh (current)"),
        "{text}"
    );
    // Bo has no ORCID document in the folder: no stage, a bad row that says how to give one.
    assert!(
        text.contains("or, with --sources, an ORCID record whose current job"),
        "{text}"
    );
    assert!(ada.positions.iter().any(|p| p.title == "PhD Student"));
}

#[test]
fn an_arxiv_doi_is_the_arxiv_id_and_a_preprints_count_never_replaces_the_papers() {
    use crate::sources::record::{Identifiers, Imprint, Work, WorkAuthor};
    let work = |id: &str, doi: Option<&str>, kind, count| Work {
        origin: Origin::Openalex,
        id: id.into(),
        title: "Sharded Indexes for Browsers".into(),
        authors: vec![WorkAuthor {
            name: "Ada Example".into(),
            ..WorkAuthor::default()
        }],
        authors_incomplete: false,
        kind,
        venue: None,
        year: 2023,
        month: None,
        imprint: Imprint::default(),
        school: None,
        ids: Identifiers {
            doi: doi.map(String::from),
            arxiv: None,
            links: Vec::new(),
        },
        abstract_text: None,
        citations: Some(count),
        notes: Vec::new(),
    };
    let pre = super::paper::paper(
        &work(
            "W2",
            Some("10.48550/arXiv.2210.01234"),
            PublicationType::Preprint,
            3,
        ),
        "2026-11-01",
    )
    .expect("a paper");
    assert_eq!((pre.doi, pre.arxiv.as_deref()), (None, Some("2210.01234")));

    // OpenAlex lists the preprint apart, with its own count: imported thrice, the paper's count
    // (42) stays the record's, and nothing flips.
    let scratch = Scratch::new();
    let works = scratch
        .dir
        .path()
        .join("sources/openalex/A5000000010.works.json");
    let mut pages = std::fs::read_to_string(&works).expect("read");
    pages.push_str(
        r#"{"meta":{"count":1,"next_cursor":null},"results":[{"id":"https://openalex.org/W300","doi":"https://doi.org/10.48550/arxiv.2210.01234","title":"Sharded indexes for browsers","publication_year":2022,"type":"preprint","primary_location":{"source":{"id":"https://openalex.org/S4306400194","display_name":"arXiv (Cornell University)","type":"repository"}},"authorships":[{"author":{"id":"https://openalex.org/A5000000010","display_name":"Ada Example"}}],"cited_by_count":3}]}"#,
    );
    pages.push('\n');
    std::fs::write(&works, pages).expect("write");
    scratch.import("2026-11-01");
    scratch.import("2026-11-02");
    let (_, changed) = scratch.import("2026-11-03");
    assert!(!changed);
    let d = scratch.dataset();
    assert_eq!(
        paper(&d, "10.1234/osdi23.101")
            .citations
            .as_ref()
            .map(|c| c.count),
        Some(42)
    );
}

#[test]
fn a_career_entry_the_record_has_with_another_end_is_a_conflict_and_the_record_is_kept() {
    let scratch = Scratch::new();
    scratch.import("2026-11-01");
    let mut d = scratch.dataset();
    let ada = (d.researchers.iter_mut())
        .find(|r| r.name == "Ada Example")
        .expect("Ada");
    let job = (ada.positions.iter_mut())
        .find(|p| p.title == "PhD Student")
        .expect("her job");
    job.end = Some(research_atlas::model::EndDate::Date(
        research_atlas::model::PartialDate {
            year: 2025,
            month: None,
        },
    ));
    DatasetFile::open(Some(&scratch.data))
        .expect("opens")
        .save(&d, &|_| None)
        .expect("valid");
    let (report, changed) = scratch.import("2026-11-01");
    assert!(!changed);
    let text = report.to_string();
    assert!(
        text.contains("conflict: the position at edinburgh from 2021-09: end \"2025\" in the record against \"present\" (ORCID); kept the record's"),
        "{text}"
    );
}
