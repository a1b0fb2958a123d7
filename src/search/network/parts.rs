//! The network in parts, so that a page fetches only what its question reads, however big the
//! directory: `data/net/people.bin` holds one record per person (their id and name, and every
//! link they have, with the papers and group names that explain it), `data/net/groups.bin` one
//! member list per group, `data/net/ids/<n>.bin` researcher ids in sorted runs with their
//! person numbers (to find the record of an id in a URL), and `data/net/index.bin` where each
//! record starts, where each run of ids begins, and what the build computed over the whole
//! network (the default focus for each set of kinds). The page needs nothing else: not the
//! directory, whose names only its two pickers read.
//!
//! A reader fetches records by byte range ([`NetParts::requests`]), adds them
//! ([`NetParts::add`]) and assembles a [`Network`] from what it has ([`NetParts::network`]).
//! That network answers every question as the whole one wherever it holds what the question
//! reads, and says what it lacks otherwise ([`drawing::needs`](super::drawing::needs),
//! [`Network::chain_needs`]): ask, fetch, and ask again.
//!
//! Every file starts with its own header, so a host's HTML error page is never taken for one;
//! each record is postcard on its own, so any one decodes alone.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::build::short_title;
use super::drawing::{needs, shown};
use super::walk::Lookup;
use super::{
    AdvisedEdge, CoauthorEdge, Edge, EdgeKind, EdgeKinds, Group, GroupKind, Loaded, Member,
    Missing, NETWORK_FORMAT, Network, Reason, SharedPaper, Step,
};

/// Path of the index, relative to the site's base URL.
pub const INDEX_PATH: &str = "data/net/index.bin";
/// Path of the people's records.
pub const PEOPLE_PATH: &str = "data/net/people.bin";
/// Path of the groups' member lists.
pub const GROUPS_PATH: &str = "data/net/groups.bin";

/// The first bytes of the index.
pub const INDEX_MAGIC: &[u8] = b"ATLASNIX\x00";
/// The first bytes of the people's and the groups' files (records start after them).
pub const RECORDS_MAGIC: &[u8] = b"ATLASNRC\x00";
/// The first bytes of a file of ids.
pub const IDS_MAGIC: &[u8] = b"ATLASNID\x00";

/// Researcher ids per file of `data/net/ids/`.
pub const IDS_PER_FILE: usize = 4096;

/// Path of the `n`th file of ids.
pub fn ids_path(n: usize) -> String {
    format!("data/net/ids/{n}.bin")
}

/// Records this close together in a file are fetched in one request (the bytes between them
/// cost less than another round trip).
pub const MERGE_GAP: u64 = 8 * 1024;

/// The three files of a network, as the build writes them.
#[derive(Debug, Clone)]
pub struct NetFiles {
    /// `index.bin`.
    pub index: Vec<u8>,
    /// `people.bin`.
    pub people: Vec<u8>,
    /// `groups.bin`.
    pub groups: Vec<u8>,
    /// `ids/0.bin`, `ids/1.bin`, …
    pub ids: Vec<Vec<u8>>,
}

/// Where each record is, and what the build computed over the whole network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NetIndex {
    /// [`NETWORK_FORMAT`] of the writer.
    pub format: u32,
    /// The byte length of each person's record, by person number.
    pub people: Vec<u32>,
    /// The byte length of each group's member list, by group number.
    pub groups: Vec<u32>,
    /// The best-connected person under each set of kinds, by [`EdgeKinds::bits`].
    pub focus: Vec<u32>,
    /// The first id of each file of ids (ids sorted as strings).
    pub id_files: Vec<String>,
    /// Where each person's record starts (not in the file).
    #[serde(skip)]
    people_starts: Vec<u64>,
    /// Where each group's list starts (not in the file).
    #[serde(skip)]
    group_starts: Vec<u64>,
}

