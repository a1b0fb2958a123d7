//! Experts for a paper: the researchers whose papers match a text (a submission's title and
//! abstract, or any text) best, each with the papers and words that match and the conflicts
//! of interest that may keep them from reviewing it.
//!
//! How it counts (the page says the same in one paragraph): the text is cut into terms
//! ([`terms`]: folded words without function words, stemmed), and matched by all of them
//! the directory has, rarest first, up to [`TERM_CAP`] and while the papers they are in add
//! up to at most [`terms::POSTINGS_BUDGET`] — so what a question reads is bounded at any
//! size and, when it must, the most telling words count; each paper of the directory — its
//! title, abstract where the data has one, venue and topics — is scored by its tf-idf cosine
//! with the text ([`rank`]: 0 to 1, comparable across questions); a researcher's score is the
//! root mean square of their twenty best papers' ([`rank::SCORING`]). The score is shown in
//! words relative to the best match ([`Level`]). [`batch`] answers a whole conference's
//! submissions at once, as the affinity file an assignment solver reads. Conflicts come from the
//! data only, each rule named ([`conflicts`]). [`corpus`] holds what ranking reads, [`subset`]
//! the part of a dataset that all of this reads, [`parts`] the same in the parts a page fetches
//! as a question needs them (with the same answer), and [`page`] what the
//! page asks and shows.

pub mod batch;
pub mod conflicts;
pub mod corpus;
pub mod eval;
pub mod export;
pub mod page;
pub mod parts;
pub mod rank;
pub mod subset;
pub mod terms;

#[cfg(test)]
mod tests;

use crate::model::{CareerStage, Dataset, PublicationId, ResearcherId, TopicId};
pub use conflicts::{Author, Conflict, Reason, Rule, Window};
pub use corpus::Corpus;
pub use rank::{Aggregate, Scoring};

/// The most terms of a query that are matched: its rarest. A title and abstract have about
/// 60 to 150; the cap bounds the work of a pasted article (measured on the reviewer-assignment
/// gold standard: matching only the 40 rarest lost the cosine's gain, docs/performance.md).
pub const TERM_CAP: usize = 256;

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
    /// The query's words it holds (as the query has them, e.g. `learning` for the term
    /// `learn`).
    pub words: Vec<String>,
}

/// One expert: who, how well (score, its share of the best, in words), why, and what may keep
/// them from reviewing.
#[derive(Debug, Clone, PartialEq)]
pub struct Expert {
    /// The researcher.
    pub researcher: ResearcherId,
    /// Their score (the root mean square of their twenty best papers' cosines, a missing one
    /// counting 0): 0 to 1, comparable across questions.
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
    /// The words that were matched, rarest first (each term as the query first has it).
    pub terms: Vec<String>,
    /// How many distinct terms the text had.
    pub text_terms: usize,
}

/// The experts for `q` in `dataset`, from its `corpus`.
pub fn find(dataset: &Dataset, corpus: &Corpus, q: &ExpertQuery) -> Answer {
    let words = terms::terms(&q.text);
    let kept = terms::weigh(&words, |t| corpus.papers_with(t), corpus.total, TERM_CAP);
    let chosen = choose(corpus, &kept, q, |r| {
        dataset.researchers.get(r as usize).map(|r| r.career_stage)
    });
    let view = View {
        dataset,
        corpus,
        researcher: &Some,
        paper: &|doc| Some(corpus.papers.get(doc as usize)?.publication),
    };
    answer_of(kept, chosen, q, &view)
}

/// The researchers `q` lists, best first: ranked over `corpus` by the `kept` terms, of the
/// stages asked for (`stage_of` a researcher by directory index), at most `q.limit`.
fn choose(
    corpus: &Corpus,
    kept: &terms::Weighed,
    q: &ExpertQuery,
    stage_of: impl Fn(u32) -> Option<CareerStage>,
) -> Vec<rank::Ranked> {
    let ranked = rank::rank(
        corpus,
        &rank::Ranking {
            query: kept,
            since: q.since,
            this_year: q.this_year,
            exclude: None,
            scoring: rank::SCORING,
        },
    );
    // Each keeps the best score of all (`Ranked::best`), whatever the stages listed.
    ranked
        .into_iter()
        .filter(|r| {
            q.stages.is_empty() || stage_of(r.researcher).is_some_and(|s| q.stages.contains(&s))
        })
        .take(q.limit)
        .collect()
}

/// Where the experts' records are: a dataset with the chosen researchers, the submission's
/// member authors and all their papers (the whole dataset, or a question's blocks), its
/// corpus (for the conflicts), a researcher's position in it by directory index, and a
/// ranked paper's publication in it.
struct View<'a> {
    dataset: &'a Dataset,
    corpus: &'a Corpus,
    researcher: &'a dyn Fn(u32) -> Option<u32>,
    paper: &'a dyn Fn(u32) -> Option<u32>,
}

