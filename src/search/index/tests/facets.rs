//! Filters, facet counts "as if added", the organization scope and sanitizing params.

use super::super::*;
use super::{Fixture, Pairs, counts};
use crate::search::params::SearchParams;

#[test]
fn filters() {
    let f = Fixture::new();
    let cases: &[(Pairs, &[&str])] = &[
        (&[("topic", "t-sys")], &["r-anna", "r-eve"]),
        (
            &[("topic", "t-sys,t-ml")],
            &["r-anna", "r-bob", "r-dan", "r-eve"],
        ),
        (&[("topic", "t-unused")], &[]),
        (&[("topic", "no-such-topic")], &[]),
        (&[("org", "uni-a")], &["r-anna"]),
        (&[("org", "uni-a"), ("scope", "any")], &["r-anna", "r-cleo"]),
        (&[("org", "corp-b"), ("scope", "any")], &["r-anna", "r-bob"]),
        (&[("org", "epsilon")], &[]),
        (&[("org", "epsilon"), ("scope", "any")], &["r-bob"]),
        // uni → academia, lab → academia, company → industry, nonprofit → neither; no org and
        // an academic stage → academia; an industry stage → industry whatever the org.
        (&[("sector", "academia")], &["r-anna", "r-cleo", "r-eve"]),
        (&[("sector", "industry")], &["r-bob", "r-eve"]),
        (
            &[("sector", "academia,industry")],
            &["r-anna", "r-bob", "r-cleo", "r-eve"],
        ),
        (&[("stage", "industry")], &["r-bob", "r-eve"]),
        (&[("stage", "postdoc,phd_student")], &["r-cleo", "r-dan"]),
        (&[("open", "phd")], &["r-anna"]),
        (&[("open", "phd,intern")], &["r-anna", "r-dan"]),
        (&[("open", "visitor")], &[]),
        (&[("open", "intern"), ("stage", "faculty")], &[]),
        (&[("country", "US")], &["r-bob"]),
        (&[("country", "DE,GB")], &["r-anna", "r-dan"]),
        (&[("country", "FR")], &[]),
        (&[("venue", "v-x")], &["r-anna", "r-eve"]),
        (&[("award", "1")], &["r-anna", "r-eve"]),
        (&[("from", "2020")], &["r-bob", "r-dan"]),
        (&[("to", "2016")], &["r-anna", "r-bob"]),
        (&[("from", "2016"), ("to", "2020")], &["r-anna", "r-eve"]),
        (&[("from", "2020"), ("to", "2016")], &["r-anna", "r-eve"]),
        (&[("from", "2023")], &[]),
        (
            &[("topic", "t-sys"), ("award", "1"), ("sector", "industry")],
            &["r-eve"],
        ),
        (
            &[("q", "muller"), ("country", "US,GB")],
            &["r-bob", "r-dan"],
        ),
    ];
    for (pairs, want) in cases {
        assert_eq!(f.ids(pairs), *want, "{pairs:?}");
    }
    // Built by hand, a reversed range is still a range.
    let p = SearchParams {
        year_from: Some(2020),
        year_to: Some(2016),
        ..SearchParams::default()
    };
    assert_eq!(f.index.search(&p).hits.len(), 2);
}

