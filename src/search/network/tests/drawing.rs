//! What a drawing shows: who is drawn and named, where they go, sizes, texts, zoom and pan; and
//! the kinds' URL keys and labels.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::json;

use super::{abc, dataset, paper, researcher};
use crate::lang::EN;
use crate::search::network::drawing::{
    ChainMarks, Hub, LABEL_CHAR_WIDTH, LabelSpot, NAMED_MAX, Placed, WHOLE_GRAPH_MAX, count_line,
    direct, drawn_degrees, edge_kind, edge_title, edge_width, frame_for, hub_radius, hubs,
    layout_params, named, named_hubs, neighbour_lines, node_radius, pan_box, place,
    readable_labels, shown, why, zoom_box,
};
use crate::search::network::{Edge, EdgeKind, EdgeKinds, Network, Reason, Via};

/// 130 people, more than a drawing shows whole: p0 co-authored with p1 and with p2; p10 to
/// p129 (120 of them) all worked at Org X; p3 to p9 have no link.
pub(crate) fn crowd() -> Network {
    let people = (0..130)
        .map(|i| {
            let extra = if i >= 10 {
                json!({"positions": [{"organization": "org-x", "title": "Staff"}]})
            } else {
                json!({})
            };
            researcher(&format!("p{i}"), &format!("Person {i}"), extra)
        })
        .collect();
    let papers = vec![
        paper("one", "One", 2020, &["p0", "p1"]),
        paper("two", "Two", 2021, &["p0", "p2"]),
    ];
    Network::build(&dataset(people, papers))
}

