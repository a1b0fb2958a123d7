//! The compiled `/publications` in the browser: the index fetched when the page opens, then
//! only what the current list needs — the entries of each value a filter chooses, the word
//! shards of the query's words, the chunks holding the page's entries, and last the columns that
//! count a filtered list's facets — each once.
//!
//! [`PubFiles::list`] is the list to show: it changes only once everything its page needs has
//! arrived, so a filter or a page never blanks the list while its files load. Its facets say
//! they are counting until their columns arrive; the list is not busy for them.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::data::{DataError, Detail, READS_JSON, fetch_bytes, fetch_required};
use super::pub_list::use_pub_list;
use crate::files::detail::DetailFile;
use crate::files::paths;
use crate::files::publications::{Need, PubsIndex, answer, part_from_bytes};
use crate::search::publications::PubList;
use crate::search::publications::parts::{Part, PartLimits, PubParts};
use crate::search::publications::words::WordShard;
use crate::ui::browser::timed;

/// The index, or `None` when the host has no compiled publication files (the page then loads
/// the dataset).
pub async fn fetch_index() -> Result<Option<Arc<PubsIndex>>, DataError> {
    let Some(bytes) = fetch_bytes(paths::pubs::INDEX).await? else {
        if !READS_JSON {
            return Err(DataError::NotCompiled(paths::pubs::INDEX.to_owned()));
        }
        return Ok(None);
    };
    let index = PubsIndex::from_bytes(&bytes).map_err(DataError::refused(paths::pubs::INDEX))?;
    Ok(Some(Arc::new(index)))
}

/// One file the list may need.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum File {
    Part(Part),
    Words(String),
    Chunk(usize),
}

impl File {
    fn url(&self) -> String {
        match self {
            Self::Part(part) => paths::pubs::part(&part.name()),
            Self::Words(key) => paths::pubs::words(key),
            Self::Chunk(n) => paths::pubs::chunk(*n),
        }
    }
}

/// The files fetched so far.
struct Loaded {
    parts: PubParts,
    shards: BTreeMap<String, Arc<WordShard>>,
    chunks: BTreeMap<usize, Arc<Detail>>,
    /// Files being fetched.
    pending: BTreeSet<File>,
    /// The first failure; nothing more is fetched until Retry.
    error: Option<DataError>,
}

/// The compiled list's state.
#[derive(Clone, Copy)]
pub struct PubFiles {
    index: StoredValue<Arc<PubsIndex>>,
    loaded: RwSignal<Loaded>,
    /// Whether the answer still needs files.
    waiting: Memo<bool>,
    /// The list to show, once its page's entries have arrived.
    pub list: Memo<Option<PubList>>,
}

impl PubFiles {
    /// Starts answering the list params of the URL from `index`.
    pub fn new(index: Arc<PubsIndex>) -> Self {
        let pubs = use_pub_list();
        let loaded = RwSignal::new(Loaded {
            parts: index.parts(),
            shards: BTreeMap::new(),
            chunks: BTreeMap::new(),
            pending: BTreeSet::new(),
            error: None,
        });
        let answer = Memo::new({
            let index = index.clone();
            move |_| {
                pubs.params.with(|p| {
                    loaded.with(|l| {
                        timed("publications:list", || {
                            answer(&index, &l.parts, &l.shards, p)
                        })
                    })
                })
            }
        });
        let limits = loaded.with_untracked(|l| l.parts.limits());
        let index = StoredValue::new(index);
        let chunk_of = move |pos: usize| index.with_value(|i| i.chunk_of(pos));
        let list = Memo::new(move |prev: Option<&Option<PubList>>| {
            let ready = answer.with(|a| {
                a.as_ref()
                    .ok()
                    .filter(|l| {
                        loaded.with(|s| l.items().all(|pos| s.chunks.contains_key(&chunk_of(pos))))
                    })
                    .cloned()
            });
            ready.or_else(|| prev.cloned().flatten())
        });
        // Fetches what the answer lacks; tracks the answer and whether a failure stops it.
        Effect::new(move |_| {
            if loaded.with(|l| l.error.is_some()) {
                return;
            }
            let wanted: Vec<File> = answer.with(|a| match a {
                Err(Need { parts, words }) => (parts.iter().copied().map(File::Part))
                    .chain(words.iter().cloned().map(File::Words))
                    .collect(),
                Ok(l) => {
                    let chunks: BTreeSet<usize> = l.items().map(chunk_of).collect();
                    // The facets' columns once the page's entries are there.
                    let shown = loaded.with(|s| chunks.iter().all(|n| s.chunks.contains_key(n)));
                    let counting = if l.facets.counting && shown {
                        loaded.with_untracked(|s| s.parts.counting())
                    } else {
                        Vec::new()
                    };
                    (chunks.into_iter().map(File::Chunk))
                        .chain(counting.into_iter().map(File::Part))
                        .collect()
                }
            });
            for file in wanted {
                let skip = loaded.with_untracked(|l| {
                    l.pending.contains(&file)
                        || match &file {
                            File::Part(p) => l.parts.has(*p),
                            File::Words(k) => l.shards.contains_key(k),
                            File::Chunk(n) => l.chunks.contains_key(n),
                        }
                });
                if skip {
                    continue;
                }
                loaded.update(|l| {
                    l.pending.insert(file.clone());
                });
                spawn_local(async move {
                    let result = fetch(&file, limits).await;
                    loaded.update(|l| {
                        l.pending.remove(&file);
                        match result {
                            Ok(Got::Part(p, values)) => l.parts.insert(p, values),
                            Ok(Got::Words(k, s)) => {
                                l.shards.insert(k, s);
                            }
                            Ok(Got::Chunk(n, d)) => {
                                l.chunks.insert(n, d);
                            }
                            Err(e) => l.error = l.error.take().or(Some(e)),
                        }
                    });
                });
            }
        });
        Self {
            index,
            loaded,
            waiting: Memo::new(move |_| answer.with(Result::is_err)),
            list,
        }
    }

