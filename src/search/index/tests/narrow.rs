//! A search that starts from the previous key's matches answers as a search from the postings:
//! random typing sequences (letters typed at the end, Backspace, edits elsewhere, pasted words,
//! an input method's composition replacing what it showed) on the fixture, on the bundled
//! dataset with titles inline, and with titles sharded while shards arrive between keys.

use std::collections::BTreeMap;
use std::sync::Arc;

use proptest::prelude::*;

use super::dataset;
use crate::model::Dataset;
use crate::model::bundled::dataset as bundled;
use crate::search::params::{SearchParams, Sort};
use crate::search::titles::TitleShard;
use crate::search::{Hit, QueryMemory, SearchIndex, TitleShards};

/// One key (or one input event) in the search box.
#[derive(Debug, Clone)]
enum Key {
    /// A character typed at the end.
    Type(char),
    /// Backspace at the end.
    Backspace,
    /// Text pasted at a position (a fraction of the text's length).
    Paste(String, u8),
    /// A character deleted at a position.
    Delete(u8),
    /// An input method's composition: the characters it shows while composing replaced by the
    /// one it commits, each an input event.
    Compose(Vec<char>, char),
    /// The shards of the loaded titles: one more arrives (by position among the known ones).
    ShardArrives(u8),
}

fn letters() -> impl Strategy<Value = char> {
    prop::sample::select(
        "abcdeilmnorstuyzäöüéøß安娜 -"
            .chars()
            .collect::<Vec<char>>(),
    )
}

fn key() -> impl Strategy<Value = Key> {
    prop_oneof![
        8 => letters().prop_map(Key::Type),
        2 => Just(Key::Backspace),
        1 => ("(sys|learn|müller|anna|shared|xconf|mach|netw|pap)[ ]?", any::<u8>())
            .prop_map(|(s, at)| Key::Paste(s, at)),
        1 => any::<u8>().prop_map(Key::Delete),
        1 => (prop::collection::vec(letters(), 1..3), letters())
            .prop_map(|(shown, commit)| Key::Compose(shown, commit)),
        1 => any::<u8>().prop_map(Key::ShardArrives),
    ]
}

/// The byte offset of the char boundary nearest `at`/255 of `text`.
fn position(text: &str, at: u8) -> usize {
    let chars: Vec<usize> = (text.char_indices().map(|(i, _)| i))
        .chain([text.len()])
        .collect();
    chars[usize::from(at) * (chars.len() - 1) / 255]
}

/// The box's text after each input event of `keys`, and the shard keys loaded by then.
fn texts(keys: &[Key], known: &[String]) -> Vec<(String, usize)> {
    let mut text = String::new();
    let mut shards = 0;
    let mut out = Vec::new();
    for k in keys {
        match k {
            Key::Type(c) => text.push(*c),
            Key::Backspace => {
                text.pop();
            }
            Key::Paste(s, at) => text.insert_str(position(&text, *at), s),
            Key::Delete(at) => {
                let i = position(&text, *at);
                if i < text.len() {
                    text.remove(i);
                }
            }
            Key::Compose(shown, commit) => {
                for c in shown {
                    text.push(*c);
                    out.push((text.clone(), shards));
                    text.pop();
                }
                text.push(*commit);
            }
            Key::ShardArrives(i) => {
                if !known.is_empty() {
                    shards = (shards + 1 + usize::from(*i) % 3).min(known.len());
                }
            }
        }
        out.push((text.clone(), shards));
    }
    out
}

/// The hits as (researcher, score), in order.
fn hits(h: &[Hit]) -> Vec<(usize, u32)> {
    h.iter().map(|h| (h.researcher, h.score)).collect()
}

