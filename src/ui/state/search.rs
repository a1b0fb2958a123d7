//! The directory's search state. The URL is the source of truth: the route parses it
//! ([`AppRoute::parse`]) into a memo, and [`SearchContext::set`] writes it back through the route. Results are a memo over the index and those params — never a copy
//! kept in sync by an effect.

use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::data::{Atlas, DataError, fetch_titles, use_atlas, use_first_answer};
use crate::search::params::Set;
use crate::search::titles::shards_for_query;
use crate::search::{PubParams, QueryMemory, SearchParams, SearchResults, TitleShards};
use crate::site::route::AppRoute;
use crate::ui::browser::timed;
use crate::ui::router::{History, Href, RouteContext, use_route};

/// The loaded directory; compared by identity, so memos downstream only rerun when a new
/// directory arrives.
#[derive(Clone)]
pub struct Indexed {
    /// Cards, index, and the whole dataset when loaded as JSON.
    pub atlas: Arc<Atlas>,
}

impl PartialEq for Indexed {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.atlas, &other.atlas)
    }
}

/// The publication-title shards: fetched, in flight, and failed (with why).
#[derive(Clone, Copy)]
pub struct TitleState {
    /// The shards loaded so far.
    pub loaded: RwSignal<TitleShards>,
    /// Keys being fetched.
    pub pending: RwSignal<Set<String>>,
    /// Keys whose fetch failed, with the error.
    pub failed: RwSignal<BTreeMap<String, DataError>>,
}

/// The directory's search state: params from the URL, the index, the results, and the one way to
/// change them (through the route, so the URL stays the source of truth). A publication list's
/// state is apart, in [`super::pub_list`].
#[derive(Clone, Copy)]
pub struct SearchContext {
    /// The directory's params in the URL (the profile's `from` on a profile), with ids unknown to
    /// the dataset dropped.
    pub params: Memo<SearchParams>,
    /// The index, once the directory has loaded.
    pub indexed: Memo<Option<Indexed>>,
    /// The results for the current params and the title shards loaded so far, without match
    /// reasons (a card asks for its own).
    pub results: Memo<Option<SearchResults>>,
    /// The publication-title shards.
    pub titles: TitleState,
    route: RouteContext,
}

impl SearchContext {
    /// Keys of the publication-title shards the query needs (none until the directory has
    /// loaded, or when titles are not sharded).
    pub fn wanted_titles(&self) -> Vec<String> {
        self.indexed
            .with(|ix| {
                let known = ix.as_ref()?.atlas.shards.as_ref()?;
                Some(self.params.with(|p| shards_for_query(&p.query, known)))
            })
            .unwrap_or_default()
    }

    /// Writes the directory's `params` into the current route (a profile keeps its list's).
    pub fn set(&self, params: &SearchParams, history: History) {
        let next = self
            .route
            .route
            .with_untracked(|r| r.with_search(params.clone()));
        self.route.go(&next, history);
    }

    /// Changes the params with `change` and pushes the result as a new history entry.
    pub fn update(&self, change: impl FnOnce(&mut SearchParams)) {
        let mut p = self.params.get_untracked();
        change(&mut p);
        self.set(&p, History::Push);
    }

    /// Sets the query text while the user types: the first keystroke of a burst pushes a history
    /// entry, the following ones replace it, so Back returns to the view before typing.
    pub fn type_query(&self, text: String) {
        let mut p = self.params.get_untracked();
        p.query = text;
        self.set(&p, History::Typing);
    }

    /// A profile's href carrying the directory's params, so the profile's "back" and previous /
    /// next links know the current results. Reads the params tracked: use it in a closure.
    pub fn profile_href(&self, id: &str) -> String {
        self.params.with(|from| {
            AppRoute::Profile {
                id: id.to_owned(),
                from: from.clone(),
                list: PubParams::default(),
            }
            .href()
        })
    }

    /// The directory's href with its params (tracked, like [`Self::profile_href`]).
    pub fn directory_href(&self) -> String {
        self.params.with(|p| AppRoute::Directory(p.clone()).href())
    }
}

