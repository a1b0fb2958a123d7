//! Tests of the directory's URL state: parsing, canonical writing, round trips.

use std::collections::BTreeSet;

use super::super::Set;
use super::super::directory::*;
use crate::model::{CareerStage, OpeningKind};
use proptest::prelude::*;

/// A query string's pairs, for case tables.
type Pairs = &'static [(&'static str, &'static str)];

fn parse(q: &[(&str, &str)]) -> SearchParams {
    SearchParams::from_pairs(q.iter().copied())
}

fn set<T: Ord + Clone>(xs: &[T]) -> Set<T> {
    xs.iter().cloned().collect()
}

fn strings(xs: &[&str]) -> Set<String> {
    xs.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn each_key_parses() {
    let d = SearchParams::default;
    let cases: Vec<(Pairs, SearchParams)> = vec![
        (&[], d()),
        (
            &[("q", "sky pilot")],
            SearchParams {
                query: "sky pilot".into(),
                ..d()
            },
        ),
        (
            &[("topic", "llm-serving,ml-systems")],
            SearchParams {
                topics: strings(&["llm-serving", "ml-systems"]),
                ..d()
            },
        ),
        (
            &[("org", " uc-berkeley , ,mit,")],
            SearchParams {
                orgs: strings(&["mit", "uc-berkeley"]),
                ..d()
            },
        ),
        (
            &[("scope", "any")],
            SearchParams {
                org_scope: OrgScope::Any,
                ..d()
            },
        ),
        (&[("scope", "current")], d()),
        (
            &[("sector", "industry,academia")],
            SearchParams {
                sectors: set(&[Sector::Academia, Sector::Industry]),
                ..d()
            },
        ),
        (
            &[("stage", "phd_student,faculty")],
            SearchParams {
                stages: set(&[CareerStage::PhdStudent, CareerStage::Faculty]),
                ..d()
            },
        ),
        (
            &[("open", "postdoc, PhD,")],
            SearchParams {
                openings: set(&[OpeningKind::Phd, OpeningKind::Postdoc]),
                ..d()
            },
        ),
        (
            &[("country", "US,GB")],
            SearchParams {
                countries: strings(&["GB", "US"]),
                ..d()
            },
        ),
        (
            &[("venue", "nsdi,osdi")],
            SearchParams {
                venues: strings(&["nsdi", "osdi"]),
                ..d()
            },
        ),
        (
            &[("from", "2020"), ("to", "2024")],
            SearchParams {
                year_from: Some(2020),
                year_to: Some(2024),
                ..d()
            },
        ),
        (
            &[("to", "2019")],
            SearchParams {
                year_to: Some(2019),
                ..d()
            },
        ),
        (
            &[("from", "2024"), ("to", "2020")],
            SearchParams {
                year_from: Some(2020),
                year_to: Some(2024),
                ..d()
            },
        ),
        (
            &[("award", "1")],
            SearchParams {
                has_award: true,
                ..d()
            },
        ),
        (
            &[("award", "true")],
            SearchParams {
                has_award: true,
                ..d()
            },
        ),
        (&[("award", "0")], d()),
        (
            &[("sort", "recent")],
            SearchParams {
                sort: Some(Sort::Recent),
                ..d()
            },
        ),
        (
            &[("sort", "relevance")],
            SearchParams {
                sort: Some(Sort::Relevance),
                ..d()
            },
        ),
        // Repeated list keys accumulate; repeated single keys: the last valid one wins.
        (
            &[
                ("topic", "a"),
                ("topic", "b"),
                ("q", "x"),
                ("q", "y"),
                ("sort", "name"),
                ("sort", "bogus"),
            ],
            SearchParams {
                query: "y".into(),
                topics: strings(&["a", "b"]),
                sort: Some(Sort::Name),
                ..d()
            },
        ),
    ];
    for (pairs, want) in cases {
        assert_eq!(parse(pairs), want, "from_pairs({pairs:?})");
    }
}

#[test]
fn garbage_is_ignored() {
    let garbage: &[(&str, &str)] = &[
        ("from", "abc"),
        ("to", "-3"),
        ("to", "99999"),
        ("award", "maybe"),
        ("stage", "wizard"),
        ("open", "tenure,phd_student"),
        ("sector", "government"),
        ("sort", "xyz"),
        ("scope", "everywhere"),
        ("utm_source", "newsletter"),
        ("topic", ""),
        ("org", ",,"),
        ("", ""),
    ];
    assert_eq!(parse(garbage), SearchParams::default());
    // Good items in a list survive their bad neighbours.
    let p = parse(&[
        ("stage", "wizard,faculty,"),
        ("sector", "Academia,x"),
        ("open", "intern,wizard"),
    ]);
    assert_eq!(p.stages, set(&[CareerStage::Faculty]));
    assert_eq!(p.openings, set(&[OpeningKind::Intern]));
    assert_eq!(p.sectors, set(&[Sector::Academia]));
}

#[test]
fn to_pairs_is_canonical() {
    assert!(SearchParams::default().to_pairs().is_empty());
    let p = parse(&[
        ("sort", "publications"),
        ("award", "1"),
        ("to", "2024"),
        ("from", "2020"),
        ("venue", "osdi,nsdi"),
        ("country", "US,GB"),
        ("open", "visitor,phd"),
        ("stage", "faculty,phd_student"),
        ("sector", "industry,academia"),
        ("scope", "any"),
        ("org", "mit,uc-berkeley"),
        ("topic", "ml-systems,llm-serving"),
        ("q", "sky pilot"),
    ]);
    let want: Vec<(&str, String)> = [
        ("q", "sky pilot"),
        ("topic", "llm-serving,ml-systems"),
        ("org", "mit,uc-berkeley"),
        ("scope", "any"),
        ("sector", "academia,industry"),
        ("stage", "phd_student,faculty"),
        ("open", "phd,visitor"),
        ("country", "GB,US"),
        ("venue", "nsdi,osdi"),
        ("from", "2020"),
        ("to", "2024"),
        ("award", "1"),
        ("sort", "publications"),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_owned()))
    .collect();
    assert_eq!(p.to_pairs(), want);
    // Only one bound of the range.
    let p = SearchParams {
        year_to: Some(2019),
        ..SearchParams::default()
    };
    assert_eq!(p.to_pairs(), vec![("to", "2019".to_owned())]);
}

