//! The experts data in parts, so that a question fetches what it reads and not every paper:
//!
//! - the **index** ([`PartsIndex`]): how many papers (idf's N), each
//!   researcher's career stage, how many term buckets there are, the common terms (each with
//!   how many papers hold it), and how many researchers a block holds;
//! - **term files** ([`TermFile`]): each term's postings with what ranking reads of each paper
//!   (its vector's length, year, directory authors). A common term — its postings over [`OWN_FILE_BYTES`] —
//!   has a file of its own; the others share [`PartsIndex::buckets`] buckets by a hash of the
//!   term, each about [`BUCKET_BYTES`];
//! - **blocks** ([`Block`]): [`BLOCK`] consecutive researchers with what the result cards and
//!   the conflicts read — their records ([`super::subset`]'s cut) and all their papers.
//!
//! A question goes in three steps ([`next`] says what is missing): the buckets of its terms
//! (a rare term's postings are small, and the common terms' counts are in the index), then the
//! own files of the common terms among those it keeps ([`terms::weigh`]), then — ranked — the
//! blocks of the experts it lists and of the submission's member authors. [`answer`] then gives
//! exactly what [`super::find`] gives over the whole dataset.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::corpus::{Corpus, PaperDoc};
use super::subset::subset;
use super::terms::Weighed;
use super::{Answer, Author, ExpertQuery, TERM_CAP, terms};
use crate::model::{CareerStage, Dataset, Publication};

/// About how many encoded bytes a bucket of rare terms holds.
pub const BUCKET_BYTES: usize = 16 * 1024;
/// A term whose postings encode to more bytes than this has a file of its own.
pub const OWN_FILE_BYTES: usize = 4 * 1024;
/// How many consecutive researchers a block holds: one, so a question reads the records of
/// the people it lists and no neighbour's (blocks are read by byte range, so their number
/// costs no files).
pub const BLOCK: usize = 1;

/// One paper holding a term: the paper (its number among the papers with a directory author),
/// how often it holds the term, and what ranking reads of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Posting {
    /// The paper's number.
    pub doc: u32,
    /// How many times it holds the term.
    pub tf: u16,
    /// Its vector's length ([`super::corpus::PaperDoc::norm`]).
    pub norm: f32,
    /// Its year.
    pub year: u16,
    /// Its directory authors, by index in the directory, in author order.
    pub authors: Vec<u32>,
}

/// Terms with their postings, sorted by term.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TermFile {
    /// (term, its postings by paper), by term.
    pub terms: Vec<(String, Vec<Posting>)>,
}

impl TermFile {
    /// The postings of `term`, when the file has it.
    pub fn get(&self, term: &str) -> Option<&[Posting]> {
        let i = (self.terms)
            .binary_search_by(|(t, _)| t.as_str().cmp(term))
            .ok()?;
        Some(&self.terms[i].1)
    }
}

/// What every question reads first.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PartsIndex {
    /// How many papers have a directory author.
    pub papers: u32,
    /// Each researcher's career stage, in directory order.
    pub stages: Vec<CareerStage>,
    /// How many buckets the rare terms share.
    pub buckets: u32,
    /// The terms with a file of their own, sorted, with how many papers hold each.
    pub own: Vec<(String, u32)>,
    /// How many researchers a block holds.
    pub block: u32,
}

impl PartsIndex {
    /// The position of `term` among the terms with a file of their own.
    pub fn own_file(&self, term: &str) -> Option<usize> {
        (self.own)
            .binary_search_by(|(t, _)| t.as_str().cmp(term))
            .ok()
    }

    /// The block that holds researcher `r`.
    pub fn block_of(&self, r: u32) -> u32 {
        r / self.block.max(1)
    }
}

/// Consecutive researchers with their papers: a small dataset of their records (cut as
/// [`super::subset`] cuts them, papers without abstracts) and the vocabularies' entries they
/// use.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The directory index of its first researcher.
    pub first: u32,
    /// Its researchers, every paper of theirs (by paper number), and the names they use.
    pub dataset: Dataset,
    /// Each of `dataset`'s publications' paper number.
    pub docs: Vec<u32>,
}

/// Every part of a dataset's experts data.
#[derive(Debug, Clone, PartialEq)]
pub struct Parts {
    /// The index.
    pub index: PartsIndex,
    /// The buckets of rare terms.
    pub buckets: Vec<TermFile>,
    /// The common terms' own files, in the order of [`PartsIndex::own`].
    pub own: Vec<TermFile>,
    /// The blocks, in directory order.
    pub blocks: Vec<Block>,
}

/// Which part: a bucket, a common term's own file, a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// Bucket `n` of rare terms.
    Bucket(u32),
    /// The own file of the `n`th common term.
    Own(u32),
    /// Block `n` of researchers.
    Block(u32),
}

