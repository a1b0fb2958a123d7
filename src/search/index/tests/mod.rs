//! The index on a small dataset exercising accents, scripts, sectors, scopes, years, awards and
//! openings: the fixture the other index tests share, and queries, scores, sorts and stats.
//! Reasons are tested in `explain.rs`, filters and facet counts in `facets.rs`.

use serde_json::json;

use super::*;
use crate::model::Dataset;
use crate::search::params::SearchParams;

/// A query string's pairs, for case tables.
pub(super) type Pairs = &'static [(&'static str, &'static str)];

/// A small dataset exercising accents, scripts, sectors, scopes, years, awards and openings.
pub(super) fn dataset() -> Dataset {
    let researcher = |id: &str, name: &str, extra: serde_json::Value| {
        let mut r = json!({
            "id": id, "name": name, "career_stage": "faculty",
            "summary": "s", "sources": [{"document": "test"}]
        });
        r.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        r
    };
    let publication = |id: &str, title: &str, year: u16, extra: serde_json::Value| {
        let mut p = json!({
            "id": id, "title": title, "authors": [{"name": "x"}], "type": "conference", "year": year
        });
        p.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        p
    };
    serde_json::from_value(json!({
        "schema_version": 1,
        "organizations": [
            {"id": "uni-a", "name": "Universität München", "short_name": "LMU",
             "aliases": ["Ludwig Maximilian University"], "kind": "university", "country": "DE"},
            {"id": "corp-b", "name": "Bèta Corp", "kind": "company", "country": "US"},
            {"id": "lab-c", "name": "Gamma Lab", "kind": "lab"},
            {"id": "npo-d", "name": "Delta Society", "kind": "nonprofit", "country": "GB"},
            {"id": "epsilon", "name": "Epsilon Inc", "kind": "company", "country": "FR"}
        ],
        "topics": [
            {"id": "t-sys", "name": "Systems"},
            {"id": "t-ml", "name": "Machine learning"},
            {"id": "t-unused", "name": "Unused topic"}
        ],
        "venues": [
            {"id": "v-x", "short_name": "XConf", "name": "Conference on X", "kind": "conference"},
            {"id": "v-y", "short_name": "YJ", "name": "Journal of Y", "kind": "journal"}
        ],
        "publications": [
            publication("p1", "Straße of Systems", 2019, json!({"venue": "v-x", "topics": ["t-sys"]})),
            publication("p2", "Learning Müller networks", 2022, json!({"venue": "v-y", "topics": ["t-ml"]})),
            publication("p3", "Shared paper", 2015, json!({}))
        ],
        "researchers": [
            researcher("r-bob", "Bob Øster", json!({
                "organization": "corp-b", "career_stage": "industry", "publications": ["p2", "p3"],
                "talks": [{"title": "A talk about Müller"}], "projects": [{"name": "Zeta"}],
                "positions": [{"organization": "epsilon", "title": "Engineer"}]
            })),
            researcher("r-anna", "Anna Müller", json!({
                "native_name": "安娜", "alternative_names": ["Anna Mueller"],
                "organization": "uni-a", "topics": ["t-sys"], "publications": ["p1", "p3"],
                "awards": [{"name": "Best Paper"}], "interests": ["Distributed systems"],
                "positions": [{"organization": "corp-b", "title": "Intern"}],
                "openings": {"kinds": ["postdoc", "phd"], "source": "test"}
            })),
            researcher("r-cleo", "Cléo Durand", json!({
                "career_stage": "phd_student",
                "education": [{"organization": "uni-a", "degree": "PhD"}]
            })),
            researcher("r-dan", "Dan Smith", json!({
                "organization": "npo-d", "career_stage": "postdoc", "publications": ["p2"],
                "positions": [{"organization": "lab-c", "title": "Visitor"}],
                "openings": {"kinds": ["intern"]}
            })),
            researcher("r-eve", "Eve Adams", json!({
                "organization": "lab-c", "career_stage": "industry", "publications": ["p1", "p1"],
                "awards": [{"name": "Rising Star"}, {"name": "Teaching prize"}]
            }))
        ]
    }))
    .expect("the test dataset deserializes")
}

pub(super) struct Fixture {
    pub(super) d: Dataset,
    pub(super) index: SearchIndex,
}

impl Fixture {
    pub(super) fn new() -> Self {
        let d = dataset();
        let index = SearchIndex::new(&d);
        Self { d, index }
    }

    pub(super) fn run(&self, pairs: &[(&str, &str)]) -> SearchResults {
        self.index
            .search(&SearchParams::from_pairs(pairs.iter().copied()))
    }

    /// The ids of the hits, in order.
    pub(super) fn ids(&self, pairs: &[(&str, &str)]) -> Vec<&str> {
        self.run(pairs)
            .hits
            .iter()
            .map(|h| self.d.researchers[h.researcher].id.as_str())
            .collect()
    }
}

