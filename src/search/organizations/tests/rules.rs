//! The rules on hand-made datasets: the year-aware affiliation, credit once per paper and
//! organization, fractional shares adding up, ranks and their ties, filters, people and the file.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::super::*;
use crate::lang::EN;
use crate::model::Dataset;
use crate::search::params::{Credit, OrgParams, OrgSort, Selection};

/// A dataset from its researchers and publications, with organizations `x`, `y`, `z` (and
/// `w`, a twin of `x`'s name), topics `t1`, `t2` and venues `v1`, `v2`.
fn dataset(researchers: Value, publications: Value) -> Dataset {
    serde_json::from_value(json!({
        "schema_version": 1,
        "organizations": [
            {"id": "x", "name": "Xavier University", "kind": "university", "country": "US"},
            {"id": "y", "name": "Yoyodyne", "kind": "company", "country": "US"},
            {"id": "z", "name": "Zeta Lab", "kind": "lab", "country": "GB"},
            {"id": "w", "name": "Xavier University", "kind": "nonprofit"}
        ],
        "topics": [{"id": "t1", "name": "Topic one"}, {"id": "t2", "name": "Topic two"}],
        "venues": [
            {"id": "v1", "short_name": "V1", "name": "Venue one", "kind": "conference"},
            {"id": "v2", "short_name": "V2", "name": "Venue two", "kind": "conference"}
        ],
        "researchers": researchers,
        "publications": publications,
    }))
    .expect("the test dataset deserializes")
}

/// A researcher with a current organization and jobs given as (org, start, end).
fn person(id: &str, current: Option<&str>, jobs: &[(&str, Option<&str>, Option<&str>)]) -> Value {
    let positions: Vec<Value> = (jobs.iter())
        .map(|(org, start, end)| {
            let mut p = json!({"organization": org, "title": format!("Job at {org}")});
            if let Some(s) = start {
                p["start"] = json!(s);
            }
            if let Some(e) = end {
                p["end"] = json!(e);
            }
            p
        })
        .collect();
    let mut r = json!({"id": id, "name": id.to_uppercase(), "career_stage": "faculty",
        "summary": ".", "sources": [], "positions": positions});
    if let Some(c) = current {
        r["organization"] = json!(c);
    }
    r
}

/// A paper by directory members `authors` (plus one outsider) in `year`.
fn paper(id: &str, year: u16, venue: Option<&str>, authors: &[&str]) -> Value {
    let mut list: Vec<Value> = (authors.iter())
        .map(|a| json!({"name": a.to_uppercase(), "researcher": a}))
        .collect();
    list.push(json!({"name": "Outsider"}));
    let mut p = json!({"id": id, "title": id, "authors": list, "type": "conference",
        "year": year});
    if let Some(v) = venue {
        p["venue"] = json!(v);
    }
    p
}

fn credits_of(table: &OrgTable, paper: usize) -> Vec<(&str, f32)> {
    (table.paper_credits(paper))
        .map(|c| {
            let org = &table.orgs[table.papers.org[c] as usize];
            (org.id.as_str(), table.papers.share[c])
        })
        .collect()
}

#[test]
fn a_paper_is_credited_where_its_authors_were_that_year() {
    let d = dataset(
        json!([
            person(
                "a",
                Some("y"),
                &[
                    ("x", Some("2015"), Some("2018")),
                    ("y", Some("2019"), Some("present")),
                    ("z", Some("2012"), None),
                ]
            ),
            person("b", None, &[("x", None, Some("2020"))]),
        ]),
        json!([
            paper("in-x", 2017, None, &["a"]),
            paper("in-y", 2021, None, &["a"]),
            paper("start-only", 2012, None, &["a"]),
            paper("no-record", 2013, None, &["a"]),
            paper("nowhere", 2017, None, &["b"]),
            paper("both", 2018, None, &["a", "b"]),
        ]),
    );
    let t = OrgTable::build(&d);
    // `nowhere`: b has no year-giving record and no current organization. The rest in year
    // order: start-only 2012, no-record 2013, in-x 2017, both 2018, in-y 2021.
    assert_eq!(t.papers.year, [2012, 2013, 2017, 2018, 2021]);
    assert_eq!(
        credits_of(&t, 0),
        [("z", 1.0)],
        "no end: its start year only"
    );
    assert_eq!(
        credits_of(&t, 1),
        [("y", 1.0)],
        "no record: the current one"
    );
    assert_eq!(credits_of(&t, 2), [("x", 1.0)], "a job spanning the year");
    assert_eq!(credits_of(&t, 3), [("x", 1.0)], "b is credited nowhere");
    assert_eq!(credits_of(&t, 4), [("y", 1.0)], "an open-ended job");
}

