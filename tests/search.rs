//! The search layer on the bundled dataset: queries, reasons, filters, facet counts and sorts.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::sync::OnceLock;

use proptest::prelude::*;
use research_atlas::model::{self, CareerStage, Dataset, ResearcherId};
use research_atlas::search::{
    Facet, FacetValue, FieldKind, OrgScope, SearchIndex, SearchParams, SearchResults, Sector, Sort,
    params::Set,
};

/// A query string's pairs, for case tables.
type Pairs = &'static [(&'static str, &'static str)];
/// A query, its hits in order, and the first hit's reason kind and a highlighted part.
type QueryCase = (
    &'static str,
    &'static [&'static str],
    Option<(FieldKind, &'static str)>,
);

const BUNDLED: &str = research_atlas::model::bundled::JSON;
const MAX_YEAR: u16 = 2027;

struct Atlas {
    d: Dataset,
    index: SearchIndex,
}

impl Atlas {
    fn load() -> Self {
        let dir = model::load(BUNDLED, MAX_YEAR).expect("the bundled dataset loads");
        assert!(dir.is_clean(), "problems: {:#?}", dir.problems);
        let index = SearchIndex::new(&dir.dataset);
        Self {
            d: dir.dataset,
            index,
        }
    }

    fn search(&self, pairs: &[(&str, &str)]) -> SearchResults {
        self.index
            .search(&SearchParams::from_pairs(pairs.iter().copied()))
    }

    fn ids_of(&self, results: &SearchResults) -> Vec<&str> {
        results
            .hits
            .iter()
            .map(|h| self.d.researchers[h.researcher].id.as_str())
            .collect()
    }

    /// Hit ids in result order.
    fn ids(&self, pairs: &[(&str, &str)]) -> Vec<&str> {
        self.ids_of(&self.search(pairs))
    }

    /// Hit ids, sorted, for set comparisons.
    fn id_set(&self, pairs: &[(&str, &str)]) -> Vec<&str> {
        let mut ids = self.ids(pairs);
        ids.sort_unstable();
        ids
    }

    fn position(&self, id: &str) -> usize {
        self.d
            .researchers
            .iter()
            .position(|r| r.id == ResearcherId::from(id))
            .unwrap_or_else(|| panic!("{id} is in the dataset"))
    }
}

/// One loaded atlas for the generated cases.
fn shared() -> &'static Atlas {
    static ATLAS: OnceLock<Atlas> = OnceLock::new();
    ATLAS.get_or_init(Atlas::load)
}

const EVERYONE: [&str; 5] = [
    "frank-sifei-luan",
    "jiachen-liu",
    "luo-mai",
    "michael-luo",
    "tao-luo",
];

#[test]
fn skypilot_finds_its_two_authors_by_the_title() {
    let a = Atlas::load();
    let r = a.search(&[("q", "skypilot")]);
    assert_eq!(a.ids_of(&r), ["frank-sifei-luan", "michael-luo"]);
    for hit in &r.hits {
        let reason = hit.reason.as_ref().expect("a reason");
        assert_eq!(reason.kind, FieldKind::Publication);
        assert_eq!(
            reason.text,
            "SkyPilot: An Intercloud Broker for Sky Computing"
        );
        let parts: Vec<&str> = reason
            .highlights
            .iter()
            .map(|&(s, e)| &reason.text[s..e])
            .collect();
        assert_eq!(parts, ["SkyPilot"]);
        assert_eq!(hit.score, FieldKind::Publication.weight());
    }
    // Case and accents do not matter; a prefix highlights only what was typed.
    assert_eq!(
        a.ids(&[("q", "SKYPÍLOT")]),
        ["frank-sifei-luan", "michael-luo"]
    );
    let sky = a.search(&[("q", "sky")]);
    let reason = sky.hits[0].reason.as_ref().unwrap();
    let parts: Vec<&str> = reason
        .highlights
        .iter()
        .map(|&(s, e)| &reason.text[s..e])
        .collect();
    assert_eq!(parts, ["Sky", "Sky"]);
}

