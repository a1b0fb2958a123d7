//! The directory's search state. The URL query string is the source of truth: it is parsed in
//! one place ([`SearchParams::from_pairs`]) into a memo, and written in one place
//! ([`SearchContext::set`]). Results are a memo over the index and those params — never a copy
//! kept in sync by an effect.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};

use super::data::{Atlas, fetch_titles, use_directory};
use crate::search::titles::shards_for_query;
use crate::search::{PubParams, SearchParams, SearchResults, TitleShards, encode_query};
use crate::ui::browser::timed;
use crate::ui::routes::AppRoute;

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
    pub pending: RwSignal<BTreeSet<String>>,
    /// Keys whose fetch failed, with the error.
    pub failed: RwSignal<BTreeMap<String, String>>,
}

/// How a change reaches the browser history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum History {
    /// A new entry: Back returns to the previous view.
    Push,
    /// Replace the current entry (while typing).
    Replace,
}

/// The search state: params from the URL, the indexes, the results, and the one way to change
/// them. The URL carries two sets of params with distinct keys: the directory's
/// ([`SearchParams`]: kept on profile links, so "back" and previous / next know the results) and
/// a publication list's ([`PubParams`]).
#[derive(Clone, Copy)]
pub struct SearchContext {
    /// The directory's params in the URL, with ids unknown to the dataset dropped.
    pub params: Memo<SearchParams>,
    /// The publication list's params in the URL (a list drops venue ids it does not know).
    pub pub_params: Memo<PubParams>,
    /// The index, once the directory has loaded.
    pub indexed: Memo<Option<Indexed>>,
    /// The results for the current params and the title shards loaded so far, without match
    /// reasons (a card asks for its own).
    pub results: Memo<Option<SearchResults>>,
    /// The publication-title shards.
    pub titles: TitleState,
    navigate: StoredValue<Navigate, LocalStorage>,
    typing: StoredValue<u32, LocalStorage>,
}

/// The router's navigate function, kept so event handlers can write the URL.
type Navigate = Box<dyn Fn(&str, NavigateOptions)>;

/// How long after the last keystroke a typing burst counts as settled.
const TYPING_SETTLES: Duration = Duration::from_millis(1200);

impl SearchContext {
    /// Writes the directory's `params` to the URL (the list's are kept); the memos follow.
    pub fn set(&self, params: &SearchParams, history: History) {
        self.write(params, &self.pub_params.get_untracked(), history);
    }

    /// Writes a publication list's `params` to the URL (the directory's are kept).
    pub fn set_pubs(&self, params: &PubParams, history: History) {
        self.write(&self.params.get_untracked(), params, history);
    }

    /// Changes the list's params with `change` and pushes the result as a new history entry.
    pub fn update_pubs(&self, change: impl FnOnce(&mut PubParams)) {
        let mut p = self.pub_params.get_untracked();
        change(&mut p);
        self.set_pubs(&p, History::Push);
    }

    /// A profile's href carrying the directory's params, so the profile's "back" and previous /
    /// next links know the current results. Reads the params tracked: use it in a closure.
    pub fn profile_href(&self, id: &str) -> String {
        let query = self.params.with(|p| encode_query(&p.to_pairs()));
        format!("{}{query}", AppRoute::Profile(id.to_owned()).href())
    }

    /// The directory's href with its params (tracked, like [`Self::profile_href`]).
    pub fn directory_href(&self) -> String {
        let query = self.params.with(|p| encode_query(&p.to_pairs()));
        format!("{}{query}", AppRoute::Directory.href())
    }

    /// Writes both sets of params to the current path's query string.
    fn write(&self, params: &SearchParams, pubs: &PubParams, history: History) {
        let mut pairs = params.to_pairs();
        pairs.extend(pubs.to_pairs());
        let query = encode_query(&pairs);
        let path = window()
            .location()
            .pathname()
            .unwrap_or_else(|_| "/".into());
        let options = NavigateOptions {
            resolve: false,
            replace: history == History::Replace,
            scroll: false,
            ..Default::default()
        };
        self.navigate
            .with_value(|nav| nav(&format!("{path}{query}"), options));
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
        let history = self.typing_history();
        self.set(&p, history);
    }

    /// Sets a publication list's filter text while the user types, like [`Self::type_query`].
    pub fn type_pub_query(&self, text: String) {
        let mut p = self.pub_params.get_untracked();
        p.query = text;
        let history = self.typing_history();
        self.set_pubs(&p, history);
    }

    /// Push for the first keystroke of a burst, Replace for the rest; counts the keystroke.
    fn typing_history(&self) -> History {
        let burst = self.typing.get_value();
        let next = burst.wrapping_add(1).max(1);
        self.typing.set_value(next);
        let typing = self.typing;
        set_timeout(
            move || {
                if typing.try_get_value() == Some(next) {
                    typing.set_value(0);
                }
            },
            TYPING_SETTLES,
        );
        if burst == 0 {
            History::Push
        } else {
            History::Replace
        }
    }
}

/// Creates the search state; called once by the app shell, inside the router.
pub fn provide_search() {
    let data = use_directory();
    let query = use_query_map();
    let indexed = Memo::new(move |_| match data.get() {
        Some(Ok(atlas)) => Some(Indexed { atlas }),
        _ => None,
    });
    let pairs = Memo::new(move |_| {
        (&*query.read())
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_owned()))
            .collect::<Vec<(String, String)>>()
    });
    let params = Memo::new(move |_| {
        let raw = pairs.with(|pairs| {
            SearchParams::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        });
        match indexed.read().as_ref() {
            Some(ix) => ix.atlas.compiled.index.sanitize(&raw),
            None => raw,
        }
    });
    let pub_params = Memo::new(move |_| {
        pairs.with(|pairs| {
            PubParams::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        })
    });
    let titles = TitleState {
        loaded: RwSignal::new(TitleShards::default()),
        pending: RwSignal::new(BTreeSet::new()),
        failed: RwSignal::new(BTreeMap::new()),
    };
    let results =
        Memo::new(move |_| {
            let ix = indexed.get()?;
            let index = &ix.atlas.compiled.index;
            Some(titles.loaded.with(|t| {
                params.with(|p| timed("atlas:search", || index.search_with(p, t, false)))
            }))
        });
    fetch_needed_titles(indexed, params, titles);
    let navigate = use_navigate();
    provide_context(SearchContext {
        params,
        pub_params,
        indexed,
        results,
        titles,
        navigate: StoredValue::new_local(Box::new(navigate)),
        typing: StoredValue::new_local(0),
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
        let Some(known) = ix.atlas.compiled.shards.as_ref() else {
            return;
        };
        let wanted = params.with(|p| shards_for_query(&p.query));
        // Read on every run (not behind a short-circuit), so Retry clearing it always reruns this.
        let failed: BTreeSet<String> = t.failed.with(|f| f.keys().cloned().collect());
        for key in wanted {
            let skip = known.binary_search(&key).is_err()
                || failed.contains(&key)
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
                        f.insert(key, e.to_string());
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
