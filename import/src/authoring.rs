//! Changing a dataset file safely: read a clean file, change it in memory, write it back only
//! when the result validates.
//!
//! Both `add-researcher` and `import-bib` go through [`DatasetFile`]. The new text is the
//! canonical form (`fmt-data`'s), it is checked by the same loader the app uses, and it
//! replaces the old file atomically (a temporary file in the same folder, then a rename), so a
//! failed run never leaves a half-updated file behind.

use std::path::{Path, PathBuf};

use research_atlas::model::{self, Dataset, Problem};

use crate::{DATASET, Error, workspace_root};

/// A dataset file as read, before any change.
pub struct DatasetFile {
    /// Where it lives.
    pub path: PathBuf,
    /// Its records; callers change a copy and hand it to [`save`](Self::save).
    pub dataset: Dataset,
}

/// What [`DatasetFile::save`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saved {
    /// The dataset was unchanged; the file was not touched.
    Unchanged,
    /// The file was rewritten.
    Written,
}

impl DatasetFile {
    /// Reads `path` (default: the bundled dataset). A file with problems other than warnings
    /// is refused: the tools only add to a valid dataset, so every value left out after a
    /// change is the change's.
    pub fn open(path: Option<&Path>) -> Result<Self, Error> {
        let path = path.map_or_else(|| workspace_root().join(DATASET), Path::to_path_buf);
        let in_file = |error| Error::within(path.display(), error);
        let text = std::fs::read_to_string(&path).map_err(|e| in_file(Error::io(&e)))?;
        let dir = model::load(&text, max_year()).map_err(|e| {
            in_file(Error::Unsettled {
                reason: e.to_string(),
            })
        })?;
        if !dir.is_valid() {
            let problems = (dir.problems.iter())
                .filter(|p| !p.is_warning())
                .map(ToString::to_string)
                .collect();
            return Err(Error::DatasetProblems { path, problems });
        }
        Ok(Self {
            path,
            dataset: dir.dataset,
        })
    }

    /// Validates `dataset` and, if it differs from what was read, writes it in canonical form.
    /// On problems nothing is written (see [`validate`]).
    pub fn save(
        &self,
        dataset: &Dataset,
        blame: &dyn Fn(&Problem) -> Option<String>,
    ) -> Result<Saved, Vec<String>> {
        let text = validate(dataset, blame)?;
        if *dataset == self.dataset {
            return Ok(Saved::Unchanged);
        }
        write_atomically(&self.path, &text)
            .map_err(|e| vec![format!("{}: {e}", self.path.display())])?;
        Ok(Saved::Written)
    }
}

/// A command's run over a dataset file: its report, then what became of the file (or why
/// nothing was written, after the report). The binary prints both.
#[derive(Debug, Clone, PartialEq)]
pub struct Run<R> {
    /// What the command did, record by record.
    pub report: R,
    /// The file written, left as it was, or a dry run; or why nothing was written.
    pub ending: Result<Ending, Error>,
}

/// What became of the dataset file at the end of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// A dry run: nothing written.
    DryRun,
    /// The file was rewritten.
    Wrote(PathBuf),
    /// Nothing changed; the file was not touched.
    Unchanged(PathBuf),
}

impl Ending {
    /// The run's last line, after the report's `summary`: "…; wrote data/researchers.json".
    pub fn line(&self, summary: &str) -> String {
        match self {
            Ending::DryRun => format!("{summary}; dry run, nothing written"),
            Ending::Wrote(path) => format!("{summary}; wrote {}", path.display()),
            Ending::Unchanged(path) => {
                format!("{summary}; nothing to change in {}", path.display())
            }
        }
    }
}

impl DatasetFile {
    /// The ending of a run that saves `dataset` here (see [`save`](Self::save)); `invalid` makes
    /// the error of the problems found.
    pub fn end(
        &self,
        dataset: &Dataset,
        blame: &dyn Fn(&Problem) -> Option<String>,
        invalid: impl FnOnce(Vec<String>) -> Error,
    ) -> Result<Ending, Error> {
        match self.save(dataset, blame).map_err(invalid)? {
            Saved::Written => Ok(Ending::Wrote(self.path.clone())),
            Saved::Unchanged => Ok(Ending::Unchanged(self.path.clone())),
        }
    }
}

/// The latest year a date in the dataset may name: next year (a paper accepted for it).
pub fn max_year() -> u16 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    model::load::year_of_unix_seconds(secs) + 1
}