#[test]
fn queries_on_the_bundled_data() {
    let a = Atlas::load();
    // (query, hits in relevance order, reason kind of the first hit, highlighted text)
    let cases: &[QueryCase] = &[
        (
            "sifei",
            &["frank-sifei-luan"],
            Some((FieldKind::Name, "Sifei")),
        ),
        (
            "栾",
            &["frank-sifei-luan"],
            Some((FieldKind::OtherName, "栾")),
        ),
        (
            "栾思飞",
            &["frank-sifei-luan"],
            Some((FieldKind::OtherName, "栾思飞")),
        ),
        (
            "edinb",
            &["luo-mai"],
            Some((FieldKind::Organization, "Edinb")),
        ),
        (
            "berkeley",
            &["frank-sifei-luan", "michael-luo"],
            Some((FieldKind::Organization, "Berkeley")),
        ),
        (
            "amber",
            &["jiachen-liu"],
            Some((FieldKind::OtherName, "Amber")),
        ),
        (
            "luo",
            &["luo-mai", "michael-luo", "tao-luo"],
            Some((FieldKind::Name, "Luo")),
        ),
        ("o1", &["michael-luo"], Some((FieldKind::Publication, "O1"))),
        (
            "exoshuffle",
            &["frank-sifei-luan"],
            Some((FieldKind::Project, "Exoshuffle")),
        ),
        (
            "nsdi",
            &["frank-sifei-luan", "luo-mai", "michael-luo"],
            Some((FieldKind::Venue, "NSDI")),
        ),
        // Meta is Frank's and Jiachen's past employer (40) and a word in two titles (20).
        (
            "meta",
            &["frank-sifei-luan", "jiachen-liu", "luo-mai", "michael-luo"],
            Some((FieldKind::Organization, "Meta")),
        ),
        // Advisors are not searchable: Ion Stoica advises two people but matches nobody.
        ("stoica", &[], None),
        // Every word must match: one matching word is not enough, in either order.
        ("skypilot zebra", &[], None),
        ("zebra skypilot", &[], None),
        ("sifei luo", &[], None),
        // Only the last word is a prefix.
        ("sky pilot", &[], None),
        ("skyp broker", &[], None),
    ];
    for (query, want, first) in cases {
        let r = a.search(&[("q", query)]);
        assert_eq!(a.ids_of(&r), *want, "hits for {query:?}");
        if let Some((kind, part)) = first {
            let reason = r.hits[0].reason.as_ref().expect("a reason");
            assert_eq!(reason.kind, *kind, "reason for {query:?}: {reason:?}");
            let parts: Vec<&str> = reason
                .highlights
                .iter()
                .map(|&(s, e)| &reason.text[s..e])
                .collect();
            assert!(
                parts.contains(part),
                "{query:?} highlights {parts:?} in {:?}",
                reason.text
            );
        }
    }
}

#[test]
fn an_empty_query_lists_everyone_by_name() {
    let a = Atlas::load();
    for q in ["", "   ", "—!?"] {
        let r = a.search(&[("q", q)]);
        assert_eq!(a.ids_of(&r), EVERYONE, "query {q:?}");
        assert!(r.hits.iter().all(|h| h.score == 0 && h.reason.is_none()));
    }
}

#[test]
fn sorts() {
    let a = Atlas::load();
    let cases: &[(Pairs, &[&str])] = &[
        (&[], &EVERYONE),
        (&[("sort", "name")], &EVERYONE),
        // Relevance without a query is name order.
        (&[("sort", "relevance")], &EVERYONE),
        (
            &[("sort", "publications")],
            &[
                "michael-luo",
                "frank-sifei-luan",
                "luo-mai",
                "jiachen-liu",
                "tao-luo",
            ],
        ),
        // 2026, 2025, 2025, 2024, 2024: ties by name.
        (
            &[("sort", "recent")],
            &[
                "jiachen-liu",
                "michael-luo",
                "tao-luo",
                "frank-sifei-luan",
                "luo-mai",
            ],
        ),
        (
            &[("q", "luo"), ("sort", "publications")],
            &["michael-luo", "luo-mai", "tao-luo"],
        ),
        // Tao Luo has nothing "dist…"; the other two tie on name + topic, then go by name.
        (&[("q", "luo dist")], &["luo-mai", "michael-luo"]),
    ];
    for (pairs, want) in cases {
        assert_eq!(a.ids(pairs), *want, "{pairs:?}");
    }
    let r = a.search(&[("q", "luo distributed")]);
    let scores: Vec<u32> = r.hits.iter().map(|h| h.score).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
}

