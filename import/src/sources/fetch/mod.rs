//! Fills a source folder from the public scholarly APIs (`--fetch`), in the one layout the
//! readers read whether a maintainer filled it by hand or this did:
//!
//! | file | request |
//! | --- | --- |
//! | `orcid/<iD>.json` | `GET {orcid}/v3.0/<iD>/record`, `Accept: application/json` |
//! | `dblp/<pid, / as _>.xml` | `GET {dblp}/pid/<pid>.xml` |
//! | `openalex/<id>.json` | `GET {openalex}/authors/<id>` |
//! | `openalex/<id>.works.json` | `GET {openalex}/works?filter=author.id:<id>&per-page=100&cursor=…`, each page a line |
//!
//! The folder is the cache: a file already there is used as it is, unless `refresh`. The run
//! is polite as each API asks ([`polite`]: a [`Pace`] per host, a User-Agent naming the tool,
//! OpenAlex's `mailto`, and `429`/`503` answered by waiting as `Retry-After` says), and all or
//! nothing: every response goes into a staging folder ([`STAGING`]) and is moved into place
//! only when every request of the run has succeeded and every body is whole; otherwise the
//! staging folder is removed and the source folder is as it was. [`plan`] checks the
//! identifiers and names the files and URLs, [`download`] makes the requests, [`http`] sends
//! one and checks its body. Reading the files is the readers' business (`sources::orcid`,
//! `dblp`, `openalex`).

mod download;
mod http;
mod plan;
mod polite;
#[cfg(test)]
pub(crate) mod tests;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

pub use polite::{Clock, MAX_WAIT, Pace, SystemClock, day_of};

use download::Session;
use plan::Target;

/// The staging folder inside the source folder, removed at the end of every run.
pub const STAGING: &str = ".fetching";

/// One person to fetch, with the identifiers the roster gave (already normalized).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Person<'a> {
    /// Who this is in messages, e.g. `line 4 (Ada Lovelace)`.
    pub label: &'a str,
    /// The ORCID iD, e.g. `0000-0002-1825-0097`.
    pub orcid: Option<&'a str>,
    /// The dblp pid, e.g. `12/3456` or `l/JohnLong`.
    pub dblp: Option<&'a str>,
    /// The OpenAlex author id, e.g. `A5023888391`.
    pub openalex: Option<&'a str>,
}

/// Where each API lives: the public bases by default; tests point them at a loopback server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoints {
    /// The ORCID public API.
    pub orcid: String,
    /// dblp.
    pub dblp: String,
    /// The OpenAlex API.
    pub openalex: String,
}

impl Default for Endpoints {
    fn default() -> Self {
        Endpoints {
            orcid: "https://pub.orcid.org".to_string(),
            dblp: "https://dblp.org".to_string(),
            openalex: "https://api.openalex.org".to_string(),
        }
    }
}

/// How to fill a source folder.
pub struct Fetch {
    /// Where the APIs are.
    pub endpoints: Endpoints,
    /// A contact address: OpenAlex's `mailto` (its "polite pool"), and the User-Agent's.
    pub mailto: Option<String>,
    /// An OpenAlex API key (free; OpenAlex's daily allowance without one is about a hundred
    /// list requests). Sent as `api_key` on OpenAlex requests only, and never written into a
    /// message or a file.
    pub openalex_key: Option<String>,
    /// Download again what the folder already holds.
    pub refresh: bool,
    /// The minimum interval between two requests to one host.
    pub pace: Pace,
    /// How many times a `429` or `503` is retried before the run fails.
    pub max_retries: u32,
    /// What time is read and waited on: the system's, or a recorder in tests.
    pub clock: Box<dyn Clock>,
}

impl Default for Fetch {
    fn default() -> Self {
        Fetch {
            endpoints: Endpoints::default(),
            mailto: None,
            openalex_key: None,
            refresh: false,
            pace: Pace::default(),
            max_retries: 3,
            clock: Box::new(SystemClock),
        }
    }
}