/// The answer of the `chosen` researchers, their records from `view`.
fn answer_of(
    kept: terms::Weighed,
    chosen: Vec<rank::Ranked>,
    q: &ExpertQuery,
    view: &View<'_>,
) -> Answer {
    let words = terms::words(&q.text);
    let mut distinct: Vec<&str> = words.iter().map(|(t, _)| t.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    // Each kept term as the query first has it.
    let shown: Vec<String> = (kept.kept.iter())
        .map(|(t, _, _)| {
            (words.iter())
                .find(|(term, _)| term == t)
                .map_or_else(|| t.clone(), |(_, w)| w.clone())
        })
        .collect();
    let window = Window {
        this_year: q.this_year,
        years: q.conflict_years,
    };
    // The authors as members of the view's dataset.
    let authors: Vec<Author> = (q.authors.iter())
        .filter_map(|a| match a {
            Author::Member(i) => (view.researcher)(*i).map(Author::Member),
            Author::Named(n) => Some(Author::Named(n.clone())),
        })
        .collect();
    let experts = chosen
        .into_iter()
        .filter_map(|r| expert(view, &shown, r, &authors, window))
        .collect();
    Answer {
        experts,
        terms: shown,
        text_terms: distinct.len(),
    }
}

fn expert(
    view: &View<'_>,
    kept: &[String],
    r: rank::Ranked,
    authors: &[Author],
    window: Window,
) -> Option<Expert> {
    let dataset = view.dataset;
    let at = (view.researcher)(r.researcher)?;
    let researcher = dataset.researchers.get(at as usize)?;
    let best = r.best;
    let share = if best > 0.0 { r.score / best } else { 0.0 };
    let level = if share >= 2.0 / 3.0 {
        Level::Strong
    } else if share >= 1.0 / 3.0 {
        Level::Good
    } else {
        Level::Some
    };
    let papers: Vec<MatchedPaper> = (r.papers.iter())
        .filter_map(|&(doc, _, held)| {
            let p = dataset.publications.get((view.paper)(doc)? as usize)?;
            Some(MatchedPaper {
                publication: p.id.clone(),
                title: p.title.clone(),
                year: p.year,
                words: rank::words_of(kept, held),
            })
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
    Some(Expert {
        researcher: researcher.id.clone(),
        score: r.score,
        share,
        level,
        papers,
        topics,
        conflicts: conflicts::conflicts(dataset, view.corpus, at, authors, window),
    })
}

/// The submission's authors: each id a member, each typed name the member with that spelling
/// (any of their names, folded) or else a name.
pub fn authors_of(dataset: &Dataset, ids: &[ResearcherId], names: &[String]) -> Vec<Author> {
    let people = dataset.researchers.iter().map(|r| {
        let names = (std::iter::once(&r.name))
            .chain(&r.alternative_names)
            .chain(&r.native_name)
            .map(String::as_str);
        (r.id.as_str(), names.collect::<Vec<_>>())
    });
    authors_among(people, ids, names)
}

/// [`authors_of`] among `people`: each researcher's id and names, in directory order.
pub fn authors_among<'a>(
    people: impl Iterator<Item = (&'a str, Vec<&'a str>)>,
    ids: &[ResearcherId],
    names: &[String],
) -> Vec<Author> {
    let typed: Vec<(&str, String)> = (names.iter())
        .map(|n| n.trim())
        .filter(|n| !n.is_empty())
        .map(|n| (n, crate::search::text::fold(n)))
        .collect();
    let mut by_id: Vec<Option<u32>> = vec![None; ids.len()];
    let mut by_name: Vec<Option<u32>> = vec![None; typed.len()];
    for (i, (id, spellings)) in people.enumerate() {
        for (slot, wanted) in by_id.iter_mut().zip(ids) {
            if slot.is_none() && wanted.as_str() == id {
                *slot = Some(i as u32);
            }
        }
        if by_name.iter().any(Option::is_none) {
            let folded: Vec<String> = spellings
                .iter()
                .map(|n| crate::search::text::fold(n))
                .collect();
            for (slot, (_, name)) in by_name.iter_mut().zip(&typed) {
                if slot.is_none() && folded.contains(name) {
                    *slot = Some(i as u32);
                }
            }
        }
    }
    let mut out: Vec<Author> = by_id.into_iter().flatten().map(Author::Member).collect();
    for (slot, (name, _)) in by_name.into_iter().zip(typed) {
        let author = match slot {
            Some(i) => Author::Member(i),
            None => Author::Named(name.to_owned()),
        };
        if !out.contains(&author) {
            out.push(author);
        }
    }
    out
}
