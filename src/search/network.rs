//! Who is connected to whom: co-authorship, shared advisors, shared organizations, advising.
//!
//! The build step turns the whole dataset into one [`Network`] (`data/network.bin`, postcard) so
//! the Connections and Compare pages never parse the authoring file. People are numbered in
//! dataset order. Co-authorship and advising are person–person edges; shared advisors and shared
//! organizations are kept *bipartite* — a [`Group`] and its members — because an organization
//! may have thousands of members, and the pairs of its members would be millions of edges.
//!
//! The questions ([`Network::shortest_path`], [`Network::neighbourhood`],
//! [`Network::degrees`]) walk that bipartite structure and enter each group once, so they stay
//! linear in the size of the network. Only [`Network::edges`] lists member pairs, which is what a
//! drawing needs: ask it for the few hundred people on screen, not for a whole big directory.
//!
//! Every explanation ([`Reason`]) is assembled from the dataset's own words — a paper's title,
//! venue and year, an advisor's name and role, an organization's name, a degree or job title and
//! its years — and never from anything the data does not say.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::text::tokenize;
use crate::model::{Dataset, EndDate, PartialDate};

/// Version of the network file format; a file of another version is refused with a clear message.
pub const NETWORK_FORMAT: u32 = 1;

/// Path of the network file, relative to the site's base URL.
pub const PATH: &str = "data/network.bin";

/// The first bytes of a network file, so a host's HTML error page is not mistaken for one.
pub const MAGIC: &[u8] = b"ATLASNET\x00";

/// The connections among the directory's researchers, built once from the whole dataset.
///
/// The fields are the file's contents; treat them as read-only once built or decoded (the
/// questions keep a lookup derived from them on first use).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Network {
    /// [`NETWORK_FORMAT`] of the writer.
    pub format: u32,
    /// Researcher ids in dataset order; the position is the person number used everywhere else.
    pub people: Vec<String>,
    /// Their names, in the same order.
    pub names: Vec<String>,
    /// The publications with at least two directory authors.
    pub papers: Vec<SharedPaper>,
    /// Co-author pairs, sorted by `(a, b)`.
    pub coauthors: Vec<CoauthorEdge>,
    /// Shared advisors and shared organizations with at least two members, advisors first.
    pub groups: Vec<Group>,
    /// Advisor → student links where the advisor is in the directory, sorted.
    pub advised: Vec<AdvisedEdge>,
    /// Per-person adjacency, derived on first use (not part of the file).
    #[serde(skip)]
    lookup: Lookup,
}

/// A publication that links two or more directory members.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SharedPaper {
    /// The publication's id.
    pub id: String,
    /// The full title.
    pub title: String,
    /// The title up to its first `:` when it has one (`"SkyPilot"`), else the whole title.
    /// Derived from `title` on decoding rather than stored: a fifth of a big directory's file.
    #[serde(skip)]
    pub short_title: String,
    /// The venue's short name, e.g. `"NSDI"`, when the venue is in the vocabulary.
    pub venue: Option<String>,
    /// The year of publication.
    pub year: u16,
}

/// Two directory members who co-authored at least one paper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoauthorEdge {
    /// The lower person number.
    pub a: u32,
    /// The higher person number.
    pub b: u32,
    /// Their shared papers, as sorted positions in [`Network::papers`].
    pub papers: Vec<u32>,
}

/// What the members of a [`Group`] share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GroupKind {
    /// They were advised by the same person.
    Advisor,
    /// They studied or worked at the same organization (at any time).
    Organization,
}

/// People who share an advisor or an organization.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Group {
    /// Shared advisor or shared organization.
    pub kind: GroupKind,
    /// The advisor's researcher id, or their folded name when they have none; or the org's id.
    pub key: String,
    /// What to call the group: the advisor's name, or the organization's short name or name.
    pub label: String,
    /// For an advisor who is in the directory, their person number.
    pub advisor: Option<u32>,
    /// The members, sorted by person number.
    pub members: Vec<Member>,
}

/// One member of a [`Group`] and what they did there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    /// The person number.
    pub person: u32,
    /// Their part, as the dataset gives it: `"PhD advisee"`, or for an organization each degree
    /// and job there with its years, e.g. `"Ph.D. in Computer Science, 2020–2024; Research Intern, 2023"`.
    pub role: String,
}

/// An advisor in the directory and someone they advised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvisedEdge {
    /// The advisor's person number.
    pub advisor: u32,
    /// The student's person number.
    pub student: u32,
    /// The stage the advice was for, e.g. `"PhD"`; several are joined with `", "`.
    pub role: Option<String>,
}

