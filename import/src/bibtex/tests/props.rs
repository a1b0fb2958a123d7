//! Whatever the bytes, the reader and the judge answer: arbitrary input and arbitrary
//! mutations of the fixtures never panic, and what they answer stays within the file (lines
//! that exist, each key once). And the whole import never leaves an invalid dataset: what it
//! hands back to be written validates, or it refuses and the dataset is as it was.

use std::path::Path;

use proptest::prelude::*;

use research_atlas::model::ResearcherId;

use super::super::entry::read;
use super::super::import_entries;
use super::super::paper::{judge, unused};
use crate::authoring::validate;

/// Every fixture the reader's tests use, as text.
fn fixtures() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut texts = Vec::new();
    for dir in [root.clone(), root.join("reader")] {
        for file in std::fs::read_dir(&dir).expect("fixtures") {
            let path = file.expect("fixture").path();
            if path.extension().is_some_and(|e| e == "bib") {
                texts.push(std::fs::read_to_string(&path).expect("fixture text"));
            }
        }
    }
    texts.sort();
    texts
}

/// Reads `source` and judges every entry; checks what must hold of any answer.
fn read_and_judge(source: &str) {
    let Ok(read) = read(source) else { return };
    let last_line = source.split(['\n', '\r']).count().max(1);
    let mut keys = std::collections::HashSet::new();
    for e in &read.entries {
        assert!(
            (1..=last_line).contains(&e.line),
            "entry line {} of {last_line}",
            e.line
        );
        assert!(
            keys.insert(e.key.clone()),
            "key {} twice in {source:?}",
            e.key
        );
        let _ = judge(e);
        let _ = unused(e);
    }
    for p in &read.problems {
        assert!(
            (1..=last_line).contains(&p.line),
            "problem line {} of {last_line}",
            p.line
        );
    }
}

/// Imports `source` for a member named Ann Lee (the reader fixtures' author) into the bundled
/// dataset, strict or not: the dataset it leaves validates, and a refusal leaves it untouched.
fn import_leaves_a_valid_dataset(source: &str, strict: bool) {
    let mut dataset = super::bundled();
    let mut ann = dataset.researchers[0].clone();
    ann.id = ResearcherId("ann-lee".into());
    ann.name = "Ann Lee".into();
    ann.alternative_names.clear();
    ann.native_name = None;
    ann.publications.clear();
    dataset.researchers.push(ann);
    let before = dataset.clone();
    let id = ResearcherId("ann-lee".into());
    match import_entries(&mut dataset, &id, source, strict) {
        Ok(_) => {
            if let Err(problems) = validate(&dataset, &|_| None) {
                panic!("an import left an invalid dataset: {problems:?}\n{source}");
            }
        }
        Err(_) => assert!(dataset == before, "a refused import changed the dataset"),
    }
}

/// One change to a file: delete, insert, repeat or cut.
#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, String),
    Repeat(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // What BibTeX syntax is made of, so mutations break it in the ways that matter.
    let piece = prop_oneof![
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("@".to_owned()),
        Just(",".to_owned()),
        Just("=".to_owned()),
        Just("\"".to_owned()),
        Just("#".to_owned()),
        Just("\\".to_owned()),
        Just("$".to_owned()),
        Just("%".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("@string{x = x}".to_owned()),
        Just("@misc{".to_owned()),
        Just(" and others".to_owned()),
        Just("\\'{\\i}".to_owned()),
        Just("<b>".to_owned()),
        Just("[a](b)".to_owned()),
        "\\PC{0,8}",
    ];
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<usize>(), piece).prop_map(|(at, s)| Mutation::Insert(at, s)),
        (any::<usize>(), 0usize..200).prop_map(|(at, n)| Mutation::Repeat(at, n)),
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
            let end = boundary(&text, start + n).max(start);
            let end = if end < start { start } else { end };
            text.replace_range(start..end.min(text.len()).max(start), "");
        }
        Mutation::Insert(at, s) => {
            let at = boundary(&text, *at);
            text.insert_str(at, s);
        }
        Mutation::Repeat(at, n) => {
            let start = boundary(&text, *at);
            let end = boundary(&text, start.saturating_add(*n)).max(start);
            let copy = text[start..end].to_owned();
            text.insert_str(end, &copy);
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
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        read_and_judge(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        read_and_judge(&text);
        read_and_judge(&format!("@misc{{k, title = {{{text}}}, author = {{{text}}}, year = {text}}}"));
    }

    #[test]
    fn mutated_fixtures_never_panic(
        which in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..8),
    ) {
        let fixtures = fixtures();
        let mut text = fixtures[which % fixtures.len()].clone();
        for m in &mutations {
            text = mutate(text, m);
        }
        read_and_judge(&text);
    }

    #[test]
    fn a_mutated_file_never_leaves_an_invalid_dataset(
        which in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..6),
        strict in any::<bool>(),
    ) {
        let fixtures = fixtures();
        let mut text = fixtures[which % fixtures.len()].clone();
        for m in &mutations {
            text = mutate(text, m);
        }
        import_leaves_a_valid_dataset(&text, strict);
    }
}
