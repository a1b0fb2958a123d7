//! The experts files (`data/experts/…`): what `/experts` answers from, in the parts
//! [`crate::search::experts::parts`] builds, in three files: `index.bin` (the parts' index and
//! where each part is), `terms.bin` (the term files — buckets of rare terms, then the common
//! terms' own files — one after another) and `people.bin` (the blocks of researchers with their
//! papers, one after another). A page fetches the index once, then each part a question needs
//! by byte range, so a directory of any size adds three files to the site. Every file and every
//! part starts with [`MAGIC`], [`EXPERTS_FORMAT`] and a kind byte, then postcard; a term
//! file's paper numbers are delta-coded.

use serde::{Deserialize, Serialize};

use std::ops::Range;

use super::Header;
use crate::Error;
use crate::files::paths;
use crate::model::{CareerStage, Dataset};
use crate::search::experts::parts::{Block, Part, Parts, PartsIndex, Posting, TermFile};

/// Version of the experts files' format. 4: the blocks' records carry their translations.
pub const EXPERTS_FORMAT: u32 = 4;

/// The first bytes of every experts file.
pub const MAGIC: &[u8] = b"ATLAS-EXPERTS\x00";

const INDEX: u8 = 0;
const TERMS: u8 = 1;
const BLOCK: u8 = 2;

/// The index as written: the parts' index, then each term file's and each block's length in
/// bytes, in file order.
#[derive(Serialize, Deserialize)]
struct IndexWire {
    papers: u32,
    stages: Vec<CareerStage>,
    buckets: u32,
    own: Vec<(String, u32)>,
    block: u32,
    terms: Vec<u32>,
    people: Vec<u32>,
}

/// What a page reads first: the parts' index, and where each part is in its file.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpertsIndex {
    /// The parts' index.
    pub parts: PartsIndex,
    /// Offsets of the term files in `terms.bin`: the buckets, then the own files; one more
    /// than there are files.
    terms: Vec<u64>,
    /// Offsets of the blocks in `people.bin`; one more than there are blocks.
    people: Vec<u64>,
}

impl ExpertsIndex {
    /// The file and the bytes of `part` (none for a part the index does not have).
    pub fn range(&self, part: Part) -> Option<(&'static str, Range<u64>)> {
        let (file, offsets, n) = match part {
            Part::Bucket(n) => (paths::experts::TERMS, &self.terms, n as usize),
            Part::Own(n) => (
                paths::experts::TERMS,
                &self.terms,
                self.parts.buckets as usize + n as usize,
            ),
            Part::Block(n) => (paths::experts::PEOPLE, &self.people, n as usize),
        };
        Some((file, *offsets.get(n)?..*offsets.get(n + 1)?))
    }
}

/// The experts files' bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Packed {
    /// `index.bin`.
    pub index: Vec<u8>,
    /// `terms.bin`.
    pub terms: Vec<u8>,
    /// `people.bin`.
    pub people: Vec<u8>,
}

/// The files of `parts`.
pub fn pack(parts: &Parts) -> Packed {
    let mut terms = Vec::new();
    let mut term_lens = Vec::new();
    for f in parts.buckets.iter().chain(&parts.own) {
        let b = terms_to_bytes(f);
        term_lens.push(b.len() as u32);
        terms.extend(b);
    }
    let mut people = Vec::new();
    let mut people_lens = Vec::new();
    for blk in &parts.blocks {
        let b = block_to_bytes(blk);
        people_lens.push(b.len() as u32);
        people.extend(b);
    }
    let i = &parts.index;
    let index = encode(
        INDEX,
        &IndexWire {
            papers: i.papers,
            stages: i.stages.clone(),
            buckets: i.buckets,
            own: i.own.clone(),
            block: i.block,
            terms: term_lens,
            people: people_lens,
        },
    );
    Packed {
        index,
        terms,
        people,
    }
}

/// The offsets of parts of `lens` bytes laid one after another.
fn offsets(lens: &[u32]) -> Vec<u64> {
    let mut at = 0u64;
    let mut out = vec![0];
    for &l in lens {
        at += u64::from(l);
        out.push(at);
    }
    out
}

/// A posting as written: its paper number as the difference from the one before.
#[derive(Serialize, Deserialize)]
struct PostingWire {
    gap: u32,
    tf: u16,
    /// The paper's vector length (the cosine's).
    norm: f32,
    year: u16,
    authors: Vec<u32>,
}