/// Types `keys` into `index` both ways and returns how many keys started from the previous
/// key's matches; fails on the first key whose answers differ.
fn typed_both_ways(
    index: &SearchIndex,
    shards: &BTreeMap<String, Arc<TitleShard>>,
    keys: &[Key],
    sort: Sort,
    all_loaded: bool,
) -> Result<usize, TestCaseError> {
    let known: Vec<String> = shards.keys().cloned().collect();
    let mut memory = QueryMemory::default();
    let mut narrowed = 0;
    for (text, loaded) in texts(keys, &known) {
        let titles = TitleShards {
            known: (!known.is_empty()).then(|| known.clone()),
            loaded: (shards
                .iter()
                .take(if all_loaded { known.len() } else { loaded }))
            .map(|(k, s)| (k.clone(), s.clone()))
            .collect(),
        };
        let params = SearchParams {
            query: text.clone(),
            sort: Some(sort),
            ..SearchParams::default()
        };
        let full = index.find(&params, &titles, false);
        let after = index.find_after(&params, &titles, false, &memory);
        prop_assert_eq!(hits(&full.hits), hits(&after.hits), "typing {:?}", text);
        narrowed += usize::from(after.memory.narrowed());
        memory = after.memory;
    }
    Ok(narrowed)
}

/// The bundled dataset with titles sharded in small shards (so a prefix spans several).
fn sharded(d: &Dataset) -> (SearchIndex, BTreeMap<String, Arc<TitleShard>>) {
    let (index, shards) = SearchIndex::new_sharded_within(d, 40);
    let shards = (shards.into_iter())
        .map(|(k, s)| (k, Arc::new(s)))
        .collect();
    (index, shards)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn narrowing_answers_as_the_postings_do(
        keys in prop::collection::vec(key(), 1..24),
        sort in prop::sample::select(vec![Sort::Relevance, Sort::Name, Sort::Publications]),
    ) {
        for d in [dataset(), bundled()] {
            typed_both_ways(&SearchIndex::new(&d), &BTreeMap::new(), &keys, sort, false)?;
            let (index, shards) = sharded(&d);
            for all_loaded in [false, true] {
                typed_both_ways(&index, &shards, &keys, sort, all_loaded)?;
            }
        }
    }
}

/// Typing words letter by letter does start from the previous key (the property above would
/// hold as well if nothing ever did), and an edit that widens the query does not.
#[test]
fn typing_at_the_end_narrows_and_backspace_does_not() {
    let d = bundled();
    let index = SearchIndex::new(&d);
    let word = |w: &str| -> Vec<Key> { w.chars().map(Key::Type).collect() };
    let keys: Vec<Key> = [word("sys"), vec![Key::Backspace], word("stems mo")].concat();
    // s, sy, sys, sy (Backspace: widens), sys, syst, …: every key but the first and Backspace.
    let narrowed = typed_both_ways(&index, &BTreeMap::new(), &keys, Sort::Relevance, false)
        .expect("same answers");
    assert_eq!(narrowed, keys.len() - 2);
    // Titles sharded: a one-letter prefix does not search them, so its next key starts over.
    let (index, shards) = sharded(&d);
    let narrowed = typed_both_ways(&index, &shards, &word("sys"), Sort::Relevance, true)
        .expect("same answers");
    assert_eq!(narrowed, 1);
    // Words found in titles (Dan Smith's "Müller" and "networks" are in a title only): a
    // one-letter prefix did not search them, and shards arriving while the text stays the same
    // add matches.
    let (index, shards) = sharded(&dataset());
    let ne = word("ne");
    typed_both_ways(&index, &shards, &ne, Sort::Relevance, true).expect("same answers");
    let arriving = [word("mül"), vec![Key::ShardArrives(2); 12]].concat();
    typed_both_ways(&index, &shards, &arriving, Sort::Relevance, false).expect("same answers");
    // Another index never reads this one's memory.
    let params = SearchParams {
        query: "sy".into(),
        ..SearchParams::default()
    };
    let none = TitleShards::default();
    let memory = index.find(&params, &none, false).memory;
    let other = SearchIndex::new(&d);
    let params = SearchParams {
        query: "sys".into(),
        ..SearchParams::default()
    };
    assert!(
        !other
            .find_after(&params, &none, false, &memory)
            .memory
            .narrowed()
    );
}
