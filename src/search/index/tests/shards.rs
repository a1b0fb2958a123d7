//! The index put together from word shards answers as the whole index does.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::super::shards::{WordShard, answers, shards_for_query};
use super::dataset;
use crate::model::Dataset;
use crate::search::params::SearchParams;
use crate::search::{Hit, SearchIndex, TitleShards};

fn bundled() -> Dataset {
    crate::model::load(include_str!("../../../../data/researchers.json"), 2027)
        .expect("the bundled dataset loads")
        .dataset
}

/// Queries from the index's own words: each cut to one and two characters and whole, and
/// pairs of them (the second cut too).
fn queries(index: &SearchIndex) -> Vec<String> {
    let cut = |w: &str, n: usize| -> String { w.chars().take(n).collect() };
    let words: Vec<&str> = index.vocab.iter().map(String::as_str).collect();
    let mut out: Vec<String> = Vec::new();
    for w in &words {
        for n in [1, 2, 64] {
            out.push(cut(w, n));
        }
    }
    for a in words.iter().step_by(7) {
        for b in words.iter().step_by(9) {
            for n in [1, 3, 64] {
                out.push(format!("{a} {}", cut(b, n)));
            }
        }
    }
    out.extend(["", "zzz", "muller zzz", "ANNA M", "müller"].map(str::to_owned));
    out
}

/// For each query, the index of the shards it needs gives the whole index's hits in the whole
/// index's order, with the same scores and match reasons, sorted by relevance and by name (each
/// numbered by their place in name order).
fn same_answers(d: &Dataset, budget: usize, title_budget: Option<usize>) -> usize {
    let (whole, titles) = match title_budget {
        None => (SearchIndex::new(d), TitleShards::default()),
        Some(b) => {
            let (index, shards) = SearchIndex::new_sharded_within(d, b);
            let titles = TitleShards {
                known: Some(shards.keys().cloned().collect()),
                loaded: (shards.into_iter())
                    .map(|(k, s)| (k, Arc::new(s)))
                    .collect(),
            };
            (index, titles)
        }
    };
    let shards: BTreeMap<String, WordShard> = (whole.word_shards(budget).into_iter())
        .map(|(k, s)| (k, WordShard::from_bytes(&s.to_bytes()).expect("round trip")))
        .collect();
    let keys: Vec<&String> = shards.keys().collect();
    let ranks = whole.name_ranks();
    let mut compared = 0;
    for query in queries(&whole) {
        let needed = shards_for_query(&query, &keys);
        let part = SearchIndex::from_shards(
            ranks.len(),
            &needed.iter().map(|k| &shards[k]).collect::<Vec<_>>(),
        );
        for sort in ["relevance", "name"] {
            let params = SearchParams::from_pairs([("q", query.as_str()), ("sort", sort)]);
            assert!(answers(&params));
            let want: Vec<Hit> = (whole.find(&params, &titles, true).hits.into_iter())
                .map(|h| Hit {
                    researcher: ranks[h.researcher] as usize,
                    ..h
                })
                .collect();
            let got = part.find(&params, &titles, true).hits;
            assert_eq!(got, want, "{query:?} by {sort} from {needed:?}");
            compared += want.len();
        }
    }
    compared
}

#[test]
fn the_shards_of_a_query_answer_it_as_the_whole_index() {
    let (fixture, bundled) = (dataset(), bundled());
    let mut compared = 0;
    for d in [&fixture, &bundled] {
        // One shard per first character, and shards divided down to single words and parts.
        for budget in [1 << 20, 300, 60] {
            compared += same_answers(d, budget, None);
            compared += same_answers(d, budget, Some(200));
        }
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn small_budgets_make_many_shards() {
    let whole = SearchIndex::new(&bundled());
    let one = whole.word_shards(1 << 20).len();
    let many = whole.word_shards(60);
    assert!(many.len() > 3 * one, "{one} {}", many.len());
    assert!(
        many.keys().any(|k| k.contains('~')),
        "a word divided into parts"
    );
}

#[test]
fn filters_and_figures_wait_for_the_whole_index() {
    let plain = |pairs: &[(&str, &str)]| answers(&SearchParams::from_pairs(pairs.iter().copied()));
    assert!(plain(&[("q", "anna")]));
    assert!(plain(&[("q", "anna"), ("sort", "name")]));
    assert!(!plain(&[("q", "anna"), ("sort", "publications")]));
    assert!(!plain(&[("q", "anna"), ("stage", "phd_student")]));
    assert!(!plain(&[("q", "anna"), ("from", "2020")]));
}

#[test]
fn a_shard_whose_lists_disagree_is_refused() {
    assert!(WordShard::from_bytes(b"\x02\x01b\x01a\x00").is_err());
    assert!(WordShard::from_bytes(b"<!doctype html>").is_err());
}

/// Title shards number researchers by their place in name order, the index by its own: the
/// index with its titles in shards finds the same people, in the same order, with the same
/// scores as the one holding them. (Not always for the same reason: a shard keeps one title per
/// researcher and word, so a title with two of the query's words may go unseen.)
#[test]
fn titles_in_shards_answer_as_titles_inline() {
    let mut compared = 0;
    for d in [dataset(), bundled()] {
        let inline = SearchIndex::new(&d);
        let (sharded, shards) = SearchIndex::new_sharded_within(&d, 200);
        let titles = TitleShards {
            known: Some(shards.keys().cloned().collect()),
            loaded: (shards.into_iter())
                .map(|(k, s)| (k, Arc::new(s)))
                .collect(),
        };
        // A one-character last word searches no titles until a second is typed.
        let queries = queries(&inline).into_iter().filter(|q| {
            q.split_whitespace()
                .last()
                .is_none_or(|w| w.chars().count() > 1)
        });
        for query in queries {
            let params = SearchParams::from_pairs([("q", query.as_str())]);
            let found = |hits: Vec<Hit>| -> Vec<(usize, u32)> {
                hits.into_iter().map(|h| (h.researcher, h.score)).collect()
            };
            let want = found(inline.find(&params, &TitleShards::default(), false).hits);
            let got = found(sharded.find(&params, &titles, false).hits);
            assert_eq!(got, want, "{query:?}");
            compared += want.len();
        }
    }
    assert!(compared > 1_000, "{compared}");
}
