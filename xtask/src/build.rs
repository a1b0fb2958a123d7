//! `serve` and `dist`: trunk with the pinned tools, the release wasm split by route (`split.rs`),
//! and the release post-processing that makes `dist/` safe and deployable on any static host.

use std::path::{Path, PathBuf};
use std::process::Command;

use research_atlas::files::generation::Fnv1a;

use crate::data::root;
use crate::run::run;
use crate::tools::{self, Needs};

/// The Content-Security-Policy of the release build: only the app's own files, plus
/// `'wasm-unsafe-eval'` so the browser may compile the app's WebAssembly; the service worker is
/// named too. Every directive is one that Chromium, Firefox and WebKit all know, so none of them
/// logs a warning: `default-src 'self'` covers the web app manifest (WebKit reports
/// `manifest-src` as unrecognized). (`frame-ancestors` is left out: browsers ignore it in a meta
/// tag; a host that can send headers should add it.)
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

/// `cargo xtask serve [trunk serve args…]`: install what is missing, then `trunk serve`.
pub fn serve(args: &[String]) -> Result<(), String> {
    let tb = tools::setup(Needs {
        build: true,
        release: false,
        browser: false,
        engines: false,
    })?;
    eprintln!("serve: http://127.0.0.1:8080 (Ctrl-C stops it)");
    run(tb.command("trunk").arg("serve").args(args))
}

/// Options of `cargo xtask dist`.
pub struct DistOptions {
    /// The public path the site is served under, with slashes: `/` or `/atlas/`.
    pub base: String,
    /// Where to write the site.
    pub out: PathBuf,
    /// At most this many profiles are pre-rendered (the rest open through `404.html`).
    pub max_profiles: Option<usize>,
    /// Whether to pre-render the routes (off: every path opens through the app's shell).
    pub prerender: bool,
    /// How many of the previous build's data generations in `out` to keep beside the new one,
    /// so that tabs open on them can finish what they started.
    pub keep: usize,
}

impl DistOptions {
    /// The options `cargo xtask dist` was given.
    pub fn of(args: &crate::cli::Dist) -> Self {
        Self {
            base: normalize_base(&args.base),
            out: args.out.clone().unwrap_or_else(|| root().join("dist")),
            max_profiles: args.max_profiles,
            prerender: true,
            keep: args.keep,
        }
    }
}

/// `/atlas`, `atlas/` and `/atlas/` all mean `/atlas/`.
fn normalize_base(b: &str) -> String {
    let inner = b.trim_matches('/');
    if inner.is_empty() {
        "/".into()
    } else {
        format!("/{inner}/")
    }
}

/// `cargo xtask dist`: a release build for static hosting.
pub fn dist(args: &crate::cli::Dist) -> Result<(), String> {
    let opts = DistOptions::of(args);
    let tb = tools::setup(Needs {
        build: true,
        release: true,
        browser: false,
        engines: false,
    })?;
    build_dist(&tb, &opts)
}

