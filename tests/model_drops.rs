//! Issue 16, real data loads whole: a bad value that its record can do without costs only that
//! value. The record loads without it, every other field intact, and the problem names the
//! value's path in the file as `dropped`; nothing stands in for the value. A phone number that
//! makes a value go survives nowhere, not even in the message.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::edits::{index_of, load_edited, resolve_indexes};
use common::{BUNDLED, MAX_YEAR};
use research_atlas::model::{self, LoadedDataset, Problem};
use serde_json::{Value, json};

/// One bad value: how to break the file, the start of the line expected (`[{id}]` for a
/// record's position), the record it is in, and that record as it must load, from the file's.
struct Case {
    name: &'static str,
    edit: fn(&mut Value),
    want: &'static str,
    record: (&'static str, &'static str),
    loads_as: fn(&mut Value),
}

/// `v[coll][{id}]`, for editing.
fn record<'a>(v: &'a mut Value, coll: &str, id: &str) -> &'a mut Value {
    let i = index_of(v, coll, id);
    &mut v[coll][i]
}

fn remove(v: &mut Value, key: &str) {
    v.as_object_mut().unwrap().remove(key);
}

fn remove_at(v: &mut Value, i: usize) {
    v.as_array_mut().unwrap().remove(i);
}

fn researcher<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    record(v, "researchers", id)
}

fn publication<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    record(v, "publications", id)
}

