//! The dataset layer, natively: the bundled file, the validator's messages, and its robustness.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::edits::{index_of, load_edited, resolve_indexes};
use common::{BUNDLED, MAX_YEAR, bundled};
use proptest::prelude::*;
use research_atlas::model;
use serde_json::{Value, json};

#[test]
fn the_bundled_dataset_validates() {
    let d = bundled();
    assert_eq!(d.researchers.len(), 5);
    assert!(model::validate(&d, MAX_YEAR).is_empty());
}

/// Counts written down from the seeds, so a lost or duplicated entry fails here.
#[test]
fn counts_per_researcher_match_the_seeds() {
    let d = bundled();
    // id: publications, awards, talks, positions, education
    let want = [
        ("michael-luo", 16, 3, 4, 4, 2),
        ("tao-luo", 2, 4, 0, 0, 3),
        ("frank-sifei-luan", 11, 5, 7, 7, 2),
        ("luo-mai", 10, 9, 0, 3, 2),
        ("jiachen-liu", 6, 0, 0, 4, 3),
    ];
    for (id, pubs, awards, talks, positions, education) in want {
        let r = d
            .researcher(id)
            .unwrap_or_else(|| panic!("{id} is missing"));
        assert_eq!(
            (
                r.publications.len(),
                r.awards.len(),
                r.talks.len(),
                r.positions.len(),
                r.education.len()
            ),
            (pubs, awards, talks, positions, education),
            "{id}: publications, awards, talks, positions, education"
        );
    }
}

#[test]
fn shared_papers_are_stored_once_and_link_both_authors() {
    let d = bundled();
    for (title_start, people) in [
        ("SkyPilot", ["michael-luo", "frank-sifei-luan"]),
        ("Balsa", ["michael-luo", "frank-sifei-luan"]),
    ] {
        let matches: Vec<_> = d
            .publications
            .iter()
            .filter(|p| p.title.starts_with(title_start))
            .collect();
        assert_eq!(matches.len(), 1, "{title_start} is stored once");
        let linked: Vec<&str> = matches[0]
            .authors
            .iter()
            .filter_map(|a| a.researcher.as_ref().map(|r| r.as_str()))
            .collect();
        for p in people {
            assert!(linked.contains(&p), "{title_start} links {p}");
            let r = d.researcher(p).unwrap();
            assert!(
                r.publications.contains(&matches[0].id),
                "{p} lists {title_start}"
            );
        }
    }
    assert_eq!(
        d.publications.len(),
        16 + 2 + 11 + 10 + 6 - 2,
        "every paper once"
    );
}

/// Every reference in the bundled file resolves through the lookups, and a profile's
/// publications are its list in order, each once.
#[test]
fn lookups_resolve_every_reference_in_the_bundled_file() {
    let d = bundled();
    for r in &d.researchers {
        assert_eq!(d.researcher(&r.id).map(|x| &x.name), Some(&r.name));
        if let Some(o) = &r.organization {
            assert_eq!(d.organization(o).map(|x| &x.id), Some(o), "{}", r.id);
            assert_ne!(d.organization_label(o), o.as_str(), "{o} has a label");
        }
        for t in &r.topics {
            assert_eq!(d.topic(t).map(|x| x.name.as_str()), Some(d.topic_name(t)));
        }
        let mut seen = std::collections::HashSet::new();
        let want: Vec<&str> = (r.publications.iter())
            .filter(|id| seen.insert(*id))
            .map(|id| {
                d.publication(id)
                    .expect("listed publications exist")
                    .id
                    .as_str()
            })
            .collect();
        let got: Vec<&str> = (d.publications_of(r).into_iter())
            .map(|p| p.id.as_str())
            .collect();
        assert_eq!(got, want, "{}", r.id);
    }
    for p in &d.publications {
        assert_eq!(d.venue_of(p).map(|v| &v.id), p.venue.as_ref(), "{}", p.id);
    }
    assert!(d.researcher("nobody").is_none());
    assert_eq!(d.organization_label("no-such-org"), "no-such-org");
}

