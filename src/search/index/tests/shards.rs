//! The index put together from word shards answers as the whole index does.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::super::shards::{WordShard, answers, shards_for_query};
use super::dataset;
use crate::model::Dataset;
use crate::search::params::SearchParams;
use crate::search::titles::{
    PREFIX_SHARDS, prefix_searched, shards_for_query as title_shards, shards_for_word,
};
use crate::search::{Hit, SearchIndex, TitleShards};

use crate::model::bundled::dataset as bundled;

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
        // A last word searches titles only from its second character, and once it begins the
        // words of few shards.
        let keys = titles.known.clone().unwrap_or_default();
        let queries = queries(&inline).into_iter().filter(|q| {
            let words = crate::search::text::tokenize(q);
            words.last().is_none_or(|w| prefix_searched(&w.text, &keys))
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

/// A prefix that begins the words of more than [`PREFIX_SHARDS`] title shards searches no titles
/// (and fetches none of them) until a letter narrows it, even with every shard loaded; the
/// narrower prefix, and the whole word followed by another, search them.
#[test]
fn a_prefix_of_many_title_shards_waits_for_another_letter() {
    let d = bundled();
    let (index, shards) = SearchIndex::new_sharded_within(&d, 60);
    let keys: Vec<String> = shards.keys().cloned().collect();
    let words: Vec<String> = (shards.values())
        .flat_map(|s| s.words.iter().cloned())
        .collect();
    let loaded = |all: bool| TitleShards {
        known: Some(keys.clone()),
        loaded: (shards.iter())
            .filter(|_| all)
            .map(|(k, s)| (k.clone(), Arc::new(s.clone())))
            .collect(),
    };
    let count = |p: &str| shards_for_word(p, true, &keys).len();
    let hits = |q: &str, all: bool| {
        let params = SearchParams::from_pairs([("q", q)]);
        index.find(&params, &loaded(all), false).hits
    };
    // Every shard loaded and none known: the index cannot tell how many a prefix has, and
    // searches the loaded ones from the second letter.
    let unruled = |q: &str| {
        let params = SearchParams::from_pairs([("q", q)]);
        let titles = TitleShards {
            known: None,
            ..loaded(true)
        };
        index.find(&params, &titles, false).hits
    };
    // A title word, a prefix of it over the limit, and a longer one within it, both of whose
    // answers the titles change (more people, or other scores) when they are searched.
    let (word, wide, narrow) = (words.iter())
        .find_map(|w| {
            let cut = |n: usize| -> String { w.chars().take(n).collect() };
            let n = w.chars().count();
            let wide = (2..n).map(cut).find(|p| count(p) > PREFIX_SHARDS)?;
            let narrow = (wide.chars().count() + 1..=n)
                .map(cut)
                .find(|p| count(p) <= PREFIX_SHARDS)?;
            let matter = |p: &str| unruled(p) != hits(p, false);
            (matter(&wide) && matter(&narrow)).then(|| (w.clone(), wide, narrow))
        })
        .expect("a prefix of many shards at this budget");
    assert!(title_shards(&wide, &keys).is_empty(), "{wide:?}");
    assert!(!title_shards(&narrow, &keys).is_empty(), "{narrow:?}");
    assert!(!title_shards(&format!("{word} x"), &keys).is_empty());
    // Searched with every shard loaded, the wide prefix finds what it finds with none; the
    // narrow one reads them.
    assert_eq!(
        hits(&wide, true),
        hits(&wide, false),
        "{wide:?} of {word:?}"
    );
    assert_eq!(
        hits(&narrow, true),
        unruled(&narrow),
        "{narrow:?} of {word:?}"
    );
}