/// Which kinds of connection a question uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EdgeKinds {
    /// Co-authored papers.
    pub coauthor: bool,
    /// Shared advisors, and advising itself.
    pub advisor: bool,
    /// Shared organizations.
    pub organization: bool,
}

impl EdgeKinds {
    /// Every kind of connection.
    pub const ALL: Self = Self {
        coauthor: true,
        advisor: true,
        organization: true,
    };

    /// No connection at all.
    pub const NONE: Self = Self {
        coauthor: false,
        advisor: false,
        organization: false,
    };

    /// True when `kind` is one of the kinds asked for.
    pub fn allows(self, kind: EdgeKind) -> bool {
        match kind {
            EdgeKind::Coauthor => self.coauthor,
            EdgeKind::Advisor => self.advisor,
            EdgeKind::Organization => self.organization,
        }
    }
}

impl Default for EdgeKinds {
    fn default() -> Self {
        Self::ALL
    }
}

/// The kind of one reason two people are linked, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EdgeKind {
    /// A co-authored paper.
    Coauthor,
    /// A shared advisor, or one advised the other.
    Advisor,
    /// A shared organization.
    Organization,
}

impl From<GroupKind> for EdgeKind {
    fn from(kind: GroupKind) -> Self {
        match kind {
            GroupKind::Advisor => Self::Advisor,
            GroupKind::Organization => Self::Organization,
        }
    }
}

/// One person–person edge for display, with every reason that links the two.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge {
    /// The lower person number.
    pub a: u32,
    /// The higher person number.
    pub b: u32,
    /// Shared papers, plus one per shared advisor, shared organization and advising link.
    pub weight: u32,
    /// Why they are linked, co-authorship first.
    pub reasons: Vec<Reason>,
}

/// One fact linking two people, worded for display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// What kind of link it is.
    pub kind: EdgeKind,
    /// The sentence, e.g. `"co-authored SkyPilot (NSDI 2023)"` or `"both at UC Berkeley"`.
    pub text: String,
    /// The record the sentence comes from, so a view can link to it.
    pub via: Via,
}

/// The record a [`Reason`] rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Via {
    /// A position in [`Network::papers`].
    Paper(u32),
    /// A position in [`Network::groups`].
    Group(u32),
    /// A position in [`Network::advised`].
    Advised(u32),
}

/// One hop of a chain between two people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The person the hop starts at.
    pub from: u32,
    /// The person it reaches.
    pub to: u32,
    /// Everything linking the two, under the kinds asked for.
    pub reasons: Vec<Reason>,
}

/// Marks a person nobody reached yet in a breadth-first search.
const UNREACHED: u32 = u32::MAX;

impl Network {
    /// Builds the network of `dataset`'s researchers.
    ///
    /// Authors, advisors and members are matched by researcher id; ids that name nobody in the
    /// directory are left out. Advisors without an id are matched by folded name, so two people
    /// who both name "Ion Stoica" share one group.
    pub fn build(dataset: &Dataset) -> Self {
        let people: Vec<String> = (dataset.researchers.iter())
            .map(|r| r.id.0.clone())
            .collect();
        let names: Vec<String> = (dataset.researchers.iter())
            .map(|r| r.name.clone())
            .collect();
        let position: HashMap<&str, u32> = (people.iter().enumerate())
            .map(|(i, id)| (id.as_str(), i as u32))
            .collect();
        let (papers, coauthors) = shared_papers(dataset, &position);
        let (mut groups, advised) = advisor_groups(dataset, &position, &names);
        groups.extend(organization_groups(dataset));
        Self {
            format: NETWORK_FORMAT,
            people,
            names,
            papers,
            coauthors,
            groups,
            advised,
            lookup: Lookup::default(),
        }
    }

