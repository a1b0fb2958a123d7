//! A whole conference at once (issue 49): every submission of a file against every researcher
//! of the directory, written as OpenReview's affinity CSV (`submission,researcher,score`, and
//! the conflicts found when the submissions name their authors).
//!
//! [`read`] takes the submissions in the shapes conferences have them (OpenReview's
//! `submissions.json`, a JSON list, JSON lines, CSV), each bad entry left out alone and
//! reported as a [`Problem`] with its place (`batch/read.rs` says how).
//!
//! Each submission is then a question ([`question`]: its title and abstract, its authors) to
//! the page's own ranking, and its answer becomes rows ([`rows`]): the same function for the
//! command, which calls [`super::find`] over the whole dataset ([`affinities`]), and for the
//! browser, which answers from the parts it fetches. Plain Rust: no file system, so it runs in
//! the wasm too.

mod problems;
mod read;
#[cfg(test)]
mod tests;

pub use problems::{BatchError, Problem, ValueKind, Why};
pub use read::{Format, Submission, Submissions, read};

use super::{Answer, Author, Conflict, Corpus, ExpertQuery, authors_of, find};
use crate::model::cite::{Cell, push_csv_cells};
use crate::model::{Dataset, ResearcherId};

/// One row of the affinity file: a submission, a researcher, the researcher's score for it
/// (the page's score; 0 when the ranking does not list them) and their conflicts with its
/// authors.
#[derive(Debug, Clone, PartialEq)]
pub struct Affinity {
    /// The submission's id.
    pub submission: String,
    /// The researcher.
    pub researcher: ResearcherId,
    /// Their score, as the page ranks by it.
    pub score: f32,
    /// Their conflicts with the submission's authors (computed for the researchers the
    /// ranking lists only: see [`rows`]).
    pub conflicts: Vec<Conflict>,
}

/// How the affinities are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The best this many researchers per submission; `None`: every researcher, those the
    /// ranking does not list with score 0.
    pub top: Option<usize>,
    /// How many years of co-authorship make a conflict (the page's default is
    /// [`DEFAULT_YEARS`](crate::search::params::experts::DEFAULT_YEARS)).
    pub conflict_years: u16,
    /// The current year, for the co-authorship window.
    pub this_year: u16,
}

/// The question of submission `s`: its title, a line break and its abstract, its `authors`
/// (found by [`authors_of`], or [`super::authors_among`] where the whole dataset is not at
/// hand), the options' conflict window, no filter of years or stages, and as many experts as
/// `o.top`, or every one of the directory's `researchers`.
pub fn question(
    s: &Submission,
    authors: Vec<Author>,
    o: &Options,
    researchers: usize,
) -> ExpertQuery {
    let mut text = s.title.clone();
    if !s.abstract_text.is_empty() {
        text.push('\n');
        text.push_str(&s.abstract_text);
    }
    ExpertQuery {
        text,
        authors,
        conflict_years: o.conflict_years,
        since: None,
        stages: Vec::new(),
        this_year: o.this_year,
        limit: o.top.unwrap_or(researchers),
    }
}

/// The affinity rows of `submission` from its `answer`: the answer's experts best first, at
/// most `top`; when `top` is `None`, then every researcher of `everyone` (the directory, in
/// its order) the answer does not list, with score 0 and no conflicts — the ranking computes
/// conflicts only for those it lists, so an unlisted researcher's conflicts are not looked for.
pub fn rows(
    submission: &Submission,
    answer: &Answer,
    everyone: &[ResearcherId],
    top: Option<usize>,
) -> Vec<Affinity> {
    let listed = answer.experts.iter().take(top.unwrap_or(usize::MAX));
    let mut out: Vec<Affinity> = listed
        .map(|e| Affinity {
            submission: submission.id.clone(),
            researcher: e.researcher.clone(),
            score: e.score,
            conflicts: e.conflicts.clone(),
        })
        .collect();
    if top.is_none() {
        let have: std::collections::HashSet<&ResearcherId> =
            answer.experts.iter().map(|e| &e.researcher).collect();
        let rest = (everyone.iter()).filter(|r| !have.contains(r));
        out.extend(rest.map(|r| Affinity {
            submission: submission.id.clone(),
            researcher: r.clone(),
            score: 0.0,
            conflicts: Vec::new(),
        }));
    }
    out
}

/// Every submission of `subs` in order against `dataset` (ranked over its `corpus`): each
/// [`question`] answered by [`find`], made [`rows`].
pub fn affinities(
    dataset: &Dataset,
    corpus: &Corpus,
    subs: &[Submission],
    o: &Options,
) -> Vec<Affinity> {
    let everyone = everyone(dataset);
    (subs.iter())
        .flat_map(|s| affinities_of(dataset, corpus, &everyone, s, o))
        .collect()
}

/// Every researcher of `dataset`, in directory order.
fn everyone(dataset: &Dataset) -> Vec<ResearcherId> {
    dataset.researchers.iter().map(|r| r.id.clone()).collect()
}

