//! The experts files (`data/experts/…`): what `/experts` answers from, in the parts
//! [`crate::search::experts::parts`] builds — the index, the term files (buckets of rare terms
//! and the common terms' own files) and the blocks of researchers with their papers. Each file
//! is [`MAGIC`], [`EXPERTS_FORMAT`], a kind byte, then postcard; a term file's paper numbers
//! are delta-coded. A page fetches the index once and then only the parts a question needs.

use serde::{Deserialize, Serialize};

use crate::model::{CareerStage, Dataset};
use crate::search::experts::parts::{Block, PartsIndex, Posting, TermFile};

/// Version of the experts files' format.
pub const EXPERTS_FORMAT: u32 = 2;

/// The first bytes of every experts file.
pub const MAGIC: &[u8] = b"ATLAS-EXPERTS\x00";

const INDEX: u8 = 0;
const TERMS: u8 = 1;
const BLOCK: u8 = 2;

/// The index as written.
#[derive(Serialize, Deserialize)]
struct IndexWire {
    papers: u32,
    mean_len: f32,
    stages: Vec<CareerStage>,
    buckets: u32,
    own: Vec<(String, u32)>,
    block: u32,
}

/// A posting as written: its paper number as the difference from the one before.
#[derive(Serialize, Deserialize)]
struct PostingWire {
    gap: u32,
    tf: u16,
    len: u32,
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

fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8], kind: u8, what: &str) -> Result<T, String> {
    let body = bytes
        .strip_prefix(MAGIC)
        .ok_or("not an experts file (it does not start with the Research Atlas experts header)")?;
    // The version comes first, so a file of another version is named as such.
    let (format, rest): (u32, _) =
        postcard::take_from_bytes(body).map_err(|e| format!("not an experts file: {e}"))?;
    if format != EXPERTS_FORMAT {
        return Err(format!(
            "experts format {format}, this app reads {EXPERTS_FORMAT}: rebuild the data (cargo xtask build-data)"
        ));
    }
    match rest.split_first() {
        Some((&k, rest)) if k == kind => {
            postcard::from_bytes(rest).map_err(|e| format!("not an experts {what}: {e}"))
        }
        _ => Err(format!("not an experts {what}")),
    }
}

/// The index's bytes.
pub fn index_to_bytes(index: &PartsIndex) -> Vec<u8> {
    encode(
        INDEX,
        &IndexWire {
            papers: index.papers,
            mean_len: index.mean_len,
            stages: index.stages.clone(),
            buckets: index.buckets,
            own: index.own.clone(),
            block: index.block,
        },
    )
}

/// The index of bytes written by [`index_to_bytes`], refusing anything else.
pub fn index_from_bytes(bytes: &[u8]) -> Result<PartsIndex, String> {
    let w: IndexWire = decode(bytes, INDEX, "index")?;
    if w.buckets == 0 || w.block == 0 {
        return Err("broken experts index: no buckets or blocks".into());
    }
    if w.own.windows(2).any(|p| p[0].0 >= p[1].0) {
        return Err("broken experts index: its common terms are not sorted".into());
    }
    Ok(PartsIndex {
        papers: w.papers,
        mean_len: w.mean_len,
        stages: w.stages,
        buckets: w.buckets,
        own: w.own,
        block: w.block,
    })
}

/// A term file's bytes.
pub fn terms_to_bytes(file: &TermFile) -> Vec<u8> {
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
                        len: p.len,
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
pub fn terms_from_bytes(bytes: &[u8]) -> Result<TermFile, String> {
    let wire: Vec<(String, Vec<PostingWire>)> = decode(bytes, TERMS, "term file")?;
    let mut terms = Vec::with_capacity(wire.len());
    for (t, list) in wire {
        let mut doc: u32 = 0;
        let mut out = Vec::with_capacity(list.len());
        for p in list {
            doc = doc
                .checked_add(p.gap)
                .ok_or_else(|| format!("broken experts term file: {t}'s papers overflow"))?;
            out.push(Posting {
                doc,
                tf: p.tf,
                len: p.len,
                year: p.year,
                authors: p.authors,
            });
        }
        terms.push((t, out));
    }
    if terms.windows(2).any(|p| p[0].0 >= p[1].0) {
        return Err("broken experts term file: its terms are not sorted".into());
    }
    Ok(TermFile { terms })
}

/// A block's bytes.
pub fn block_to_bytes(block: &Block) -> Vec<u8> {
    encode(BLOCK, &(block.first, &block.dataset, &block.docs))
}

/// The block of bytes written by [`block_to_bytes`], refusing anything else (a paper number
/// missing for a paper).
pub fn block_from_bytes(bytes: &[u8]) -> Result<Block, String> {
    let (first, dataset, docs): (u32, Dataset, Vec<u32>) = decode(bytes, BLOCK, "block")?;
    if docs.len() != dataset.publications.len() {
        return Err("broken experts block: its papers and their numbers differ".into());
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

    fn bundled() -> Dataset {
        crate::model::load(include_str!("../../data/researchers.json"), 2027)
            .unwrap()
            .dataset
    }

    #[test]
    fn every_part_round_trips_and_a_file_refuses_what_it_cannot_read() {
        let p = Parts::build(&bundled());
        assert_eq!(
            index_from_bytes(&index_to_bytes(&p.index)).unwrap(),
            p.index
        );
        for f in p.buckets.iter().chain(&p.own) {
            assert_eq!(&terms_from_bytes(&terms_to_bytes(f)).unwrap(), f);
        }
        for b in &p.blocks {
            assert_eq!(&block_from_bytes(&block_to_bytes(b)).unwrap(), b);
        }
        // Another version is named; an HTML page, another kind of part and a short file refused.
        let index = index_to_bytes(&p.index);
        let mut other = MAGIC.to_vec();
        other.extend(postcard::to_allocvec(&(EXPERTS_FORMAT + 1)).unwrap());
        other.extend(&index[MAGIC.len() + 1..]);
        let err = index_from_bytes(&other).unwrap_err();
        assert!(
            err.contains(&format!("format {}", EXPERTS_FORMAT + 1)),
            "{err}"
        );
        assert!(index_from_bytes(b"<!doctype html>").is_err());
        assert!(terms_from_bytes(&index).unwrap_err().contains("term file"));
        assert!(block_from_bytes(&index[..index.len() / 2]).is_err());
        let mut broken = p.blocks[0].clone();
        broken.docs.pop();
        let err = block_from_bytes(&block_to_bytes(&broken)).unwrap_err();
        assert!(err.contains("differ"), "{err}");
    }

    #[test]
    fn the_decoded_parts_give_the_experts_the_whole_dataset_gives() {
        let whole = bundled();
        let built = Parts::build(&whole);
        // Through the bytes, as a page reads them.
        let read = Parts {
            index: index_from_bytes(&index_to_bytes(&built.index)).unwrap(),
            buckets: (built.buckets.iter())
                .map(|f| terms_from_bytes(&terms_to_bytes(f)).unwrap())
                .collect(),
            own: (built.own.iter())
                .map(|f| terms_from_bytes(&terms_to_bytes(f)).unwrap())
                .collect(),
            blocks: (built.blocks.iter())
                .map(|b| block_from_bytes(&block_to_bytes(b)).unwrap())
                .collect(),
        };
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
