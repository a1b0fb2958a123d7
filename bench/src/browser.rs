//! The browser's half: the release build measured in headless Chromium at each size beside
//! MiniSearch and FlexSearch (`e2e/bench/browser.mjs`), the pre-rendered site (`site.mjs`,
//! Lighthouse) and cold profiles (`cold-profile.mjs`), stored and reported.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::error::Error;
use crate::runner::{FACULTY_SIZE, Run, read_doc, read_json, write_doc};
use atlas_release::run::run as run_child;

/// The headless-Chromium benchmark at `sizes` (and the bundled data): build, measure, store,
/// report.
pub(crate) fn browser(r: &mut Run, sizes: &[usize]) -> Result<(), Error> {
    let dist = bench_dist(r)?;
    let out = r.target().join("bench-browser.json");
    let mut node = Command::new("node");
    node.current_dir(r.root().join("e2e"))
        .arg("bench/browser.mjs")
        .arg("--dist")
        .arg(&dist)
        .arg("--out")
        .arg(&out)
        .arg("--size")
        .arg(format!(
            "5={}@{}",
            r.bundled().display(),
            generation_folder(&dist.join("data"))?.display()
        ));
    for &n in sizes {
        let (input, data) = compiled(r, n)?;
        node.arg("--size")
            .arg(format!("{n}={}@{}", input.display(), data.display()));
    }
    let faculty = r.host(|h| h.dataset(FACULTY_SIZE, true))?;
    let (input, data) = compiled_from(r, faculty, &format!("faculty-{FACULTY_SIZE}"))?;
    node.arg("--size").arg(format!(
        "{FACULTY_SIZE}:faculty={}@{}",
        input.display(),
        data.display()
    ));
    run_child(&mut node)?;
    let measured = read_json(&out)?;
    let path = r.results();
    store_browser(&path, &measured)?;
    r.table(&browser_table(&measured["results"]));
    r.figure(format!(
        "bundle: wasm {} B, JS {} B gzipped; {} holds \"results\" and \"bundle\"",
        measured["bundle"]["wasm_gz_bytes"],
        measured["bundle"]["js_gz_bytes"],
        path.display()
    ));
    site(r)?;
    cold(r, &dist, sizes)
}

/// Stores what `browser.mjs` wrote into the results file at `path` under `"results"` and
/// `"bundle"`, as it wrote them, keeping the file's other keys: each row whole, its per-key
/// arrays (`keys`, `typed_keys`, with `warmup_keys`) included.
pub(crate) fn store_browser(path: &Path, measured: &Value) -> Result<(), Error> {
    let mut doc = read_doc(path)?;
    for key in ["results", "bundle"] {
        doc.insert(key.into(), measured[key].clone());
    }
    write_doc(path, doc)
}

/// The release build the generated sizes share, in `target/bench-dist`.
pub(crate) fn bench_dist(r: &mut Run) -> Result<PathBuf, Error> {
    let dist = r.target().join("bench-dist");
    // The sizes share one build and swap its data: a page pre-rendered from the bundled data
    // would show five researchers on top of the others' data.
    r.host(|h| h.release_build(&dist, false))?;
    Ok(dist)
}

/// What the release build would ship for the generated dataset of `n` researchers, compiled
/// into `target/bench-data/compiled-N` unless it is up to date: (the authoring file, the
/// compiled folder).
pub(crate) fn compiled(r: &mut Run, n: usize) -> Result<(PathBuf, PathBuf), Error> {
    let input = r.generated(n);
    compiled_from(r, input, &n.to_string())
}