fn unchanged(_: &mut Value) {}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "a homepage that is a javascript: link",
            edit: |v| {
                researcher(v, "michael-luo")["links"][0]["url"] = json!("javascript:alert(1)")
            },
            want: "researchers[{michael-luo}].links[0]: dropped: url: \"javascript:alert(1)\" is not an http, https or mailto URL",
            record: ("researchers", "michael-luo"),
            loads_as: |r| remove_at(&mut r["links"], 0),
        },
        Case {
            name: "a profile link whose scheme is not http, https or mailto",
            edit: |v| researcher(v, "jiachen-liu")["links"][1]["url"] = json!("ftp://github.com/x"),
            want: "researchers[{jiachen-liu}].links[1]: dropped: url: \"ftp://github.com/x\" is not an http, https or mailto URL",
            record: ("researchers", "jiachen-liu"),
            loads_as: |r| remove_at(&mut r["links"], 1),
        },
        Case {
            name: "an ORCID with a mistyped digit",
            edit: |v| {
                researcher(v, "jiachen-liu")["links"][2]["url"] =
                    json!("https://orcid.org/0000-0002-1825-0098");
            },
            want: "researchers[{jiachen-liu}].links[2]: dropped: url: \"https://orcid.org/0000-0002-1825-0098\" has the check digit 8, but the other digits need 7: a digit is mistyped",
            record: ("researchers", "jiachen-liu"),
            loads_as: |r| remove_at(&mut r["links"], 2),
        },
        Case {
            name: "a link of a kind the schema does not know",
            edit: |v| {
                let links = researcher(v, "tao-luo")["links"].as_array_mut().unwrap();
                links.push(json!({"kind": "mastodon", "url": "https://example.social/@tao"}));
            },
            want: "researchers[{tao-luo}].links[1]: dropped: kind: unknown variant `mastodon`, expected one of `homepage`",
            record: ("researchers", "tao-luo"),
            loads_as: unchanged,
        },
        Case {
            name: "an award year out of range",
            edit: |v| researcher(v, "frank-sifei-luan")["awards"][0]["year"] = json!(3024),
            want: "researchers[{frank-sifei-luan}].awards[0].year: dropped: 3024 is after 2027",
            record: ("researchers", "frank-sifei-luan"),
            loads_as: |r| remove(&mut r["awards"][0], "year"),
        },
        Case {
            name: "an award year that is not a number",
            edit: |v| researcher(v, "luo-mai")["awards"][1]["year"] = json!("2023"),
            want: "researchers[{luo-mai}].awards[1].year: dropped: invalid type: string \"2023\", expected u16",
            record: ("researchers", "luo-mai"),
            loads_as: |r| remove(&mut r["awards"][1], "year"),
        },
        Case {
            name: "a start that is not a date",
            edit: |v| {
                researcher(v, "frank-sifei-luan")["education"][0]["start"] = json!("June 2020")
            },
            want: "researchers[{frank-sifei-luan}].education[0].start: dropped: \"June 2020\" is not a date of the form YYYY or YYYY-MM",
            record: ("researchers", "frank-sifei-luan"),
            loads_as: |r| remove(&mut r["education"][0], "start"),
        },
        Case {
            name: "an implausible start costs only the start",
            edit: |v| researcher(v, "frank-sifei-luan")["education"][0]["start"] = json!("2030"),
            want: "researchers[{frank-sifei-luan}].education[0].start: dropped: 2030 is after 2027",
            record: ("researchers", "frank-sifei-luan"),
            loads_as: |r| remove(&mut r["education"][0], "start"),
        },
        Case {
            name: "an end before a plausible start",
            edit: |v| researcher(v, "frank-sifei-luan")["education"][0]["start"] = json!("2025"),
            want: "researchers[{frank-sifei-luan}].education[0].end: dropped: 2024 is before the start 2025",
            record: ("researchers", "frank-sifei-luan"),
            loads_as: |r| {
                r["education"][0]["start"] = json!("2025");
                remove(&mut r["education"][0], "end");
            },
        },
        Case {
            name: "an organization no record defines",
            edit: |v| researcher(v, "jiachen-liu")["organization"] = json!("nowhere-university"),
            want: "researchers[{jiachen-liu}].organization: dropped: \"nowhere-university\" is not a known organization id",
            record: ("researchers", "jiachen-liu"),
            loads_as: |r| remove(r, "organization"),
        },
        Case {
            name: "a phone number in the office",
            edit: |v| researcher(v, "luo-mai")["office"] = json!("Call +1 (555) 010-0199"),
            want: "researchers[{luo-mai}].office: dropped: holds what looks like a phone number; phone numbers are never published",
            record: ("researchers", "luo-mai"),
            loads_as: |r| remove(r, "office"),
        },
        Case {
            name: "an opening's source that is not a safe link",
            edit: |v| {
                researcher(v, "luo-mai")["openings"]["source"] =
                    json!("https://trusted.org@evil.example/");
            },
            want: "researchers[{luo-mai}].openings.source: dropped: \"https://trusted.org@evil.example/\" has a user name before the host",
            record: ("researchers", "luo-mai"),
            loads_as: |r| remove(&mut r["openings"], "source"),
        },
        Case {
            name: "a field the schema does not know",
            edit: |v| researcher(v, "tao-luo")["homepage"] = json!("https://example.org/~tao"),
            want: "researchers[{tao-luo}].homepage: dropped: unknown field `homepage`, expected one of `id`",
            record: ("researchers", "tao-luo"),
            loads_as: unchanged,
        },
        Case {
            name: "a listed paper whose authors do not link back",
            edit: |v| {
                remove(
                    &mut publication(v, "tenplex-sosp-2024")["authors"][0],
                    "researcher",
                )
            },
            want: "researchers[{luo-mai}].publications[0]: dropped: tenplex-sosp-2024 does not list luo-mai among its authors",
            record: ("researchers", "luo-mai"),
            loads_as: |r| remove_at(&mut r["publications"], 0),
        },
        Case {
            name: "an empty award name costs the award",
            edit: |v| researcher(v, "luo-mai")["awards"][2]["name"] = json!(" "),
            want: "researchers[{luo-mai}].awards[2]: dropped: name: must not be empty",
            record: ("researchers", "luo-mai"),
            loads_as: |r| remove_at(&mut r["awards"], 2),
        },
        Case {
            name: "a DOI that would break out of a BibTeX field",
            edit: |v| {
                publication(v, "exoshuffle-sigcomm-2023")["doi"] =
                    json!("10.1000/x},url=\"javascript:alert(1)\",injected=pwned");
            },
            want: "publications[{exoshuffle-sigcomm-2023}].doi: dropped: \"10.1000/x},url=\\\"javascript:alert(1)\\\",injected=pwned\" is not a DOI: contains '}'",
            record: ("publications", "exoshuffle-sigcomm-2023"),
            loads_as: |p| remove(p, "doi"),
        },
        Case {
            name: "an arXiv id written with its prefix",
            edit: |v| publication(v, "curie-arxiv-2025")["arxiv"] = json!("arXiv:2502.13965"),
            want: "publications[{curie-arxiv-2025}].arxiv: dropped: \"arXiv:2502.13965\" is not an arXiv id such as 2502.13965: write the id without the \"arXiv:\" prefix",
            record: ("publications", "curie-arxiv-2025"),
            loads_as: |p| remove(p, "arxiv"),
        },
        Case {
            name: "a month that is not a month",
            edit: |v| publication(v, "extensible-thesis-2024")["month"] = json!(13),
            want: "publications[{extensible-thesis-2024}].month: dropped: 13 is not a month (1 to 12)",
            record: ("publications", "extensible-thesis-2024"),
            loads_as: |p| remove(p, "month"),
        },
        Case {
            name: "an author linked to no record",
            edit: |v| {
                publication(v, "skypilot-nsdi-2023")["authors"][0]["researcher"] =
                    json!("zongheng-yang")
            },
            want: "publications[{skypilot-nsdi-2023}].authors[0].researcher: dropped: \"zongheng-yang\" is not a known researcher id",
            record: ("publications", "skypilot-nsdi-2023"),
            loads_as: unchanged,
        },
    ]
}

