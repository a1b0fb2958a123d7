//! A release build served by `e2e/server.mjs` the way GitHub Pages serves it, with the error
//! recorder injected into every page (`--record-errors`). It can be stopped and started again on
//! the same port, which is how the offline test takes the network away.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::{Guard, ensure_free};

/// One build at one base path.
pub struct Site {
    /// The build's folder (`dist/` or `dist-atlas/`).
    pub dist: PathBuf,
    /// The folder served now: the build's, or a copy a test deploys over.
    root: RefCell<PathBuf>,
    /// `/` or `/atlas/`.
    pub prefix: String,
    port: u16,
    log: PathBuf,
    server: RefCell<Option<Guard>>,
}

impl Site {
    /// Serves `dist` at `http://127.0.0.1:{port}{prefix}`.
    pub fn start(dist: &Path, prefix: &str, port: u16, log: &Path) -> Result<Self, String> {
        if !dist.join("index.html").is_file() {
            return Err(format!(
                "{} has no index.html: build it first (cargo xtask dist{})",
                dist.display(),
                if prefix == "/" {
                    String::new()
                } else {
                    format!(" --base {prefix} --out {}", dist.display())
                }
            ));
        }
        let site = Self {
            dist: dist.to_owned(),
            root: RefCell::new(dist.to_owned()),
            prefix: prefix.to_owned(),
            port,
            log: log.to_owned(),
            server: RefCell::new(None),
        };
        site.resume()?;
        Ok(site)
    }

    /// The URL of the base path, ending in `/`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}{}", self.port, self.prefix)
    }

    /// The same build redeployed with other data (`dist-next/` beside `dist/`, which
    /// `cargo xtask test` makes).
    pub fn next(&self) -> PathBuf {
        let name = self
            .dist
            .file_name()
            .map_or("dist".into(), |n| n.to_string_lossy());
        self.dist.with_file_name(format!("{name}-next"))
    }

    /// Serves `root` from now on, on the same port.
    pub fn serve_from(&self, root: &Path) -> Result<(), String> {
        self.stop();
        *self.root.borrow_mut() = root.to_owned();
        self.resume()
    }

    /// Stops the server: the site's origin now refuses connections, as when offline.
    pub fn stop(&self) {
        self.server.borrow_mut().take();
    }

    /// Starts the server again if a test stopped it and failed before starting it.
    pub fn resume_if_stopped(&self) -> Result<(), String> {
        if self.server.borrow().is_some() {
            Ok(())
        } else {
            self.resume()
        }
    }

    /// Starts the server (again).
    pub fn resume(&self) -> Result<(), String> {
        ensure_free(self.port, "the static server")?;
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server.mjs");
        let mut guard = Guard::spawn(
            "node server.mjs",
            Command::new("node")
                .arg(script)
                .arg("--root")
                .arg(&*self.root.borrow())
                .args(["--prefix", &self.prefix, "--port", &self.port.to_string()])
                .arg("--record-errors"),
            &self.log,
        )?;
        guard.wait_for_port(self.port)?;
        *self.server.borrow_mut() = Some(guard);
        Ok(())
    }
}

/// Makes `to` a copy of the folder `from`, as a host's upload with deletion does: whatever `to`
/// held goes.
pub fn replace_tree(to: &Path, from: &Path) -> Result<(), String> {
    if to.exists() {
        std::fs::remove_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    }
    copy_tree(from, to)
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("{}: {e}", from.display()))?
            .path();
        let target = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}
