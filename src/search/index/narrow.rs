//! Queries that narrow the last key's answer. While a word is being typed, each key adds letters
//! to the query's last word (or starts a new word after it): whoever matches the new query
//! matched the previous one, so the search starts from the previous key's matches and their
//! scores ([`QueryMemory`]) and reads only those researchers against the words that changed,
//! instead of every posting of every word. Backspace, an edit elsewhere in the query, new title
//! shards or a prefix too short to have searched titles start from the postings again. The
//! answer is the same as a full search's, hit for hit and score for score (the property test in
//! `tests/narrow.rs` types random sequences both ways).

use std::sync::Arc;

use super::SearchIndex;
use super::query::{Matches, Query, QueryTerm};
use crate::search::titles::TitleShards;

/// What a search remembers of its query's matches, for the next key to start from. Not part of
/// the answer: two answers are equal whatever their memories hold, so a memo downstream is not
/// woken by a memory alone.
#[derive(Debug, Clone, Default)]
pub struct QueryMemory(Option<Arc<Remembered>>);

impl PartialEq for QueryMemory {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for QueryMemory {}

/// A query's words and everyone it matched (before filters, which may change on their own).
#[derive(Debug)]
struct Remembered {
    /// The index's [`SearchIndex::stamp`]: its researchers' numbers mean nothing to another.
    index: u64,
    /// The query's folded words.
    words: Vec<String>,
    /// Keys of the title shards that were loaded: a shard arriving since may add matches.
    shards: Vec<String>,
    /// Whether the last word was searched in the loaded title shards (a prefix of one letter is
    /// not: its next key may match titles it did not).
    last_in_titles: bool,
    /// Who matched every word, ascending.
    people: Vec<u32>,
    /// Their scores, the sum of each word's best.
    score: Vec<u32>,
    /// The last word's part of each score.
    last: Vec<u32>,
    /// Whether these matches were found from the previous key's.
    narrowed: bool,
    /// What the last word matched: a longer word matching the same words scores the same.
    reach: Reach,
}

/// The words a query word matches: its vocabulary range and its ranges in the title shards
/// (each shard known by its address, the same while the same shards are loaded).
#[derive(Debug, PartialEq, Eq)]
struct Reach {
    lo: u32,
    hi: u32,
    exact: Option<u32>,
    titles: Vec<(usize, u32, u32, Option<u32>)>,
}

impl Reach {
    fn of(q: &QueryTerm) -> Self {
        Reach {
            lo: q.lo,
            hi: q.hi,
            exact: q.exact,
            titles: (q.titles.iter())
                .map(|t| (std::ptr::from_ref(t.shard) as usize, t.lo, t.hi, t.exact))
                .collect(),
        }
    }
}

impl QueryMemory {
    /// Whether this query's matches were found from the previous key's (for the tests).
    pub fn narrowed(&self) -> bool {
        self.0.as_ref().is_some_and(|r| r.narrowed)
    }

    /// What the last key's answer tells a search for `terms`: who may match and the score each
    /// has from the words that did not change, and the first word that must be read again.
    /// `None` when the search must start from the postings.
    fn narrowing(
        &self,
        index: u64,
        terms: &[QueryTerm],
        titles: &TitleShards,
    ) -> Option<(&Remembered, usize)> {
        let before = self.0.as_deref().filter(|b| b.index == index)?;
        let (last, kept) = before.words.split_last()?;
        let same_words = terms.len() > kept.len()
            && kept.iter().zip(terms).all(|(w, t)| *w == t.word)
            && terms[kept.len()].word.starts_with(last.as_str());
        let same_titles = before.shards.len() == titles.loaded.len()
            && before
                .shards
                .iter()
                .zip(titles.loaded.keys())
                .all(|(a, b)| a == b);
        let titles_read = before.last_in_titles || titles.loaded.is_empty();
        (same_words && same_titles && titles_read).then_some((before, kept.len()))
    }
}

impl SearchIndex {
    /// Matches for `query`, starting from `memory` when the query narrows the one it remembers,
    /// else from the postings ([`Self::run`]); with the memory of this query for the next key.
    pub(super) fn run_after(
        &self,
        query: &Query,
        titles: &TitleShards,
        memory: &QueryMemory,
    ) -> (Option<Matches>, QueryMemory) {
        let terms = query.terms();
        if terms.is_empty() {
            return (None, QueryMemory::default());
        }
        let narrowing = memory.narrowing(self.stamp, terms, titles);
        let matches = match narrowing {
            Some((before, from)) => self.run_narrowed(terms, before, from),
            None => self.run(terms),
        };
        let memory = self.remember(terms, titles, &matches, narrowing.is_some());
        (Some(matches), memory)
    }

