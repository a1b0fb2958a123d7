//! A department as real records come: `import/tests/fixtures/sources/department/` holds a
//! roster of 21 invented people and one nameless row, with dblp pages, ORCID records and an
//! OpenAlex author in every shape and with every quirk seen in public records of real people
//! — a zero-width space and double mojibake in dblp titles, UTF-8 read as Latin-1 (C1
//! controls) in an OpenAlex abstract, a control character and a byte-order mark in OpenAlex
//! titles, a right-to-left override in a title, a dblp disambiguation page, ORCID API v2.0
//! and a v3.0 `/works` answer, an ORCID record and a `.bib` saved in Windows-1252, a degree in
//! 1948 and a job dated 1890, organizations the vocabulary lacks, a `javascript:` homepage, a
//! missing `.bib`, a zero-width space in a roster name. All of it goes in but what is bad,
//! value by value; a rerun changes no byte. Then the same roster with one bad value planted in
//! a field of a source document, for many fields of every source: never more than that value
//! (or its paper) lost.

use std::path::Path;

use research_atlas::model::invisible::is_invisible;
use research_atlas::model::{self, Dataset, LinkKind};
use serde_json::Value;

use super::super::{RosterReport, Sourcing, import_people_with};
use super::{Scratch, copy_folder, person};
use crate::authoring::{DatasetFile, max_year};
use crate::repair::mojibake;

/// The people the roster names, by the ids they get.
const PEOPLE: [&str; 21] = [
    "aino-virtanen",
    "bruno-almeida",
    "chiara-rossi",
    "dmitri-volkov",
    "elif-kaya",
    "farah-haddad",
    "gustav-lindqvist",
    "hana-novak",
    "ines-moreau",
    "jonas-becker",
    "kavya-iyer",
    "lior-ben-david",
    "marguerite-olsen",
    "severine-lefevre",
    "tomas-ortega",
    "pekka-quist",
    "rania-saleh",
    "sven-ek",
    "yusuf-demir",
    "zanele-dlamini",
    "wei-example",
];

fn department() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sources/department")
}

fn scratch() -> Scratch {
    let s = Scratch::new();
    copy_folder(&department(), &s.path("department"));
    s
}

/// Imports the department's roster with its sources into the scratch dataset and writes it;
/// the report and whether the file changed.
fn import(s: &Scratch) -> (RosterReport, bool) {
    let file = DatasetFile::open(Some(&s.data)).expect("the copy opens");
    let mut dataset = file.dataset.clone();
    let sourcing = Sourcing {
        folder: s.path("department/sources"),
        fetch: None,
        today: "2026-11-01".into(),
    };
    let report = import_people_with(
        &mut dataset,
        &s.path("department/roster.csv"),
        false,
        Some(&sourcing),
    )
    .expect("a roster is never refused for what its people's records hold");
    let before = s.bytes();
    file.save(&dataset, &|_| None).expect("valid");
    (report, before != s.bytes())
}