    /// Encodes the network: [`MAGIC`], then postcard.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(postcard::to_allocvec(self).expect("a network always encodes"));
        bytes
    }

    /// Decodes a file written by [`Self::to_bytes`], refusing anything else, other format
    /// versions, and numbers that point outside the file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body = bytes.strip_prefix(MAGIC).ok_or(
            "not a network file (it does not start with the Research Atlas network header)",
        )?;
        // The version comes first, so a file of another version is named as such.
        let (format, _): (u32, _) =
            postcard::take_from_bytes(body).map_err(|e| format!("not a network file: {e}"))?;
        if format != NETWORK_FORMAT {
            return Err(format!(
                "network format {format}, this app reads {NETWORK_FORMAT}: rebuild the data (cargo xtask build-data)"
            ));
        }
        let mut network: Self =
            postcard::from_bytes(body).map_err(|e| format!("not a network file: {e}"))?;
        for p in &mut network.papers {
            p.short_title = short_title(&p.title);
        }
        network
            .check()
            .map_err(|e| format!("broken network file: {e}"))?;
        Ok(network)
    }

    /// The person number of the researcher with `id`.
    pub fn position(&self, id: &str) -> Option<u32> {
        self.people.iter().position(|p| p == id).map(|i| i as u32)
    }

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

    /// The shortest chain from `from` to `to` (fewest hops) under `kinds`; `None` when they are
    /// not connected (or a number is out of range), `Some(vec![])` when `from == to`.
    ///
    /// Among equally short chains it takes, hop by hop from `from`, the hop with the strongest
    /// link (co-authorship, then advisor, then organization), then the heaviest, then the lowest
    /// person number — so the answer is deterministic, though `to → from` may take another
    /// chain of the same length. Each step carries all reasons linking its two people.
    pub fn shortest_path(&self, from: u32, to: u32, kinds: EdgeKinds) -> Option<Vec<Step>> {
        let n = self.people.len() as u32;
        if from >= n || to >= n {
            return None;
        }
        if from == to {
            return Some(Vec::new());
        }
        // Distances to `to`; every person nearer to it than `from` is settled once `from` is reached.
        let search = self.rings(to, kinds, |s| s.dist[from as usize] != UNREACHED);
        let mut left = search.dist[from as usize];
        if left == UNREACHED {
            return None;
        }
        let mut steps = Vec::with_capacity(left as usize);
        let mut here = from;
        while here != to {
            left -= 1;
            let next = self.best_hop(here, kinds, |p| search.dist[p as usize] == left)?;
            steps.push(Step {
                from: here,
                to: next,
                reasons: self.reasons_between(here, next, kinds),
            });
            here = next;
        }
        Some(steps)
    }

    /// Up to `max` people within `hops` of `center` under `kinds`: `center` first, then by
    /// distance; at the same distance the most strongly tied to the ring before first (the
    /// weight of their links to it), then by person number. Empty when `center` is out of range.
    pub fn neighbourhood(&self, center: u32, hops: u32, max: usize, kinds: EdgeKinds) -> Vec<u32> {
        if center as usize >= self.people.len() || max == 0 {
            return Vec::new();
        }
        let search = self.rings(center, kinds, |s| {
            s.rings.len() as u64 > u64::from(hops)
                || s.rings.iter().map(Vec::len).sum::<usize>() >= max
        });
        let mut out = Vec::with_capacity(max);
        for mut ring in search.rings {
            ring.sort_unstable_by_key(|&p| (Reverse(search.score[p as usize]), p));
            out.extend(ring.into_iter().take(max - out.len()));
            if out.len() == max {
                break;
            }
        }
        out
    }

    /// The number of distinct people each person is linked to under `kinds`, by person number.
    pub fn degrees(&self, kinds: EdgeKinds) -> Vec<u32> {
        let n = self.people.len();
        let adjacency = self.adjacency();
        let words = n.div_ceil(64);
        // A group bigger than a bit set is added as one (OR of words); a smaller one bit by bit.
        // Each person then costs at most a bit set per group, never a member pair per group.
        let dense: Vec<Option<Vec<u64>>> = (self.groups.iter())
            .map(|g| {
                (kinds.allows(g.kind.into()) && g.members.len() > words).then(|| {
                    let mut set = vec![0u64; words];
                    for m in &g.members {
                        set_bit(&mut set, m.person);
                    }
                    set
                })
            })
            .collect();
        let mut seen = vec![0u64; words];
        (0..n)
            .map(|p| {
                seen.fill(0);
                if kinds.coauthor {
                    for &(other, _) in &adjacency.coauthors[p] {
                        set_bit(&mut seen, other);
                    }
                }
                if kinds.advisor {
                    for &e in &adjacency.advised[p] {
                        let e = &self.advised[e as usize];
                        set_bit(&mut seen, e.advisor);
                        set_bit(&mut seen, e.student);
                    }
                }
                for &g in &adjacency.groups[p] {
                    let group = &self.groups[g as usize];
                    if !kinds.allows(group.kind.into()) {
                        continue;
                    }
                    match &dense[g as usize] {
                        Some(set) => seen.iter_mut().zip(set).for_each(|(s, g)| *s |= g),
                        None => group
                            .members
                            .iter()
                            .for_each(|m| set_bit(&mut seen, m.person)),
                    }
                }
                seen[p / 64] &= !(1 << (p % 64));
                seen.iter().map(|w| w.count_ones()).sum()
            })
            .collect()
    }

    /// The per-person lookup, derived from the fields on first use.
    fn adjacency(&self) -> &Adjacency {
        self.lookup.0.get_or_init(|| Adjacency::new(self))
    }

    /// Breadth-first search from `start`, one ring of equal distance at a time, until `enough`
    /// says so (checked before each ring is expanded) or nobody new is reached. Each group is
    /// entered once, from the first ring that holds one of its members.
    fn rings(&self, start: u32, kinds: EdgeKinds, enough: impl Fn(&Rings) -> bool) -> Rings {
        let n = self.people.len();
        let adjacency = self.adjacency();
        let mut search = Rings {
            dist: vec![UNREACHED; n],
            score: vec![0; n],
            rings: vec![vec![start]],
        };
        search.dist[start as usize] = 0;
        let mut entered = vec![false; self.groups.len()];
        while !enough(&search) {
            let d = search.rings.len() as u32;
            let mut next = Vec::new();
            // Reaches `p` at distance `d` through a link of `weight`.
            let mut reach = |s: &mut Rings, p: u32, weight: u32| {
                let p = p as usize;
                if s.dist[p] == UNREACHED {
                    s.dist[p] = d;
                    next.push(p as u32);
                }
                if s.dist[p] == d {
                    s.score[p] += weight;
                }
            };
            let ring = std::mem::take(search.rings.last_mut().expect("the start ring"));
            for &p in &ring {
                let p = p as usize;
                if kinds.coauthor {
                    for &(other, e) in &adjacency.coauthors[p] {
                        let weight = self.coauthors[e as usize].papers.len() as u32;
                        reach(&mut search, other, weight);
                    }
                }
                if kinds.advisor {
                    for &e in &adjacency.advised[p] {
                        let e = &self.advised[e as usize];
                        reach(&mut search, other_end(e, p as u32), 1);
                    }
                }
                for &g in &adjacency.groups[p] {
                    let group = &self.groups[g as usize];
                    if entered[g as usize] || !kinds.allows(group.kind.into()) {
                        continue;
                    }
                    entered[g as usize] = true;
                    for m in &group.members {
                        reach(&mut search, m.person, 1);
                    }
                }
            }
            *search.rings.last_mut().expect("the start ring") = ring;
            if next.is_empty() {
                break;
            }
            search.rings.push(next);
        }
        search
    }

    /// The best next hop from `here` among the people `on_path` accepts: strongest link kind,
    /// then heaviest, then lowest person number.
    fn best_hop(&self, here: u32, kinds: EdgeKinds, on_path: impl Fn(u32) -> bool) -> Option<u32> {
        let adjacency = self.adjacency();
        let p = here as usize;
        // Candidate → (strongest kind, weight of the links to it).
        let mut candidates: HashMap<u32, (EdgeKind, u32)> = HashMap::new();
        let mut offer = |other: u32, kind: EdgeKind, weight: u32| {
            if other != here && on_path(other) {
                let c = candidates.entry(other).or_insert((kind, 0));
                c.0 = c.0.min(kind);
                c.1 += weight;
            }
        };
        if kinds.coauthor {
            for &(other, e) in &adjacency.coauthors[p] {
                let weight = self.coauthors[e as usize].papers.len() as u32;
                offer(other, EdgeKind::Coauthor, weight);
            }
        }
        if kinds.advisor {
            for &e in &adjacency.advised[p] {
                offer(
                    other_end(&self.advised[e as usize], here),
                    EdgeKind::Advisor,
                    1,
                );
            }
        }
        for &g in &adjacency.groups[p] {
            let group = &self.groups[g as usize];
            if kinds.allows(group.kind.into()) {
                for m in &group.members {
                    offer(m.person, group.kind.into(), 1);
                }
            }
        }
        (candidates.into_iter())
            .min_by_key(|&(other, (kind, weight))| (kind, Reverse(weight), other))
            .map(|(other, _)| other)
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

    /// The sentences for `links`: papers, advising, shared advisors, shared organizations.
    fn reasons(&self, links: &Links) -> Vec<Reason> {
        let mut out = Vec::new();
        if let Some(e) = links.coauthor {
            for &paper in &self.coauthors[e as usize].papers {
                let p = &self.papers[paper as usize];
                let when = match &p.venue {
                    Some(venue) => format!("{venue} {}", p.year),
                    None => p.year.to_string(),
                };
                out.push(Reason {
                    kind: EdgeKind::Coauthor,
                    text: format!("co-authored {} ({when})", p.short_title),
                    via: Via::Paper(paper),
                });
            }
        }
        for &e in &links.advised {
            let edge = &self.advised[e as usize];
            let (advisor, student) = (
                &self.names[edge.advisor as usize],
                &self.names[edge.student as usize],
            );
            out.push(Reason {
                kind: EdgeKind::Advisor,
                text: match &edge.role {
                    Some(role) => format!("{advisor} advised {student} ({role})"),
                    None => format!("{advisor} advised {student}"),
                },
                via: Via::Advised(e),
            });
        }
        // Groups are stored advisors first, so this keeps advisors before organizations.
        for &g in &links.groups {
            let group = &self.groups[g as usize];
            out.push(Reason {
                kind: group.kind.into(),
                text: match group.kind {
                    GroupKind::Advisor => format!("both advised by {}", group.label),
                    GroupKind::Organization => format!("both at {}", group.label),
                },
                via: Via::Group(g),
            });
        }
        out
    }

    /// Checks that every number in the file points inside it and edges are in order.
    fn check(&self) -> Result<(), String> {
        let n = self.people.len() as u32;
        if self.names.len() != self.people.len() {
            return Err(format!(
                "{} people but {} names",
                self.people.len(),
                self.names.len()
            ));
        }
        let person = |p: u32, what: &str| {
            if p < n {
                Ok(())
            } else {
                Err(format!("{what} names person {p} of {n}"))
            }
        };
        for (i, e) in self.coauthors.iter().enumerate() {
            person(e.b, "a co-author edge")?;
            if e.a >= e.b {
                return Err(format!("co-author edge {i} is not a < b"));
            }
            if i > 0 && (self.coauthors[i - 1].a, self.coauthors[i - 1].b) >= (e.a, e.b) {
                return Err(format!("co-author edge {i} is out of order"));
            }
            if let Some(&p) = e.papers.iter().find(|&&p| p as usize >= self.papers.len()) {
                return Err(format!("co-author edge {i} names paper {p}"));
            }
        }
        for g in &self.groups {
            for m in &g.members {
                person(m.person, "a group")?;
            }
            if let Some(a) = g.advisor {
                person(a, "an advisor group")?;
            }
        }
        for e in &self.advised {
            person(e.advisor, "an advising edge")?;
            person(e.student, "an advising edge")?;
        }
        Ok(())
    }
}