/// One person's links: everything the questions read about them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PersonRecord {
    /// Their researcher id.
    pub id: String,
    /// Their name.
    pub name: String,
    /// The papers they share with anyone in the directory, each once, in the network's order.
    pub papers: Vec<PaperRecord>,
    /// Each co-author and the papers they share, as positions in `papers`.
    pub coauthors: Vec<(u32, Vec<u32>)>,
    /// The advising links they are either end of.
    pub advised: Vec<AdvisedEdge>,
    /// The groups they are a member of.
    pub groups: Vec<GroupRecord>,
}

/// A shared paper, as a reason needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PaperRecord {
    /// Its position in the whole network's papers (so the same paper from two people is one).
    pub number: u32,
    /// Its short title ([`SharedPaper::short_title`]).
    pub title: String,
    /// The venue's short name.
    pub venue: Option<String>,
    /// The year.
    pub year: u16,
}

/// A group one person is a member of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupRecord {
    /// Its position in the whole network's groups.
    pub number: u32,
    /// What its members share.
    pub kind: GroupKind,
    /// What to call it.
    pub label: String,
    /// For an advisor in the directory, their person number.
    pub advisor: Option<u32>,
}

/// Which of the two record files a request reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartFile {
    /// `people.bin`.
    People,
    /// `groups.bin`.
    Groups,
}

impl PartFile {
    /// The file's path, relative to the site's base URL.
    pub fn path(self) -> &'static str {
        match self {
            Self::People => PEOPLE_PATH,
            Self::Groups => GROUPS_PATH,
        }
    }
}

/// One byte-range request, and the records it brings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartRequest {
    /// The file.
    pub file: PartFile,
    /// The bytes to ask for (end exclusive).
    pub range: Range<u64>,
    /// Each record in it: person or group number, and its bytes within the file.
    pub records: Vec<(u32, Range<u64>)>,
}

impl PartRequest {
    /// The HTTP `Range` header value, e.g. `"bytes=9-1032"`.
    pub fn header(&self) -> String {
        format!("bytes={}-{}", self.range.start, self.range.end - 1)
    }

    /// The requested bytes out of a response body: the body itself when it is exactly the
    /// range (a 206), else the range cut out of a whole file (a host that ignores `Range`
    /// answers 200 with everything).
    pub fn slice<'a>(&self, body: &'a [u8]) -> Result<&'a [u8], String> {
        let len = (self.range.end - self.range.start) as usize;
        if body.len() == len {
            return Ok(body);
        }
        let (start, end) = (self.range.start as usize, self.range.end as usize);
        body.get(start..end).ok_or_else(|| {
            format!(
                "asked for bytes {start}–{end} of {}, got {} bytes",
                self.file.path(),
                body.len()
            )
        })
    }
}

