//! Ranking researchers by what they published: BM25 over the papers, then each researcher's
//! score from their best-matching papers.
//!
//! A paper's score is BM25 (k1 = 1.2, b = 0.75) summed over the query's terms, each weighted by
//! 1 + ln(its count in the query). A researcher's score is, by [`Aggregate`], their best paper's
//! ([`Aggregate::Max`], as OpenReview's expertise model does) or the mean of their best three
//! (missing ones count 0, so breadth counts); with a recency half-life, a paper's score halves
//! every that many years of age. Ties go to the researcher listed first.

use std::collections::HashMap;

use super::corpus::Corpus;

/// How a researcher's papers make their score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    /// Their best paper's score.
    Max,
    /// The mean of their best three papers' scores.
    MeanOfTopThree,
}

/// A scoring choice: the aggregate, and the half-life of a paper's weight in years (none: age
/// does not matter).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scoring {
    /// How papers make a researcher's score.
    pub aggregate: Aggregate,
    /// Years after which a paper counts half; `None`: never discounted.
    pub half_life: Option<f32>,
}

/// The scoring the page uses: the better of the choices [`super::eval`] compared (best paper
/// against the mean of the best three, with and without recency; docs/performance.md has the
/// figures).
pub const SCORING: Scoring = Scoring {
    aggregate: Aggregate::Max,
    half_life: None,
};

const K1: f32 = 1.2;
const B: f32 = 0.75;

/// What to rank by.
#[derive(Debug, Clone)]
pub struct Ranking<'a> {
    /// The query's terms with their counts ([`super::terms::most_informative`]).
    pub terms: &'a [(String, u32)],
    /// Only papers from this year on.
    pub since: Option<u16>,
    /// The current year, for recency.
    pub this_year: u16,
    /// A paper to leave out (the leave-one-out evaluation's).
    pub exclude: Option<u32>,
    /// The scoring choice.
    pub scoring: Scoring,
}

/// One researcher's standing: their score and their best papers, each with its score and the
/// query terms it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    /// The researcher, by index in the dataset.
    pub researcher: u32,
    /// Their score.
    pub score: f32,
    /// Their best papers (at most three), best first: (paper, score, terms matched).
    pub papers: Vec<(u32, f32, Vec<String>)>,
    /// The best researcher's score in the same ranking.
    pub best: f32,
}

/// Every researcher with a matching paper, best first.
pub fn rank(corpus: &Corpus, q: &Ranking<'_>) -> Vec<Ranked> {
    let n = corpus.total as f32;
    let mut papers: HashMap<u32, (f32, Vec<usize>)> = HashMap::new();
    for (ti, (term, count)) in q.terms.iter().enumerate() {
        let Some(list) = corpus.postings.get(term) else {
            continue;
        };
        let df = list.len() as f32;
        let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
        let weight = 1.0 + (*count as f32).ln();
        for &(doc, tf) in list {
            let paper = &corpus.papers[doc as usize];
            if Some(doc) == q.exclude || q.since.is_some_and(|s| paper.year < s) {
                continue;
            }
            let tf = f32::from(tf);
            let norm = 1.0 - B + B * paper.len as f32 / corpus.mean_len.max(1.0);
            let mut s = weight * idf * tf * (K1 + 1.0) / (tf + K1 * norm);
            if let Some(h) = q.scoring.half_life {
                let age = f32::from(q.this_year.saturating_sub(paper.year));
                s *= 0.5f32.powf(age / h);
            }
            let e = papers.entry(doc).or_insert((0.0, Vec::new()));
            e.0 += s;
            e.1.push(ti);
        }
    }
    let mut by_researcher: HashMap<u32, Vec<(u32, f32)>> = HashMap::new();
    for (&doc, (score, _)) in &papers {
        for &r in &corpus.papers[doc as usize].authors {
            by_researcher.entry(r).or_default().push((doc, *score));
        }
    }
    let mut ranked: Vec<Ranked> = by_researcher
        .into_iter()
        .map(|(researcher, mut list)| {
            list.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            let score = match q.scoring.aggregate {
                Aggregate::Max => list[0].1,
                Aggregate::MeanOfTopThree => list.iter().take(3).map(|p| p.1).sum::<f32>() / 3.0,
            };
            let best = list
                .iter()
                .take(3)
                .map(|&(doc, s)| {
                    let words = papers[&doc]
                        .1
                        .iter()
                        .map(|&t| q.terms[t].0.clone())
                        .collect();
                    (doc, s, words)
                })
                .collect();
            Ranked {
                researcher,
                score,
                papers: best,
                best: 0.0,
            }
        })
        .collect();
    ranked.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.researcher.cmp(&b.researcher))
    });
    let top = ranked.first().map_or(0.0, |r| r.score);
    for r in &mut ranked {
        r.best = top;
    }
    ranked
}
