//! No English left in a view: every text a visitor reads comes from the catalogues
//! (`locales/<code>.toml`, through `ui::lang::text`). This test reads the views' source and fails
//! on a string literal that is a view's text node (`>"Close"`, a line that is only `"Close"`) or
//! the value of an attribute people read (`aria-label`, `title`, `placeholder`, `alt`), naming
//! the file and line. A literal that is not text for people (a CSS class on its own line, a
//! symbol) carries `// not text` on its line.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

/// Whether a literal's content reads as words: two letters in a row.
fn words(literal: &str) -> bool {
    let mut run = 0;
    for c in literal.chars() {
        if c.is_alphabetic() {
            run += 1;
            if run >= 2 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// The literals of a line that are a view's text or a read attribute's value.
fn texts(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let trimmed = line.trim();
    if trimmed.starts_with("//") || trimmed.contains("// not text") {
        return found;
    }
    let bytes = line.as_bytes();
    let mut i = 0;
    while let Some(start) = line[i..].find('"').map(|s| i + s) {
        let Some(len) = line[start + 1..].find('"') else {
            break;
        };
        let end = start + 1 + len;
        let literal = &line[start + 1..end];
        let before = line[..start].trim_end();
        let is_text = before.ends_with('>')
            || (before.is_empty() && line[end + 1..].trim().is_empty())
            || ["aria-label=", "title=", "placeholder=", "alt="]
                .iter()
                .any(|a| before.ends_with(a));
        if is_text && words(literal) && !(start > 0 && bytes[start - 1] == b'\\') {
            found.push(literal.to_owned());
        }
        i = end + 1;
    }
    found
}

#[test]
fn every_text_of_a_view_is_in_the_catalogues() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/ui"), &mut files);
    let mut left = Vec::new();
    for file in files {
        let name = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let source = std::fs::read_to_string(&file).unwrap();
        let code = source.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            for text in texts(line) {
                left.push(format!("{name}:{}: {text:?}", n + 1));
            }
        }
    }
    assert!(
        left.is_empty(),
        "English left in views (put it in locales/*.toml):\n  {}",
        left.join("\n  ")
    );
}

#[test]
fn the_check_finds_text_nodes_and_read_attributes() {
    assert_eq!(texts(r#"<button>"Close"</button>"#), ["Close"]);
    assert_eq!(
        texts(r#"            "Close the panel""#),
        ["Close the panel"]
    );
    assert_eq!(texts(r#"<nav aria-label="Site">"#), ["Site"]);
    assert!(texts(r#"<div class="card-list">"#).is_empty());
    assert!(texts(r#"<span>{t.nav().site()}</span>"#).is_empty());
    assert!(texts(r#"<span>" · "</span>"#).is_empty());
    assert!(texts(r#"            "card" // not text"#).is_empty());
}