impl Network {
    /// The network's three files.
    ///
    /// Computes each set of kinds' best-connected person over the whole network, which is the
    /// one question a part cannot answer.
    pub fn to_parts(&self) -> NetFiles {
        let adjacency = self.adjacency();
        let papers: Vec<PaperRecord> = (self.papers.iter().enumerate())
            .map(|(i, p)| PaperRecord {
                number: i as u32,
                title: p.short_title.clone(),
                venue: p.venue.clone(),
                year: p.year,
            })
            .collect();
        let mut people = RECORDS_MAGIC.to_vec();
        let mut people_lengths = Vec::with_capacity(self.people.len());
        for p in 0..self.people.len() {
            let mut mine: Vec<u32> = (adjacency.coauthors[p].iter())
                .flat_map(|&(_, e)| self.coauthors[e as usize].papers.iter().copied())
                .collect();
            mine.sort_unstable();
            mine.dedup();
            let at = |i: &u32| mine.binary_search(i).expect("listed above") as u32;
            let record = PersonRecord {
                id: self.people[p].clone(),
                name: self.names[p].clone(),
                papers: mine.iter().map(|&i| papers[i as usize].clone()).collect(),
                coauthors: (adjacency.coauthors[p].iter())
                    .map(|&(other, e)| {
                        (
                            other,
                            self.coauthors[e as usize].papers.iter().map(at).collect(),
                        )
                    })
                    .collect(),
                advised: (adjacency.advised[p].iter())
                    .map(|&e| self.advised[e as usize].clone())
                    .collect(),
                groups: (adjacency.groups[p].iter())
                    .map(|&g| {
                        let group = &self.groups[g as usize];
                        GroupRecord {
                            number: g,
                            kind: group.kind,
                            label: group.label.clone(),
                            advisor: group.advisor,
                        }
                    })
                    .collect(),
            };
            let start = people.len();
            append(&mut people, &record);
            people_lengths.push((people.len() - start) as u32);
        }
        let mut groups = RECORDS_MAGIC.to_vec();
        let mut group_lengths = Vec::with_capacity(self.groups.len());
        for g in &self.groups {
            let mut last = 0;
            let gaps: Vec<u32> = (g.members.iter())
                .map(|m| {
                    let gap = m.person - last;
                    last = m.person;
                    gap
                })
                .collect();
            let start = groups.len();
            append(&mut groups, &gaps);
            group_lengths.push((groups.len() - start) as u32);
        }
        let focus = std::thread::scope(|s| {
            let threads: Vec<_> = (0..8)
                .map(|bits| s.spawn(move || self.default_focus(EdgeKinds::from_bits(bits))))
                .collect();
            (threads.into_iter())
                .map(|t| t.join().expect("a degree count never panics"))
                .collect()
        });
        let mut sorted: Vec<(&str, u32)> = (self.people.iter().enumerate())
            .map(|(i, id)| (id.as_str(), i as u32))
            .collect();
        sorted.sort_unstable();
        let runs: Vec<&[(&str, u32)]> = sorted.chunks(IDS_PER_FILE).collect();
        let index = NetIndex {
            format: NETWORK_FORMAT,
            people: people_lengths,
            groups: group_lengths,
            focus,
            id_files: runs.iter().map(|run| run[0].0.to_owned()).collect(),
            people_starts: Vec::new(),
            group_starts: Vec::new(),
        };
        let mut index_bytes = INDEX_MAGIC.to_vec();
        append(&mut index_bytes, &index);
        let ids = (runs.iter())
            .map(|run| {
                let mut bytes = IDS_MAGIC.to_vec();
                append(&mut bytes, run);
                bytes
            })
            .collect();
        NetFiles {
            index: index_bytes,
            people,
            groups,
            ids,
        }
    }
}

impl NetIndex {
    /// Decodes `index.bin`, refusing anything else and other format versions.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body = bytes.strip_prefix(INDEX_MAGIC).ok_or(
            "not a network index (it does not start with the Research Atlas network header)",
        )?;
        let (format, _): (u32, _) =
            postcard::take_from_bytes(body).map_err(|e| format!("not a network index: {e}"))?;
        if format != NETWORK_FORMAT {
            return Err(format!(
                "network format {format}, this app reads {NETWORK_FORMAT}: rebuild the data (cargo xtask build-data)"
            ));
        }
        let mut index: Self =
            postcard::from_bytes(body).map_err(|e| format!("not a network index: {e}"))?;
        index.people_starts = starts(&index.people);
        index.group_starts = starts(&index.groups);
        if index.focus.len() != 8
            || index
                .focus
                .iter()
                .any(|&f| f as usize >= index.people.len().max(1))
        {
            return Err("broken network index: the default focus is out of range".into());
        }
        Ok(index)
    }

    /// How many people the network has.
    pub fn len(&self) -> usize {
        self.people.len()
    }

    /// True for a network of nobody.
    pub fn is_empty(&self) -> bool {
        self.people.is_empty()
    }

    /// The file of ids that holds `id`, if any could.
    pub fn ids_file_of(&self, id: &str) -> Option<usize> {
        self.id_files
            .partition_point(|first| first.as_str() <= id)
            .checked_sub(1)
    }

    /// Where record `i` of `file` is.
    fn range(&self, file: PartFile, i: u32) -> Option<Range<u64>> {
        let (starts, lengths) = match file {
            PartFile::People => (&self.people_starts, &self.people),
            PartFile::Groups => (&self.group_starts, &self.groups),
        };
        let start = *starts.get(i as usize)?;
        Some(start..start + u64::from(lengths[i as usize]))
    }
}