/// Builds the page, styles and copied files with trunk and the wasm split by route
/// ([`crate::split`]), then post-processes `index.html`, compiles the data, pre-renders every
/// route, stamps the service worker with what it precaches, and reports sizes.
pub fn build_dist(tb: &tools::Toolbox, opts: &DistOptions) -> Result<(), String> {
    crate::data::check_data(None)?;
    // trunk writes the page, the CSS and the copied files; the wasm is built split (below).
    let kept = crate::generations::set_aside(&opts.out, opts.keep)?;
    let page = root().join(DIST_PAGE);
    let html = std::fs::read_to_string(root().join("index.html"))
        .map_err(|e| format!("index.html: {e}"))?;
    let (html, sheets) = bundle_styles(&html);
    let mut css = String::new();
    for sheet in &sheets {
        let text =
            std::fs::read_to_string(root().join(sheet)).map_err(|e| format!("{sheet}: {e}"))?;
        css.push_str(&text);
        css.push('\n');
    }
    let html = dist_page(&html)?;
    let written = page.parent().map(std::fs::create_dir_all).transpose();
    let written = written.and_then(|_| std::fs::write(root().join(STYLE_BUNDLE), css));
    (written.and_then(|_| std::fs::write(&page, html))).map_err(|e| format!("{DIST_PAGE}: {e}"))?;
    run(tb
        .command("trunk")
        .args(["build", "--release", "--public-url", &opts.base, "--dist"])
        .arg(&opts.out)
        .arg(&page))?;
    let app = crate::split::build(tb, &opts.out)?;
    let index = opts.out.join("index.html");
    let html = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let Some(head_end) = html.find("</head>") else {
        return Err(format!("{}: no </head>", index.display()));
    };
    let html = format!(
        "{}{}{}",
        &html[..head_end],
        crate::split::start_script(&opts.base, &app),
        &html[head_end..]
    );
    std::fs::write(&index, html).map_err(|e| format!("{}: {e}", index.display()))?;
    postprocess(&opts.out)?;
    if let Some(kept) = kept {
        crate::generations::restore(&kept, &opts.out.join("data"))?;
    }
    crate::build_data::build_data(&crate::cli::BuildData {
        input: None,
        out: opts.out.join("data"),
        keep: opts.keep,
    })?;
    crate::generations::name_generation(&opts.out)?;
    if opts.prerender {
        prerender(
            &opts.out,
            &root().join(crate::data::DATASET),
            opts.max_profiles,
        )?;
    } else {
        copy(&opts.out.join("404.html"), &opts.out.join("index.html"))?;
    }
    crate::offline::stamp_service_worker(&opts.out)?;
    report_sizes(&opts.out, &app);
    report_site(&opts.out);
    eprintln!(
        "dist: wrote {} for base path {}",
        opts.out.display(),
        opts.base
    );
    Ok(())
}

/// Moves trunk's inline start-up script into a file (so the CSP needs no `'unsafe-inline'`),
/// adds the CSP meta tag, and copies `index.html` to `404.html` for GitHub Pages-style hosts.
fn postprocess(out: &Path) -> Result<(), String> {
    let index = out.join("index.html");
    let html = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let html = start_after_first_paint(&html)?;
    let (html, scripts) = externalize_inline_scripts(&html);
    for (name, body) in &scripts {
        std::fs::write(out.join(name), body).map_err(|e| format!("{name}: {e}"))?;
    }
    let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\" />");
    let html = html.replacen(
        "<meta charset=\"utf-8\" />",
        &format!("<meta charset=\"utf-8\" />\n    {meta}"),
        1,
    );
    if !html.contains("Content-Security-Policy") {
        return Err("index.html has no <meta charset=\"utf-8\" /> to put the CSP after".into());
    }
    std::fs::write(&index, &html).map_err(|e| format!("{}: {e}", index.display()))?;
    std::fs::write(out.join("404.html"), &html).map_err(|e| format!("404.html: {e}"))?;
    Ok(())
}

/// What trunk's start-up script awaits to start the app.
const INIT_CALL: &str = "const wasm = await init(";

/// Makes the app start after the page's first paint: the start-up script waits for the frame
/// after the first one (unless the page is hidden, when no paint is coming), and the head no
/// longer preloads the wasm. A pre-rendered page is painted from its HTML; fetching the wasm
/// alongside made that paint's timing depend on it (Lighthouse then counted the whole wasm's
/// download, over a simulated slow 4G, in the page's largest paint: profile scores of 75–97
/// from one run to the next). Starts one frame later, a few milliseconds.
pub fn start_after_first_paint(html: &str) -> Result<String, String> {
    let wait = "// After the first paint: the pre-rendered page is painted before the wasm is fetched.\n\
                if (document.visibilityState !== 'hidden') {\n\
                \x20 await new Promise((go) => requestAnimationFrame(() => setTimeout(go)));\n\
                }\n";
    if !html.contains(INIT_CALL) {
        return Err(format!(
            "index.html: trunk's start-up script has no `{INIT_CALL}`"
        ));
    }
    let html = html.replacen(INIT_CALL, &format!("{wait}{INIT_CALL}"), 1);
    let preload = (html.match_indices("<link rel=\"preload\""))
        .map(|(at, _)| (at, at + html[at..].find('>').map_or(0, |end| end + 1)))
        .find(|&(at, end)| html[at..end].contains("_bg.wasm"));
    Ok(match preload {
        Some((at, end)) => format!("{}{}", &html[..at], html[end..].trim_start_matches('\n')),
        None => html,
    })
}