fn encode<T: Serialize>(kind: u8, value: &T) -> Vec<u8> {
    crate::model::every_field(|| {
        let mut out = MAGIC.to_vec();
        out.extend(postcard::to_allocvec(&EXPERTS_FORMAT).expect("a number encodes"));
        out.push(kind);
        postcard::to_extend(value, out)
    })
    .expect("an experts file always encodes")
}

/// The part of `kind` in `bytes`; `what` names it in errors ("an experts index").
fn decode<'a, T: Deserialize<'a>>(
    bytes: &'a [u8],
    kind: u8,
    what: &'static str,
) -> Result<T, Error> {
    let header = Header {
        magic: MAGIC,
        version: EXPERTS_FORMAT,
        name: "an experts file",
        missing: "an experts file (it does not start with the Research Atlas experts header)",
        kind: "experts",
    };
    match header.open(bytes)?.split_first() {
        Some((&k, rest)) if k == kind => {
            let (value, rest) = postcard::take_from_bytes(rest).map_err(Error::decoding(what))?;
            // A range that took in more than its part is as wrong as one that took less.
            match rest.is_empty() {
                true => Ok(value),
                false => Err(Error::Trailing {
                    file: what,
                    bytes: rest.len(),
                }),
            }
        }
        _ => Err(Error::NotA(what)),
    }
}

/// The index of bytes written by [`pack`], refusing anything else.
pub fn index_from_bytes(bytes: &[u8]) -> Result<ExpertsIndex, Error> {
    let w: IndexWire = decode(bytes, INDEX, "an experts index")?;
    if w.buckets == 0 || w.block == 0 {
        return Err(Error::Broken("broken experts index: no buckets or blocks"));
    }
    if w.own.windows(2).any(|p| p[0].0 >= p[1].0) {
        return Err(Error::Broken(
            "broken experts index: its common terms are not sorted",
        ));
    }
    if w.terms.len() != w.buckets as usize + w.own.len() {
        return Err(Error::Broken(
            "broken experts index: its term files and terms differ",
        ));
    }
    if w.people.len() != w.stages.len().div_ceil(w.block as usize) {
        return Err(Error::Broken(
            "broken experts index: its blocks and researchers differ",
        ));
    }
    Ok(ExpertsIndex {
        parts: PartsIndex {
            papers: w.papers,
            stages: w.stages,
            buckets: w.buckets,
            own: w.own,
            block: w.block,
        },
        terms: offsets(&w.terms),
        people: offsets(&w.people),
    })
}

/// A term file's bytes.
fn terms_to_bytes(file: &TermFile) -> Vec<u8> {
    let wire: Vec<(&str, Vec<PostingWire>)> = (file.terms.iter())
        .map(|(t, list)| {
            let mut prev = 0;
            let list = (list.iter())
                .map(|p| {
                    let gap = p.doc - prev;
                    prev = p.doc;
                    PostingWire {
                        gap,
                        tf: p.tf,
                        norm: p.norm,
                        year: p.year,
                        authors: p.authors.clone(),
                    }
                })
                .collect();
            (t.as_str(), list)
        })
        .collect();
    encode(TERMS, &wire)
}

/// The term file of bytes written by [`terms_to_bytes`], refusing anything else (terms out of
/// order, paper numbers past the end).
pub fn terms_from_bytes(bytes: &[u8]) -> Result<TermFile, Error> {
    let wire: Vec<(String, Vec<PostingWire>)> = decode(bytes, TERMS, "an experts term file")?;
    let mut terms = Vec::with_capacity(wire.len());
    for (t, list) in wire {
        let mut doc: u32 = 0;
        let mut out = Vec::with_capacity(list.len());
        for p in list {
            let Some(next) = doc.checked_add(p.gap) else {
                return Err(Error::Overflow(t));
            };
            doc = next;
            out.push(Posting {
                doc,
                tf: p.tf,
                norm: p.norm,
                year: p.year,
                authors: p.authors,
            });
        }
        terms.push((t, out));
    }
    if terms.windows(2).any(|p| p[0].0 >= p[1].0) {
        return Err(Error::Broken(
            "broken experts term file: its terms are not sorted",
        ));
    }
    Ok(TermFile { terms })
}

/// A block's bytes.
fn block_to_bytes(block: &Block) -> Vec<u8> {
    encode(BLOCK, &(block.first, &block.dataset, &block.docs))
}

