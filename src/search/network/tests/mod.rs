//! Tests of the network: `bundled` asks the bundled dataset, `built` small datasets built for
//! one question each, `drawing` what a drawing shows. The helpers here are shared by all three.

use serde_json::{Value, json};

use super::{Group, Network, Reason, Step};
use crate::lang::EN;
use crate::model::Dataset;

mod built;
mod bundled;
pub(crate) mod drawing;

/// The network of the bundled dataset.
pub(crate) fn bundled() -> Network {
    let dir = crate::model::bundled::loaded();
    Network::build(&dir.dataset)
}

/// The person number of `id`, which must be in the network.
fn person(net: &Network, id: &str) -> u32 {
    net.position(id)
        .unwrap_or_else(|| panic!("{id} is in the network"))
}

/// The sentences of `reasons`, in English, as `net` words them.
fn texts(net: &Network, reasons: &[Reason]) -> Vec<String> {
    reasons.iter().map(|r| r.text(net, &EN)).collect()
}

/// Each step as (from id, to id, reason texts).
fn chain(net: &Network, steps: &[Step]) -> Vec<(String, String, Vec<String>)> {
    (steps.iter())
        .map(|s| {
            (
                net.people[s.from as usize].clone(),
                net.people[s.to as usize].clone(),
                s.reasons.iter().map(|r| r.text(net, &EN)).collect(),
            )
        })
        .collect()
}

/// The group labelled `label`.
fn group<'a>(net: &'a Network, label: &str) -> &'a Group {
    (net.groups.iter())
        .find(|g| g.label == label)
        .unwrap_or_else(|| panic!("a group {label:?} in {:?}", net.groups))
}

/// The role of `id` in group `g`.
fn role(net: &Network, g: &Group, id: &str) -> String {
    let p = person(net, id);
    (g.members.iter())
        .find(|m| m.person == p)
        .unwrap_or_else(|| panic!("{id} is a member of {}", g.label))
        .role
        .clone()
}

/// A researcher record with `extra` fields.
fn researcher(id: &str, name: &str, extra: Value) -> Value {
    let mut r = json!({
        "id": id, "name": name, "career_stage": "faculty",
        "summary": "s", "sources": [{"document": "test"}]
    });
    r.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    r
}

/// A publication by the directory members `authors` (and one outsider).
fn paper(id: &str, title: &str, year: u16, authors: &[&str]) -> Value {
    let mut list: Vec<Value> = (authors.iter())
        .map(|a| json!({"name": a.to_uppercase(), "researcher": a}))
        .collect();
    list.push(json!({"name": "Someone Else"}));
    json!({"id": id, "title": title, "authors": list, "type": "conference", "venue": "v", "year": year})
}

/// A dataset of `researchers` and `publications`, with two organizations and one venue.
fn dataset(researchers: Vec<Value>, publications: Vec<Value>) -> Dataset {
    serde_json::from_value(json!({
        "schema_version": 1,
        "organizations": [
            {"id": "org-x", "name": "Org X University", "short_name": "X", "kind": "university"},
            {"id": "org-y", "name": "Org Y", "kind": "company"}
        ],
        "venues": [{"id": "v", "short_name": "VC", "name": "Venue Conference", "kind": "conference"}],
        "researchers": researchers,
        "publications": publications
    }))
    .expect("the test dataset deserializes")
}

/// A co-authors with B; B and C both at Org X (a job and a degree); D alone.
fn abc() -> Network {
    Network::build(&dataset(
        vec![
            researcher("a", "Ann", json!({})),
            researcher(
                "b",
                "Ben",
                json!({
                    "positions": [{"organization": "org-x", "title": "Engineer", "start": "2019"}]
                }),
            ),
            researcher(
                "c",
                "Cat",
                json!({
                    "education": [{"organization": "org-x", "degree": "PhD", "end": "2020"}]
                }),
            ),
            researcher("d", "Dan", json!({"organization": "org-y"})),
        ],
        vec![
            paper("p1", "Alpha: A Study", 2020, &["a", "b"]),
            paper("p2", "Solo", 2021, &["c"]),
            paper("p3", "Twice listed", 2022, &["d", "d"]),
        ],
    ))
}
