//! The two engines and their WebDriver servers: geckodriver driving Debian's `firefox-esr`
//! headless, and `WebKitWebDriver` driving WebKitGTK's MiniBrowser on an Xvfb display of our own.

use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use crate::process::{Guard, ensure_free};

/// How long a new session may take: starting a browser, on a busy machine.
const SESSION_TIMEOUT: Duration = Duration::from_secs(60);

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
    log: PathBuf,
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
            log,
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
        let mut builder = ClientBuilder::new(HttpConnector::new());
        builder.capabilities(caps);
        let url = format!("http://127.0.0.1:{}", self.port);
        let logged = std::fs::metadata(&self.log).map_or(0, |m| m.len());
        let connect = builder.connect(&url);
        // A browser that cannot start leaves the driver waiting for it: bound the wait.
        match tokio::time::timeout(SESSION_TIMEOUT, connect).await {
            Ok(Ok(client)) => Ok(client),
            Ok(Err(e)) => Err(format!(
                "{} session: {e}{}",
                self.engine.name(),
                self.log_tail(logged)
            )),
            Err(_) => Err(format!(
                "{} session: no browser within {} s{}",
                self.engine.name(),
                SESSION_TIMEOUT.as_secs(),
                self.log_tail(logged)
            )),
        }
    }

    /// The last lines the driver logged since `from` (a byte offset), where a browser that
    /// failed to start says why.
    fn log_tail(&self, from: u64) -> String {
        let log = std::fs::read(&self.log).unwrap_or_default();
        let since = log.get(from as usize..).unwrap_or_default();
        let since = String::from_utf8_lossy(since);
        let lines: Vec<&str> = since.lines().filter(|l| !l.trim().is_empty()).collect();
        let tail = &lines[lines.len().saturating_sub(5)..];
        if tail.is_empty() {
            String::new()
        } else {
            format!("\n{} says:\n{}", self.log.display(), tail.join("\n"))
        }
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

/// The displays the suite's Xvfb may take: not `:0` (the default of most tools), nor 99 and
/// up (`xvfb-run`'s), so that other X servers on the machine are left alone.
const DISPLAYS: std::ops::Range<u32> = 40..90;

/// Starts an Xvfb on the first display in [`DISPLAYS`] that no other X server holds and returns
/// it with the display's number. Xvfb takes the display's lock file (`/tmp/.X{n}-lock`) and
/// exits at once when another server has it; it is ready when its socket accepts a client.
fn xvfb(log_dir: &Path) -> Result<(Guard, String), String> {
    let log = log_dir.join("xvfb.log");
    for display in DISPLAYS {
        if Path::new(&format!("/tmp/.X{display}-lock")).exists() {
            continue;
        }
        let mut guard = Guard::spawn(
            "Xvfb",
            // -noreset: by default Xvfb resets when its last client leaves, and a browser
            // starting in that moment cannot open the display (MiniBrowser then exits and
            // WebKitWebDriver waits for it forever).
            Command::new("Xvfb").arg(format!(":{display}")).args([
                "-screen",
                "0",
                "1920x1080x24",
                "-nolisten",
                "tcp",
                "-noreset",
            ]),
            &log,
        )
        .map_err(|e| format!("{e}: apt-get install xvfb"))?;
        let socket = format!("/tmp/.X11-unix/X{display}");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if UnixStream::connect(&socket).is_ok() {
                return Ok((guard, display.to_string()));
            }
            if guard.exited() || Instant::now() > deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    Err(format!(
        "no free X display in :{}..:{} for Xvfb (log: {})",
        DISPLAYS.start,
        DISPLAYS.end,
        log.display()
    ))
}