/// Appends `value`, postcard-encoded, to `bytes`.
fn append<T: Serialize>(bytes: &mut Vec<u8>, value: &T) {
    let taken = std::mem::take(bytes);
    *bytes = postcard::to_extend(value, taken).expect("network records always encode");
}

/// Where each record starts, after the file's header.
fn starts(lengths: &[u32]) -> Vec<u64> {
    let mut at = RECORDS_MAGIC.len() as u64;
    (lengths.iter())
        .map(|&l| {
            let start = at;
            at += u64::from(l);
            start
        })
        .collect()
}

/// What a reader has of a network: the index and the records fetched so far.
#[derive(Debug, Clone)]
pub struct NetParts {
    /// The index.
    pub index: NetIndex,
    people: HashMap<u32, PersonRecord>,
    groups: HashMap<u32, Vec<u32>>,
    /// Person numbers by id, from the files of ids fetched.
    numbers: HashMap<String, u32>,
    /// Which files of ids are here.
    id_files: Vec<bool>,
    /// Bytes of records fetched so far.
    pub fetched: u64,
}

impl NetParts {
    /// Nothing but the index.
    pub fn new(index: NetIndex) -> Self {
        Self {
            id_files: vec![false; index.id_files.len()],
            index,
            people: HashMap::new(),
            groups: HashMap::new(),
            numbers: HashMap::new(),
            fetched: 0,
        }
    }

    /// The files of ids (by number) to fetch before the person numbers of `ids` are known.
    pub fn id_files_needed<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> Vec<usize> {
        let mut files: Vec<usize> = (ids.into_iter())
            .filter_map(|id| self.index.ids_file_of(id))
            .filter(|&f| !self.id_files[f])
            .collect();
        files.sort_unstable();
        files.dedup();
        files
    }

    /// Adds file `n` of ids from its bytes.
    pub fn add_ids(&mut self, n: usize, bytes: &[u8]) -> Result<(), String> {
        let path = ids_path(n);
        let body =
            (bytes.strip_prefix(IDS_MAGIC)).ok_or_else(|| format!("{path}: not a file of ids"))?;
        let run: Vec<(String, u32)> =
            postcard::from_bytes(body).map_err(|e| format!("{path}: {e}"))?;
        if run.iter().any(|(_, p)| *p as usize >= self.index.len()) {
            return Err(format!("{path}: a person out of range"));
        }
        *self
            .id_files
            .get_mut(n)
            .ok_or_else(|| format!("{path}: no such file"))? = true;
        self.numbers.extend(run);
        self.fetched += bytes.len() as u64;
        Ok(())
    }

    /// The person number of `id`, once its file of ids is here.
    pub fn number(&self, id: &str) -> Option<u32> {
        self.numbers.get(id).copied()
    }

    /// How many people's records are here.
    pub fn people_loaded(&self) -> usize {
        self.people.len()
    }

    /// The requests that bring what `missing` names (records already here are not asked for
    /// again; unknown numbers are skipped), records close together merged into one request.
    pub fn requests(&self, missing: &Missing) -> Vec<PartRequest> {
        let people = (missing.people.iter().copied())
            .filter(|p| !self.people.contains_key(p))
            .filter_map(|p| Some((p, self.index.range(PartFile::People, p)?)));
        let groups = (missing.groups.iter().copied())
            .filter(|g| !self.groups.contains_key(g))
            .filter_map(|g| Some((g, self.index.range(PartFile::Groups, g)?)));
        let mut out = merged(PartFile::People, people.collect());
        out.extend(merged(PartFile::Groups, groups.collect()));
        out
    }

