//! Citation counts and abstracts on the bundled dataset given some of each: the "Most cited"
//! order (ties, papers without a count last), its URL key, and what each compiled file keeps
//! (profile packs: abstracts and counts; `/publications`' chunks and attributes: counts only;
//! provenance nowhere).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, HashMap};

use research_atlas::files::detail::DetailFile;
use research_atlas::files::people::{PeoplePack, Steps};
use research_atlas::files::publications::{CompiledPubs, Fetched, check_against, part_from_bytes};
use research_atlas::model::{self, CitationSource, Citations, Dataset, Origin, cite};
use research_atlas::search::publications::parts::{Column, Part};
use research_atlas::search::{CardIndex, GroupBy, Order, PubParams, PublicationIndex};

const BUNDLED: &str = research_atlas::model::bundled::JSON;

/// The bundled dataset with, by position: every third paper uncounted, the others counted
/// with repeats (ties), every paper an abstract, a dblp key and a provenance.
fn with_citations() -> Dataset {
    let mut d = model::load(BUNDLED, 2027).unwrap().dataset;
    for (i, p) in d.publications.iter_mut().enumerate() {
        p.citations = (i % 3 != 0).then(|| Citations {
            count: [0, 7, 7, 120, 1204][i % 5],
            source: CitationSource::Openalex,
            as_of: "2026-11-01".into(),
        });
        p.abstract_text = Some(format!("The abstract of paper {i}."));
        p.sources.insert(Origin::Dblp, format!("conf/x/Paper{i}"));
        p.provenance.insert("title".into(), Origin::Dblp);
    }
    d
}

fn cited(d: &Dataset, i: usize) -> Option<u32> {
    d.publications[i].citations.as_ref().map(|c| c.count)
}

#[test]
fn most_cited_puts_counts_first_keeps_list_order_for_ties_and_the_uncounted_last() {
    let d = with_citations();
    let ix = PublicationIndex::new(&d);
    let newest = ix.list(&ix.scope_all(), &PubParams::default()).entries;
    let params = PubParams::from_pairs([("order", "cited"), ("group", "type")]);
    assert_eq!(params.order, Order::Cited);
    assert_eq!(params.to_pairs()[1], ("order", "cited".to_owned()));
    for group in [GroupBy::Year, GroupBy::Type] {
        let p = PubParams {
            group,
            ..params.clone()
        };
        let l = ix.list(&ix.scope_all(), &p);
        assert_eq!(l.shown, d.publications.len());
        // Within each group: counted papers by count, descending; ties and the uncounted in
        // list order (newest first); the uncounted after every counted one.
        for g in &l.groups {
            let key = |&i: &usize| cited(&d, i).map_or((1, 0), |c| (0, u32::MAX - c));
            let keys: Vec<_> = g.items.iter().map(key).collect();
            assert!(keys.is_sorted(), "{group:?} {}: {keys:?}", g.key);
            let at = |i: &usize| newest.iter().position(|x| x == i).unwrap();
            for pair in g.items.windows(2) {
                if key(&pair[0]) == key(&pair[1]) {
                    assert!(at(&pair[0]) < at(&pair[1]), "a tie keeps list order");
                }
            }
        }
    }
    // By year, "Most cited" is two groups: counted, then not.
    let l = ix.list(
        &ix.scope_all(),
        &PubParams::from_pairs([("order", "cited")]),
    );
    let groups: Vec<(&str, usize)> = (l.groups.iter())
        .map(|g| (g.key.as_str(), g.count))
        .collect();
    let counted = (0..d.publications.len())
        .filter(|&i| cited(&d, i).is_some())
        .count();
    assert_eq!(
        groups,
        [
            ("cited", counted),
            ("uncounted", d.publications.len() - counted)
        ]
    );
    assert_eq!(cited(&d, l.entries[0]), Some(1204));
}