/// The bucket of `term` among `buckets`: FNV-1a of its bytes (stable across builds and
/// platforms).
pub fn bucket_of(term: &str, buckets: u32) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in term.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h % buckets.max(1)
}

/// Bytes of `n` as a LEB128 varint (as postcard writes integers).
fn varint(n: u64) -> usize {
    (64 - n.max(1).leading_zeros() as usize).div_ceil(7)
}

/// About how many bytes `postings` of `term` encode to (docs delta-coded).
fn encoded_len(term: &str, postings: &[Posting]) -> usize {
    let mut prev = 0;
    let mut n = varint(term.len() as u64) + term.len() + varint(postings.len() as u64);
    for p in postings {
        n += varint(u64::from(p.doc - prev))
            + varint(u64::from(p.tf))
            + 4
            + varint(u64::from(p.year))
            + varint(p.authors.len() as u64)
            + (p.authors.iter())
                .map(|&a| varint(u64::from(a)))
                .sum::<usize>();
        prev = p.doc;
    }
    n
}

impl Parts {
    /// The parts of `dataset`'s experts data.
    pub fn build(dataset: &Dataset) -> Self {
        let corpus = Corpus::of(dataset);
        Self::of(dataset, &corpus)
    }

    /// The parts of `dataset`, whose corpus is `corpus`.
    pub fn of(dataset: &Dataset, corpus: &Corpus) -> Self {
        let mut terms: Vec<(&String, &Vec<(u32, u16)>)> = corpus.postings.iter().collect();
        terms.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let postings = |list: &[(u32, u16)]| -> Vec<Posting> {
            (list.iter())
                .map(|&(doc, tf)| {
                    let p = &corpus.papers[doc as usize];
                    Posting {
                        doc,
                        tf,
                        norm: p.norm,
                        year: p.year,
                        authors: p.authors.clone(),
                    }
                })
                .collect()
        };
        let mut own_terms = Vec::new();
        let mut own = Vec::new();
        let mut rare: Vec<(String, Vec<Posting>, usize)> = Vec::new();
        let mut rare_bytes = 0;
        for (term, list) in terms {
            let list = postings(list);
            let bytes = encoded_len(term, &list);
            if bytes > OWN_FILE_BYTES {
                own_terms.push((term.clone(), list.len() as u32));
                own.push(TermFile {
                    terms: vec![(term.clone(), list)],
                });
            } else {
                rare_bytes += bytes;
                rare.push((term.clone(), list, bytes));
            }
        }
        let buckets = rare_bytes.div_ceil(BUCKET_BYTES).max(1) as u32;
        let mut bucket_files = vec![TermFile::default(); buckets as usize];
        // `rare` is sorted by term, so each bucket's terms are too.
        for (term, list, _) in rare {
            let b = bucket_of(&term, buckets) as usize;
            bucket_files[b].terms.push((term, list));
        }
        let index = PartsIndex {
            papers: corpus.papers.len() as u32,
            stages: dataset.researchers.iter().map(|r| r.career_stage).collect(),
            buckets,
            own: own_terms,
            block: BLOCK as u32,
        };
        Self {
            index,
            buckets: bucket_files,
            own,
            blocks: blocks(dataset, corpus),
        }
    }

    /// Part `part`'s terms, when it is a term file.
    pub fn term_file(&self, part: Part) -> Option<&TermFile> {
        match part {
            Part::Bucket(n) => self.buckets.get(n as usize),
            Part::Own(n) => self.own.get(n as usize),
            Part::Block(_) => None,
        }
    }
}

/// The blocks of `dataset` (whose corpus is `corpus`).
fn blocks(dataset: &Dataset, corpus: &Corpus) -> Vec<Block> {
    let cut = subset(dataset);
    (0..dataset.researchers.len())
        .step_by(BLOCK)
        .map(|first| {
            let end = (first + BLOCK).min(dataset.researchers.len());
            let mut docs: Vec<u32> = (first..end)
                .flat_map(|r| corpus.by_researcher[r].iter().copied())
                .collect();
            docs.sort_unstable();
            docs.dedup();
            let publications: Vec<Publication> = (docs.iter())
                .map(|&d| Publication {
                    abstract_text: None,
                    ..dataset.publications[corpus.papers[d as usize].publication as usize].clone()
                })
                .collect();
            let researchers = cut.researchers[first..end].to_vec();
            let small = Dataset {
                researchers,
                publications,
                ..Dataset::empty()
            };
            Block {
                first: first as u32,
                dataset: with_vocabularies(small, &cut),
                docs,
            }
        })
        .collect()
}

