//! The network's files, made from the whole network (the build).

use super::NETWORK_FORMAT;
use super::{
    GroupRecord, IDS_MAGIC, IDS_PER_FILE, INDEX_MAGIC, NetFiles, NetIndex, NetParts, PaperRecord,
    PersonRecord, RECORDS_MAGIC, append, starts as record_starts,
};
use crate::search::network::drawing::needs;
use crate::search::network::{EdgeKinds, Network};

impl Network {
    /// The network's files: the index, the records of people and of groups, the files of ids,
    /// and the opening view's records together.
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
                            whole: group.whole,
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
        let mut index = NetIndex {
            format: NETWORK_FORMAT,
            people: people_lengths,
            groups: group_lengths,
            focus,
            id_files: runs.iter().map(|run| run[0].0.to_owned()).collect(),
            start_people: Vec::new(),
            start_groups: Vec::new(),
            people_starts: Vec::new(),
            group_starts: Vec::new(),
        };
        let ids = (runs.iter())
            .map(|run| {
                let mut bytes = IDS_MAGIC.to_vec();
                append(&mut bytes, run);
                bytes
            })
            .collect();
        let mut files = NetFiles {
            index: index_bytes(&index),
            people,
            groups,
            ids,
            start: RECORDS_MAGIC.to_vec(),
        };
        // The opening view's records, found as the page finds them, copied into one file.
        let (start_people, start_groups) = opening_records(&files);
        for (numbers, lengths, from) in [
            (&start_people, &index.people, &files.people),
            (&start_groups, &index.groups, &files.groups),
        ] {
            let starts = record_starts(lengths);
            for &n in numbers {
                let at = starts[n as usize] as usize;
                (files.start).extend_from_slice(&from[at..at + lengths[n as usize] as usize]);
            }
        }
        (index.start_people, index.start_groups) = (start_people, start_groups);
        files.index = index_bytes(&index);
        files
    }
}

/// `index.bin`'s bytes.
fn index_bytes(index: &NetIndex) -> Vec<u8> {
    let mut bytes = INDEX_MAGIC.to_vec();
    append(&mut bytes, index);
    bytes
}

/// The people and groups whose records the opening view (no focus, no chain, every kind)
/// reads from `files`, ascending.
fn opening_records(files: &NetFiles) -> (Vec<u32>, Vec<u32>) {
    let index = NetIndex::from_bytes(&files.index).expect("the index just written reads back");
    let mut parts = NetParts::new(index);
    parts
        .fill_from(files, &[], |net| needs(net, EdgeKinds::ALL, None, &[]))
        .expect("the files just written hold every record");
    parts.loaded()
}