#[test]
fn stats_match_the_seeds() {
    let a = Atlas::load();
    // id: publications, awards, talks, first year, last year
    let want = [
        ("michael-luo", 16, 3, 4, 2020, 2025),
        ("tao-luo", 2, 4, 0, 2021, 2025),
        ("frank-sifei-luan", 11, 5, 7, 2018, 2024),
        ("luo-mai", 10, 9, 0, 2021, 2024),
        ("jiachen-liu", 6, 0, 0, 2022, 2026),
    ];
    for (id, pubs, awards, talks, first, last) in want {
        let s = a.index.stats(a.position(id));
        assert_eq!(
            (s.publications, s.awards, s.talks, s.first_year, s.last_year),
            (pubs, awards, talks, Some(first), Some(last)),
            "{id}"
        );
    }
    assert_eq!(a.index.len(), 5);
}

#[test]
fn filters() {
    let a = Atlas::load();
    let cases: &[(Pairs, &[&str])] = &[
        (&[("org", "uc-berkeley")], &["michael-luo"]),
        (
            &[("org", "uc-berkeley"), ("scope", "any")],
            &["frank-sifei-luan", "michael-luo"],
        ),
        (
            &[("org", "meta"), ("scope", "any")],
            &["frank-sifei-luan", "jiachen-liu"],
        ),
        (&[("org", "meta")], &[]),
        (
            &[("sector", "academia")],
            &["luo-mai", "michael-luo", "tao-luo"],
        ),
        (
            &[("sector", "industry")],
            &["frank-sifei-luan", "jiachen-liu"],
        ),
        (&[("stage", "phd_student")], &["michael-luo", "tao-luo"]),
        (
            &[("stage", "faculty,industry")],
            &["frank-sifei-luan", "jiachen-liu", "luo-mai"],
        ),
        (&[("stage", "postdoc")], &[]),
        // Orchestra Research has no country: Jiachen is in no country.
        (
            &[("country", "US")],
            &["frank-sifei-luan", "michael-luo", "tao-luo"],
        ),
        (&[("country", "GB")], &["luo-mai"]),
        (&[("country", "CN")], &[]),
        (&[("topic", "robotics")], &["michael-luo"]),
        (
            &[("topic", "privacy,robotics")],
            &["jiachen-liu", "michael-luo", "tao-luo"],
        ),
        (
            &[("venue", "nsdi")],
            &["frank-sifei-luan", "luo-mai", "michael-luo"],
        ),
        (
            &[("award", "1")],
            &["frank-sifei-luan", "luo-mai", "michael-luo", "tao-luo"],
        ),
        (&[("to", "2018")], &["frank-sifei-luan"]),
        (
            &[("from", "2025")],
            &["jiachen-liu", "michael-luo", "tao-luo"],
        ),
        (&[("from", "2026"), ("to", "2026")], &["jiachen-liu"]),
        (&[("from", "2019"), ("to", "2019")], &["frank-sifei-luan"]),
        (
            &[("q", "luo"), ("sector", "academia"), ("award", "1")],
            &["luo-mai", "michael-luo", "tao-luo"],
        ),
        (
            &[
                ("q", "luo"),
                ("stage", "phd_student"),
                ("topic", "robotics"),
            ],
            &["michael-luo"],
        ),
    ];
    for (pairs, want) in cases {
        assert_eq!(a.id_set(pairs), *want, "{pairs:?}");
    }
}

fn counts(values: &[FacetValue]) -> Vec<(&str, usize, bool)> {
    values
        .iter()
        .map(|v| (v.id.as_str(), v.count, v.selected))
        .collect()
}