/// The state of a breadth-first search over people.
struct Rings {
    /// Distance from the start per person; [`UNREACHED`] when not reached (yet).
    dist: Vec<u32>,
    /// Per person, the weight of their links to the ring before theirs (a group counts once).
    score: Vec<u32>,
    /// The people at distance 0, 1, 2, … in the order they were reached.
    rings: Vec<Vec<u32>>,
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

/// Each person's links, for walking the network without scanning it.
#[derive(Debug, Clone)]
struct Adjacency {
    /// Per person: (co-author, position in [`Network::coauthors`]).
    coauthors: Vec<Vec<(u32, u32)>>,
    /// Per person: positions in [`Network::advised`] of the links they are either end of.
    advised: Vec<Vec<u32>>,
    /// Per person: sorted positions in [`Network::groups`] of the groups they are a member of.
    groups: Vec<Vec<u32>>,
}

impl Adjacency {
    fn new(network: &Network) -> Self {
        let n = network.people.len();
        let mut adjacency = Self {
            coauthors: vec![Vec::new(); n],
            advised: vec![Vec::new(); n],
            groups: vec![Vec::new(); n],
        };
        for (i, e) in network.coauthors.iter().enumerate() {
            adjacency.coauthors[e.a as usize].push((e.b, i as u32));
            adjacency.coauthors[e.b as usize].push((e.a, i as u32));
        }
        for (i, e) in network.advised.iter().enumerate() {
            adjacency.advised[e.advisor as usize].push(i as u32);
            if e.student != e.advisor {
                adjacency.advised[e.student as usize].push(i as u32);
            }
        }
        for (g, group) in network.groups.iter().enumerate() {
            for m in &group.members {
                let mine = &mut adjacency.groups[m.person as usize];
                // Members are unique per group, but a file need not be.
                if mine.last() != Some(&(g as u32)) {
                    mine.push(g as u32);
                }
            }
        }
        adjacency
    }
}

/// The derived [`Adjacency`], which never takes part in comparisons or debug output.
#[derive(Clone, Default)]
struct Lookup(OnceLock<Adjacency>);

impl PartialEq for Lookup {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl fmt::Debug for Lookup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Lookup")
    }
}