/// Every string in the dataset, with its JSON path.
fn strings(d: &Dataset) -> Vec<(String, String)> {
    fn walk(v: &Value, path: String, out: &mut Vec<(String, String)>) {
        match v {
            Value::String(s) => out.push((path, s.clone())),
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    walk(x, format!("{path}[{i}]"), out);
                }
            }
            Value::Object(m) => {
                for (k, x) in m {
                    walk(x, format!("{path}.{k}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&serde_json::to_value(d).unwrap(), String::new(), &mut out);
    out
}

#[test]
fn a_department_of_real_shaped_records_goes_in_whole() {
    let s = scratch();
    let (report, changed) = import(&s);
    let text = report.to_string();
    assert!(changed);
    let bad: Vec<String> = report.bad_rows().map(ToString::to_string).collect();
    assert_eq!(bad, ["line 23: bad row, skipped: no name"], "{text}");

    // check-data's verdict on the file written: not even a warning.
    let written = std::fs::read_to_string(&s.data).unwrap();
    let loaded = model::load(&written, max_year()).expect("loads");
    assert_eq!(loaded.problems, [], "{text}");
    let d = loaded.dataset;
    for id in PEOPLE {
        person(&d, id);
    }

    // No control, invisible or mojibake character in any text.
    for (path, s) in strings(&d) {
        assert!(
            !s.chars()
                .any(|c| (c.is_control() && c != '\n') || is_invisible(c)),
            "{path}: {s:?}"
        );
        assert_eq!(mojibake(&s), s, "{path}");
    }
    let title = |t: &str| d.publications.iter().any(|p| p.title == t);
    for t in [
        "Query Planning with Sketches",
        "Café Workloads in Edge Caches",
        "Sampling Joins – A Survey",
        "Bidi Attacks on Identifiers",
        "Tactile Sensing for Hands",
        "Legged Locomotion on Ice",
        "Réseaux « sans fil » économes",
    ] {
        let all: Vec<&str> = d.publications.iter().map(|p| p.title.as_str()).collect();
        assert!(title(t), "{t}: {all:?}");
    }
    let grasping = d
        .publications
        .iter()
        .find(|p| p.title == "Grasping in Clutter");
    assert_eq!(
        grasping.and_then(|p| p.abstract_text.as_deref()),
        Some("We call it “clutter” for short.")
    );

    // The roster's cells: the bad homepage and the missing file cost only themselves.
    assert!(
        text.contains("left out: homepage \"javascript:alert(1)\" is not an http or https address")
    );
    assert!(text.contains("left out: bib file bibs/missing.bib: "));
    assert!(person(&d, "pekka-quist").links.is_empty());
    assert_eq!(person(&d, "pekka-quist").publications.len(), 2);
    assert_eq!(person(&d, "rania-saleh").name, "Rania Saleh");

    // The emerita: a degree of 1948 kept; the job dated 1890 kept without its start; INRIA
    // and Baidu Research added to the vocabulary.
    let olsen = person(&d, "marguerite-olsen");
    assert_eq!(olsen.education.len(), 1, "{text}");
    assert_eq!(olsen.positions.len(), 3, "{text}");
    let advisor = olsen
        .positions
        .iter()
        .find(|p| p.title == "Advisor")
        .unwrap();
    assert_eq!(advisor.start, None);
    assert!(
        text.contains("left out: employments[1].start: 1890 is before 1900; the date left out"),
        "{text}"
    );
    for org in ["inria", "baidu-research", "university-of-examplia"] {
        assert!(d.organization(org).is_some(), "{org}");
    }
    assert_eq!(
        olsen.organization.as_ref().map(|o| o.0.as_str()),
        Some("university-of-examplia")
    );

    // Windows-1252 read as such; ORCID v2.0 and a /works answer give their works.
    assert_eq!(person(&d, "severine-lefevre").publications.len(), 1);
    assert!(d.organization("universite-de-montreal").is_some());
    assert_eq!(person(&d, "yusuf-demir").publications.len(), 3, "{text}");
    assert_eq!(person(&d, "zanele-dlamini").publications.len(), 2, "{text}");
    assert_eq!(person(&d, "tomas-ortega").publications.len(), 3, "{text}");

    // The disambiguation page: refused with its people named, the person kept without it.
    assert!(
        text.contains("a dblp disambiguation page for \"Wei Example\", not one person; put the pid of the right one on the roster: Wei Example 0001 (72/2000-1), University of Examplia"),
        "{text}"
    );
    let wei = person(&d, "wei-example");
    assert!(wei.publications.is_empty());
    assert_eq!(wei.identifier(LinkKind::Dblp), Some("72/2000"));

    // A rerun changes no byte.
    let (again, changed) = import(&s);
    assert!(!changed, "{again}");
}

/// The bad values planted, one at a time: an unsafe address, a year no paper has, a value that
/// is only invisible characters, one that is only control characters, a DOI that is none.
const BAD: [&str; 5] = [
    "javascript:alert(1)",
    "3024",
    "\u{200B}\u{FEFF}",
    "\u{1}\u{85}",
    "not a doi",
];

/// Replaces the `nth` leaf of `json` (strings and numbers, in document order) with `bad`;
/// false when there are fewer leaves.
fn plant_json(v: &mut Value, nth: &mut usize, bad: &str) -> bool {
    match v {
        Value::String(_) | Value::Number(_) => {
            if *nth == 0 {
                *v = match v {
                    Value::Number(_) => bad.parse::<i64>().map_or(Value::from(-1), Value::from),
                    _ => Value::from(bad),
                };
                return true;
            }
            *nth -= 1;
            false
        }
        Value::Array(items) => items.iter_mut().any(|x| plant_json(x, nth, bad)),
        Value::Object(m) => m.values_mut().any(|x| plant_json(x, nth, bad)),
        _ => false,
    }
}

/// Replaces the text of the `nth` element of an XML document (`>text<`) with `bad`, escaped
/// as dblp escapes; false when there are fewer.
fn plant_xml(xml: &str, nth: usize, bad: &str) -> Option<String> {
    let escaped: String = bad
        .chars()
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            c if c.is_ascii() && !c.is_control() => c.to_string(),
            c => format!("&#{};", u32::from(c)),
        })
        .collect();
    let mut seen = 0;
    let mut at = 0;
    while let Some(open) = xml[at..].find('>') {
        let start = at + open + 1;
        let end = start + xml[start..].find('<')?;
        if !xml[start..end].trim().is_empty() {
            if seen == nth {
                return Some(format!("{}{escaped}{}", &xml[..start], &xml[end..]));
            }
            seen += 1;
        }
        at = end;
    }
    None
}

#[test]
fn a_bad_value_planted_in_any_source_costs_only_itself() {
    let clean = scratch();
    import(&clean);
    let baseline = clean.dataset();
    let papers = baseline.publications.len();
    let plants = [
        ("sources/orcid/0000-0002-7000-0001.json", 0..90),
        ("sources/orcid/0000-0002-7000-0028.json", 0..70),
        ("sources/orcid/0000-0002-7000-0036.json", 0..50),
        ("sources/openalex/A5099000001.json", 0..20),
        ("sources/openalex/A5099000001.works.json", 0..120),
        ("sources/dblp/71_1001.xml", 0..30),
        ("sources/dblp/71_1003.xml", 0..30),
        ("bibs/quist.bib", 0..1),
    ];
    let mut planted = 0;
    let mut failures = Vec::new();
    for (file, range) in plants {
        // Every fifth leaf, each with the next bad value: a few dozen imports in all.
        for nth in range.step_by(5) {
            let bad = BAD[planted % BAD.len()];
            let s = scratch();
            let path = s.path("department").join(file);
            let original = std::fs::read(&path).unwrap();
            let changed = if file.ends_with(".json") {
                let mut doc: Value = serde_json::from_slice(&original).unwrap();
                plant_json(&mut doc, &mut { nth }, bad).then(|| serde_json::to_vec(&doc).unwrap())
            } else if file.ends_with(".xml") {
                plant_xml(&String::from_utf8(original).unwrap(), nth, bad).map(String::into_bytes)
            } else {
                let text = crate::repair::document(original).unwrap().text;
                Some(text.replace("10.9999/exdb.2022.77", bad).into_bytes())
            };
            let Some(changed) = changed else { break };
            std::fs::write(&path, changed).unwrap();
            planted += 1;
            let (report, _) = import(&s);
            let d = s.dataset();
            let text = report.to_string();
            let not_read: Vec<&str> = text
                .lines()
                .filter(|l| l.contains(": not read: "))
                .collect();
            let at = format!("{file} leaf {nth} = {bad:?}: {not_read:?}");
            let lost: Vec<&str> = PEOPLE
                .into_iter()
                .filter(|id| d.researcher(id).is_none())
                .collect();
            if !lost.is_empty() || report.bad_rows().count() != 1 {
                failures.push(format!("{at}: people lost: {lost:?}"));
            }
            if d.publications.len() + 1 < papers {
                failures.push(format!(
                    "{at}: {} papers lost",
                    papers - d.publications.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(planted >= 50, "{planted}");
}

#[test]
fn an_openalex_author_without_its_works_file_is_read_alone() {
    let s = scratch();
    std::fs::remove_file(s.path("department/sources/openalex/A5099000001.works.json")).unwrap();
    let (report, _) = import(&s);
    let text = report.to_string();
    assert!(
        text.contains(
            "left out: openalex/A5099000001.works.json: no such file (the works were not read)"
        ),
        "{text}"
    );
    let d = s.dataset();
    let ortega = person(&d, "tomas-ortega");
    assert!(ortega.publications.is_empty());
    assert!(
        ortega.alternative_names.iter().any(|n| n == "T. Ortega"),
        "{text}"
    );
}

#[test]
fn what_each_paper_noticed_is_in_the_report_with_its_id() {
    let s = scratch();
    let (report, _) = import(&s);
    let text = report.to_string();
    assert!(
        text.lines().any(|l| l
            .trim_start()
            .starts_with("note: theory-acta-exemplaria-1952: new venue")),
        "{text}"
    );
}
