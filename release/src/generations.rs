//! Data generations on the site being built (`files::generation`): keeping the previous ones
//! across a rebuild of `dist/` (`dist --keep N`), and naming the current one in the pages.

use std::path::{Path, PathBuf};

use research_atlas::files::generation::{GENERATION_META, POINTER, current, is_id};
use research_atlas::files::paths;

use crate::Error;

/// Moves the data generations that `keep` asks for (the newest `keep` the site in `out` names)
/// and the pointer out of `out`, which trunk is about to replace: into a folder beside it,
/// returned. `None` when nothing is kept.
pub fn set_aside(out: &Path, keep: usize) -> Result<Option<PathBuf>, Error> {
    let data = out.join(paths::DATA);
    let pointer = out.join(POINTER);
    if keep == 0 || !pointer.is_file() {
        return Ok(None);
    }
    let name = out
        .file_name()
        .map_or("dist".into(), |n| n.to_string_lossy());
    let aside = out.with_file_name(format!(".{name}-generations"));
    if aside.exists() {
        std::fs::remove_dir_all(&aside).map_err(Error::at(&aside))?;
    }
    std::fs::create_dir_all(&aside).map_err(Error::at(&aside))?;
    let text = std::fs::read_to_string(&pointer).map_err(Error::at(&pointer))?;
    let named = text
        .lines()
        .map(str::trim)
        .filter(|g| is_id(g) && data.join(g).is_dir());
    for g in named.take(keep) {
        let from = data.join(g);
        std::fs::rename(&from, aside.join(g)).map_err(Error::at(&from))?;
    }
    std::fs::rename(&pointer, aside.join("generation.txt")).map_err(Error::at(&pointer))?;
    Ok(Some(aside))
}

/// Moves what [`set_aside`] kept into the new site's `data`.
pub fn restore(aside: &Path, data: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(data).map_err(Error::at(data))?;
    let entries = std::fs::read_dir(aside).map_err(Error::at(aside))?;
    for entry in entries {
        let entry = entry.map_err(Error::at(aside))?;
        let to = data.join(entry.file_name());
        std::fs::rename(entry.path(), &to).map_err(Error::at(&to))?;
    }
    std::fs::remove_dir(aside).map_err(Error::at(aside))
}

/// Names the data generation of the site in `site` (its `data/generation.txt`) in the app's
/// shells, `index.html` and `404.html` (pages pre-rendered later inherit it from the shell):
/// the app then reads only that generation's files.
pub fn name_generation(site: &Path) -> Result<(), Error> {
    let pointer = site.join(POINTER);
    let text = std::fs::read_to_string(&pointer).map_err(Error::at(&pointer))?;
    let generation = current(&text)
        .ok_or_else(|| Error::unexpected(pointer.display().to_string(), "names no generation"))?;
    for page in ["index.html", "404.html"] {
        let path = site.join(page);
        let html = std::fs::read_to_string(&path).map_err(Error::at(&path))?;
        std::fs::write(&path, with_generation(&html, generation)?).map_err(Error::at(&path))?;
    }
    Ok(())
}

/// `html` naming `generation` in its `<meta name="atlas-data">` (replacing one it had).
pub fn with_generation(html: &str, generation: &str) -> Result<String, Error> {
    let tag = format!("<meta name=\"{GENERATION_META}\" content=\"{generation}\" />");
    let lines: Vec<&str> = (html.lines())
        .filter(|l| !l.contains(&format!("name=\"{GENERATION_META}\"")))
        .collect();
    let html = lines.join("\n") + "\n";
    let charset = "<meta charset=\"utf-8\" />";
    if !html.contains(charset) {
        return Err(Error::unexpected(
            "the page",
            format!("has no {charset} to put {tag} after"),
        ));
    }
    Ok(html.replacen(charset, &format!("{charset}\n    {tag}"), 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_names_one_generation_after_its_charset() {
        let shell = "<head>\n    <meta charset=\"utf-8\" />\n    <title>A</title>\n</head>\n";
        let a = with_generation(shell, "0123456789abcdef").unwrap();
        assert!(a.contains(
            "<meta charset=\"utf-8\" />\n    <meta name=\"atlas-data\" content=\"0123456789abcdef\" />\n"
        ));
        // Naming another generation replaces the tag, never adds a second.
        let b = with_generation(&a, "fedcba9876543210").unwrap();
        assert_eq!(b.matches("atlas-data").count(), 1);
        assert!(b.contains("content=\"fedcba9876543210\""));
        assert!(with_generation("<head></head>", "0123456789abcdef").is_err());
    }
}
