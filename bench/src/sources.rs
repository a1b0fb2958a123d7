//! The roster import from the open sources at a department's size (`cargo xtask bench
//! --sources`, and part of a full `bench`; issue 37): 2,000 people, each with an ORCID record,
//! a dblp record and an OpenAlex author and works, generated from seed 1 into
//! `target/bench-data/sources-2000/` (`atlas_generate::sources`; files already there with the
//! same bytes are kept), imported with `cargo xtask import ROSTER --data FILE --sources DIR`
//! into a copy of the bundled dataset, then imported again. Each import is a copy of the
//! importer ([`crate::Bench::importer`], `xtask` itself) run as a child process, so its wall time and peak memory (`VmHWM` in `/proc/<pid>/status`, read while
//! it runs) are the command's own; what it prints goes to `first.log` and `rerun.log` beside
//! the data. Stored under `"sources"`: both runs' time and peak memory, and the bytes the rerun
//! changed in the dataset file, with the goals.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use atlas_generate::sources::SourceFiles;
use atlas_import::authoring::DatasetFile;

use crate::error::Error;
use crate::import::{bytes_changed, read, round};
use crate::runner::{Run, read_doc, write_doc};

/// People on the roster.
const PEOPLE: usize = 2_000;
/// The day citation counts are dated, fixed so the rerun's dataset can be the same bytes.
const AS_OF: &str = "2026-01-01";
/// The goals: seconds and megabytes of the first import, seconds of the rerun.
const FIRST_GOAL_S: f64 = 60.0;
const FIRST_GOAL_MB: u64 = 2_048;
const RERUN_GOAL_S: f64 = 10.0;

/// One import as a child process: its time, peak memory and last line.
struct Measured {
    seconds: f64,
    /// `None` where the system does not say (not Linux).
    peak_mb: Option<u64>,
    summary: String,
}

/// Runs the benchmark, stores it, reports it.
pub(crate) fn bench(r: &mut Run) -> Result<(), Error> {
    let dir = r
        .target()
        .join("bench-data")
        .join(format!("sources-{PEOPLE}"));
    let bundled = r.bundled();
    let dataset = DatasetFile::open(Some(&bundled))?.dataset;
    let started = Instant::now();
    let files = atlas_generate::sources::write_sources(&dir, PEOPLE, 1, &dataset)?;
    r.progress(format!(
        "bench: {} people, {} papers ({} shared), {} documents of {:.0} MB in {} ({} written, {} removed, {:.1} s)",
        files.people,
        files.papers,
        files.shared_papers,
        files.documents,
        files.bytes as f64 / 1e6,
        files.folder.display(),
        files.written,
        files.removed,
        started.elapsed().as_secs_f64()
    ));
    let data = dir.join("researchers.json");
    std::fs::copy(&bundled, &data).map_err(Error::at(&data))?;
    let exe = own_copy(&r.bench.importer, &dir)?;

    let first = import(&exe, &dir, &files, &data, "first")?;
    let before = read(&data)?;
    let rerun = import(&exe, &dir, &files, &data, "rerun")?;
    let after = read(&data)?;
    let changed = bytes_changed(&before, &after);

    let figures = json!({
        "people": files.people,
        "papers": files.papers,
        "shared_papers": files.shared_papers,
        "documents": files.documents,
        "documents_bytes": files.bytes,
        "first_s": round(first.seconds),
        "first_peak_mb": first.peak_mb,
        "first": first.summary,
        "rerun_s": round(rerun.seconds),
        "rerun_peak_mb": rerun.peak_mb,
        "rerun": rerun.summary,
        "rerun_bytes_changed": changed,
        "dataset_bytes": after.len(),
        "goals": {
            "first_s": FIRST_GOAL_S,
            "first_peak_mb": FIRST_GOAL_MB,
            "rerun_s": RERUN_GOAL_S,
            "rerun_bytes_changed": 0,
        },
    });
    let path = r.results();
    let mut doc = read_doc(&path)?;
    doc.insert("sources".into(), figures);
    write_doc(&path, doc)?;
    r.table(&table(&first, &rerun, changed));
    r.figure(format!("first: {}", first.summary));
    r.figure(format!("rerun: {}", rerun.summary));
    r.figure(format!(
        "{}: \"sources\" holds them; the imports' reports are in {}",
        path.display(),
        dir.display()
    ));
    Ok(())
}