fn count_of(values: &[FacetValue], id: &str) -> usize {
    values
        .iter()
        .find(|v| v.id == id)
        .unwrap_or_else(|| panic!("{id} is listed"))
        .count
}

#[test]
fn facets_without_a_selection() {
    let a = Atlas::load();
    let f = a.search(&[]).facets;
    assert_eq!(
        counts(f.get(Facet::Sector)),
        [("academia", 3, false), ("industry", 2, false)]
    );
    assert_eq!(
        counts(f.get(Facet::Stage)),
        [
            ("industry", 2, false),
            ("phd_student", 2, false),
            ("faculty", 1, false)
        ]
    );
    assert_eq!(
        counts(f.get(Facet::Country)),
        [("US", 3, false), ("GB", 1, false)]
    );
    let labels: Vec<&str> = f
        .get(Facet::Country)
        .iter()
        .map(|v| v.label.as_str())
        .collect();
    assert_eq!(labels, ["United States", "United Kingdom"]);
    // Current organizations only, labelled by short name.
    let orgs: Vec<(&str, &str)> = f
        .get(Facet::Organization)
        .iter()
        .map(|v| (v.id.as_str(), v.label.as_str()))
        .collect();
    assert_eq!(
        orgs,
        [
            ("edinburgh", "Edinburgh"),
            ("orchestra-research", "Orchestra Research"),
            ("uc-berkeley", "UC Berkeley"),
            ("upenn", "UPenn"),
            ("xai", "xAI"),
        ]
    );
    assert_eq!(f.get(Facet::Topic).len(), 20);
    assert_eq!(f.get(Facet::Topic)[0].count, 5);
    assert_eq!(count_of(f.get(Facet::Topic), "robotics"), 1);
    assert_eq!(count_of(f.get(Facet::Venue), "nsdi"), 3);
    assert_eq!(f.award.count, 4);
    assert_eq!((f.year_min, f.year_max), (Some(2018), Some(2026)));
    let lists = [
        Facet::Topic,
        Facet::Organization,
        Facet::Venue,
        Facet::Country,
    ];
    for list in lists.map(|x| f.get(x)) {
        assert!(
            list.windows(2).all(|w| w[0].count >= w[1].count),
            "count descending: {list:?}"
        );
    }
}

#[test]
fn facet_counts_are_as_if_added() {
    let a = Atlas::load();
    let f = a.search(&[("stage", "phd_student")]).facets;
    // The stage facet ignores its own selection: the selected value shows the results as they
    // are, the others what adding them would give.
    assert_eq!(
        counts(f.get(Facet::Stage)),
        [
            ("industry", 4, false),
            ("faculty", 3, false),
            ("phd_student", 2, true)
        ]
    );
    // Other facets shrink to Michael and Tao, and keep their zero-count values.
    assert_eq!(count_of(f.get(Facet::Topic), "ml-systems"), 2);
    assert_eq!(count_of(f.get(Facet::Topic), "robotics"), 1);
    assert_eq!(count_of(f.get(Facet::Topic), "operating-systems"), 0);
    assert_eq!(f.get(Facet::Topic).len(), 20);
    assert_eq!(
        counts(f.get(Facet::Sector)),
        [("academia", 2, false), ("industry", 0, false)]
    );
    assert_eq!(
        counts(f.get(Facet::Country)),
        [("US", 2, false), ("GB", 0, false)]
    );
    assert_eq!(f.award.count, 2);

    // Org scope: current → Berkeley is Michael's only; any → Frank studied there too.
    let current = a.search(&[("org", "uc-berkeley")]).facets;
    assert_eq!(count_of(current.get(Facet::Organization), "uc-berkeley"), 1);
    assert!(
        current
            .get(Facet::Organization)
            .iter()
            .all(|v| v.id != "meta")
    );
    let any = a.search(&[("org", "uc-berkeley"), ("scope", "any")]).facets;
    assert_eq!(count_of(any.get(Facet::Organization), "uc-berkeley"), 2);
    // Adding Meta to Berkeley: Frank (both) and Michael (Berkeley) and Jiachen (Meta).
    assert_eq!(count_of(any.get(Facet::Organization), "meta"), 3);
    // Every organization someone is or has been at; IBM, Alibaba, SambaNova, UW and Google are
    // in the vocabulary but no one's position or degree.
    assert_eq!(any.get(Facet::Organization).len(), 22);
}