/// What a successful run did, for the report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fetched {
    /// The files written (or rewritten, with `refresh`), in the source folder.
    pub downloaded: Vec<PathBuf>,
    /// How many files were already there and used as they are.
    pub cached: usize,
    /// Waits that did not follow a server's `Retry-After` exactly (capped, or unreadable).
    pub notes: Vec<String>,
}

impl Fetch {
    /// The User-Agent every request sends: the tool, its version, and the contact address.
    pub fn user_agent(&self) -> String {
        let version = env!("CARGO_PKG_VERSION");
        match &self.mailto {
            Some(address) => format!("research-atlas-import/{version} (+mailto:{address})"),
            None => format!("research-atlas-import/{version}"),
        }
    }

    /// Fills `folder` with every file the people's identifiers call for that it does not hold
    /// yet (every one, with `refresh`). All or nothing: on any error, no file in `folder` has
    /// changed, and the error names the person, the URL and what happened.
    pub fn fill(&self, folder: &Path, people: &[Person]) -> Result<Fetched, String> {
        let mut fetched = Fetched::default();
        let mut wanted = Vec::new();
        for target in plan::targets(people)? {
            if !self.refresh && folder.join(&target.file).is_file() {
                fetched.cached += 1;
            } else {
                wanted.push(target);
            }
        }
        if wanted.is_empty() {
            return Ok(fetched);
        }
        let folder_existed = folder.exists();
        let staging = folder.join(STAGING);
        let mut session = Session::new(self);
        let result = clear(&staging)
            .and_then(|()| stage(&mut session, &staging, &wanted))
            .and_then(|()| move_into_place(folder, &staging, &wanted));
        fetched.notes = session.notes;
        let cleared = clear(&staging);
        match result {
            Ok(downloaded) => {
                fetched.downloaded = downloaded;
                if let Err(e) = cleared {
                    fetched.notes.push(e);
                }
                Ok(fetched)
            }
            Err(mut message) => {
                if let Err(e) = cleared {
                    message = format!("{message} ({e})");
                }
                if !folder_existed {
                    // Created by this run, now empty again: leave no trace.
                    let _ = fs::remove_dir(folder);
                }
                Err(message)
            }
        }
    }
}

/// Downloads every wanted file into the staging folder.
fn stage(session: &mut Session, staging: &Path, wanted: &[Target]) -> Result<(), String> {
    for target in wanted {
        let body = session
            .download(target)
            .map_err(|e| format!("{e}; nothing was written"))?;
        let path = staging.join(&target.file);
        write(&path, &body).map_err(|e| {
            format!(
                "{}: writing {}: {e}; nothing was written",
                target.label,
                path.display()
            )
        })?;
    }
    Ok(())
}

/// Moves every staged file into its place in the source folder (a rename each, so no reader
/// ever sees half a file), replacing an older one.
fn move_into_place(
    folder: &Path,
    staging: &Path,
    wanted: &[Target],
) -> Result<Vec<PathBuf>, String> {
    let mut moved = Vec::new();
    for target in wanted {
        let to = folder.join(&target.file);
        let renamed = match to.parent() {
            Some(parent) => fs::create_dir_all(parent),
            None => Ok(()),
        }
        .and_then(|()| fs::rename(staging.join(&target.file), &to));
        if let Err(e) = renamed {
            let done = if moved.is_empty() {
                "nothing was written".to_string()
            } else {
                format!("{} files were already moved into place", moved.len())
            };
            return Err(format!("moving {} into place: {e}; {done}", to.display()));
        }
        moved.push(to);
    }
    Ok(moved)
}

fn write(path: &Path, body: &[u8]) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, body)
}

/// Removes the staging folder if it is there (left over from an interrupted run, or this
/// run's).
fn clear(staging: &Path) -> Result<(), String> {
    match fs::remove_dir_all(staging) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(format!(
            "the staging folder {} could not be removed: {e}",
            staging.display()
        )),
        _ => Ok(()),
    }
}
