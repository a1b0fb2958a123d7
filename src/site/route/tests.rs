//! Tests of the route table: every route round-trips through its path, paths are spelled as
//! the route table has them, and parsing is lenient.

use super::AppRoute;
use crate::search::network::EdgeKinds;
use crate::search::{ConnectionsParams, ExpertParams, IdList, OrgParams, PubParams, SearchParams};

fn pairs(q: &[(&str, &str)]) -> Vec<(String, String)> {
    q.iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn routes_round_trip_through_their_paths() {
    let mut search = SearchParams {
        query: "Müller & co".into(),
        ..Default::default()
    };
    search.topics.insert("llm-serving".into());
    let list = PubParams {
        query: "sky".into(),
        ..Default::default()
    };
    let routes = [
        AppRoute::home(),
        AppRoute::Directory(search.clone()),
        AppRoute::Profile {
            id: "luo-mai".into(),
            from: search.clone(),
            list: list.clone(),
        },
        AppRoute::Publications(list),
        AppRoute::Compare(IdList(vec!["a".into(), "b".into()])),
        AppRoute::Compare(IdList::default()),
        AppRoute::Connections(ConnectionsParams::default()),
        AppRoute::Connections(ConnectionsParams::chain("a", "b c")),
        AppRoute::Connections(ConnectionsParams {
            kinds: EdgeKinds::NONE,
            focus: Some("f".into()),
            ..Default::default()
        }),
        AppRoute::Connections(ConnectionsParams {
            from: Some("a".into()),
            kinds: EdgeKinds {
                advisor: false,
                ..EdgeKinds::ALL
            },
            ..Default::default()
        }),
        AppRoute::Shortlist(None),
        AppRoute::Shortlist(Some(IdList(vec!["x".into()]))),
        AppRoute::Organizations(OrgParams::default()),
        AppRoute::Organizations(OrgParams::from_pairs([
            ("oq", "uc b"),
            ("rvenue", "osdi,nsdi"),
            ("rfrom", "2020"),
            ("credit", "fractional"),
        ])),
        AppRoute::Organization {
            id: "uc berkeley/x".into(),
            params: OrgParams::from_pairs([("osort", "name"), ("okind", "lab")]),
        },
        AppRoute::Experts(ExpertParams::default()),
        AppRoute::Experts(ExpertParams::from_pairs([
            ("q", "Serverless LLMs: a & b?\n\nAbstract #1"),
            ("authors", "luo-mai,tao-luo"),
            ("names", "Smith, J.; Zoë"),
            ("years", "5"),
            ("since", "2020"),
            ("stage", "faculty"),
            ("hide", "1"),
        ])),
    ];
    for route in routes {
        let path = route.path();
        let (p, q) = path.split_once('?').unwrap_or((&path, ""));
        let decoded: Vec<(String, String)> = q
            .split('&')
            .filter(|s| !s.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap();
                (k.to_owned(), crate::search::params::decode_component(v))
            })
            .collect();
        assert_eq!(AppRoute::parse(p, &decoded), route, "{path}");
    }
}

#[test]
fn paths_are_spelled_as_the_route_table_has_them() {
    let cases = [
        (AppRoute::home(), "/"),
        (super::profile("luo-mai"), "/researchers/luo-mai"),
        (
            AppRoute::Compare(IdList(vec!["a".into(), "b".into()])),
            "/compare?ids=a,b",
        ),
        (
            AppRoute::Connections(ConnectionsParams::chain("a", "b&c")),
            "/connections?from=a&to=b%26c",
        ),
        (
            AppRoute::Connections(ConnectionsParams {
                from: Some("a".into()),
                to: Some("b".into()),
                kinds: EdgeKinds {
                    advisor: false,
                    ..EdgeKinds::ALL
                },
                focus: None,
            }),
            "/connections?from=a&to=b&kinds=coauthor,organization",
        ),
        (
            AppRoute::Connections(ConnectionsParams::default()),
            "/connections",
        ),
        (AppRoute::Shortlist(None), "/shortlist"),
        (
            AppRoute::Publications(PubParams::default()),
            "/publications",
        ),
        (
            AppRoute::Organizations(OrgParams::from_pairs([("rvenue", "osdi")])),
            "/organizations?rvenue=osdi",
        ),
        (
            AppRoute::Organization {
                id: "uc-berkeley".into(),
                params: OrgParams::default(),
            },
            "/organizations/uc-berkeley",
        ),
        (AppRoute::Experts(ExpertParams::default()), "/experts"),
        (
            AppRoute::Experts(ExpertParams::from_pairs([("q", "a b"), ("hide", "1")])),
            "/experts?q=a%20b&hide=1",
        ),
    ];
    for (route, want) in cases {
        assert_eq!(route.path(), want);
    }
}

