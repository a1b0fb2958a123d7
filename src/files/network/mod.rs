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
//! ([`NetParts::add`]) and assembles a [`Network`](crate::search::network::Network) from what it has ([`NetParts::network`]).
//! That network answers every question as the whole one wherever it holds what the question
//! reads, and says what it lacks otherwise ([`drawing::needs`](crate::search::network::drawing::needs),
//! [`Network::chain_needs`](crate::search::network::Network::chain_needs)): ask, fetch, and ask again.
//!
//! Every file starts with its own header, so a host's HTML error page is never taken for one;
//! each record is postcard on its own, so any one decodes alone.
//!
//! This file holds the formats; `write` makes the files from a whole network (the build),
//! `read` assembles a network from some of them (the page), and `check` asks both the same
//! questions (the tests).

use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::Header;
use crate::Error;
use crate::files::paths;
use crate::search::network::{AdvisedEdge, GroupKind, Whole};

/// Version of the network files' format; files of another version are refused with a clear
/// message.
pub const NETWORK_FORMAT: u32 = 3;

mod check;
mod read;
mod write;

pub use check::check_parts;
pub use read::{NetParts, with_people};

/// The first bytes of the index.
pub const INDEX_MAGIC: &[u8] = b"ATLASNIX\x00";
/// The first bytes of the people's and the groups' files (records start after them).
pub const RECORDS_MAGIC: &[u8] = b"ATLASNRC\x00";
/// The first bytes of a file of ids.
pub const IDS_MAGIC: &[u8] = b"ATLASNID\x00";

/// Researcher ids per file of `data/net/ids/`.
pub const IDS_PER_FILE: usize = 4096;

/// Records this close together in a file are fetched in one request (the bytes between them
/// cost less than another round trip).
pub const MERGE_GAP: u64 = 8 * 1024;

/// The files of a network, as the build writes them.
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
    /// `start.bin`.
    pub start: Vec<u8>,
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
    /// The best-connected person under each set of kinds, by [`EdgeKinds::bits`](crate::search::EdgeKinds::bits).
    pub focus: Vec<u32>,
    /// The first id of each file of ids (ids sorted as strings).
    pub id_files: Vec<String>,
    /// The people whose records `start.bin` holds, ascending: every one the opening view reads.
    /// Their records come first in it, each as in `people.bin`, then those of the groups.
    pub start_people: Vec<u32>,
    /// The groups whose member lists `start.bin` holds after the people's, ascending.
    pub start_groups: Vec<u32>,
    /// Where each person's record starts (not in the file).
    #[serde(skip)]
    pub(super) people_starts: Vec<u64>,
    /// Where each group's list starts (not in the file).
    #[serde(skip)]
    pub(super) group_starts: Vec<u64>,
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
    /// Its short title ([`SharedPaper::short_title`](crate::search::SharedPaper::short_title)).
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
    /// For one of several times together at an organization, the organization as a whole.
    pub whole: Option<Whole>,
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
            Self::People => paths::net::PEOPLE,
            Self::Groups => paths::net::GROUPS,
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
    pub fn slice<'a>(&self, body: &'a [u8]) -> Result<&'a [u8], Error> {
        let len = (self.range.end - self.range.start) as usize;
        if body.len() == len {
            return Ok(body);
        }
        let (start, end) = (self.range.start as usize, self.range.end as usize);
        body.get(start..end).ok_or(Error::Range {
            path: self.file.path(),
            start,
            end,
            got: body.len(),
        })
    }
}

impl NetIndex {
    /// Decodes `index.bin`, refusing anything else and other format versions.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let header = Header {
            magic: INDEX_MAGIC,
            version: NETWORK_FORMAT,
            name: "a network index",
            missing: "a network index (it does not start with the Research Atlas network header)",
            kind: "network",
        };
        header.open(bytes)?;
        // The version is the index's own first field.
        let body = &bytes[INDEX_MAGIC.len()..];
        let mut index: Self = postcard::from_bytes(body).map_err(Error::decoding(header.name))?;
        index.people_starts = starts(&index.people);
        index.group_starts = starts(&index.groups);
        if index.focus.len() != 8
            || index
                .focus
                .iter()
                .any(|&f| f as usize >= index.people.len().max(1))
        {
            return Err(Error::Broken(
                "broken network index: the default focus is out of range",
            ));
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
    pub(super) fn range(&self, file: PartFile, i: u32) -> Option<Range<u64>> {
        let (starts, lengths) = match file {
            PartFile::People => (&self.people_starts, &self.people),
            PartFile::Groups => (&self.group_starts, &self.groups),
        };
        let start = *starts.get(i as usize)?;
        Some(start..start + u64::from(lengths[i as usize]))
    }
}

/// Appends `value`, postcard-encoded, to `bytes`.
pub(super) fn append<T: Serialize>(bytes: &mut Vec<u8>, value: &T) {
    let taken = std::mem::take(bytes);
    *bytes = postcard::to_extend(value, taken).expect("network records always encode");
}

/// Where each record starts, after the file's header.
pub(super) fn starts(lengths: &[u32]) -> Vec<u64> {
    let mut at = RECORDS_MAGIC.len() as u64;
    (lengths.iter())
        .map(|&l| {
            let start = at;
            at += u64::from(l);
            start
        })
        .collect()
}

#[cfg(test)]
mod tests;
