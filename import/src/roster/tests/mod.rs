//! The roster: its CSV read into rows (`table.rs`), each row's cells (`cells.rs`), and the
//! import end to end on a scratch copy of the bundled dataset and of the fixtures in
//! `import/tests/fixtures/roster/` (`import.rs`, `matching.rs`). Every person and paper in
//! the fixtures is invented.

mod cells;
mod department;
mod import;
mod matching;
mod table;

use std::path::{Path, PathBuf};

use research_atlas::model::{Dataset, Researcher};

use super::{RosterImport, RosterReport, import_people, import_roster};
use crate::authoring::DatasetFile;
use crate::{DATASET, workspace_root};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/roster")
}

/// A temporary folder with a copy of the bundled dataset and of the roster fixtures.
struct Scratch {
    dir: tempfile::TempDir,
    data: PathBuf,
}

impl Scratch {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("researchers.json");
        std::fs::copy(workspace_root().join(DATASET), &data).expect("copy the dataset");
        copy_folder(&fixtures(), dir.path());
        Self { dir, data }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes `text` to `name` in the scratch folder.
    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.path(name), text).expect("write");
    }

    /// Adds `text` to the end of `name`.
    fn append(&self, name: &str, text: &str) {
        let mut old = std::fs::read_to_string(self.path(name)).expect("read");
        old.push_str(text);
        self.write(name, &old);
    }

    fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.data).expect("read the dataset")
    }

    fn dataset(&self) -> Dataset {
        DatasetFile::open(Some(&self.data))
            .expect("the copy stays valid")
            .dataset
    }

    /// Imports the roster `csv` into the scratch dataset and writes it, as the command does;
    /// the report.
    fn import(&self, csv: &str) -> RosterReport {
        let file = DatasetFile::open(Some(&self.data)).expect("the copy opens");
        let mut dataset = file.dataset.clone();
        let report = import_people(&mut dataset, &self.path(csv), false).expect("imports");
        file.save(&dataset, &|_| None).expect("valid");
        report
    }

    /// The command on the scratch dataset.
    fn command(&self, csv: &str, dry_run: bool, strict: bool) -> Result<(), String> {
        import_roster(&RosterImport {
            roster: self.path(csv),
            data: Some(self.data.clone()),
            dry_run,
            strict,
            sources: None,
            fetch: false,
            refresh: false,
            mailto: None,
            openalex_key: None,
            today: "2026-11-01".into(),
        })?
        .ending
        .map(|_| ())
        .map_err(|e| e.to_string())
    }
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("fixtures") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// The first line of each row's report: what the command prints for it.
fn lines(report: &RosterReport) -> Vec<String> {
    report
        .rows
        .iter()
        .map(|r| r.to_string().lines().next().unwrap_or("").to_owned())
        .collect()
}

fn person<'a>(dataset: &'a Dataset, id: &str) -> &'a Researcher {
    dataset
        .researcher(id)
        .unwrap_or_else(|| panic!("{id} is in the dataset"))
}

/// `(kind, url)` of each of a researcher's links.
fn links(r: &Researcher) -> Vec<(String, String)> {
    r.links
        .iter()
        .map(|l| {
            let kind = serde_json::to_value(l.kind).expect("kind");
            (kind.as_str().unwrap_or("").to_owned(), l.url.clone())
        })
        .collect()
}