/// `small` with the organizations, topics and venues of `whole` that its records name.
fn with_vocabularies(mut small: Dataset, whole: &Dataset) -> Dataset {
    let mut orgs: BTreeSet<&str> = BTreeSet::new();
    let mut topics: BTreeSet<&str> = BTreeSet::new();
    let mut venues: BTreeSet<&str> = BTreeSet::new();
    for r in &small.researchers {
        orgs.extend(r.organization.iter().map(|o| o.as_str()));
        orgs.extend(r.positions.iter().map(|p| p.organization.as_str()));
        orgs.extend(r.education.iter().map(|e| e.organization.as_str()));
        topics.extend(r.topics.iter().map(|t| t.as_str()));
    }
    for p in &small.publications {
        topics.extend(p.topics.iter().map(|t| t.as_str()));
        venues.extend(p.venue.iter().map(|v| v.as_str()));
    }
    let organizations = (whole.organizations.iter())
        .filter(|o| orgs.contains(o.id.as_str()))
        .cloned()
        .collect();
    let topic_list = (whole.topics.iter())
        .filter(|t| topics.contains(t.id.as_str()))
        .cloned()
        .collect();
    let venue_list = (whole.venues.iter())
        .filter(|v| venues.contains(v.id.as_str()))
        .cloned()
        .collect();
    small.schema_version = whole.schema_version;
    small.organizations = organizations;
    small.topics = topic_list;
    small.venues = venue_list;
    small
}

/// The parts a question has fetched so far.
#[derive(Debug, Clone, Default)]
pub struct Fetched {
    /// Term files by part.
    pub terms: HashMap<Part, TermFile>,
    /// Blocks by number.
    pub blocks: BTreeMap<u32, Block>,
}

impl Fetched {
    /// Whether `part` is in.
    pub fn has(&self, part: Part) -> bool {
        match part {
            Part::Block(n) => self.blocks.contains_key(&n),
            _ => self.terms.contains_key(&part),
        }
    }
}

/// The part that holds `term`'s postings.
fn part_of(index: &PartsIndex, term: &str) -> Part {
    match index.own_file(term) {
        Some(i) => Part::Own(i as u32),
        None => Part::Bucket(bucket_of(term, index.buckets)),
    }
}

/// The postings of `term`, when its part is in (empty when the directory has no such term).
fn postings<'a>(index: &PartsIndex, fetched: &'a Fetched, term: &str) -> Option<&'a [Posting]> {
    let file = fetched.terms.get(&part_of(index, term))?;
    Some(file.get(term).unwrap_or(&[]))
}

/// The query as ranking reads it, once its terms' counts are known (the buckets of its rare
/// terms in).
fn kept(index: &PartsIndex, fetched: &Fetched, words: &[String]) -> Weighed {
    terms::weigh(
        words,
        |t| match index.own_file(t) {
            Some(i) => index.own[i].1 as usize,
            None => postings(index, fetched, t).map_or(0, <[Posting]>::len),
        },
        index.papers as usize,
        TERM_CAP,
    )
}

/// The corpus of the `kept` terms' postings: their papers (numbered in paper order, each
/// holding its paper number as `publication`) and postings.
fn partial_corpus(index: &PartsIndex, fetched: &Fetched, kept: &Weighed) -> Corpus {
    let lists: Vec<&[Posting]> = (kept.kept.iter())
        .map(|(t, _, _)| postings(index, fetched, t).unwrap_or(&[]))
        .collect();
    let mut docs: Vec<&Posting> = lists.iter().flat_map(|l| l.iter()).collect();
    docs.sort_unstable_by_key(|p| p.doc);
    docs.dedup_by_key(|p| p.doc);
    let local = |doc: u32| docs.binary_search_by_key(&doc, |p| p.doc).unwrap_or(0) as u32;
    let postings = (kept.kept.iter().zip(&lists))
        .map(|((t, _, _), list)| {
            (
                t.clone(),
                list.iter().map(|p| (local(p.doc), p.tf)).collect(),
            )
        })
        .collect();
    let papers = (docs.iter())
        .map(|p| PaperDoc {
            publication: p.doc,
            norm: p.norm,
            year: p.year,
            authors: p.authors.clone(),
        })
        .collect();
    Corpus {
        papers,
        postings,
        by_researcher: Vec::new(),
        total: index.papers as usize,
    }
}