    /// Adds the records of `request` from `bytes`, the requested range.
    pub fn add(&mut self, request: &PartRequest, bytes: &[u8]) -> Result<(), String> {
        let base = request.range.start;
        let path = request.file.path();
        for (i, range) in &request.records {
            let slice = bytes
                .get((range.start - base) as usize..(range.end - base) as usize)
                .ok_or_else(|| format!("{path}: record {i} is cut short"))?;
            match request.file {
                PartFile::People => {
                    let record: PersonRecord = postcard::from_bytes(slice)
                        .map_err(|e| format!("{path}: person {i}: {e}"))?;
                    self.check(*i, &record)
                        .map_err(|e| format!("{path}: person {i}: {e}"))?;
                    self.people.insert(*i, record);
                }
                PartFile::Groups => {
                    let gaps: Vec<u32> = postcard::from_bytes(slice)
                        .map_err(|e| format!("{path}: group {i}: {e}"))?;
                    let mut at = 0u32;
                    let mut members = Vec::with_capacity(gaps.len());
                    for gap in gaps {
                        at = (at.checked_add(gap))
                            .filter(|&p| (p as usize) < self.index.len())
                            .ok_or_else(|| format!("{path}: group {i} names nobody"))?;
                        members.push(at);
                    }
                    self.groups.insert(*i, members);
                }
            }
        }
        self.fetched += bytes.len() as u64;
        Ok(())
    }

    /// Refuses a record whose numbers point outside the network.
    fn check(&self, p: u32, record: &PersonRecord) -> Result<(), String> {
        let (people, groups) = (self.index.people.len(), self.index.groups.len());
        let bad_person = |q: u32| q as usize >= people || q == p;
        if record.coauthors.iter().any(|(q, _)| bad_person(*q)) {
            return Err("a co-author out of range".into());
        }
        let papers = record.papers.len() as u32;
        if (record.coauthors.iter()).any(|(_, shared)| shared.iter().any(|&i| i >= papers)) {
            return Err("a shared paper out of range".into());
        }
        let advised = |e: &AdvisedEdge| {
            (e.advisor != p && e.student != p)
                || e.advisor as usize >= people
                || e.student as usize >= people
        };
        if record.advised.iter().any(advised) {
            return Err("an advising link out of range".into());
        }
        let group = |g: &GroupRecord| {
            g.number as usize >= groups || g.advisor.is_some_and(|a| a as usize >= people)
        };
        if record.groups.iter().any(group) {
            return Err("a group out of range".into());
        }
        Ok(())
    }

