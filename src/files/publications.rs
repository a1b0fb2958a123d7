//! The compiled `/publications`: the files `build-data` writes and how the page answers from
//! them, fetching only what it shows.
//!
//! - `data/pubs/index.bin` ([`PubsIndex`]): the counts, the dates of the list order, the
//!   vocabularies, the facets of the unfiltered list and the word shards' keys. With one chunk it
//!   answers the first page.
//! - `data/pubs/N.bin`: chunk `N` of the entries in list order, as a [`DetailFile`] (the
//!   publications, the vocabulary entries they mention, their BibTeX keys).
//! - `data/pubs/p/NAME.bin` ([`Part`]): each filter value's entries (`type-journal`,
//!   `venue-12`, `topic-3`, `org-40`, `honoured`), fetched by a filter that chooses it; and one
//!   attribute of every entry (`c-type`, `c-venue`, `c-cited`), fetched to count a filtered
//!   list's facets, or by a grouping or an order that reads it.
//! - `data/pubs/w/KEY.bin` ([`WordShard`]): the words of every entry, fetched by the text filter
//!   for the words it has.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::detail::{Abstracts, DetailFile};
use crate::Error;
use crate::model::PublicationType;
use crate::model::sort;
use crate::model::{Dataset, PublicationId};
use crate::search::params::{GroupBy, Order, PubParams};
use crate::search::publications::parts::{Column, Part, PartLimits, PubParts};
use crate::search::publications::words::{self, WordShard};
use crate::search::publications::{PubCore, PubFacets, PubList, PublicationIndex, TextQuery};

mod check;

pub use check::{Fetched, check_against, sample_params};

/// The version of these files; the app refuses files of another. 2: citation counts among the
/// attributes ([`crate::search::publications::PubAttrs::cited`]). 3: the attributes in parts.
pub const FORMAT: u32 = 3;

/// Entries per chunk for a list of `total`: about 50 KB gzipped, and at most 300 chunks.
pub fn chunk_size(total: usize) -> usize {
    total.div_ceil(300).max(200)
}

/// What the page needs first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PubsIndex {
    /// [`FORMAT`].
    pub format: u32,
    /// Every publication, once.
    pub total: u32,
    /// Researchers listing at least one.
    pub authors: u32,
    /// Entries per chunk.
    pub chunk_size: u32,
    /// The list order's dates: `(year, month, entries)`, newest first.
    pub runs: Vec<(u16, u8, u32)>,
    /// The facets of the unfiltered list.
    pub facets: PubFacets,
    /// The vocabularies (and no attributes): the unfiltered list by year from `runs`.
    pub core: PubCore,
    /// Keys of the word shards, sorted.
    pub word_keys: Vec<String>,
}

impl PubsIndex {
    /// Encodes the index.
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("the publication index always encodes")
    }

    /// Decodes an index written by [`Self::to_bytes`] of this [`FORMAT`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let decoding = Error::decoding("a publication index");
        let format: u32 = postcard::take_from_bytes(bytes).map_err(&decoding)?.0;
        if format != FORMAT {
            return Err(Error::Version {
                file: "publication index",
                found: format,
                reads: FORMAT,
            });
        }
        postcard::from_bytes(bytes).map_err(decoding)
    }

    /// The chunk holding the entry at `position`.
    pub fn chunk_of(&self, position: usize) -> usize {
        position / (self.chunk_size.max(1) as usize)
    }

    /// The first and last year of the list.
    pub fn span(&self) -> Option<(u16, u16)> {
        Some((self.runs.last()?.0, self.runs.first()?.0))
    }

    /// The unfiltered list's dates and vocabularies, and no part yet: what [`answer`] starts
    /// from.
    pub fn parts(&self) -> PubParts {
        let mut core = PubCore {
            vocab: self.core.vocab.clone(),
            ..PubCore::default()
        };
        for &(year, month, n) in &self.runs {
            let n = n as usize;
            core.attrs.year.extend(std::iter::repeat_n(year, n));
            core.attrs.month.extend(std::iter::repeat_n(month, n));
        }
        PubParts::new(core, self.facets.clone())
    }
}

/// Encodes `values` of `part` for its file: a value's entries as the gaps between them, a
/// column as it is (both as variable-length integers).
pub fn part_to_bytes(part: Part, values: &[u32]) -> Vec<u8> {
    let mut out: Vec<u32> = values.to_vec();
    if part.is_entries() {
        let mut last = 0;
        for v in &mut out {
            (*v, last) = (*v - last, *v);
        }
    }
    postcard::to_allocvec(&out).expect("a part always encodes")
}

