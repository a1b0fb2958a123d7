//! Project tasks, run as `cargo xtask <task>`. See `cargo xtask help`.

mod add;
mod bench;
mod bib_import;
mod build;
mod build_data;
mod data;
mod dataset_file;
mod gen_data;
mod generations;
mod names;
mod offline;
mod run;
mod split;
mod test;
mod tools;

use std::process::ExitCode;

/// mimalloc, for build-data's memory (see `Cargo.toml`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const HELP: &str = "\
cargo xtask <task>

  serve [ARGS]       install what is missing, then run the app on the bundled data
                     (trunk serve on http://127.0.0.1:8080; ARGS go to trunk)
  test [--native] [--engine firefox|webkit]
                     run every test: fmt, clippy, native, browser (wasm-bindgen-test in
                     Chromium and Firefox), end to end (Playwright in Chromium, then the
                     WebDriver suite in Firefox ESR and WebKitGTK); --native runs only fmt,
                     clippy and cargo test; --engine runs only that engine's WebDriver suite
                     against the builds already in dist/ and dist-atlas/
  dist [--base P] [--out DIR]
                     release build into dist/ (P: sub-path such as /atlas/; default /)
  build-data [--in FILE] --out DIR
                     compile a dataset into what the browser fetches (directory.bin, title
                     shards, one file per profile); `dist` runs it into dist/data
  check-data [FILE]  validate a dataset file (default data/researchers.json)
  fmt-data [FILE]    rewrite a valid dataset in canonical, diff-friendly form
  schema [--check]   write data/researchers.schema.json (or fail if it is stale)
  add-researcher --name NAME --stage STAGE --summary TEXT --source DOC [more flags]
                     add a researcher from flags or a TOML/JSON stub (--from FILE);
                     `cargo xtask add-researcher --help` lists every flag
  import-bib --researcher ID [--dry-run] FILE.bib
                     add a researcher's papers from BibTeX (dblp, Google Scholar, …):
                     duplicates are merged, never copied; --dry-run only reports
                     (both take --data FILE; default data/researchers.json)
  gen-data [--researchers N] [--seed S] [--out FILE]
                     write a synthetic dataset in the real schema (default 2000 researchers,
                     seed 1, target/bench-data/researchers-N.json); same seed, same bytes
  bench [--native | --browser] [-- CRITERION_ARGS]
                     criterion benchmarks of search at 1,000 and 20,000 generated researchers,
                     then a release build in headless Chromium at 5, 2,000 and 20,000 beside
                     MiniSearch and FlexSearch (datasets generated when missing); prints tables,
                     writes bench/results.json
  setup              install the tools only (wasm32 target, trunk, wasm-bindgen, wasm-opt,
                     Chromium, e2e npm packages, Firefox ESR, geckodriver, WebKitGTK, Xvfb)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (task, rest) = match args.split_first() {
        Some((t, r)) => (t.as_str(), r),
        None => ("help", &[][..]),
    };
    let result = match task {
        "serve" => build::serve(rest),
        "test" => test::test(rest),
        "dist" => build::dist(rest),
        "check-data" => data::check_data(rest),
        "build-data" => build_data::build_data(rest),
        "schema" => data::schema(rest),
        "fmt-data" => data::fmt_data(rest),
        "add-researcher" => add::add_researcher(rest),
        "import-bib" => bib_import::import_bib(rest),
        "gen-data" => gen_data::gen_data(rest),
        "bench" => bench::bench(rest),
        "setup" => tools::setup(tools::Needs {
            build: true,
            release: true,
            browser: true,
            engines: true,
        })
        .map(|_| eprintln!("setup: all tools are installed")),
        "help" | "--help" | "-h" => {
            println!("{HELP}");
            Ok(())
        }
        other => Err(format!("unknown task {other:?}\n\n{HELP}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