#[test]
fn no_phone_number_and_only_safe_links_in_the_bundled_file() {
    assert_eq!(model::validate::find_phone_number(BUNDLED), None);
    let v: Value = serde_json::from_str(BUNDLED).unwrap();
    let mut urls = Vec::new();
    collect_urls(&v, &mut urls);
    assert!(urls.len() > 20, "links were found: {}", urls.len());
    for u in urls {
        assert!(model::validate::check_url(&u).is_ok(), "{u}");
    }
}

fn collect_urls(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("url", Value::String(s)) => out.push(s.clone()),
                    _ => collect_urls(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_urls(x, out)),
        _ => {}
    }
}

/// Each invalid fixture fails with the expected path and reason, and only the bad record goes:
/// a problem in what the record cannot do without (its id, its name, a required field). A bad
/// value it can do without costs only the value (`tests/model_drops.rs`).
#[test]
fn invalid_records_are_reported_with_path_and_reason_and_skipped() {
    type Edit = fn(&mut Value);
    let cases: Vec<(&str, Edit, &str, usize, usize)> = vec![
        (
            "missing required field",
            |v| {
                let i = index_of(v, "researchers", "tao-luo");
                v["researchers"][i]
                    .as_object_mut()
                    .unwrap()
                    .remove("summary");
            },
            "researchers[{tao-luo}]: missing field `summary`",
            4,
            43,
        ),
        (
            "wrong type",
            |v| {
                let i = index_of(v, "publications", "skypilot-nsdi-2023");
                v["publications"][i]["year"] = json!("2023");
            },
            "publications[{skypilot-nsdi-2023}].year: invalid type: string \"2023\", expected u16",
            5,
            42,
        ),
        (
            "duplicate id",
            |v| {
                let i = index_of(v, "researchers", "tao-luo");
                v["researchers"][i]["id"] = json!("frank-sifei-luan");
            },
            "researchers[{tao-luo}].id: \"frank-sifei-luan\" is used by an earlier record",
            4,
            // Tao Luo's two papers still link the id "tao-luo", which no record has any more:
            // they lose that link (not the paper).
            43,
        ),
        (
            "impossible year",
            |v| {
                let i = index_of(v, "publications", "tenplex-sosp-2024");
                v["publications"][i]["year"] = json!(3024);
            },
            "publications[{tenplex-sosp-2024}].year: 3024 is after 2027",
            5,
            42,
        ),
        (
            "empty name",
            |v| {
                let i = index_of(v, "researchers", "frank-sifei-luan");
                v["researchers"][i]["name"] = json!("  ");
            },
            "researchers[{frank-sifei-luan}].name: must not be empty",
            4,
            43,
        ),
        (
            "missing name",
            |v| {
                let i = index_of(v, "researchers", "tao-luo");
                v["researchers"][i].as_object_mut().unwrap().remove("name");
            },
            "researchers[{tao-luo}]: missing field `name`",
            4,
            43,
        ),
        (
            "name that is not a string",
            |v| {
                let i = index_of(v, "researchers", "tao-luo");
                v["researchers"][i]["name"] = json!(["Tao", "Luo"]);
            },
            "researchers[{tao-luo}].name: invalid type: sequence, expected a string",
            4,
            43,
        ),
        (
            "phone number in the name",
            |v| {
                let i = index_of(v, "researchers", "luo-mai");
                v["researchers"][i]["name"] = json!("Luo Mai 555-010-0199");
            },
            "researchers[{luo-mai}].name: holds what looks like a phone number; phone numbers are never published",
            4,
            43,
        ),
        (
            "phone number in the summary, which a researcher cannot do without",
            |v| {
                let i = index_of(v, "researchers", "luo-mai");
                v["researchers"][i]["summary"] = json!("Call +1 (555) 010-0199.");
            },
            "researchers[{luo-mai}].summary: holds what looks like a phone number; phone numbers are never published",
            4,
            43,
        ),
        (
            "an author without a name",
            |v| {
                let i = index_of(v, "publications", "skypilot-nsdi-2023");
                v["publications"][i]["authors"][0]["name"] = json!("");
            },
            "publications[{skypilot-nsdi-2023}].authors[0].name: must not be empty",
            5,
            42,
        ),
    ];
    let original: Value = serde_json::from_str(BUNDLED).unwrap();
    for (name, edit, want, researchers, publications) in cases {
        let want = resolve_indexes(&original, want);
        let dir =
            load_edited(edit).unwrap_or_else(|e| panic!("{name}: the file was refused whole: {e}"));
        let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
        assert!(
            lines.contains(&want),
            "{name}: expected {want:?} in {lines:#?}"
        );
        assert_eq!(
            dir.dataset.researchers.len(),
            researchers,
            "{name}: researchers left"
        );
        assert_eq!(
            dir.dataset.publications.len(),
            publications,
            "{name}: publications left"
        );
        assert!(!dir.skipped.is_empty(), "{name}: names what was skipped");
        assert!(
            !lines.concat().contains("555"),
            "{name}: no phone number in {lines:#?}"
        );
        assert!(
            model::validate(&dir.dataset, MAX_YEAR).is_empty(),
            "{name}: what is left is valid"
        );
    }
}

