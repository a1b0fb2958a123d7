//! Small datasets built for one question each: chains and their tie-breaks, neighbourhoods,
//! advising, a big organization, and the wording of titles and years.

use serde_json::json;

use super::{abc, chain, dataset, group, paper, researcher, role, texts};
use crate::model::{EndDate, PartialDate, Researcher};
use crate::search::network::build::short_title;
use crate::search::network::drawing::hubs;
use crate::search::network::periods::with_years;
use crate::search::network::{AdvisedEdge, Edge, EdgeKinds, Network};

#[test]
fn a_chain_of_two_hops_and_its_kinds() {
    let net = abc();
    let (a, b, c, d) = (0, 1, 2, 3);
    let path = net.shortest_path(a, c, EdgeKinds::ALL).unwrap();
    assert_eq!(
        chain(&net, &path),
        [
            (
                "a".into(),
                "b".into(),
                vec!["co-authored Alpha (VC 2020)".into()]
            ),
            ("b".into(), "c".into(), vec!["both at X".into()]),
        ]
    );
    assert_eq!(net.shortest_path(c, a, EdgeKinds::ALL).unwrap().len(), 2);
    let no_coauthors = EdgeKinds {
        coauthor: false,
        ..EdgeKinds::ALL
    };
    let no_orgs = EdgeKinds {
        organization: false,
        ..EdgeKinds::ALL
    };
    assert_eq!(net.shortest_path(a, c, no_coauthors), None);
    assert_eq!(net.shortest_path(a, c, no_orgs), None);
    assert_eq!(net.shortest_path(b, c, no_orgs), None);
    assert_eq!(net.shortest_path(a, b, no_orgs).unwrap().len(), 1);
    assert_eq!(net.shortest_path(a, d, EdgeKinds::ALL), None);
    assert_eq!(net.shortest_path(a, 9, EdgeKinds::ALL), None);
    assert_eq!(net.shortest_path(a, a, EdgeKinds::NONE), Some(Vec::new()));
    assert!(net.reasons_between(a, 9, EdgeKinds::ALL).is_empty());
    assert!(net.reasons_between(a, a, EdgeKinds::ALL).is_empty());
    // Only papers with two directory authors are kept; Dan listed twice is one author.
    assert_eq!(net.papers.len(), 1);
    assert_eq!(role(&net, group(&net, "X"), "b"), "Engineer, from 2019");
    assert_eq!(role(&net, group(&net, "X"), "c"), "PhD, until 2020");
    // Edges among some people only, and of some kinds only.
    let pairs =
        |edges: Vec<Edge>| -> Vec<(u32, u32)> { edges.iter().map(|e| (e.a, e.b)).collect() };
    assert_eq!(pairs(net.edges(EdgeKinds::ALL, None)), [(a, b), (b, c)]);
    assert_eq!(
        pairs(net.edges(EdgeKinds::ALL, Some(&[c, b, 42]))),
        [(b, c)]
    );
    assert_eq!(pairs(net.edges(no_orgs, None)), [(a, b)]);
    assert!(net.edges(EdgeKinds::NONE, None).is_empty());
    assert_eq!(net.degrees(EdgeKinds::ALL), [1, 2, 1, 0]);
    assert_eq!(net.neighbourhood(a, 5, 10, EdgeKinds::ALL), [a, b, c]);
}

#[test]
fn equal_chains_prefer_coauthorship_then_advisor_then_organization() {
    // S reaches T in two hops through O (shared Org X), V (shared advisor) or C (co-author),
    // each of which is at Org Y with T. Numbers are chosen so the lowest is never the answer.
    let net = Network::build(&dataset(
        vec![
            researcher("t", "Tia", json!({"organization": "org-y"})),
            researcher(
                "o",
                "Oli",
                json!({"organization": "org-y",
                "positions": [{"organization": "org-x", "title": "Intern"}]}),
            ),
            researcher(
                "v",
                "Vic",
                json!({"organization": "org-y",
                "advisors": [{"name": "Grace Hopper", "role": "PhD"}]}),
            ),
            researcher("c", "Cal", json!({"organization": "org-y"})),
            researcher(
                "s",
                "Sam",
                json!({
                    "positions": [{"organization": "org-x", "title": "Engineer"}],
                    "education": [{"organization": "org-x", "degree": "BSc",
                        "advisors": [{"name": "GRACE  HOPPER.", "role": "BSc"}]}]
                }),
            ),
        ],
        vec![paper("p1", "Gamma", 2021, &["s", "c"])],
    ));
    let (t, o, v, c, s) = (0, 1, 2, 3, 4);
    let advisor_and_org = EdgeKinds {
        coauthor: false,
        ..EdgeKinds::ALL
    };
    let org_only = EdgeKinds {
        organization: true,
        ..EdgeKinds::NONE
    };
    let cases = [(EdgeKinds::ALL, c), (advisor_and_org, v), (org_only, o)];
    for (kinds, via) in cases {
        let path = net.shortest_path(s, t, kinds).unwrap();
        let hops: Vec<(u32, u32)> = path.iter().map(|st| (st.from, st.to)).collect();
        assert_eq!(hops, [(s, via), (via, t)], "{kinds:?}");
        assert_eq!(
            net.shortest_path(s, t, kinds).unwrap(),
            path,
            "deterministic"
        );
    }
    // The advisor's name, however spelt, makes one group.
    assert_eq!(
        texts(&net, &net.reasons_between(s, v, EdgeKinds::ALL)),
        ["both advised by Grace Hopper"]
    );
    assert_eq!(role(&net, group(&net, "Grace Hopper"), "s"), "BSc advisee");
}