#[test]
fn a_paper_counts_once_per_organization_and_its_shares_add_up_to_one() {
    let d = dataset(
        json!([
            person("a", Some("x"), &[]),
            person("b", Some("x"), &[]),
            person(
                "c",
                Some("y"),
                &[
                    ("y", Some("2020"), Some("present")),
                    ("z", Some("2020"), Some("2020"))
                ]
            ),
        ]),
        json!([paper("p", 2020, Some("v1"), &["a", "b", "c", "a"])]),
    );
    let t = OrgTable::build(&d);
    // Three credited authors: a and b at x (1/3 each), c at y and z (1/6 each).
    let got = credits_of(&t, 0);
    assert_eq!(got.iter().map(|c| c.0).collect::<Vec<_>>(), ["x", "y", "z"]);
    for (want, (_, share)) in [2.0 / 3.0, 1.0 / 6.0, 1.0 / 6.0].iter().zip(&got) {
        assert!((want - f64::from(*share)).abs() < 1e-6, "{got:?}");
    }
    let scores = t.scores(&Selection::default());
    assert_eq!(scores.papers, [1, 1, 1, 0], "once per organization");
    assert_eq!(scores.counted, 1);
    assert!((scores.share.iter().sum::<f64>() - 1.0).abs() < 1e-6);
}

#[test]
fn a_selection_counts_venues_or_topics_in_its_years() {
    let mut on_topic = paper("t", 2021, Some("v2"), &["a"]);
    on_topic["topics"] = json!(["t1"]);
    let d = dataset(
        json!([person("a", Some("x"), &[])]),
        json!([
            paper("v1-old", 2010, Some("v1"), &["a"]),
            paper("v1-new", 2022, Some("v1"), &["a"]),
            on_topic,
            paper("none", 2022, None, &["a"]),
        ]),
    );
    let t = OrgTable::build(&d);
    let count = |s: Selection| t.scores(&s).papers[0];
    let set = |xs: &[&str]| xs.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(count(Selection::default()), 4);
    let venues = Selection {
        venues: set(&["v1"]),
        ..Selection::default()
    };
    assert_eq!(count(venues.clone()), 2);
    let either = Selection {
        topics: set(&["t1"]),
        year_from: Some(2015),
        ..venues
    };
    assert_eq!(count(either), 2, "v1-new by venue, t by topic");
    let later = Selection {
        year_from: Some(2022),
        ..Selection::default()
    };
    assert_eq!(count(later), 2);
}

