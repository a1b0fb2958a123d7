//! The release build's service worker: which files it precaches, and its version.
//!
//! `public/sw.js` is a template that trunk copies into `dist/`; once the data files are in
//! `dist/data`, [`stamp_service_worker`] writes into it the list of files to precache and a
//! version that is a hash of their contents. A deploy that changes any precached file therefore
//! ships a byte-different `sw.js`, which the browser installs on the next visit; a rebuild that
//! changes nothing ships the same bytes, and nothing is downloaded again.
//!
//! The app's own files and the two data files the first paint needs are always precached; the
//! rest of the data joins in priority order while the total stays within a byte budget, so the
//! bundled dataset opens offline entirely while a 20,000-researcher one precaches only the
//! essentials (profiles visited online are still kept by the worker as they are fetched).
//! URLs are relative to `sw.js`, which sits at the base path, so the same list works at `/`
//! and under a sub-path.

use std::path::{Path, PathBuf};

use research_atlas::files::generation::{Fnv1a, POINTER, current, in_generation};
use research_atlas::files::paths;

use crate::Error;

/// The most the service worker precaches, in bytes, unless the essentials alone are more.
pub const PRECACHE_BUDGET: u64 = 8 * 1024 * 1024;

/// Top-level files of `dist/` that are never precached: the worker itself.
const NOT_PRECACHED: [&str; 1] = ["sw.js"];

/// The app's shell without a pre-rendered page (also the GitHub Pages fallback): what the worker
/// answers every navigation with offline, the app then rendering the path.
const SHELL: &str = "404.html";

/// The data files the first paint and search need, precached whatever their size.
const ESSENTIAL_DATA: [&str; 2] = [paths::FIRST_PAGE, paths::DIRECTORY];

/// The template lines that [`stamp`] replaces.
const VERSION_LINE: &str = "const VERSION = 'unstamped';";
const GENERATION_LINE: &str = "const GENERATION = 'unstamped';";
const PRECACHE_LINE: &str = "const PRECACHE = [];";

/// The files a service worker precaches, and the version they make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Precache {
    /// URLs relative to the base path, essentials first (`index.html`, `data/first.bin`, …).
    pub urls: Vec<String>,
    /// Their total size.
    pub bytes: u64,
    /// A hash of the worker template, the URLs and the files' contents, as 16 hex digits.
    pub version: String,
    /// The data generation the site serves (`data/generation.txt`), whose folder the data
    /// files are in; `None` for a site without generations.
    pub generation: Option<String>,
}

/// Stamps `dist/sw.js` (copied there by trunk from `public/sw.js`) with the precache list and
/// version of `dist`.
/// Returns what it precaches.
pub fn stamp_service_worker(dist: &Path) -> Result<Precache, Error> {
    let sw = dist.join("sw.js");
    let template = std::fs::read_to_string(&sw).map_err(Error::at(&sw))?;
    let precache = plan(dist, &template, PRECACHE_BUDGET)?;
    let stamped = stamp(&template, &precache)?;
    std::fs::write(&sw, stamped).map_err(Error::at(&sw))?;
    Ok(precache)
}

