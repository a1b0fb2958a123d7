//! Queries: compiling the words typed against the vocabulary ([`QueryTerm`]), matching and
//! scoring every researcher at once from the posting lists, and [`SearchIndex::search_with`],
//! which puts the query, the filters ([`super::facets`]), the sort and the match reasons
//! ([`super::explain`]) together.
//!
//! A word matches the words it is a prefix of when it is the query's last word, otherwise
//! itself only; an exact match scores its field's full [`FieldKind::weight`], a longer word
//! 3/4 of it, and a researcher's score is the sum over the query's words of each word's best.

use super::facets::Filters;
use super::narrow::QueryMemory;
use super::{FacetCounts, FieldKind, Hit, SearchIndex, SearchResults};
use crate::search::bits::Bits;
use crate::search::params::{SearchParams, Sort};
use crate::search::text::tokenize;
use crate::search::titles::{TitleShard, TitleShards, prefix_searched};

/// How the query matched each researcher, indexed like `SearchIndex::people`.
pub(super) struct Matches {
    /// Number of query words matched (a researcher matches when all are).
    pub(super) count: Vec<u32>,
    /// Sum of each word's best score.
    pub(super) score: Vec<u32>,
    /// The last word's best score (its part of `score`).
    pub(super) last: Vec<u32>,
}

/// How [`SearchIndex::run`] reads a query word after the first: from the word's postings, or
/// from the fields of those who matched every word so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    not(test),
    allow(dead_code, reason = "the forced readings are for the tests")
)]
pub(super) enum Reading {
    /// Whichever reads fewer entries.
    Cheaper,
    /// Always the postings.
    Postings,
    /// Always the candidates' fields.
    Candidates,
}

/// A search's hits, with the filters that chose them (for [`SearchIndex::count`]).
pub struct Found {
    /// Matching researchers, in the effective sort order.
    pub hits: Vec<Hit>,
    filters: Filters,
    /// What the next key's search may start from.
    pub memory: QueryMemory,
}

/// A query word's matches among the publication-title words of one loaded shard.
#[derive(Debug, Clone, Copy)]
pub(super) struct TitleTerm<'a> {
    pub(super) shard: &'a TitleShard,
    pub(super) lo: u32,
    pub(super) hi: u32,
    /// The id of the word itself when the shard has it.
    pub(super) exact: Option<u32>,
}

/// A query word, compiled to the range of vocabulary ids it matches.
#[derive(Debug, Clone)]
pub(super) struct QueryTerm<'a> {
    pub(super) lo: u32,
    pub(super) hi: u32,
    /// The id of the word itself when it is in the vocabulary (an exact match scores in full).
    pub(super) exact: Option<u32>,
    /// Length in bytes of the folded query word.
    pub(super) folded_len: usize,
    /// The folded word, to match title text that is not in the vocabulary.
    pub(super) word: String,
    /// Whether longer words match too (the query's last word).
    pub(super) prefix: bool,
    /// Whether the word is searched in the loaded title shards (a prefix of one letter is not).
    pub(super) titles_searched: bool,
    /// Its matches in publication titles, when titles are sharded: one per loaded shard that
    /// has some (a prefix may span the parts of a split shard).
    pub(super) titles: Vec<TitleTerm<'a>>,
}

impl QueryTerm<'_> {
    /// Whether `term` is one of the words this query word matches.
    pub(super) fn matches(&self, term: u32) -> bool {
        self.lo <= term && term < self.hi
    }

    /// The score of matching `term` in a field of `weight`, or 0 when it does not match.
    pub(super) fn score(&self, term: u32, weight: u32) -> u32 {
        if !self.matches(term) {
            0
        } else if self.exact == Some(term) {
            weight
        } else {
            weight * 3 / 4
        }
    }

    /// The score of a folded word of text outside the vocabulary (a sharded title) in a field
    /// of `weight`, and how many folded bytes of it matched; the same rules as [`Self::score`].
    pub(super) fn score_word(&self, folded: &str, weight: u32) -> Option<(u32, usize)> {
        if folded == self.word {
            Some((weight, folded.len()))
        } else if self.prefix && folded.starts_with(&self.word) {
            Some((weight * 3 / 4, self.folded_len))
        } else {
            None
        }
    }
}

