//! Tests of the publication lists' URL state: the chips' toggles, and the organization and topic
//! keys.

use super::super::publications::*;

#[test]
fn toggling_twice_restores_the_params() {
    let start = PubParams {
        year_from: Some(2019),
        year_to: Some(2024),
        ..PubParams::default()
    };
    type Toggle = fn(&mut PubParams, &str);
    let toggles: [(&str, Toggle); 3] = [
        ("journal", PubParams::toggle_kind),
        ("osdi", PubParams::toggle_venue),
        ("2021", PubParams::toggle_year),
    ];
    for (value, toggle) in toggles {
        let mut p = start.clone();
        toggle(&mut p, value);
        assert_ne!(p, start, "{value} selects");
        toggle(&mut p, value);
        if value == "2021" {
            assert_eq!(
                (p.year_from, p.year_to),
                (None, None),
                "a second click lifts the years"
            );
        } else {
            assert_eq!(p, start, "{value} deselects");
        }
    }
}

#[test]
fn toggles_select_what_they_name() {
    let mut p = PubParams::default();
    p.toggle_kind("journal");
    p.toggle_kind("no-such-type");
    p.toggle_venue("osdi");
    p.toggle_year(" 2021 ");
    assert_eq!(p.kinds.len(), 1);
    assert!(p.venues.contains("osdi"));
    assert_eq!((p.year_from, p.year_to), (Some(2021), Some(2021)));
    p.toggle_year("not a year");
    assert_eq!((p.year_from, p.year_to), (None, None));
}

#[test]
fn topics_and_organization_round_trip() {
    let p = PubParams::from_pairs([
        ("porg", " uc-berkeley "),
        ("ptopic", "b,a"),
        ("pvenue", "nsdi"),
        ("porg", ""),
    ]);
    assert_eq!(
        p.org.as_deref(),
        Some("uc-berkeley"),
        "an empty value changes nothing"
    );
    let pairs = p.to_pairs();
    let keys: Vec<&str> = pairs.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, ["pvenue", "ptopic", "porg"]);
    assert_eq!(pairs[1].1, "a,b");
    let back = PubParams::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
    assert_eq!(back, p);
    assert_eq!(p.filter_count(), 4);
    assert!(PUB_KEYS.contains(&"porg") && PUB_KEYS.contains(&"ptopic"));
}