#[test]
fn equal_scores_share_a_rank_and_keep_a_stable_order() {
    // x and w share a name; y and z tie below them; a is on nothing.
    let d = dataset(
        json!([
            person("a", Some("x"), &[]),
            person("b", Some("w"), &[]),
            person("c", Some("y"), &[]),
            person("e", Some("z"), &[]),
        ]),
        json!([
            paper("p1", 2020, None, &["a"]),
            paper("p2", 2020, None, &["a"]),
            paper("p3", 2020, None, &["b"]),
            paper("p4", 2020, None, &["b"]),
            paper("p5", 2020, None, &["c", "e"]),
        ]),
    );
    let t = OrgTable::build(&d);
    let order = |p: &OrgParams| -> Vec<(String, u32)> {
        (t.rank(p).rows.iter())
            .map(|r| (t.orgs[r.org as usize].id.clone(), r.rank))
            .collect()
    };
    let want = |xs: &[(&str, u32)]| -> Vec<(String, u32)> {
        xs.iter().map(|(id, r)| ((*id).to_owned(), *r)).collect()
    };
    let mut p = OrgParams::default();
    assert_eq!(order(&p), want(&[("w", 1), ("x", 1), ("y", 3), ("z", 3)]));
    p.selection.credit = Credit::Fractional;
    // Fractional: x and w 2 each, y and z 0.5 each.
    assert_eq!(order(&p), want(&[("w", 1), ("x", 1), ("y", 3), ("z", 3)]));
    p.sort = OrgSort::Name;
    assert_eq!(order(&p), want(&[("w", 1), ("x", 1), ("y", 3), ("z", 3)]));
    p.sort = OrgSort::People;
    let by_people = order(&p);
    assert_eq!(by_people.len(), 4, "{by_people:?}");
    // The same params always give the same order.
    assert_eq!(order(&p), by_people);
}

#[test]
fn filters_narrow_the_list_and_facets_count_as_if_added() {
    let mut r = person("a", Some("z"), &[]);
    r["topics"] = json!(["t2"]);
    let d = dataset(json!([r]), json!([]));
    let t = OrgTable::build(&d);
    let listed = |q: &[(&str, &str)]| -> Vec<String> {
        let p = t.sanitize(&OrgParams::from_pairs(q.iter().copied()));
        (t.rank(&p).rows.iter())
            .map(|r| t.orgs[r.org as usize].id.clone())
            .collect()
    };
    assert_eq!(listed(&[]).len(), 4, "every organization, papers or not");
    assert_eq!(listed(&[("ocountry", "us")]), ["x", "y"]);
    assert_eq!(listed(&[("osector", "academia")]), ["x", "z"]);
    assert_eq!(listed(&[("okind", "nonprofit")]), ["w"]);
    assert_eq!(
        listed(&[("otopic", "t2")]),
        ["z"],
        "the topics of its people"
    );
    assert_eq!(
        listed(&[("otopic", "unknown")]).len(),
        4,
        "unknown ids are dropped"
    );
    assert_eq!(listed(&[("oq", "xav")]), ["w", "x"]);
    assert_eq!(listed(&[("oq", "united kingdom")]), ["z"], "country names");
    let p = OrgParams::from_pairs([("ocountry", "US")]);
    let facets = t.rank(&p).facets;
    let count = |values: &[crate::search::FacetValue], id: &str| {
        values
            .iter()
            .find(|v| v.id == id)
            .map(|v| (v.count, v.selected))
    };
    assert_eq!(count(&facets.countries, "GB"), Some((1, false)));
    assert_eq!(count(&facets.countries, "US"), Some((2, true)));
    assert_eq!(count(&facets.sectors, "industry"), Some((1, false)));
    assert_eq!(count(&facets.kinds, "lab"), Some((0, false)));
}

#[test]
fn people_now_and_before_with_their_years() {
    let mut a = person(
        "a",
        Some("y"),
        &[
            ("y", Some("2019"), Some("present")),
            ("x", Some("2014"), Some("2018")),
        ],
    );
    a["education"] = json!([{"organization": "x", "degree": "PhD", "start": "2010",
        "end": "2014"}]);
    let mut b = person("b", Some("x"), &[]);
    b["career_stage"] = json!("phd_student");
    let d = dataset(
        json!([a, b, person("c", None, &[("z", None, None)])]),
        json!([]),
    );
    let t = OrgTable::build(&d);
    let x = &t.orgs[t.position("x").unwrap()];
    let who = |m: &Member| t.people[m.person as usize].id.as_str();
    assert_eq!(x.members.iter().map(who).collect::<Vec<_>>(), ["b", "a"]);
    let (now, before) = (&x.members[0], &x.members[1]);
    assert!(now.now && now.years(&EN).is_none(), "current, no dates");
    assert!(!before.now);
    assert_eq!(before.years(&EN).as_deref(), Some("2010–2018"));
    let roles: Vec<&str> = before
        .roles
        .iter()
        .map(|&r| t.roles[r as usize].as_str())
        .collect();
    assert_eq!(roles, ["PhD", "Job at x"]);
    let y = &t.orgs[t.position("y").unwrap()];
    assert_eq!(y.members[0].years(&EN).as_deref(), Some("2019–present"));
    assert_eq!(
        t.stage_counts(t.position("x").unwrap()),
        ([0, 1, 0, 0, 0], [0, 0, 0, 1, 0])
    );
    let z = &t.orgs[t.position("z").unwrap()];
    assert_eq!(
        (z.members.len(), z.members[0].now),
        (1, false),
        "no dates, not current"
    );
    assert_eq!(z.members[0].until, Until::Unknown);
}