/// [`compiled`] for the dataset `input`, into `target/bench-data/compiled-NAME`.
pub(crate) fn compiled_from(
    r: &mut Run,
    input: PathBuf,
    name: &str,
) -> Result<(PathBuf, PathBuf), Error> {
    let data = r.target().join(format!("bench-data/compiled-{name}"));
    // The copy of the authoring file is written last: a compile that stopped half-way is not
    // taken for a finished one.
    if is_fresh(&data.join("researchers.json"), &input) {
        r.progress(format!("bench: {} is up to date", data.display()));
    } else {
        let started = std::time::Instant::now();
        let w = r.host(|h| h.compile(&input, &data))?;
        // The authoring file beside the compiled one, as a site has it: the peers read it.
        let copy = data.join("researchers.json");
        std::fs::copy(&input, &copy).map_err(Error::at(&copy))?;
        r.progress(format!(
            "bench: compiled {name} in {:.1} s: directory.bin {:.1} KB, {} title shards, {} profiles in {} packs",
            started.elapsed().as_secs_f64(),
            w.directory_bytes as f64 / 1024.0,
            w.shards,
            w.people,
            w.packs
        ));
    }
    Ok((input, data))
}

/// A pre-rendered profile opened from its link at each of `sizes` (`e2e/bench/cold-profile.mjs`):
/// the release build `dist` with that size's data and its first profile pre-rendered, in
/// `target/bench-cold-N`; bytes and time until the app has taken the page over, from the
/// profile's pack as built, and through the whole directory as before packs named themselves.
/// Stored under `"cold_profile"`.
pub(crate) fn cold(r: &mut Run, dist: &Path, sizes: &[usize]) -> Result<(), Error> {
    let out = r.target().join("bench-cold.json");
    let mut node = Command::new("node");
    node.current_dir(r.root().join("e2e"))
        .arg("bench/cold-profile.mjs")
        .arg("--out")
        .arg(&out);
    for &n in sizes {
        let (input, data) = compiled(r, n)?;
        let site = r.target().join(format!("bench-cold-{n}"));
        if site.exists() {
            std::fs::remove_dir_all(&site).map_err(Error::at(&site))?;
        }
        std::fs::create_dir_all(&site).map_err(Error::at(&site))?;
        let files = std::fs::read_dir(dist).map_err(Error::at(dist))?;
        for entry in files.flatten() {
            if entry.path().is_file() {
                std::fs::copy(entry.path(), site.join(entry.file_name()))
                    .map_err(Error::at(&entry.path()))?;
            }
        }
        // The pages name the build's generation: its folder is this size's data.
        let generation = generation_folder(&dist.join("data"))?;
        let folder = site
            .join("data")
            .join(generation.file_name().unwrap_or_default());
        std::fs::create_dir_all(site.join("data")).map_err(Error::at(&site))?;
        std::os::unix::fs::symlink(&data, &folder).map_err(Error::at(&site))?;
        atlas_release::dist::prerender(&site, &input, Some(1))?;
        node.arg("--site").arg(format!("{n}={}", site.display()));
    }
    run_child(&mut node)?;
    let measured = read_json(&out)?;
    let path = r.results();
    let mut doc = read_doc(&path)?;
    doc.insert("cold_profile".into(), measured.clone());
    write_doc(&path, doc)?;
    for (n, m) in measured.as_object().into_iter().flatten() {
        r.figure(format!(
            "a profile opened cold at {n}: its pack {} ms, {} B; through the directory {} ms, {} B",
            m["pack"]["takeover_ms"],
            m["pack"]["bytes_gz"],
            m["directory"]["takeover_ms"],
            m["directory"]["bytes_gz"]
        ));
    }
    r.figure(format!("{} holds \"cold_profile\"", path.display()));
    Ok(())
}

