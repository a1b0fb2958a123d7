//! Experts for a paper: the researchers whose papers match a text (a submission's title and
//! abstract, or any text) best, each with the papers and words that match and the conflicts
//! of interest that may keep them from reviewing it.
//!
//! How it counts (the page says the same in one paragraph): the text is cut into terms
//! ([`terms`]: folded words without function words, plurals singular) and reduced to its
//! [`TERM_CAP`] rarest, so a long abstract stays fast and its most telling words count; each
//! paper of the directory — its title, abstract where the data has one, venue and topics — is
//! scored by BM25 ([`rank`]); a researcher's score is their best paper's ([`rank::SCORING`]).
//! The score is shown in words relative to the best match ([`Level`]). Conflicts come from the
//! data only, each rule named ([`conflicts`]). [`corpus`] holds what ranking reads, [`subset`]
//! the part of a dataset that all of this reads (the experts file's), and [`page`] what the
//! page asks and shows.

pub mod conflicts;
pub mod corpus;
pub mod eval;
pub mod export;
pub mod page;
pub mod rank;
pub mod subset;
pub mod terms;

#[cfg(test)]
mod tests;

use crate::model::{CareerStage, Dataset, PublicationId, ResearcherId, TopicId};
pub use conflicts::{Author, Conflict, Rule, Window};
pub use corpus::Corpus;
pub use rank::{Aggregate, Scoring};

/// The most terms of a query that count: its rarest.
pub const TERM_CAP: usize = 40;

/// The question: the text, the submission's authors, and the options.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpertQuery {
    /// A title and abstract, or any text.
    pub text: String,
    /// The submission's authors.
    pub authors: Vec<Author>,
    /// How many years of co-authorship make a conflict.
    pub conflict_years: u16,
    /// Only papers from this year on.
    pub since: Option<u16>,
    /// Only researchers at these career stages (empty: all).
    pub stages: Vec<CareerStage>,
    /// The current year.
    pub this_year: u16,
    /// How many experts at most.
    pub limit: usize,
}

/// How well a researcher matches, in words, relative to the best match of the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// At least two thirds of the best score.
    Strong,
    /// At least a third.
    Good,
    /// Less.
    Some,
}

impl Level {
    /// "strong match", "good match", "some match".
    pub fn label(self) -> &'static str {
        match self {
            Level::Strong => "strong match",
            Level::Good => "good match",
            Level::Some => "some match",
        }
    }
}

/// A paper of an expert's that matches, with the query's words it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchedPaper {
    /// The paper.
    pub publication: PublicationId,
    /// Its title.
    pub title: String,
    /// Its year.
    pub year: u16,
    /// The query's terms it holds.
    pub words: Vec<String>,
}

/// One expert: who, how well (score, its share of the best, in words), why, and what may keep
/// them from reviewing.
#[derive(Debug, Clone, PartialEq)]
pub struct Expert {
    /// The researcher.
    pub researcher: ResearcherId,
    /// Their score (BM25 of their best paper).
    pub score: f32,
    /// Their score over the best expert's, 0 to 1 (for the bar).
    pub share: f32,
    /// The same in words.
    pub level: Level,
    /// Their best-matching papers, best first (at most three).
    pub papers: Vec<MatchedPaper>,
    /// Their topics that the matching papers have.
    pub topics: Vec<TopicId>,
    /// Their conflicts with the submission's authors.
    pub conflicts: Vec<Conflict>,
}

/// The answer: the experts best first, and the terms the query was matched by.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Answer {
    /// The experts, best first.
    pub experts: Vec<Expert>,
    /// The terms that counted (the rarest [`TERM_CAP`] the directory has).
    pub terms: Vec<String>,
    /// How many distinct terms the text had.
    pub text_terms: usize,
}

/// The experts for `q` in `dataset`, from its `corpus`.
pub fn find(dataset: &Dataset, corpus: &Corpus, q: &ExpertQuery) -> Answer {
    let words = terms::terms(&q.text);
    let mut distinct = words.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let kept = terms::most_informative(&words, |t| corpus.papers_with(t), TERM_CAP);
    let ranked = rank::rank(
        corpus,
        &rank::Ranking {
            terms: &kept,
            since: q.since,
            this_year: q.this_year,
            exclude: None,
            scoring: rank::SCORING,
        },
    );
    let best = ranked.first().map_or(0.0, |r| r.score);
    let window = Window {
        this_year: q.this_year,
        years: q.conflict_years,
    };
    let experts = ranked
        .into_iter()
        .filter(|r| {
            let stage = dataset.researchers[r.researcher as usize].career_stage;
            q.stages.is_empty() || q.stages.contains(&stage)
        })
        .take(q.limit)
        .map(|r| expert(dataset, corpus, r, best, &q.authors, window))
        .collect();
    Answer {
        experts,
        terms: kept.into_iter().map(|(t, _)| t).collect(),
        text_terms: distinct.len(),
    }
}

fn expert(
    dataset: &Dataset,
    corpus: &Corpus,
    r: rank::Ranked,
    best: f32,
    authors: &[Author],
    window: Window,
) -> Expert {
    let researcher = &dataset.researchers[r.researcher as usize];
    let share = if best > 0.0 { r.score / best } else { 0.0 };
    let level = if share >= 2.0 / 3.0 {
        Level::Strong
    } else if share >= 1.0 / 3.0 {
        Level::Good
    } else {
        Level::Some
    };
    let papers: Vec<MatchedPaper> = r
        .papers
        .iter()
        .map(|(doc, _, words)| {
            let p = &dataset.publications[corpus.papers[*doc as usize].publication as usize];
            MatchedPaper {
                publication: p.id.clone(),
                title: p.title.clone(),
                year: p.year,
                words: words.clone(),
            }
        })
        .collect();
    let topics = researcher
        .topics
        .iter()
        .filter(|t| {
            papers.iter().any(|m| {
                dataset
                    .publication(&m.publication)
                    .is_some_and(|p| p.topics.contains(t))
            })
        })
        .cloned()
        .collect();
    Expert {
        researcher: researcher.id.clone(),
        score: r.score,
        share,
        level,
        papers,
        topics,
        conflicts: conflicts::conflicts(dataset, corpus, r.researcher, authors, window),
    }
}

/// The submission's authors: each id a member, each typed name the member with that spelling
/// (any of their names, folded) or else a name.
pub fn authors_of(dataset: &Dataset, ids: &[ResearcherId], names: &[String]) -> Vec<Author> {
    let mut out: Vec<Author> = ids
        .iter()
        .filter_map(|id| {
            let i = dataset.researchers.iter().position(|r| &r.id == id)?;
            Some(Author::Member(i as u32))
        })
        .collect();
    for name in names.iter().filter(|n| !n.trim().is_empty()) {
        let folded = crate::search::text::fold(name.trim());
        let member = dataset.researchers.iter().position(|r| {
            std::iter::once(&r.name)
                .chain(&r.alternative_names)
                .chain(&r.native_name)
                .any(|n| crate::search::text::fold(n) == folded)
        });
        let author = match member {
            Some(i) => Author::Member(i as u32),
            None => Author::Named(name.trim().to_owned()),
        };
        if !out.contains(&author) {
            out.push(author);
        }
    }
    out
}
