//! Whatever the bytes, the reader answers: arbitrary text and mutations of the fixtures never
//! panic, and every work read has an OpenAlex id, a title and a year.

use proptest::prelude::*;

use super::fixture;
use crate::sources::openalex::{read, read_works};

fn fixtures() -> Vec<String> {
    [
        "A5000000001.json",
        "A5000000001.works.json",
        "A5000000002.json",
        "A5000000002.works.json",
    ]
    .into_iter()
    .map(fixture)
    .collect()
}

/// What must hold of any answer.
fn check(author: &str, works: &str) {
    if let Ok(record) = read(author, works) {
        for w in &record.works {
            assert!(w.id.starts_with('W') && !w.title.is_empty() && w.year >= 1000);
        }
    }
    let _ = read_works(works);
}

/// The nearest char boundary at or before `at % (len + 1)`.
fn boundary(text: &str, at: usize) -> usize {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Deletes `n` bytes at `at`, then inserts `piece` there.
fn mutate(text: &str, at: usize, n: usize, piece: &str) -> String {
    let start = boundary(text, at);
    let end = boundary(text, start + n).max(start);
    let mut out = text.to_owned();
    out.replace_range(start..end, piece);
    out
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just(",".to_owned()),
        Just("\"".to_owned()),
        Just("null".to_owned()),
        Just("-1".to_owned()),
        Just("1e999".to_owned()),
        Just("<i>".to_owned()),
        Just("&#x110000;".to_owned()),
        Just("\"https://arxiv.org/abs/".to_owned()),
        Just("\"https://doi.org/10.48550/arxiv.".to_owned()),
        "\\PC{0,8}",
    ]
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(author in "\\PC{0,200}", works in "\\PC{0,400}") {
        check(&author, &works);
    }

    #[test]
    fn mutated_fixtures_never_panic(
        which in 0usize..2,
        edits in proptest::collection::vec((any::<usize>(), 0usize..40, piece()), 1..4),
    ) {
        let texts = fixtures();
        let (mut author, mut works) = (texts[2 * which].clone(), texts[2 * which + 1].clone());
        for (i, (at, n, piece)) in edits.iter().enumerate() {
            if i % 2 == 0 {
                works = mutate(&works, *at, *n, piece);
            } else {
                author = mutate(&author, *at, *n, piece);
            }
        }
        check(&author, &works);
    }
}
