//! How well the ranking finds a paper's own authors: the leave-one-out evaluation OpenReview
//! published for its expertise models. For each of a sample of papers, the paper is left out of
//! the corpus, its title (and abstract, where the data has one) is the query, and we note the
//! best rank any of its directory authors reaches. Reported as the share of papers with an
//! author first, in the top 10 and in the top 100.

use super::TERM_CAP;
use super::corpus::Corpus;
use super::rank::{Ranking, Scoring, rank};
use super::terms::{terms, weigh};
use crate::model::Dataset;

/// The shares of queries whose author ranked first, in the top 10, in the top 100.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quality {
    /// Papers queried.
    pub queries: usize,
    /// Share with an author first.
    pub top1: f32,
    /// Share with an author in the top 10.
    pub top10: f32,
    /// Share with an author in the top 100.
    pub top100: f32,
}

/// Leave-one-out over every `step`-th paper of the corpus (1: all), scored by `scoring`, in
/// the year `this_year`. A paper whose authors have no other paper cannot be found, and counts
/// as a miss: it is what a reviewer search would meet.
pub fn leave_one_out(
    dataset: &Dataset,
    corpus: &Corpus,
    step: usize,
    scoring: Scoring,
    this_year: u16,
) -> Quality {
    let (mut n, mut hits) = (0usize, [0usize; 3]);
    for (doc, paper) in corpus.papers.iter().enumerate().step_by(step.max(1)) {
        let p = &dataset.publications[paper.publication as usize];
        let mut text = p.title.clone();
        if let Some(a) = &p.abstract_text {
            text.push(' ');
            text.push_str(a);
        }
        let words = terms(&text);
        // The paper is left out: its own terms must not count in how rare a term is.
        let df = |t: &str| {
            let list = corpus.postings.get(t).map_or(&[][..], Vec::as_slice);
            list.len() - usize::from(list.binary_search_by_key(&(doc as u32), |e| e.0).is_ok())
        };
        let kept = weigh(&words, df, corpus.total - 1, TERM_CAP);
        let ranked = rank(
            corpus,
            &Ranking {
                query: &kept,
                since: None,
                this_year,
                exclude: Some(doc as u32),
                scoring,
            },
        );
        n += 1;
        let best = ranked
            .iter()
            .position(|r| paper.authors.contains(&r.researcher));
        for (i, limit) in [1, 10, 100].iter().enumerate() {
            hits[i] += usize::from(best.is_some_and(|b| b < *limit));
        }
    }
    let share = |h: usize| if n == 0 { 0.0 } else { h as f32 / n as f32 };
    Quality {
        queries: n,
        top1: share(hits[0]),
        top10: share(hits[1]),
        top100: share(hits[2]),
    }
}
