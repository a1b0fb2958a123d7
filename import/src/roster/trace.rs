//! Which row brought what: the records each row's `.bib` and source documents added or first
//! merged into ([`Touched`]), the row behind a problem the dataset's checks found ([`trace`]),
//! and a paper whose record the checks refused moved to its row's bad entries
//! ([`refuse_paper`]). What lets a roster report each value left out on the row that brought it.

use std::collections::HashMap;

use research_atlas::model::{Dataset, Problem, PublicationId};

use super::report::Done;
use crate::authoring::record_of;
use crate::bibtex::Outcome;

/// The row whose `.bib` or sources added or first merged into each publication, and added each
/// venue and organization, by id.
#[derive(Default)]
pub(super) struct Touched {
    publications: HashMap<String, usize>,
    venues: HashMap<String, usize>,
    organizations: HashMap<String, usize>,
}

impl Touched {
    /// Records that `line` added every publication, venue and organization of `dataset` past
    /// `before`, and merged into `merged`.
    pub(super) fn note<'a>(
        &mut self,
        dataset: &'a Dataset,
        before: Counts,
        merged: impl Iterator<Item = &'a PublicationId>,
        line: usize,
    ) {
        let added = dataset.publications[before.publications..]
            .iter()
            .map(|p| &p.id);
        for id in added.chain(merged) {
            self.publications.entry(id.0.clone()).or_insert(line);
        }
        for v in &dataset.venues[before.venues..] {
            self.venues.entry(v.id.0.clone()).or_insert(line);
        }
        for o in &dataset.organizations[before.organizations..] {
            self.organizations.entry(o.id.0.clone()).or_insert(line);
        }
    }
}

/// How many publications, venues and organizations a dataset has: where a row's additions
/// start.
#[derive(Clone, Copy)]
pub(super) struct Counts {
    publications: usize,
    venues: usize,
    organizations: usize,
}

impl Counts {
    pub(super) fn of(dataset: &Dataset) -> Self {
        Self {
            publications: dataset.publications.len(),
            venues: dataset.venues.len(),
            organizations: dataset.organizations.len(),
        }
    }
}

/// The ids of the publications `outcomes` merged into.
pub(super) fn merged(outcomes: &[Outcome]) -> impl Iterator<Item = &PublicationId> {
    outcomes.iter().filter_map(|o| match o {
        Outcome::Merged { id, .. } => Some(id),
        _ => None,
    })
}

/// The row behind a validation problem, if any: the row of the person whose record it is in,
/// or of the `.bib` or source document that made the publication, venue or organization.
pub(super) fn trace(
    dataset: &Dataset,
    lines: &HashMap<String, usize>,
    touched: &Touched,
    p: &Problem,
) -> Option<usize> {
    let (collection, i) = record_of(p)?;
    match collection {
        "researchers" => lines.get(dataset.researchers.get(i)?.id.as_str()).copied(),
        "publications" => {
            let id = &dataset.publications.get(i)?.id;
            touched.publications.get(id.as_str()).copied()
        }
        "venues" => {
            let id = &dataset.venues.get(i)?.id;
            touched.venues.get(id.as_str()).copied()
        }
        "organizations" => {
            let id = &dataset.organizations.get(i)?.id;
            touched.organizations.get(id.as_str()).copied()
        }
        _ => None,
    }
}

/// Turns the outcome that added publication `id` in `done`'s `.bib` or source documents into a
/// bad entry or work, for `problem`, which refused its record; false when none added it.
pub(super) fn refuse_paper(done: &mut Done, id: &PublicationId, problem: &Problem) -> bool {
    let reason = format!("its record was refused by the dataset's checks ({problem}); left out");
    let added = |o: &Outcome| matches!(o, Outcome::Added { id: added, .. } if added == id);
    if let Some(bib) = &mut done.bib
        && let Some(at) = bib.outcomes.iter().position(added)
        && let Outcome::Added { key, .. } = bib.outcomes.remove(at)
    {
        bib.bad.push(crate::bibtex::BibError {
            line: bib.lines.get(&key).copied().unwrap_or_default(),
            key: Some(key),
            message: reason,
        });
        bib.bad.sort_by_key(|b| b.line);
        return true;
    }
    for brought in done
        .sources
        .iter_mut()
        .filter_map(|d| d.result.as_mut().ok())
    {
        if let Some(at) = brought.outcomes.iter().position(added)
            && let Outcome::Added { key, .. } = brought.outcomes.remove(at)
        {
            brought.bad.push((key, reason));
            return true;
        }
    }
    false
}
