//! The release page: trunk's `index.html` made to start after the first paint, with its
//! inline script moved to a file so that the Content-Security-Policy needs no
//! `'unsafe-inline'`, the CSP added, one stylesheet instead of one per component, and
//! `404.html` beside it for GitHub Pages-style hosts.

use std::path::Path;

use research_atlas::files::generation::Fnv1a;
use research_atlas::files::paths;
use research_atlas::lang::{Lang, file_text};

use crate::Error;

/// The Content-Security-Policy of the release build: only the app's own files, plus
/// `'wasm-unsafe-eval'` so the browser may compile the app's WebAssembly; the service worker is
/// named too. Every directive is one that Chromium, Firefox and WebKit all know, so none of them
/// logs a warning: `default-src 'self'` covers the web app manifest (WebKit reports
/// `manifest-src` as unrecognized). (`frame-ancestors` is left out: browsers ignore it in a meta
/// tag; a host that can send headers should add it.)
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

/// Moves trunk's inline start-up script into a file (so the CSP needs no `'unsafe-inline'`),
/// adds the CSP meta tag, and copies `index.html` to `404.html` for GitHub Pages-style hosts.
pub(crate) fn postprocess(out: &Path) -> Result<(), Error> {
    let index = out.join("index.html");
    let html = std::fs::read_to_string(&index).map_err(Error::at(&index))?;
    let html = start_after_first_paint(&html)?;
    let (html, scripts) = externalize_inline_scripts(&html);
    for (name, body) in &scripts {
        let path = out.join(name);
        std::fs::write(&path, body).map_err(Error::at(&path))?;
    }
    let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\" />");
    let html = html.replacen(
        "<meta charset=\"utf-8\" />",
        &format!("<meta charset=\"utf-8\" />\n    {meta}"),
        1,
    );
    if !html.contains("Content-Security-Policy") {
        return Err(Error::unexpected(
            "index.html",
            "has no <meta charset=\"utf-8\" /> to put the CSP after",
        ));
    }
    std::fs::write(&index, &html).map_err(Error::at(&index))?;
    let shell = out.join("404.html");
    std::fs::write(&shell, &html).map_err(Error::at(&shell))?;
    write_catalogues(out)
}

/// Writes the interface's texts in every language but English (which the app has in it) beside
/// the app, one file per language (`lang-de-<keys>.txt`): a page in another language fetches its
/// own before the app starts.
pub(crate) fn write_catalogues(out: &Path) -> Result<(), Error> {
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let path = out.join(paths::catalogue(lang));
        std::fs::write(&path, file_text(lang)).map_err(Error::at(&path))?;
    }
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
pub fn start_after_first_paint(html: &str) -> Result<String, Error> {
    let wait = "// After the first paint: the pre-rendered page is painted before the wasm is fetched.\n\
                if (document.visibilityState !== 'hidden') {\n\
                \x20 await new Promise((go) => requestAnimationFrame(() => setTimeout(go)));\n\
                }\n";
    if !html.contains(INIT_CALL) {
        return Err(Error::unexpected(
            "index.html",
            format!("trunk's start-up script has no `{INIT_CALL}`"),
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
pub(crate) const DIST_PAGE: &str = "target/dist-page/index.html";

/// The stylesheet of `dist`: `index.html`'s stylesheets in one file, in their order ([`bundle_styles`]).
pub(crate) const STYLE_BUNDLE: &str = "target/dist-page/style.css";

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
pub fn dist_page(html: &str) -> Result<String, Error> {
    let at = (html.find("<link data-trunk rel=\"rust\"")).ok_or_else(|| {
        Error::unexpected("index.html", "no `<link data-trunk rel=\"rust\"` line")
    })?;
    let end = at
        + (html[at..].find('>'))
            .ok_or_else(|| Error::unexpected("index.html", "unclosed rust link"))?
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root;

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
}