#[test]
fn equal_links_prefer_the_heavier_then_the_lower_number() {
    // S co-authored once with C1 and twice with C2; both share Org Y with T.
    let at_y = json!({"organization": "org-y"});
    let mut people = vec![
        researcher("t", "Tia", at_y.clone()),
        researcher("c1", "Cy One", at_y.clone()),
        researcher("c2", "Cy Two", at_y.clone()),
        researcher("s", "Sam", json!({})),
    ];
    let papers = vec![
        paper("p1", "One", 2020, &["s", "c1"]),
        paper("p2", "Two", 2020, &["s", "c2"]),
        paper("p3", "Three", 2021, &["s", "c2"]),
    ];
    let net = Network::build(&dataset(people.clone(), papers.clone()));
    let path = net.shortest_path(3, 0, EdgeKinds::ALL).unwrap();
    assert_eq!(path[0].to, 2, "the heavier link");
    assert_eq!(path[0].reasons.len(), 2);
    // With equal weight, the lower number.
    people.push(researcher("c3", "Cy Three", at_y));
    let mut papers = papers;
    papers[2] = paper("p3", "Three", 2021, &["s", "c1"]);
    papers.push(paper("p4", "Four", 2021, &["s", "c3"]));
    let net = Network::build(&dataset(people, papers));
    let path = net.shortest_path(3, 0, EdgeKinds::ALL).unwrap();
    assert_eq!(path[0].to, 1);
}

#[test]
fn a_neighbourhood_lists_the_strongest_ties_of_each_ring_first() {
    // Ring 1 around C: Q (3 papers), P (1 paper + Org X), R (a shared advisor).
    // Ring 2: T (a paper with Q and one with P), S (at Org Y with R): T first, S lower.
    let net = Network::build(&dataset(
        vec![
            researcher("s", "Sue", json!({"organization": "org-y"})),
            researcher(
                "r",
                "Rex",
                json!({"organization": "org-y",
                "advisors": [{"name": "Mo Adv"}]}),
            ),
            researcher("p", "Pam", json!({"organization": "org-x"})),
            researcher("q", "Quin", json!({})),
            researcher(
                "c",
                "Cid",
                json!({"education": [{"organization": "org-x",
                "degree": "BSc", "advisors": [{"name": "Mo Adv"}]}]}),
            ),
            researcher("t", "Tom", json!({})),
        ],
        vec![
            paper("p1", "One", 2020, &["c", "q"]),
            paper("p2", "Two", 2021, &["c", "q"]),
            paper("p3", "Three", 2022, &["q", "c"]),
            paper("p4", "Four", 2022, &["c", "p"]),
            paper("p5", "Five", 2023, &["p", "t"]),
            paper("p6", "Six", 2023, &["t", "q"]),
        ],
    ));
    let (s, r, p, q, c, t) = (0, 1, 2, 3, 4, 5);
    let cases = [
        (0, 10, vec![c]),
        (1, 10, vec![c, q, p, r]),
        (2, 10, vec![c, q, p, r, t, s]),
        (9, 5, vec![c, q, p, r, t]),
        (2, 3, vec![c, q, p]),
    ];
    for (hops, max, want) in cases {
        let got = net.neighbourhood(c, hops, max, EdgeKinds::ALL);
        assert_eq!(got, want, "{hops} hops, {max} at most");
    }
    let no_coauthors = EdgeKinds {
        coauthor: false,
        ..EdgeKinds::ALL
    };
    assert_eq!(net.neighbourhood(c, 2, 10, no_coauthors), [c, r, p, s]);
    assert!(net.neighbourhood(9, 2, 10, EdgeKinds::ALL).is_empty());
}

