//! The bundled dataset's network: its five researchers, one edge and three groups, and its parts (in `parts`).

use super::{bundled, group, person, role, texts};
use crate::search::network::reasons::ordered;
use crate::search::network::{EdgeKind, EdgeKinds, GroupKind, Via};

#[test]
fn the_two_berkeley_researchers_are_one_step_apart_for_every_reason() {
    let net = bundled();
    let (luo, luan) = (
        person(&net, "michael-luo"),
        person(&net, "frank-sifei-luan"),
    );
    let path = net.shortest_path(luo, luan, EdgeKinds::ALL).unwrap();
    assert_eq!(path.len(), 1);
    assert_eq!((path[0].from, path[0].to), (luo, luan));
    let want = [
        "co-authored SkyPilot (NSDI 2023)",
        "co-authored Balsa (SIGMOD 2022)",
        "both advised by Ion Stoica",
        "both at Anyscale",
        "both at UC Berkeley",
    ];
    assert_eq!(texts(&net, &path[0].reasons), want);
    let kinds: Vec<EdgeKind> = path[0].reasons.iter().map(|r| r.kind).collect();
    use EdgeKind::*;
    assert_eq!(
        kinds,
        [Coauthor, Coauthor, Advisor, Organization, Organization]
    );
    let Via::Paper(p) = path[0].reasons[0].via else {
        panic!("{:?}", path[0].reasons[0])
    };
    assert_eq!(net.papers[p as usize].id, "skypilot-nsdi-2023");
    // The same facts whichever way round, and as a drawn edge of weight 2 papers + 3 groups.
    assert_eq!(
        net.reasons_between(luan, luo, EdgeKinds::ALL),
        path[0].reasons
    );
    let edge = (net.edges(EdgeKinds::ALL, None).into_iter())
        .find(|e| (e.a, e.b) == ordered(luo, luan))
        .unwrap();
    assert_eq!((edge.weight, edge.reasons), (5, path[0].reasons.clone()));
}

#[test]
fn the_bundled_network_has_one_edge() {
    let net = bundled();
    let id = |p: u32| net.people[p as usize].as_str();
    let edges = net.edges(EdgeKinds::ALL, None);
    let pairs: Vec<(&str, &str, u32)> =
        edges.iter().map(|e| (id(e.a), id(e.b), e.weight)).collect();
    // Frank Sifei Luan (2016–2019) and Jiachen Liu (2024–2026) both worked at Meta, years
    // apart: that is no link.
    assert_eq!(pairs, [("frank-sifei-luan", "michael-luo", 5)]);
    assert!(net.groups.iter().all(|g| !g.label.starts_with("Meta")));
    let by_id = |degrees: Vec<u32>| -> Vec<(&str, u32)> {
        degrees
            .into_iter()
            .enumerate()
            .map(|(p, d)| (id(p as u32), d))
            .collect()
    };
    let cases = [
        (EdgeKinds::ALL, [1, 0, 0, 1, 0]),
        (
            EdgeKinds {
                organization: false,
                ..EdgeKinds::ALL
            },
            [1, 0, 0, 1, 0],
        ),
        (
            EdgeKinds {
                coauthor: false,
                advisor: false,
                ..EdgeKinds::ALL
            },
            [1, 0, 0, 1, 0],
        ),
        (EdgeKinds::NONE, [0; 5]),
    ];
    for (kinds, want) in cases {
        let want: Vec<(&str, u32)> = net.people.iter().map(String::as_str).zip(want).collect();
        assert_eq!(by_id(net.degrees(kinds)), want, "{kinds:?}");
    }
    assert!(
        net.advised.is_empty(),
        "no advisor is in the bundled directory"
    );
}

#[test]
fn people_without_a_shared_record_have_no_path() {
    let net = bundled();
    let ids = ["frank-sifei-luan", "jiachen-liu", "michael-luo", "luo-mai"];
    // Jiachen Liu shares only Meta with Frank Sifei Luan, at other times.
    for lonely in ["tao-luo", "luo-mai", "jiachen-liu"] {
        let p = person(&net, lonely);
        for other in ids.iter().filter(|&&o| o != lonely) {
            let o = person(&net, other);
            assert_eq!(
                net.shortest_path(p, o, EdgeKinds::ALL),
                None,
                "{lonely} → {other}"
            );
            assert!(net.reasons_between(p, o, EdgeKinds::ALL).is_empty());
        }
        assert_eq!(net.neighbourhood(p, 3, 10, EdgeKinds::ALL), [p]);
        assert_eq!(net.shortest_path(p, p, EdgeKinds::ALL), Some(Vec::new()));
    }
    let luo = person(&net, "michael-luo");
    let hood = net.neighbourhood(luo, 2, 10, EdgeKinds::ALL);
    assert_eq!(hood, [luo, person(&net, "frank-sifei-luan")]);
    assert_eq!(net.neighbourhood(luo, 2, 1, EdgeKinds::ALL), [luo]);
    assert!(net.neighbourhood(luo, 2, 0, EdgeKinds::ALL).is_empty());
}

#[test]
fn members_carry_what_they_did_there() {
    let net = bundled();
    let berkeley = group(&net, "UC Berkeley");
    assert_eq!(
        (berkeley.kind, berkeley.key.as_str()),
        (GroupKind::Organization, "uc-berkeley")
    );
    assert_eq!(
        role(&net, berkeley, "frank-sifei-luan"),
        "Ph.D. in Computer Science, 2020–2024"
    );
    assert_eq!(
        role(&net, berkeley, "michael-luo"),
        "PhD in Electrical Engineering and Computer Science, 2021–2025; \
         M.S. in EECS + B.S. in EECS + Business, 2016–2021"
    );
    let stoica = group(&net, "Ion Stoica");
    assert_eq!(
        (stoica.kind, stoica.key.as_str(), stoica.advisor),
        (GroupKind::Advisor, "ion stoica", None)
    );
    assert_eq!(role(&net, stoica, "michael-luo"), "PhD advisee");
    // One-member groups are left out of the file.
    assert!(
        net.groups.iter().all(|g| g.members.len() >= 2),
        "{:?}",
        net.groups
    );
    assert_eq!(net.groups.len(), 3, "Ion Stoica, Anyscale, UC Berkeley");
    assert_eq!(net.papers.len(), 2);
}