/// Replaces each `<script …>body</script>` that has no `src` with `<script … src="start-HASH.js">`.
/// Returns the new HTML and the files to write. The file name is relative, resolved against the
/// document's `<base href>`.
pub fn externalize_inline_scripts(html: &str) -> (String, Vec<(String, String)>) {
    let mut out = String::with_capacity(html.len());
    let mut files = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        let Some(tag_end) = rest[start..].find('>').map(|i| start + i) else {
            break;
        };
        let open = &rest[start..=tag_end];
        let Some(close) = rest[tag_end..].find("</script>").map(|i| tag_end + i) else {
            break;
        };
        let body = &rest[tag_end + 1..close];
        out.push_str(&rest[..start]);
        if open.contains(" src=") || body.trim().is_empty() {
            out.push_str(&rest[start..close + "</script>".len()]);
        } else {
            let name = format!("start-{:016x}.js", Fnv1a::of(body.as_bytes()));
            let attrs = open.trim_start_matches("<script").trim_end_matches('>');
            let attrs: String = attrs
                .split_whitespace()
                .filter(|a| !a.starts_with("nonce="))
                .map(|a| format!(" {a}"))
                .collect();
            out.push_str(&format!("<script{attrs} src=\"{name}\"></script>"));
            files.push((name, body.trim().to_owned() + "\n"));
        }
        rest = &rest[close + "</script>".len()..];
    }
    out.push_str(rest);
    (out, files)
}

/// The page trunk builds for `dist`: `index.html` moved to a folder without a `Cargo.toml`, so
/// trunk, finding no Rust link, builds no wasm ([`crate::split`] builds it).
const DIST_PAGE: &str = "target/dist-page/index.html";

/// The stylesheet of `dist`: `index.html`'s stylesheets in one file, in their order ([`bundle_styles`]).
const STYLE_BUNDLE: &str = "target/dist-page/style.css";

/// Links [`STYLE_BUNDLE`] where `html` links its first stylesheet, and drops the other
/// stylesheets' links. Returns the page and the stylesheets' paths, in the page's order (which
/// is the cascade's). Each stylesheet is a file of the source tree so that a component's styles
/// are read beside it, but a page that links 22 files waits for 22 requests before its first
/// paint: over a slow mobile network (Lighthouse's simulated 4G, six connections per host), 3–4
/// round trips after the HTML's.
pub fn bundle_styles(html: &str) -> (String, Vec<String>) {
    const SHEET: &str = "<link data-trunk rel=\"css\" href=\"";
    let mut sheets = Vec::new();
    let page = html
        .split_inclusive('\n')
        .filter_map(|line| {
            let Some(at) = line.find(SHEET) else {
                return Some(line.to_owned());
            };
            let href = &line[at + SHEET.len()..];
            sheets.push(href[..href.find('"').unwrap_or(href.len())].to_owned());
            (sheets.len() == 1).then(|| format!("{}{SHEET}{STYLE_BUNDLE}\" />\n", &line[..at]))
        })
        .collect();
    (page, sheets)
}