/// Chooses what to precache from `dist`: every top-level file of the app but the worker (the
/// shell `404.html` first, then the home page), the essential data files, then the optional ones — the network's
/// three files (`data/net/`), `data/organizations.bin`, the experts index, the publication list's index, first chunk and attributes, title
/// shards, profiles, the publication list’s word shards and other chunks, the experts term files and people — in that order
/// (never `data/researchers.json`, which the release app does not read),
/// stopping at the first that would take the total over `budget`. The version hashes `template` too, so a change to the worker's
/// logic also starts a fresh cache.
pub fn plan(dist: &Path, template: &str, budget: u64) -> Result<Precache, Error> {
    let mut essential: Vec<String> = files_in(dist)?
        .into_iter()
        .filter(|name| !NOT_PRECACHED.contains(&name.as_str()))
        .collect();
    // The shell first (the page the worker serves for every navigation offline), then the
    // home page.
    essential.sort_by_key(|name| (name != SHELL, name != "index.html", name.clone()));
    for page in [SHELL, "index.html"] {
        if !essential.iter().any(|n| n == page) {
            return Err(Error::unexpected(
                dist.display().to_string(),
                format!("no {page} to precache"),
            ));
        }
    }
    let pointer = std::fs::read_to_string(dist.join(POINTER)).ok();
    let generation = pointer.as_deref().and_then(current).map(str::to_owned);
    let gen_path = |path: &str| in_generation(path, generation.as_deref());
    essential.extend(ESSENTIAL_DATA.iter().map(|s| gen_path(s)));

    let mut optional: Vec<String> = vec![
        paths::net::INDEX.into(),
        paths::net::GROUPS.into(),
        paths::net::PEOPLE.into(),
        paths::ORGANIZATIONS.into(),
        paths::experts::INDEX.into(),
        paths::pubs::INDEX.into(),
        paths::pubs::chunk(0),
    ];
    for url in &mut optional {
        *url = gen_path(url);
    }
    optional.retain(|url| dist.join(url).is_file());
    for dir in paths::FOLDERS {
        let dir = gen_path(dir);
        let mut names = files_in(&dist.join(&dir)).unwrap_or_default();
        // Chunks in order (`2.bin` before `10.bin`).
        names.sort_by_key(|n| {
            (
                n.split('.').next().and_then(|s| s.parse::<u64>().ok()),
                n.clone(),
            )
        });
        let urls: Vec<String> = (names.into_iter())
            .map(|n| format!("{dir}/{n}"))
            .filter(|url| !optional.contains(url))
            .collect();
        optional.extend(urls);
    }
    // The experts parts last: at scale they are the largest files, read by byte range.
    for file in [paths::experts::TERMS, paths::experts::PEOPLE] {
        let url = gen_path(file);
        if dist.join(&url).is_file() {
            optional.push(url);
        }
    }

    let mut precache = Precache {
        urls: Vec::new(),
        bytes: 0,
        version: String::new(),
        generation,
    };
    let mut hash = Fnv1a::default();
    hash.write(template.as_bytes());
    let mut add = |url: String, bytes: Vec<u8>, precache: &mut Precache| {
        hash.write(url.as_bytes());
        hash.write(&(bytes.len() as u64).to_le_bytes());
        hash.write(&bytes);
        precache.bytes += bytes.len() as u64;
        precache.urls.push(url);
    };
    for url in essential {
        let bytes = read(&dist.join(&url))?;
        add(url, bytes, &mut precache);
    }
    for url in optional {
        let path = dist.join(&url);
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if precache.bytes + meta.len() > budget {
            break;
        }
        add(url, read(&path)?, &mut precache);
    }
    precache.version = format!("{:016x}", hash.finish());
    Ok(precache)
}

/// Writes `precache` into the worker template: the version, and the URLs one per line.
pub fn stamp(template: &str, precache: &Precache) -> Result<String, Error> {
    if !template.contains(VERSION_LINE) || !template.contains(PRECACHE_LINE) {
        return Err(Error::unexpected(
            "sw.js",
            format!(
                "expected the template lines `{VERSION_LINE}` and `{PRECACHE_LINE}` \
                 (is it already stamped?)"
            ),
        ));
    }
    let urls: Vec<String> = precache
        .urls
        .iter()
        .map(|u| format!("  {},\n", serde_json::Value::from(u.as_str())))
        .collect();
    let generation = precache.generation.as_deref().unwrap_or_default();
    Ok(template
        .replacen(
            GENERATION_LINE,
            &format!("const GENERATION = '{generation}';"),
            1,
        )
        .replacen(
            VERSION_LINE,
            &format!("const VERSION = '{}';", precache.version),
            1,
        )
        .replacen(
            PRECACHE_LINE,
            &format!("const PRECACHE = [\n{}];", urls.concat()),
            1,
        ))
}

/// The names of the regular files directly in `dir`.
fn files_in(dir: &Path) -> Result<Vec<String>, Error> {
    let entries = std::fs::read_dir(dir).map_err(Error::at(dir))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(Error::at(dir))?;
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    Ok(names)
}

