//! The directory's search state. The URL query string is the source of truth: it is parsed in
//! one place ([`SearchParams::from_pairs`]) into a memo, and written in one place
//! ([`SearchContext::set`]). Results are a memo over the index and those params — never a copy
//! kept in sync by an effect.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};

use super::data::use_directory;
use crate::model::{Directory, PublicationId, cite};
use crate::search::{PubParams, PublicationIndex, SearchIndex, SearchParams, SearchResults};
use crate::ui::browser::timed;
use crate::ui::routes::AppRoute;

/// The loaded directory with its indexes; compared by identity, so memos downstream only
/// rerun when a new dataset arrives.
#[derive(Clone)]
pub struct Indexed {
    /// The loaded (valid part of the) dataset.
    pub directory: Arc<Directory>,
    /// The researcher index built from it.
    pub index: Arc<SearchIndex>,
    /// The publication index built from it.
    pub publications: Arc<PublicationIndex>,
    /// Every publication's BibTeX key, computed over the whole dataset so keys never depend
    /// on which list is shown.
    pub cite_keys: Arc<HashMap<PublicationId, String>>,
}

impl PartialEq for Indexed {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.index, &other.index)
    }
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
    /// The publication list's params in the URL, with unknown venue ids dropped.
    pub pub_params: Memo<PubParams>,
    /// The index, once the dataset has loaded.
    pub indexed: Memo<Option<Indexed>>,
    /// The results for the current params, once the dataset has loaded.
    pub results: Memo<Option<SearchResults>>,
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
        Some(Ok(directory)) => {
            let (index, publications, cite_keys) = timed("atlas:index", || {
                (
                    Arc::new(SearchIndex::new(&directory.dataset)),
                    Arc::new(PublicationIndex::new(&directory.dataset)),
                    Arc::new(cite::bibtex_keys(&directory.dataset)),
                )
            });
            Some(Indexed {
                directory,
                index,
                publications,
                cite_keys,
            })
        }
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
            Some(ix) => ix.index.sanitize(&raw),
            None => raw,
        }
    });
    let pub_params = Memo::new(move |_| {
        let raw = pairs.with(|pairs| {
            PubParams::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        });
        match indexed.read().as_ref() {
            Some(ix) => ix.publications.sanitize(&raw),
            None => raw,
        }
    });
    let results = Memo::new(move |_| {
        let ix = indexed.get()?;
        Some(params.with(|p| timed("atlas:search", || ix.index.search(p))))
    });
    let navigate = use_navigate();
    provide_context(SearchContext {
        params,
        pub_params,
        indexed,
        results,
        navigate: StoredValue::new_local(Box::new(navigate)),
        typing: StoredValue::new_local(0),
    });
}

/// The search state; provided by the app shell through [`provide_search`].
pub fn use_search() -> SearchContext {
    expect_context::<SearchContext>()
}

/// `?k=v&…` with values percent-encoded (commas kept readable); empty for no pairs.
pub fn encode_query(pairs: &[(&'static str, String)]) -> String {
    let mut out = String::new();
    for (k, v) in pairs {
        out.push(if out.is_empty() { '?' } else { '&' });
        out.push_str(k);
        out.push('=');
        for b in v.bytes() {
            match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => {
                    out.push(b as char)
                }
                _ => out.push_str(&format!("%{b:02X}")),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::encode_query;

    #[test]
    fn query_strings_encode_what_needs_it() {
        assert_eq!(encode_query(&[]), "");
        assert_eq!(
            encode_query(&[("q", "Müller & co/2".into()), ("topic", "a,b".into())]),
            "?q=M%C3%BCller%20%26%20co%2F2&topic=a,b"
        );
    }
}
