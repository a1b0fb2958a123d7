//! A release build for static hosting (`cargo xtask dist`, the tests' sites, the benchmarks'):
//! trunk writes the page, styles and copied files, [`crate::split`] the wasm split by route,
//! [`crate::page`] makes the page safe, the data is compiled into a generation of its own
//! (`files::publish`), every route pre-rendered, the service worker stamped. It prints nothing:
//! it returns a [`Site`] (what was written, how large, what the load left out) and the binary
//! prints it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use research_atlas::files::publish::{self, Phase, Published};
use research_atlas::model::Problem;

use crate::offline::{Precache, stamp_service_worker};
use crate::page::{DIST_PAGE, STYLE_BUNDLE, bundle_styles, dist_page, postprocess};
use crate::run::run;
use crate::split::{SplitApp, start_script};
use crate::tools::Toolbox;
use crate::{Error, generations, root};

/// Options of a release build.
#[derive(Debug, Clone)]
pub struct Options {
    /// The public path the site is served under, with slashes: `/` or `/atlas/` ([`base`]).
    pub base: String,
    /// Where to write the site.
    pub out: PathBuf,
    /// The authoring file (`data/researchers.json`).
    pub data: PathBuf,
    /// The latest year a date may have (the loader's check).
    pub max_year: u16,
    /// At most this many profiles are pre-rendered (the rest open through `404.html`).
    pub max_profiles: Option<usize>,
    /// Whether to pre-render the routes (off: every path opens through the app's shell).
    pub prerender: bool,
    /// How many of the previous build's data generations in `out` to keep beside the new one,
    /// so that tabs open on them can finish what they started.
    pub keep: usize,
}

/// `/atlas`, `atlas/` and `/atlas/` all mean `/atlas/`.
pub fn base(b: &str) -> String {
    let inner = b.trim_matches('/');
    if inner.is_empty() {
        "/".into()
    } else {
        format!("/{inner}/")
    }
}

/// What a release build wrote.
#[derive(Debug)]
pub struct Site {
    /// The split app's files.
    pub app: SplitApp,
    /// The data compiled into it.
    pub data: Compiled,
    /// What the service worker precaches.
    pub precache: Precache,
    /// The start-up files' and the routes' sizes, and the whole site's.
    pub sizes: Sizes,
}

/// A dataset compiled into a site's `data/` folder.
#[derive(Debug)]
pub struct Compiled {
    /// The authoring file.
    pub input: PathBuf,
    /// What loading it found, each with what loading did about it.
    pub problems: Vec<Problem>,
    /// The load's phase (time, memory).
    pub load: Phase,
    /// The files written and their generation.
    pub published: Published,
    /// The whole compilation's seconds, load included.
    pub seconds: f64,
}