/// `dataset` in canonical form if the app's loader finds no problem in it but warnings (which
/// leave nothing out); otherwise each problem as a line, prefixed with what `blame` says
/// caused it (e.g. the BibTeX entry that made the record).
pub fn validate(
    dataset: &Dataset,
    blame: &dyn Fn(&Problem) -> Option<String>,
) -> Result<String, Vec<String>> {
    let text = canonical_text(dataset).map_err(|e| vec![e.to_string()])?;
    let problems = problems_in(&text);
    if problems.iter().all(Problem::is_warning) {
        return Ok(text);
    }
    Err(problems
        .iter()
        .filter(|p| !p.is_warning())
        .map(|p| match blame(p) {
            Some(cause) => format!("{cause}: {p}"),
            None => p.to_string(),
        })
        .collect())
}

/// What settling a changed dataset did ([`settle`]): the problems the app's loader found, and,
/// when it left something out, the dataset as it was given (the problems' paths name positions
/// in it).
#[derive(Debug, Clone, PartialEq)]
pub struct Settled {
    /// Every problem found, warnings last.
    pub problems: Vec<Problem>,
    /// The dataset before values were left out; `None` when nothing was.
    pub before: Option<Dataset>,
}

impl Settled {
    /// The problems that left something out (not the warnings).
    pub fn left_out(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| !p.is_warning())
    }
}

/// Settles a changed `dataset` as the app's loader keeps it, in place: every value a check
/// refuses left out of its field (or the entry out of its list), a record that cannot do
/// without it skipped, and nothing else changed. This is how an import goes in whole whatever
/// one value holds; afterwards `dataset` loads with at most warnings. `Err` only when the
/// dataset cannot be written as JSON or the loader refuses the file as a whole, neither of which
/// a change to a valid dataset can cause.
pub fn settle(dataset: &mut Dataset) -> Result<Settled, Error> {
    let loaded = model::load(&canonical_text(dataset)?, max_year()).map_err(unsettled)?;
    if loaded.is_valid() {
        return Ok(Settled {
            problems: loaded.problems,
            before: None,
        });
    }
    let mut problems = loaded.problems;
    let before = std::mem::replace(dataset, loaded.dataset);
    // The loader's result is valid by its own rule; a second load proves it, and settles what
    // a dropped reference could still leave.
    for _ in 0..3 {
        let again = model::load(&canonical_text(dataset)?, max_year()).map_err(unsettled)?;
        if again.is_valid() {
            break;
        }
        problems.extend(again.problems.into_iter().filter(|p| !p.is_warning()));
        *dataset = again.dataset;
    }
    problems.sort_by_key(Problem::is_warning);
    Ok(Settled {
        problems,
        before: Some(before),
    })
}

/// The form `fmt-data` writes: the model's field order, two-space indentation, final newline.
pub fn canonical_text(dataset: &Dataset) -> Result<String, Error> {
    serde_json::to_string_pretty(dataset)
        .map(|t| t + "\n")
        .map_err(unsettled)
}

/// What the serializer or the loader said of a dataset it refused whole.
fn unsettled(e: impl ToString) -> Error {
    Error::Unsettled {
        reason: e.to_string(),
    }
}

/// What the app's loader would report for `text`.
fn problems_in(text: &str) -> Vec<Problem> {
    match model::load(text, max_year()) {
        Ok(dir) => dir.problems,
        Err(e) => vec![e],
    }
}

/// Writes a sibling temporary file, then renames it over `path`.
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map_or_else(|| "dataset".into(), |n| n.to_string_lossy().into_owned());
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// The collection and index a problem's path starts with: `publications[3].doi` →
/// `("publications", 3)`.
pub fn record_of(problem: &Problem) -> Option<(&str, usize)> {
    let (name, rest) = problem.path.split_once('[')?;
    let (index, _) = rest.split_once(']')?;
    Some((name, index.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled_copy() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("researchers.json");
        std::fs::copy(workspace_root().join(DATASET), &path).expect("copy");
        (dir, path)
    }

    #[test]
    fn an_unchanged_dataset_is_not_rewritten() {
        let (_dir, path) = bundled_copy();
        let file = DatasetFile::open(Some(&path)).expect("opens");
        assert_eq!(file.save(&file.dataset, &|_| None), Ok(Saved::Unchanged));
    }

    #[test]
    fn an_invalid_change_writes_nothing_and_is_blamed() {
        let (_dir, path) = bundled_copy();
        let before = std::fs::read(&path).unwrap();
        let file = DatasetFile::open(Some(&path)).expect("opens");
        let mut changed = file.dataset.clone();
        // Loading would only drop the DOI, but a save that would lose a value writes nothing.
        changed.publications[0].doi = Some("not a doi".into());
        let errors = file
            .save(&changed, &|p| {
                record_of(p).map(|(c, i)| format!("the change to {c} #{i}"))
            })
            .expect_err("invalid");
        assert_eq!(
            errors,
            [
                "the change to publications #0: publications[0].doi: dropped: \"not a doi\" is not a DOI: does not start with \"10.\""
            ]
        );
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers, ["researchers.json"]);
    }
}
