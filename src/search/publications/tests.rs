//! The compiled list answers exactly as the loaded one (at scale: `xtask`'s tests).

use super::files::{CompiledPubs, Fetched, check_against, sample_params};
use super::*;
use crate::model::{Dataset, cite, load};

fn bundled() -> Dataset {
    load(include_str!("../../../data/researchers.json"), 2027)
        .expect("the bundled dataset loads")
        .dataset
}

#[test]
fn the_compiled_list_answers_as_the_loaded_one_on_the_bundled_data() {
    let d = bundled();
    let ix = PublicationIndex::new(&d);
    let keys = cite::bibtex_keys(&d);
    // A small budget splits the word shards, as a large dataset would.
    for budget in [files::chunk_size(0) * 1000, 300] {
        let c = CompiledPubs::build_within(&d, budget);
        assert_eq!(c.index.total as usize, d.publications.len());
        let fetched = Fetched::of(&c).unwrap();
        for p in sample_params(&d) {
            check_against(&d, &c, &fetched, &ix, &p).unwrap();
        }
        // Every entry is in one chunk, once, in list order, with its BibTeX key.
        let chunks: Vec<_> = (0..c.chunk_count())
            .map(|n| c.chunk(&d, &keys, n))
            .collect();
        let ids: Vec<&str> = (chunks.iter())
            .flat_map(|f| f.dataset.publications.iter().map(|p| p.id.as_str()))
            .collect();
        let want: Vec<&str> = (ix.order().iter())
            .map(|&i| d.publications[i].id.as_str())
            .collect();
        assert_eq!(ids, want);
        for f in &chunks {
            for p in &f.dataset.publications {
                assert_eq!(f.cite_keys.get(&p.id), keys.get(&p.id), "{}", p.id);
            }
        }
    }
}

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
