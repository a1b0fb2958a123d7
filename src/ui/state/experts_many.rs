//! The experts page's many-papers mode, without views: a submissions file's every paper
//! answered in the browser, as `cargo xtask experts` answers it — the same question
//! ([`batch::question`] with the page's [`batch::Options`]), through the same parts as one
//! paper's ([`super::experts::answer`], the parts kept across the file, so each is fetched once)
//! — keeping the page responsive: the work yields to the event loop every few milliseconds.

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::data::{AtlasContext, DataError, Load, sleep};
use super::experts::{ExpertsData, ExpertsResult, answer, authors_in};
use crate::model::ResearcherId;
use crate::search::experts::batch::{
    self, BatchError, Format, Options, Problem, Scored, Submission,
};
use crate::ui::host::now_ms;

/// How long the scoring runs before it lets the page paint and take input.
const SLICE_MS: f64 = 12.0;
/// How often, at most, the progress is told (it is announced to screen readers).
const PROGRESS_MS: f64 = 500.0;

/// The directory's people, in directory order, as the table and the CSV read them.
#[derive(Debug, Clone, Default)]
pub struct People {
    /// Every researcher's id, in directory order ([`batch::rows`]' `everyone`).
    pub ids: Vec<ResearcherId>,
    /// Their names, in the same order.
    names: Vec<String>,
    /// Each id's place.
    at: HashMap<String, usize>,
}

impl People {
    fn new(people: impl Iterator<Item = (String, String)>) -> Self {
        let mut out = Self::default();
        for (id, name) in people {
            out.at.insert(id.clone(), out.ids.len());
            out.ids.push(id.as_str().into());
            out.names.push(name);
        }
        out
    }

    /// The name of researcher `id` (the id itself when the directory has no such person).
    pub fn name<'a>(&'a self, id: &'a ResearcherId) -> &'a str {
        (self.at.get(id.as_str()))
            .and_then(|&i| self.names.get(i))
            .map_or(id.as_str(), String::as_str)
    }
}

/// A file's papers, answered.
#[derive(Debug, Clone)]
pub struct ScoredFile {
    /// Each submission with its answer, in the file's order.
    pub scored: Vec<Scored>,
    /// The directory's people.
    pub people: Arc<People>,
    /// The options they were answered with.
    pub options: Options,
    /// Whether the CSV has the conflict column (a submission named its authors).
    pub with_conflicts: bool,
    /// How long the scoring took, in milliseconds.
    pub took_ms: f64,
}

impl ScoredFile {
    /// The affinity CSV: every pair, or the best `options.top` per paper — the bytes `cargo
    /// xtask experts` writes for the same data, file and options.
    pub fn csv(&self) -> String {
        batch::scored_csv(
            &self.scored,
            &self.people.ids,
            self.options.top,
            self.with_conflicts,
        )
    }
}

/// Answers every paper of `list` with options `o`, telling `progress` how many are done at
/// each pause; stops with `Ok(None)` as soon as `current` says the run was replaced. The parts
/// a paper needs are fetched as in one paper's question (a failed fetch is the error, and
/// Retry asks again with the parts already in kept).
pub async fn score(
    data: Arc<ExpertsData>,
    atlas: AtlasContext,
    list: Vec<Submission>,
    o: Options,
    progress: impl Fn(usize),
    current: impl Fn() -> bool,
) -> Result<Option<ScoredFile>, DataError> {
    // The directory's cards: who everyone is (their order and names), and the authors among them.
    let cards = match &*data {
        ExpertsData::Parts { .. } => Some(atlas.start().wait().await?),
        ExpertsData::Whole { .. } => None,
    };
    let people = Arc::new(match (&*data, &cards) {
        (ExpertsData::Whole { dataset, .. }, _) => {
            People::new((dataset.researchers.iter()).map(|r| (r.id.0.clone(), r.name.clone())))
        }
        (_, Some(atlas)) => {
            People::new((atlas.cards.iter()).map(|c| (c.id.clone(), c.name.clone())))
        }
        (_, None) => People::default(),
    });
    let with_conflicts = list.iter().any(Submission::has_authors);
    let mut scored = Vec::with_capacity(list.len());
    let started = now_ms();
    let (mut slice, mut told) = (started, started);
    for s in list {
        if !current() {
            return Ok(None);
        }
        let ids: Vec<ResearcherId> = s.author_ids.iter().map(|i| i.as_str().into()).collect();
        let authors = authors_in(&data, cards.as_deref(), &ids, &s.authors);
        let q = batch::question(&s, authors, &o, people.ids.len());
        let found = answer(&data, &q).await?;
        let answer = Arc::unwrap_or_clone(found.answer);
        scored.push(Scored::new(s, answer));
        if now_ms() - slice > SLICE_MS {
            if now_ms() - told > PROGRESS_MS {
                progress(scored.len());
                told = now_ms();
            }
            sleep(std::time::Duration::ZERO).await;
            slice = now_ms();
        }
    }
    Ok(current().then_some(ScoredFile {
        scored,
        people,
        options: o,
        with_conflicts,
        took_ms: now_ms() - started,
    }))
}