/// Creates the search state; called once by the app shell, inside the router.
pub fn provide_search() {
    let data = use_atlas();
    let route = use_route();
    // Without starting the load: the pages that show the directory start it (`DataView`).
    let indexed = Memo::new(move |_| match data.peek() {
        Some(Ok(atlas)) => Some(Indexed { atlas }),
        _ => None,
    });
    let params = Memo::new(move |_| {
        let raw = route
            .route
            .with(|r| r.search_params().cloned().unwrap_or_default());
        match indexed.read().as_ref() {
            Some(ix) => ix.atlas.index.sanitize(&raw),
            None => raw,
        }
    });
    let titles = TitleState {
        loaded: RwSignal::new(TitleShards::default()),
        pending: RwSignal::new(Set::new()),
        failed: RwSignal::new(BTreeMap::new()),
    };
    // Each key's search starts from the previous key's matches when the query narrows them
    // (the memory the previous answer carries; the same answer as a search from scratch).
    let results = Memo::new(move |before: Option<&Option<SearchResults>>| {
        let ix = indexed.get()?;
        let index = &ix.atlas.index;
        let fresh = QueryMemory::default();
        let memory = before
            .and_then(Option::as_ref)
            .map_or(&fresh, |r| &r.memory);
        // Timed apart, so the benchmark reads the search alone and the facet counts.
        Some(titles.loaded.with(|t| {
            params.with(|p| {
                let found = timed("atlas:search", || index.find_after(p, t, false, memory));
                let facets = timed("atlas:facets", || index.count(p, &found));
                SearchResults {
                    hits: found.hits,
                    facets,
                    memory: found.memory,
                }
            })
        }))
    });
    take_first_answers_titles(titles);
    fetch_needed_titles(indexed, params, titles);
    provide_context(SearchContext {
        params,
        indexed,
        results,
        titles,
        route,
    });
}

/// Takes over the title shards the first answer read (when the app started on a search), so the
/// directory, arriving after it, does not fetch them again.
fn take_first_answers_titles(t: TitleState) {
    let Some(answer) = use_first_answer() else {
        return;
    };
    Effect::new(move |_| {
        if let Some(Some(answer)) = answer.get() {
            t.loaded.update(|l| {
                for (key, shard) in &answer.titles {
                    l.loaded.entry(key.clone()).or_insert_with(|| shard.clone());
                }
            });
        }
    });
}

/// Fetches the title shards the query needs as soon as its words have two letters, so they
/// arrive while the user is still typing; each shard once (a failed one again after Retry
/// clears it).
fn fetch_needed_titles(indexed: Memo<Option<Indexed>>, params: Memo<SearchParams>, t: TitleState) {
    Effect::new(move |_| {
        let Some(ix) = indexed.get() else {
            return;
        };
        let Some(known) = ix.atlas.shards.as_ref() else {
            return;
        };
        let wanted = params.with(|p| shards_for_query(&p.query, known));
        // Read on every run (not behind a short-circuit), so Retry clearing it always reruns this.
        let failed: Set<String> = t.failed.with(|f| f.keys().cloned().collect());
        for key in wanted {
            let skip = failed.contains(&key)
                || t.loaded.with_untracked(|l| l.loaded.contains_key(&key))
                || t.pending.with_untracked(|p| p.contains(&key));
            if skip {
                continue;
            }
            t.pending.update(|p| {
                p.insert(key.clone());
            });
            spawn_local(async move {
                let result = fetch_titles(key.clone()).await;
                t.pending.update(|p| {
                    p.remove(&key);
                });
                match result {
                    Ok(shard) => t.loaded.update(|l| {
                        l.loaded.insert(key, shard);
                    }),
                    Err(e) => t.failed.update(|f| {
                        f.insert(key, e);
                    }),
                }
            });
        }
    });
}

/// The search state; provided by the app shell through [`provide_search`].
pub fn use_search() -> SearchContext {
    expect_context::<SearchContext>()
}
