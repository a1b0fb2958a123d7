//! Publication lists on the bundled dataset: params, filters, facet counts, grouping, order;
//! and close-name suggestions for unknown profile ids.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use research_atlas::model::{self, Dataset, PublicationType};
use research_atlas::search::{
    GroupBy, Order, PubList, PubParams, PublicationIndex, close_researchers,
};

const BUNDLED: &str = research_atlas::model::bundled::JSON;

fn dataset() -> Dataset {
    let dir = model::load(BUNDLED, 2027).expect("the bundled dataset loads");
    assert!(dir.is_clean(), "{:#?}", dir.problems);
    dir.dataset
}

fn params(query: &str) -> PubParams {
    let pairs: Vec<(&str, &str)> = query
        .split('&')
        .filter(|s| !s.is_empty())
        .filter_map(|kv| kv.split_once('='))
        .collect();
    PubParams::from_pairs(pairs)
}

/// The list for one researcher (or the whole dataset) and the given query string.
fn list(d: &Dataset, researcher: Option<&str>, query: &str) -> (PublicationIndex, PubList) {
    let ix = PublicationIndex::new(d);
    let scope = match researcher {
        Some(id) => ix.scope_of(d.researcher(id).unwrap()),
        None => ix.scope_all(),
    };
    let out = ix.list(&scope, &ix.sanitize(&params(query)));
    (ix, out)
}

fn ids(d: &Dataset, l: &PubList) -> Vec<String> {
    l.items().map(|i| d.publications[i].id.0.clone()).collect()
}

#[test]
fn a_profile_lists_each_of_its_papers_once_grouped_by_year_newest_first() {
    let d = dataset();
    let (_, l) = list(&d, Some("michael-luo"), "");
    assert_eq!((l.total, l.shown), (16, 16));
    let years: Vec<&str> = l.groups.iter().map(|g| g.label.as_str()).collect();
    assert_eq!(years, ["2025", "2024", "2023", "2022", "2021", "2020"]);
    assert_eq!(l.groups.iter().map(|g| g.items.len()).sum::<usize>(), 16);
    // Within the list, dates never go up.
    let dates: Vec<(u16, u8)> = l
        .items()
        .map(|i| (d.publications[i].year, d.publications[i].month.unwrap_or(0)))
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");
}

#[test]
fn oldest_first_reverses_groups_and_entries() {
    let d = dataset();
    let (_, newest) = list(&d, Some("michael-luo"), "");
    let (_, oldest) = list(&d, Some("michael-luo"), "order=oldest");
    assert_eq!(oldest.groups.first().unwrap().label, "2020");
    let mut n = ids(&d, &newest);
    n.reverse();
    let o = ids(&d, &oldest);
    // Same set; reversed except ties, which both orders break by title.
    assert_eq!(
        n.iter().collect::<std::collections::BTreeSet<_>>(),
        o.iter().collect()
    );
    assert_eq!(
        d.publications[oldest.items().next().unwrap()].year,
        2020,
        "the oldest paper comes first"
    );
}

