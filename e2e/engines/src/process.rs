//! Child processes the suite starts (drivers, Xvfb, static servers): each is ended by its own id
//! when its guard is dropped, and every start and stop waits for a condition with a deadline.

use std::fs::File;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a driver, a display or a server may take to start listening.
const START_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a child may take to end when asked.
const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// A running child process, killed and reaped when dropped.
pub struct Guard {
    name: String,
    child: Child,
    log: PathBuf,
}

impl Guard {
    /// Starts `cmd` with its output appended to `log`.
    pub fn spawn(name: &str, cmd: &mut Command, log: &Path) -> Result<Self, String> {
        let out = File::options()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|e| format!("{}: {e}", log.display()))?;
        let err = out
            .try_clone()
            .map_err(|e| format!("{}: {e}", log.display()))?;
        let child = cmd
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("could not start {name} ({:?}): {e}", cmd.get_program()))?;
        Ok(Self {
            name: name.to_owned(),
            child,
            log: log.to_owned(),
        })
    }

    /// True once the child has exited.
    pub fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Waits until something accepts connections on `port`, failing early if the child exits.
    pub fn wait_for_port(&mut self, port: u16) -> Result<(), String> {
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(());
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!(
                    "{} exited with {status} before listening on port {port} (log: {})",
                    self.name,
                    self.log.display()
                ));
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "{} did not listen on port {port} within {} s (log: {})",
                    self.name,
                    START_TIMEOUT.as_secs(),
                    self.log.display()
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Guard {
    /// Asks the child to end (SIGTERM, so Xvfb removes its lock file), and kills it if it has
    /// not within a few seconds.
    fn drop(&mut self) {
        let asked = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        let deadline = Instant::now() + STOP_TIMEOUT;
        while asked && !self.exited() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Fails with a clear message when `port` is taken: a stale server there would answer instead.
pub fn ensure_free(port: u16, what: &str) -> Result<(), String> {
    TcpListener::bind(("127.0.0.1", port))
        .map(drop)
        .map_err(|e| format!("port {port} for {what} is not free ({e}): pass another --port"))
}