/// `index.html` for [`DIST_PAGE`]: without trunk's Rust link, and with trunk's other links
/// pointing two folders up, where the files are.
pub fn dist_page(html: &str) -> Result<String, String> {
    let at = html
        .find("<link data-trunk rel=\"rust\"")
        .ok_or("index.html: no `<link data-trunk rel=\"rust\"` line")?;
    let end = at
        + html[at..]
            .find('>')
            .ok_or("index.html: unclosed rust link")?
        + 1;
    let start = html[..at].rfind('\n').map_or(at, |nl| nl + 1);
    let end = end + usize::from(html[end..].starts_with('\n'));
    let html = format!("{}{}", &html[..start], &html[end..]);
    Ok(html
        .split_inclusive('\n')
        .map(|line| match line.contains("data-trunk ") {
            true => line.replace(" href=\"", " href=\"../../"),
            false => line.to_owned(),
        })
        .collect())
}

/// Writes each route's static page into `out` (`src/bin/prerender`, the app's views rendered
/// natively), from the dataset at `data`.
pub fn prerender(out: &Path, data: &Path, max_profiles: Option<usize>) -> Result<(), String> {
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

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))
}

/// Hosts refuse sites over these: Cloudflare Pages 20,000 files, GitHub Pages 1 GB.
const MAX_FILES: u64 = 20_000;
const MAX_BYTES: u64 = 1 << 30;

/// Prints the site's file count and bytes, with a warning above common hosts' limits.
fn report_site(out: &Path) {
    let (files, bytes) = tree_size(out);
    eprintln!(
        "dist: {files} files, {:.1} MB in {}",
        bytes as f64 / 1e6,
        out.display()
    );
    if files > MAX_FILES {
        eprintln!(
            "dist: warning: over {MAX_FILES} files; Cloudflare Pages refuses such a site (cap the profiles with --max-profiles)"
        );
    }
    if bytes > MAX_BYTES {
        eprintln!("dist: warning: over 1 GB; GitHub Pages refuses such a site");
    }
}