    /// The index.
    pub fn index(&self) -> Arc<PubsIndex> {
        self.index.get_value()
    }

    /// The failure that stopped loading, if any.
    pub fn error(&self) -> Option<DataError> {
        self.loaded.with(|l| l.error.clone())
    }

    /// Whether the list shown is not yet the answer to the URL's params: files it needs (not the
    /// facets' columns: the facets say they are counting) are coming, or failed.
    pub fn stale(&self) -> bool {
        self.waiting.with(|w| *w)
            || (self.loaded).with(|l| {
                l.pending
                    .iter()
                    .any(|f| !matches!(f, File::Part(Part::Column(_))))
            })
    }

    /// Whether files the current list needs are still coming. After a failure nothing is coming
    /// until Retry: the page is not busy, so the error shows (a pre-rendered page is replaced by
    /// it), and the list shown stays [`Self::stale`].
    pub fn busy(&self) -> bool {
        self.loaded.with(|l| l.error.is_none()) && self.stale()
    }

    /// Clears the failure, so loading starts again (the Retry button).
    pub fn retry(&self) {
        self.loaded.update(|l| l.error = None);
    }

    /// The chunk holding entry `position` and the entry's place in it, when loaded.
    pub fn entry(&self, position: usize) -> Option<(Arc<Detail>, usize)> {
        let (chunk, size) = self
            .index
            .with_value(|i| (i.chunk_of(position), i.chunk_size));
        let detail = self
            .loaded
            .with_untracked(|l| l.chunks.get(&chunk).cloned())?;
        Some((detail, position % size.max(1) as usize))
    }

    /// Fetches the chunks holding `positions` that are not loaded yet, one at a time.
    pub async fn load_entries(&self, positions: &[usize]) -> Result<(), DataError> {
        let chunks: BTreeSet<usize> = (positions.iter())
            .map(|&p| self.index.with_value(|i| i.chunk_of(p)))
            .collect();
        for n in chunks {
            if self.loaded.with_untracked(|l| l.chunks.contains_key(&n)) {
                continue;
            }
            let limits = self.loaded.with_untracked(|l| l.parts.limits());
            if let Got::Chunk(n, d) = fetch(&File::Chunk(n), limits).await? {
                self.loaded.update(|l| {
                    l.chunks.insert(n, d);
                });
            }
        }
        Ok(())
    }
}

/// A fetched file, decoded.
enum Got {
    Part(Part, Vec<u32>),
    Words(String, Arc<WordShard>),
    Chunk(usize, Arc<Detail>),
}

/// Fetches and decodes `file` of a list of `limits`.
async fn fetch(file: &File, limits: PartLimits) -> Result<Got, DataError> {
    let url = file.url();
    let bytes = fetch_required(&url).await?;
    let invalid = |e: crate::Error| DataError::refused(url.clone())(e);
    Ok(match file {
        File::Part(part) => Got::Part(
            *part,
            timed("publications:part", || {
                part_from_bytes(&bytes, *part, limits)
            })
            .map_err(invalid)?,
        ),
        File::Words(key) => Got::Words(
            key.clone(),
            Arc::new(WordShard::from_bytes(&bytes).map_err(invalid)?),
        ),
        File::Chunk(n) => {
            let file =
                timed("publications:chunk", || DetailFile::from_bytes(&bytes)).map_err(invalid)?;
            Got::Chunk(*n, Arc::new(Detail::from_file(file)))
        }
    })
}