/// Checks the facet contract against the hits: a selected value's count is the number of hits,
/// and an unselected value's count is the number of hits once it is added.
fn check_facets(index: &SearchIndex, p: &SearchParams) -> Result<(), TestCaseError> {
    let results = index.search(p);
    let award = &results.facets.award;
    let hits = results.hits.len();
    let with = |f: &dyn Fn(&mut SearchParams)| {
        let mut q = p.clone();
        f(&mut q);
        index.search(&q).hits.len()
    };
    for facet in Facet::ALL {
        for v in results.facets.get(facet) {
            if v.selected {
                prop_assert_eq!(
                    v.count,
                    hits,
                    "{} {} selected in {:?}",
                    facet.key(),
                    v.id,
                    p
                );
                continue;
            }
            let added = with(&|q: &mut SearchParams| {
                let id = v.id.clone();
                match facet {
                    Facet::Topic => {
                        q.topics.insert(id);
                    }
                    Facet::Organization => {
                        q.orgs.insert(id);
                    }
                    Facet::Sector => {
                        q.sectors
                            .insert(Sector::ALL.into_iter().find(|s| s.key() == id).unwrap());
                    }
                    Facet::Stage => {
                        let stage = research_atlas::search::params::stage_from_key(&id).unwrap();
                        q.stages.insert(stage);
                    }
                    Facet::Open => {
                        let kind = research_atlas::model::OpeningKind::from_key(&id).unwrap();
                        q.openings.insert(kind);
                    }
                    Facet::Country => {
                        q.countries.insert(id);
                    }
                    Facet::Venue => {
                        q.venues.insert(id);
                    }
                }
            });
            prop_assert_eq!(
                v.count,
                added,
                "{} {} if added to {:?}",
                facet.key(),
                v.id,
                p
            );
        }
    }
    let added = with(&|q: &mut SearchParams| q.has_award = true);
    prop_assert_eq!(award.count, added, "award if added to {:?}", p);
    prop_assert_eq!(award.selected, p.has_award);
    Ok(())
}

#[test]
fn facet_counts_agree_with_searches() {
    let a = Atlas::load();
    let cases: &[&[(&str, &str)]] = &[
        &[],
        &[("stage", "phd_student")],
        &[("q", "luo")],
        &[("q", "ray")],
        &[("org", "uc-berkeley"), ("scope", "any")],
        &[
            ("org", "uc-berkeley,meta"),
            ("scope", "any"),
            ("award", "1"),
        ],
        &[("topic", "robotics,privacy"), ("sector", "academia")],
        &[("country", "US"), ("from", "2024")],
        &[("venue", "nsdi,osdi"), ("stage", "faculty,industry")],
        &[("open", "phd"), ("country", "GB")],
        &[("q", "zzz")],
    ];
    for pairs in cases {
        let p = SearchParams::from_pairs(pairs.iter().copied());
        check_facets(&a.index, &p).unwrap();
    }
}