#[test]
fn effective_sort() {
    let cases = [
        ("", None, Sort::Name),
        ("   ", None, Sort::Name),
        ("?!", None, Sort::Name),
        ("sky", None, Sort::Relevance),
        ("sky", Some(Sort::Recent), Sort::Recent),
        ("", Some(Sort::Publications), Sort::Publications),
        ("", Some(Sort::Relevance), Sort::Relevance),
    ];
    for (query, sort, want) in cases {
        let p = SearchParams {
            query: query.into(),
            sort,
            ..SearchParams::default()
        };
        assert_eq!(p.effective_sort(), want, "{query:?} {sort:?}");
    }
}

#[test]
fn filter_count_and_is_empty() {
    let cases: Vec<(Pairs, usize, bool)> = vec![
        (&[], 0, true),
        (&[("sort", "name")], 0, true),
        (&[("scope", "any")], 0, true),
        (&[("q", " - ")], 0, true),
        (&[("q", "sky")], 0, false),
        (&[("topic", "a,b"), ("org", "c")], 3, false),
        (&[("sector", "academia,industry")], 2, false),
        (&[("stage", "faculty"), ("country", "US")], 2, false),
        (&[("open", "phd,postdoc")], 2, false),
        (&[("venue", "nsdi")], 1, false),
        (&[("from", "2020"), ("to", "2024")], 1, false),
        (&[("from", "2020")], 1, false),
        (&[("award", "1")], 1, false),
        (
            &[
                ("q", "x"),
                ("topic", "a"),
                ("from", "2000"),
                ("award", "1"),
                ("sort", "recent"),
            ],
            3,
            false,
        ),
    ];
    for (pairs, count, empty) in cases {
        let p = parse(pairs);
        assert_eq!(p.filter_count(), count, "filter_count of {pairs:?}");
        assert_eq!(p.is_empty(), empty, "is_empty of {pairs:?}");
    }
}

