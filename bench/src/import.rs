//! The roster importer at a department's size (`cargo xtask bench --import`, and part of a full
//! `bench`): 2,000 people with 10 `.bib` entries each, generated from seed 1 into
//! `target/bench-import/` (`atlas_generate::roster`), imported into a copy of the bundled
//! dataset, then imported again. Stored under `"import"`: the time of each run (reading the
//! dataset, importing, validating and writing, as the command does), and the bytes the second
//! run changed, which must be none.

use std::path::Path;
use std::time::Instant;

use serde_json::json;

use atlas_import::authoring::{DatasetFile, Saved};
use atlas_import::roster::{RosterReport, import_people};

use crate::error::Error;
use crate::runner::{Run, read_doc, write_doc};

/// People on the roster, and entries in each one's `.bib`.
const PEOPLE: usize = 2_000;
const ENTRIES: usize = 10;
/// The goals: seconds for the first import and for the rerun.
const FIRST_GOAL_S: f64 = 30.0;
const RERUN_GOAL_S: f64 = 5.0;

/// Runs the benchmark, stores it, reports it.
pub(crate) fn bench(r: &mut Run) -> Result<(), Error> {
    let dir = r.target().join("bench-import");
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(Error::at(&dir))?;
    }
    let bundled = r.bundled();
    let dataset = DatasetFile::open(Some(&bundled))?.dataset;
    let files =
        atlas_generate::roster::write_roster(&dir.join("roster"), PEOPLE, ENTRIES, 1, &dataset)?;
    let data = dir.join("researchers.json");
    std::fs::copy(&bundled, &data).map_err(Error::at(&data))?;
    r.progress(format!(
        "bench: {} with {} people, {} entries ({} papers shared)",
        files.csv.display(),
        files.people,
        files.entries,
        files.shared_papers
    ));

    let (first, first_s, first_saved) = timed(&data, &files.csv)?;
    let before = read(&data)?;
    let (rerun, rerun_s, rerun_saved) = timed(&data, &files.csv)?;
    let after = read(&data)?;
    let changed = bytes_changed(&before, &after);

    let figures = json!({
        "people": files.people,
        "entries": files.entries,
        "shared_papers": files.shared_papers,
        "first_s": round(first_s),
        "first": first.summary(),
        "first_written": first_saved == Saved::Written,
        "rerun_s": round(rerun_s),
        "rerun": rerun.summary(),
        "rerun_written": rerun_saved == Saved::Written,
        "rerun_bytes_changed": changed,
        "dataset_bytes": after.len(),
        "goals": { "first_s": FIRST_GOAL_S, "rerun_s": RERUN_GOAL_S, "rerun_bytes_changed": 0 },
    });
    let path = r.results();
    let mut doc = read_doc(&path)?;
    doc.insert("import".into(), figures);
    write_doc(&path, doc)?;
    r.figure(format!(
        "roster import, {PEOPLE} people × {ENTRIES} entries: first {first_s:.1} s (goal ≤ {FIRST_GOAL_S} s): {}",
        first.summary()
    ));
    r.figure(format!(
        "rerun {rerun_s:.1} s (goal ≤ {RERUN_GOAL_S} s), {changed} bytes changed (goal 0): {}",
        rerun.summary()
    ));
    r.figure(format!("{}: \"import\" holds them", path.display()));
    Ok(())
}

/// One import of `csv` into the dataset file `data`, timed as the command runs it: read the
/// dataset, import, validate and write.
fn timed(data: &Path, csv: &Path) -> Result<(RosterReport, f64, Saved), Error> {
    let started = Instant::now();
    let file = DatasetFile::open(Some(data))?;
    let mut dataset = file.dataset.clone();
    let report = import_people(&mut dataset, csv, false)?;
    let saved = file
        .save(&dataset, &|_| None)
        .map_err(|problems| Error::Refused { problems })?;
    Ok((report, started.elapsed().as_secs_f64(), saved))
}

/// The bytes of the file at `path`.
pub(crate) fn read(path: &Path) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(Error::at(path))
}

/// How many bytes differ between two versions of a file: positions that differ, plus what
/// one has beyond the other.
pub(crate) fn bytes_changed(a: &[u8], b: &[u8]) -> usize {
    let differing = a.iter().zip(b).filter(|(x, y)| x != y).count();
    differing + a.len().abs_diff(b.len())
}

/// Seconds to two decimals.
pub(crate) fn round(s: f64) -> f64 {
    (s * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_changed_counts_differences_and_length() {
        assert_eq!(bytes_changed(b"abc", b"abc"), 0);
        assert_eq!(bytes_changed(b"abc", b"abd"), 1);
        assert_eq!(bytes_changed(b"abc", b"abcde"), 2);
    }
}