/// What was read of a file: its shape, how many submissions, the entries left out.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadReport {
    /// The shape it was read in.
    pub format: Format,
    /// How many submissions were read.
    pub submissions: usize,
    /// Each entry left out, with its place and why.
    pub problems: Vec<Problem>,
}

/// Where a run of the many-papers mode is.
#[derive(Debug, Clone)]
pub enum Status {
    /// Nothing asked yet.
    Idle,
    /// Asked with no text.
    Empty,
    /// The text is no submissions file.
    Unreadable(BatchError),
    /// Read, but no entry was a submission (the report says why).
    NoSubmissions,
    /// Scoring: how many of how many are done.
    Scoring {
        /// Done so far.
        done: usize,
        /// In the file.
        total: usize,
    },
    /// The data or a part could not be fetched.
    Failed(DataError),
    /// Every paper answered.
    Done(Arc<ScoredFile>),
}

/// The many-papers mode's run: what was read, where the scoring is, and the way to start,
/// retry or replace it. Made by the page, so it outlasts a switch to one paper and back.
#[derive(Clone, Copy)]
pub struct ManyRun {
    /// Where the run is.
    pub status: RwSignal<Status>,
    /// What was read of the file last scored.
    pub read: RwSignal<Option<Arc<ReadReport>>>,
    /// The run's number: a new run makes the one before stop.
    run: StoredValue<u64>,
    /// The last file's submissions and options, for Retry.
    last: StoredValue<Option<(Vec<Submission>, Options)>>,
}

impl Default for ManyRun {
    fn default() -> Self {
        Self::new()
    }
}

impl ManyRun {
    /// A run that has not started.
    pub fn new() -> Self {
        Self {
            status: RwSignal::new(Status::Idle),
            read: RwSignal::new(None),
            run: StoredValue::new(0),
            last: StoredValue::new(None),
        }
    }

    /// Reads `text` as a submissions file and scores it with `o` (see [`score`]); an empty
    /// text, a text of no shape or a file with no submission says so instead.
    pub fn score_text(
        &self,
        text: &str,
        data: Load<ExpertsResult>,
        atlas: AtlasContext,
        o: Options,
    ) {
        self.run.update_value(|n| *n += 1);
        if text.trim().is_empty() {
            self.read.set(None);
            self.status.set(Status::Empty);
            return;
        }
        let subs = match batch::read(text) {
            Ok(s) => s,
            Err(e) => {
                self.read.set(None);
                self.status.set(Status::Unreadable(e));
                return;
            }
        };
        self.read.set(Some(Arc::new(ReadReport {
            format: subs.format,
            submissions: subs.list.len(),
            problems: subs.problems,
        })));
        if subs.list.is_empty() {
            self.status.set(Status::NoSubmissions);
            return;
        }
        self.last.set_value(Some((subs.list, o)));
        self.start(data, atlas);
    }

    /// Scores the last file again (after a failure): the data fetched again if it failed, the
    /// parts already fetched kept.
    pub fn retry(&self, data: Load<ExpertsResult>, atlas: AtlasContext) {
        self.run.update_value(|n| *n += 1);
        if matches!(data.get(), Some(Err(_))) {
            data.refetch();
        }
        self.start(data, atlas);
    }

    fn start(&self, data: Load<ExpertsResult>, atlas: AtlasContext) {
        let Some((list, o)) = self.last.get_value() else {
            return;
        };
        let this = self.run.get_value();
        let total = list.len();
        self.status.set(Status::Scoring { done: 0, total });
        let me = *self;
        let current = move || me.run.try_get_value() == Some(this);
        let tell = move |status: Status| {
            if current() {
                me.status.try_set(status);
            }
        };
        spawn_local(async move {
            let d = match data.wait().await {
                Ok(d) => d,
                Err(e) => return tell(Status::Failed(e)),
            };
            let progress = move |done| tell(Status::Scoring { done, total });
            match score(d, atlas, list, o, progress, current).await {
                Ok(Some(file)) => tell(Status::Done(Arc::new(file))),
                Ok(None) => {}
                Err(e) => tell(Status::Failed(e)),
            }
        });
    }
}
