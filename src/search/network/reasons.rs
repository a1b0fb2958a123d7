//! Why two people are linked: the records joining a pair ([`Network::reasons_between`]), worded
//! from the dataset's own facts, and the person–person edges a drawing shows
//! ([`Network::edges`]), each with its weight and every reason.

use std::collections::BTreeMap;

use super::walk::other_end;
use super::{Edge, EdgeKind, EdgeKinds, GroupKind, Network, Reason, Via};
use crate::lang::{Catalogue, fill};

impl Network {
    /// Person–person edges among `among` (`None`: everyone) for the kinds asked for, sorted by
    /// `(a, b)`. A group contributes every pair of its members that are both among them.
    ///
    /// That is quadratic in group size: fine for the few hundred people a drawing shows, or for
    /// a small directory with `None`; with thousands of members in one organization, pass the
    /// people on screen (e.g. a [`Self::neighbourhood`]).
    pub fn edges(&self, kinds: EdgeKinds, among: Option<&[u32]>) -> Vec<Edge> {
        let n = self.people.len();
        let inside: Vec<bool> = match among {
            None => vec![true; n],
            Some(list) => {
                let mut inside = vec![false; n];
                for &p in list.iter().filter(|&&p| (p as usize) < n) {
                    inside[p as usize] = true;
                }
                inside
            }
        };
        let is_in = |p: u32| inside[p as usize];
        let mut pairs: BTreeMap<(u32, u32), Links> = BTreeMap::new();
        if kinds.coauthor {
            for (i, e) in self.coauthors.iter().enumerate() {
                if is_in(e.a) && is_in(e.b) {
                    pairs.entry((e.a, e.b)).or_default().coauthor = Some(i as u32);
                }
            }
        }
        if kinds.advisor {
            for (i, e) in self.advised.iter().enumerate() {
                if e.advisor != e.student && is_in(e.advisor) && is_in(e.student) {
                    let key = ordered(e.advisor, e.student);
                    pairs.entry(key).or_default().advised.push(i as u32);
                }
            }
        }
        for (g, group) in self.groups.iter().enumerate() {
            if !kinds.allows(group.kind.into()) {
                continue;
            }
            let members: Vec<u32> = (group.members.iter())
                .map(|m| m.person)
                .filter(|&p| is_in(p))
                .collect();
            for (i, &a) in members.iter().enumerate() {
                for &b in &members[i + 1..] {
                    pairs
                        .entry(ordered(a, b))
                        .or_default()
                        .groups
                        .push(g as u32);
                }
            }
        }
        pairs
            .into_iter()
            .map(|((a, b), links)| Edge {
                a,
                b,
                weight: self.weight(&links),
                reasons: self.reasons(&links),
            })
            .collect()
    }

    /// Everything linking `a` and `b` directly under `kinds`; empty when they are not adjacent.
    pub fn reasons_between(&self, a: u32, b: u32, kinds: EdgeKinds) -> Vec<Reason> {
        self.reasons(&self.links_between(a, b, kinds))
    }

    /// The records linking `a` and `b` directly under `kinds`.
    fn links_between(&self, a: u32, b: u32, kinds: EdgeKinds) -> Links {
        let n = self.people.len() as u32;
        let mut links = Links::default();
        if a == b || a >= n || b >= n {
            return links;
        }
        let adjacency = self.adjacency();
        let (lo, hi) = ordered(a, b);
        if kinds.coauthor {
            links.coauthor = (self.coauthors)
                .binary_search_by_key(&(lo, hi), |e| (e.a, e.b))
                .ok()
                .map(|i| i as u32);
        }
        if kinds.advisor {
            links.advised = (adjacency.advised[a as usize].iter().copied())
                .filter(|&e| other_end(&self.advised[e as usize], a) == b)
                .collect();
        }
        let of_b = &adjacency.groups[b as usize];
        links.groups = (adjacency.groups[a as usize].iter().copied())
            .filter(|g| of_b.binary_search(g).is_ok())
            .filter(|&g| kinds.allows(self.groups[g as usize].kind.into()))
            .collect();
        links
    }

    /// Shared papers, plus one per advising link and shared group.
    fn weight(&self, links: &Links) -> u32 {
        let papers = links
            .coauthor
            .map_or(0, |e| self.coauthors[e as usize].papers.len());
        (papers + links.advised.len() + links.groups.len()) as u32
    }

    /// The reasons for `links`: papers, advising, shared advisors, shared organizations.
    fn reasons(&self, links: &Links) -> Vec<Reason> {
        let mut out = Vec::new();
        if let Some(e) = links.coauthor {
            for &paper in &self.coauthors[e as usize].papers {
                out.push(Reason {
                    kind: EdgeKind::Coauthor,
                    via: Via::Paper(paper),
                });
            }
        }
        for &e in &links.advised {
            out.push(Reason {
                kind: EdgeKind::Advisor,
                via: Via::Advised(e),
            });
        }
        // Groups are stored advisors first, so this keeps advisors before organizations.
        for &g in &links.groups {
            out.push(Reason {
                kind: self.groups[g as usize].kind.into(),
                via: Via::Group(g),
            });
        }
        out
    }
}

impl Reason {
    /// The sentence in `t`'s language, from the record of `net` it rests on:
    /// `"co-authored SkyPilot (NSDI 2023)"`, `"Ann advised Ben (PhD)"`, `"both advised by Ann"`,
    /// `"both at UC Berkeley"`; empty for a record `net` lacks.
    pub fn text(&self, net: &Network, t: &Catalogue) -> String {
        let n = t.network_text();
        let name = |p: u32| net.names.get(p as usize).map_or("", String::as_str);
        match self.via {
            Via::Paper(i) => net.papers.get(i as usize).map_or_else(String::new, |p| {
                let year = t.lang.year(i64::from(p.year));
                let when = match &p.venue {
                    Some(venue) => fill(n.venue_year(), &[("venue", venue), ("year", &year)]),
                    None => year,
                };
                fill(
                    n.coauthored(),
                    &[("title", &p.short_title), ("when", &when)],
                )
            }),
            Via::Advised(e) => net
                .advised
                .get(e as usize)
                .map_or_else(String::new, |edge| {
                    let people = [
                        ("advisor", name(edge.advisor)),
                        ("student", name(edge.student)),
                    ];
                    match &edge.role {
                        Some(role) => {
                            let mut args = people.to_vec();
                            args.push(("role", role));
                            fill(n.advised_as(), &args)
                        }
                        None => fill(n.advised(), &people),
                    }
                }),
            Via::Group(g) => net
                .groups
                .get(g as usize)
                .map_or_else(String::new, |group| {
                    let template = match group.kind {
                        GroupKind::Advisor => n.both_advised_by(),
                        GroupKind::Organization => n.both_at(),
                    };
                    fill(template, &[("name", &group.label)])
                }),
        }
    }
}

/// The records that link one pair of people.
#[derive(Debug, Default)]
struct Links {
    /// Their co-author edge, as a position in [`Network::coauthors`].
    coauthor: Option<u32>,
    /// Advising links, as positions in [`Network::advised`].
    advised: Vec<u32>,
    /// Shared groups, as sorted positions in [`Network::groups`].
    groups: Vec<u32>,
}

/// `(a, b)` with the lower first.
pub(super) fn ordered(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}
