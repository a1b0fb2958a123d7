//! A network assembled from some of its files (the page): what a question still needs, the
//! byte-range requests that bring it, and the network the records fetched make.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use super::{
    GroupRecord, IDS_MAGIC, MERGE_GAP, NetFiles, NetIndex, PaperRecord, PartFile, PartRequest,
    PersonRecord, RECORDS_MAGIC,
};
use crate::Error;
use crate::files::paths;
use crate::model::sort;
use crate::search::network::{
    AdvisedEdge, CoauthorEdge, Group, GroupKind, Loaded, Member, Missing, Network, Records,
    SharedPaper, short_title,
};

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
    /// Whether `start.bin` has been added.
    start_added: bool,
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
            start_added: false,
        }
    }

    /// True until `start.bin` is added, when the index lists records in it.
    pub fn wants_start(&self) -> bool {
        !self.start_added && !self.index.start_people.is_empty()
    }

    /// Adds the records of `start.bin` from its bytes: those of the people and then the groups
    /// that the index lists for it, each as in its own file.
    pub fn add_start(&mut self, bytes: &[u8]) -> Result<(), Error> {
        if !bytes.starts_with(RECORDS_MAGIC) {
            return Err(Error::NotA("a file of network records"));
        }
        let mut at = RECORDS_MAGIC.len() as u64;
        let lists = [
            (PartFile::People, self.index.start_people.clone()),
            (PartFile::Groups, self.index.start_groups.clone()),
        ];
        for (file, numbers) in lists {
            let lengths = match file {
                PartFile::People => &self.index.people,
                PartFile::Groups => &self.index.groups,
            };
            let from = at;
            let mut records = Vec::with_capacity(numbers.len());
            for n in numbers {
                let len =
                    (lengths.get(n as usize)).ok_or(Error::Broken("a record out of range"))?;
                records.push((n, at..at + u64::from(*len)));
                at += u64::from(*len);
            }
            let part = (bytes.get(from as usize..at as usize))
                .ok_or(Error::Broken("the file is cut short"))?;
            let request = PartRequest {
                file,
                range: from..at,
                records,
            };
            self.add(&request, part)?;
        }
        self.start_added = true;
        Ok(())
    }

    /// The people and groups whose records are here, ascending.
    pub fn loaded(&self) -> (Vec<u32>, Vec<u32>) {
        let mut people: Vec<u32> = self.people.keys().copied().collect();
        let mut groups: Vec<u32> = self.groups.keys().copied().collect();
        people.sort_unstable();
        groups.sort_unstable();
        (people, groups)
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
    pub fn add_ids(&mut self, n: usize, bytes: &[u8]) -> Result<(), Error> {
        let in_file = |e: Error| e.in_file(paths::net::ids(n));
        let body =
            (bytes.strip_prefix(IDS_MAGIC)).ok_or_else(|| in_file(Error::NotA("a file of ids")))?;
        let run: Vec<(String, u32)> =
            postcard::from_bytes(body).map_err(|e| in_file(Error::Encoding(e)))?;
        if run.iter().any(|(_, p)| *p as usize >= self.index.len()) {
            return Err(in_file(Error::Broken("a person out of range")));
        }
        *self
            .id_files
            .get_mut(n)
            .ok_or_else(|| in_file(Error::Broken("no such file")))? = true;
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
    pub fn add(&mut self, request: &PartRequest, bytes: &[u8]) -> Result<(), Error> {
        let base = request.range.start;
        let in_file = |e: Error| e.in_file(request.file.path());
        for &(i, ref range) in &request.records {
            let slice = bytes
                .get((range.start - base) as usize..(range.end - base) as usize)
                .ok_or_else(|| in_file(Error::CutShort(i)))?;
            match request.file {
                PartFile::People => {
                    let person = |e: Error| in_file(e.in_record("person", i));
                    let record: PersonRecord =
                        postcard::from_bytes(slice).map_err(|e| person(Error::Encoding(e)))?;
                    self.check(i, &record).map_err(person)?;
                    self.people.insert(i, record);
                }
                PartFile::Groups => {
                    let gaps: Vec<u32> = postcard::from_bytes(slice)
                        .map_err(|e| in_file(Error::Encoding(e).in_record("group", i)))?;
                    let mut at = 0u32;
                    let mut members = Vec::with_capacity(gaps.len());
                    for gap in gaps {
                        at = (at.checked_add(gap))
                            .filter(|&p| (p as usize) < self.index.len())
                            .ok_or_else(|| in_file(Error::NamesNobody(i)))?;
                        members.push(at);
                    }
                    self.groups.insert(i, members);
                }
            }
        }
        self.fetched += bytes.len() as u64;
        Ok(())
    }

    /// Refuses a record whose numbers point outside the network.
    fn check(&self, p: u32, record: &PersonRecord) -> Result<(), Error> {
        let (people, groups) = (self.index.people.len(), self.index.groups.len());
        let bad_person = |q: u32| q as usize >= people || q == p;
        if record.coauthors.iter().any(|(q, _)| bad_person(*q)) {
            return Err(Error::Broken("a co-author out of range"));
        }
        let papers = record.papers.len() as u32;
        if (record.coauthors.iter()).any(|(_, shared)| shared.iter().any(|&i| i >= papers)) {
            return Err(Error::Broken("a shared paper out of range"));
        }
        let advised = |e: &AdvisedEdge| {
            (e.advisor != p && e.student != p)
                || e.advisor as usize >= people
                || e.student as usize >= people
        };
        if record.advised.iter().any(advised) {
            return Err(Error::Broken("an advising link out of range"));
        }
        let group = |g: &GroupRecord| {
            g.number as usize >= groups || g.advisor.is_some_and(|a| a as usize >= people)
        };
        if record.groups.iter().any(group) {
            return Err(Error::Broken("a group out of range"));
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
        sort::by_key(&mut by_number, |(p, _)| **p);
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
                        whole: None,
                        members: Vec::new(),
                    };
                };
                let members = self.groups.get(&(g as u32)).unwrap_or(&known);
                Group {
                    kind: record.kind,
                    key: String::new(),
                    label: record.label.clone(),
                    advisor: record.advisor,
                    whole: record.whole,
                    members: (members.iter())
                        .map(|&person| Member {
                            person,
                            role: String::new(),
                        })
                        .collect(),
                }
            })
            .collect();
        let records = Records {
            people: ids,
            names,
            papers,
            coauthors,
            groups,
            advised: advised.into_values().cloned().collect(),
        };
        Network::of(
            records,
            Some(Loaded {
                people: (0..n as u32)
                    .map(|p| self.people.contains_key(&p))
                    .collect(),
                groups: (0..self.index.groups.len() as u32)
                    .map(|g| self.groups.contains_key(&g))
                    .collect(),
                focus: self.index.focus.clone(),
            }),
        )
    }
}

/// `records` (number, bytes) of `file` as requests, neighbours closer than [`MERGE_GAP`] in
/// one.
fn merged(file: PartFile, mut records: Vec<(u32, Range<u64>)>) -> Vec<PartRequest> {
    sort::by_key(&mut records, |(_, r)| r.start);
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
    ) -> Result<Network, Error> {
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
                    false => Err(Error::Differs(format!(
                        "{missing:?} is needed but not in the files"
                    ))),
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