#[test]
fn a_small_directory_is_drawn_whole_a_big_one_as_a_neighbourhood() {
    let small = abc();
    assert_eq!(shown(&small, EdgeKinds::ALL, None, &[]), [0, 1, 2, 3]);
    assert_eq!(shown(&small, EdgeKinds::NONE, Some("b"), &[]), [0, 1, 2, 3]);

    let net = crowd();
    let org: Vec<u32> = (10..130).collect();
    let coauthors = EdgeKinds {
        coauthor: true,
        ..EdgeKinds::NONE
    };
    /// Kinds, focus, the ends of the chain asked about, and who is drawn.
    type Case = (EdgeKinds, Option<&'static str>, (u32, u32), Vec<u32>);
    let cases: Vec<Case> = vec![
        // The best-connected people are Org X's; the lowest number among them is the centre.
        (EdgeKinds::ALL, None, (0, 0), org.clone()),
        (EdgeKinds::ALL, Some("nobody"), (0, 0), org.clone()),
        (EdgeKinds::ALL, Some("p0"), (0, 0), vec![0, 1, 2]),
        (EdgeKinds::ALL, Some("p5"), (0, 0), vec![5]),
        // Under co-authorship only, p0 is the best connected.
        (coauthors, None, (0, 0), vec![0, 1, 2]),
        // The chain asked about is always drawn.
        (EdgeKinds::ALL, Some("p5"), (1, 2), vec![0, 1, 2, 5]),
    ];
    for (kinds, focus, (from, to), want) in cases {
        let chain = net.shortest_path(from, to, kinds).unwrap_or_default();
        let got = shown(&net, kinds, focus, &chain);
        assert_eq!(got, want, "{kinds:?} {focus:?} {from}→{to}");
        assert!(got.len() <= WHOLE_GRAPH_MAX + chain.len() + 1);
    }
}

/// An edge between `a` and `b` with no reason.
fn bare(a: u32, b: u32) -> Edge {
    Edge {
        a,
        b,
        weight: 1,
        reasons: vec![Reason {
            kind: EdgeKind::Coauthor,
            via: Via::Paper(0),
        }],
    }
}

#[test]
fn a_crowded_drawing_names_only_its_best_connected() {
    let edges = [bare(1, 2), bare(1, 3), bare(2, 3), bare(3, 4)];
    let degrees = drawn_degrees(&edges, &[]);
    assert_eq!(degrees, BTreeMap::from([(1, 2), (2, 2), (3, 3), (4, 1)]));
    assert!(drawn_degrees(&[], &[]).is_empty());
    // A link to a hub counts as a line; a pair joined by a shared group only is no line.
    let hub = Hub {
        group: 0,
        groups: vec![0],
        kind: EdgeKind::Organization,
        label: "X".into(),
        members: vec![4, 5],
    };
    let mut grouped = bare(4, 5);
    grouped.reasons[0].via = Via::Group(0);
    assert_eq!(
        drawn_degrees(&[bare(3, 4), grouped], &[hub]),
        BTreeMap::from([(3, 1), (4, 2), (5, 1)])
    );

    // Up to 40 people shown, everyone is named, edges or not.
    let few: Vec<u32> = (0..40).collect();
    assert_eq!(named(&few, &degrees), few.iter().copied().collect());
    // Above that, only people with a drawn edge, most edges first, then the lower number.
    let many: Vec<u32> = (0..41).collect();
    assert_eq!(named(&many, &degrees), BTreeSet::from([1, 2, 3, 4]));
    let star: Vec<Edge> = (1..=30).map(|i| bare(0, i)).chain([bare(30, 29)]).collect();
    let got = named(&many, &drawn_degrees(&star, &[]));
    assert_eq!(got.len(), NAMED_MAX);
    let want: BTreeSet<u32> = [0, 29, 30].into_iter().chain(1..=22).collect();
    assert_eq!(got, want);
}

#[test]
fn the_chain_is_marked_by_its_people_and_pairs() {
    let net = abc();
    let chain = net.shortest_path(2, 0, EdgeKinds::ALL).unwrap();
    let marks = ChainMarks::of(&chain);
    assert_eq!(marks.people, BTreeSet::from([0, 1, 2]));
    assert_eq!(marks.pairs, BTreeSet::from([(0, 1), (1, 2)]));
    // Ben and Cat are linked by Org X only: their links to its hub are the chain's.
    let x = (net.groups.iter().position(|g| g.label == "X")).unwrap() as u32;
    assert_eq!(marks.groups, BTreeSet::from([(1, x), (2, x)]));
    assert!(marks.has_pair(1, 0) && marks.has_pair(2, 1));
    assert!(!marks.has_pair(0, 2));
    assert_eq!(ChainMarks::of(&[]), ChainMarks::default());
}

#[test]
fn sizes_follow_the_screen_and_the_links() {
    let frames = [
        (320.0, (440.0, 520.0)),
        (639.5, (440.0, 520.0)),
        (640.0, (900.0, 560.0)),
        (1920.0, (900.0, 560.0)),
    ];
    for (screen, want) in frames {
        assert_eq!(frame_for(screen), want, "{screen}");
    }
    let radii = [(0, 9.0), (1, 10.5), (4, 12.0), (36, 18.0), (1000, 18.0)];
    for (degree, want) in radii {
        assert_eq!(node_radius(degree), want, "{degree}");
    }
    let widths = [(0, 1.0), (1, 1.832), (5, 3.15)];
    for (weight, want) in widths {
        assert!((edge_width(weight) - want).abs() < 0.001, "{weight}");
    }
    let spots = [
        ((100.0, 50.0, 10.0), (113.0, 54.0, false)),
        ((540.0, 50.0, 10.0), (553.0, 54.0, false)),
        ((541.0, 50.0, 12.0), (526.0, 54.0, true)),
    ];
    for ((x, y, r), (sx, sy, left)) in spots {
        let want = LabelSpot { x: sx, y: sy, left };
        assert_eq!(LabelSpot::of(x, y, r, 900.0), want, "{x}");
    }
}

#[test]
fn everyone_shown_is_placed_inside_the_frame_the_same_way_each_time() {
    let net = abc();
    let people = [0, 1, 2, 3];
    let edges = net.edges(EdgeKinds::ALL, Some(&people));
    let hubs = hubs(&net, EdgeKinds::ALL, &people);
    for frame in [(900.0, 560.0), (440.0, 520.0)] {
        let spots = place(&people, &edges, &hubs, frame);
        assert_eq!(spots, place(&people, &edges, &hubs, frame), "deterministic");
        assert_eq!(spots.people.keys().copied().collect::<Vec<_>>(), people);
        assert_eq!(spots.hubs.len(), hubs.len());
        let p = layout_params(frame);
        for (who, &(x, y)) in spots
            .people
            .iter()
            .map(|(p, xy)| (*p as usize, xy))
            .chain(spots.hubs.iter().enumerate().map(|(i, xy)| (100 + i, xy)))
        {
            let inside = (p.margin..=p.width - p.margin).contains(&x)
                && (p.margin..=p.height - p.margin).contains(&y);
            assert!(inside, "{who} at ({x}, {y}) in {frame:?}");
        }
    }
    // Edges to people not shown are left out of the layout.
    let some = place(&[1, 2], &edges, &[], (900.0, 560.0));
    assert_eq!(some.people.keys().copied().collect::<Vec<_>>(), [1, 2]);
    assert_eq!(place(&[], &edges, &[], (900.0, 560.0)), Placed::default());
}

#[test]
fn a_group_of_a_hundred_and_twenty_is_one_hub_and_no_two_circles_overlap() {
    let net = crowd();
    let shown = shown(&net, EdgeKinds::ALL, None, &[]);
    let edges = net.edges(EdgeKinds::ALL, Some(&shown));
    assert_eq!(edges.len(), 120 * 119 / 2, "every pair shares Org X");
    let hubs = hubs(&net, EdgeKinds::ALL, &shown);
    assert_eq!(hubs.len(), 1);
    assert_eq!((hubs[0].label.as_str(), hubs[0].members.len()), ("X", 120));
    assert_eq!(named_hubs(&hubs), BTreeSet::from([0]));
    // No pair has a line of its own: each member has one line, to the hub.
    assert!(edges.iter().all(|e| !direct(e)));
    let degrees = drawn_degrees(&edges, &hubs);
    assert!(degrees.values().all(|&d| d == 1));
    for frame in [(900.0, 560.0), (440.0, 520.0)] {
        let placed = place(&shown, &edges, &hubs, frame);
        let circles: Vec<((f32, f32), f32)> = (placed.people.iter())
            .map(|(p, &xy)| (xy, node_radius(degrees[p])))
            .chain(placed.hubs.iter().map(|&xy| (xy, hub_radius(120))))
            .collect();
        for (i, &((x1, y1), r1)) in circles.iter().enumerate() {
            for &((x2, y2), r2) in &circles[i + 1..] {
                let d = ((x1 - x2).powi(2) + (y1 - y2).powi(2)).sqrt();
                assert!(
                    d >= r1 + r2,
                    "({x1}, {y1}) and ({x2}, {y2}) overlap in {frame:?}"
                );
            }
        }
    }
}

#[test]
fn texts_of_edges_and_neighbours() {
    let net = abc();
    let edges = net.edges(EdgeKinds::ALL, None);
    assert_eq!(why(&net, &edges[0], &EN), "co-authored Alpha (VC 2020)");
    assert_eq!(
        edge_title(&net, &edges[1], &EN),
        "Ben — Cat: both at X",
        "{edges:?}"
    );
    /// Person, most lines, and the lines with how many more.
    type Case = (u32, usize, (Vec<&'static str>, usize));
    let cases: [Case; 4] = [
        (
            1,
            6,
            (
                vec!["Ann: co-authored Alpha (VC 2020)", "Cat: both at X"],
                0,
            ),
        ),
        (1, 1, (vec!["Ann: co-authored Alpha (VC 2020)"], 1)),
        (2, 6, (vec!["Ben: both at X"], 0)),
        (3, 6, (vec![], 0)),
    ];
    for (p, max, (lines, more)) in cases {
        let want: Vec<String> = lines.into_iter().map(String::from).collect();
        assert_eq!(
            neighbour_lines(&net, &edges, p, max, &EN),
            (want, more),
            "{p}"
        );
    }
    let counts = [
        (
            (5, 5, 2, 1),
            "5 researchers, 2 direct connections and 1 shared group",
        ),
        (
            (5, 5, 1, 0),
            "5 researchers, 1 direct connection and 0 shared groups",
        ),
        (
            (120, 300, 0, 3),
            "120 of 300 researchers (a neighbourhood), 0 direct connections and 3 shared groups",
        ),
    ];
    for ((shown, total, edges, hubs), want) in counts {
        assert_eq!(count_line(shown, total, edges, hubs, &EN), want);
    }
}

#[test]
fn an_edge_is_drawn_as_its_strongest_reason() {
    let reason = |kind| Reason {
        kind,
        via: Via::Group(0),
    };
    let with = |kinds: &[EdgeKind]| Edge {
        reasons: kinds.iter().map(|&k| reason(k)).collect(),
        ..bare(0, 1)
    };
    use EdgeKind::*;
    let cases = [
        (vec![Coauthor, Organization], Coauthor),
        (vec![Advisor], Advisor),
        (vec![Organization], Organization),
        (vec![], Organization),
    ];
    for (kinds, want) in cases {
        assert_eq!(edge_kind(&with(&kinds)), want, "{kinds:?}");
    }
}

#[test]
fn zoom_keeps_the_centre_and_its_limits_and_pan_follows_the_pointer() {
    let frame = (900.0, 560.0);
    let whole = (0.0, 0.0, 900.0, 560.0);
    let cases = [
        (whole, 0.5, (225.0, 140.0, 450.0, 280.0)),
        (whole, 2.0, (-450.0, -280.0, 1800.0, 1120.0)),
        (whole, 10.0, (-450.0, -280.0, 1800.0, 1120.0)),
        (whole, 0.01, (393.75, 245.0, 112.5, 70.0)),
        (
            (100.0, 0.0, 900.0, 100.0),
            1.0,
            (100.0, -230.0, 900.0, 560.0),
        ),
    ];
    for (view, factor, want) in cases {
        assert_eq!(zoom_box(view, factor, frame), want, "{view:?} × {factor}");
    }
    assert_eq!(
        pan_box((10.0, 20.0, 450.0, 280.0), (100.0, -50.0), 0.5),
        (-40.0, 45.0, 450.0, 280.0)
    );
}

#[test]
fn kinds_have_url_keys_labels_and_toggles() {
    for kind in EdgeKind::ALL {
        assert_eq!(EdgeKind::from_key(kind.key()), Some(kind));
    }
    let labels: Vec<&str> = EdgeKind::ALL.iter().map(|k| k.label(&EN)).collect();
    assert_eq!(labels, ["Co-authorship", "Advisors", "Organizations"]);
    assert_eq!(EdgeKind::from_key("Coauthor"), None);
    let no_advisors = EdgeKinds::ALL.with(EdgeKind::Advisor, false);
    assert_eq!(
        no_advisors,
        EdgeKinds {
            advisor: false,
            ..EdgeKinds::ALL
        }
    );
    assert_eq!(no_advisors.with(EdgeKind::Advisor, true), EdgeKinds::ALL);
}

#[test]
fn names_that_would_cover_one_another_are_left_to_hover() {
    let net = crowd();
    let shown = shown(&net, EdgeKinds::ALL, Some("p10"), &[]);
    let edges = net.edges(EdgeKinds::ALL, Some(&shown));
    let big = hubs(&net, EdgeKinds::ALL, &shown);
    let degrees = drawn_degrees(&edges, &big);
    let placed = place(&shown, &edges, &big, (440.0, 520.0));
    // Everyone is a candidate here (all have one line); not all names fit.
    let everyone: BTreeSet<u32> = shown.iter().copied().collect();
    let (people, kept) = readable_labels(
        &net,
        &placed,
        &degrees,
        &everyone,
        &big,
        &named_hubs(&big),
        440.0,
    );
    assert!(
        !people.is_empty() && people.len() < shown.len(),
        "{}",
        people.len()
    );
    // The kept names' boxes are apart.
    let boxes: Vec<[f32; 4]> = (people.iter())
        .map(|p| {
            let (x, y) = placed.people[p];
            let spot = LabelSpot::of(x, y, node_radius(degrees[p]), 440.0);
            let w = net.names[*p as usize].chars().count() as f32 * LABEL_CHAR_WIDTH;
            let x0 = if spot.left { spot.x - w } else { spot.x };
            [x0, spot.y - 11.0, x0 + w, spot.y + 3.0]
        })
        .collect();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
            assert!(apart, "{a:?} and {b:?}");
        }
    }
    // A small drawing keeps every name.
    let small = abc();
    let all = [0, 1, 2, 3];
    let edges = small.edges(EdgeKinds::ALL, Some(&all));
    let hubs = hubs(&small, EdgeKinds::ALL, &all);
    let degrees = drawn_degrees(&edges, &hubs);
    let placed = place(&all, &edges, &hubs, (900.0, 560.0));
    let named = named(&all, &degrees);
    let (people, kept_hubs_small) = readable_labels(
        &small,
        &placed,
        &degrees,
        &named,
        &hubs,
        &named_hubs(&hubs),
        900.0,
    );
    assert_eq!(people, named);
    assert_eq!(kept_hubs_small.len(), hubs.len());
    assert!(kept.len() <= 1, "one hub at most");
}
