//! The native half: the criterion benchmarks run, their estimates read back, stored under
//! `"native"` and reported.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use serde_json::Value;

use crate::error::Error;
use crate::runner::{Row, Run, SIZES, read_json, save};
use atlas_release::run::run as run_child;

/// The criterion benchmarks: run, read, store under `"native"`, report.
pub(crate) fn native(r: &mut Run, criterion_args: &[String]) -> Result<(), Error> {
    let data_dir = r
        .generated(SIZES[0])
        .parent()
        .expect("a file in a folder")
        .to_path_buf();
    let criterion_home = r.target().join("criterion");
    let started = SystemTime::now();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    run_child(
        Command::new(cargo)
            .current_dir(r.root())
            .args(["bench", "-p", "atlas-bench", "--bench", "search", "--"])
            .args(criterion_args)
            .env("ATLAS_BENCH_DATA", &data_dir)
            .env("CRITERION_HOME", &criterion_home),
    )?;

    let rows = read_estimates(&mut |line| r.progress(line), &criterion_home, started)?;
    if rows.is_empty() {
        return Err(Error::NoResults {
            home: criterion_home,
        });
    }
    r.table(&table(&rows));
    let path = r.results();
    save(&path, &rows)?;
    r.figure(format!(
        "{}: \"native\" holds {} benchmarks",
        path.display(),
        rows.len()
    ));
    Ok(())
}

/// The figures of every benchmark whose estimates were written at or after `since`, sorted by
/// benchmark and size. Criterion keeps `<group>/<function>/<size>/new/` per benchmark, with
/// `benchmark.json` naming it and `estimates.json` holding its statistics in nanoseconds; one
/// that is not a group, function and size is left out, and said to `progress`.
pub(crate) fn read_estimates(
    progress: &mut dyn FnMut(String),
    criterion_home: &Path,
    since: SystemTime,
) -> Result<Vec<Row>, Error> {
    let mut dirs = Vec::new();
    find_new_dirs(criterion_home, &mut dirs)?;
    let mut rows = Vec::new();
    for dir in dirs {
        let estimates = dir.join("estimates.json");
        let fresh = std::fs::metadata(&estimates)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t >= since);
        if !fresh {
            continue;
        }
        let id = read_json(&dir.join("benchmark.json"))?;
        let stats = read_json(&estimates)?;
        let text = |v: &Value, key: &str| v[key].as_str().map(str::to_owned);
        let ms = |key: &'static str| {
            stats[key]["point_estimate"]
                .as_f64()
                .map(|ns| (ns / 1e3).round() / 1e3)
                .ok_or_else(|| Error::NoEstimate {
                    path: estimates.clone(),
                    key,
                })
        };
        let (Some(group), Some(function), Some(size)) = (
            text(&id, "group_id"),
            text(&id, "function_id"),
            text(&id, "value_str"),
        ) else {
            progress(format!(
                "{}: not a group/function/size benchmark; left out",
                dir.display()
            ));
            continue;
        };
        let Ok(researchers) = size.parse() else {
            return Err(Error::Size { dir, size });
        };
        rows.push(Row {
            benchmark: format!("{group}/{function}"),
            researchers,
            median_ms: ms("median")?,
            mean_ms: ms("mean")?,
        });
    }
    rows.sort_by(|a, b| {
        (a.benchmark.as_str(), a.researchers).cmp(&(b.benchmark.as_str(), b.researchers))
    });
    Ok(rows)
}

/// Every `new` directory below `dir` (none when `dir` does not exist).
pub(crate) fn find_new_dirs(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Error> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries {
        let path = entry.map_err(Error::at(dir))?.path();
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            out.push(path);
        } else {
            find_new_dirs(&path, out)?;
        }
    }
    Ok(())
}

/// The rows as an aligned text table.
pub(crate) fn table(rows: &[Row]) -> String {
    let width = rows.iter().map(|r| r.benchmark.len()).max().unwrap_or(0);
    let mut out = format!(
        "{:width$}  {:>11}  {:>10}  {:>10}\n",
        "benchmark", "researchers", "median ms", "mean ms"
    );
    for r in rows {
        out.push_str(&format!(
            "{:width$}  {:>11}  {:>10.3}  {:>10.3}\n",
            r.benchmark, r.researchers, r.median_ms, r.mean_ms
        ));
    }
    out
}
