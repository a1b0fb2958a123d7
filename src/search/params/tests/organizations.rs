//! Tests of the organizations page's URL state: parsing, canonical writing, round trips, and
//! keys that no other page reads.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::super::organizations::*;
use super::super::{PubParams, SearchParams, Sector, Set, decode_query, encode_query};
use crate::model::OrgKind;

fn parse(q: &[(&str, &str)]) -> OrgParams {
    OrgParams::from_pairs(q.iter().copied())
}

fn strings(xs: &[&str]) -> Set<String> {
    xs.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn each_key_parses() {
    let d = OrgParams::default;
    let sel = |s: Selection| OrgParams {
        selection: s,
        ..d()
    };
    type Pairs = &'static [(&'static str, &'static str)];
    let cases: Vec<(Pairs, OrgParams)> = vec![
        (&[], d()),
        (
            &[("oq", "berkeley lab")],
            OrgParams {
                query: "berkeley lab".into(),
                ..d()
            },
        ),
        (
            &[("ocountry", "us, gb,,")],
            OrgParams {
                countries: strings(&["GB", "US"]),
                ..d()
            },
        ),
        (
            &[("osector", "industry,nowhere")],
            OrgParams {
                sectors: [Sector::Industry].into(),
                ..d()
            },
        ),
        (
            &[("okind", "Lab,university,castle")],
            OrgParams {
                kinds: [OrgKind::Lab, OrgKind::University].into(),
                ..d()
            },
        ),
        (
            &[("otopic", "llm-serving")],
            OrgParams {
                topics: strings(&["llm-serving"]),
                ..d()
            },
        ),
        (
            &[("osort", "people")],
            OrgParams {
                sort: OrgSort::People,
                ..d()
            },
        ),
        (&[("osort", "wrong")], d()),
        (
            &[("rvenue", "osdi,nsdi"), ("rvenue", "sosp")],
            sel(Selection {
                venues: strings(&["nsdi", "osdi", "sosp"]),
                ..Selection::default()
            }),
        ),
        (
            &[("rtopic", "ml-systems")],
            sel(Selection {
                topics: strings(&["ml-systems"]),
                ..Selection::default()
            }),
        ),
        (
            &[("rfrom", "2024"), ("rto", "2020")],
            sel(Selection {
                year_from: Some(2020),
                year_to: Some(2024),
                ..Selection::default()
            }),
        ),
        (
            &[("rfrom", "soon"), ("rto", " 2022 ")],
            sel(Selection {
                year_to: Some(2022),
                ..Selection::default()
            }),
        ),
        (
            &[("credit", "FRACTIONAL")],
            sel(Selection {
                credit: Credit::Fractional,
                ..Selection::default()
            }),
        ),
        (&[("credit", "half")], d()),
    ];
    for (pairs, want) in cases {
        assert_eq!(parse(pairs), want, "{pairs:?}");
    }
}

#[test]
fn writing_is_canonical() {
    let p = parse(&[
        ("credit", "fractional"),
        ("rto", "2025"),
        ("rfrom", "2020"),
        ("rvenue", "osdi,nsdi"),
        ("osort", "name"),
        ("okind", "university"),
        ("ocountry", "US"),
        ("oq", "uc b"),
    ]);
    assert_eq!(
        encode_query(&p.to_pairs()),
        "?oq=uc%20b&ocountry=US&okind=university&osort=name&rvenue=nsdi,osdi&rfrom=2020&rto=2025&credit=fractional"
    );
    assert!(OrgParams::default().to_pairs().is_empty());
    let keys: Vec<&str> = p.to_pairs().iter().map(|(k, _)| *k).collect();
    let order: Vec<&str> = ORG_KEYS
        .iter()
        .copied()
        .filter(|k| keys.contains(k))
        .collect();
    assert_eq!(keys, order, "keys come in ORG_KEYS order");
}

#[test]
fn no_other_page_reads_these_keys_and_these_params_read_no_other_pages_keys() {
    let mut all = OrgParams {
        query: "x".into(),
        countries: strings(&["US"]),
        sectors: [Sector::Academia].into(),
        kinds: [OrgKind::Company].into(),
        topics: strings(&["t"]),
        sort: OrgSort::Name,
        ..OrgParams::default()
    };
    all.selection = Selection {
        venues: strings(&["v"]),
        topics: strings(&["t"]),
        year_from: Some(2000),
        year_to: Some(2001),
        credit: Credit::Fractional,
    };
    let ours = all.to_pairs();
    assert_eq!(ours.len(), ORG_KEYS.len(), "every key is written");
    let pairs = || ours.iter().map(|(k, v)| (*k, v.as_str()));
    assert_eq!(SearchParams::from_pairs(pairs()), SearchParams::default());
    assert_eq!(PubParams::from_pairs(pairs()), PubParams::default());
    // And the directory's and a list's keys mean nothing here.
    let theirs = [
        ("q", "x"),
        ("topic", "t"),
        ("country", "US"),
        ("sector", "industry"),
        ("venue", "v"),
        ("from", "2000"),
        ("sort", "name"),
        ("pq", "x"),
        ("pvenue", "v"),
        ("pfrom", "2000"),
        ("porg", "o"),
        ("ptopic", "t"),
    ];
    assert_eq!(parse(&theirs), OrgParams::default());
}

#[test]
fn toggles_select_and_deselect() {
    let mut p = OrgParams::default();
    p.toggle_sector("academia");
    p.toggle_kind("lab");
    p.toggle_kind("castle");
    p.toggle_country("gb");
    p.toggle_topic("t");
    p.toggle_rank_venue("nsdi");
    p.toggle_rank_topic("u");
    assert_eq!(p.filter_count(), 4);
    assert!(p.countries.contains("GB"));
    assert!(p.selection.venues.contains("nsdi") && p.selection.topics.contains("u"));
    let cleared = p.without_filters();
    assert_eq!(cleared.filter_count(), 0);
    assert_eq!(
        cleared.selection, p.selection,
        "the ranking is not a filter"
    );
    p.toggle_sector("academia");
    p.toggle_kind("lab");
    p.toggle_country("GB");
    p.toggle_topic("t");
    p.toggle_rank_venue("nsdi");
    p.toggle_rank_topic("u");
    assert_eq!(p, OrgParams::default());
}

#[test]
fn a_selection_links_to_the_papers_behind_a_score() {
    let s = Selection {
        venues: strings(&["osdi", "nsdi"]),
        year_from: Some(2020),
        credit: Credit::Fractional,
        ..Selection::default()
    };
    let list = s.publications("uc-berkeley");
    assert_eq!(
        encode_query(&list.to_pairs()),
        "?pfrom=2020&pvenue=nsdi,osdi&porg=uc-berkeley"
    );
    assert!(s.has_year(2020) && s.has_year(2030) && !s.has_year(2019));
    assert!(!s.all_papers() && Selection::default().all_papers());
}

fn slug() -> impl Strategy<Value = String> {
    "[a-z0-9]{1,6}(-[a-z0-9]{1,4}){0,2}"
}

prop_compose! {
    fn params()(
        query in "\\PC{0,12}",
        countries in prop::collection::btree_set("[A-Z]{2}", 0..3),
        sectors in prop::collection::btree_set(prop::sample::select(Sector::ALL.to_vec()), 0..3),
        kinds in prop::collection::btree_set(prop::sample::select(ORG_KINDS.to_vec()), 0..5),
        topics in prop::collection::btree_set(slug(), 0..3),
        sort in prop::sample::select(OrgSort::ALL.to_vec()),
        venues in prop::collection::btree_set(slug(), 0..4),
        rank_topics in prop::collection::btree_set(slug(), 0..3),
        from in prop::option::of(1900u16..2100),
        to in prop::option::of(1900u16..2100),
        credit in prop::sample::select(Credit::ALL.to_vec()),
    ) -> OrgParams {
        let (year_from, year_to) = match (from, to) {
            (Some(a), Some(b)) if a > b => (Some(b), Some(a)),
            other => other,
        };
        let set = |s: BTreeSet<String>| s.into_iter().collect();
        OrgParams {
            query, countries: set(countries),
            sectors: sectors.into_iter().collect(),
            kinds: kinds.into_iter().collect(),
            topics: set(topics), sort,
            selection: Selection {
                venues: set(venues), topics: set(rank_topics), year_from, year_to, credit,
            },
        }
    }
}

proptest! {
    #[test]
    fn round_trip(p in params()) {
        let query = encode_query(&p.to_pairs());
        let pairs = decode_query(&query);
        let back = OrgParams::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.to_pairs(), p.to_pairs());
    }
}
