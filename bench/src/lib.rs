//! Every benchmark of the workspace from one entry point, [`run`] (`cargo xtask bench` parses its
//! flags and prints the [`Line`]s it reports), with the figures kept in `bench/results.json`.
//! The criterion benchmarks are this crate's (`benches/search.rs`); the browser's are the node
//! scripts of `e2e/bench/`, which stay beside Playwright in `e2e/node_modules` and are run only
//! from here. What belongs to the command runner (generating and compiling datasets, release
//! builds, the tools) the runner asks of its [`Host`].
//!
//! 1. Native: generates the 1,000- and 20,000-researcher datasets when missing (seed 1, as
//!    `gen-data` would), runs `cargo bench -p atlas-bench --bench search` (so Leptos is not
//!    built), reads criterion's `new/estimates.json` for every benchmark this run measured,
//!    and stores them under `"native"`.
//! 2. Browser (unless `--native`): a release build at `/` in `target/bench-dist`, served from
//!    loopback with gzip by `e2e/bench/browser.mjs`, measured in headless Chromium at 5 (the
//!    bundled data), 2,000 and 20,000 researchers (each compiled by `build-data` into
//!    `target/bench-data/compiled-N`, served as the site's `data/`), beside MiniSearch and
//!    FlexSearch on the same records. One object per (size, system) goes under `"results"`, the app's gzipped wasm
//!    and JS under `"bundle"`.
//! 3. Site (with the browser half): the bundled data's pre-rendered release site in
//!    `target/bench-site`, measured by `e2e/bench/site.mjs` — a profile fetched without
//!    JavaScript, bytes before the first paint and before the app is usable on `/` and a profile,
//!    and Lighthouse (npm, installed into the tool cache on first use) — under `"site"`.
//!
//! 4. Cold profiles (with the browser half, or alone with `--cold`): at each generated size, the
//!    release build with that data and its first profile pre-rendered, in
//!    `target/bench-cold-N`, measured by `e2e/bench/cold-profile.mjs` — bytes and time until the
//!    app has taken the profile over — under `"cold_profile"`.
//!
//! 5. Roster import (unless `--native` or `--browser`, or alone with `--import`): 2,000 people
//!    with 10 `.bib` entries each, imported into a copy of the bundled dataset and again
//!    ([`import`]), under `"import"`.
//!
//! 6. Roster import from the open sources (as 5, or alone with `--sources`): 2,000 people with
//!    an ORCID, dblp and OpenAlex record each, imported by the command as a child process into a
//!    copy of the bundled dataset and again: time, peak memory and the bytes the rerun changed
//!    ([`sources`]), under `"sources"`.
//!
//! 7. Experts for a paper (as 5, or alone with `--experts`): the bytes and time of a 250-word
//!    question at 20,000 and 100,000 researchers, the ranking's leave-one-out quality on the
//!    bundled and the generated data ([`experts`]), and its reviewer-assignment gold-standard
//!    loss when `../shared/gold` is there ([`gold`]), under `"experts"`.
//!
//! Keys of the file that a run does not produce are kept as they are.

use std::collections::BTreeMap;

pub use error::{Error, Failed};
pub use runner::{Bench, Compiled, Host, Line};

mod browser;
mod error;
mod experts;
mod gold;
mod import;
mod native;
mod runner;
mod sources;

use browser::{bench_dist, browser, cold};
use native::native;
use runner::{BROWSER_SIZES, LARGE_SIZE, Run, SIZES};

/// Runs the benchmarks `bench` asks for, reporting their figures to `host` and keeping them in
/// `bench/results.json`.
pub fn run(bench: &Bench, host: &mut dyn Host) -> Result<(), Error> {
    let mut r = Run {
        bench,
        host,
        datasets: BTreeMap::new(),
    };
    if bench.import {
        return import::bench(&mut r);
    }
    if bench.sources {
        return sources::bench(&mut r);
    }
    if bench.experts {
        return experts::bench(&mut r);
    }
    let (native_only, browser_only, cold_only, large) =
        (bench.native, bench.browser, bench.cold, bench.large);
    let browser_sizes: Vec<usize> = (BROWSER_SIZES.into_iter())
        .chain(large.then_some(LARGE_SIZE))
        .collect();
    for n in SIZES.into_iter().chain(browser_sizes.iter().copied()) {
        let path = r.host(|h| h.dataset(n, false))?;
        r.datasets.insert(n, path);
    }
    if cold_only {
        let dist = bench_dist(&mut r)?;
        return cold(&mut r, &dist, &browser_sizes);
    }
    if !browser_only {
        native(&mut r, &bench.criterion_args)?;
    }
    if !browser_only && !native_only {
        import::bench(&mut r)?;
        sources::bench(&mut r)?;
        experts::bench(&mut r)?;
    }
    if !native_only {
        browser(&mut r, &browser_sizes)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