#[test]
fn advising_inside_the_directory_is_a_direct_link() {
    let net = Network::build(&dataset(
        vec![
            researcher("ada", "Ada Lovelace", json!({})),
            researcher(
                "bob",
                "Bob Babbage",
                json!({
                    "advisors": [{"name": "A. Lovelace", "researcher": "ada", "role": "PhD"}],
                    "education": [{"organization": "org-x", "degree": "PhD",
                        "advisors": [{"name": "Ada Lovelace", "researcher": "ada", "role": "PhD"}]}]
                }),
            ),
            researcher(
                "cy",
                "Cy Young",
                json!({
                    "education": [{"organization": "org-y", "degree": "MSc",
                        "advisors": [{"name": "Ada Lovelace", "researcher": "ada"}]}]
                }),
            ),
            researcher(
                "dee",
                "Dee Self",
                json!({
                    "advisors": [{"name": "Dee Self", "researcher": "dee"}]
                }),
            ),
        ],
        vec![],
    ));
    let (ada, bob, cy) = (0, 1, 2);
    assert_eq!(
        net.advised,
        [
            AdvisedEdge {
                advisor: ada,
                student: bob,
                role: Some("PhD".into())
            },
            AdvisedEdge {
                advisor: ada,
                student: cy,
                role: None
            },
        ]
    );
    assert_eq!(
        texts(&net, &net.reasons_between(bob, ada, EdgeKinds::ALL)),
        ["Ada Lovelace advised Bob Babbage (PhD)"]
    );
    assert_eq!(
        texts(&net, &net.reasons_between(ada, cy, EdgeKinds::ALL)),
        ["Ada Lovelace advised Cy Young"]
    );
    assert_eq!(
        texts(&net, &net.reasons_between(bob, cy, EdgeKinds::ALL)),
        ["both advised by Ada Lovelace"]
    );
    let g = group(&net, "Ada Lovelace");
    assert_eq!((g.key.as_str(), g.advisor), ("ada", Some(ada)));
    assert_eq!(role(&net, g, "cy"), "advisee");
    let no_advisors = EdgeKinds {
        advisor: false,
        ..EdgeKinds::ALL
    };
    assert!(net.reasons_between(bob, ada, no_advisors).is_empty());
    assert_eq!(net.degrees(EdgeKinds::ALL), [2, 2, 2, 0]);
    let edge = net.edges(EdgeKinds::ALL, None);
    let weights: Vec<(u32, u32, u32)> = edge.iter().map(|e| (e.a, e.b, e.weight)).collect();
    assert_eq!(weights, [(ada, bob, 1), (ada, cy, 1), (bob, cy, 1)]);
}

#[test]
fn a_big_organization_is_walked_without_its_pairs() {
    const MEMBERS: u32 = 5_000;
    let template: Researcher = serde_json::from_value(researcher(
        "m",
        "M",
        json!({
            "positions": [{"organization": "org-x", "title": "Staff"}]
        }),
    ))
    .unwrap();
    let mut d = dataset(
        vec![
            researcher("x", "Xi", json!({})),
            researcher("y", "Yu", json!({})),
        ],
        vec![
            paper("px", "Near", 2020, &["x", "m1"]),
            paper("py", "Far", 2020, &["y", "m4998"]),
        ],
    );
    d.researchers.extend((0..MEMBERS).map(|i| {
        let mut r = template.clone();
        r.id = format!("m{i}").as_str().into();
        r.name = format!("Member {i}");
        r
    }));
    let net = Network::build(&d);
    let (x, y) = (0, 1);
    let m = |i: u32| 2 + i;
    let path = net.shortest_path(x, y, EdgeKinds::ALL).unwrap();
    assert_eq!(
        chain(&net, &path),
        [
            (
                "x".into(),
                "m1".into(),
                vec!["co-authored Near (VC 2020)".into()]
            ),
            ("m1".into(), "m4998".into(), vec!["both at X".into()]),
            (
                "m4998".into(),
                "y".into(),
                vec!["co-authored Far (VC 2020)".into()]
            ),
        ]
    );
    let degrees = net.degrees(EdgeKinds::ALL);
    assert_eq!((degrees[x as usize], degrees[y as usize]), (1, 1));
    assert_eq!(
        (degrees[m(0) as usize], degrees[m(1) as usize]),
        (MEMBERS - 1, MEMBERS)
    );
    let hood = net.neighbourhood(x, 2, 300, EdgeKinds::ALL);
    assert_eq!(hood.len(), 300);
    assert_eq!(hood[..4], [x, m(1), m(0), m(2)]);
    assert_eq!(net.neighbourhood(x, 1, 300, EdgeKinds::ALL), [x, m(1)]);
    // What a drawing of that neighbourhood asks for: the pairs among 299 members, and x–m1.
    let edges = net.edges(EdgeKinds::ALL, Some(&hood));
    assert_eq!(edges.len(), 299 * 298 / 2 + 1);
}