/// The pre-rendered site of the bundled data as a first visitor gets it (`e2e/bench/site.mjs`):
/// a profile without JavaScript, bytes before the first paint and before the app is usable, and
/// Lighthouse; stored under `"site"`.
pub(crate) fn site(r: &mut Run) -> Result<(), Error> {
    let dist = r.target().join("bench-site");
    r.host(|h| h.release_build(&dist, true))?;
    let lighthouse = atlas_release::tools::lighthouse(&mut r.installing())?;
    let (chromium, _) = atlas_release::tools::chromium(&mut r.installing())?;
    let out = r.target().join("bench-site.json");
    run_child(
        Command::new("node")
            .current_dir(r.root().join("e2e"))
            .env("CHROME_PATH", &chromium)
            .arg("bench/site.mjs")
            .arg("--dist")
            .arg(&dist)
            .arg("--lighthouse")
            .arg(&lighthouse)
            .arg("--out")
            .arg(&out),
    )?;
    let measured = read_json(&out)?;
    let path = r.results();
    let mut doc = read_doc(&path)?;
    doc.insert("site".into(), measured.clone());
    write_doc(&path, doc)?;
    for (url, lh) in measured["lighthouse"].as_object().into_iter().flatten() {
        r.figure(format!(
            "lighthouse {url}: performance {} (runs {}), accessibility {}, best practices {}, SEO {}; FCP {} ms, LCP {} ms, TBT {} ms, CLS {}",
            lh["performance"],
            lh["performance_runs"],
            lh["accessibility"],
            lh["best_practices"],
            lh["seo"],
            lh["fcp_ms"],
            lh["lcp_ms"],
            lh["tbt_ms"],
            lh["cls"]
        ));
    }
    for (url, b) in measured["bytes"].as_object().into_iter().flatten() {
        r.figure(format!(
            "{url}: {} B before the first paint, {} B before the app is usable",
            b["bytes_before_paint"], b["bytes_before_ready"]
        ));
    }
    r.figure(format!(
        "{} without JavaScript: HTTP {}, {}; {} holds \"site\"",
        measured["no_js"]["url"],
        measured["no_js"]["status"],
        measured["no_js"]["text"],
        path.display()
    ));
    Ok(())
}
/// Whether `output` is newer than both `input` and this program (which holds the compiler).
pub(crate) fn is_fresh(output: &Path, input: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let exe = std::env::current_exe().ok();
    match (
        modified(output),
        modified(input),
        exe.as_deref().and_then(modified),
    ) {
        (Some(out), Some(inp), Some(exe)) => out > inp && out > exe,
        _ => false,
    }
}

/// The browser rows as an aligned table; `-` where a figure does not apply or did not finish.
/// The per-key arrays are in the results file only.
pub(crate) fn browser_table(rows: &Value) -> String {
    const COLUMNS: [(&str, &str); 16] = [
        ("researchers", "researchers"),
        ("shape", "shape"),
        ("system", "system"),
        ("first_card_ms", "first card ms"),
        ("search_ready_ms", "search ready ms"),
        ("keystroke_p50_ms", "key p50"),
        ("keystroke_p95_ms", "key p95"),
        ("query_p50_ms", "query p50"),
        ("query_p95_ms", "query p95"),
        ("query_facets_p95_ms", "+ facets p95"),
        ("initial_bytes_gz", "bytes before card"),
        ("first_answer_ms", "first answer ms"),
        ("first_answer_bytes_gz", "bytes before answer"),
        ("throttled_first_answer_ms", "on a phone ms"),
        ("profile_click_ms", "profile ms"),
        ("profile_pack_bytes_gz", "profile pack bytes"),
    ];
    let cell = |v: &Value| match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let mut out = String::new();
    for (_, title) in COLUMNS {
        out.push_str(&format!("{title:>18}"));
    }
    out.push_str("  memory MB  note\n");
    for row in rows.as_array().into_iter().flatten() {
        for (key, _) in COLUMNS {
            out.push_str(&format!("{:>18}", cell(&row[key])));
        }
        out.push_str(&format!(
            "{:>11}  {}\n",
            cell(&row["memory_mb"]),
            row["error"].as_str().unwrap_or("")
        ));
    }
    out
}

/// The folder of the generation that the site's `data` folder serves (its pointer's).
pub(crate) fn generation_folder(data: &Path) -> Result<PathBuf, Error> {
    let pointer = data.join("generation.txt");
    let text = std::fs::read_to_string(&pointer).map_err(Error::at(&pointer))?;
    let generation =
        research_atlas::files::generation::current(&text).ok_or(Error::NoGeneration {
            path: pointer.clone(),
        })?;
    Ok(data.join(generation))
}