    /// [`Self::run`] for the researchers `before` remembers, each keeping the score of the
    /// words before `from` and reading the words from `from` on.
    fn run_narrowed(&self, terms: &[QueryTerm], before: &Remembered, from: usize) -> Matches {
        let n = self.people.len();
        let mut people = before.people.clone();
        let mut score: Vec<u32> = (before.score.iter().zip(&before.last))
            .map(|(s, l)| s - l)
            .collect();
        let mut last = vec![0; people.len()];
        for (j, q) in terms[from..].iter().enumerate() {
            // The word that replaces the last one, when it matches the same words (a word typed
            // on past the point where its prefix tells words apart), scores as it did.
            let bests = if j == 0 && Reach::of(q) == before.reach {
                before.last.clone()
            } else {
                self.bests(q, &people)
            };
            let mut kept = 0;
            for (i, b) in bests.into_iter().enumerate() {
                if b > 0 {
                    people[kept] = people[i];
                    score[kept] = score[i] + b;
                    last[kept] = b;
                    kept += 1;
                }
            }
            people.truncate(kept);
            score.truncate(kept);
            last.truncate(kept);
        }
        let mut m = Matches {
            count: vec![0; n],
            score: vec![0; n],
            last: vec![0; n],
        };
        let all = terms.len() as u32;
        for ((&p, s), l) in people.iter().zip(score).zip(last) {
            m.count[p as usize] = all;
            m.score[p as usize] = s;
            m.last[p as usize] = l;
        }
        m
    }

    /// Each of `people`'s best score for the word `q` (0: no match), read from their fields or
    /// from the word's postings, whichever reads fewer entries, and from the title shards.
    fn bests(&self, q: &QueryTerm, people: &[u32]) -> Vec<u32> {
        if q.titles.is_empty() && self.fields_cheaper(q, people.len()) {
            return people
                .iter()
                .map(|&p| self.best_in_fields(q, p as usize))
                .collect();
        }
        let mut best = vec![0u32; self.people.len()];
        self.offer_postings(q, &mut |person, s| {
            if s > best[person] {
                best[person] = s;
            }
        });
        people.iter().map(|&p| best[p as usize]).collect()
    }

    /// What the next key needs of this query's matches.
    fn remember(
        &self,
        terms: &[QueryTerm],
        titles: &TitleShards,
        m: &Matches,
        narrowed: bool,
    ) -> QueryMemory {
        let all = terms.len() as u32;
        let people: Vec<u32> = (m.count.iter().enumerate())
            .filter(|(_, c)| **c == all)
            .map(|(i, _)| i as u32)
            .collect();
        QueryMemory(Some(Arc::new(Remembered {
            index: self.stamp,
            words: terms.iter().map(|t| t.word.clone()).collect(),
            shards: titles.loaded.keys().cloned().collect(),
            last_in_titles: terms.last().is_some_and(|t| t.titles_searched),
            score: people.iter().map(|&p| m.score[p as usize]).collect(),
            last: people.iter().map(|&p| m.last[p as usize]).collect(),
            people,
            narrowed,
            reach: Reach::of(terms.last().expect("a query with words")),
        })))
    }
}