/// The rows of one submission `s` (see [`affinities`]).
fn affinities_of(
    dataset: &Dataset,
    corpus: &Corpus,
    everyone: &[ResearcherId],
    s: &Submission,
    o: &Options,
) -> Vec<Affinity> {
    let ids: Vec<ResearcherId> = s.author_ids.iter().map(|i| i.as_str().into()).collect();
    let authors = authors_of(dataset, &ids, &s.authors);
    let answer = find(dataset, corpus, &question(s, authors, o, everyone.len()));
    rows(s, &answer, everyone, o.top)
}

/// A submission with the answer to its [`question`], kept as [`rows`] reads it (see
/// [`Scored::new`]): how the browser holds a file's answers until the CSV is asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// The submission.
    pub submission: Submission,
    /// Its answer: the experts with their scores and conflicts.
    pub answer: Answer,
}

impl Scored {
    /// `submission` and its `answer`, without what [`rows`] does not read (each expert's
    /// matching papers and topics, the matched words), so that a file of many holds little.
    pub fn new(submission: Submission, mut answer: Answer) -> Self {
        for e in &mut answer.experts {
            e.papers = Vec::new();
            e.topics = Vec::new();
        }
        answer.terms = Vec::new();
        Self { submission, answer }
    }
}

/// The affinity CSV of `scored`, in order: each one's [`rows`] (the best `top`, or every one of
/// `everyone`), written by [`csv()`] — the bytes [`run`] writes for the same file and options.
pub fn scored_csv(
    scored: &[Scored],
    everyone: &[ResearcherId],
    top: Option<usize>,
    with_conflicts: bool,
) -> String {
    let all: Vec<Affinity> = (scored.iter())
        .flat_map(|s| rows(&s.submission, &s.answer, everyone, top))
        .collect();
    csv(&all, with_conflicts)
}

/// What [`run`] made of a submissions file: what was read, the affinity CSV, and counts for
/// its summary.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The submissions read, and the entries left out.
    pub submissions: Submissions,
    /// The affinity CSV ([`csv()`]).
    pub csv: String,
    /// How many rows it has (the header aside).
    pub rows: usize,
    /// How many of them have a conflict.
    pub conflicted: usize,
    /// Whether it has the conflict column (a submission named its authors).
    pub with_conflicts: bool,
}

/// The whole batch: the submissions file `text` [`read`], its [`affinities`] to `dataset`'s
/// researchers, written as [`csv()`] (with the conflict column when any submission names its
/// authors) one submission at a time, so the rows of every pair are never all held at once.
pub fn run(dataset: &Dataset, text: &str, o: &Options) -> Result<Run, BatchError> {
    let submissions = read(text)?;
    let corpus = Corpus::of(dataset);
    let everyone = everyone(dataset);
    let with_conflicts = submissions.with_conflicts();
    let mut out = String::new();
    push_header(&mut out, with_conflicts);
    let (mut rows, mut conflicted) = (0, 0);
    for s in &submissions.list {
        let of = affinities_of(dataset, &corpus, &everyone, s, o);
        rows += of.len();
        conflicted += of.iter().filter(|a| !a.conflicts.is_empty()).count();
        push_rows(&mut out, &of, with_conflicts);
    }
    Ok(Run {
        submissions,
        csv: out,
        rows,
        conflicted,
        with_conflicts,
    })
}

/// The affinity rows as OpenReview's affinity CSV (RFC 4180, CRLF): a header
/// `submission,researcher,score`, with `,conflict` when `with_conflicts` (when any submission
/// named its authors), then a line per row; the score with six decimals, the conflict cell its
/// reasons joined by `; `, each `possibly: ` first where the data is not sure, empty when
/// there is none. Ids and scores are written as they are, so a program reads them back (an
/// OpenReview id may begin with `-`); the conflict cell, text from the data, is guarded
/// against spreadsheet formulas as every export is.
pub fn csv(rows: &[Affinity], with_conflicts: bool) -> String {
    let mut out = String::new();
    push_header(&mut out, with_conflicts);
    push_rows(&mut out, rows, with_conflicts);
    out
}

/// The columns of [`csv()`].
const HEADER: [&str; 4] = ["submission", "researcher", "score", "conflict"];

fn push_header(out: &mut String, with_conflicts: bool) {
    let n = if with_conflicts { 4 } else { 3 };
    push_csv_cells(out, HEADER[..n].iter().map(|h| Cell::Value(h)));
}

fn push_rows(out: &mut String, rows: &[Affinity], with_conflicts: bool) {
    let n = if with_conflicts { 4 } else { 3 };
    for r in rows {
        let score = format!("{:.6}", r.score);
        let conflict = (r.conflicts.iter())
            .map(|c| {
                let possibly = if c.certain { "" } else { "possibly: " };
                format!("{possibly}{}", c.reason)
            })
            .collect::<Vec<_>>()
            .join("; ");
        let cells = [
            Cell::Value(&r.submission),
            Cell::Value(r.researcher.as_str()),
            Cell::Value(&score),
            Cell::Text(&conflict),
        ];
        push_csv_cells(out, cells.into_iter().take(n));
    }
}