/// Each bad value goes alone: its record loads with every other field as the file has it, the
/// line names the value's path and the reason, and what is left is valid.
#[test]
fn a_bad_value_costs_only_itself() {
    let original: Value = serde_json::from_str(BUNDLED).unwrap();
    for case in cases() {
        let name = case.name;
        let dir = load_edited(case.edit).unwrap_or_else(|e| panic!("{name}: refused: {e}"));
        let want = resolve_indexes(&original, case.want);
        let dropped: Vec<String> = dir.dropped().map(ToString::to_string).collect();
        assert!(
            dropped.iter().any(|l| l.starts_with(&want)),
            "{name}: expected {want:?} in {dropped:#?}"
        );
        assert_eq!(dropped.len(), 1, "{name}: one value dropped: {dropped:#?}");
        assert!(dir.skipped.is_empty(), "{name}: skipped {:?}", dir.skipped);
        let errors: Vec<&Problem> = (dir.problems.iter())
            .filter(|p| !p.is_warning() && !p.is_dropped())
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
        assert!(!dir.is_valid(), "{name}: the file still needs fixing");
        assert_eq!(dir.dataset.researchers.len(), 5, "{name}");
        assert_eq!(dir.dataset.publications.len(), 43, "{name}");
        let (coll, id) = case.record;
        let mut expected = original[coll][index_of(&original, coll, id)].clone();
        (case.loads_as)(&mut expected);
        assert_eq!(
            loaded(&dir, coll, id),
            expected,
            "{name}: the rest is intact"
        );
        assert!(
            model::validate(&dir.dataset, MAX_YEAR)
                .iter()
                .all(Problem::is_warning),
            "{name}: what is left is valid"
        );
    }
}

/// The record `coll`/`id` as it loaded, in the file's form.
fn loaded(dir: &LoadedDataset, coll: &str, id: &str) -> Value {
    let d = &dir.dataset;
    match coll {
        "researchers" => serde_json::to_value(d.researcher(id).expect("kept")),
        _ => serde_json::to_value(d.publication(id).expect("kept")),
    }
    .unwrap()
}