/// Homepages a real faculty list gave (issue 16): a staff page ending in a long numeric id and
/// a host given by IP address and port are links, not phone numbers; the record loads whole. A
/// phone number in the free text beside them is still found.
#[test]
fn real_homepages_are_not_phone_numbers() {
    let urls = [
        "https://www.example-university.edu/staff/profile/1234567890",
        "https://www.uni.example.de/en/people/person/12345678901/",
        "http://192.168.104.21:8080/",
        "http://203.0.113.55:8000/~lab/",
    ];
    let dir = load_edited(|v| {
        let i = index_of(v, "researchers", "tao-luo");
        let links = v["researchers"][i]["links"].as_array_mut().unwrap();
        for url in urls {
            links.push(json!({ "kind": "other", "url": url, "label": "Staff page" }));
        }
        v["researchers"][i]["interests"]
            .as_array_mut()
            .unwrap()
            .push(json!(
                "Networks (see https://www.example.org/lab/5550100199)"
            ));
    })
    .unwrap();
    assert!(dir.problems.is_empty(), "{:#?}", dir.problems);
    assert_eq!(dir.dataset.researchers.len(), 5);
    let tao = dir.dataset.researcher("tao-luo").unwrap();
    for url in urls {
        assert!(tao.links.iter().any(|l| l.url == url), "{url} kept");
    }
    let dir = load_edited(|v| {
        let i = index_of(v, "researchers", "tao-luo");
        v["researchers"][i]["interests"]
            .as_array_mut()
            .unwrap()
            .push(json!("http://203.0.113.55:8000/ or call 555-010-0199"));
    })
    .unwrap();
    let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [format!(
            "researchers[{}].interests[{}]: dropped: holds what looks like a phone number; \
             phone numbers are never published",
            index_of(
                &serde_json::from_str(BUNDLED).unwrap(),
                "researchers",
                "tao-luo"
            ),
            tao_interests()
        )]
    );
    let tao = dir.dataset.researcher("tao-luo").unwrap();
    assert_eq!(
        tao.interests.len(),
        tao_interests(),
        "the interest is dropped"
    );
}

/// How many interests Tao Luo has in the bundled file.
fn tao_interests() -> usize {
    let d = bundled();
    d.researcher("tao-luo").unwrap().interests.len()
}

#[test]
fn a_skipped_paper_does_not_take_its_authors_with_it() {
    let dir = load_edited(|v| {
        let i = index_of(v, "publications", "skypilot-nsdi-2023");
        v["publications"][i]["title"] = json!("");
    })
    .unwrap();
    assert_eq!(dir.dataset.researchers.len(), 5);
    let michael = dir.dataset.researcher("michael-luo").unwrap();
    assert_eq!(michael.publications.len(), 15);
    assert!(
        michael
            .publications
            .iter()
            .all(|p| p.0 != "skypilot-nsdi-2023")
    );
}

