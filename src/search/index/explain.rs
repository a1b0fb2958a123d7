//! Why a researcher matched: the field (or sharded publication title) that matches the most
//! query words, then scores highest, then comes first, with the matched parts highlighted as
//! byte ranges of its text ([`MatchReason`]).
//!
//! Searches explain every hit, or none when the UI asks [`SearchIndex::reason`] only for the
//! cards it shows.

use super::query::{Query, QueryTerm};
use super::{Field, FieldKind, MatchReason, SearchIndex};
use crate::search::text::{original_prefix_len, tokenize};
use crate::search::titles::TitleShards;

impl SearchIndex {
    /// Why researcher `researcher` matches `query`: the field (or sharded publication title)
    /// that matches the most query words, then scores highest, then comes first. `None` for an
    /// empty query or one they do not match.
    pub fn reason(
        &self,
        researcher: usize,
        query: &str,
        titles: &TitleShards,
    ) -> Option<MatchReason> {
        match self.compile(query, titles) {
            Query::Terms(terms) if researcher < self.people.len() => {
                self.reason_for(researcher, &terms)
            }
            _ => None,
        }
    }

    /// The reason researcher `person` matches `terms`: the field that matches the most query
    /// words, then scores highest, then comes first (heaviest kind first, then
    /// [`FieldKind::ALL`] and dataset order; sharded titles rank where publications would).
    pub(super) fn reason_for(&self, person: usize, terms: &[QueryTerm]) -> Option<MatchReason> {
        let p = &self.people[person];
        let rank = p.name_rank;
        let all = terms.len();
        let mut per_term = vec![0u32; all];
        let mut best: Best = None;
        let title_weight = FieldKind::Publication.weight();
        let mut titles_done = false;
        for &f in &p.fields {
            let field = &self.fields[f as usize];
            let weight = field.kind.weight();
            if !titles_done && weight < title_weight {
                titles_done = true;
                Self::consider_titles(rank, terms, &mut per_term, &mut best);
            }
            // Fields come heaviest first: once one matched every word at least as well as any
            // later field could, the rest cannot win.
            if best
                .as_ref()
                .is_some_and(|(c, s, _)| *c == all && *s >= weight * all as u32)
            {
                break;
            }
            per_term.fill(0);
            for tok in &field.tokens {
                for (slot, q) in per_term.iter_mut().zip(terms) {
                    *slot = (*slot).max(q.score(tok.term, weight));
                }
            }
            offer(&mut best, &per_term, Candidate::Field(field));
        }
        if !titles_done {
            Self::consider_titles(rank, terms, &mut per_term, &mut best);
        }
        Some(match best?.2 {
            Candidate::Field(field) => Self::highlight(field, terms),
            Candidate::Title(text) => Self::highlight_text(FieldKind::Publication, text, terms),
        })
    }

    /// Offers each sharded title of the researcher `rank`-th in name order (how title shards
    /// number them) that some query word found, with its per-word scores.
    fn consider_titles<'a>(
        rank: u32,
        terms: &[QueryTerm<'a>],
        per_term: &mut [u32],
        best: &mut Best<'a>,
    ) {
        let weight = FieldKind::Publication.weight();
        // The titles some word found, in the researcher's list order.
        let mut found: Vec<(u32, &'a str)> = Vec::new();
        for t in terms.iter().flat_map(|q| &q.titles) {
            for w in t.lo..t.hi {
                if let Some(x) = t.shard.posting_of(w, rank) {
                    found.push((x.rank, t.shard.titles[x.title as usize].as_str()));
                }
            }
        }
        found.sort_unstable();
        found.dedup_by_key(|(rank, _)| *rank);
        for (_, text) in found {
            per_term.fill(0);
            for tok in tokenize(text) {
                for (slot, q) in per_term.iter_mut().zip(terms) {
                    let s = q.score_word(&tok.text, weight).map_or(0, |(s, _)| s);
                    *slot = (*slot).max(s);
                }
            }
            offer(best, per_term, Candidate::Title(text));
        }
    }

    /// The reason for `field`: its text with the parts that match `terms` highlighted.
    fn highlight(field: &Field, terms: &[QueryTerm]) -> MatchReason {
        let mut highlights = Vec::new();
        for tok in &field.tokens {
            let (start, end) = (tok.start as usize, tok.end as usize);
            let cover = terms
                .iter()
                .filter(|q| q.matches(tok.term))
                .map(|q| {
                    if q.exact == Some(tok.term) {
                        end
                    } else {
                        start + original_prefix_len(&field.text[start..end], q.folded_len)
                    }
                })
                .max();
            if let Some(cover) = cover {
                highlights.push((start, cover));
            }
        }
        MatchReason {
            kind: field.kind,
            text: field.text.clone(),
            highlights,
        }
    }

    /// The reason for a text outside the vocabulary, matched word by word.
    fn highlight_text(kind: FieldKind, text: &str, terms: &[QueryTerm]) -> MatchReason {
        let mut highlights = Vec::new();
        for tok in tokenize(text) {
            let (start, end) = (tok.start, tok.end);
            let cover = terms
                .iter()
                .filter_map(|q| q.score_word(&tok.text, 1))
                .map(|(_, len)| {
                    if len == tok.text.len() {
                        end
                    } else {
                        start + original_prefix_len(&text[start..end], len)
                    }
                })
                .max();
            if let Some(cover) = cover {
                highlights.push((start, cover));
            }
        }
        MatchReason {
            kind,
            text: text.to_owned(),
            highlights,
        }
    }
}

/// A text that may become a match reason.
#[derive(Clone, Copy)]
enum Candidate<'a> {
    Field(&'a Field),
    Title(&'a str),
}

/// The best reason so far: (query words matched, score, the text).
type Best<'a> = Option<(usize, u32, Candidate<'a>)>;

/// Keeps `candidate` when it matches more words, or as many with a higher score.
fn offer<'a>(best: &mut Best<'a>, per_term: &[u32], candidate: Candidate<'a>) {
    let count = per_term.iter().filter(|&&s| s > 0).count();
    let score: u32 = per_term.iter().sum();
    if count > 0
        && best
            .as_ref()
            .is_none_or(|(c, s, _)| (count, score) > (*c, *s))
    {
        *best = Some((count, score, candidate));
    }
}
