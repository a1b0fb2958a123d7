//! Every page path and every compiled file's path is written once: the site's paths in
//! `src/site/route/mod.rs`, the `data/…` paths in `src/files/paths.rs`. These tests read the
//! product code of the workspace (each file up to its first `#[cfg(test)]`, comments left out,
//! test files skipped) and fail on a spelling anywhere else.

use std::path::{Path, PathBuf};

/// The product code of the workspace's crates, file by file.
fn product_code() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "xtask/src", "import/src", "generate/src"] {
        read_dir(&root.join(dir), &mut files);
    }
    assert!(files.len() > 100, "read {} files", files.len());
    files
}

fn read_dir(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            if name != "tests" {
                read_dir(&path, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            let product = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: Vec<&str> = (product.lines())
                .map(|l| l.split("//").next().unwrap_or_default())
                .collect();
            out.push((path, code.join("\n")));
        }
    }
}

/// The files other than `owner` whose product code holds any of `spellings`, with it.
fn spelled_outside(owner: &str, spellings: &[&str]) -> Vec<String> {
    let owner = Path::new(env!("CARGO_MANIFEST_DIR")).join(owner);
    (product_code().iter())
        .filter(|(path, _)| *path != owner)
        .flat_map(|(path, code)| {
            (spellings.iter())
                .filter(|s| code.contains(**s))
                .map(move |s| format!("{}: {s}", path.display()))
        })
        .collect()
}

#[test]
fn no_path_of_the_site_is_spelled_outside_the_route_table() {
    let paths = [
        "\"/researchers/",
        "\"/organizations/",
        "\"/organizations\"",
        "\"/publications\"",
        "\"/compare\"",
        "\"/connections\"",
        "\"/shortlist\"",
    ];
    let spelled = spelled_outside("src/site/route/mod.rs", &paths);
    assert_eq!(spelled, Vec::<String>::new(), "use site::route::AppRoute");
}

#[test]
fn no_data_path_is_spelled_outside_the_paths_module() {
    let spelled = spelled_outside("src/files/paths.rs", &["\"data/"]);
    assert_eq!(spelled, Vec::<String>::new(), "use files::paths");
}
