//! `check-data` and `schema`: the dataset's validator and JSON Schema, from the model's types.

use std::path::{Path, PathBuf};

use research_atlas::model::{self, Dataset};

/// The bundled dataset and its schema, relative to the workspace root.
pub const DATASET: &str = "data/researchers.json";
pub const SCHEMA: &str = "data/researchers.schema.json";

/// The workspace root (the parent of this crate).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// The latest plausible year: next year, by the system clock.
pub fn max_year() -> u16 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    model::load::year_of_unix_seconds(secs) + 1
}

/// Reads and loads the dataset named by `args` (default: the bundled one).
fn load_file(args: &[String], task: &str) -> Result<(PathBuf, String, model::Directory), String> {
    let path = match args {
        [] => root().join(DATASET),
        [file] => PathBuf::from(file),
        _ => return Err(format!("usage: cargo xtask {task} [FILE]")),
    };
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let dir = model::load(&text, max_year()).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, text, dir))
}

/// Prints every problem; fails unless all of them are warnings (which leave nothing out).
pub fn check_data(args: &[String]) -> Result<(), String> {
    let (path, _, dir) = load_file(args, "check-data")?;
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

pub fn schema(args: &[String]) -> Result<(), String> {
    let path = root().join(SCHEMA);
    let want = schema_text();
    match args {
        [] => std::fs::write(&path, want).map_err(|e| format!("{}: {e}", path.display())),
        [flag] if flag == "--check" => {
            let have = std::fs::read_to_string(&path).unwrap_or_default();
            if have == want {
                Ok(())
            } else {
                Err(format!("{SCHEMA} is stale: run `cargo xtask schema`"))
            }
        }
        _ => Err("usage: cargo xtask schema [--check]".into()),
    }
}

/// `cargo xtask fmt-data [FILE]`: rewrites a valid dataset in canonical form (the model's field
/// order, two-space indentation, unknown values left out), so diffs stay small and stable.
pub fn fmt_data(args: &[String]) -> Result<(), String> {
    let (path, text, dir) = load_file(args, "fmt-data")?;
    if !dir.is_valid() {
        check_data(&[path.display().to_string()])?;
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
        check_data(&[]).expect("data/researchers.json validates");
    }

    #[test]
    fn warnings_are_printed_but_do_not_fail_the_check() {
        let text = std::fs::read_to_string(root().join(DATASET)).unwrap();
        let mut data: serde_json::Value = serde_json::from_str(&text).unwrap();
        data["publications"][0]["title"] = "gnp\u{202E}.exe".into();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("warned.json");
        std::fs::write(&path, data.to_string()).unwrap();
        let arg = [path.display().to_string()];
        check_data(&arg).expect("a warning alone passes");
        data["publications"][0]["doi"] = "10.1000/x},injected=pwned".into();
        std::fs::write(&path, data.to_string()).unwrap();
        let err = check_data(&arg).expect_err("a dropped DOI fails");
        assert_eq!(
            err,
            "1 problem(s); these records would be skipped: none; these values would be dropped: publications[0].doi"
        );
    }
}