/// `(a, b)` with the lower first.
fn ordered(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

/// The end of advising link `e` that is not `p`.
fn other_end(e: &AdvisedEdge, p: u32) -> u32 {
    if e.advisor == p { e.student } else { e.advisor }
}

fn set_bit(set: &mut [u64], p: u32) {
    set[p as usize / 64] |= 1 << (p % 64);
}

/// The publications with two or more directory authors, and the co-author edges they make.
fn shared_papers(
    dataset: &Dataset,
    position: &HashMap<&str, u32>,
) -> (Vec<SharedPaper>, Vec<CoauthorEdge>) {
    let venues: HashMap<&str, &str> = (dataset.venues.iter())
        .map(|v| (v.id.as_str(), v.short_name.as_str()))
        .collect();
    let mut papers = Vec::new();
    let mut pairs: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    for p in &dataset.publications {
        let mut authors: Vec<u32> = (p.authors.iter())
            .filter_map(|a| position.get(a.researcher.as_ref()?.as_str()).copied())
            .collect();
        authors.sort_unstable();
        authors.dedup();
        if authors.len() < 2 {
            continue;
        }
        let paper = papers.len() as u32;
        papers.push(SharedPaper {
            id: p.id.0.clone(),
            title: p.title.clone(),
            short_title: short_title(&p.title),
            venue: (p.venue.as_ref())
                .and_then(|v| venues.get(v.as_str()))
                .map(|v| v.to_string()),
            year: p.year,
        });
        for (i, &a) in authors.iter().enumerate() {
            for &b in &authors[i + 1..] {
                // Papers are numbered in order, so each list comes out sorted.
                pairs.entry((a, b)).or_default().push(paper);
            }
        }
    }
    let coauthors = (pairs.into_iter())
        .map(|((a, b), papers)| CoauthorEdge { a, b, papers })
        .collect();
    (papers, coauthors)
}

/// The title up to its first `:` (`"SkyPilot: An Intercloud Broker"` → `"SkyPilot"`).
fn short_title(title: &str) -> String {
    match title.split_once(':') {
        Some((head, _)) if !head.trim().is_empty() => head.trim().to_owned(),
        _ => title.trim().to_owned(),
    }
}

/// Who an advisor group is keyed by.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum AdvisorKey {
    /// The advisor's researcher id.
    Id(String),
    /// Their name, folded and with punctuation and spacing dropped (`"alexander l wolf"`).
    Name(String),
}