#[test]
fn grouping_by_type_and_by_venue() {
    let d = dataset();
    let (_, by_type) = list(&d, Some("michael-luo"), "group=type");
    let labels: Vec<(&str, usize)> = by_type
        .groups
        .iter()
        .map(|g| (g.label.as_str(), g.items.len()))
        .collect();
    assert_eq!(
        labels,
        [
            ("Conference", 10),
            ("Journal", 1),
            ("Preprint", 3),
            ("Blog", 2)
        ]
    );
    let (_, by_venue) = list(&d, Some("michael-luo"), "group=venue");
    let first = &by_venue.groups[0];
    assert_eq!((first.label.as_str(), first.items.len()), ("NeurIPS", 4));
    assert!(
        first
            .title
            .as_deref()
            .unwrap()
            .contains("Neural Information")
    );
    let counts: Vec<usize> = by_venue.groups.iter().map(|g| g.items.len()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
}

#[test]
fn text_filter_matches_title_author_and_venue() {
    let d = dataset();
    let (_, l) = list(&d, None, "pq=skypilot");
    assert_eq!(ids(&d, &l), ["skypilot-nsdi-2023"]);
    let (_, l) = list(&d, None, "pq=STOICA%20nsdi".replace("%20", " ").as_str());
    assert!(l.shown >= 1);
    for i in l.items() {
        let p = &d.publications[i];
        assert!(p.authors.iter().any(|a| a.name.contains("Stoica")));
        assert_eq!(p.venue.as_ref().unwrap().0, "nsdi");
    }
    let (_, l) = list(&d, None, "pq=zzzz-not-there");
    assert_eq!((l.shown, l.groups.len()), (0, 0));
    assert_eq!(l.total, d.publications.len());
}

#[test]
fn year_venue_type_and_honour_filters_combine() {
    let d = dataset();
    let (_, l) = list(&d, None, "pfrom=2024&pto=2025");
    assert!(l.shown > 0);
    assert!(
        l.items()
            .all(|i| (2024..=2025).contains(&d.publications[i].year))
    );
    let (_, l) = list(&d, None, "pvenue=nsdi,osdi");
    assert_eq!(l.shown, 6);
    let (_, l) = list(&d, None, "ptype=journal");
    assert!(
        l.items()
            .all(|i| d.publications[i].kind == PublicationType::Journal)
    );
    assert_eq!(l.shown, 6);
    let (_, l) = list(&d, None, "honours=1");
    assert_eq!(l.shown, 5);
    assert!(l.items().all(|i| !d.publications[i].honours.is_empty()));
    let (_, l) = list(&d, None, "honours=1&pfrom=2024");
    let mut got = ids(&d, &l);
    got.sort();
    assert_eq!(
        got,
        [
            "ml-energy-neurips-2025",
            "starburst-atc-2024",
            "stylus-neurips-2024"
        ]
    );
}

#[test]
fn every_facet_count_is_what_adding_that_value_would_show() {
    let d = dataset();
    for base in [
        "",
        "pq=learning",
        "pfrom=2021&pto=2023",
        "ptype=conference",
        "honours=1",
    ] {
        let (ix, l) = list(&d, None, base);
        let scope = ix.scope_all();
        let p = ix.sanitize(&params(base));
        for v in &l.facets.venues {
            let mut q = p.clone();
            q.venues.insert(v.id.clone());
            let mut only = p.clone();
            only.venues = [v.id.clone()].into();
            assert_eq!(
                ix.list(&scope, &only).shown,
                v.count,
                "{base} venue {}",
                v.id
            );
        }
        for k in &l.facets.kinds {
            let mut only = p.clone();
            only.kinds = [PublicationType::from_key(&k.id).unwrap()].into();
            assert_eq!(
                ix.list(&scope, &only).shown,
                k.count,
                "{base} type {}",
                k.id
            );
        }
        for y in &l.facets.years {
            let mut only = p.clone();
            let year: u16 = y.id.parse().unwrap();
            (only.year_from, only.year_to) = (Some(year), Some(year));
            assert_eq!(
                ix.list(&scope, &only).shown,
                y.count,
                "{base} year {}",
                y.id
            );
        }
        let mut only = p.clone();
        only.honoured = true;
        assert_eq!(
            ix.list(&scope, &only).shown,
            l.facets.honoured.count,
            "{base} honours"
        );
    }
}

#[test]
fn the_all_publications_scope_holds_shared_papers_once() {
    let d = dataset();
    let (_, l) = list(&d, None, "");
    assert_eq!(l.shown, d.publications.len());
    assert_eq!(
        ids(&d, &l)
            .iter()
            .filter(|id| *id == "skypilot-nsdi-2023")
            .count(),
        1
    );
    let venue_total: usize = l.facets.venues.iter().map(|v| v.count).sum();
    let without_venue = d.publications.iter().filter(|p| p.venue.is_none()).count();
    assert_eq!(venue_total + without_venue, d.publications.len());
    assert_eq!(
        (l.facets.year_min, l.facets.year_max),
        (Some(2018), Some(2026))
    );
}

#[test]
fn unknown_venues_are_dropped_and_bad_values_ignored() {
    let d = dataset();
    let ix = PublicationIndex::new(&d);
    let p = ix.sanitize(&params(
        "pvenue=nsdi,nope&ptype=poem,journal&pfrom=abc&group=x&order=up",
    ));
    assert_eq!(p.venues.iter().collect::<Vec<_>>(), ["nsdi"]);
    assert_eq!(
        p.kinds.iter().collect::<Vec<_>>(),
        [&PublicationType::Journal]
    );
    assert_eq!(
        (p.year_from, p.group, p.order),
        (None, GroupBy::Year, Order::Newest)
    );
    assert_eq!(params("pfrom=2025&pto=2020").year_from, Some(2020));
    // The directory's keys are not the list's.
    assert_eq!(params("q=luo&venue=nsdi&from=2020"), PubParams::default());
}

#[test]
fn close_names_for_a_mistyped_id() {
    let d = dataset();
    let names = |wanted: &str| -> Vec<String> {
        close_researchers(&d, wanted, 3)
            .into_iter()
            .map(|i| d.researchers[i].id.0.clone())
            .collect()
    };
    assert_eq!(names("michael-lou"), ["michael-luo"]);
    assert_eq!(names("sifei-luan"), ["frank-sifei-luan"]);
    assert_eq!(
        names("amber-liu").first().map(String::as_str),
        Some("jiachen-liu")
    );
    let luos = names("luo");
    assert_eq!(luos.len(), 3, "{luos:?}");
    assert!(luos.iter().all(|id| id.contains("luo")), "{luos:?}");
    assert!(names("xyzzy-quux").is_empty());
    assert!(names("").is_empty());
}

proptest! {
    #[test]
    fn params_round_trip_through_the_url(
        query in "[a-z ]{0,12}",
        from in proptest::option::of(2000u16..2030),
        to in proptest::option::of(2000u16..2030),
        venues in proptest::collection::btree_set("[a-z]{1,6}", 0..3),
        kinds in proptest::collection::btree_set(0usize..6, 0..3),
        honoured: bool,
        group in 0usize..3,
        order in 0usize..3,
    ) {
        let mut p = PubParams {
            query,
            year_from: from,
            year_to: to,
            venues: venues.into_iter().collect(),
            kinds: kinds.into_iter().map(|k| PublicationType::ALL[k]).collect(),
            honoured,
            group: GroupBy::ALL[group],
            order: Order::ALL[order],
            ..PubParams::default()
        };
        if let (Some(f), Some(t)) = (p.year_from, p.year_to) && f > t {
            (p.year_from, p.year_to) = (Some(t), Some(f));
        }
        let pairs = p.to_pairs();
        let back = PubParams::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
        prop_assert_eq!(back, p);
    }
}