/// A random directory: people with up to three jobs at the four organizations, papers by
/// random members in random years.
fn random_dataset() -> impl Strategy<Value = Dataset> {
    let job = (
        0usize..4,
        2000u16..2010,
        prop::option::of(0u16..12),
        any::<bool>(),
    );
    let people = prop::collection::vec(
        (
            prop::option::of(0usize..4),
            prop::collection::vec(job, 0..3),
        ),
        1..6,
    );
    let papers = prop::collection::vec(
        (prop::collection::vec(0usize..6, 0..5), 2000u16..2022),
        0..20,
    );
    (people, papers).prop_map(|(people, papers)| {
        const ORGS: [&str; 4] = ["x", "y", "z", "w"];
        let researchers: Vec<Value> = (people.iter().enumerate())
            .map(|(i, (current, jobs))| {
                let jobs: Vec<(&str, Option<String>, Option<String>)> = (jobs.iter())
                    .map(|&(o, start, length, open)| {
                        let end = match (open, length) {
                            (true, _) => Some("present".to_owned()),
                            (false, Some(l)) => Some((start + l).to_string()),
                            (false, None) => None,
                        };
                        (ORGS[o], Some(start.to_string()), end)
                    })
                    .collect();
                let jobs: Vec<(&str, Option<&str>, Option<&str>)> = (jobs.iter())
                    .map(|(o, s, e)| (*o, s.as_deref(), e.as_deref()))
                    .collect();
                person(&format!("r{i}"), current.map(|c| ORGS[c]), &jobs)
            })
            .collect();
        let publications: Vec<Value> = (papers.iter().enumerate())
            .map(|(i, (authors, year))| {
                let ids: Vec<String> = (authors.iter())
                    .filter(|&&a| a < people.len())
                    .map(|a| format!("r{a}"))
                    .collect();
                let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
                paper(&format!("p{i}"), *year, Some("v1"), &ids)
            })
            .collect();
        dataset(json!(researchers), json!(publications))
    })
}

proptest! {
    #[test]
    fn fractional_credits_sum_to_the_papers_counted(d in random_dataset(), from in 2000u16..2022) {
        let t = OrgTable::build(&d);
        for selection in [Selection::default(), Selection { year_from: Some(from), ..Selection::default() }] {
            let s = t.scores(&selection);
            let total: f64 = s.share.iter().sum();
            prop_assert!((total - f64::from(s.counted)).abs() < 1e-4, "{total} vs {}", s.counted);
            prop_assert!(s.papers.iter().all(|&n| n <= s.counted));
        }
        // The per-venue lists in the year run count what a scan of every paper counts.
        let chosen = Selection {
            venues: ["v1".to_owned()].into(),
            year_from: Some(from),
            ..Selection::default()
        };
        let scanned = (0..t.papers.len())
            .filter(|&i| t.papers.year[i] >= from && t.papers.venue[i] != NO_VENUE)
            .count() as u32;
        prop_assert_eq!(t.scores(&chosen).counted, scanned);
        for i in 0..t.papers.len() {
            let mut orgs: Vec<u32> = t.paper_credits(i).map(|c| t.papers.org[c]).collect();
            let n = orgs.len();
            orgs.dedup();
            prop_assert_eq!(orgs.len(), n, "an organization twice on one paper");
        }
    }
}