/// The figures against the goals, a row each.
fn table(first: &Measured, rerun: &Measured, changed: usize) -> String {
    let mb = |m: &Measured| m.peak_mb.map_or("-".to_owned(), |mb| format!("{mb} MB"));
    let met = |ok: bool| if ok { "met" } else { "NOT MET" };
    let rows = [
        (
            "first import".to_owned(),
            format!("{:.1} s", first.seconds),
            format!("≤ {FIRST_GOAL_S} s"),
            met(first.seconds <= FIRST_GOAL_S),
        ),
        (
            "first import, peak memory".to_owned(),
            mb(first),
            format!("≤ {FIRST_GOAL_MB} MB"),
            met(first.peak_mb.is_some_and(|mb| mb <= FIRST_GOAL_MB)),
        ),
        (
            "rerun".to_owned(),
            format!("{:.1} s ({})", rerun.seconds, mb(rerun)),
            format!("≤ {RERUN_GOAL_S} s"),
            met(rerun.seconds <= RERUN_GOAL_S),
        ),
        (
            "bytes changed by the rerun".to_owned(),
            changed.to_string(),
            "0".to_owned(),
            met(changed == 0),
        ),
    ];
    let mut out = format!(
        "roster import from the open sources, {PEOPLE} people\n{:<28}  {:>18}  {:>10}\n",
        "", "measured", "goal"
    );
    for (what, measured, goal, verdict) in rows {
        out.push_str(&format!(
            "{what:<28}  {measured:>18}  {goal:>10}  {verdict}\n"
        ));
    }
    out
}

/// A copy of the importer `from` in `dir`, so both imports run the code measured even when a
/// build replaces `target/xtask/xtask` meanwhile (the caller names it by `/proc/self/exe`,
/// which is still the running program then).
fn own_copy(from: &Path, dir: &Path) -> Result<PathBuf, Error> {
    let to = dir.join(format!("xtask{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(from, &to).map_err(|source| Error::Copy {
        from: from.to_path_buf(),
        to: to.clone(),
        source,
    })?;
    Ok(to)
}

/// `cargo xtask import CSV --data DATA --sources FOLDER --as-of …`, run by `exe` (this
/// program) as a child with its output in `<label>.log` in `dir`, timed, its peak memory read
/// while it runs.
fn import(
    exe: &Path,
    dir: &Path,
    files: &SourceFiles,
    data: &Path,
    label: &'static str,
) -> Result<Measured, Error> {
    let log: PathBuf = dir.join(format!("{label}.log"));
    let out = std::fs::File::create(&log).map_err(Error::at(&log))?;
    let err = out.try_clone().map_err(Error::at(&log))?;
    let failed = |source| {
        Error::Release(atlas_release::Error::Spawn {
            program: "cargo xtask import".into(),
            source,
        })
    };
    let started = Instant::now();
    let mut child = Command::new(exe)
        .arg("import")
        .arg(&files.csv)
        .arg("--data")
        .arg(data)
        .arg("--sources")
        .arg(&files.folder)
        .args(["--as-of", AS_OF])
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(failed)?;
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kb: Option<u64> = None;
    let status = loop {
        if let Some(kb) = high_water_kb(&status_file) {
            peak_kb = Some(peak_kb.map_or(kb, |p| p.max(kb)));
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(failed(e)),
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let last = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    if !status.success() {
        return Err(Error::ImportFailed {
            label,
            status,
            log,
            last: last.to_owned(),
        });
    }
    Ok(Measured {
        seconds,
        peak_mb: peak_kb.map(|kb| kb.div_ceil(1024)),
        summary: last.to_owned(),
    })
}

/// `VmHWM` of a `/proc/<pid>/status` file, in kB: the most memory the process has held.
fn high_water_kb(status_file: &str) -> Option<u64> {
    let status = std::fs::read_to_string(status_file).ok()?;
    parse_high_water_kb(&status)
}

fn parse_high_water_kb(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_high_water_mark_is_read_from_a_status_file() {
        let status = "Name:\txtask\nVmPeak:\t  900000 kB\nVmHWM:\t  123456 kB\nVmRSS:\t 100 kB\n";
        assert_eq!(parse_high_water_kb(status), Some(123_456));
        assert_eq!(parse_high_water_kb("Name:\tzombie\n"), None);
        let own = high_water_kb("/proc/self/status");
        assert!(cfg!(not(target_os = "linux")) || own.is_some_and(|kb| kb > 0));
    }

    #[test]
    fn a_missed_goal_is_said_in_the_table() {
        let run = |seconds, peak_mb| Measured {
            seconds,
            peak_mb,
            summary: String::new(),
        };
        let text = table(&run(70.0, Some(900)), &run(2.0, None), 0);
        assert!(
            text.contains("70.0 s") && text.contains("NOT MET"),
            "{text}"
        );
        assert!(
            text.contains("900 MB") && text.contains("2.0 s (-)"),
            "{text}"
        );
        assert_eq!(text.matches("NOT MET").count(), 1, "{text}");
    }
}
