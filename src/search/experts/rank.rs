//! Ranking researchers by what they published: each paper's cosine with the query, then each
//! researcher's score from their best-matching papers.
//!
//! A term weighs (1 + ln of its count) × idf in a paper and in the query alike (sublinear tf
//! and idf = ln((1 + N) / (1 + papers holding it)) + 1, N the directory's papers), and a
//! paper's score is the cosine of its vector with the query's: the sum over the matched terms,
//! over both vectors' lengths (a paper's from all its terms, computed when the data is
//! built; the query's from all its terms the directory has, [`super::terms::weigh`]). So a
//! score runs from 0 to 1 and means the same for every question — what an assignment solver
//! that reads a whole conference's scores needs. A researcher's score is, by [`Aggregate`],
//! their best paper's ([`Aggregate::Max`]), the mean of their best three, or the root mean
//! square of their best twenty (missing ones count 0: breadth counts, strong matches most);
//! with a recency half-life, a paper's score halves every that many years of age. Ties go to
//! the researcher listed first. Logarithms are [`libm`]'s, so the scores have the same bits
//! natively and in the browser.

use std::collections::HashMap;

use super::corpus::Corpus;
use super::terms::Weighed;

/// How a researcher's papers make their score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    /// Their best paper's score.
    Max,
    /// The mean of their best three papers' scores.
    MeanOfTopThree,
    /// The root mean square of their best twenty papers' scores.
    RootMeanSquareOfTwenty,
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

/// The scoring the page uses: the best of the choices measured on the reviewer-assignment gold
/// standard and by [`super::eval`] (docs/performance.md has the figures).
pub const SCORING: Scoring = Scoring {
    aggregate: Aggregate::RootMeanSquareOfTwenty,
    half_life: None,
};

/// How many of a researcher's best papers [`Aggregate::RootMeanSquareOfTwenty`] reads.
const TWENTY: usize = 20;
/// How many best papers a [`Ranked`] keeps to show.
const SHOWN_PAPERS: usize = 3;

/// A term's idf among `total` papers when `df` of them hold it: ln((1 + N) / (1 + df)) + 1.
pub fn idf(total: usize, df: usize) -> f32 {
    (libm::log((1 + total) as f64 / (1 + df) as f64) + 1.0) as f32
}

/// A term's weight for `count` occurrences: 1 + ln(count) (0 for none).
pub fn sublinear(count: u32) -> f32 {
    if count == 0 {
        0.0
    } else {
        1.0 + libm::logf(count as f32)
    }
}

/// What to rank by.
#[derive(Debug, Clone)]
pub struct Ranking<'a> {
    /// The query: its matched terms and its length ([`super::terms::weigh`]).
    pub query: &'a Weighed,
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
    /// Their best papers (at most three), best first: (paper, score, the query's terms it
    /// holds as bits: bit `i` for the `i`th kept term).
    pub papers: Vec<(u32, f32, u64)>,
    /// The best researcher's score in the same ranking.
    pub best: f32,
}

/// The terms of `terms` whose bits `mask` has, in their order.
pub fn words_of(terms: &[String], mask: u64) -> Vec<String> {
    (terms.iter().enumerate())
        .filter(|(i, _)| *i < 64 && mask & (1 << i) != 0)
        .map(|(_, t)| t.clone())
        .collect()
}

/// Every researcher with a matching paper, best first. A paper's terms past the 64th kept
/// (the rarest come first) count in its score but not in the words it is shown with.
pub fn rank(corpus: &Corpus, q: &Ranking<'_>) -> Vec<Ranked> {
    let n = corpus.total;
    // Each paper's score and terms, in arrays over the corpus: one pass over the postings.
    let mut score = vec![0f32; corpus.papers.len()];
    let mut held = vec![0u64; corpus.papers.len()];
    let mut touched: Vec<u32> = Vec::new();
    let mut seen = vec![false; corpus.papers.len()];
    let qnorm = q.query.norm.max(f32::MIN_POSITIVE);
    for (ti, (term, count, _)) in q.query.kept.iter().enumerate() {
        let Some(list) = corpus.postings.get(term) else {
            continue;
        };
        let idf = idf(n, list.len());
        let weight = sublinear(*count) * idf / qnorm;
        for &(doc, tf) in list {
            let paper = &corpus.papers[doc as usize];
            if Some(doc) == q.exclude || q.since.is_some_and(|s| paper.year < s) {
                continue;
            }
            let mut s = weight * sublinear(u32::from(tf)) * idf / paper.norm.max(f32::MIN_POSITIVE);
            if let Some(h) = q.scoring.half_life {
                let age = f32::from(q.this_year.saturating_sub(paper.year));
                s *= libm::powf(0.5, age / h);
            }
            let d = doc as usize;
            if !seen[d] {
                seen[d] = true;
                touched.push(doc);
            }
            score[d] += s;
            if ti < 64 {
                held[d] |= 1 << ti;
            }
        }
    }
    // Each researcher's matching papers, best first (ties to the earlier paper).
    let mut theirs: HashMap<u32, Vec<(u32, f32)>> = HashMap::new();
    for &doc in &touched {
        let s = score[doc as usize];
        for &r in &corpus.papers[doc as usize].authors {
            theirs.entry(r).or_default().push((doc, s));
        }
    }
    let mut ranked: Vec<Ranked> = theirs
        .into_iter()
        .map(|(researcher, mut list)| {
            list.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            let score = aggregate(q.scoring.aggregate, &list);
            list.truncate(SHOWN_PAPERS);
            Ranked {
                researcher,
                score,
                papers: (list.iter())
                    .map(|&(doc, s)| (doc, s, held[doc as usize]))
                    .collect(),
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

/// A researcher's score from their papers' scores, best first (never empty).
fn aggregate(how: Aggregate, best_first: &[(u32, f32)]) -> f32 {
    match how {
        Aggregate::Max => best_first[0].1,
        Aggregate::MeanOfTopThree => best_first.iter().take(3).map(|p| p.1).sum::<f32>() / 3.0,
        Aggregate::RootMeanSquareOfTwenty => {
            let squares: f32 = best_first.iter().take(TWENTY).map(|p| p.1 * p.1).sum();
            (squares / TWENTY as f32).sqrt()
        }
    }
}
