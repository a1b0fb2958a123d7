//! The table of the bundled dataset: UC Berkeley's people and credits, the "OSDI and NSDI since
//! 2020" question, and every score matching the publication list it links to.

use super::super::*;
use crate::lang::EN;
use crate::model::OpeningKind;
use crate::search::params::{Credit, OrgParams};
use crate::search::{PubParams, PublicationIndex};

use crate::model::bundled::loaded as bundled;

fn osdi_nsdi_since_2020(credit: Credit) -> OrgParams {
    let mut p = OrgParams::from_pairs([("rvenue", "osdi,nsdi"), ("rfrom", "2020")]);
    p.selection.credit = credit;
    p
}

#[test]
fn uc_berkeley_has_its_people_now_and_before() {
    let t = OrgTable::build(&bundled().dataset);
    let berkeley = t.position("uc-berkeley").unwrap();
    let org = &t.orgs[berkeley];
    assert_eq!(org.label(), "UC Berkeley");
    let who = |now: bool| -> Vec<&str> {
        (org.members.iter())
            .filter(|m| m.now == now)
            .map(|m| t.people[m.person as usize].id.as_str())
            .collect()
    };
    assert_eq!(who(true), ["michael-luo"]);
    assert_eq!(who(false), ["frank-sifei-luan"]);
    let frank = org.members.iter().find(|m| !m.now).unwrap();
    assert_eq!(frank.years(&EN).as_deref(), Some("2020–2024"));
    let (now, before) = t.stage_counts(berkeley);
    assert_eq!(
        page::stages_line(&now, &EN).as_deref(),
        Some("1 PhD student")
    );
    assert_eq!(
        page::stages_line(&before, &EN).as_deref(),
        Some("1 in industry")
    );
}

#[test]
fn every_paper_is_credited_and_berkeley_leads_the_plain_count() {
    let t = OrgTable::build(&bundled().dataset);
    let scores = t.scores(&Default::default());
    assert_eq!(
        scores.counted, 43,
        "every bundled paper has a credited author"
    );
    let share: f64 = scores.share.iter().sum();
    assert!((share - 43.0).abs() < 1e-3, "{share}");
    let ranking = t.rank(&OrgParams::default());
    let first = &ranking.rows[0];
    assert_eq!(t.orgs[first.org as usize].id, "uc-berkeley");
    assert_eq!((first.rank, first.papers), (1, 23));
    assert!((first.share - 12.1667).abs() < 1e-3, "{}", first.share);
}

#[test]
fn osdi_and_nsdi_since_2020_rank_edinburgh_first() {
    let t = OrgTable::build(&bundled().dataset);
    let row = |credit| -> Vec<(String, u32, u32, f64)> {
        let p = t.sanitize(&osdi_nsdi_since_2020(credit));
        (t.rank(&p).rows.iter())
            .filter(|r| r.papers > 0)
            .map(|r| (t.orgs[r.org as usize].id.clone(), r.rank, r.papers, r.share))
            .collect()
    };
    let count = row(Credit::Count);
    let ids: Vec<&str> = count.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(ids[..2], ["edinburgh", "uc-berkeley"]);
    assert_eq!((count[0].1, count[0].2), (1, 3));
    assert_eq!((count[1].1, count[1].2), (2, 2));
    // Anyscale, Google DeepMind, UPenn and Wayo have one paper each: one shared rank, by name.
    assert!(count[2..].iter().all(|r| r.1 == 3 && r.2 == 1), "{count:?}");
    let fractional = row(Credit::Fractional);
    let berkeley = fractional.iter().find(|r| r.0 == "uc-berkeley").unwrap();
    assert!(
        (berkeley.3 - 1.0).abs() < 1e-6,
        "SkyPilot 1/2, Ownership 1/2"
    );
    let upenn = fractional.iter().find(|r| r.0 == "upenn").unwrap();
    assert_eq!(upenn.1, 2, "ties with UC Berkeley at 1.00");
}

#[test]
fn every_score_is_the_publication_list_it_links_to() {
    let d = bundled().dataset;
    let t = OrgTable::build(&d);
    let ix = PublicationIndex::new(&d);
    let all = ix.scope_all();
    for params in [
        OrgParams::default(),
        osdi_nsdi_since_2020(Credit::Count),
        OrgParams::from_pairs([
            ("rtopic", "llm-serving"),
            ("rvenue", "neurips"),
            ("rto", "2024"),
        ]),
    ] {
        let params = t.sanitize(&params);
        for row in t.rank(&params).rows {
            let org = &t.orgs[row.org as usize];
            let list: PubParams = params.selection.publications(&org.id);
            let shown = ix.list(&all, &ix.sanitize(&list)).shown;
            assert_eq!(shown, row.papers as usize, "{} {params:?}", org.id);
        }
    }
}

#[test]
fn an_organization_page_has_its_output_and_standing() {
    let t = OrgTable::build(&bundled().dataset);
    let berkeley = t.position("uc-berkeley").unwrap();
    let s = t.summary(berkeley, &EN);
    assert_eq!(s.activity.total(), 23);
    assert_eq!(s.venues.iter().map(|v| v.count).sum::<u32>(), 23);
    assert!(s.venues.iter().any(|v| v.label == "NSDI"));
    let p = t.sanitize(&osdi_nsdi_since_2020(Credit::Count));
    let standing = t.standing(berkeley, &p).unwrap();
    assert_eq!(
        (standing.rank, standing.papers, standing.filtered),
        (2, 2, true)
    );
    // Filtered out by country: its rank among all organizations instead.
    let mut gb = p.clone();
    gb.countries.insert("GB".into());
    let standing = t.standing(berkeley, &gb).unwrap();
    assert_eq!((standing.rank, standing.filtered), (2, false));
}

#[test]
fn a_selection_is_described_in_words() {
    let t = OrgTable::build(&bundled().dataset);
    let p = osdi_nsdi_since_2020(Credit::Count);
    assert_eq!(
        t.describe(&p.selection, &EN),
        "Ranked by the number of papers at NSDI or OSDI since 2020."
    );
    let p = OrgParams::from_pairs([
        ("rtopic", "llm-serving"),
        ("rfrom", "2024"),
        ("rto", "2024"),
        ("credit", "fractional"),
    ]);
    assert_eq!(
        t.describe(&p.selection, &EN),
        "Ranked by fractional credit for papers on LLM serving in 2024."
    );
    assert_eq!(
        t.describe(&Default::default(), &EN),
        "Ranked by the number of papers at any venue in any year."
    );
    let options = t.selection_options(&p.selection);
    let llm = options
        .topics
        .iter()
        .find(|v| v.id == "llm-serving")
        .unwrap();
    assert!(llm.selected && llm.count > 0);
    assert!(options.venues.iter().all(|v| !v.selected && v.count > 0));
    let every = t.selection_options(&Default::default());
    let found = rank::matching(&every.venues, "nsd");
    assert_eq!(
        found.iter().map(|v| v.label.as_str()).collect::<Vec<_>>(),
        ["NSDI"]
    );
}

#[test]
fn who_is_taking_phd_students_is_counted_where_they_are_now() {
    let t = OrgTable::build(&bundled().dataset);
    let at = |id: &str| t.taking_phd(t.position(id).unwrap());
    assert_eq!(
        at("edinburgh"),
        1,
        "Luo Mai takes PhD students and postdocs"
    );
    assert_eq!(at("uc-berkeley"), 0);
    let mai = t.people.iter().find(|p| p.id == "luo-mai").unwrap();
    assert_eq!(mai.openings, [OpeningKind::Phd, OpeningKind::Postdoc]);
}