/// Values dropped in one record, and one dropped on a later run because of an earlier drop,
/// are named by their positions in the file, not in what was left.
#[test]
fn paths_name_positions_in_the_file_after_entries_before_them_went() {
    let dir = load_edited(|v| {
        let r = researcher(v, "tao-luo");
        r["awards"] = json!([
            {"name": ""},
            {"name": "Kept", "year": 2015},
            {"name": "Later", "year": 3024, "end_year": 2020},
        ]);
        r["links"] = json!([
            {"kind": "homepage", "url": "javascript:alert(1)"},
            {"kind": "homepage", "url": "https://example.org/tao"},
            {"kind": "other", "url": "data:text/html,hi"},
            {"kind": "github", "url": "https://github.com/tao"},
        ]);
    })
    .unwrap();
    let i = index_of(
        &serde_json::from_str(BUNDLED).unwrap(),
        "researchers",
        "tao-luo",
    );
    let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
    let want = [
        format!(
            "researchers[{i}].links[0]: dropped: url: \"javascript:alert(1)\" is not an http, https or mailto URL"
        ),
        format!(
            "researchers[{i}].links[2]: dropped: url: \"data:text/html,hi\" is not an http, https or mailto URL"
        ),
        format!("researchers[{i}].awards[0]: dropped: name: must not be empty"),
        format!("researchers[{i}].awards[2].year: dropped: 3024 is after 2027"),
        // Second run: the award is now the second, but the line names its place in the file.
        format!("researchers[{i}].awards[2].end_year: dropped: is set but year is not"),
    ];
    assert_eq!(lines, want);
    let tao = dir.dataset.researcher("tao-luo").unwrap();
    let urls: Vec<&str> = tao.links.iter().map(|l| l.url.as_str()).collect();
    assert_eq!(urls, ["https://example.org/tao", "https://github.com/tao"]);
    let awards: Vec<(&str, Option<u16>, Option<u16>)> = (tao.awards.iter())
        .map(|a| (a.name.as_str(), a.year, a.end_year))
        .collect();
    assert_eq!(awards, [("Kept", Some(2015), None), ("Later", None, None)]);
}

/// A phone number that makes a value go is not in the loaded data, nor in any line the
/// banner shows: not the value, not a message quoting it, not a skipped record's label.
#[test]
fn a_phone_number_that_costs_a_value_survives_nowhere() {
    let dir = load_edited(|v| {
        let r = researcher(v, "tao-luo");
        r["office"] = json!("Room 4, +1 (555) 010-0199");
        r["links"]
            .as_array_mut()
            .unwrap()
            .push(json!({"kind": "other", "url": "tel:+15550100199"}));
        r["awards"][0]["details"] = json!("Call 555 010 0199 for the citation");
        r["awards"][0]["year"] = json!("555-010-0199");
        r["fax"] = json!("555.010.0199");
        let p = publication(v, "skypilot-nsdi-2023");
        p["note"] = json!("Contact: 5550100199");
        // A record skipped for its id: its label quotes the id.
        let mut copy = v["researchers"][0].clone();
        copy["id"] = json!("Luo 555 010 0199");
        v["researchers"].as_array_mut().unwrap().push(copy);
    })
    .unwrap();
    let data = serde_json::to_string(&dir.dataset).unwrap();
    let report = format!("{:?} {:?}", dir.problems, dir.skipped);
    for text in [&data, &report] {
        for digits in ["555", "0199"] {
            assert!(!text.contains(digits), "{digits} in {text}");
        }
    }
    assert_eq!(dir.dropped().count(), 6, "{:#?}", dir.problems);
    assert_eq!(dir.skipped.len(), 1, "{:?}", dir.skipped);
    let tao = dir.dataset.researcher("tao-luo").expect("kept");
    assert_eq!(tao.office, None);
    assert!(report.contains("tel:[phone number hidden]"), "{report}");
}

/// What still skips a record: its id or name, a field its type requires, an author of a paper.
/// Its other bad values are reported as they are, not as dropped.
#[test]
fn a_record_without_a_name_is_still_skipped_with_all_its_problems() {
    let dir = load_edited(|v| {
        let r = researcher(v, "tao-luo");
        remove(r, "name");
        r["links"][0]["url"] = json!("javascript:alert(1)");
    })
    .unwrap();
    let i = index_of(
        &serde_json::from_str(BUNDLED).unwrap(),
        "researchers",
        "tao-luo",
    );
    assert_eq!(dir.skipped, [format!("researchers[{i}] (\"tao-luo\")")]);
    let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
    assert!(
        lines.contains(&format!("researchers[{i}]: missing field `name`")),
        "{lines:#?}"
    );
    assert!(dir.dataset.researcher("tao-luo").is_none());

    let dir = load_edited(|v| {
        let r = researcher(v, "tao-luo");
        r["name"] = json!("");
        r["links"][0]["url"] = json!("javascript:alert(1)");
    })
    .unwrap();
    let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            format!("researchers[{i}].name: must not be empty"),
            format!(
                "researchers[{i}].links[0].url: \"javascript:alert(1)\" is not an http, https or mailto URL"
            ),
        ]
    );
    assert_eq!(dir.dropped().count(), 0);
    assert_eq!(dir.skipped.len(), 1);
}
