//! The first answer: a link to a search (`/?q=…`, no filters, by relevance or name) answered
//! from the shards of its words and the records of the cards on screen
//! ([`crate::files::find`]), before the whole directory has arrived, which is fetched after it.
//!
//! The shards make an index that answers the query as the whole one does (the same people, in
//! the same order, the same count and match reasons); the facet counts wait for the whole
//! directory. It only speeds up the first paint: a failure is logged, not shown, and the page
//! waits for the directory, whose own load reports its errors.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::future::try_join_all;

use crate::files::find::{BLOCK, CardBlock, FindIndex};
use crate::files::paths;
use crate::search::index::shards::{WordShard, answers, shards_for_query};
use crate::search::titles::shards_for_query as title_shards;
use crate::search::{
    Card, FieldKind, MatchReason, SearchIndex, SearchParams, Stats, TitleShard, TitleShards,
};
use crate::ui::browser::timed;

use super::fetch::{DataError, fetch_bytes_early, fetch_range, fetch_required, fetch_titles};

/// Cards of the first answer: more than a tall screen shows (two columns of cards at most, six
/// rows on a 1,440 px high one); the whole directory brings the rest. Each block of records
/// they are in is a request of its own, and a host on HTTP/1.1 answers six at a time: 24 cards
/// took four round trips (0.6 s on a phone's connection), 12 take two at most.
pub const CARDS: usize = 12;

/// One card of the first answer.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerCard {
    /// Their card and figures.
    pub card: (Card, Stats),
    /// Why they matched (not when it is their name, which the card shows anyway).
    pub reason: Option<MatchReason>,
}

/// The first answer to a query.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstAnswer {
    /// The params it answers.
    pub params: SearchParams,
    /// How many researchers match (exact).
    pub total: usize,
    /// The first [`CARDS`] of them, in order.
    pub cards: Vec<AnswerCard>,
    /// The topic vocabulary the cards' topics point into: (id, name).
    pub topics: Arc<Vec<(String, String)>>,
    /// The publication-title shards it read, by key: the directory's search takes them over
    /// (the same files) rather than fetching them again.
    pub titles: BTreeMap<String, Arc<TitleShard>>,
}

/// Whether the app, starting on the directory with `params`, answers from the shards first.
pub fn wanted(params: &SearchParams) -> bool {
    answers(params) && !params.query.trim().is_empty()
}

/// The first answer to `params`, or `None` when the host has no first-answer files or one could
/// not be read (logged).
pub async fn fetch(params: SearchParams) -> Option<Arc<FirstAnswer>> {
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    match answer(params).await {
        Ok(answer) => answer.map(Arc::new),
        Err(e) => {
            leptos::logging::warn!("the first answer: {e}");
            None
        }
    }
}

async fn answer(params: SearchParams) -> Result<Option<FirstAnswer>, DataError> {
    // Started by `public/early.js` with the page, when the URL asked for a plain search.
    let Some(bytes) = fetch_bytes_early(paths::FIND).await? else {
        return Ok(None);
    };
    let index = FindIndex::from_bytes(&bytes).map_err(DataError::refused(paths::FIND))?;
    let query = &params.query;
    let (words, titles) =
        futures::join!(
        try_join_all(shards_for_query(query, &index.words).into_iter().map(word_shard)),
        try_join_all(title_shards(query, &index.titles).into_iter().map(|key| async move {
            fetch_titles(key.clone()).await.map(|shard| (key, shard))
        })),
    );
    let (words, titles) = (words?, titles?);
    let titles = TitleShards {
        known: Some(index.titles.clone()),
        loaded: titles.into_iter().collect(),
    };
    let part = SearchIndex::from_shards(index.len(), &words.iter().collect::<Vec<_>>());
    let hits = timed("atlas:search", || part.find(&params, &titles, false)).hits;
    let shown: Vec<usize> = hits.iter().take(CARDS).map(|h| h.researcher).collect();
    let mut cards = cards(&index, &shown).await?;
    let cards = (shown.into_iter())
        .map(|rank| {
            let card = cards.remove(&rank).ok_or_else(|| {
                DataError::Invalid(paths::CARDS.to_owned(), format!("no record {rank}"))
            })?;
            Ok(AnswerCard {
                card,
                reason: (part.reason(rank, query, &titles)).filter(|m| m.kind != FieldKind::Name),
            })
        })
        .collect::<Result<_, DataError>>()?;
    Ok(Some(FirstAnswer {
        total: hits.len(),
        cards,
        topics: Arc::new(index.topics.clone()),
        titles: titles.loaded,
        params,
    }))
}

/// Word shard `key`.
async fn word_shard(key: String) -> Result<WordShard, DataError> {
    let url = paths::words(&key);
    let bytes = fetch_required(&url).await?;
    WordShard::from_bytes(&bytes).map_err(DataError::refused(url))
}

/// The card records of the researchers `ranks`-th in name order, by rank: each block that has
/// one of them fetched once, all at the same time.
async fn cards(
    index: &FindIndex,
    ranks: &[usize],
) -> Result<BTreeMap<usize, (Card, Stats)>, DataError> {
    let invalid = |e: String| DataError::Invalid(paths::CARDS.to_owned(), e);
    let blocks: BTreeMap<usize, CardBlock> = (ranks.iter())
        .map(|&rank| {
            let block =
                (index.card_block(rank)).ok_or_else(|| invalid(format!("no record {rank}")))?;
            Ok((block.block, block))
        })
        .collect::<Result<_, DataError>>()?;
    let read = try_join_all(blocks.into_values().map(|block| async move {
        let bytes = fetch_range(paths::CARDS, block.bytes.clone()).await?;
        let first = block.block * BLOCK;
        let read = block
            .read(&bytes)
            .map_err(DataError::refused(paths::CARDS))?;
        Ok::<_, DataError>((first..).zip(read))
    }))
    .await?;
    Ok(read.into_iter().flatten().collect())
}
