//! The publication list's questions on the bundled data and on made-up ones.

use super::*;

use crate::model::bundled::dataset as bundled;

#[test]
fn pages_hold_a_hundred_entries_and_groups_keep_their_whole_count() {
    let d = bundled();
    let ix = PublicationIndex::new(&d);
    let all = ix.list(&ix.scope_all(), &PubParams::default());
    assert_eq!(all.shown, d.publications.len());
    assert!(all.items().count() <= PAGE_SIZE);
    let counted: usize = all.groups.iter().map(|g| g.count).sum();
    assert!(counted >= all.items().count());
    let last = PubParams {
        page: 99,
        ..PubParams::default()
    };
    let l = ix.list(&ix.scope_all(), &last);
    assert_eq!(l.page, l.pages() - 1, "a page past the end shows the last");
}

#[test]
fn the_text_matches_whole_words_and_the_beginning_of_the_last() {
    let q = TextQuery::new("Serving LLM inf");
    assert_eq!(q.words, ["llm", "serving"]);
    assert_eq!(q.prefix.as_deref(), Some("inf"));
    let words = words_of("Efficient LLM Serving for Inference");
    assert!(q.matches(&words));
    assert!(
        !TextQuery::new("serv llm").matches(&words),
        "only the last word is a beginning"
    );
    assert!(
        TextQuery::new("llm s").matches(&words),
        "a one-letter last word waits"
    );
    assert!(TextQuery::new("s").is_empty());
    assert!(
        !TextQuery::new("ference").matches(&words),
        "no middle of a word"
    );
}