/// (id, count, selected) of each value, for comparing facet lists.
pub(super) fn counts(values: &[FacetValue]) -> Vec<(&str, usize, bool)> {
    values
        .iter()
        .map(|v| (v.id.as_str(), v.count, v.selected))
        .collect()
}

#[test]
fn queries_match_the_right_people() {
    let f = Fixture::new();
    let cases: &[(&str, &[&str])] = &[
        ("", &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"]),
        ("  ?! ", &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"]),
        ("muller", &["r-anna", "r-bob", "r-dan"]),
        ("MÜLLER", &["r-anna", "r-bob", "r-dan"]),
        ("mueller", &["r-anna"]),
        ("cleo", &["r-cleo"]),
        ("CLÉO", &["r-cleo"]),
        ("oster", &["r-bob"]),
        ("安", &["r-anna"]),
        ("安娜", &["r-anna"]),
        ("lmu", &["r-anna", "r-cleo"]),
        ("münchen", &["r-anna", "r-cleo"]),
        ("ludwig maxim", &["r-anna", "r-cleo"]),
        ("epsilon", &["r-bob"]),
        ("gamma", &["r-dan", "r-eve"]),
        ("strasse", &["r-anna", "r-eve"]),
        ("xconf", &["r-anna", "r-eve"]),
        ("journal", &["r-bob", "r-dan"]),
        ("machine", &["r-bob", "r-dan"]),
        ("distributed", &["r-anna"]),
        ("rising", &["r-eve"]),
        ("zeta", &["r-bob"]),
        ("talk", &["r-bob"]),
        ("anna m", &["r-anna"]),
        // All but the last word must match whole words; every word must match.
        ("ann m", &[]),
        ("anna zzz", &[]),
        ("zzz anna", &[]),
        ("anna bob", &[]),
        ("qqq", &[]),
    ];
    for (query, want) in cases {
        let mut got = f.ids(&[("q", query), ("sort", "name")]);
        got.sort_unstable();
        assert_eq!(got, *want, "query {query:?}");
    }
}

#[test]
fn scores_and_relevance_order() {
    let f = Fixture::new();
    let r = f.run(&[("q", "muller")]);
    let got: Vec<(&str, u32)> = r
        .hits
        .iter()
        .map(|h| (f.d.researchers[h.researcher].id.as_str(), h.score))
        .collect();
    // Name exact 100; a publication title exact 20 (beats the talk's 15); ties by name.
    assert_eq!(got, [("r-anna", 100), ("r-bob", 20), ("r-dan", 20)]);
    // Prefix-only matches score 3/4: "mull" on the name is 75.
    assert_eq!(f.run(&[("q", "mull")]).hits[0].score, 75);
    // Two words: the sum of each word's best field.
    let anna = &f.run(&[("q", "anna mu")]).hits[0];
    assert_eq!(anna.score, 100 + 75);
    // A prefix-only match on a heavier field beats an exact match on a lighter one.
    let scores: Vec<u32> = f
        .run(&[("q", "ann")])
        .hits
        .iter()
        .map(|h| h.score)
        .collect();
    assert_eq!(scores, [75]);
}

#[test]
fn sorts() {
    let f = Fixture::new();
    let cases: &[(Pairs, &[&str])] = &[
        (&[], &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"]),
        (
            &[("sort", "relevance")],
            &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"],
        ),
        (
            &[("sort", "name")],
            &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"],
        ),
        // eve lists p1 twice: it counts once.
        (
            &[("sort", "publications")],
            &["r-anna", "r-bob", "r-dan", "r-eve", "r-cleo"],
        ),
        (
            &[("sort", "recent")],
            &["r-bob", "r-dan", "r-anna", "r-eve", "r-cleo"],
        ),
        (
            &[("q", "muller"), ("sort", "name")],
            &["r-anna", "r-bob", "r-dan"],
        ),
        (
            &[("q", "muller"), ("sort", "recent")],
            &["r-bob", "r-dan", "r-anna"],
        ),
    ];
    for (pairs, want) in cases {
        assert_eq!(f.ids(pairs), *want, "{pairs:?}");
    }
}

#[test]
fn stats() {
    let f = Fixture::new();
    let at = |id: &str| {
        let i =
            f.d.researchers
                .iter()
                .position(|r| r.id.as_str() == id)
                .unwrap();
        f.index.stats(i)
    };
    assert_eq!(
        at("r-anna"),
        Stats {
            publications: 2,
            awards: 1,
            talks: 0,
            first_year: Some(2015),
            last_year: Some(2019)
        }
    );
    assert_eq!(at("r-eve").publications, 1);
    assert_eq!(at("r-bob").talks, 1);
    assert_eq!(at("r-cleo"), Stats::default());
    assert_eq!(f.index.len(), 5);
    assert!(!f.index.is_empty());
    let empty = SearchIndex::new(&Dataset {
        researchers: Vec::new(),
        ..f.d.clone()
    });
    assert!(empty.is_empty());
    assert!(empty.search(&SearchParams::default()).hits.is_empty());
}

/// The index resolves each profile's publications through its own map (once per researcher);
/// it gives the model's list, in the same order, on the test dataset and the bundled one.
#[test]
fn publications_resolve_like_the_model() {
    let bundled = crate::model::bundled::dataset();
    for d in [dataset(), bundled] {
        let by_id = super::build::ById::new(&d);
        for r in &d.researchers {
            let ids = |list: Vec<&crate::model::Publication>| -> Vec<String> {
                list.iter().map(|p| p.id.0.clone()).collect()
            };
            assert_eq!(
                ids(by_id.publications_of(&d, r)),
                ids(d.publications_of(r)),
                "{}",
                r.id
            );
        }
    }
}

#[test]
fn field_kinds() {
    let labels: Vec<&str> = (FieldKind::ALL.iter())
        .map(|k| k.label(&crate::lang::EN))
        .collect();
    assert_eq!(
        labels,
        [
            "Name",
            "Also known as",
            "Organization",
            "Topic",
            "Interest",
            "Publication",
            "Venue",
            "Award",
            "Talk",
            "Project"
        ]
    );
    let weights: Vec<u32> = FieldKind::ALL.iter().map(|k| k.weight()).collect();
    assert_eq!(weights, [100, 80, 40, 40, 30, 20, 10, 25, 15, 30]);
    assert_eq!(country_name("us", &crate::lang::EN), Some("United States"));
    assert_eq!(country_name("XX", &crate::lang::EN), None);
}

mod explain;
mod facets;
#[cfg(not(target_arch = "wasm32"))]
mod narrow;
mod shards;

/// Every two-word query of the index's own words (the second also cut to a prefix) scores each
/// researcher the same whether the second word is read from its postings or from the fields of
/// those the first matched; and every sort's order is the one of its key, then name.
#[test]
fn both_readings_of_a_later_word_agree() {
    use super::query::Reading;
    use crate::search::TitleShards;
    let bundled = crate::model::bundled::dataset();
    let fixture = dataset();
    let mut pairs = 0;
    for d in [&fixture, &bundled] {
        let index = SearchIndex::new(d);
        let words: Vec<&str> = index.vocab.iter().map(String::as_str).step_by(3).collect();
        let none = TitleShards::default();
        for a in &words {
            for b in &words {
                for cut in [1, 2, b.chars().count()] {
                    let end = b.char_indices().nth(cut).map_or(b.len(), |(i, _)| i);
                    let query = format!("{a} {}", &b[..end]);
                    let q = index.compile(&query, &none);
                    let (by_postings, by_fields) = (
                        index.run_reading(q.terms(), Reading::Postings),
                        index.run_reading(q.terms(), Reading::Candidates),
                    );
                    assert_eq!(by_postings.count, by_fields.count, "{query:?}");
                    assert_eq!(by_postings.score, by_fields.score, "{query:?}");
                    pairs += 1;
                }
            }
        }
    }
    assert!(pairs > 1_000, "{pairs}");
}

/// Hits come in the sort's order, ties by name, alike whether taken in name order (many) or
/// sorted by both keys (few).
#[test]
fn many_and_few_hits_are_ordered_alike() {
    use crate::search::TitleShards;
    use crate::search::bits::Bits;
    use crate::search::params::Sort;
    let f = Fixture::new();
    let none = TitleShards::default();
    for sort in [
        Sort::Relevance,
        Sort::Name,
        Sort::Publications,
        Sort::Recent,
    ] {
        for query in ["", "m", "muller", "gamma", "anna m"] {
            let q = f.index.compile(query, &none);
            let matches = (!q.terms().is_empty()).then(|| f.index.run(q.terms()));
            let all = Bits::full(f.index.len());
            let [many, few] = [true, false].map(|in_name_order| {
                f.index
                    .ordered_hits(&all, matches.as_ref(), sort, in_name_order)
            });
            assert_eq!(many, few, "{sort:?} {query:?}");
            let key = |h: &Hit| {
                let p = &f.index.people[h.researcher];
                let primary = match sort {
                    Sort::Relevance => h.score,
                    Sort::Publications => p.stats.publications as u32,
                    Sort::Recent => p.stats.last_year.map_or(0, |y| u32::from(y) + 1),
                    Sort::Name => 0,
                };
                (std::cmp::Reverse(primary), p.name_rank)
            };
            let keys: Vec<_> = many.iter().map(key).collect();
            assert!(keys.is_sorted(), "{sort:?} {query:?}: {keys:?}");
        }
    }
}