    /// The network as far as it is here: whole for everything the records here cover. The ids
    /// and names of people whose records are not here are empty.
    pub fn network(&self) -> Network {
        let n = self.index.len();
        let (mut ids, mut names) = (vec![String::new(); n], vec![String::new(); n]);
        for (&p, record) in &self.people {
            ids[p as usize] = record.id.clone();
            names[p as usize] = record.name.clone();
        }
        let mut paper_texts: BTreeMap<u32, &PaperRecord> = BTreeMap::new();
        let mut pairs: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
        let mut advised: BTreeMap<(u32, u32), &AdvisedEdge> = BTreeMap::new();
        let mut groups: Vec<Option<(&GroupRecord, Vec<u32>)>> = vec![None; self.index.groups.len()];
        let mut by_number: Vec<(&u32, &PersonRecord)> = self.people.iter().collect();
        by_number.sort_unstable_by_key(|(p, _)| **p);
        for (&p, record) in by_number {
            for paper in &record.papers {
                paper_texts.insert(paper.number, paper);
            }
            for (other, shared) in &record.coauthors {
                (pairs.entry((p.min(*other), p.max(*other)))).or_insert_with(|| {
                    (shared.iter())
                        .map(|&i| record.papers[i as usize].number)
                        .collect()
                });
            }
            for e in &record.advised {
                advised.insert((e.advisor, e.student), e);
            }
            for g in &record.groups {
                let slot = &mut groups[g.number as usize];
                slot.get_or_insert_with(|| (g, Vec::new())).1.push(p);
            }
        }
        // Papers numbered here in the whole network's order, so every list stays sorted.
        let local: HashMap<u32, u32> = (paper_texts.keys().enumerate())
            .map(|(i, &n)| (n, i as u32))
            .collect();
        let papers = (paper_texts.values())
            .map(|p| SharedPaper {
                id: String::new(),
                title: p.title.clone(),
                short_title: short_title(&p.title),
                venue: p.venue.clone(),
                year: p.year,
            })
            .collect();
        let coauthors = (pairs.into_iter())
            .map(|((a, b), papers)| CoauthorEdge {
                a,
                b,
                papers: papers.iter().map(|n| local[n]).collect(),
            })
            .collect();
        let groups = (groups.into_iter().enumerate())
            .map(|(g, slot)| {
                let Some((record, known)) = slot else {
                    return Group {
                        kind: GroupKind::Organization,
                        key: String::new(),
                        label: String::new(),
                        advisor: None,
                        members: Vec::new(),
                    };
                };
                let members = self.groups.get(&(g as u32)).unwrap_or(&known);
                Group {
                    kind: record.kind,
                    key: String::new(),
                    label: record.label.clone(),
                    advisor: record.advisor,
                    members: (members.iter())
                        .map(|&person| Member {
                            person,
                            role: String::new(),
                        })
                        .collect(),
                }
            })
            .collect();
        Network {
            format: NETWORK_FORMAT,
            people: ids,
            names,
            papers,
            coauthors,
            groups,
            advised: advised.into_values().cloned().collect(),
            lookup: Lookup::default(),
            loaded: Some(Loaded {
                people: (0..n as u32)
                    .map(|p| self.people.contains_key(&p))
                    .collect(),
                groups: (0..self.index.groups.len() as u32)
                    .map(|g| self.groups.contains_key(&g))
                    .collect(),
                focus: self.index.focus.clone(),
            }),
        }
    }
}

/// `records` (number, bytes) of `file` as requests, neighbours closer than [`MERGE_GAP`] in
/// one.
fn merged(file: PartFile, mut records: Vec<(u32, Range<u64>)>) -> Vec<PartRequest> {
    records.sort_unstable_by_key(|(_, r)| r.start);
    let mut out: Vec<PartRequest> = Vec::new();
    for (i, range) in records {
        match out.last_mut() {
            Some(last) if range.start <= last.range.end + MERGE_GAP => {
                last.range.end = last.range.end.max(range.end);
                last.records.push((i, range));
            }
            _ => out.push(PartRequest {
                file,
                range: range.clone(),
                records: vec![(i, range)],
            }),
        }
    }
    out
}

/// `missing` and the records of `people` that are not loaded: the people a question names must
/// be here before it is asked (their ids are in their records).
pub fn with_people(mut missing: Missing, people: &[u32], net: &Network) -> Missing {
    let absent = net.people_needed(people);
    if !absent.people.is_empty() {
        missing.people.extend(absent.people);
        missing.people.sort_unstable();
        missing.people.dedup();
    }
    missing
}

impl NetParts {
    /// Fetches from `files` in memory, round by round, whatever `ask` says the network still
    /// needs, and returns the network that then has it all: what the browser does with byte
    /// ranges, for the build's checks and the tests.
    pub fn fill_from(
        &mut self,
        files: &NetFiles,
        named: &[&str],
        ask: impl Fn(&Network) -> Missing,
    ) -> Result<Network, String> {
        for n in self.id_files_needed(named.iter().copied()) {
            self.add_ids(n, &files.ids[n])?;
        }
        let wanted: Vec<u32> = named.iter().filter_map(|id| self.number(id)).collect();
        loop {
            let net = self.network();
            let missing = with_people(ask(&net), &wanted, &net);
            let requests = self.requests(&missing);
            if requests.is_empty() {
                return match missing.is_empty() {
                    true => Ok(net),
                    false => Err(format!("{missing:?} is needed but not in the files")),
                };
            }
            for r in &requests {
                let bytes = match r.file {
                    PartFile::People => &files.people,
                    PartFile::Groups => &files.groups,
                };
                self.add(r, r.slice(bytes)?)?;
            }
        }
    }
}

