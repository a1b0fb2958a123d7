//! A department in the open sources, for the roster import's benchmark with `--sources`
//! (`cargo xtask bench --sources`): a roster CSV and a source folder for N synthetic people,
//! each with an ORCID iD (its check digit right), a dblp pid (`NN/NNNN`) and an OpenAlex id
//! (`A5…`), and their documents in the layout `--sources` reads: `orcid/<iD>.json` ([`orcid`]),
//! `dblp/<pid with / as _>.xml` ([`dblp`]), `openalex/<id>.json` and `openalex/<id>.works.json`
//! ([`openalex`]). The same seed gives the same bytes.
//!
//! [`plan`] decides the people and papers once (from the fixed lists of [`lists`]), so the documents agree as real ones do: a
//! paper shared by people on the roster is in each one's documents, with the same dblp key,
//! OpenAlex id, DOI and title; dblp lists it with its co-authors' pids (and the CoRR preprint of
//! some), OpenAlex with their ids, citations and some abstracts (and the preprint of some as a
//! work of its own), ORCID with its DOI for part of a person's papers. So an import links people
//! and merges the same paper from three sources.
//!
//! This module owns the files under the folder it is given: `roster.csv` and `sources/`. A file
//! whose bytes are already there is not written again, and a document no longer generated is
//! removed, so a rerun with the same seed and generator changes nothing on disk.

mod dblp;
mod lists;
mod openalex;
mod orcid;
mod plan;
#[cfg(test)]
mod tests;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use research_atlas::model::{CareerStage, Dataset};

use crate::Error;

use lists::{FIRST_NON_UNIVERSITY, ORGS};
use plan::Plan;

/// What [`write_sources`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFiles {
    /// The roster CSV.
    pub csv: PathBuf,
    /// The source folder (`--sources`).
    pub folder: PathBuf,
    /// People on the roster.
    pub people: usize,
    /// Distinct papers.
    pub papers: usize,
    /// Papers by two or more people on the roster.
    pub shared_papers: usize,
    /// Documents in the source folder.
    pub documents: usize,
    /// Bytes of all documents.
    pub bytes: u64,
    /// Files written this time (0 when everything was there already).
    pub written: usize,
    /// Stale documents removed.
    pub removed: usize,
}

/// Writes `roster.csv` and `sources/` into `dir` (made if missing) for `people` people not in
/// `dataset` (their names no one's there), from `seed`.
pub fn write_sources(
    dir: &Path,
    people: usize,
    seed: u64,
    dataset: &Dataset,
) -> Result<SourceFiles, Error> {
    let plan = plan::plan(people, seed, dataset);
    let folder = dir.join("sources");
    let mut out = Output::default();
    for kind in ["orcid", "dblp", "openalex"] {
        let d = folder.join(kind);
        std::fs::create_dir_all(&d).map_err(Error::io(&d))?;
    }
    for (i, p) in plan.people.iter().enumerate() {
        let dblp_name = format!("dblp/{}.xml", p.pid.replace('/', "_"));
        out.put(
            &folder,
            &format!("orcid/{}.json", p.orcid),
            orcid::document(&plan, i, seed),
        )?;
        out.put(&folder, &dblp_name, dblp::document(&plan, i))?;
        let author = format!("openalex/{}.json", p.openalex);
        out.put(&folder, &author, openalex::author(&plan, i))?;
        let works = format!("openalex/{}.works.json", p.openalex);
        out.put(&folder, &works, openalex::works(&plan, i))?;
    }
    let removed = out.remove_stale(&folder)?;
    let documents = out.kept.len();
    let bytes = out.bytes;
    let csv = dir.join("roster.csv");
    let written_csv = write_if_changed(&csv, roster(&plan, dataset).as_bytes())?;
    Ok(SourceFiles {
        csv,
        folder,
        people,
        papers: plan.papers.len(),
        shared_papers: (plan.papers.iter())
            .filter(|p| {
                (p.authors.iter())
                    .filter(|a| matches!(a, plan::Author::Member(_)))
                    .count()
                    > 1
            })
            .count(),
        documents,
        bytes,
        written: out.written + usize::from(written_csv),
        removed,
    })
}

/// The documents written so far.
#[derive(Default)]
struct Output {
    kept: HashSet<String>,
    bytes: u64,
    written: usize,
}

impl Output {
    /// Puts `text` at `name` under `folder`, unless it is there already.
    fn put(&mut self, folder: &Path, name: &str, text: String) -> Result<(), Error> {
        self.bytes += text.len() as u64;
        if write_if_changed(&folder.join(name), text.as_bytes())? {
            self.written += 1;
        }
        self.kept.insert(name.to_owned());
        Ok(())
    }

    /// Removes the files of the three source folders that were not put this time.
    fn remove_stale(&self, folder: &Path) -> Result<usize, Error> {
        let mut removed = 0;
        for kind in ["orcid", "dblp", "openalex"] {
            let d = folder.join(kind);
            let entries = std::fs::read_dir(&d).map_err(Error::io(&d))?;
            for entry in entries {
                let entry = entry.map_err(Error::io(&d))?;
                let name = format!("{kind}/{}", entry.file_name().to_string_lossy());
                if !self.kept.contains(&name) {
                    let path = entry.path();
                    std::fs::remove_file(&path).map_err(Error::io(&path))?;
                    removed += 1;
                }
            }
        }
        Ok(removed)
    }
}

/// Writes `bytes` to `path` unless it holds them already; true when it wrote.
fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<bool, Error> {
    let same = std::fs::metadata(path).is_ok_and(|m| m.len() == bytes.len() as u64)
        && std::fs::read(path).is_ok_and(|have| have == bytes);
    if same {
        return Ok(false);
    }
    std::fs::write(path, bytes).map_err(Error::io(path))?;
    Ok(true)
}

/// The roster: each person's name, current organization when the dataset has it, stage from
/// their current job, homepage, and the three identifiers (some as links).
fn roster(plan: &Plan, dataset: &Dataset) -> String {
    let mut csv = String::from("name,id,organization,stage,homepage,bib,orcid,dblp,openalex\n");
    for (i, p) in plan.people.iter().enumerate() {
        let job = p.jobs.first();
        let (org, _, _) = ORGS[job.map_or(0, |j| j.org)];
        let organization = if dataset.organizations.iter().any(|o| o.name == org) {
            org
        } else {
            ""
        };
        let stage = match job {
            Some(j) if j.org >= FIRST_NON_UNIVERSITY => CareerStage::Industry,
            Some(j) if j.role.starts_with("Postdoc") => CareerStage::Postdoc,
            Some(_) => CareerStage::Faculty,
            None => CareerStage::PhdStudent,
        };
        let link = i.is_multiple_of(3);
        let orcid = if link {
            format!("https://orcid.org/{}", p.orcid)
        } else {
            p.orcid.clone()
        };
        let dblp = if link {
            format!("https://dblp.org/pid/{}.html", p.pid)
        } else {
            p.pid.clone()
        };
        let openalex = if link {
            format!("https://openalex.org/{}", p.openalex)
        } else {
            p.openalex.clone()
        };
        let cells = [
            p.name.as_str(),
            "",
            organization,
            stage.key(),
            p.homepage.as_deref().unwrap_or(""),
            "",
            &orcid,
            &dblp,
            &openalex,
        ];
        let cells: Vec<String> = cells.iter().map(|c| cell(c)).collect();
        csv.push_str(&cells.join(","));
        csv.push('\n');
    }
    csv
}

/// A CSV cell, quoted when it holds a comma, a quote or a line end.
fn cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}
