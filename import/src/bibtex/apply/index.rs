//! The lookups that find a paper's duplicates without scanning the dataset: publications by
//! DOI, arXiv id and title with year, their ids, and the members by name.

use std::collections::{HashMap, HashSet};

use research_atlas::model::{Dataset, Publication};

use super::super::paper::Paper;
use crate::names::{People, match_key};

/// What finding a paper's duplicates and linking its authors looks up, so that neither scans
/// the dataset: the publications by DOI, arXiv id and title with year, their ids, and the
/// members by name. [`apply_indexed`] keeps it up to date with what it adds; a caller that
/// imports many files into one dataset (a roster) builds it once, and must make a new one after
/// changing the dataset any other way.
pub struct Index {
    pub(super) people: People,
    /// Lower-case DOI → publications.
    pub(super) doi: HashMap<String, Vec<usize>>,
    /// arXiv id without its version → publications.
    pub(super) arxiv: HashMap<String, Vec<usize>>,
    /// (year, [`match_key`] of the title) → publications.
    title: HashMap<(u16, String), Vec<usize>>,
    /// Every publication id.
    pub(super) ids: HashSet<String>,
}

impl Index {
    /// Indexes `dataset`'s publications and members.
    pub fn new(dataset: &Dataset) -> Self {
        let mut index = Self {
            people: People::new(dataset),
            doi: HashMap::new(),
            arxiv: HashMap::new(),
            title: HashMap::new(),
            ids: HashSet::new(),
        };
        for (i, p) in dataset.publications.iter().enumerate() {
            index.insert(i, p);
        }
        index
    }

    /// Indexes publication `i`, `p`, under its keys (again after a merge gives it more).
    pub(super) fn insert(&mut self, i: usize, p: &Publication) {
        let push = |list: &mut Vec<usize>| {
            if !list.contains(&i) {
                list.push(i);
            }
        };
        if let Some(doi) = &p.doi {
            push(self.doi.entry(doi.to_ascii_lowercase()).or_default());
        }
        if let Some(ax) = &p.arxiv {
            push(self.arxiv.entry(arxiv_base(ax).to_owned()).or_default());
        }
        push(self.title.entry((p.year, match_key(&p.title))).or_default());
        self.ids.insert(p.id.0.clone());
    }
}

/// The records `paper` duplicates, each once and in dataset order, with the first reason
/// found: the same DOI, the same arXiv id, or the same title and year.
pub(super) fn duplicates(dataset: &Dataset, index: &Index, paper: &Paper) -> Vec<(usize, String)> {
    let title = match_key(&paper.title);
    let mut candidates: Vec<usize> = Vec::new();
    if let Some(doi) = &paper.doi {
        candidates.extend(
            index
                .doi
                .get(&doi.to_ascii_lowercase())
                .into_iter()
                .flatten(),
        );
    }
    if let Some(ax) = &paper.arxiv {
        candidates.extend(index.arxiv.get(arxiv_base(ax)).into_iter().flatten());
    }
    let by_title = index.title.get(&(paper.year, title.clone()));
    candidates.extend(by_title.into_iter().flatten());
    candidates.sort_unstable();
    candidates.dedup();
    let mut found: Vec<(usize, String)> = Vec::new();
    for i in candidates {
        let p = &dataset.publications[i];
        let why = if let (Some(a), Some(b)) = (&paper.doi, &p.doi)
            && a.eq_ignore_ascii_case(b)
        {
            format!("same DOI {b}")
        } else if let (Some(a), Some(b)) = (&paper.arxiv, &p.arxiv)
            && arxiv_base(a) == arxiv_base(b)
        {
            format!("same arXiv id {}", arxiv_base(b))
        } else if p.year == paper.year && match_key(&p.title) == title {
            "same title and year".to_owned()
        } else {
            continue;
        };
        found.push((i, why));
    }
    found
}

/// `2301.03734` from `2301.03734v2`.
pub(super) fn arxiv_base(id: &str) -> &str {
    id.split_once('v').map_or(id, |(base, _)| base)
}
