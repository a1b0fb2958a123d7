//! The source folder (`--sources DIR`), one layout for files a maintainer downloaded and for
//! what `--fetch` fills in: `orcid/<iD>.json`, `dblp/<pid with / as _>.xml`,
//! `openalex/<id>.json` (the author) and `openalex/<id>.works.json` (their works).

use std::path::{Path, PathBuf};

use super::clean;
use super::record::{Origin, Record, Skip};
use super::{dblp, openalex, orcid};
use crate::Error;
use crate::repair;

/// The files of one person's record in `origin`, relative to the folder: one, or the author
/// and works files of OpenAlex.
pub fn files(origin: Origin, id: &str) -> Vec<String> {
    match origin {
        Origin::Orcid => vec![format!("orcid/{id}.json")],
        Origin::Dblp => vec![format!("dblp/{}.xml", id.replace('/', "_"))],
        Origin::Openalex => vec![
            format!("openalex/{id}.json"),
            format!("openalex/{id}.works.json"),
        ],
    }
}

/// Reads one person's record in `origin` from `folder`: each file decoded whatever its encoding
/// and every text of the record repaired ([`crate::repair`], [`clean`]). `Err` names the file
/// and what is wrong with it: missing (download it, or run with `--fetch`), unreadable, or
/// refused by the reader. OpenAlex's works file missing, the author is read alone, and the
/// missing file listed among what was left out.
pub fn read(folder: &Path, origin: Origin, id: &str) -> Result<Record, Error> {
    let names = files(origin, id);
    let mut texts = Vec::new();
    let mut missing = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let path: PathBuf = folder.join(name);
        // A missing works file costs the works only: the author is read alone.
        if i > 0 && !path.exists() {
            missing.push(Skip {
                at: name.clone(),
                reason: "no such file (the works were not read); download it, or run with --fetch"
                    .into(),
            });
            texts.push("[]".to_owned());
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| {
            let error = if e.kind() == std::io::ErrorKind::NotFound {
                Error::Missing
            } else {
                Error::io(&e)
            };
            Error::within(path.display(), error)
        })?;
        let text = repair::document(bytes)
            .map_err(|e| Error::within(path.display(), Error::document(e.to_string())))?;
        texts.push(text.text);
    }
    let first = folder.join(&names[0]);
    let named = |e: Error| Error::within(first.display(), e);
    let mut record = match (origin, texts.as_slice()) {
        (Origin::Orcid, [json]) => orcid::read(json).map_err(named),
        (Origin::Dblp, [xml]) => dblp::read(xml).map_err(named),
        (Origin::Openalex, [author, works]) => openalex::read(author, works)
            .map_err(|e| Error::within(format_args!("{} and its works file", first.display()), e)),
        _ => Err(named(Error::Layout)),
    }?;
    record.skipped.extend(missing);
    clean::record(&mut record);
    Ok(record)
}