/// What question `q` still needs fetched, in the order of its steps: empty when
/// [`answer`] can answer it.
pub fn next(index: &PartsIndex, q: &ExpertQuery, fetched: &Fetched) -> Vec<Part> {
    let words = terms::terms(&q.text);
    let missing = |parts: BTreeSet<Part>| -> Vec<Part> {
        parts.into_iter().filter(|p| !fetched.has(*p)).collect()
    };
    let buckets: BTreeSet<Part> = (words.iter())
        .filter(|t| index.own_file(t).is_none())
        .map(|t| Part::Bucket(bucket_of(t, index.buckets)))
        .collect();
    let need = missing(buckets);
    if !need.is_empty() {
        return need;
    }
    let kept = kept(index, fetched, &words);
    let own: BTreeSet<Part> = (kept.kept.iter())
        .filter_map(|(t, _, _)| index.own_file(t))
        .map(|i| Part::Own(i as u32))
        .collect();
    let need = missing(own);
    if !need.is_empty() {
        return need;
    }
    let corpus = partial_corpus(index, fetched, &kept);
    let chosen = super::choose(&corpus, &kept, q, |r| index.stages.get(r as usize).copied());
    let mut blocks: BTreeSet<Part> = (chosen.iter())
        .map(|r| Part::Block(index.block_of(r.researcher)))
        .collect();
    for a in &q.authors {
        if let Author::Member(i) = a {
            blocks.insert(Part::Block(index.block_of(*i)));
        }
    }
    missing(blocks)
}

/// The answer to `q` from the parts [`next`] asked for — the same as [`super::find`]'s over
/// the whole dataset — with the records it names (the blocks' researchers and papers).
pub fn answer(index: &PartsIndex, q: &ExpertQuery, fetched: &Fetched) -> (Answer, Dataset) {
    let words = terms::terms(&q.text);
    let kept = kept(index, fetched, &words);
    let corpus = partial_corpus(index, fetched, &kept);
    let chosen = super::choose(&corpus, &kept, q, |r| index.stages.get(r as usize).copied());
    let small = merged(fetched);
    // Directory index → position in `small`, paper number → publication in `small`.
    let mut at: HashMap<u32, u32> = HashMap::new();
    let mut offset = 0;
    for b in fetched.blocks.values() {
        for i in 0..b.dataset.researchers.len() as u32 {
            at.insert(b.first + i, offset + i);
        }
        offset += b.dataset.researchers.len() as u32;
    }
    let docs: HashMap<u32, u32> = (small.docs.iter().enumerate())
        .map(|(i, &d)| (d, i as u32))
        .collect();
    let conflicts_corpus = Corpus::authorship(&small.dataset);
    let view = super::View {
        dataset: &small.dataset,
        corpus: &conflicts_corpus,
        researcher: &|r| at.get(&r).copied(),
        paper: &|doc| {
            let number = corpus.papers.get(doc as usize)?.publication;
            docs.get(&number).copied()
        },
    };
    let answer = super::answer_of(kept, chosen, q, &view);
    (answer, small.dataset)
}

/// The fetched blocks as one small dataset (researchers in directory order, papers once, in
/// paper order) with each publication's paper number.
struct Merged {
    dataset: Dataset,
    docs: Vec<u32>,
}

fn merged(fetched: &Fetched) -> Merged {
    let mut dataset = Dataset::empty();
    let mut papers: BTreeMap<u32, &Publication> = BTreeMap::new();
    let mut orgs = BTreeMap::new();
    let mut topics = BTreeMap::new();
    let mut venues = BTreeMap::new();
    for b in fetched.blocks.values() {
        dataset.schema_version = b.dataset.schema_version;
        dataset
            .researchers
            .extend(b.dataset.researchers.iter().cloned());
        for (p, &d) in b.dataset.publications.iter().zip(&b.docs) {
            papers.entry(d).or_insert(p);
        }
        for o in &b.dataset.organizations {
            orgs.entry(o.id.as_str()).or_insert(o);
        }
        for t in &b.dataset.topics {
            topics.entry(t.id.as_str()).or_insert(t);
        }
        for v in &b.dataset.venues {
            venues.entry(v.id.as_str()).or_insert(v);
        }
    }
    dataset.organizations = orgs.into_values().cloned().collect();
    dataset.topics = topics.into_values().cloned().collect();
    dataset.venues = venues.into_values().cloned().collect();
    let docs = papers.keys().copied().collect();
    dataset.publications = papers.into_values().cloned().collect();
    Merged { dataset, docs }
}

/// Answers `q` from `parts` held in memory, taking the parts in the steps a page fetches them
/// and telling `took` each one (the benchmark counts their bytes; tests compare the answer
/// with [`super::find`]'s).
pub fn ask(parts: &Parts, q: &ExpertQuery, mut took: impl FnMut(Part)) -> Answer {
    let mut fetched = Fetched::default();
    loop {
        let need = next(&parts.index, q, &fetched);
        if need.is_empty() {
            return answer(&parts.index, q, &fetched).0;
        }
        for part in need {
            took(part);
            match part {
                Part::Block(n) => {
                    if let Some(b) = parts.blocks.get(n as usize) {
                        fetched.blocks.insert(n, b.clone());
                    }
                }
                _ => {
                    let file = parts.term_file(part).cloned().unwrap_or_default();
                    fetched.terms.insert(part, file);
                }
            }
        }
    }
}