#[test]
fn facet_counts_without_selection() {
    let f = Fixture::new();
    let facets = f.run(&[]).facets;
    // Every occurring value, count desc then label; unused topic left out.
    assert_eq!(
        counts(facets.get(Facet::Topic)),
        [("t-ml", 2, false), ("t-sys", 2, false)]
    );
    assert_eq!(
        counts(facets.get(Facet::Organization)),
        [
            ("corp-b", 1, false),
            ("npo-d", 1, false),
            ("lab-c", 1, false),
            ("uni-a", 1, false)
        ]
    );
    let labels: Vec<&str> = facets
        .get(Facet::Organization)
        .iter()
        .map(|v| v.label.as_str())
        .collect();
    assert_eq!(labels, ["Bèta Corp", "Delta Society", "Gamma Lab", "LMU"]);
    assert_eq!(
        counts(facets.get(Facet::Sector)),
        [("academia", 3, false), ("industry", 2, false)]
    );
    assert_eq!(
        counts(facets.get(Facet::Stage)),
        [
            ("industry", 2, false),
            ("faculty", 1, false),
            ("phd_student", 1, false),
            ("postdoc", 1, false)
        ]
    );
    let stage_labels: Vec<&str> = facets
        .get(Facet::Stage)
        .iter()
        .map(|v| v.label.as_str())
        .collect();
    assert_eq!(
        stage_labels,
        ["Industry", "Faculty", "PhD student", "Postdoc"]
    );
    // Only the kinds someone offers, each researcher once however many kinds they list.
    assert_eq!(
        counts(facets.get(Facet::Open)),
        [
            ("intern", 1, false),
            ("phd", 1, false),
            ("postdoc", 1, false)
        ]
    );
    let open_labels: Vec<&str> = facets
        .get(Facet::Open)
        .iter()
        .map(|v| v.label.as_str())
        .collect();
    assert_eq!(open_labels, ["Interns", "PhD students", "Postdocs"]);
    // FR is only a past employer's country: not a value of the current-org country facet.
    // Sorted by label: Germany, United Kingdom, United States.
    assert_eq!(
        counts(facets.get(Facet::Country)),
        [("DE", 1, false), ("GB", 1, false), ("US", 1, false)]
    );
    let country_labels: Vec<&str> = facets
        .get(Facet::Country)
        .iter()
        .map(|v| v.label.as_str())
        .collect();
    assert_eq!(
        country_labels,
        ["Germany", "United Kingdom", "United States"]
    );
    assert_eq!(
        counts(facets.get(Facet::Venue)),
        [("v-x", 2, false), ("v-y", 2, false)]
    );
    assert_eq!(
        facets.award,
        FacetValue {
            id: "1".into(),
            label: "Has an award".into(),
            count: 2,
            selected: false
        }
    );
    assert_eq!((facets.year_min, facets.year_max), (Some(2015), Some(2022)));
}

#[test]
fn facet_counts_are_as_if_added() {
    let f = Fixture::new();
    let facets = f.run(&[("stage", "phd_student")]).facets;
    // The stage facet ignores its own selection: selected = current count, others = if added.
    assert_eq!(
        counts(facets.get(Facet::Stage)),
        [
            ("industry", 3, false),
            ("faculty", 2, false),
            ("postdoc", 2, false),
            ("phd_student", 1, true)
        ]
    );
    // Other facets shrink to Cléo, who has no topics: the values stay, with count 0.
    assert_eq!(
        counts(facets.get(Facet::Topic)),
        [("t-ml", 0, false), ("t-sys", 0, false)]
    );
    assert_eq!(
        counts(facets.get(Facet::Sector)),
        [("academia", 1, false), ("industry", 0, false)]
    );
    assert_eq!(facets.award.count, 0);

    // Two facets: each one's counts respect the other.
    let facets = f.run(&[("topic", "t-sys"), ("sector", "industry")]).facets;
    assert_eq!(
        counts(facets.get(Facet::Topic)),
        [("t-ml", 2, false), ("t-sys", 1, true)]
    );
    assert_eq!(
        counts(facets.get(Facet::Sector)),
        [("academia", 2, false), ("industry", 1, true)]
    );
    assert_eq!(
        f.ids(&[("topic", "t-sys"), ("sector", "industry")]),
        ["r-eve"]
    );

    // The award toggle: those passing every other facet and having an award.
    let facets = f.run(&[("award", "1"), ("country", "DE")]).facets;
    assert_eq!(facets.award.count, 1);
    assert!(facets.award.selected);
    assert_eq!(
        counts(facets.get(Facet::Country)),
        [("DE", 1, true), ("GB", 1, false), ("US", 1, false)]
    );

    // The query narrows every count.
    let facets = f.run(&[("q", "muller")]).facets;
    assert_eq!(
        counts(facets.get(Facet::Topic)),
        [("t-ml", 2, false), ("t-sys", 1, false)]
    );
    // A query matching nobody still lists the values, all 0.
    let facets = f.run(&[("q", "qqq")]).facets;
    assert!(facets.get(Facet::Topic).iter().all(|v| v.count == 0));
    assert_eq!(facets.get(Facet::Topic).len(), 2);
}