#[test]
fn short_titles_and_years_table() {
    let titles = [
        (
            "SkyPilot: An Intercloud Broker for Sky Computing",
            "SkyPilot",
        ),
        ("No colon here", "No colon here"),
        (": Leading colon", ": Leading colon"),
        ("  Spaced : out", "Spaced"),
        ("A: B: C", "A"),
    ];
    for (title, want) in titles {
        assert_eq!(short_title(title), want, "{title:?}");
    }
    let y = PartialDate::year;
    let cases = [
        (
            "Intern",
            Some(y(2023)),
            Some(EndDate::Date(PartialDate::month(2023, 8))),
            "Intern, 2023",
        ),
        (
            "PhD",
            Some(PartialDate::month(2021, 8)),
            Some(EndDate::Date(y(2025))),
            "PhD, 2021–2025",
        ),
        (
            "MTS",
            Some(y(2025)),
            Some(EndDate::Present),
            "MTS, 2025–present",
        ),
        ("MTS", Some(y(2025)), None, "MTS, from 2025"),
        ("PhD", None, Some(EndDate::Date(y(2018))), "PhD, until 2018"),
        (
            "Professor",
            None,
            Some(EndDate::Present),
            "Professor, current",
        ),
        ("Visitor", None, None, "Visitor"),
        ("  ", Some(y(2020)), None, "from 2020"),
    ];
    for (what, start, end, want) in cases {
        assert_eq!(with_years(what, start, end), want);
    }
}

#[test]
fn an_organization_links_only_people_there_at_the_same_time() {
    let job = |id: &str, name: &str, start: &str, end: &str| {
        researcher(
            id,
            name,
            json!({"positions": [{"organization": "org-x", "title": "Engineer", "start": start, "end": end}]}),
        )
    };
    // Ann leaves as Ben arrives; Cat arrives while Ben is there; Dan is there now, since when
    // the data does not say, so he may have met anyone.
    let net = Network::build(&dataset(
        vec![
            job("a", "Ann", "2010", "2014"),
            job("b", "Ben", "2014", "2018"),
            job("c", "Cat", "2016", "2020"),
            researcher("d", "Dan", json!({"organization": "org-x"})),
        ],
        vec![],
    ));
    let groups: Vec<(&str, &str, Vec<u32>)> = (net.groups.iter())
        .map(|g| {
            let people = g.members.iter().map(|m| m.person).collect();
            (g.key.as_str(), g.label.as_str(), people)
        })
        .collect();
    assert_eq!(
        groups,
        [
            ("org-x~0", "X, 2014", vec![0, 1, 3]),
            ("org-x~1", "X, 2016–2018", vec![1, 2, 3])
        ]
    );
    let (a, c, d) = (0, 2, 3);
    assert!(net.reasons_between(a, c, EdgeKinds::ALL).is_empty());
    assert_eq!(
        texts(&net, &net.reasons_between(a, d, EdgeKinds::ALL)),
        ["both at X, 2014"]
    );
    let path = net.shortest_path(a, c, EdgeKinds::ALL).unwrap();
    assert_eq!(path.len(), 2);
    assert_eq!(
        chain(&net, &path)[0].2,
        ["both at X, 2014"],
        "through Ben or Dan, both there in 2014"
    );
    assert_eq!(role(&net, &net.groups[1], "c"), "Engineer, 2016–2020");
    // Drawn, the organization is one hub, named without years, for both times.
    let everyone = hubs(&net, EdgeKinds::ALL, &[0, 1, 2, 3]);
    let drawn: Vec<(&str, &[u32], &[u32])> = (everyone.iter())
        .map(|h| (h.label.as_str(), &h.members[..], &h.groups[..]))
        .collect();
    assert_eq!(drawn, [("X", &[0, 1, 2, 3][..], &[0, 1][..])]);
    // Two of the people there at different times are still one hub's two members.
    let apart = hubs(&net, EdgeKinds::ALL, &[0, 2]);
    assert_eq!(apart.len(), 1);
    assert_eq!(apart[0].members, [0, 2]);
}