/// Decodes a part's file written by [`part_to_bytes`] for a list of `limits`, refusing entries
/// out of order or past the list, a column of another length (the citations' column may be
/// empty: no entry has a count), and a type or venue the list has not.
pub fn part_from_bytes(bytes: &[u8], part: Part, limits: PartLimits) -> Result<Vec<u32>, Error> {
    let len = limits.len;
    let mut values: Vec<u32> =
        postcard::from_bytes(bytes).map_err(Error::decoding("a publication part"))?;
    let wrong = |why: String| Error::Differs(format!("publication part {}: {why}", part.name()));
    if part.is_entries() {
        let mut at: u64 = 0;
        for (n, v) in values.iter_mut().enumerate() {
            at += u64::from(*v);
            if (n > 0 && *v == 0) || at >= len as u64 {
                return Err(wrong(format!("entry {n} is out of order or past the list")));
            }
            *v = at as u32;
        }
        return Ok(values);
    }
    if values.len() != len && !(part == Part::Column(Column::Cited) && values.is_empty()) {
        return Err(wrong(format!("{} values for {len} entries", values.len())));
    }
    let highest = match part {
        Part::Column(Column::Kind) => Some(PublicationType::ALL.len() - 1),
        Part::Column(Column::Venue) => Some(limits.venues),
        _ => None,
    };
    if let Some(highest) = highest
        && let Some(n) = values.iter().position(|&v| v as usize > highest)
    {
        return Err(wrong(format!(
            "entry {n}'s value {} is not one of the list's",
            values[n]
        )));
    }
    Ok(values)
}

/// What the page must fetch before it can answer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Need {
    /// These parts of the attributes.
    pub parts: Vec<Part>,
    /// These word shards.
    pub words: Vec<String>,
}

/// The list for `params` from the compiled files loaded so far: `parts` starts as
/// [`PubsIndex::parts`], `shards` the word shards fetched. Entries are list positions. Without a
/// filter, grouped by year, the index alone answers.
pub fn answer(
    index: &PubsIndex,
    parts: &PubParts,
    shards: &BTreeMap<String, Arc<WordShard>>,
    params: &PubParams,
) -> Result<PubList, Need> {
    let dates = parts.core();
    let params = index.core.sanitize(params);
    let query = TextQuery::new(&params.query);
    // Most cited needs the counts, which are among the attributes.
    let plain =
        params.filter_count() == 0 && params.group == GroupBy::Year && params.order != Order::Cited;
    if plain && query.is_empty() {
        let mut shown: Vec<usize> = (0..index.total as usize).collect();
        if params.order == Order::Oldest {
            sort::by_key(&mut shown, |&i| (dates.attrs.year[i], dates.attrs.month[i]));
        }
        let (page, groups) = dates.group(&mut shown, &params);
        return Ok(PubList {
            total: index.total as usize,
            shown: shown.len(),
            entries: shown,
            page,
            groups,
            facets: index.facets.clone(),
        });
    }
    let text = if query.is_empty() {
        Ok(None)
    } else {
        words::matches(&query, &index.word_keys, shards).map(Some)
    };
    // The parts and the words are fetched together.
    match text {
        Ok(text) => parts.list(text.as_deref(), &params).map_err(|parts| Need {
            parts,
            words: Vec::new(),
        }),
        Err(words) => Err(Need {
            parts: parts.missing(&params),
            words,
        }),
    }
}

/// Everything `build-data` writes for `/publications`.
#[derive(Debug, Clone)]
pub struct CompiledPubs {
    /// `index.bin`.
    pub index: PubsIndex,
    /// `p/NAME.bin`: every part's values ([`Part::all_of`]).
    pub parts: BTreeMap<Part, Vec<u32>>,
    /// The dataset position of each entry, in list order: chunk `N` ([`Self::chunk`]) holds
    /// `order[N * chunk_size..]`, up to `chunk_size` of them.
    pub order: Vec<usize>,
    /// `w/KEY.bin`.
    pub words: BTreeMap<String, WordShard>,
}

impl CompiledPubs {
    /// Compiles the publications of `dataset` (the chunks are made by [`Self::chunk`]).
    pub fn build(dataset: &Dataset) -> Self {
        Self::build_within(dataset, words::WORD_BUDGET)
    }

    /// [`Self::build`] with word shards of about `budget` bytes at most.
    pub fn build_within(dataset: &Dataset, budget: usize) -> Self {
        // `ix` (and its words) lives until the chunks are made: letting a million entries' words
        // go first measured four times slower chunk writing (the allocator's free lists).
        let ix = PublicationIndex::new(dataset);
        let words = words::build_within(ix.words(), budget);
        let core = ix.core().clone();
        let order = ix.order().to_vec();
        let mut runs: Vec<(u16, u8, u32)> = Vec::new();
        for (&year, &month) in core.attrs.year.iter().zip(&core.attrs.month) {
            match runs.last_mut() {
                Some(r) if (r.0, r.1) == (year, month) => r.2 += 1,
                _ => runs.push((year, month, 1)),
            }
        }
        let size = chunk_size(order.len());
        let facets = core.list(None, None, &PubParams::default()).facets;
        let index = PubsIndex {
            format: FORMAT,
            total: order.len() as u32,
            authors: (dataset.researchers.iter())
                .filter(|r| !r.publications.is_empty())
                .count() as u32,
            chunk_size: size as u32,
            runs,
            facets,
            core: PubCore {
                vocab: core.vocab.clone(),
                ..PubCore::default()
            },
            word_keys: words.keys().cloned().collect(),
        };
        Self {
            index,
            parts: Part::all_of(&core),
            order,
            words,
        }
    }

