//! Project tasks, run as `cargo xtask <task>`. See `cargo xtask help`.

mod data;

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <task>

  serve              install what is missing, then run the app on the bundled data (trunk serve)
  test               run every test: fmt, clippy, native, browser (wasm-bindgen-test), end to end
  dist [--base P]    release build into dist/ (P: sub-path such as /atlas/; default /)
  check-data [FILE]  validate a dataset file (default data/researchers.json)
  schema [--check]   write data/researchers.schema.json (or fail if it is stale)
  setup              only install the tools (trunk, wasm-bindgen, wasm-opt, npm packages)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (task, rest) = match args.split_first() {
        Some((t, r)) => (t.as_str(), r),
        None => ("help", &[][..]),
    };
    let result = match task {
        "check-data" => data::check_data(rest),
        "schema" => data::schema(rest),
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
