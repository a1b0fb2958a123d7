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
//! OpenAlex's `mailto`, and `429`/`503` answered by waiting as `Retry-After` says).
//!
//! One document that cannot be fetched costs that document only, never the person or the run
//! ([`NotFetched`], in [`Fetched::failed`]: the person, the URL, what happened). Each is whole
//! or absent: it is downloaded into a staging folder ([`STAGING`]), checked whole, then renamed
//! into place, so no reader ever sees half a file; an OpenAlex works file whose third page
//! fails is not written at all, and with `refresh` a document that fails leaves its older copy
//! as it was. A host that refuses for good (`429`/`503` still after the retries, or no
//! connection) is not asked again in the run: its remaining documents are reported "not
//! tried", and the other hosts go on. Only a staging folder that cannot be cleared or made
//! fails the whole run. [`plan`] checks the identifiers and names the files and URLs,
//! [`download`] makes the requests, [`http`] sends one and checks its body. Reading the files
//! is the readers' business (`sources::orcid`, `dblp`, `openalex`), which report a file that
//! is not there.

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

use download::{Failure, Session};

use crate::Error;
pub use crate::error::{NotFetched, Why};
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
    /// How many times a `429` or `503` is retried before the document fails and its host is
    /// asked nothing more this run.
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

/// What a run did, for the report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fetched {
    /// The files written (or rewritten, with `refresh`), in the source folder.
    pub downloaded: Vec<PathBuf>,
    /// How many files were already there and used as they are.
    pub cached: usize,
    /// The documents not fetched, each with why; the rest of the run went on without them.
    pub failed: Vec<NotFetched>,
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
    /// yet (every one, with `refresh`), each document on its own: one that fails is in
    /// [`Fetched::failed`] and its file is as it was; every other is moved into place. `Err`
    /// only when the staging folder cannot be cleared or made (then no file has changed).
    pub fn fill(&self, folder: &Path, people: &[Person]) -> Result<Fetched, Error> {
        let (targets, bad) = plan::targets(people);
        let mut fetched = Fetched {
            failed: bad,
            ..Fetched::default()
        };
        let mut wanted = Vec::new();
        for target in targets {
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
        let made = clear(&staging).and_then(|()| {
            fs::create_dir_all(&staging).map_err(|e| Error::Staging {
                path: staging.clone(),
                undone: "made",
                reason: e.to_string(),
            })
        });
        if let Err(e) = made {
            if !folder_existed {
                let _ = fs::remove_dir(folder);
            }
            return Err(Error::NothingFetched { error: Box::new(e) });
        }
        let mut session = Session::new(self);
        for target in &wanted {
            match bring(&mut session, folder, &staging, target) {
                Ok(path) => fetched.downloaded.push(path),
                Err(failure) => fetched.failed.push(NotFetched {
                    kept: folder.join(&target.file).is_file(),
                    ..failure.of(target)
                }),
            }
        }
        fetched.notes = session.notes;
        if let Err(e) = clear(&staging) {
            fetched.notes.push(e.to_string());
        }
        if !folder_existed && fetched.downloaded.is_empty() {
            // Made by this run, and nothing came: leave no trace.
            let _ = fs::remove_dir(folder);
        }
        Ok(fetched)
    }
}

/// Downloads one document into the staging folder, then renames it into its place in the
/// source folder (replacing an older copy): the file is whole or not there, never half.
fn bring(
    session: &mut Session,
    folder: &Path,
    staging: &Path,
    target: &Target,
) -> Result<PathBuf, Failure> {
    let body = session.download(target)?;
    let staged = staging.join(&target.file);
    let to = folder.join(&target.file);
    write(&staged, &body)
        .map_err(|e| format!("writing {}: {e}", staged.display()))
        .and_then(|()| {
            match to.parent() {
                Some(parent) => fs::create_dir_all(parent),
                None => Ok(()),
            }
            .and_then(|()| fs::rename(&staged, &to))
            .map_err(|e| format!("moving {} into place: {e}", to.display()))
        })
        .map_err(|what| {
            let _ = fs::remove_file(&staged);
            Failure {
                url: session.url(target, "*"),
                why: Why::Failed(what),
            }
        })?;
    Ok(to)
}

fn write(path: &Path, body: &[u8]) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, body)
}

/// Removes the staging folder if it is there (left over from an interrupted run, or this
/// run's).
fn clear(staging: &Path) -> Result<(), Error> {
    match fs::remove_dir_all(staging) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(Error::Staging {
            path: staging.to_path_buf(),
            undone: "removed",
            reason: e.to_string(),
        }),
        _ => Ok(()),
    }
}