/// The query, compiled against the vocabulary.
pub(super) enum Query<'a> {
    /// No words: everyone matches.
    All,
    /// A word that nothing contains: nobody matches.
    Nobody,
    /// Every term must match.
    Terms(Vec<QueryTerm<'a>>),
}

impl<'a> Query<'a> {
    /// The words every match must have; none for [`Query::All`] and [`Query::Nobody`].
    pub(super) fn terms(&self) -> &[QueryTerm<'a>] {
        match self {
            Query::Nobody | Query::All => &[],
            Query::Terms(t) => t,
        }
    }
}

impl SearchIndex {
    /// Runs the query, filters and sort; facet counts with "if added" semantics; every hit with
    /// its match reason. Publication titles are searched when the index holds them (built by
    /// [`Self::new`]); see [`Self::search_with`] for sharded titles.
    pub fn search(&self, params: &SearchParams) -> SearchResults {
        self.search_with(params, &TitleShards::default(), true)
    }

    /// [`Self::search`] with the publication-title shards loaded so far (an index built by
    /// [`Self::new_sharded`] has no titles of its own). Without `reasons`, hits carry none:
    /// the UI asks [`Self::reason`] for the few it shows.
    pub fn search_with(
        &self,
        params: &SearchParams,
        titles: &TitleShards,
        reasons: bool,
    ) -> SearchResults {
        let found = self.find(params, titles, reasons);
        let facets = self.count(params, &found);
        SearchResults {
            hits: found.hits,
            facets,
            memory: found.memory,
        }
    }

    /// The search alone: who matches the query and passes the filters, in the sort's order,
    /// with the filters kept for [`Self::count`] (the facet counts are a second step, so each
    /// can be timed and paid apart).
    pub fn find(&self, params: &SearchParams, titles: &TitleShards, reasons: bool) -> Found {
        self.find_after(params, titles, reasons, &QueryMemory::default())
    }

    /// [`Self::find`], starting from the previous key's matches (`memory`, from its
    /// [`Found::memory`]) when this query narrows that one ([`super::narrow`]): the same answer.
    pub fn find_after(
        &self,
        params: &SearchParams,
        titles: &TitleShards,
        reasons: bool,
        memory: &QueryMemory,
    ) -> Found {
        let query = self.compile(&params.query, titles);
        let terms = query.terms();
        let (matches, memory) = self.run_after(&query, titles, memory);
        let matched = self.matched(&query, matches.as_ref());
        let filters = self.filter(params, matched);
        let hits = self.sorted_hits(
            &filters.passing(),
            matches.as_ref(),
            params.effective_sort(),
        );
        let mut hits = hits;
        if reasons && matches.is_some() {
            for h in &mut hits {
                h.reason = self.reason_for(h.researcher, terms);
            }
        }
        Found {
            hits,
            filters,
            memory,
        }
    }

    /// The facet counts of a search [`Self::find`] answered for the same `params`.
    pub fn count(&self, params: &SearchParams, found: &Found) -> FacetCounts {
        self.facet_counts(params, &found.filters)
    }

    /// Who the query matches: everyone without words, nobody when a word is unknown, else
    /// those matching every word.
    fn matched(&self, query: &Query, matches: Option<&Matches>) -> Bits {
        let n = self.people.len();
        match (query, matches) {
            (Query::Nobody, _) => Bits::empty(n),
            (_, None) => Bits::full(n),
            (_, Some(m)) => {
                let all = query.terms().len();
                Bits::from_members(
                    n,
                    (m.count.iter().enumerate())
                        .filter(|(_, c)| **c as usize == all)
                        .map(|(i, _)| i),
                )
            }
        }
    }

    /// The researchers in `passing` as hits ordered by `sort`, then by name. Many hits are
    /// taken in name order and sorted stably by the sort's key alone (no sort at all by name);
    /// a few are sorted by both keys.
    fn sorted_hits(&self, passing: &Bits, matches: Option<&Matches>, sort: Sort) -> Vec<Hit> {
        let many = passing.count() * 8 >= self.people.len();
        self.ordered_hits(passing, matches, sort, many)
    }