#[test]
fn without_counts_most_cited_keeps_the_newest_first_order() {
    let d = model::load(BUNDLED, 2027).unwrap().dataset;
    let ix = PublicationIndex::new(&d);
    let newest = ix.list(&ix.scope_all(), &PubParams::default());
    let most = ix.list(
        &ix.scope_all(),
        &PubParams::from_pairs([("order", "cited")]),
    );
    assert_eq!(most.entries, newest.entries);
    assert_eq!(most.groups.len(), 1);
    assert_eq!(most.groups[0].label, "Without a citation count");
}

#[test]
fn the_compiled_list_sorts_by_citations_as_the_loaded_one() {
    let d = with_citations();
    let ix = PublicationIndex::new(&d);
    let c = CompiledPubs::build(&d);
    let fetched = Fetched::of(&c).unwrap();
    for q in [
        vec![("order", "cited")],
        vec![("order", "cited"), ("group", "venue")],
        vec![
            ("order", "cited"),
            ("ptype", "conference"),
            ("pq", "serving"),
        ],
    ] {
        check_against(&d, &c, &fetched, &ix, &PubParams::from_pairs(q)).unwrap();
    }
}

#[test]
fn packs_keep_abstracts_and_counts_chunks_keep_counts_and_nothing_keeps_provenance() {
    let d = with_citations();
    let keys = cite::bibtex_keys(&d);
    let by_id = DetailFile::publications_by_id(&d);
    let files: Vec<DetailFile> = (0..d.researchers.len())
        .map(|i| DetailFile::new(&d, i, &keys, &by_id))
        .collect();
    let dir = model::load(&serde_json::to_string(&d).unwrap(), 2027).unwrap();
    let steps = Steps::default_view(&CardIndex::compile(&dir));
    let original: HashMap<&str, &model::Publication> =
        d.publications.iter().map(|p| (p.id.as_str(), p)).collect();
    for pack in PeoplePack::split(files, steps, 8) {
        let pack = PeoplePack::from_bytes(&pack.to_bytes()).unwrap();
        for p in pack.people.iter().flat_map(|f| &f.dataset.publications) {
            let o = original[p.id.as_str()];
            assert_eq!(p.abstract_text, o.abstract_text, "{}", p.id);
            assert_eq!(p.citations, o.citations, "{}", p.id);
            assert_eq!(p.sources, o.sources, "{}", p.id);
            assert_eq!(p.provenance, BTreeMap::new(), "{}", p.id);
        }
    }
    let compiled = CompiledPubs::build(&d);
    let mut seen = 0;
    for n in 0..compiled.chunk_count() {
        let bytes = compiled.chunk(&d, &keys, n).to_bytes();
        let chunk = DetailFile::from_bytes(&bytes).unwrap();
        for p in &chunk.dataset.publications {
            let o = original[p.id.as_str()];
            assert_eq!(p.abstract_text, None, "{}", p.id);
            assert_eq!(p.citations, o.citations, "{}", p.id);
            assert_eq!(p.sources, o.sources, "{}", p.id);
            assert_eq!(p.provenance, BTreeMap::new(), "{}", p.id);
            seen += 1;
        }
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("The abstract of paper"), "chunk {n}");
    }
    assert_eq!(seen, d.publications.len());
    // The citations' column carries each entry's count, in list order.
    let ix = PublicationIndex::new(&d);
    let attrs = &Fetched::of(&compiled).unwrap().parts;
    let attrs = &attrs.core().attrs;
    for (pos, &i) in ix.order().iter().enumerate() {
        assert_eq!(attrs.cited(pos), cited(&d, i));
    }
}

#[test]
fn a_list_without_counts_pays_one_byte_for_them() {
    let d = model::load(BUNDLED, 2027).unwrap().dataset;
    let compiled = CompiledPubs::build(&d);
    let column = Part::Column(Column::Cited);
    assert_eq!(compiled.part_bytes(column), [0]);
    let n = compiled.index.total as usize;
    let limits = Fetched::of(&compiled).unwrap().parts.limits();
    assert_eq!(limits.len, n);
    assert_eq!(
        part_from_bytes(&[0], column, limits).unwrap(),
        Vec::<u32>::new()
    );
}