fn read(path: &PathBuf) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(Error::at(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "const VERSION = 'unstamped';\nconst PRECACHE = [];\nrest();\n";

    /// A small `dist/` as trunk and build-data leave it.
    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let files: [(&str, usize); 14] = [
            ("index.html", 400),
            ("404.html", 400),
            ("sw.js", TEMPLATE.len()),
            ("favicon.svg", 300),
            ("manifest.webmanifest", 300),
            ("main-0123456789abcdef.css", 1_000),
            ("research-atlas-0123456789abcdef.js", 2_000),
            ("research-atlas-0123456789abcdef_bg.wasm", 10_000),
            ("data/first.bin", 500),
            ("data/directory.bin", 5_000),
            ("data/titles/sk.bin", 700),
            ("data/people/0.bin", 900),
            ("data/people/1.bin", 800),
            ("data/researchers.json", 3_000),
        ];
        for (path, len) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, vec![b'x'; len]).unwrap();
        }
        std::fs::write(dir.path().join("sw.js"), TEMPLATE).unwrap();
        std::fs::write(dir.path().join("data/README.md"), "not precached").unwrap();
        dir
    }

    fn plan_of(dir: &tempfile::TempDir, budget: u64) -> Precache {
        plan(dir.path(), TEMPLATE, budget).unwrap()
    }

    #[test]
    fn a_roomy_budget_precaches_the_app_and_all_its_data() {
        let dir = site();
        let p = plan_of(&dir, PRECACHE_BUDGET);
        assert_eq!(
            p.urls,
            [
                "404.html",
                "index.html",
                "favicon.svg",
                "main-0123456789abcdef.css",
                "manifest.webmanifest",
                "research-atlas-0123456789abcdef.js",
                "research-atlas-0123456789abcdef_bg.wasm",
                "data/first.bin",
                "data/directory.bin",
                "data/titles/sk.bin",
                "data/people/0.bin",
                "data/people/1.bin",
            ]
        );
        assert_eq!(
            p.bytes,
            400 + 400 + 300 + 1_000 + 300 + 2_000 + 10_000 + 500 + 5_000 + 700 + 900 + 800
        );
    }

    #[test]
    fn the_budget_limits_optional_data_but_never_the_essentials() {
        let dir = site();
        let essentials = plan_of(&dir, 0);
        assert_eq!(essentials.urls.len(), 9, "{:?}", essentials.urls);
        assert_eq!(essentials.urls.last().unwrap(), "data/directory.bin");

        // Room for the title shard and one profile, not the second.
        let budget = essentials.bytes + 700 + 900 + 799;
        let p = plan_of(&dir, budget);
        assert!(p.bytes <= budget);
        assert_eq!(&p.urls[9..], ["data/titles/sk.bin", "data/people/0.bin"]);
        // Exactly enough is enough.
        let p = plan_of(&dir, budget + 1);
        assert_eq!(p.urls.last().unwrap(), "data/people/1.bin");
    }

    #[test]
    fn the_network_files_come_first_among_optional_data_when_present() {
        let dir = site();
        std::fs::create_dir_all(dir.path().join("data/net")).unwrap();
        for name in ["index", "groups", "people"] {
            std::fs::write(dir.path().join(format!("data/net/{name}.bin")), [1, 2, 3]).unwrap();
        }
        let p = plan_of(&dir, PRECACHE_BUDGET);
        assert_eq!(
            p.urls[9..12],
            [
                "data/net/index.bin",
                "data/net/groups.bin",
                "data/net/people.bin"
            ]
        );
    }

    #[test]
    fn the_version_is_stable_and_changes_with_any_precached_file() {
        let dir = site();
        let before = plan_of(&dir, PRECACHE_BUDGET).version;
        assert_eq!(before.len(), 16);
        assert_eq!(plan_of(&dir, PRECACHE_BUDGET).version, before);

        // Files that are not precached do not matter.
        std::fs::write(dir.path().join("data/README.md"), "changed").unwrap();
        assert_eq!(plan_of(&dir, PRECACHE_BUDGET).version, before);

        for path in [
            "index.html",
            "404.html",
            "research-atlas-0123456789abcdef_bg.wasm",
            "data/directory.bin",
            "data/people/1.bin",
        ] {
            let file = dir.path().join(path);
            let original = std::fs::read(&file).unwrap();
            let mut changed = original.clone();
            changed[0] = b'y';
            std::fs::write(&file, &changed).unwrap();
            assert_ne!(plan_of(&dir, PRECACHE_BUDGET).version, before, "{path}");
            std::fs::write(&file, &original).unwrap();
        }
        assert_eq!(plan_of(&dir, PRECACHE_BUDGET).version, before);

        // A renamed file (trunk's new content hash) is a new version, as is a new worker.
        std::fs::rename(
            dir.path().join("main-0123456789abcdef.css"),
            dir.path().join("main-fedcba9876543210.css"),
        )
        .unwrap();
        let renamed = plan_of(&dir, PRECACHE_BUDGET).version;
        assert_ne!(renamed, before);
        let new_worker = plan(
            dir.path(),
            "// v2\nconst VERSION = 'unstamped';",
            PRECACHE_BUDGET,
        )
        .unwrap()
        .version;
        assert_ne!(new_worker, renamed);
    }

    #[test]
    fn a_site_with_generations_precaches_the_files_of_the_one_it_serves() {
        let dir = site();
        let data = dir.path().join("data");
        let (ours, older) = ("0123456789abcdef", "fedcba9876543210");
        for g in [ours, older] {
            for path in ["first.bin", "directory.bin", "titles/sk.bin"] {
                let path = data.join(g).join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, g).unwrap();
            }
        }
        std::fs::write(data.join("generation.txt"), format!("{ours}\n{older}\n")).unwrap();
        let p = plan_of(&dir, PRECACHE_BUDGET);
        assert_eq!(p.generation.as_deref(), Some(ours));
        let data_urls: Vec<&str> = (p.urls.iter().map(String::as_str))
            .filter(|u| u.starts_with("data/"))
            .collect();
        assert_eq!(
            data_urls,
            [
                "data/0123456789abcdef/first.bin",
                "data/0123456789abcdef/directory.bin",
                "data/0123456789abcdef/titles/sk.bin",
            ]
        );
        let template = format!("{TEMPLATE}const GENERATION = 'unstamped';\n");
        let sw = stamp(&template, &p).unwrap();
        assert!(
            sw.contains(&format!("const GENERATION = '{ours}';")),
            "{sw}"
        );
    }

    #[test]
    fn urls_are_relative_so_they_resolve_under_any_base() {
        let dir = site();
        for url in plan_of(&dir, PRECACHE_BUDGET).urls {
            assert!(!url.starts_with('/') && !url.contains("://"), "{url}");
            assert!(!url.contains('\\') && !url.contains(".."), "{url}");
        }
    }

    #[test]
    fn stamping_fills_the_template_once_and_refuses_a_stamped_file() {
        let dir = site();
        let p = plan_of(&dir, PRECACHE_BUDGET);
        let sw = stamp(TEMPLATE, &p).unwrap();
        assert!(sw.starts_with(&format!("const VERSION = '{}';\n", p.version)));
        assert!(sw.contains(
            "const PRECACHE = [\n  \"404.html\",\n  \"index.html\",\n  \"favicon.svg\",\n"
        ));
        assert!(sw.contains("  \"data/people/1.bin\",\n];\nrest();\n"));
        assert!(stamp(&sw, &p).is_err());
    }

    #[test]
    fn stamping_the_dist_rewrites_sw_js_in_place() {
        let dir = site();
        stamp_service_worker(dir.path()).unwrap();
        let sw = std::fs::read_to_string(dir.path().join("sw.js")).unwrap();
        assert!(!sw.contains("unstamped"));
        assert!(sw.contains("\"data/first.bin\""));
        assert!(!sw.contains("\"sw.js\"") && sw.contains("\"404.html\""));
        assert!(stamp_service_worker(dir.path()).is_err());
    }
}