/// The block of bytes written by [`block_to_bytes`], refusing anything else (a paper number
/// missing for a paper).
pub fn block_from_bytes(bytes: &[u8]) -> Result<Block, Error> {
    let (first, dataset, docs): (u32, Dataset, Vec<u32>) =
        decode(bytes, BLOCK, "an experts block")?;
    if docs.len() != dataset.publications.len() {
        return Err(Error::Broken(
            "broken experts block: its papers and their numbers differ",
        ));
    }
    Ok(Block {
        first,
        dataset,
        docs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::experts::parts::{self, Part, Parts};
    use crate::search::experts::{ExpertQuery, authors_of};

    use crate::model::bundled::dataset as bundled;

    /// The parts of `packed` read back as a page reads them: each by its range.
    fn read(packed: &Packed) -> (ExpertsIndex, Parts) {
        let index = index_from_bytes(&packed.index).unwrap();
        let slice = |part: Part| {
            let (file, r) = index.range(part).unwrap();
            let body = if file == paths::experts::TERMS {
                &packed.terms
            } else {
                &packed.people
            };
            body[r.start as usize..r.end as usize].to_vec()
        };
        let p = &index.parts;
        let parts = Parts {
            index: p.clone(),
            buckets: (0..p.buckets)
                .map(|n| terms_from_bytes(&slice(Part::Bucket(n))).unwrap())
                .collect(),
            own: (0..p.own.len() as u32)
                .map(|n| terms_from_bytes(&slice(Part::Own(n))).unwrap())
                .collect(),
            blocks: (0..p.stages.len().div_ceil(p.block as usize) as u32)
                .map(|n| block_from_bytes(&slice(Part::Block(n))).unwrap())
                .collect(),
        };
        (index, parts)
    }

    #[test]
    fn every_part_round_trips_by_its_range_and_a_file_refuses_what_it_cannot_read() {
        let built = Parts::build(&bundled());
        let packed = pack(&built);
        let (index, back) = read(&packed);
        assert_eq!(back, built);
        assert_eq!(index.range(Part::Block(99)), None);
        // Another version is named; an HTML page, another kind of part and a short file refused.
        let mut other = MAGIC.to_vec();
        other.extend(postcard::to_allocvec(&(EXPERTS_FORMAT + 1)).unwrap());
        other.extend(&packed.index[MAGIC.len() + 1..]);
        let err = index_from_bytes(&other).unwrap_err().to_string();
        assert!(
            err.contains(&format!("format {}", EXPERTS_FORMAT + 1)),
            "{err}"
        );
        assert!(index_from_bytes(b"<!doctype html>").is_err());
        assert!(
            terms_from_bytes(&packed.index)
                .unwrap_err()
                .to_string()
                .contains("term file")
        );
        assert!(block_from_bytes(&packed.people[..packed.people.len() / 2]).is_err());
        let mut broken = built.blocks[0].clone();
        broken.docs.pop();
        let err = block_from_bytes(&block_to_bytes(&broken))
            .unwrap_err()
            .to_string();
        assert!(err.contains("differ"), "{err}");
    }

    #[test]
    fn the_parts_read_by_range_give_the_experts_the_whole_dataset_gives() {
        let whole = bundled();
        let (_, read) = read(&pack(&Parts::build(&whole)));
        let corpus = crate::search::experts::Corpus::of(&whole);
        for text in [
            "ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models",
            "Intercloud brokers for machine learning jobs across clouds",
            "spiking neural networks on neuromorphic hardware",
        ] {
            for names in [
                vec![],
                vec!["Luo Mai".to_owned()],
                vec!["Ion Stoica".to_owned()],
            ] {
                let q = ExpertQuery {
                    text: text.into(),
                    authors: authors_of(&whole, &["tao-luo".into()], &names),
                    conflict_years: 5,
                    since: None,
                    stages: Vec::new(),
                    this_year: 2026,
                    limit: 20,
                };
                let a = crate::search::experts::find(&whole, &corpus, &q);
                let mut took: Vec<Part> = Vec::new();
                let b = parts::ask(&read, &q, |p| took.push(p));
                assert!(!a.experts.is_empty() || text.contains("spiking"), "{text}");
                assert_eq!(a, b, "{text} with {names:?}");
                assert!(!took.is_empty());
            }
        }
    }
}