    /// [`Self::sorted_hits`], taking the hits in name order when `in_name_order` (tests compare
    /// the two ways).
    pub(super) fn ordered_hits(
        &self,
        passing: &Bits,
        matches: Option<&Matches>,
        sort: Sort,
        in_name_order: bool,
    ) -> Vec<Hit> {
        // Ascending: the sort's key of researcher `i`, ties left to the name order.
        let key = |i: usize| -> u32 {
            let p = &self.people[i];
            match sort {
                Sort::Relevance => u32::MAX - matches.map_or(0, |m| m.score[i]),
                Sort::Name => 0,
                Sort::Publications => u32::MAX - p.stats.publications as u32,
                // Newest first; no publication (None) sorts last.
                Sort::Recent => u32::MAX - p.stats.last_year.map_or(0, |y| u32::from(y) + 1),
            }
        };
        let hit = |i: usize| Hit {
            researcher: i,
            score: matches.map_or(0, |m| m.score[i]),
            reason: None,
        };
        if !in_name_order {
            let mut order: Vec<usize> = passing.iter().collect();
            order.sort_by_cached_key(|&i| (key(i), self.sort_rank[i]));
            return order.into_iter().map(hit).collect();
        }
        let order: Vec<u32> = (self.by_sort.iter())
            .copied()
            .filter(|&i| passing.contains(i as usize))
            .collect();
        if sort == Sort::Name {
            return order.iter().map(|&i| hit(i as usize)).collect();
        }
        // The key above the place in name order, sorted as plain numbers: a stable sort by the
        // key alone, without moving the hits themselves.
        let mut keyed: Vec<u64> = (order.iter().enumerate())
            .map(|(at, &i)| (u64::from(key(i as usize)) << 32) | at as u64)
            .collect();
        keyed.sort_unstable();
        keyed
            .into_iter()
            .map(|k| hit(order[(k & u64::from(u32::MAX)) as usize] as usize))
            .collect()
    }

