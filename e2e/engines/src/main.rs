//! End-to-end tests of the release build in the engines Playwright cannot drive here: Firefox
//! ESR (geckodriver) and WebKitGTK (WebKitWebDriver), over WebDriver.
//!
//! The binary serves `dist/` at `/` and `dist-atlas/` under `/atlas/` with `e2e/server.mjs`
//! (with its error recorder injected), starts each engine's driver, runs every test in a fresh
//! session, one after another, and prints libtest-style lines ending in one `test result:` line
//! per engine, which `cargo xtask test` reads. A test fails on its own assertion, on a timeout,
//! or on anything the page recorded: an uncaught error, an unhandled rejection, a
//! `console.error` (panics included) or a CSP violation.
//!
//! ```text
//! cargo run -p atlas-engines -- [--engine firefox|webkit]… [--base /|/atlas/] [--test NAME]…
//!     [--dist DIR] [--dist-atlas DIR] [--port N] [--geckodriver PATH] [--firefox PATH]
//! ```

mod engine;
mod page;
mod process;
mod site;
mod tests;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use engine::{Driver, Engine, Programs};
use page::Page;
use site::Site;
use tests::Test;

/// The longest one test may take, hung driver commands included.
const TEST_TIMEOUT: Duration = Duration::from_secs(120);
/// How many of a page's recorded errors a failure prints (a panic can cascade into hundreds).
const SHOWN_ERRORS: usize = 4;

const USAGE: &str = "\
usage: atlas-engines [--engine firefox|webkit]... [--base /|/atlas/] [--test NAME]...
                     [--dist DIR] [--dist-atlas DIR] [--port N]
                     [--geckodriver PATH] [--firefox PATH]

Runs the WebDriver suite against release builds: DIR at / and --dist-atlas DIR at /atlas/
(default dist/ and dist-atlas/ of the workspace). Without --engine, both engines run.
Ports: N and N+1 for the two sites, N+2 for the driver (default 4180).";

/// The command line, checked.
struct Options {
    engines: Vec<Engine>,
    bases: Vec<String>,
    tests: Vec<Test>,
    dist: PathBuf,
    dist_atlas: PathBuf,
    port: u16,
    programs: Programs,
}

impl Options {
    fn parse(args: &[String]) -> Result<Self, String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut engines = Vec::new();
        let mut bases = Vec::new();
        let mut tests = Vec::new();
        let mut dist = root.join("dist");
        let mut dist_atlas = root.join("dist-atlas");
        let mut port: u16 = 4180;
        let mut geckodriver = std::env::var_os("GECKODRIVER").map(PathBuf::from);
        let mut firefox = None;
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || {
                it.next()
                    .cloned()
                    .ok_or_else(|| format!("{flag} needs a value\n\n{USAGE}"))
            };
            match flag.as_str() {
                "--engine" => engines.push(Engine::parse(&value()?)?),
                "--base" => match value()?.as_str() {
                    b @ ("/" | "/atlas/") => bases.push(b.to_owned()),
                    other => return Err(format!("--base {other:?}: / or /atlas/")),
                },
                "--test" => {
                    let name = value()?;
                    let test = Test::ALL
                        .into_iter()
                        .find(|t| t.name() == name)
                        .ok_or_else(|| {
                            let all: Vec<_> = Test::ALL.iter().map(|t| t.name()).collect();
                            format!("unknown test {name:?} (one of {})", all.join(", "))
                        })?;
                    tests.push(test);
                }
                "--dist" => dist = PathBuf::from(value()?),
                "--dist-atlas" => dist_atlas = PathBuf::from(value()?),
                "--port" => {
                    port = value()?
                        .parse()
                        .map_err(|_| "--port needs a number".to_owned())?
                }
                "--geckodriver" => geckodriver = Some(PathBuf::from(value()?)),
                "--firefox" => firefox = Some(PathBuf::from(value()?)),
                "--help" | "-h" => return Err(USAGE.into()),
                other => return Err(format!("unknown option {other:?}\n\n{USAGE}")),
            }
        }
        if engines.is_empty() {
            engines = Engine::ALL.to_vec();
        }
        if bases.is_empty() {
            bases = vec!["/".into(), "/atlas/".into()];
        }
        if tests.is_empty() {
            tests = Test::ALL.to_vec();
        }
        let programs = Programs {
            geckodriver: geckodriver.unwrap_or_else(|| "geckodriver".into()),
            firefox: firefox
                .or_else(|| which("firefox-esr"))
                .or_else(|| which("firefox"))
                .unwrap_or_else(|| "firefox-esr".into()),
        };
        Ok(Self {
            engines,
            bases,
            tests,
            dist,
            dist_atlas,
            port,
            programs,
        })
    }
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// How one engine's run went.
#[derive(Default)]
struct Tally {
    passed: u32,
    failed: Vec<String>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match Options::parse(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a current-thread runtime");
    let mut all_passed = true;
    for engine in opts.engines.clone() {
        match runtime.block_on(run_engine(engine, &opts)) {
            Ok(tally) => all_passed &= tally.failed.is_empty(),
            Err(e) => {
                eprintln!("error: {} suite could not run: {e}", engine.name());
                all_passed = false;
            }
        }
    }
    if all_passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(101)
    }
}