/// The number of files below `dir` and their bytes.
pub fn tree_size(dir: &Path) -> (u64, u64) {
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

/// Prints the raw and gzipped sizes of the start-up files, then what a first visit to each
/// chunk's routes fetches.
fn report_sizes(out: &Path, app: &crate::split::SplitApp) {
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
    let kb = |b: u64| b as f64 / 1024.0;
    for name in [&app.js, &app.loader, &app.wasm] {
        let (raw, gz) = gzipped(name);
        eprintln!(
            "dist: {name:<48} {:>8.1} KB, {:>7.1} KB gzipped",
            kb(raw),
            kb(gz)
        );
    }
    for (chunk, files) in &app.routes {
        let gz: u64 = files.iter().map(|f| gzipped(f).1).sum();
        eprintln!(
            "dist: chunk {chunk:<42} {:>7.1} KB gzipped in {} files",
            kb(gz),
            files.len()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_starts_after_the_first_paint_and_the_wasm_is_not_preloaded() {
        let html = "<head>\n<link rel=\"modulepreload\" href=\"/a.js\">\n\
                    <link rel=\"preload\" href=\"/a_bg.wasm\" as=\"fetch\" type=\"application/wasm\">\n\
                    <link rel=\"preload\" href=\"/f.woff2\" as=\"font\">\n\
                    <script type=\"module\">import init from '/a.js';\n\
                    const wasm = await init({ module_or_path: '/a_bg.wasm' });</script></head>";
        let out = start_after_first_paint(html).unwrap();
        assert!(!out.contains("a_bg.wasm\" as=\"fetch\""), "{out}");
        assert!(out.contains("<link rel=\"modulepreload\" href=\"/a.js\">"));
        assert!(out.contains("<link rel=\"preload\" href=\"/f.woff2\" as=\"font\">"));
        let wait = out.find("requestAnimationFrame").unwrap();
        assert!(wait < out.find(INIT_CALL).unwrap());
        assert!(out.contains("visibilityState !== 'hidden'"));
        assert!(start_after_first_paint("<script>init()</script>").is_err());
    }

    #[test]
    fn inline_scripts_move_to_files_and_external_ones_stay() {
        let html = "<head><script type=\"module\" nonce=\"abc\">import init from '/a.js';\nawait init();</script>\
                    <script src=\"x.js\"></script></head>";
        let (out, files) = externalize_inline_scripts(html);
        assert_eq!(files.len(), 1);
        assert!(files[0].1.contains("await init();"));
        assert!(out.contains(&format!(
            "<script type=\"module\" src=\"{}\"></script>",
            files[0].0
        )));
        assert!(out.contains("<script src=\"x.js\"></script>"));
        assert!(!out.contains("nonce"));
        assert!(!out.contains("await init"));
    }

    #[test]
    fn the_csp_uses_only_directives_every_engine_knows() {
        // Chromium, Firefox and WebKit all recognize these; WebKit warns about `manifest-src`.
        let known = [
            "default-src",
            "script-src",
            "style-src",
            "img-src",
            "font-src",
            "connect-src",
            "worker-src",
            "object-src",
            "base-uri",
            "form-action",
        ];
        for directive in CSP.split(';').map(str::trim) {
            let name = directive.split_whitespace().next().unwrap_or_default();
            assert!(known.contains(&name), "{name} in the CSP");
        }
        assert!(CSP.starts_with("default-src 'self';"));
        assert!(!CSP.contains("unsafe-inline"));
    }

    #[test]
    fn the_dist_page_has_no_rust_link_and_finds_trunks_files_two_folders_up() {
        let html = std::fs::read_to_string(root().join("index.html")).unwrap();
        let page = dist_page(&html).unwrap();
        assert!(!page.contains("rel=\"rust\""), "{page}");
        assert!(page.contains("<link data-trunk rel=\"css\" href=\"../../style/theme.css\" />"));
        assert!(page.contains("<link data-trunk rel=\"copy-dir\" href=\"../../data\" />"));
        // Links that trunk leaves alone keep their paths (they are the site's, not the folder's).
        assert!(page.contains("<link rel=\"icon\" href=\"favicon.svg\""));
        assert_eq!(page.lines().count(), html.lines().count() - 1);
        assert!(dist_page("<html></html>").is_err());
    }

    #[test]
    fn the_dist_page_links_one_stylesheet_made_of_every_stylesheet_in_order() {
        let html = std::fs::read_to_string(root().join("index.html")).unwrap();
        let (page, sheets) = bundle_styles(&html);
        let linked = |page: &str| page.matches("rel=\"css\"").count();
        assert_eq!(sheets.len(), linked(&html));
        assert_eq!(sheets[..2], ["style/theme.css", "style/base.css"]);
        assert!(
            sheets.iter().all(|s| root().join(s).is_file()),
            "{sheets:?}"
        );
        assert_eq!(linked(&page), 1);
        assert_eq!(
            page.lines().count(),
            html.lines().count() + 1 - sheets.len()
        );
        // Where the first one was, so that the links and scripts around keep their order.
        let at = |page: &str, what: &str| page.find(what).unwrap();
        assert!(at(&page, STYLE_BUNDLE) < at(&page, "copy-file"));
        assert!(at(&page, "rel=\"rust\"") < at(&page, STYLE_BUNDLE));
        // Through `dist_page`, it is found two folders up like every other trunk link.
        let dist = dist_page(&page).unwrap();
        assert!(dist.contains(&format!(
            "<link data-trunk rel=\"css\" href=\"../../{STYLE_BUNDLE}\" />"
        )));
        assert_eq!(bundle_styles("<p>\n</p>\n"), ("<p>\n</p>\n".into(), vec![]));
    }

    #[test]
    fn base_paths_are_normalized() {
        for (input, want) in [
            ("/", "/"),
            ("", "/"),
            ("atlas", "/atlas/"),
            ("/atlas", "/atlas/"),
            ("/a/b/", "/a/b/"),
        ] {
            assert_eq!(normalize_base(input), want);
        }
    }
}