#[test]
fn keys_round_trip() {
    for s in Sort::ALL {
        assert_eq!(Sort::from_key(s.key()), Some(s));
    }
    for s in Sector::ALL {
        assert_eq!(Sector::from_key(s.key()), Some(s));
    }
    for s in CareerStage::ALL {
        assert_eq!(stage_from_key(s.key()), Some(s));
        // The URL spelling is the JSON spelling.
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, format!("\"{}\"", s.key()));
    }
    for k in OpeningKind::ALL {
        let p = parse(&[("open", k.key())]);
        assert_eq!(p.openings, set(&[k]));
        assert_eq!(p.to_pairs(), vec![("open", k.key().to_owned())]);
    }
    assert_eq!(
        Sort::Recent.label(&crate::lang::EN),
        "Most recent publication"
    );
    assert_eq!(Sector::Academia.label(&crate::lang::EN), "Academia");
}

#[test]
fn without_filters_keeps_query_and_sort() {
    let p = parse(&[
        ("q", "x"),
        ("topic", "a"),
        ("scope", "any"),
        ("sort", "name"),
    ]);
    let cleared = p.without_filters();
    assert_eq!(cleared.query, "x");
    assert_eq!(cleared.sort, Some(Sort::Name));
    assert_eq!(cleared.filter_count(), 0);
    assert_eq!(cleared.org_scope, OrgScope::Current);
}

fn slug() -> impl Strategy<Value = String> {
    "[a-z0-9]{1,6}(-[a-z0-9]{1,4}){0,2}"
}

prop_compose! {
    fn params()(
        query in "\\PC{0,12}",
        topics in prop::collection::btree_set(slug(), 0..4),
        orgs in prop::collection::btree_set(slug(), 0..4),
        any in any::<bool>(),
        sectors in prop::collection::btree_set(prop::sample::select(Sector::ALL.to_vec()), 0..3),
        stages in prop::collection::btree_set(prop::sample::select(CareerStage::ALL.to_vec()), 0..6),
        openings in prop::collection::btree_set(prop::sample::select(OpeningKind::ALL.to_vec()), 0..6),
        countries in prop::collection::btree_set("[A-Z]{2}", 0..3),
        venues in prop::collection::btree_set(slug(), 0..4),
        from in prop::option::of(1900u16..2100),
        to in prop::option::of(1900u16..2100),
        has_award in any::<bool>(),
        sort in prop::option::of(prop::sample::select(Sort::ALL.to_vec())),
    ) -> SearchParams {
        let (year_from, year_to) = match (from, to) {
            (Some(a), Some(b)) if a > b => (Some(b), Some(a)),
            other => other,
        };
        let set = |s: BTreeSet<_>| s.into_iter().collect();
        let (topics, orgs, countries, venues) = (set(topics), set(orgs), set(countries), set(venues));
        SearchParams {
            query, topics, orgs,
            org_scope: if any { OrgScope::Any } else { OrgScope::Current },
            sectors: sectors.into_iter().collect(),
            stages: stages.into_iter().collect(),
            openings: openings.into_iter().collect(),
            countries, venues, year_from, year_to, has_award, sort,
        }
    }
}

proptest! {
    #[test]
    fn round_trip(p in params()) {
        let pairs = p.to_pairs();
        let back = SearchParams::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.to_pairs(), pairs);
    }

    #[test]
    fn parsing_never_panics(pairs in prop::collection::vec(("[a-z]{0,7}", "\\PC{0,16}"), 0..8)) {
        let p = SearchParams::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        if let (Some(a), Some(b)) = (p.year_from, p.year_to) {
            prop_assert!(a <= b);
        }
        // What was parsed writes back to itself.
        let again = SearchParams::from_pairs(
            p.to_pairs().iter().map(|(k, v)| (*k, v.as_str())).collect::<Vec<_>>(),
        );
        prop_assert_eq!(again, p);
    }
}
