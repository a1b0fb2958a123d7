//! Importing many `.bib` files into one dataset, one after another (a roster's people).
//!
//! [`import_entries`](super::import_entries) copies the dataset, and checks the whole result,
//! for every file: right for one file, but for two thousand it is nearly all of the time. A
//! [`Batch`] imports into the dataset itself and keeps the dataset's [`Index`] (publications by
//! DOI, arXiv id and title, members by name) from file to file; the caller checks the dataset
//! once at the end, settling it as [`import_entries`](super::import_entries) does.

use research_atlas::model::{Dataset, ResearcherId};

use super::apply::{Index, Outcome, apply_papers};
use super::paper::{Paper, Reject};
use super::{BibReport, import_into, read_file};
use crate::Error;

/// The indexes of one dataset, kept up to date as files are imported into it.
pub struct Batch {
    index: Index,
}

impl Batch {
    /// Indexes `dataset`. Import into it only through this batch from now on; after a change
    /// made any other way, make a new batch.
    pub fn new(dataset: &Dataset) -> Self {
        Self {
            index: Index::new(dataset),
        }
    }

    /// Imports the BibTeX `source` into `dataset` on behalf of `researcher`, as
    /// [`import_entries`](super::import_entries) does, but without checking the result: the
    /// caller validates the dataset. `Err` (and `dataset` unchanged) when the file has no
    /// entry, or, if `strict`, when any entry is bad.
    pub fn import(
        &mut self,
        dataset: &mut Dataset,
        researcher: &ResearcherId,
        source: &str,
        strict: bool,
    ) -> Result<BibReport, Error> {
        import_into(
            dataset,
            &mut self.index,
            researcher,
            read_file(dataset, researcher, source)?,
            strict,
        )
        .map(|(file, _)| file)
    }

    /// Indexes what `id`'s record gained since (spellings, identifier links), so papers
    /// printed that way find them.
    pub fn learn(&mut self, dataset: &Dataset, id: &ResearcherId) {
        self.index.learn(dataset, id);
    }

    /// Adds or merges papers read from an open source (each with the key that names it in
    /// messages) into `dataset` on behalf of `researcher`, without checking the result: the
    /// caller validates the dataset. Returns each paper's outcome, and the papers refused as
    /// bad with their key and reason.
    pub fn import_papers(
        &mut self,
        dataset: &mut Dataset,
        researcher: &ResearcherId,
        papers: Vec<(String, Result<Paper, Reject>)>,
    ) -> (Vec<Outcome>, Vec<(String, String)>) {
        let judged = papers.into_iter().map(|(key, p)| (0, key, p));
        let report = apply_papers(dataset, &mut self.index, researcher, judged);
        let bad = report.errors.into_iter().map(|(_, k, r)| (k, r)).collect();
        (report.outcomes, bad)
    }
}