    /// Compiles the query's words to vocabulary ranges: exact for all but the last, prefix for it;
    /// and, when titles are sharded, to ranges of the loaded shards' words.
    pub(super) fn compile<'a>(&self, query: &str, titles: &'a TitleShards) -> Query<'a> {
        let tokens = tokenize(query);
        if tokens.is_empty() {
            return Query::All;
        }
        let last = tokens.len() - 1;
        let mut terms = Vec::with_capacity(tokens.len());
        for (i, t) in tokens.into_iter().enumerate() {
            let word = t.text;
            let prefix = i == last;
            let lo = self.vocab.partition_point(|v| v.as_str() < word.as_str());
            let exact = (self.vocab.get(lo) == Some(&word)).then_some(lo as u32);
            let hi = if prefix {
                lo + self.vocab[lo..].partition_point(|v| v.starts_with(word.as_str()))
            } else {
                lo + usize::from(exact.is_some())
            };
            // The rule the shards' fetching follows (`titles::prefix_searched`), so a prefix
            // never matches the few of its shards some other word brought in.
            let searchable = !prefix
                || (titles.known.as_deref()).map_or(word.chars().nth(1).is_some(), |known| {
                    prefix_searched(&word, known)
                });
            let title_terms: Vec<TitleTerm> = (titles.for_word(&word, prefix).into_iter())
                .filter(|_| searchable && !self.titles_inline)
                .map(|shard| {
                    let (lo, hi, exact) = shard.range(&word, prefix);
                    TitleTerm {
                        shard,
                        lo,
                        hi,
                        exact,
                    }
                })
                .filter(|t| t.lo < t.hi)
                .collect();
            if lo == hi && title_terms.is_empty() {
                return Query::Nobody;
            }
            terms.push(QueryTerm {
                lo: lo as u32,
                hi: hi as u32,
                exact,
                folded_len: word.len(),
                word,
                prefix,
                titles_searched: searchable,
                titles: title_terms,
            });
        }
        Query::Terms(terms)
    }

    /// Matches every researcher against the query words at once, from the posting lists (and
    /// the title shards' postings): for each word, each researcher's best score over the words it
    /// matches (full for the word itself, 3/4 for a longer word it is a prefix of), summed over
    /// the query's words.
    pub(super) fn run(&self, terms: &[QueryTerm]) -> Matches {
        self.run_reading(terms, Reading::Cheaper)
    }

    /// [`Self::run`], reading each word after the first as `reading` says (tests compare them).
    pub(super) fn run_reading(&self, terms: &[QueryTerm], reading: Reading) -> Matches {
        let n = self.people.len();
        let mut m = Matches {
            count: vec![0; n],
            score: vec![0; n],
            last: vec![0; n],
        };
        let mut best = vec![0u32; n];
        for (i, q) in terms.iter().enumerate() {
            best.fill(0);
            // After the first word, only those who matched every word so far can match: when
            // they are few against the postings of this word's range, their own fields are read
            // instead (the same scores, from the other side).
            let candidates: Option<Vec<usize>> = (i > 0)
                .then(|| {
                    let cands: Vec<usize> = (m.count.iter().enumerate())
                        .filter(|(_, c)| **c as usize == i)
                        .map(|(p, _)| p)
                        .collect();
                    let cheaper = self.fields_cheaper(q, cands.len());
                    match reading {
                        Reading::Cheaper => cheaper,
                        Reading::Postings => false,
                        Reading::Candidates => true,
                    }
                    .then_some(cands)
                })
                .flatten();
            let count = &m.count;
            let mut offer = |person: usize, s: u32| {
                // A researcher an earlier word already failed stays failed.
                if count[person] as usize == i && s > best[person] {
                    best[person] = s;
                }
            };
            if let Some(cands) = candidates {
                for person in cands {
                    offer(person, self.best_in_fields(q, person));
                }
                self.offer_titles(q, &mut offer);
            } else {
                self.offer_postings(q, &mut offer);
            }
            for ((count, score), &b) in m.count.iter_mut().zip(&mut m.score).zip(&best) {
                if b > 0 {
                    *count += 1;
                    *score += b;
                }
            }
        }
        m.last = best;
        m
    }

    /// Whether reading `people` researchers' own fields against the word `q` reads fewer
    /// entries than the word's postings.
    pub(super) fn fields_cheaper(&self, q: &QueryTerm, people: usize) -> bool {
        let postings: usize = (self.word_fields.range(q.lo, q.hi).iter())
            .map(|&f| self.field_people.row(f).len())
            .sum();
        people * self.tokens_per_person < postings
    }

    /// `person`'s best score for the word `q` among their own fields (0: none matches).
    pub(super) fn best_in_fields(&self, q: &QueryTerm, person: usize) -> u32 {
        let mut b = 0;
        for &f in &self.people[person].fields {
            let field = &self.fields[f as usize];
            let w = field.kind.weight();
            for t in &field.tokens {
                b = b.max(q.score(t.term, w));
            }
        }
        b
    }

    /// Offers every researcher the word `q` matches, from its postings and the title shards',
    /// with the score of each match (a researcher may be offered several).
    pub(super) fn offer_postings(&self, q: &QueryTerm, offer: &mut impl FnMut(usize, u32)) {
        // The word itself, when known, sorts first among the words it is a prefix of.
        let split = q.lo + u32::from(q.exact.is_some());
        for (fields, quarters) in [
            (self.word_fields.range(q.lo, split), 4),
            (self.word_fields.range(split, q.hi), 3),
        ] {
            for &f in fields {
                let s = self.fields[f as usize].kind.weight() * quarters / 4;
                for &person in self.field_people.row(f) {
                    offer(person as usize, s);
                }
            }
        }
        self.offer_titles(q, offer);
    }

    /// Offers every researcher the word `q` matches in the loaded title shards.
    fn offer_titles(&self, q: &QueryTerm, offer: &mut impl FnMut(usize, u32)) {
        let title_weight = FieldKind::Publication.weight();
        for t in &q.titles {
            let split = t.lo + u32::from(t.exact.is_some());
            for (postings, quarters) in [
                (t.shard.postings(t.lo, split), 4),
                (t.shard.postings(split, t.hi), 3),
            ] {
                // Title shards number researchers by their place in name order.
                for x in postings {
                    offer(
                        self.by_name[x.person as usize] as usize,
                        title_weight * quarters / 4,
                    );
                }
            }
        }
    }
}
