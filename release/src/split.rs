//! The release wasm, split by route (what trunk 0.21 cannot do): `cargo` builds the app with
//! feature `split` and relocations kept, `wasm_split_cli_support` cuts it at the split points of
//! `src/ui/chunks.rs` into a main module and a chunk per name given there (plus a file for the
//! code each combination of chunks shares), `wasm-bindgen` writes the main module's JS, `wasm-opt -Oz` shrinks every
//! module, and every file is named after one hash of the whole set (the JS files import each
//! other, so they cannot each carry their own). The start-up script that loads it goes into
//! `index.html`, where [`crate::page`]'s post-processing treats it like trunk's.

use std::path::{Path, PathBuf};

use research_atlas::files::generation::Fnv1a;

use crate::run::run;
use crate::tools::Toolbox;
use crate::{Error, root};

/// The app's name: the wasm-bindgen output is `{APP}-{hash}.js` and `{APP}-{hash}_bg.wasm`.
const APP: &str = "research-atlas";
/// The loader of the chunks that `wasm_split_cli_support` writes (the main module imports it).
const LINK: &str = "__wasm_split.js";

/// Cargo's arguments that rebuild the standard library to abort at once on a panic. The
/// rustflags add to the ones of `.cargo/config.toml` (`--cfg erase_components`), for every crate
/// the standard library's among them: a panic strategy must be the same in all of them.
const REBUILT_STD: [&str; 3] = [
    "-Zbuild-std=std,panic_abort",
    "--config",
    r#"target.wasm32-unknown-unknown.rustflags = ["-Zunstable-options", "-Cpanic=immediate-abort"]"#,
];

/// What [`build`] wrote into the site's folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitApp {
    /// The main module's JS (`research-atlas-HASH.js`).
    pub js: String,
    /// The main module (`research-atlas-HASH_bg.wasm`).
    pub wasm: String,
    /// The chunks' loader (`split-HASH.js`).
    pub loader: String,
    /// Each chunk of `src/ui/chunks.rs` by name, with the files a first visit to one of its
    /// routes fetches (`split_NAME-HASH.wasm` and the shared `chunk_N-HASH.wasm` it needs).
    pub routes: Vec<(String, Vec<String>)>,
}

/// Builds the split app into `out`, next to what trunk wrote there.
pub fn build(tb: &Toolbox, out: &Path) -> Result<SplitApp, Error> {
    let wasm = compile(tb)?;
    let work = root().join("target").join("wasm-split");
    // A fresh folder: a chunk that an earlier build had and this one has not must not ship.
    let _ = std::fs::remove_dir_all(&work);
    let split_dir = work.join("split");
    let main = split_dir.join("main.wasm");
    let input = std::fs::read(&wasm).map_err(Error::at(&wasm))?;
    let main_js = format!("./{APP}.js");
    let mut opts = wasm_split_cli_support::Options::new(&input);
    opts.output_dir = &split_dir;
    opts.main_out_path = &main;
    opts.main_module = &main_js;
    let link = format!("./{LINK}");
    opts.link_name = &link;
    let split = wasm_split_cli_support::transform(opts).map_err(|e| Error::Split {
        wasm: wasm.clone(),
        reason: format!("{e:#}"),
    })?;

    let bindgen = work.join("bindgen");
    run(tb
        .command("wasm-bindgen")
        .args(["--target", "web", "--no-typescript", "--keep-lld-exports"])
        .args(["--out-name", APP, "--out-dir"])
        .arg(&bindgen)
        .arg(&main))?;

    // Every module optimized as trunk does the unsplit one (`data-wasm-opt="z"`).
    let mut modules = vec![(bindgen.join(format!("{APP}_bg.wasm")), format!("{APP}_bg"))];
    for chunk in &split.split_modules {
        let stem = chunk.file_stem().unwrap_or_default().to_string_lossy();
        modules.push((chunk.clone(), stem.into_owned()));
    }
    let optimized = work.join("opt");
    std::fs::create_dir_all(&optimized).map_err(Error::at(&optimized))?;
    let mut wasm_files = Vec::new();
    for (path, stem) in &modules {
        let to = optimized.join(format!("{stem}.wasm"));
        run(tb
            .command("wasm-opt")
            .arg("-Oz")
            .arg(path)
            .arg("-o")
            .arg(&to))?;
        wasm_files.push((stem.clone(), read(&to)?));
    }
    let app_js = read_text(&bindgen.join(format!("{APP}.js")))?;
    let link_js = read_text(&split_dir.join(LINK))?;

    let names = Names::new(&app_js, &link_js, &wasm_files);
    let app_js = names.rewrite_app_js(&app_js)?;
    let link_js = names.rewrite_link_js(&link_js, &wasm_files)?;
    let write = |name: &str, bytes: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(Error::at(&path))
    };
    write(&names.file(APP, "js"), app_js.as_bytes())?;
    write(&names.file("split", "js"), link_js.as_bytes())?;
    for (stem, bytes) in &wasm_files {
        write(&names.wasm(stem), bytes)?;
    }
    let mut routes: Vec<(String, Vec<String>)> = (split.prefetch_map.into_iter())
        .map(|(chunk, stems)| (chunk, stems.iter().map(|s| names.wasm(s)).collect()))
        .collect();
    routes.sort();
    Ok(SplitApp {
        js: names.file(APP, "js"),
        wasm: names.wasm(&format!("{APP}_bg")),
        loader: names.file("split", "js"),
        routes,
    })
}

