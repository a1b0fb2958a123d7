//! The two engines and their WebDriver servers: geckodriver driving Debian's `firefox-esr`
//! headless, and `WebKitWebDriver` driving WebKitGTK's MiniBrowser on an Xvfb display of our own.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use crate::process::{Guard, ensure_free};

/// WebKitGTK's browser for automation (Debian's `libwebkit2gtk-4.1-0`, a dependency of
/// `webkit2gtk-driver`), in the multiarch library folder.
fn minibrowser() -> String {
    format!(
        "/usr/lib/{}-linux-gnu/webkit2gtk-4.1/MiniBrowser",
        std::env::consts::ARCH
    )
}

/// The history API limit Firefox applies to pages (calls per 10 s). Under WebDriver Firefox
/// switches it off (`dom.navigation.navigationRateLimit.count` = 0 in its recommended
/// preferences); the suite puts it back so that Firefox behaves as it does for a user.
const FIREFOX_HISTORY_LIMIT: i64 = 1000;

/// A browser engine under test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Gecko: Firefox ESR through geckodriver.
    Firefox,
    /// WebKit (Safari's engine): WebKitGTK's MiniBrowser through WebKitWebDriver.
    Webkit,
}

impl Engine {
    /// Both engines, in the order they run.
    pub const ALL: [Engine; 2] = [Engine::Firefox, Engine::Webkit];

    /// `firefox` or `webkit`, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Firefox => "firefox",
            Self::Webkit => "webkit",
        }
    }

    /// Parses a command-line name.
    pub fn parse(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| format!("unknown engine {name:?} (firefox or webkit)"))
    }
}

/// Where the drivers and browsers are, from the command line or PATH.
pub struct Programs {
    /// geckodriver (`--geckodriver`, `$GECKODRIVER`, or on PATH).
    pub geckodriver: PathBuf,
    /// Firefox (`firefox-esr` or `firefox` on PATH).
    pub firefox: PathBuf,
}

/// A running WebDriver server for one engine (and the display it needs), ended when dropped.
pub struct Driver {
    engine: Engine,
    port: u16,
    firefox: PathBuf,
    // Dropped in this order: the driver before the display it draws on.
    _driver: Guard,
    _display: Option<Guard>,
}

impl Driver {
    /// Starts the engine's WebDriver server on `port`, with its output in `log_dir`.
    pub fn start(
        engine: Engine,
        programs: &Programs,
        port: u16,
        log_dir: &Path,
    ) -> Result<Self, String> {
        ensure_free(port, "the WebDriver server")?;
        let log = log_dir.join(format!("{}-driver.log", engine.name()));
        let (mut driver, display) = match engine {
            Engine::Firefox => {
                let mut cmd = Command::new(&programs.geckodriver);
                cmd.args(["--host", "127.0.0.1", "--port", &port.to_string()]);
                (Guard::spawn("geckodriver", &mut cmd, &log)?, None)
            }
            Engine::Webkit => {
                let (display, number) = xvfb(log_dir)?;
                let mut cmd = Command::new("WebKitWebDriver");
                cmd.arg(format!("--port={port}"))
                    .env("DISPLAY", format!(":{number}"));
                (
                    Guard::spawn("WebKitWebDriver", &mut cmd, &log)?,
                    Some(display),
                )
            }
        };
        driver.wait_for_port(port)?;
        Ok(Self {
            engine,
            port,
            firefox: programs.firefox.clone(),
            _driver: driver,
            _display: display,
        })
    }

    /// A new browser session: a fresh profile, so no storage or service worker carries over.
    pub async fn session(&self) -> Result<Client, String> {
        let caps = match self.capabilities() {
            Value::Object(map) => map,
            _ => unreachable!("capabilities are an object"),
        };
        ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .map_err(|e| format!("{} session: {e}", self.engine.name()))
    }

    fn capabilities(&self) -> Value {
        match self.engine {
            Engine::Firefox => json!({
                "browserName": "firefox",
                "moz:firefoxOptions": {
                    "binary": self.firefox,
                    "args": ["-headless", "-width", "1280", "-height", "900"],
                    "prefs": {
                        "dom.navigation.navigationRateLimit.count": FIREFOX_HISTORY_LIMIT,
                        "dom.navigation.navigationRateLimit.timespan": 10,
                    },
                },
            }),
            Engine::Webkit => json!({
                "webkitgtk:browserOptions": {
                    "binary": minibrowser(),
                    "args": ["--automation"],
                },
            }),
        }
    }
}

/// Starts an Xvfb that picks a free display and tells us its number.
fn xvfb(log_dir: &Path) -> Result<(Guard, String), String> {
    let log = log_dir.join("xvfb.log");
    let err = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
    let mut child = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1920x1080x24",
            "-nolisten",
            "tcp",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(err)
        .spawn()
        .map_err(|e| format!("could not start Xvfb ({e}): apt-get install xvfb"))?;
    let stdout = child.stdout.take().expect("piped");
    let guard = Guard::adopt("Xvfb", child, &log);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .map_err(|_| format!("Xvfb gave no display within 30 s (log: {})", log.display()))?;
    let number = line.trim().to_owned();
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "Xvfb exited without a display (log: {})",
            log.display()
        ));
    }
    Ok((guard, number))
}