/// A group being collected: its label, advisor and each member's role parts.
struct DraftGroup {
    label: String,
    advisor: Option<u32>,
    members: BTreeMap<u32, Vec<String>>,
}

impl DraftGroup {
    fn new(label: String, advisor: Option<u32>) -> Self {
        Self {
            label,
            advisor,
            members: BTreeMap::new(),
        }
    }

    /// The group, when it has two members or more.
    fn finish(self, kind: GroupKind, key: String) -> Option<Group> {
        (self.members.len() >= 2).then(|| Group {
            kind,
            key,
            label: self.label,
            advisor: self.advisor,
            members: (self.members.into_iter())
                .map(|(person, parts)| Member {
                    person,
                    role: parts.join("; "),
                })
                .collect(),
        })
    }
}

/// Adds `item` to `list` unless it is there already.
fn push_new(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// Shared-advisor groups, and the advising links whose advisor is in the directory.
fn advisor_groups(
    dataset: &Dataset,
    position: &HashMap<&str, u32>,
    names: &[String],
) -> (Vec<Group>, Vec<AdvisedEdge>) {
    let mut drafts: BTreeMap<AdvisorKey, DraftGroup> = BTreeMap::new();
    let mut advised: BTreeMap<(u32, u32), Vec<String>> = BTreeMap::new();
    for (student, r) in dataset.researchers.iter().enumerate() {
        let student = student as u32;
        let advisors = (r.advisors.iter()).chain(r.education.iter().flat_map(|e| &e.advisors));
        for a in advisors {
            let in_directory = (a.researcher.as_ref()).and_then(|id| position.get(id.as_str()));
            let key = match &a.researcher {
                Some(id) => AdvisorKey::Id(id.0.clone()),
                None => {
                    let words: Vec<String> =
                        tokenize(&a.name).into_iter().map(|t| t.text).collect();
                    if words.is_empty() {
                        continue;
                    }
                    AdvisorKey::Name(words.join(" "))
                }
            };
            if in_directory == Some(&student) {
                continue;
            }
            let label = match in_directory {
                Some(&p) => names[p as usize].clone(),
                None => a.name.trim().to_owned(),
            };
            let draft = (drafts.entry(key))
                .or_insert_with(|| DraftGroup::new(label, in_directory.copied()));
            let role = match &a.role {
                Some(role) => format!("{role} advisee"),
                None => "advisee".to_owned(),
            };
            push_new(draft.members.entry(student).or_default(), role);
            if let Some(&advisor) = in_directory {
                let roles = advised.entry((advisor, student)).or_default();
                if let Some(role) = &a.role {
                    push_new(roles, role.clone());
                }
            }
        }
    }
    let groups = (drafts.into_iter())
        .filter_map(|(key, draft)| {
            let key = match key {
                AdvisorKey::Id(k) | AdvisorKey::Name(k) => k,
            };
            draft.finish(GroupKind::Advisor, key)
        })
        .collect();
    let advised = (advised.into_iter())
        .map(|((advisor, student), roles)| AdvisedEdge {
            advisor,
            student,
            role: (!roles.is_empty()).then(|| roles.join(", ")),
        })
        .collect();
    (groups, advised)
}

/// Shared-organization groups: everyone who studied or worked at an organization, or is there now.
fn organization_groups(dataset: &Dataset) -> Vec<Group> {
    let labels: HashMap<&str, &str> = (dataset.organizations.iter())
        .map(|o| (o.id.as_str(), o.label()))
        .collect();
    let mut drafts: BTreeMap<&str, DraftGroup> = BTreeMap::new();
    for (person, r) in dataset.researchers.iter().enumerate() {
        let person = person as u32;
        let entries = (r.education.iter())
            .map(|e| (&e.organization, with_years(&e.degree, e.start, e.end)))
            .chain(
                (r.positions.iter())
                    .map(|p| (&p.organization, with_years(&p.title, p.start, p.end))),
            );
        let mut mine: Vec<&str> = Vec::new();
        for (org, role) in entries {
            let org = org.as_str();
            let draft = drafts.entry(org).or_insert_with(|| {
                DraftGroup::new(labels.get(org).unwrap_or(&org).to_string(), None)
            });
            push_new(draft.members.entry(person).or_default(), role);
            mine.push(org);
        }
        // The current organization, when no degree or job there says more.
        if let Some(org) = r.organization.as_ref().map(|o| o.as_str())
            && !mine.contains(&org)
        {
            let draft = drafts.entry(org).or_insert_with(|| {
                DraftGroup::new(labels.get(org).unwrap_or(&org).to_string(), None)
            });
            let role = r
                .title
                .clone()
                .filter(|t| !t.trim().is_empty())
                .unwrap_or_else(|| "Current organization".to_owned());
            push_new(draft.members.entry(person).or_default(), role);
        }
    }
    (drafts.into_iter())
        .filter_map(|(org, draft)| draft.finish(GroupKind::Organization, org.to_owned()))
        .collect()
}

/// `"Research Intern, 2023"`: a degree or job title with the years it spans, as far as known.
fn with_years(what: &str, start: Option<PartialDate>, end: Option<EndDate>) -> String {
    let years = match (start.map(|d| d.year), end) {
        (Some(s), Some(EndDate::Date(e))) if s == e.year => Some(s.to_string()),
        (Some(s), Some(EndDate::Date(e))) => Some(format!("{s}–{}", e.year)),
        (Some(s), Some(EndDate::Present)) => Some(format!("{s}–present")),
        (Some(s), None) => Some(format!("from {s}")),
        (None, Some(EndDate::Date(e))) => Some(format!("until {}", e.year)),
        (None, Some(EndDate::Present)) => Some("current".to_owned()),
        (None, None) => None,
    };
    match (what.trim(), years) {
        ("", Some(years)) => years,
        (what, Some(years)) => format!("{what}, {years}"),
        (what, None) => what.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Researcher;
    use serde_json::{Value, json};

    const BUNDLED: &str = include_str!("../../data/researchers.json");

    fn bundled() -> Network {
        let dir = crate::model::load(BUNDLED, 2027).expect("the bundled dataset loads");
        Network::build(&dir.dataset)
    }

    fn person(net: &Network, id: &str) -> u32 {
        net.position(id)
            .unwrap_or_else(|| panic!("{id} is in the network"))
    }

    fn texts(reasons: &[Reason]) -> Vec<&str> {
        reasons.iter().map(|r| r.text.as_str()).collect()
    }

    /// Each step as (from id, to id, reason texts).
    fn chain(net: &Network, steps: &[Step]) -> Vec<(String, String, Vec<String>)> {
        (steps.iter())
            .map(|s| {
                (
                    net.people[s.from as usize].clone(),
                    net.people[s.to as usize].clone(),
                    s.reasons.iter().map(|r| r.text.clone()).collect(),
                )
            })
            .collect()
    }

    fn group<'a>(net: &'a Network, label: &str) -> &'a Group {
        (net.groups.iter())
            .find(|g| g.label == label)
            .unwrap_or_else(|| panic!("a group {label:?} in {:?}", net.groups))
    }

    fn role(net: &Network, g: &Group, id: &str) -> String {
        let p = person(net, id);
        (g.members.iter())
            .find(|m| m.person == p)
            .unwrap_or_else(|| panic!("{id} is a member of {}", g.label))
            .role
            .clone()
    }

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
        assert_eq!(texts(&path[0].reasons), want);
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
    fn the_bundled_network_has_two_edges() {
        let net = bundled();
        let id = |p: u32| net.people[p as usize].as_str();
        let edges = net.edges(EdgeKinds::ALL, None);
        let pairs: Vec<(&str, &str, u32)> =
            edges.iter().map(|e| (id(e.a), id(e.b), e.weight)).collect();
        assert_eq!(
            pairs,
            [
                ("frank-sifei-luan", "jiachen-liu", 1),
                ("frank-sifei-luan", "michael-luo", 5),
            ]
        );
        assert_eq!(texts(&edges[0].reasons), ["both at Meta"]);
        let by_id = |degrees: Vec<u32>| -> Vec<(&str, u32)> {
            degrees
                .into_iter()
                .enumerate()
                .map(|(p, d)| (id(p as u32), d))
                .collect()
        };
        let cases = [
            (EdgeKinds::ALL, [2, 1, 0, 1, 0]),
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
                [2, 1, 0, 1, 0],
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
        for lonely in ["tao-luo", "luo-mai"] {
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
        // Michael Luo reaches Jiachen Liu through Frank Sifei Luan (both at Meta).
        let (luo, liu) = (person(&net, "michael-luo"), person(&net, "jiachen-liu"));
        let path = net.shortest_path(luo, liu, EdgeKinds::ALL).unwrap();
        let steps = chain(&net, &path);
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].1, "frank-sifei-luan");
        assert_eq!(
            steps[1],
            (
                "frank-sifei-luan".into(),
                "jiachen-liu".into(),
                vec!["both at Meta".into()]
            )
        );
        // Without organizations, Meta is no link.
        let no_orgs = EdgeKinds {
            organization: false,
            ..EdgeKinds::ALL
        };
        assert_eq!(net.shortest_path(luo, liu, no_orgs), None);
        let hood = net.neighbourhood(luo, 2, 10, EdgeKinds::ALL);
        assert_eq!(hood, [luo, person(&net, "frank-sifei-luan"), liu]);
        assert_eq!(net.neighbourhood(luo, 1, 10, EdgeKinds::ALL).len(), 2);
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
        let meta = group(&net, "Meta");
        assert_eq!(
            role(&net, meta, "frank-sifei-luan"),
            "Software Engineer, 2017–2019; Software Engineering Intern, 2016"
        );
        assert_eq!(
            role(&net, meta, "jiachen-liu"),
            "Research Scientist, 2025–2026; Part-time Research Scientist, 2024"
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
        assert_eq!(
            net.groups.len(),
            4,
            "Ion Stoica, Anyscale, Meta, UC Berkeley"
        );
        assert_eq!(net.papers.len(), 2);
    }

    #[test]
    fn the_file_round_trips_and_refuses_what_it_cannot_read() {
        let net = bundled();
        let back = Network::from_bytes(&net.to_bytes()).unwrap();
        assert_eq!(back, net);
        assert_eq!(
            back.papers[0].short_title, "SkyPilot",
            "derived again on decoding"
        );
        let (luo, luan) = (
            person(&back, "michael-luo"),
            person(&back, "frank-sifei-luan"),
        );
        assert_eq!(
            back.shortest_path(luo, luan, EdgeKinds::ALL),
            net.shortest_path(luo, luan, EdgeKinds::ALL)
        );

        let mut newer = net.clone();
        newer.format = NETWORK_FORMAT + 1;
        let err = Network::from_bytes(&newer.to_bytes()).unwrap_err();
        assert_eq!(
            err,
            "network format 2, this app reads 1: rebuild the data (cargo xtask build-data)"
        );
        let err = Network::from_bytes(b"<!doctype html>").unwrap_err();
        assert!(err.starts_with("not a network file"), "{err}");
        let err = Network::from_bytes(MAGIC).unwrap_err();
        assert!(err.starts_with("not a network file"), "{err}");

        let mut broken = net.clone();
        broken.coauthors[0].b = 99;
        let err = Network::from_bytes(&broken.to_bytes()).unwrap_err();
        assert_eq!(
            err,
            "broken network file: a co-author edge names person 99 of 5"
        );
        let mut broken = net;
        broken.names.pop();
        assert!(Network::from_bytes(&broken.to_bytes()).is_err());
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
                        "education": [{"organization": "org-x", "degree": "PhD", "end": "2018"}]
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
        assert_eq!(role(&net, group(&net, "X"), "c"), "PhD, until 2018");
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
            texts(&net.reasons_between(s, v, EdgeKinds::ALL)),
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
            texts(&net.reasons_between(bob, ada, EdgeKinds::ALL)),
            ["Ada Lovelace advised Bob Babbage (PhD)"]
        );
        assert_eq!(
            texts(&net.reasons_between(ada, cy, EdgeKinds::ALL)),
            ["Ada Lovelace advised Cy Young"]
        );
        assert_eq!(
            texts(&net.reasons_between(bob, cy, EdgeKinds::ALL)),
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
}