/// `cargo rustc` of the app with feature `split`, keeping the relocations that the split step
/// reads (`--emit-relocs`, for the final link only). Returns the wasm's path.
///
/// The standard library is compiled with the app ([`REBUILT_STD`]) to abort at once on a panic
/// (`-Cpanic=immediate-abort`): the panic machinery, its messages and most of the formatting
/// code behind them leave every module (the main module 253.6 -> 231.5 KB gzipped when it was
/// measured, each route's chunk files 11-18 KB less). A panic then stops the app with a wasm
/// trap instead of a message in the console; `trunk serve` and the component tests' builds keep
/// the message. These are the pipeline's only unstable flags, taken on the stable toolchain
/// (`RUSTC_BOOTSTRAP`), with the `rust-src` component that setup adds.
fn compile(tb: &Toolbox) -> Result<PathBuf, Error> {
    run(tb
        .command(&std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .env("RUSTC_BOOTSTRAP", "1")
        .args(["rustc", "--release", "--target", "wasm32-unknown-unknown"])
        .args(REBUILT_STD)
        .args(["--no-default-features", "--features", "split"])
        .args(["--bin", APP, "--", "-C", "link-arg=--emit-relocs"]))?;
    Ok(crate::target_dir()
        .join("wasm32-unknown-unknown/release")
        .join(format!("{APP}.wasm")))
}

fn read(path: &Path) -> Result<Vec<u8>, Error> {
    std::fs::read(path).map_err(Error::at(path))
}

fn read_text(path: &Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(Error::at(path))
}

/// The files' names, all with the hash of the whole set.
struct Names {
    hash: String,
}

impl Names {
    fn new(app_js: &str, link_js: &str, wasm: &[(String, Vec<u8>)]) -> Self {
        let mut all = Vec::new();
        all.extend_from_slice(app_js.as_bytes());
        all.extend_from_slice(link_js.as_bytes());
        for (stem, bytes) in wasm {
            all.extend_from_slice(stem.as_bytes());
            all.extend_from_slice(bytes);
        }
        Self {
            hash: format!("{:016x}", Fnv1a::of(&all)),
        }
    }

    /// `{stem}-{hash}.{ext}`.
    fn file(&self, stem: &str, ext: &str) -> String {
        format!("{stem}-{}.{ext}", self.hash)
    }

    /// A module's name: `research-atlas_bg` → `research-atlas-HASH_bg.wasm` (the suffix trunk's
    /// names have), a chunk `profile` → `profile-HASH.wasm`.
    fn wasm(&self, stem: &str) -> String {
        match stem.strip_suffix("_bg") {
            Some(app) => format!("{app}-{}_bg.wasm", self.hash),
            None => self.file(stem, "wasm"),
        }
    }

    /// The main module's JS imports the chunks' loader by its new name (the wasm's imports keep
    /// naming their module `./__wasm_split.js`).
    fn rewrite_app_js(&self, js: &str) -> Result<String, Error> {
        replace_all(
            js,
            &format!("from \"./{LINK}\""),
            &format!("from \"./{}\"", self.file("split", "js")),
        )
    }

    /// The loader imports the main module's JS and fetches the chunks by their new names.
    fn rewrite_link_js(&self, js: &str, wasm: &[(String, Vec<u8>)]) -> Result<String, Error> {
        let mut js = replace_all(
            js,
            &format!("\"./{APP}.js\""),
            &format!("\"./{}\"", self.file(APP, "js")),
        )?;
        for (stem, _) in wasm.iter().filter(|(s, _)| !s.ends_with("_bg")) {
            js = replace_all(
                &js,
                &format!("\"./{stem}.wasm\""),
                &format!("\"./{}\"", self.wasm(stem)),
            )?;
        }
        Ok(js)
    }
}

/// `text` with every `from` replaced; an error when there is none (the tools' output changed).
fn replace_all(text: &str, from: &str, to: &str) -> Result<String, Error> {
    if !text.contains(from) {
        return Err(Error::unexpected(
            "wasm-split",
            format!("expected `{from}` in the generated JS; the tools' output has changed"),
        ));
    }
    Ok(text.replace(from, to))
}

/// trunk's start-up script, for the split app: loads the main module (the chunks load when
/// their routes are first shown) and announces the start as trunk does.
pub fn start_script(base: &str, app: &SplitApp) -> String {
    format!(
        "<script type=\"module\">\n\
         import init, * as bindings from '{base}{js}';\n\
         const wasm = await init({{ module_or_path: '{base}{wasm}' }});\n\
         window.wasmBindings = bindings;\n\
         dispatchEvent(new CustomEvent(\"TrunkApplicationStarted\", {{detail: {{wasm}}}}));\n\
         </script>\n",
        js = app.js,
        wasm = app.wasm,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shapes of wasm-bindgen's and wasm_split_cli_support's output that [`Names`] rewrites.
    const APP_JS: &str = "import * as import1 from \"./__wasm_split.js\"\n\
        imports = { \"./__wasm_split.js\": import1 };\n";
    const LINK_JS: &str = "import { initSync } from \"./research-atlas.js\";\n\
        fetch(new URL(\"./chunk_4.wasm\", import.meta.url));\n\
        fetch(new URL(\"./split_profile.wasm\", import.meta.url));\n";

    fn wasm() -> Vec<(String, Vec<u8>)> {
        ["research-atlas_bg", "chunk_4", "split_profile"]
            .map(|stem| (stem.to_owned(), stem.as_bytes().to_vec()))
            .to_vec()
    }

    #[test]
    fn every_file_is_named_with_the_sets_hash_and_the_references_follow() {
        let names = Names::new(APP_JS, LINK_JS, &wasm());
        let h = &names.hash;
        assert_eq!(
            names.wasm("research-atlas_bg"),
            format!("research-atlas-{h}_bg.wasm")
        );
        assert_eq!(names.wasm("chunk_4"), format!("chunk_4-{h}.wasm"));
        let app = names.rewrite_app_js(APP_JS).unwrap();
        assert!(app.contains(&format!("from \"./split-{h}.js\"")), "{app}");
        // The wasm's import keeps its module name.
        assert!(app.contains("{ \"./__wasm_split.js\": import1 }"), "{app}");
        let link = names.rewrite_link_js(LINK_JS, &wasm()).unwrap();
        assert!(
            link.contains(&format!("from \"./research-atlas-{h}.js\"")),
            "{link}"
        );
        assert!(link.contains(&format!("\"./chunk_4-{h}.wasm\"")), "{link}");
        assert!(
            link.contains(&format!("\"./split_profile-{h}.wasm\"")),
            "{link}"
        );
    }

    #[test]
    fn any_change_to_any_file_changes_every_name() {
        let before = Names::new(APP_JS, LINK_JS, &wasm()).hash;
        let mut changed = wasm();
        changed[1].1.push(0);
        assert_ne!(Names::new(APP_JS, LINK_JS, &changed).hash, before);
        assert_ne!(Names::new(APP_JS, "x", &wasm()).hash, before);
    }

    #[test]
    fn output_of_another_shape_is_an_error_not_a_broken_site() {
        let names = Names::new(APP_JS, LINK_JS, &wasm());
        assert!(
            names
                .rewrite_app_js("import * as a from './other.js'")
                .is_err()
        );
        assert!(names.rewrite_link_js("no imports", &wasm()).is_err());
    }
}