/// Serves the sites, starts the engine's driver and runs every test at every base.
async fn run_engine(engine: Engine, opts: &Options) -> Result<Tally, String> {
    let started = Instant::now();
    let logs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/engines");
    std::fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    let mut sites = Vec::new();
    for base in &opts.bases {
        let (dist, port, log) = if base == "/" {
            (&opts.dist, opts.port, "server-root.log")
        } else {
            (&opts.dist_atlas, opts.port + 1, "server-atlas.log")
        };
        sites.push(Site::start(dist, base, port, &logs.join(log))?);
    }
    let driver = Driver::start(engine, &opts.programs, opts.port + 2, &logs)?;
    let version = browser_version(&driver).await?;
    println!(
        "\nrunning {} tests in {version} ({}), at {}",
        opts.tests.len() * sites.len(),
        engine.name(),
        opts.bases.join(" and ")
    );
    let mut tally = Tally::default();
    for site in &sites {
        for &test in &opts.tests {
            let label = format!("{} {} {}", engine.name(), site.prefix, test.name());
            let t0 = Instant::now();
            match run_test(&driver, site, test, &logs, &label).await {
                Ok(notes) => {
                    let notes = if notes.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", notes.join("; "))
                    };
                    println!(
                        "test {label} ... ok [{:.1} s]{notes}",
                        t0.elapsed().as_secs_f64()
                    );
                    tally.passed += 1;
                }
                Err(reason) => {
                    println!(
                        "test {label} ... FAILED [{:.1} s]\n    {}",
                        t0.elapsed().as_secs_f64(),
                        reason.replace('\n', "\n    ")
                    );
                    tally.failed.push(format!("{label}: {reason}"));
                }
            }
        }
    }
    if !tally.failed.is_empty() {
        println!("\nfailures:");
        for f in &tally.failed {
            println!("    {}", f.lines().next().unwrap_or_default());
        }
    }
    println!(
        "\ntest result: {}. {} passed; {} failed; 0 ignored; 0 measured; 0 filtered out; finished in {:.2}s",
        if tally.failed.is_empty() {
            "ok"
        } else {
            "FAILED"
        },
        tally.passed,
        tally.failed.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(tally)
}

/// The engine's name and version, from a first session's capabilities.
async fn browser_version(driver: &Driver) -> Result<String, String> {
    let client = driver.session().await?;
    let caps = client.capabilities().cloned().unwrap_or_default();
    let name = caps
        .get("browserName")
        .and_then(|v| v.as_str())
        .unwrap_or("?")
        .to_owned();
    let version = caps
        .get("browserVersion")
        .and_then(|v| v.as_str())
        .unwrap_or("?")
        .to_owned();
    client
        .close()
        .await
        .map_err(|e| format!("closing the first session: {e}"))?;
    Ok(format!("{name} {version}"))
}

/// One test in a fresh session: its outcome, then what the page recorded.
async fn run_test(
    driver: &Driver,
    site: &Site,
    test: Test,
    logs: &Path,
    label: &str,
) -> Result<Vec<String>, String> {
    let page = Page::new(driver.session().await?, site);
    let outcome = match page.desktop_size().await {
        Ok(()) => match tokio::time::timeout(TEST_TIMEOUT, test.run(&page)).await {
            Ok(outcome) => outcome,
            Err(_) => Err(format!(
                "did not finish within {} s",
                TEST_TIMEOUT.as_secs()
            )),
        },
        Err(e) => Err(e),
    };
    // Whatever happened, the server is back for the next test.
    let resumed = if outcome.is_err() {
        site.resume_if_stopped()
    } else {
        Ok(())
    };
    let errors = match page.recorded_errors().await {
        Ok(errors) if errors.is_empty() => Ok(()),
        Ok(errors) => {
            let more = match errors.len().saturating_sub(SHOWN_ERRORS) {
                0 => String::new(),
                n => format!("\n… and {n} more"),
            };
            Err(format!(
                "the page recorded {} error(s):\n{}{more}",
                errors.len(),
                errors[..errors.len().min(SHOWN_ERRORS)].join("\n")
            ))
        }
        Err(e) => Err(e),
    };
    let result = match (outcome, errors) {
        (Ok(()), Ok(())) => Ok(page.notes()),
        (Err(e), Ok(())) | (Ok(()), Err(e)) => Err(e),
        (Err(a), Err(b)) => Err(format!("{a}\n{b}")),
    };
    if result.is_err()
        && let Some(png) = page.screenshot().await
    {
        let file = logs.join(format!("{}.png", label.replace(['/', ' '], "_")));
        let _ = std::fs::write(&file, png);
    }
    let closed = page.close().await;
    resumed?;
    let notes = result?;
    closed.map(|()| notes)
}