/// Compiles the dataset at `input` into the generation folder of `out` (a site's `data/`),
/// keeping the `keep` newest earlier generations.
pub fn compile(input: &Path, out: &Path, keep: usize, max_year: u16) -> Result<Compiled, Error> {
    let started = Instant::now();
    let (loaded, load) = publish::load(input, max_year)?;
    let problems = loaded.problems.clone();
    let published = publish::publish(input, loaded, out, keep)?;
    Ok(Compiled {
        input: input.to_path_buf(),
        problems,
        load,
        published,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Builds the site: the page, styles and copied files with trunk, the wasm split by route, the
/// page post-processed, the data compiled (earlier generations kept as asked), every route
/// pre-rendered, the service worker stamped. The data is compiled as the app loads it (a bad
/// value or record left out, and listed in [`Compiled::problems`]): a caller that must not
/// publish such a dataset checks it first, as `cargo xtask dist` does (`check-data`), which
/// spares a large dataset a second load here.
pub fn build(tb: &Toolbox, opts: &Options) -> Result<Site, Error> {
    // trunk writes the page, the CSS and the copied files; the wasm is built split (below).
    let kept = generations::set_aside(&opts.out, opts.keep)?;
    let page = root().join(DIST_PAGE);
    let index = root().join("index.html");
    let html = std::fs::read_to_string(&index).map_err(Error::at(&index))?;
    let (html, sheets) = bundle_styles(&html);
    let mut css = String::new();
    for sheet in &sheets {
        let path = root().join(sheet);
        css.push_str(&std::fs::read_to_string(&path).map_err(Error::at(&path))?);
        css.push('\n');
    }
    let html = dist_page(&html)?;
    let written = page.parent().map(std::fs::create_dir_all).transpose();
    let written = written.and_then(|_| std::fs::write(root().join(STYLE_BUNDLE), css));
    (written.and_then(|_| std::fs::write(&page, html))).map_err(Error::at(&page))?;
    run(tb
        .command("trunk")
        .args(["build", "--release", "--public-url", &opts.base, "--dist"])
        .arg(&opts.out)
        .arg(&page))?;
    let app = crate::split::build(tb, &opts.out)?;
    let index = opts.out.join("index.html");
    let html = std::fs::read_to_string(&index).map_err(Error::at(&index))?;
    let Some(head_end) = html.find("</head>") else {
        return Err(Error::unexpected(index.display().to_string(), "no </head>"));
    };
    let html = format!(
        "{}{}{}",
        &html[..head_end],
        start_script(&opts.base, &app),
        &html[head_end..]
    );
    std::fs::write(&index, html).map_err(Error::at(&index))?;
    postprocess(&opts.out)?;
    let data = opts.out.join("data");
    if let Some(kept) = kept {
        generations::restore(&kept, &data)?;
    }
    let data = compile(&opts.data, &data, opts.keep, opts.max_year)?;
    generations::name_generation(&opts.out)?;
    if opts.prerender {
        prerender(&opts.out, &opts.data, opts.max_profiles)?;
    } else {
        let (from, to) = (opts.out.join("404.html"), opts.out.join("index.html"));
        std::fs::copy(&from, &to).map_err(|source| Error::Copy { from, to, source })?;
    }
    let precache = stamp_service_worker(&opts.out)?;
    let sizes = Sizes::of(&opts.out, &app);
    Ok(Site {
        app,
        data,
        precache,
        sizes,
    })
}

/// The release build `dist` with the dataset `data` instead of its own, into `out` (the tests'
/// sites of other data): the app's files copied, the data compiled into a generation of its
/// own, which the pages name, `max_profiles` profiles pre-rendered (all when `None`), the
/// worker stamped from its template (the copy in `dist` is stamped with that site's files).
pub fn derive(
    dist: &Path,
    out: &Path,
    data: &Path,
    max_profiles: Option<usize>,
    max_year: u16,
) -> Result<Compiled, Error> {
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(Error::at(out))?;
    }
    std::fs::create_dir_all(out).map_err(Error::at(out))?;
    for entry in std::fs::read_dir(dist).map_err(Error::at(dist))? {
        let from = entry.map_err(Error::at(dist))?.path();
        // Top-level files only: the pages and data are the other dataset's own.
        if let (true, Some(name)) = (from.is_file(), from.file_name()) {
            let to = out.join(name);
            std::fs::copy(&from, &to).map_err(|source| Error::Copy { from, to, source })?;
        }
    }
    let compiled = compile(data, &out.join("data"), 0, max_year)?;
    // The shells name `dist`'s data generation: this site's is its own.
    generations::name_generation(out)?;
    prerender(out, data, max_profiles)?;
    let (from, to) = (root().join("public/sw.js"), out.join("sw.js"));
    std::fs::copy(&from, &to).map_err(|source| Error::Copy { from, to, source })?;
    stamp_service_worker(out)?;
    Ok(compiled)
}

/// Writes each route's static page into `out` (`src/bin/prerender`, the app's views rendered
/// natively), from the dataset at `data`.
pub fn prerender(out: &Path, data: &Path, max_profiles: Option<usize>) -> Result<(), Error> {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root()).args([
        "run",
        "--quiet",
        "--profile",
        "xtask",
        "--no-default-features",
        "--features",
        "ssr",
        "--bin",
        "prerender",
        "--",
        "--dist",
    ]);
    cmd.arg(out).arg("--data").arg(data);
    if let Some(n) = max_profiles {
        cmd.args(["--max-profiles", &n.to_string()]);
    }
    run(&mut cmd)
}

/// A site's sizes: its start-up files', each route chunk's, and the whole tree's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sizes {
    /// The start-up files (the main module's JS, the chunks' loader, the main module): name,
    /// bytes, bytes gzipped (`gzip -9`).
    pub start: Vec<(String, u64, u64)>,
    /// Each route chunk: its name, the bytes gzipped a first visit to one of its routes
    /// fetches, and in how many files.
    pub chunks: Vec<(String, u64, usize)>,
    /// The site's files.
    pub files: u64,
    /// Their bytes.
    pub bytes: u64,
}

/// Hosts refuse sites over these: Cloudflare Pages 20,000 files, GitHub Pages 1 GB.
pub const MAX_FILES: u64 = 20_000;
/// See [`MAX_FILES`].
pub const MAX_BYTES: u64 = 1 << 30;

impl Sizes {
    /// The sizes of the site in `out`, whose app is `app`.
    fn of(out: &Path, app: &SplitApp) -> Self {
        let gzipped = |name: &str| {
            let path = out.join(name);
            let raw = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            let gz = Command::new("gzip")
                .args(["-9", "-c"])
                .arg(&path)
                .output()
                .map(|o| o.stdout.len() as u64)
                .unwrap_or(0);
            (raw, gz)
        };
        let start = [&app.js, &app.loader, &app.wasm]
            .into_iter()
            .map(|name| {
                let (raw, gz) = gzipped(name);
                (name.clone(), raw, gz)
            })
            .collect();
        let chunks = (app.routes.iter())
            .map(|(chunk, files)| {
                let gz = files.iter().map(|f| gzipped(f).1).sum();
                (chunk.clone(), gz, files.len())
            })
            .collect();
        let (files, bytes) = tree_size(out);
        Self {
            start,
            chunks,
            files,
            bytes,
        }
    }
}

/// The number of files below `dir` and their bytes.
fn tree_size(dir: &Path) -> (u64, u64) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (0, 0);
    };
    entries.flatten().fold((0, 0), |(files, bytes), e| {
        let path = e.path();
        if path.is_dir() {
            let (f, b) = tree_size(&path);
            (files + f, bytes + b)
        } else {
            let len = e.metadata().map_or(0, |m| m.len());
            (files + 1, bytes + len)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_paths_are_normalized() {
        for (input, want) in [
            ("/", "/"),
            ("", "/"),
            ("atlas", "/atlas/"),
            ("/atlas", "/atlas/"),
            ("/a/b/", "/a/b/"),
        ] {
            assert_eq!(base(input), want);
        }
    }
}