/// The facet ids of the bundled data, for generated selections.
fn vocab(d: &Dataset) -> [Vec<String>; 4] {
    [
        d.topics.iter().map(|t| t.id.0.clone()).collect(),
        d.organizations.iter().map(|o| o.id.0.clone()).collect(),
        vec!["US".into(), "GB".into(), "CN".into()],
        d.venues.iter().map(|v| v.id.0.clone()).collect(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_selections_keep_the_facet_contract(
        picks in prop::collection::vec((0usize..4, 0usize..64), 0..4),
        sectors in prop::collection::btree_set(prop::sample::select(Sector::ALL.to_vec()), 0..2),
        stages in prop::collection::btree_set(prop::sample::select(CareerStage::ALL.to_vec()), 0..3),
        any in any::<bool>(),
        has_award in any::<bool>(),
        years in prop::option::of((2017u16..2027, 0u16..4)),
        query in prop::sample::select(vec!["", "luo", "sky", "learning", "berkeley", "llm s", "zzz"]),
    ) {
        let a = shared();
        let [topics, orgs, countries, venues] = vocab(&a.d);
        let mut p = SearchParams {
            query: query.into(),
            org_scope: if any { OrgScope::Any } else { OrgScope::Current },
            sectors: sectors.into_iter().collect(),
            stages: stages.into_iter().collect(),
            has_award,
            year_from: years.map(|(from, _)| from),
            year_to: years.map(|(from, len)| from + len),
            ..SearchParams::default()
        };
        for (facet, i) in picks {
            let (list, set): (&Vec<String>, &mut Set<String>) = match facet {
                0 => (&topics, &mut p.topics),
                1 => (&orgs, &mut p.orgs),
                2 => (&countries, &mut p.countries),
                _ => (&venues, &mut p.venues),
            };
            set.insert(list[i % list.len()].clone());
        }
        check_facets(&a.index, &p)?;
    }
}

#[test]
fn sanitize_and_url_round_trip() {
    let a = Atlas::load();
    let p = SearchParams::from_pairs([
        ("q", "luo"),
        ("topic", "ml-systems,quantum-basket-weaving"),
        ("org", "uc-berkeley,hogwarts"),
        ("country", "US,XX"),
        ("venue", "nsdi,not-a-venue"),
        ("stage", "phd_student,wizard"),
        ("sort", "recent"),
    ]);
    let clean = a.index.sanitize(&p);
    assert_eq!(
        clean.to_pairs(),
        [
            ("q", "luo".to_owned()),
            ("topic", "ml-systems".to_owned()),
            ("org", "uc-berkeley".to_owned()),
            ("stage", "phd_student".to_owned()),
            ("country", "US".to_owned()),
            ("venue", "nsdi".to_owned()),
            ("sort", "recent".to_owned()),
        ]
    );
    // The URL of a state opens the same results.
    let pairs = clean.to_pairs();
    let back = SearchParams::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
    assert_eq!(back, clean);
    assert_eq!(a.index.search(&back), a.index.search(&clean));
    assert_eq!(a.ids_of(&a.index.search(&clean)), ["michael-luo"]);
    assert_eq!(clean.effective_sort(), Sort::Recent);
}

/// 20,000 researchers (the bundled five, repeated): the index builds and answers.
#[test]
fn scales_to_twenty_thousand_researchers() {
    let a = Atlas::load();
    let mut big = a.d.clone();
    big.researchers = (0..20_000)
        .map(|i| {
            let mut r = a.d.researchers[i % 5].clone();
            r.id = ResearcherId(format!("{}-{i}", r.id));
            r
        })
        .collect();
    let started = std::time::Instant::now();
    let index = SearchIndex::new(&big);
    let built = started.elapsed();
    let queries = ["", "l", "luo", "sky", "distributed systems", "berkeley m"];
    let mut total = 0;
    for q in queries {
        let p = SearchParams {
            query: q.into(),
            ..SearchParams::default()
        };
        let mut hits = 0;
        let mut fastest = std::time::Duration::MAX;
        // Timings mean something only in an optimized build; a debug run just checks.
        let runs = if cfg!(debug_assertions) { 1 } else { 5 };
        for _ in 0..runs {
            let started = std::time::Instant::now();
            hits = index.search(&p).hits.len();
            fastest = fastest.min(started.elapsed());
        }
        eprintln!("20k researchers: {q:?} → {hits} hits in {fastest:?} (best of {runs})");
        total += hits;
    }
    eprintln!("20k researchers: index built in {built:?}");
    assert_eq!(index.len(), 20_000);
    let sky = index.search(&SearchParams {
        query: "skypilot".into(),
        ..SearchParams::default()
    });
    assert_eq!(sky.hits.len(), 8_000);
    assert_eq!(count_of(sky.facets.get(Facet::Stage), "phd_student"), 4_000);
    assert!(total > 20_000);
}

/// Every query word of two or more letters from the bundled texts, alone, as a prefix, and in
/// pairs: the compiled directory's index (titles in shards, all loaded) answers exactly as the
/// index that holds the titles itself, and a query whose shards are not loaded yet still finds
/// what the rest of the index has; also with shards split into many small ones.
#[test]
fn sharded_titles_answer_like_titles_in_the_index() {
    use research_atlas::search::titles::SHARD_BUDGET;
    sharded_titles_answer_like_titles_in_the_index_within(SHARD_BUDGET);
}

#[test]
fn split_title_shards_answer_like_titles_in_the_index() {
    sharded_titles_answer_like_titles_in_the_index_within(200);
}

fn sharded_titles_answer_like_titles_in_the_index_within(budget: usize) {
    use research_atlas::search::TitleShards;
    use research_atlas::search::text::tokenize;
    use research_atlas::search::titles::shards_for_query;
    use std::sync::Arc;

    let a = Atlas::load();
    let (sharded, shards) = SearchIndex::new_sharded_within(&a.d, budget);
    if budget < 1_000 {
        assert!(shards.keys().any(|k| k.len() > 2), "{:?}", shards.keys());
        assert!(
            shards.keys().any(|k| k.contains('~')),
            "{:?}",
            shards.keys()
        );
    }
    let all = TitleShards {
        known: Some(shards.keys().cloned().collect()),
        loaded: shards
            .iter()
            .map(|(k, s)| (k.clone(), Arc::new(s.clone())))
            .collect(),
    };
    let mut words: BTreeSet<String> = BTreeSet::new();
    for p in &a.d.publications {
        words.extend(tokenize(&p.title).into_iter().map(|t| t.text));
    }
    for r in &a.d.researchers {
        words.extend(tokenize(&r.name).into_iter().map(|t| t.text));
    }
    let words: Vec<String> = words.into_iter().filter(|w| w.len() >= 2).collect();
    let mut queries: Vec<String> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        queries.push(w.clone());
        queries.push(w.chars().take(3).collect());
        let other = &words[(i * 7 + 3) % words.len()];
        queries.push(format!("{w} {}", other.chars().take(2).collect::<String>()));
    }
    let mut with_titles = 0;
    for q in &queries {
        let params = SearchParams::from_pairs([("q", q.as_str())]);
        let want = a.index.search(&params);
        let got = sharded.search_with(&params, &all, true);
        assert_eq!(got.hits, want.hits, "hits of {q:?}");
        assert_eq!(got.facets, want.facets, "facets of {q:?}");
        with_titles += usize::from(want.hits.iter().any(|h| {
            h.reason
                .as_ref()
                .is_some_and(|r| r.kind == FieldKind::Publication)
        }));
        // Lazy reasons are the eager ones.
        let lazy = sharded.search_with(&params, &all, false);
        for h in &got.hits {
            assert_eq!(sharded.reason(h.researcher, q, &all), h.reason, "{q:?}");
        }
        assert!(lazy.hits.iter().all(|h| h.reason.is_none()));
        // Before any shard arrives: a subset of the hits, never a title reason.
        let none = TitleShards {
            known: all.known.clone(),
            ..Default::default()
        };
        let early = sharded.search_with(&params, &none, true);
        for h in &early.hits {
            assert!(
                want.hits.iter().any(|w| w.researcher == h.researcher),
                "{q:?}"
            );
            assert_ne!(
                h.reason.as_ref().map(|r| r.kind),
                Some(FieldKind::Publication)
            );
        }
        assert_eq!(
            none.missing(q).len(),
            shards_for_query(q, all.known.as_deref().unwrap()).len()
        );
    }
    assert!(
        with_titles > 50,
        "queries answered by a title: {with_titles}"
    );
    // Shard keys are what the query asks for.
    let known = all.known.as_deref().unwrap();
    assert!(!shards_for_query("skypilot", known).is_empty());
}
