//! What ranking reads: every paper with a directory author as a bag of terms — its title, its
//! abstract where the data has one, its venue's names and its topics' names — with the
//! postings of each term (which papers hold it, how often), each paper's vector length (the
//! cosine's, [`super::rank`]), year and directory authors, and each researcher's papers. Built whole from a dataset here; the same
//! structure holds just the postings a query needs when they come from term shards.

use std::collections::HashMap;

use super::rank::{idf, sublinear};
use super::terms::terms;
use crate::model::Dataset;

/// One paper as ranking sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct PaperDoc {
    /// Its index in the dataset's publications.
    pub publication: u32,
    /// The length of its term vector: √Σ ((1 + ln tf) · idf)² over its terms (0 without terms).
    pub norm: f32,
    /// Its year.
    pub year: u16,
    /// Its directory authors, by index in the dataset's researchers, in author order.
    pub authors: Vec<u32>,
}

/// The papers, their terms' postings, and each researcher's papers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Corpus {
    /// Every paper with a directory author.
    pub papers: Vec<PaperDoc>,
    /// Term → (paper, how many times it holds the term), by paper.
    pub postings: HashMap<String, Vec<(u32, u16)>>,
    /// Researcher (by index in the dataset) → their papers (indices into `papers`).
    pub by_researcher: Vec<Vec<u32>>,
    /// How many papers the directory has (idf's N): `papers.len()` for a whole corpus; more
    /// when `papers` holds only those of a question's terms ([`super::parts`]).
    pub total: usize,
}

impl Corpus {
    /// The corpus of `dataset`: every publication with at least one linked author.
    pub fn of(dataset: &Dataset) -> Self {
        Self::build(dataset, true)
    }

    /// Who wrote what in `dataset`, without terms: each paper's year and directory authors and
    /// each researcher's papers (what the conflicts read), and no postings or lengths.
    pub fn authorship(dataset: &Dataset) -> Self {
        Self::build(dataset, false)
    }

    fn build(dataset: &Dataset, with_terms: bool) -> Self {
        let at: HashMap<&str, u32> = (dataset.researchers.iter().enumerate())
            .map(|(i, r)| (r.id.as_str(), i as u32))
            .collect();
        let mut corpus = Corpus {
            by_researcher: vec![Vec::new(); dataset.researchers.len()],
            ..Corpus::default()
        };
        for (pi, p) in dataset.publications.iter().enumerate() {
            let mut authors: Vec<u32> = Vec::new();
            for a in &p.authors {
                if let Some(&i) = a.researcher.as_ref().and_then(|r| at.get(r.as_str()))
                    && !authors.contains(&i)
                {
                    authors.push(i);
                }
            }
            if authors.is_empty() {
                continue;
            }
            if !with_terms {
                for &a in &authors {
                    corpus.by_researcher[a as usize].push(corpus.papers.len() as u32);
                }
                corpus.papers.push(PaperDoc {
                    publication: pi as u32,
                    norm: 0.0,
                    year: p.year,
                    authors,
                });
                continue;
            }
            let mut text = p.title.clone();
            for extra in p.abstract_text.iter() {
                text.push(' ');
                text.push_str(extra);
            }
            if let Some(v) = dataset.venue_of(p) {
                text.push(' ');
                text.push_str(&v.short_name);
                text.push(' ');
                text.push_str(&v.name);
            }
            for t in &p.topics {
                text.push(' ');
                text.push_str(dataset.topic_name(t));
            }
            let words = terms(&text);
            let doc = corpus.papers.len() as u32;
            let mut counts: HashMap<String, u16> = HashMap::new();
            for w in &words {
                *counts.entry(w.clone()).or_insert(0) += 1;
            }
            for (term, tf) in counts {
                corpus.postings.entry(term).or_default().push((doc, tf));
            }
            for &a in &authors {
                corpus.by_researcher[a as usize].push(doc);
            }
            corpus.papers.push(PaperDoc {
                publication: pi as u32,
                norm: 0.0,
                year: p.year,
                authors,
            });
        }
        for list in corpus.postings.values_mut() {
            list.sort_unstable();
        }
        corpus.total = corpus.papers.len();
        if with_terms {
            corpus.norms();
        }
        corpus
    }

    /// Each paper's vector length, summed term by term in the terms' order (so that every
    /// build writes the same bits).
    fn norms(&mut self) {
        let mut squares = vec![0f64; self.papers.len()];
        let mut terms: Vec<(&String, &Vec<(u32, u16)>)> = self.postings.iter().collect();
        terms.sort_unstable_by(|a, b| a.0.cmp(b.0));
        for (_, list) in terms {
            let idf = idf(self.total, list.len());
            for &(doc, tf) in list {
                let w = f64::from(sublinear(u32::from(tf)) * idf);
                squares[doc as usize] += w * w;
            }
        }
        for (paper, sq) in self.papers.iter_mut().zip(squares) {
            paper.norm = sq.sqrt() as f32;
        }
    }

    /// How many papers hold `term`.
    pub fn papers_with(&self, term: &str) -> usize {
        self.postings.get(term).map_or(0, Vec::len)
    }
}