#[test]
fn parsing_is_lenient() {
    assert_eq!(AppRoute::parse("/", &[]), AppRoute::home());
    assert_eq!(
        AppRoute::parse("/compare/", &[]),
        AppRoute::Compare(IdList::default())
    );
    assert_eq!(
        AppRoute::parse("/researchers/a%20b", &pairs(&[("q", "x")])),
        AppRoute::Profile {
            id: "a b".into(),
            from: SearchParams {
                query: "x".into(),
                ..Default::default()
            },
            list: PubParams::default(),
        }
    );
    assert_eq!(
        AppRoute::parse("/researchers/", &[]),
        AppRoute::NotFound("/researchers/".into())
    );
    assert_eq!(
        AppRoute::parse("/nope", &[]),
        AppRoute::NotFound("/nope".into())
    );
    assert_eq!(
        AppRoute::parse(
            "/organizations/",
            &pairs(&[("q", "x"), ("osort", "people")])
        ),
        AppRoute::Organizations(OrgParams::from_pairs([("osort", "people")]))
    );
    assert_eq!(
        AppRoute::parse(
            "/organizations/uc-berkeley/",
            &pairs(&[("credit", "fractional")])
        ),
        AppRoute::Organization {
            id: "uc-berkeley".into(),
            params: OrgParams::from_pairs([("credit", "fractional")]),
        }
    );
    assert_eq!(
        AppRoute::parse("/organizations/a/b", &[]),
        AppRoute::NotFound("/organizations/a/b".into())
    );
    // A lone end of a chain is kept (the page shows it in its picker), but asks nothing.
    assert_eq!(
        AppRoute::parse("/connections", &pairs(&[("from", "a")])),
        AppRoute::Connections(ConnectionsParams {
            from: Some("a".into()),
            ..Default::default()
        })
    );
    assert_eq!(
        AppRoute::parse("/connections/", &pairs(&[("kinds", "advisor,x")])),
        AppRoute::Connections(ConnectionsParams {
            kinds: EdgeKinds {
                advisor: true,
                ..EdgeKinds::NONE
            },
            ..Default::default()
        })
    );
}

#[test]
fn a_page_keeps_its_view_while_only_its_state_changes() {
    use super::PageKind;
    let parse = |path: &str, q: &[(&str, &str)]| AppRoute::parse(path, &pairs(q));
    // Another query, another profile, another organization: the same page's view.
    assert_eq!(parse("/", &[]).kind(), parse("/", &[("q", "sky")]).kind());
    assert_eq!(
        parse("/researchers/luo-mai", &[]).kind(),
        parse("/researchers/tao-luo", &[("q", "sky")]).kind()
    );
    assert_eq!(
        parse("/organizations/ed", &[]).kind(),
        parse("/organizations/ucb", &[]).kind()
    );
    // Every path of the route table is a page of its own.
    let kinds = [
        "/",
        "/researchers/luo-mai",
        "/publications",
        "/compare",
        "/connections",
        "/shortlist",
        "/organizations",
        "/organizations/ed",
        "/experts",
        "/no/such/page",
    ]
    .map(|p| parse(p, &[]).kind());
    for (i, a) in kinds.iter().enumerate() {
        for b in &kinds[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(kinds[0], PageKind::Directory);
    assert_eq!(kinds[8], PageKind::Experts);
    assert_eq!(kinds[9], PageKind::NotFound);
}
