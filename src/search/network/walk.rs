//! Walking the network: neighbourhoods ring by ring, degrees, and the shortest chain between two
//! people. Each group is entered once, so the walks stay linear in the size of the network
//! however big an organization is.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::sync::OnceLock;

use super::{AdvisedEdge, EdgeKind, EdgeKinds, Missing, Network, Step};
use crate::model::sort;

/// Marks a person nobody reached yet in a breadth-first search.
const UNREACHED: u32 = u32::MAX;

impl Network {
    /// The shortest chain from `from` to `to` (fewest hops) under `kinds`; `None` when they are
    /// not connected (or a number is out of range), `Some(vec![])` when `from == to`.
    ///
    /// Among equally short chains it takes, hop by hop from `from`, the hop with the strongest
    /// link (co-authorship, then advisor, then organization), then the heaviest, then the lowest
    /// person number — so the answer is deterministic, though `to → from` may take another
    /// chain of the same length. Each step carries all reasons linking its two people.
    pub fn shortest_path(&self, from: u32, to: u32, kinds: EdgeKinds) -> Option<Vec<Step>> {
        self.chain(from, to, kinds).unwrap_or(None)
    }

    /// What [`Self::shortest_path`] with the same arguments still needs from the parts that are
    /// not loaded: the records and groups of the ring one of its two searches would expand
    /// next, or of the person the chain would step from next.
    pub fn chain_needs(&self, from: u32, to: u32, kinds: EdgeKinds) -> Missing {
        self.chain(from, to, kinds).err().unwrap_or_default()
    }

    /// The chain, or what is missing to find it.
    ///
    /// Two breadth-first searches, from `from` and from `to`, each expanding a whole ring at a
    /// time (the one with the smaller ring first) until they meet: the chain's length is then
    /// the least sum of the two distances of anyone both reached. That reads the rings of half
    /// the chain's length around each end rather than all of them around `to`. Who lies on a
    /// shortest chain is then known from the two distances where both are known, and else from
    /// a neighbour one step further that is (walking `from`'s rings outwards in). The hops are
    /// chosen as described at [`Self::shortest_path`].
    fn chain(&self, from: u32, to: u32, kinds: EdgeKinds) -> Result<Option<Vec<Step>>, Missing> {
        let n = self.people.len() as u32;
        if from >= n || to >= n {
            return Ok(None);
        }
        if from == to {
            return Ok(Some(Vec::new()));
        }
        let (mut ahead, mut back) = (Search::new(self, from), Search::new(self, to));
        let length = loop {
            if let Some(length) = meeting(&ahead, &back) {
                break length;
            }
            let side = match ahead.frontier().len() <= back.frontier().len() {
                true => &mut ahead,
                false => &mut back,
            };
            let need = self.missing_in(side.frontier(), kinds);
            if !need.is_empty() {
                return Err(need);
            }
            if !self.expand(side, kinds) {
                return Ok(None);
            }
        };
        let on_path = self.on_path(&ahead, &back, length, kinds);
        let mut steps = Vec::with_capacity(length as usize);
        let mut here = from;
        for level in 1..=length {
            let need = self.missing_in(&[here], kinds);
            if !need.is_empty() {
                return Err(need);
            }
            let left = length - level;
            let next = self.best_hop(here, kinds, |p| match back.dist[p as usize] {
                UNREACHED => ahead.dist[p as usize] == level && on_path[p as usize],
                d => d == left,
            });
            let Some(next) = next else {
                return Ok(None);
            };
            steps.push(Step {
                from: here,
                to: next,
                reasons: self.reasons_between(here, next, kinds),
            });
            here = next;
        }
        Ok(Some(steps))
    }

    /// Per person reached from the start of `ahead`: whether they lie on a shortest chain of
    /// `length` to the start of `back`. Where `back` reached them too the two distances say so;
    /// else a neighbour one step further from the start that does (so the rings are walked from
    /// the outermost in, and only expanded rings are asked for neighbours).
    fn on_path(&self, ahead: &Search, back: &Search, length: u32, kinds: EdgeKinds) -> Vec<bool> {
        let mut on = vec![false; self.people.len()];
        for (level, ring) in ahead.rings.iter().enumerate().rev() {
            let level = level as u32;
            for &p in ring {
                let d = back.dist[p as usize];
                on[p as usize] = if d != UNREACHED {
                    level + d == length
                } else if (level as usize) + 1 < ahead.rings.len() {
                    let mut found = false;
                    self.each_neighbour(p, kinds, |q| {
                        found |= ahead.dist[q as usize] == level + 1 && on[q as usize];
                    });
                    found
                } else {
                    false
                };
            }
        }
        on
    }