#[test]
fn openings_counts_are_as_if_added() {
    let f = Fixture::new();
    let facets = f.run(&[("open", "phd")]).facets;
    // Anna offers PhD and postdoc places, Dan internships: adding postdoc adds no one.
    assert_eq!(
        counts(facets.get(Facet::Open)),
        [
            ("intern", 2, false),
            ("phd", 1, true),
            ("postdoc", 1, false)
        ]
    );
    // The other facets count among those taking PhD students: Anna, faculty.
    assert_eq!(
        counts(facets.get(Facet::Stage)),
        [
            ("faculty", 1, false),
            ("industry", 0, false),
            ("phd_student", 0, false),
            ("postdoc", 0, false)
        ]
    );
    // Another facet narrows the counts: no postdoc is taking anyone but interns.
    let facets = f.run(&[("stage", "postdoc")]).facets;
    assert_eq!(
        counts(facets.get(Facet::Open)),
        [
            ("intern", 1, false),
            ("phd", 0, false),
            ("postdoc", 0, false)
        ]
    );
}

/// The bundled directory: only Luo Mai states openings (PhD students and postdocs).
#[test]
fn the_bundled_openings_find_luo_mai() {
    let dir = crate::model::bundled::loaded();
    let d = &dir.dataset;
    let index = SearchIndex::new(d);
    let ids = |pairs: &[(&str, &str)]| -> Vec<&str> {
        (index
            .search(&SearchParams::from_pairs(pairs.iter().copied()))
            .hits)
            .iter()
            .map(|h| d.researchers[h.researcher].id.as_str())
            .collect()
    };
    assert_eq!(ids(&[("open", "phd")]), ["luo-mai"]);
    assert_eq!(ids(&[("open", "postdoc,intern")]), ["luo-mai"]);
    assert_eq!(ids(&[("open", "visitor")]), [] as [&str; 0]);
    assert_eq!(
        ids(&[("open", "phd"), ("stage", "phd_student")]),
        [] as [&str; 0]
    );
    let facets = index.search(&SearchParams::default()).facets;
    assert_eq!(
        counts(facets.get(Facet::Open)),
        [("phd", 1, false), ("postdoc", 1, false)]
    );
}

#[test]
fn org_facet_follows_the_scope() {
    let f = Fixture::new();
    let current = f
        .run(&[("org", "uni-a")])
        .facets
        .get(Facet::Organization)
        .to_vec();
    assert_eq!(
        counts(&current),
        [
            ("corp-b", 2, false),
            ("npo-d", 2, false),
            ("lab-c", 2, false),
            ("uni-a", 1, true)
        ]
    );
    let any = f
        .run(&[("org", "uni-a"), ("scope", "any")])
        .facets
        .get(Facet::Organization)
        .to_vec();
    // Past organizations count too, and Epsilon (only a past employer) is listed.
    assert_eq!(
        counts(&any),
        [
            ("lab-c", 4, false),
            ("corp-b", 3, false),
            ("npo-d", 3, false),
            ("epsilon", 3, false),
            ("uni-a", 2, true),
        ]
    );
}

#[test]
fn selected_values_are_listed_even_when_unused() {
    let f = Fixture::new();
    // Nobody has the selected topics, so each other topic would add its own researchers.
    let facets = f.run(&[("topic", "t-unused,bogus")]).facets;
    assert_eq!(
        counts(facets.get(Facet::Topic)),
        [
            ("t-ml", 2, false),
            ("t-sys", 2, false),
            ("t-unused", 0, true)
        ]
    );
    let facets = f.run(&[("org", "epsilon")]).facets;
    assert!(
        facets
            .get(Facet::Organization)
            .iter()
            .any(|v| v.id == "epsilon" && v.selected)
    );
}

#[test]
fn sanitize_drops_unknown_ids() {
    let f = Fixture::new();
    let p = SearchParams::from_pairs([
        ("q", "x"),
        ("topic", "t-sys,nope"),
        ("org", "uni-a,gone"),
        ("country", "DE,ZZ"),
        ("venue", "v-y,v-z"),
        ("sector", "industry"),
        ("open", "phd"),
        ("award", "1"),
    ]);
    let s = f.index.sanitize(&p);
    let want = SearchParams::from_pairs([
        ("q", "x"),
        ("topic", "t-sys"),
        ("org", "uni-a"),
        ("country", "DE"),
        ("venue", "v-y"),
        ("sector", "industry"),
        ("open", "phd"),
        ("award", "1"),
    ]);
    assert_eq!(s, want);
    assert_eq!(f.index.sanitize(&want), want);
    // FR is some organization's country, so it is known even if no one is there now.
    assert_eq!(
        f.index
            .sanitize(&SearchParams::from_pairs([("country", "FR")]))
            .countries
            .len(),
        1
    );
}