#[test]
fn unusable_files_are_refused_with_a_reason() {
    let cases = [
        (
            "{\"schema_version\": 1,\n \"researchers\": [",
            "line 2 column 17: not valid JSON: EOF while parsing a list",
        ),
        ("[1, 2]", "the file holds an array, not a dataset object"),
        ("{}", "schema_version: is missing"),
        (
            "{\"schema_version\": 7}",
            "schema_version: 7 is not supported (this build reads version 1)",
        ),
        (
            "{\"schema_version\": 1, \"researchers\": {}}",
            "researchers: expected an array, found an object",
        ),
    ];
    for (text, want) in cases {
        let err = model::load(text, MAX_YEAR).expect_err(text);
        assert_eq!(err.to_string(), want, "{text}");
    }
}

#[test]
fn the_dataset_round_trips_through_serde_unchanged() {
    let d = bundled();
    let text = serde_json::to_string_pretty(&d).unwrap() + "\n";
    assert_eq!(
        text, BUNDLED,
        "data/researchers.json is in canonical form (field order, no nulls)"
    );
}

/// JSON values that look like datasets, for mutation.
fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "[a-z0-9:/ .<>-]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("id".to_owned()),
                    Just("name".to_owned()),
                    Just("year".to_owned()),
                    Just("researchers".to_owned()),
                    Just("publications".to_owned()),
                    Just("schema_version".to_owned()),
                    "[a-z_]{1,8}"
                ],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_loader_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        let _ = model::load(&text, MAX_YEAR);
    }

    #[test]
    fn the_loader_never_panics_on_arbitrary_json(v in arbitrary_json()) {
        let _ = model::load(&v.to_string(), MAX_YEAR);
    }

    /// Replace one value somewhere in the bundled file with arbitrary JSON: the loader reports or
    /// accepts, never panics, and what it keeps is valid (warnings aside: a warned value is kept
    /// by design, e.g. openings whose source became `null`).
    #[test]
    fn the_loader_survives_mutations_of_the_bundled_file(path_seed in any::<u64>(), replacement in arbitrary_json()) {
        let mut v: Value = serde_json::from_str(BUNDLED).unwrap();
        mutate(&mut v, path_seed, replacement);
        if let Ok(dir) = model::load(&v.to_string(), MAX_YEAR) {
            let findings = model::validate(&dir.dataset, MAX_YEAR);
            prop_assert!(findings.iter().all(|p| p.is_warning()), "{:?}", findings);
        }
    }
}

/// Walks down the value choosing children by `seed`, and replaces the node it stops at.
fn mutate(v: &mut Value, mut seed: u64, replacement: Value) {
    let mut node = v;
    loop {
        let stop = seed.is_multiple_of(5);
        seed /= 5;
        let len = match node {
            Value::Array(a) => a.len(),
            Value::Object(m) => m.len(),
            _ => 0,
        };
        if stop || len == 0 {
            *node = replacement;
            return;
        }
        let i = (seed % len as u64) as usize;
        seed /= len as u64 + 1;
        node = match node {
            Value::Array(a) => &mut a[i],
            Value::Object(m) => m.values_mut().nth(i).unwrap(),
            _ => unreachable!(),
        };
    }
}

#[test]
fn a_skipped_vocabulary_entry_does_not_take_its_users_with_it() {
    let dir = load_edited(|v| {
        let i = index_of(v, "organizations", "upenn");
        v["organizations"][i]["name"] = json!("");
    })
    .unwrap();
    assert_eq!(dir.skipped.len(), 1, "{:?}", dir.skipped);
    let tao = dir.dataset.researcher("tao-luo").expect("tao-luo is kept");
    assert_eq!(tao.organization, None);
    assert!(tao.education.iter().all(|e| e.organization.0 != "upenn"));
    assert!(model::validate(&dir.dataset, MAX_YEAR).is_empty());
}
