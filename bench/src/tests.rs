use std::time::SystemTime;

use super::browser::{browser_table, store_browser};
use super::native::{read_estimates, table};

use std::path::Path;

use serde_json::{Value, json};

use crate::runner::{Row, read_json, save};

fn row(benchmark: &str, researchers: usize, median_ms: f64) -> Row {
    Row {
        benchmark: benchmark.into(),
        researchers,
        median_ms,
        mean_ms: median_ms + 0.5,
    }
}

/// Writes one benchmark's files the way criterion lays them out.
fn criterion_result(home: &Path, group: &str, function: &str, size: &str, ns: f64) {
    let dir = home.join(group).join(function).join(size).join("new");
    std::fs::create_dir_all(&dir).unwrap();
    let id = json!({ "group_id": group, "function_id": function, "value_str": size });
    let est = json!({
        "mean": { "point_estimate": ns * 1.1 },
        "median": { "point_estimate": ns },
    });
    std::fs::write(dir.join("benchmark.json"), id.to_string()).unwrap();
    std::fs::write(dir.join("estimates.json"), est.to_string()).unwrap();
}

#[test]
fn estimates_are_read_in_milliseconds_and_sorted() {
    let home = tempfile::tempdir().unwrap();
    let before = SystemTime::now() - std::time::Duration::from_secs(5);
    criterion_result(home.path(), "typing", "q=dist", "20000", 2_500_000.0);
    criterion_result(home.path(), "build", "search_index", "1000", 12_345_678.9);
    criterion_result(home.path(), "typing", "q=dist", "1000", 150_000.0);
    let rows = read_estimates(&mut |_| {}, home.path(), before).unwrap();
    assert_eq!(
        rows,
        vec![
            Row {
                benchmark: "build/search_index".into(),
                researchers: 1000,
                median_ms: 12.346,
                mean_ms: 13.58,
            },
            Row {
                benchmark: "typing/q=dist".into(),
                researchers: 1000,
                median_ms: 0.15,
                mean_ms: 0.165,
            },
            Row {
                benchmark: "typing/q=dist".into(),
                researchers: 20000,
                median_ms: 2.5,
                mean_ms: 2.75,
            },
        ]
    );
    let later = SystemTime::now() + std::time::Duration::from_secs(60);
    assert_eq!(
        read_estimates(&mut |_| {}, home.path(), later).unwrap(),
        vec![]
    );
}

#[test]
fn saving_keeps_the_other_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench/results.json");
    save(&path, &[row("typing/q=d", 1000, 0.25)]).unwrap();
    let fresh: Value = read_json(&path).unwrap();
    assert_eq!(
        fresh,
        json!({ "native": [
            { "benchmark": "typing/q=d", "researchers": 1000, "median_ms": 0.25, "mean_ms": 0.75 }
        ] })
    );

    std::fs::write(
        &path,
        r#"{ "browser": { "chromium": [1, 2] }, "native": [] }"#,
    )
    .unwrap();
    save(&path, &[row("build/search_index", 20000, 900.0)]).unwrap();
    let kept = read_json(&path).unwrap();
    assert_eq!(kept["browser"], json!({ "chromium": [1, 2] }));
    assert_eq!(kept["native"][0]["benchmark"], "build/search_index");
    assert_eq!(kept["native"][0]["researchers"], 20000);

    std::fs::write(&path, "[1, 2]").unwrap();
    assert!(save(&path, &[]).is_err());
}

#[test]
fn the_browser_table_shows_missing_figures_as_dashes_and_failures_with_their_reason() {
    let rows = json!([
        { "researchers": 5, "system": "research-atlas", "first_card_ms": 724.9,
          "search_ready_ms": 610.2, "keystroke_p50_ms": 26.6, "keystroke_p95_ms": 47.2,
          "query_p50_ms": 0.2, "query_p95_ms": 1.2, "initial_bytes_gz": 452965,
          "memory_mb": 4.3 },
        { "researchers": 20000, "system": "minisearch", "first_card_ms": null,
          "search_ready_ms": null, "keystroke_p50_ms": null, "keystroke_p95_ms": null,
          "query_p50_ms": null, "query_p95_ms": null, "initial_bytes_gz": null,
          "memory_mb": null, "error": "Timeout 180000ms exceeded." }
    ]);
    let table = browser_table(&rows);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].contains("first card ms") && lines[0].contains("memory MB"));
    assert!(lines[1].contains("research-atlas") && lines[1].contains("724.9"));
    assert!(lines[1].contains("452965"));
    assert!(lines[2].contains(" - ") && lines[2].ends_with("Timeout 180000ms exceeded."));
}

#[test]
fn the_browser_rows_are_stored_with_their_keys_and_tabled_without_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench/results.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, r#"{ "native": [1], "results": [] }"#).unwrap();
    let measured = json!({
        "results": [
            { "researchers": 5, "shape": "research", "system": "research-atlas",
              "keystroke_p50_ms": 26.6, "warmup_keys": 2,
              "keys": [
                  { "order": 0, "query": "l", "warm": false, "search_ms": [0.2],
                    "facets_ms": [0.1], "painted_ms": 24.2 },
                  { "order": 1, "query": "", "warm": false, "search_ms": [],
                    "facets_ms": [], "painted_ms": 30.1 },
                  { "order": 2, "query": "l", "warm": true, "search_ms": [0.1],
                    "facets_ms": [0.1], "painted_ms": 26.6 }
              ],
              "typed_keys": [{ "order": 0, "key": "l", "query": "l", "duration_ms": null }] },
            { "researchers": 5, "shape": "research", "system": "flexsearch",
              "query_p50_ms": 0.1, "warmup_keys": 2,
              "keys": [{ "order": 0, "query": "l", "warm": false, "search_ms": 0.8 }] }
        ],
        "bundle": { "wasm_gz_bytes": 1 }
    });
    store_browser(&path, &measured).unwrap();
    let stored = read_json(&path).unwrap();
    assert_eq!(stored["results"], measured["results"]);
    assert_eq!(stored["bundle"], measured["bundle"]);
    assert_eq!(stored["native"], json!([1]));
    let table = browser_table(&stored["results"]);
    assert_eq!(table.lines().count(), 3, "{table}");
    assert!(table.lines().nth(1).unwrap().contains("26.6"), "{table}");
    assert!(
        !table.contains("painted") && !table.contains("warm"),
        "{table}"
    );
}

#[test]
fn the_table_is_aligned() {
    let t = table(&[
        row("build/search_index", 20000, 912.3456),
        row("typing/q=d", 1000, 0.25),
    ]);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{t}");
    assert!(lines[1].ends_with("912.346     912.846"), "{t}");
}
