//! `serve`, `dist` and `setup`: the release crate (`atlas_release`) called with the flags, and
//! what it reports printed.

use atlas_release::dist::{self, MAX_BYTES, MAX_FILES, Site};
use atlas_release::tools::{self, Installing, Needs, Toolbox};

use crate::data::{DATASET, max_year, root};

/// Prints what setup is about to install.
pub fn say(installing: &Installing) {
    eprintln!("setup: {installing}");
}

/// Installs what `needs` asks for that is missing, saying what it installs.
pub fn setup(needs: Needs) -> Result<Toolbox, String> {
    tools::setup(needs, &mut say).map_err(|e| e.to_string())
}

/// Every tool (`cargo xtask setup`).
pub const ALL: Needs = Needs {
    build: true,
    release: true,
    browser: true,
    engines: true,
};

/// `cargo xtask serve [trunk serve args…]`: install what is missing, then `trunk serve`.
pub fn serve(args: &[String]) -> Result<(), String> {
    let tb = setup(Needs {
        build: true,
        ..NOTHING
    })?;
    eprintln!("serve: http://127.0.0.1:8080 (Ctrl-C stops it)");
    atlas_release::run::run(tb.command("trunk").arg("serve").args(args)).map_err(|e| e.to_string())
}

/// No tool.
pub const NOTHING: Needs = Needs {
    build: false,
    release: false,
    browser: false,
    engines: false,
};

/// The options of a release build of the bundled data at `base` into `out`.
pub fn options(base: &str, out: std::path::PathBuf) -> dist::Options {
    dist::Options {
        base: dist::base(base),
        out,
        data: root().join(DATASET),
        max_year: max_year(),
        max_profiles: None,
        prerender: true,
        keep: 0,
    }
}

/// `cargo xtask dist`: the dataset checked (its problems printed), a release build for static
/// hosting, and what it wrote printed.
pub fn dist(args: &crate::cli::Dist) -> Result<(), String> {
    let opts = dist::Options {
        max_profiles: args.max_profiles,
        keep: args.keep,
        ..options(
            &args.base,
            args.out.clone().unwrap_or_else(|| root().join("dist")),
        )
    };
    let tb = setup(Needs {
        build: true,
        release: true,
        ..NOTHING
    })?;
    build_dist(&tb, &opts)
}

/// Checks the dataset as `check-data` does, builds the site and prints what it wrote.
pub fn build_dist(tb: &Toolbox, opts: &dist::Options) -> Result<(), String> {
    crate::data::check_data(Some(&opts.data))?;
    let site = dist::build(tb, opts).map_err(|e| e.to_string())?;
    print_site(&site, opts);
    Ok(())
}

/// Prints the data compiled, the worker's precache, the start-up files' and chunks' sizes, the
/// site's, with a warning above common hosts' limits.
fn print_site(site: &Site, opts: &dist::Options) {
    crate::build_data::print(&site.data, &opts.out.join("data"));
    let p = &site.precache;
    eprintln!(
        "dist: sw.js precaches {} files, {:.1} KB, version {}",
        p.urls.len(),
        p.bytes as f64 / 1024.0,
        p.version
    );
    let kb = |b: u64| b as f64 / 1024.0;
    let sizes = &site.sizes;
    for (name, raw, gz) in &sizes.start {
        eprintln!(
            "dist: {name:<48} {:>8.1} KB, {:>7.1} KB gzipped",
            kb(*raw),
            kb(*gz)
        );
    }
    for (chunk, gz, files) in &sizes.chunks {
        eprintln!(
            "dist: chunk {chunk:<42} {:>7.1} KB gzipped in {files} files",
            kb(*gz)
        );
    }
    let out = opts.out.display();
    eprintln!(
        "dist: {} files, {:.1} MB in {out}",
        sizes.files,
        sizes.bytes as f64 / 1e6
    );
    if sizes.files > MAX_FILES {
        eprintln!(
            "dist: warning: over {MAX_FILES} files; Cloudflare Pages refuses such a site (cap the profiles with --max-profiles)"
        );
    }
    if sizes.bytes > MAX_BYTES {
        eprintln!("dist: warning: over 1 GB; GitHub Pages refuses such a site");
    }
    eprintln!("dist: wrote {out} for base path {}", opts.base);
}