    /// Calls `f` with everyone `p` is linked to under `kinds` (`p` itself may come too).
    fn each_neighbour(&self, p: u32, kinds: EdgeKinds, mut f: impl FnMut(u32)) {
        let adjacency = self.adjacency();
        if kinds.coauthor {
            adjacency.coauthors[p as usize]
                .iter()
                .for_each(|&(q, _)| f(q));
        }
        if kinds.advisor {
            for &e in &adjacency.advised[p as usize] {
                f(other_end(&self.advised[e as usize], p));
            }
        }
        for &g in &adjacency.groups[p as usize] {
            let group = &self.groups[g as usize];
            if kinds.allows(group.kind.into()) {
                group.members.iter().for_each(|m| f(m.person));
            }
        }
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
            sort::by_key(&mut ring, |&p| (Reverse(search.score[p as usize]), p));
            out.extend(ring.into_iter().take(max - out.len()));
            if out.len() == max {
                break;
            }
        }
        out
    }

    /// What [`Self::neighbourhood`] with the same arguments still needs from the parts that are
    /// not loaded (nothing for a whole network): the records of the ring it would expand next,
    /// then their groups' member lists.
    pub fn neighbourhood_needs(
        &self,
        center: u32,
        hops: u32,
        max: usize,
        kinds: EdgeKinds,
    ) -> Missing {
        if self.loaded.is_none() || center as usize >= self.people.len() || max == 0 {
            return Missing::default();
        }
        let missing = RefCell::new(Missing::default());
        self.rings(center, kinds, |s| {
            let enough = s.rings.len() as u64 > u64::from(hops)
                || s.rings.iter().map(Vec::len).sum::<usize>() >= max;
            enough || self.stop_for(s, kinds, &missing)
        });
        missing.into_inner()
    }

    /// The records of `people` that are not loaded (what [`Self::edges`] among them reads).
    pub fn people_needed(&self, people: &[u32]) -> Missing {
        self.missing_in(people, EdgeKinds::NONE)
    }

    /// True, with what is missing kept in `missing`, when the last ring of `s` cannot be
    /// expanded from what is loaded.
    fn stop_for(&self, s: &Search, kinds: EdgeKinds, missing: &RefCell<Missing>) -> bool {
        let ring = s.rings.last().map_or(&[][..], Vec::as_slice);
        let need = self.missing_in(ring, kinds);
        let stop = !need.is_empty();
        *missing.borrow_mut() = need;
        stop
    }

    /// What expanding `people` under `kinds` needs: the records not loaded, else the member
    /// lists of their groups (of the kinds asked for) that are not loaded.
    fn missing_in(&self, people: &[u32], kinds: EdgeKinds) -> Missing {
        let Some(loaded) = &self.loaded else {
            return Missing::default();
        };
        let absent: BTreeSet<u32> = (people.iter().copied())
            .filter(|&p| !loaded.people.get(p as usize).copied().unwrap_or(true))
            .collect();
        if !absent.is_empty() {
            return Missing {
                people: absent.into_iter().collect(),
                groups: Vec::new(),
            };
        }
        let adjacency = self.adjacency();
        let groups: BTreeSet<u32> = (people.iter())
            .flat_map(|&p| adjacency.groups[p as usize].iter().copied())
            .filter(|&g| kinds.allows(self.groups[g as usize].kind.into()))
            .filter(|&g| !loaded.groups.get(g as usize).copied().unwrap_or(true))
            .collect();
        Missing {
            people: Vec::new(),
            groups: groups.into_iter().collect(),
        }
    }

    /// The person a drawing centres on when nobody is asked for: the one with the most distinct
    /// links under `kinds`, the lowest number among equals (0 in an empty network). A network
    /// assembled from parts has it from the build, which saw the whole network.
    pub fn default_focus(&self, kinds: EdgeKinds) -> u32 {
        if let Some(loaded) = &self.loaded {
            return loaded.focus.get(kinds.bits()).copied().unwrap_or(0);
        }
        let degrees = self.degrees(kinds);
        (0..degrees.len() as u32)
            .max_by_key(|&i| (degrees[i as usize], Reverse(i)))
            .unwrap_or(0)
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
    pub(crate) fn adjacency(&self) -> &Adjacency {
        self.lookup.0.get_or_init(|| Adjacency::new(self))
    }

    /// Breadth-first search from `start`, one ring of equal distance at a time, until `enough`
    /// says so (checked before each ring is expanded) or nobody new is reached. Each group is
    /// entered once, from the first ring that holds one of its members.
    fn rings(&self, start: u32, kinds: EdgeKinds, enough: impl Fn(&Search) -> bool) -> Search {
        let mut search = Search::new(self, start);
        while !enough(&search) && self.expand(&mut search, kinds) {}
        search
    }

    /// Reaches the ring after the last of `search`: `false`, with nothing added, when nobody new
    /// is reached.
    fn expand(&self, search: &mut Search, kinds: EdgeKinds) -> bool {
        let adjacency = self.adjacency();
        let d = search.rings.len() as u32;
        let mut next = Vec::new();
        let ring = std::mem::take(search.rings.last_mut().expect("the start ring"));
        // Reaches `p` at distance `d` through a link of `weight`.
        let mut reach = |s: &mut Search, p: u32, weight: u32| {
            let p = p as usize;
            if s.dist[p] == UNREACHED {
                s.dist[p] = d;
                next.push(p as u32);
            }
            if s.dist[p] == d {
                s.score[p] += weight;
            }
        };
        for &p in &ring {
            let p = p as usize;
            if kinds.coauthor {
                for &(other, e) in &adjacency.coauthors[p] {
                    let weight = self.coauthors[e as usize].papers.len() as u32;
                    reach(search, other, weight);
                }
            }
            if kinds.advisor {
                for &e in &adjacency.advised[p] {
                    let e = &self.advised[e as usize];
                    reach(search, other_end(e, p as u32), 1);
                }
            }
            for &g in &adjacency.groups[p] {
                let group = &self.groups[g as usize];
                if search.entered[g as usize] || !kinds.allows(group.kind.into()) {
                    continue;
                }
                search.entered[g as usize] = true;
                for m in &group.members {
                    reach(search, m.person, 1);
                }
            }
        }
        *search.rings.last_mut().expect("the start ring") = ring;
        if next.is_empty() {
            return false;
        }
        search.rings.push(next);
        true
    }

    /// The chain as it was first found, kept to check [`Self::shortest_path`] against: one
    /// search from `to` until `from` is reached, then the hops. It reads every ring around `to`
    /// up to `from`'s, so a network in parts would need far more of them.
    pub fn one_sided_path(&self, from: u32, to: u32, kinds: EdgeKinds) -> Option<Vec<Step>> {
        let n = self.people.len() as u32;
        if from >= n || to >= n {
            return None;
        }
        if from == to {
            return Some(Vec::new());
        }
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
}

/// The state of a breadth-first search over people.
struct Search {
    /// Distance from the start per person; [`UNREACHED`] when not reached (yet).
    dist: Vec<u32>,
    /// Per person, the weight of their links to the ring before theirs (a group counts once).
    score: Vec<u32>,
    /// The people at distance 0, 1, 2, … in the order they were reached.
    rings: Vec<Vec<u32>>,
    /// Per group: whether a ring has entered it (each is entered once).
    entered: Vec<bool>,
}

impl Search {
    /// A search of `net` that has reached `start` only.
    fn new(net: &Network, start: u32) -> Self {
        let mut dist = vec![UNREACHED; net.people.len()];
        dist[start as usize] = 0;
        Self {
            dist,
            score: vec![0; net.people.len()],
            rings: vec![vec![start]],
            entered: vec![false; net.groups.len()],
        }
    }

    /// The last ring reached, not expanded yet.
    fn frontier(&self) -> &[u32] {
        self.rings.last().map_or(&[], Vec::as_slice)
    }
}

/// The length of a shortest chain between the starts of two searches once they have met: the
/// least sum of the two distances of anyone both reached; `None` before they meet.
fn meeting(a: &Search, b: &Search) -> Option<u32> {
    let (small, large) = match a.rings.iter().map(Vec::len).sum::<usize>()
        <= b.rings.iter().map(Vec::len).sum::<usize>()
    {
        true => (a, b),
        false => (b, a),
    };
    (small.rings.iter().flatten())
        .filter(|&&p| large.dist[p as usize] != UNREACHED)
        .map(|&p| small.dist[p as usize] + large.dist[p as usize])
        .min()
}

/// Each person's links, for walking the network without scanning it.
#[derive(Debug, Clone)]
pub(crate) struct Adjacency {
    /// Per person: (co-author, position in [`Network::coauthors`]).
    pub(crate) coauthors: Vec<Vec<(u32, u32)>>,
    /// Per person: positions in [`Network::advised`] of the links they are either end of.
    pub(crate) advised: Vec<Vec<u32>>,
    /// Per person: sorted positions in [`Network::groups`] of the groups they are a member of.
    pub(crate) groups: Vec<Vec<u32>>,
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
pub(super) struct Lookup(OnceLock<Adjacency>);

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

/// The end of advising link `e` that is not `p`.
pub(super) fn other_end(e: &AdvisedEdge, p: u32) -> u32 {
    if e.advisor == p { e.student } else { e.advisor }
}

/// Sets bit `p` of a bit set.
fn set_bit(set: &mut [u64], p: u32) {
    set[p as usize / 64] |= 1 << (p % 64);
}
