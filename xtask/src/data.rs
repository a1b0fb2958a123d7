//! `check-data` and `schema`: the dataset's validator and JSON Schema, from the model's types.

use std::path::{Path, PathBuf};

use research_atlas::model::{self, Dataset};

pub use atlas_import::DATASET;
pub use atlas_import::authoring::max_year;

/// The dataset's schema, relative to the workspace root.
pub use research_atlas::files::paths::SCHEMA;

/// The workspace root, and Cargo's target directory.
pub use atlas_release::{root, target_dir};

/// Where `gen-data` writes a dataset of `researchers` by default (and `bench` and the tests
/// read it).
pub fn generated(researchers: usize) -> PathBuf {
    root()
        .join("target/bench-data")
        .join(format!("researchers-{researchers}.json"))
}

/// Where `gen-data --shape faculty` writes a faculty list of `researchers` by default.
pub fn generated_faculty(researchers: usize) -> PathBuf {
    root()
        .join("target/bench-data")
        .join(format!("faculty-{researchers}.json"))
}

/// The faculty list of `researchers` (seed 1), made again when missing or made by an older
/// generator, as [`generated_fresh`] does.
pub fn generated_faculty_fresh(researchers: usize) -> Result<PathBuf, String> {
    stamped(generated_faculty(researchers), |path| {
        say(atlas_generate::write_faculty(researchers, 1, path))
    })
}

/// Prints the summary line of what the generator `made`, or its error as text.
pub fn say(made: Result<atlas_generate::Made, atlas_generate::Error>) -> Result<(), String> {
    let made = made.map_err(|e| e.to_string())?;
    println!("{made}");
    Ok(())
}

/// `path`, made by `make` again when missing or when its stamp (`….json.version`) is not
/// [`atlas_generate::OUTPUT_VERSION`].
fn stamped(
    path: PathBuf,
    make: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<PathBuf, String> {
    let stamp = path.with_extension("json.version");
    let version = atlas_generate::OUTPUT_VERSION.to_string();
    let current = std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == version);
    if !path.is_file() || !current {
        make(&path)?;
        std::fs::write(&stamp, &version).map_err(|e| format!("{}: {e}", stamp.display()))?;
    }
    Ok(path)
}

/// The generated dataset of `researchers` (seed 1), made again when missing or when an older
/// generator made it (its stamp, `….json.version`, is not [`atlas_generate::OUTPUT_VERSION`]).
pub fn generated_fresh(researchers: usize) -> Result<PathBuf, String> {
    stamped(generated(researchers), |path| {
        say(atlas_generate::write(researchers, 1, path))
    })
}

/// Reads and loads the dataset at `file` (default: the bundled one).
fn load_file(file: Option<&Path>) -> Result<(PathBuf, String, model::LoadedDataset), String> {
    let path = file.map_or_else(|| root().join(DATASET), Path::to_path_buf);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let dir = model::load(&text, max_year()).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, text, dir))
}

/// Prints every problem; fails unless all of them are warnings (which leave nothing out).
pub fn check_data(file: Option<&Path>) -> Result<(), String> {
    let (path, _, dir) = load_file(file)?;
    for p in &dir.problems {
        println!("{}: {p}", path.display());
    }
    if dir.is_valid() {
        let d = &dir.dataset;
        let warnings = dir.warnings().count();
        println!(
            "{}: valid{} — {} researchers, {} publications, {} organizations, {} venues, {} topics",
            path.display(),
            match warnings {
                0 => String::new(),
                1 => ", with 1 warning".to_owned(),
                n => format!(", with {n} warnings"),
            },
            d.researchers.len(),
            d.publications.len(),
            d.organizations.len(),
            d.venues.len(),
            d.topics.len()
        );
        Ok(())
    } else {
        let list = |items: Vec<&str>| {
            if items.is_empty() {
                "none".to_owned()
            } else {
                items.join(", ")
            }
        };
        Err(format!(
            "{} problem(s); these records would be skipped: {}; these values would be dropped: {}",
            dir.problems.iter().filter(|p| !p.is_warning()).count(),
            list(dir.skipped.iter().map(String::as_str).collect()),
            list(dir.dropped().map(|p| p.path.as_str()).collect()),
        ))
    }
}

/// The schema as pretty JSON with a trailing newline.
pub fn schema_text() -> String {
    let schema = schemars::schema_for!(Dataset);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

/// `cargo xtask schema [--check]`: writes the schema, or with `check` fails if it is stale.
pub fn schema(check: bool) -> Result<(), String> {
    let path = root().join(SCHEMA);
    let want = schema_text();
    if !check {
        return std::fs::write(&path, want).map_err(|e| format!("{}: {e}", path.display()));
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have == want {
        Ok(())
    } else {
        Err(format!("{SCHEMA} is stale: run `cargo xtask schema`"))
    }
}

/// `cargo xtask fmt-data [FILE]`: rewrites a valid dataset in canonical form (the model's field
/// order, two-space indentation, unknown values left out), so diffs stay small and stable.
pub fn fmt_data(file: Option<&Path>) -> Result<(), String> {
    let (path, text, dir) = load_file(file)?;
    if !dir.is_valid() {
        check_data(Some(&path))?;
    }
    let canonical = serde_json::to_string_pretty(&dir.dataset).map_err(|e| e.to_string())? + "\n";
    if canonical != text {
        std::fs::write(&path, canonical).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("{}: rewritten in canonical form", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checked_in_schema_is_current() {
        let have = std::fs::read_to_string(root().join(SCHEMA))
            .expect("data/researchers.schema.json exists");
        assert!(
            have == schema_text(),
            "{SCHEMA} is stale: run `cargo xtask schema`"
        );
    }

    #[test]
    fn the_bundled_dataset_is_valid() {
        check_data(None).expect("data/researchers.json validates");
    }

    #[test]
    fn warnings_are_printed_but_do_not_fail_the_check() {
        let text = std::fs::read_to_string(root().join(DATASET)).unwrap();
        let mut data: serde_json::Value = serde_json::from_str(&text).unwrap();
        data["publications"][0]["title"] = "gnp\u{202E}.exe".into();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("warned.json");
        std::fs::write(&path, data.to_string()).unwrap();
        check_data(Some(&path)).expect("a warning alone passes");
        data["publications"][0]["doi"] = "10.1000/x},injected=pwned".into();
        std::fs::write(&path, data.to_string()).unwrap();
        let err = check_data(Some(&path)).expect_err("a dropped DOI fails");
        assert_eq!(
            err,
            "1 problem(s); these records would be skipped: none; these values would be dropped: publications[0].doi"
        );
    }
}
