//! Whatever the text, the reader answers and never panics: arbitrary strings, the fixtures with
//! their text cut and spliced, and the fixtures with any one value replaced by a value of
//! another shape — which must still be read, as only `orcid-identifier` can make a record no
//! record, and keys, not values, say what a document is.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::{fixtures, read, readable};

/// Every JSON pointer in `v`, the root first.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                let k = k.replace('~', "~0").replace('/', "~1");
                pointers(child, format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                pointers(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Values of every shape, and the strings ORCID's fields hold when they go wrong.
fn odd_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!(true)),
        Just(json!(0)),
        Just(json!(-1)),
        Just(json!(1e300)),
        Just(json!(u64::MAX)),
        Just(json!("")),
        Just(json!("13")),
        Just(json!("20x1")),
        Just(json!("<i>")),
        Just(json!("&#xD800;")),
        Just(json!([])),
        Just(json!({})),
        Just(json!({"value": null})),
        Just(json!([{"value": "x"}])),
        "\\PC{0,12}".prop_map(Value::String),
    ]
}

/// One change to the text: delete, insert, or cut.
#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, String),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let piece = prop_oneof![
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("\"".to_owned()),
        Just(",".to_owned()),
        Just(":".to_owned()),
        Just("null".to_owned()),
        Just("\\u00e9".to_owned()),
        Just("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[".to_owned()),
        "\\PC{0,8}",
    ];
    prop_oneof![
        (any::<usize>(), 0usize..60).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<usize>(), piece).prop_map(|(at, s)| Mutation::Insert(at, s)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// The nearest char boundary at or before `at % (len + 1)`.
fn boundary(text: &str, at: usize) -> usize {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn mutate(mut text: String, m: &Mutation) -> String {
    match m {
        Mutation::Delete(at, n) => {
            let start = boundary(&text, *at);
            let end = boundary(&text, start.saturating_add(*n)).max(start);
            text.replace_range(start..end, "");
        }
        Mutation::Insert(at, s) => {
            let at = boundary(&text, *at);
            text.insert_str(at, s);
        }
        Mutation::Truncate(at) => {
            let at = boundary(&text, *at);
            text.truncate(at);
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        let _ = read(&text);
        let _ = read(&format!(r#"{{"orcid-identifier": {{"path": "{text}"}}}}"#));
    }

    #[test]
    fn mutated_fixture_text_never_panics(
        which in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..8),
    ) {
        let fixtures = fixtures();
        let mut text = fixtures[which % fixtures.len()].clone();
        for m in &mutations {
            text = mutate(text, m);
        }
        let _ = read(&text);
    }

    #[test]
    fn a_value_of_another_shape_is_read_around(
        which in any::<usize>(),
        changes in proptest::collection::vec((any::<usize>(), odd_value()), 1..4),
    ) {
        // The documents read only: the others are refused whatever is changed in them.
        let fixtures = readable();
        let text = &fixtures[which % fixtures.len()];
        let mut doc: Value = serde_json::from_str(text).expect("fixture JSON");
        let mut identifier_touched = false;
        for (at, replacement) in changes {
            let mut all = Vec::new();
            pointers(&doc, String::new(), &mut all);
            let pointer = &all[at % all.len()];
            identifier_touched |= pointer.is_empty() || pointer.starts_with("/orcid-identifier");
            if let Some(slot) = doc.pointer_mut(pointer) {
                *slot = replacement;
            }
        }
        let result = read(&doc.to_string());
        if !identifier_touched {
            prop_assert!(result.is_ok(), "{result:?}");
        }
        if let Ok(record) = result {
            prop_assert!(record.skipped.iter().all(|s| !s.at.is_empty() && !s.reason.is_empty()));
        }
    }
}