/// Asks `whole` and a network assembled from its parts every question of the connections page:
/// each of `foci` (and no focus) under each set of kinds, who is drawn and the edges among them,
/// and the chain of each of `pairs`. `Err` names the first question answered differently;
/// `Ok` is the most records any one drawing fetched, and any one chain.
pub fn check_parts(
    whole: &Network,
    foci: &[u32],
    pairs: &[(u32, u32)],
) -> Result<(usize, usize), String> {
    let files = whole.to_parts();
    let index = NetIndex::from_bytes(&files.index)?;
    let (mut drawing, mut chain) = (0, 0);
    for bits in 0..8 {
        let kinds = EdgeKinds::from_bits(bits);
        if whole.default_focus(kinds) != index.focus[bits] {
            return Err(format!("the default focus under {kinds:?}"));
        }
        for focus in std::iter::once(None).chain(foci.iter().map(|&f| Some(f))) {
            let id = focus.map(|f| whole.people[f as usize].as_str());
            let mut parts = NetParts::new(index.clone());
            let named: Vec<&str> = id.into_iter().collect();
            let net = parts.fill_from(&files, &named, |n| needs(n, kinds, id, &[]))?;
            let drawn = shown(whole, kinds, id, &[]);
            if shown(&net, kinds, id, &[]) != drawn {
                return Err(format!("who is drawn around {id:?} under {kinds:?}"));
            }
            if drawn
                .iter()
                .any(|&p| net.names[p as usize] != whole.names[p as usize])
            {
                return Err(format!("the names drawn around {id:?} under {kinds:?}"));
            }
            if plain(net.edges(kinds, Some(&drawn))) != plain(whole.edges(kinds, Some(&drawn))) {
                return Err(format!("the edges drawn around {id:?} under {kinds:?}"));
            }
            drawing = drawing.max(parts.people_loaded());
        }
        for &(from, to) in pairs {
            let mut parts = NetParts::new(index.clone());
            let named = [
                whole.people[from as usize].as_str(),
                whole.people[to as usize].as_str(),
            ];
            let net = parts.fill_from(&files, &named, |n| {
                let ends = n.position(named[0]).zip(n.position(named[1]));
                ends.map_or_else(Missing::default, |(a, b)| n.chain_needs(a, b, kinds))
            })?;
            let steps = |chain: Option<Vec<Step>>| {
                chain.map(|c| {
                    (c.into_iter())
                        .map(|s| (s.from, s.to, strip(s.reasons)))
                        .collect::<Vec<_>>()
                })
            };
            let expected = steps(whole.one_sided_path(from, to, kinds));
            if steps(whole.shortest_path(from, to, kinds)) != expected {
                return Err(format!("the two-sided chain {from} → {to} under {kinds:?}"));
            }
            if steps(net.shortest_path(from, to, kinds)) != expected {
                return Err(format!("the chain {from} → {to} under {kinds:?}"));
            }
            chain = chain.max(parts.people_loaded());
        }
    }
    Ok((drawing, chain))
}

/// An edge's ends, weight and reasons.
type PlainEdge = (u32, u32, u32, Vec<(EdgeKind, String)>);

/// Edges without the record numbers of their reasons: an assembled network numbers papers and
/// advising links among those it has.
fn plain(edges: Vec<Edge>) -> Vec<PlainEdge> {
    (edges.into_iter())
        .map(|e| (e.a, e.b, e.weight, strip(e.reasons)))
        .collect()
}

/// Each reason's kind and sentence.
fn strip(reasons: Vec<Reason>) -> Vec<(EdgeKind, String)> {
    reasons.into_iter().map(|r| (r.kind, r.text)).collect()
}