    /// The file of `part` ([`part_to_bytes`]); an empty list for a part the list has not.
    pub fn part_bytes(&self, part: Part) -> Vec<u8> {
        part_to_bytes(part, self.parts.get(&part).map_or(&[][..], Vec::as_slice))
    }

    /// How many chunk files there are.
    pub fn chunk_count(&self) -> usize {
        self.order
            .len()
            .div_ceil(self.index.chunk_size.max(1) as usize)
    }

    /// `N.bin`: the publications of chunk `n` (of `dataset`, the one compiled) without their
    /// abstracts, the vocabulary entries they mention and their BibTeX keys from `keys`. Made when asked for, so that a
    /// large list is never all in memory twice.
    pub fn chunk(
        &self,
        dataset: &Dataset,
        keys: &HashMap<PublicationId, String>,
        n: usize,
    ) -> DetailFile {
        let size = self.index.chunk_size.max(1) as usize;
        let from = (n * size).min(self.order.len());
        let to = (from + size).min(self.order.len());
        // The list shows no abstract: its chunks leave them out.
        DetailFile::subset(dataset, None, &self.order[from..to], keys, Abstracts::Leave)
    }
}

#[cfg(test)]
mod tests {
    //! The compiled list answers exactly as the loaded one (at scale: `xtask`'s tests).

    use super::*;
    use crate::model::cite;

    use crate::model::bundled::dataset as bundled;

    #[test]
    fn the_compiled_list_answers_as_the_loaded_one_on_the_bundled_data() {
        let d = bundled();
        let ix = PublicationIndex::new(&d);
        let keys = cite::bibtex_keys(&d);
        // A small budget splits the word shards, as a large dataset would.
        for budget in [chunk_size(0) * 1000, 300] {
            let c = CompiledPubs::build_within(&d, budget);
            assert_eq!(c.index.total as usize, d.publications.len());
            let fetched = Fetched::of(&c).unwrap();
            for p in sample_params(&d) {
                check_against(&d, &c, &fetched, &ix, &p).unwrap();
            }
            // Every entry is in one chunk, once, in list order, with its BibTeX key.
            let chunks: Vec<_> = (0..c.chunk_count())
                .map(|n| c.chunk(&d, &keys, n))
                .collect();
            let ids: Vec<&str> = (chunks.iter())
                .flat_map(|f| f.dataset.publications.iter().map(|p| p.id.as_str()))
                .collect();
            let want: Vec<&str> = (ix.order().iter())
                .map(|&i| d.publications[i].id.as_str())
                .collect();
            assert_eq!(ids, want);
            for f in &chunks {
                for p in &f.dataset.publications {
                    assert_eq!(f.cite_keys.get(&p.id), keys.get(&p.id), "{}", p.id);
                }
            }
        }
    }

    #[test]
    fn a_part_out_of_order_past_the_list_or_of_another_length_is_refused() {
        // A list of `len` entries and four venues.
        let at = |len| PartLimits { len, venues: 4 };
        let entries = Part::Kind(0);
        let bytes = part_to_bytes(entries, &[0, 3, 9]);
        assert_eq!(part_from_bytes(&bytes, entries, at(10)).unwrap(), [0, 3, 9]);
        for len in [9, 3, 0] {
            let e = part_from_bytes(&bytes, entries, at(len)).unwrap_err();
            assert!(e.to_string().contains("type-conference"), "{e}");
        }
        // A repeated entry (a gap of 0 after the first).
        let twice = postcard::to_allocvec(&vec![2u32, 0]).unwrap();
        assert!(part_from_bytes(&twice, entries, at(10)).is_err());
        let column = Part::Column(Column::Venue);
        let bytes = part_to_bytes(column, &[4, 0, 4]);
        assert_eq!(part_from_bytes(&bytes, column, at(3)).unwrap(), [4, 0, 4]);
        assert!(part_from_bytes(&bytes, column, at(4)).is_err());
        assert!(part_from_bytes(&bytes[..2], column, at(3)).is_err());
        assert!(part_from_bytes(&[0], column, at(3)).is_err());
        assert!(part_from_bytes(&[0], Part::Column(Column::Cited), at(3)).is_ok());
        // A venue or a type the list has not (a value past its vocabulary would index it).
        let e = part_from_bytes(&part_to_bytes(column, &[4, 5, 0]), column, at(3)).unwrap_err();
        assert!(e.to_string().contains("entry 1's value 5"), "{e}");
        let kind = Part::Column(Column::Kind);
        assert!(part_from_bytes(&part_to_bytes(kind, &[5, 0]), kind, at(2)).is_ok());
        assert!(part_from_bytes(&part_to_bytes(kind, &[6, 0]), kind, at(2)).is_err());
    }
}
