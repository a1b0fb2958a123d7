//! The lookups that find a paper's duplicates without scanning the dataset: publications by
//! their id in an open source, DOI, arXiv id and title, their ids, and the members by name and
//! by their identifiers in the sources.

use std::collections::{HashMap, HashSet};

use research_atlas::model::{
    Dataset, LinkKind, Origin, Publication, PublicationType, Researcher, ResearcherId,
};

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
    /// [`match_key`] of the title → publications.
    title: HashMap<String, Vec<usize>>,
    /// (source, the record's id there) → publications.
    sourced: HashMap<(Origin, String), Vec<usize>>,
    /// Every publication id.
    pub(super) ids: HashSet<String>,
    /// (source, a member's identifier there: ORCID iD, dblp pid, OpenAlex id) → the member.
    pub(super) members: HashMap<(Origin, String), ResearcherId>,
    /// The dataset venues' keys, kept from one entry's venue to the next.
    pub(super) venues: crate::bibtex::venue::Keys,
}

impl Index {
    /// Indexes `dataset`'s publications and members.
    pub fn new(dataset: &Dataset) -> Self {
        let mut index = Self {
            people: People::new(dataset),
            doi: HashMap::new(),
            arxiv: HashMap::new(),
            title: HashMap::new(),
            sourced: HashMap::new(),
            ids: HashSet::new(),
            members: HashMap::new(),
            venues: Default::default(),
        };
        for (i, p) in dataset.publications.iter().enumerate() {
            index.insert(i, p);
        }
        for r in &dataset.researchers {
            index.identifiers_of(r);
        }
        index
    }

    /// Indexes what `id`'s record now holds that it did not: spellings and identifier links
    /// an import added. Cheaper than a new index, which re-reads every publication.
    pub fn learn(&mut self, dataset: &Dataset, id: &ResearcherId) {
        if let Some(r) = dataset.researcher(id) {
            let spellings = std::iter::once(&r.name)
                .chain(&r.alternative_names)
                .chain(&r.native_name);
            self.people.learn(&r.id, &r.name, spellings);
            self.identifiers_of(r);
        }
    }

    /// Indexes `r`'s identifier links (the first member to hold one keeps it).
    fn identifiers_of(&mut self, r: &Researcher) {
        for link in &r.links {
            let origin = match link.kind {
                LinkKind::Orcid => Origin::Orcid,
                LinkKind::Dblp => Origin::Dblp,
                LinkKind::Openalex => Origin::Openalex,
                _ => continue,
            };
            if let Some(id) = link.identifier() {
                (self.members)
                    .entry((origin, id.to_owned()))
                    .or_insert_with(|| r.id.clone());
            }
        }
    }

    /// The member whose identifier in a source is `id`, if any.
    pub(super) fn member(&self, origin: Origin, id: &str) -> Option<&ResearcherId> {
        self.members.get(&(origin, id.to_owned()))
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
        push(self.title.entry(match_key(&p.title)).or_default());
        for (origin, id) in &p.sources {
            push(self.sourced.entry((*origin, id.clone())).or_default());
        }
        self.ids.insert(p.id.0.clone());
    }
}

/// The records `paper` duplicates, each once and in dataset order, with the first reason
/// found: the same record of the same source, the same DOI, the same arXiv id, the same title
/// and year, or — between a preprint and a published paper — the same title within two years
/// (an arXiv preprint and the paper it became).
pub(super) fn duplicates(dataset: &Dataset, index: &Index, paper: &Paper) -> Vec<(usize, String)> {
    let title = match_key(&paper.title);
    let mut candidates: Vec<usize> = Vec::new();
    if let Some(key) = &paper.sourced.origin {
        candidates.extend(index.sourced.get(key).into_iter().flatten());
    }
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
    candidates.extend(index.title.get(&title).into_iter().flatten());
    candidates.sort_unstable();
    candidates.dedup();
    let mut found: Vec<(usize, String)> = Vec::new();
    for i in candidates {
        let p = &dataset.publications[i];
        let why = if let Some((origin, id)) = &paper.sourced.origin
            && p.sources.get(origin) == Some(id)
        {
            format!(
                "same {} record {id}",
                origin.label(&research_atlas::lang::EN)
            )
        } else if let (Some(a), Some(b)) = (&paper.doi, &p.doi)
            && a.eq_ignore_ascii_case(b)
        {
            format!("same DOI {b}")
        } else if let (Some(a), Some(b)) = (&paper.arxiv, &p.arxiv)
            && arxiv_base(a) == arxiv_base(b)
        {
            format!("same arXiv id {}", arxiv_base(b))
        } else if match_key(&p.title) != title {
            continue;
        } else if p.year == paper.year {
            "same title and year".to_owned()
        } else if (p.kind == PublicationType::Preprint) != (paper.kind == PublicationType::Preprint)
            && p.year.abs_diff(paper.year) <= 2
        {
            let (preprint, published) = if p.kind == PublicationType::Preprint {
                (p.year, paper.year)
            } else {
                (paper.year, p.year)
            };
            format!("same title: the {preprint} preprint of the {published} paper")
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
