//! Every URL of the app, in one place: [`AppRoute`] is each page with its typed URL state, the
//! only thing that turns routes into strings ([`AppRoute::href`], [`AppRoute::absolute`]) and
//! strings back into routes ([`AppRoute::parse`]). [`provide_route`] keeps the current route as a
//! memo over the router's location, and [`RouteContext::go`] is the one way the app writes the URL.

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};

use crate::search::params::{decode_component, encode_into};
use crate::search::{IdList, PubParams, SearchParams, encode_query};

/// A page of the app and the state its URL carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppRoute {
    /// The directory of researcher cards, with its query, filters and sort.
    Directory(SearchParams),
    /// One researcher's profile. `from` is the directory's state it was opened from (for "back"
    /// and previous / next); `list` is its publication list's state.
    Profile {
        /// The researcher's id.
        id: String,
        /// The directory's params the profile was opened from.
        from: SearchParams,
        /// The profile's publication list params.
        list: PubParams,
    },
    /// Every publication in the dataset, with the list's state.
    Publications(PubParams),
    /// 2–4 researchers side by side.
    Compare(IdList),
    /// The graph of who is connected to whom; optionally the chain between two people.
    Connections(Option<(String, String)>),
    /// The user's starred researchers; with ids, a shared shortlist.
    Shortlist(Option<IdList>),
    /// A path the app has no page for (kept as given).
    NotFound(String),
}

/// The profile route of `id` with no directory or list state.
pub fn profile(id: &str) -> AppRoute {
    AppRoute::Profile {
        id: id.to_owned(),
        from: SearchParams::default(),
        list: PubParams::default(),
    }
}

impl AppRoute {
    /// The directory with no query or filter.
    pub fn home() -> Self {
        Self::Directory(SearchParams::default())
    }

    /// The full path of this page, base path included (`/atlas/researchers/luo-mai?q=sky`).
    /// Views link with plain `<a href>`: the router intercepts same-origin clicks below its base.
    pub fn href(&self) -> String {
        format!("{}{}", base_path(), self.path())
    }

    /// The absolute URL of this page on the page's own origin (`https://lab.example/atlas/…`),
    /// for links that leave the app: share links, exports, correction reports.
    pub fn absolute(&self) -> String {
        let origin = window().location().origin().unwrap_or_default();
        format!("{}{}", origin.trim_end_matches('/'), self.href())
    }

    /// The path below the base path, query string included, as the route table spells it.
    pub fn path(&self) -> String {
        let (mut path, pairs) = match self {
            Self::Directory(p) => ("/".to_owned(), p.to_pairs()),
            Self::Profile { id, from, list } => {
                let mut path = "/researchers/".to_owned();
                encode_into(&mut path, id);
                let mut pairs = from.to_pairs();
                pairs.extend(list.to_pairs());
                (path, pairs)
            }
            Self::Publications(list) => ("/publications".to_owned(), list.to_pairs()),
            Self::Compare(ids) => ("/compare".to_owned(), ids.to_pairs()),
            Self::Connections(None) => ("/connections".to_owned(), Vec::new()),
            Self::Connections(Some((a, b))) => (
                "/connections".to_owned(),
                vec![("from", a.clone()), ("to", b.clone())],
            ),
            Self::Shortlist(ids) => (
                "/shortlist".to_owned(),
                ids.as_ref().map(IdList::to_pairs).unwrap_or_default(),
            ),
            Self::NotFound(path) => (path.clone(), Vec::new()),
        };
        path.push_str(&encode_query(&pairs));
        path
    }

    /// The route of a path below the base path (percent-encoded, as the location has it) and
    /// its percent-decoded query pairs. Never fails: an unknown path is [`AppRoute::NotFound`],
    /// and each page's params parse leniently.
    pub fn parse(path: &str, pairs: &[(String, String)]) -> Self {
        let pairs = || pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        let trimmed = path.trim_end_matches('/');
        match trimmed {
            "" => Self::Directory(SearchParams::from_pairs(pairs())),
            "/publications" => Self::Publications(PubParams::from_pairs(pairs())),
            "/compare" => Self::Compare(IdList::from_pairs(pairs()).unwrap_or_default()),
            "/shortlist" => Self::Shortlist(IdList::from_pairs(pairs())),
            "/connections" => {
                let get = |key: &str| pairs().find(|(k, _)| *k == key).map(|(_, v)| v.to_owned());
                Self::Connections(get("from").zip(get("to")))
            }
            _ => match trimmed.strip_prefix("/researchers/") {
                Some(id) if !id.is_empty() && !id.contains('/') => Self::Profile {
                    id: decode_component(id),
                    from: SearchParams::from_pairs(pairs()),
                    list: PubParams::from_pairs(pairs()),
                },
                _ => Self::NotFound(path.to_owned()),
            },
        }
    }

    /// The directory params this route carries (the profile's `from`), or none.
    pub fn search_params(&self) -> Option<&SearchParams> {
        match self {
            Self::Directory(p) | Self::Profile { from: p, .. } => Some(p),
            _ => None,
        }
    }

    /// The publication-list params this route carries, or none.
    pub fn list_params(&self) -> Option<&PubParams> {
        match self {
            Self::Publications(l) | Self::Profile { list: l, .. } => Some(l),
            _ => None,
        }
    }

    /// This route with its directory params replaced; a route without any becomes the directory.
    pub fn with_search(&self, params: SearchParams) -> Self {
        match self {
            Self::Profile { id, list, .. } => Self::Profile {
                id: id.clone(),
                from: params,
                list: list.clone(),
            },
            _ => Self::Directory(params),
        }
    }

    /// This route with its publication-list params replaced; a route without any is unchanged.
    pub fn with_list(&self, list: PubParams) -> Self {
        match self {
            Self::Publications(_) => Self::Publications(list),
            Self::Profile { id, from, .. } => Self::Profile {
                id: id.clone(),
                from: from.clone(),
                list,
            },
            other => other.clone(),
        }
    }
}

/// The app's base path, read from the `<base href>` that trunk's `--public-url` writes into
/// `index.html` ("" when served at the root, "/atlas" under a sub-path).
pub fn base_path() -> String {
    let base = document()
        .base_uri()
        .ok()
        .flatten()
        .and_then(|uri| web_sys::Url::new(&uri).ok())
        .map(|url| url.pathname())
        .unwrap_or_default();
    base.trim_end_matches('/').to_owned()
}

/// How a change reaches the browser history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum History {
    /// A new entry: Back returns to the previous view.
    Push,
    /// Replace the current entry.
    Replace,
    /// A keystroke: the first of a burst pushes an entry, the following ones replace it, so
    /// Back returns to the view before typing.
    Typing,
}

/// The current route and the one way to change it; provided inside the router by
/// [`provide_route`].
#[derive(Clone, Copy)]
pub struct RouteContext {
    /// The route of the current URL.
    pub route: Memo<AppRoute>,
    navigate: StoredValue<Navigate, LocalStorage>,
    typing: StoredValue<u32, LocalStorage>,
}

/// The router's navigate function, kept so event handlers can write the URL.
type Navigate = Box<dyn Fn(&str, NavigateOptions)>;

/// How long after the last keystroke a typing burst counts as settled.
const TYPING_SETTLES: Duration = Duration::from_millis(1200);

impl RouteContext {
    /// Writes `route` to the URL; every memo reading the route follows.
    pub fn go(&self, route: &AppRoute, history: History) {
        let replace = match history {
            History::Push => false,
            History::Replace => true,
            History::Typing => self.typing_replaces(),
        };
        let options = NavigateOptions {
            resolve: false,
            replace,
            scroll: false,
            ..Default::default()
        };
        let href = route.href();
        self.navigate.with_value(|nav| nav(&href, options));
    }

    /// False for the first keystroke of a burst, true for the rest; counts the keystroke.
    fn typing_replaces(&self) -> bool {
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
        burst != 0
    }
}

/// Creates the route state; called once by the app shell, inside the router.
pub fn provide_route() {
    let location = use_location();
    let base = base_path();
    let route = Memo::new(move |_| {
        let path = location.pathname.get();
        let below = path.strip_prefix(base.as_str()).unwrap_or(&path);
        let below = if below.is_empty() { "/" } else { below };
        let pairs: Vec<(String, String)> = location.query.with(|q| {
            q.into_iter()
                .map(|(k, v)| (k.to_string(), v.to_owned()))
                .collect()
        });
        AppRoute::parse(below, &pairs)
    });
    let navigate = use_navigate();
    provide_context(RouteContext {
        route,
        navigate: StoredValue::new_local(Box::new(navigate)),
        typing: StoredValue::new_local(0),
    });
}

/// The route state; provided by the app shell through [`provide_route`].
pub fn use_route() -> RouteContext {
    expect_context::<RouteContext>()
}

#[cfg(test)]
mod tests {
    use super::AppRoute;
    use crate::search::{IdList, PubParams, SearchParams};

    fn pairs(q: &[(&str, &str)]) -> Vec<(String, String)> {
        q.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn routes_round_trip_through_their_paths() {
        let mut search = SearchParams {
            query: "Müller & co".into(),
            ..Default::default()
        };
        search.topics.insert("llm-serving".into());
        let list = PubParams {
            query: "sky".into(),
            ..Default::default()
        };
        let routes = [
            AppRoute::home(),
            AppRoute::Directory(search.clone()),
            AppRoute::Profile {
                id: "luo-mai".into(),
                from: search.clone(),
                list: list.clone(),
            },
            AppRoute::Publications(list),
            AppRoute::Compare(IdList(vec!["a".into(), "b".into()])),
            AppRoute::Compare(IdList::default()),
            AppRoute::Connections(None),
            AppRoute::Connections(Some(("a".into(), "b c".into()))),
            AppRoute::Shortlist(None),
            AppRoute::Shortlist(Some(IdList(vec!["x".into()]))),
        ];
        for route in routes {
            let path = route.path();
            let (p, q) = path.split_once('?').unwrap_or((&path, ""));
            let decoded: Vec<(String, String)> = q
                .split('&')
                .filter(|s| !s.is_empty())
                .map(|kv| {
                    let (k, v) = kv.split_once('=').unwrap();
                    (k.to_owned(), crate::search::params::decode_component(v))
                })
                .collect();
            assert_eq!(AppRoute::parse(p, &decoded), route, "{path}");
        }
    }

    #[test]
    fn paths_are_spelled_as_the_route_table_has_them() {
        let cases = [
            (AppRoute::home(), "/"),
            (super::profile("luo-mai"), "/researchers/luo-mai"),
            (
                AppRoute::Compare(IdList(vec!["a".into(), "b".into()])),
                "/compare?ids=a,b",
            ),
            (
                AppRoute::Connections(Some(("a".into(), "b&c".into()))),
                "/connections?from=a&to=b%26c",
            ),
            (AppRoute::Shortlist(None), "/shortlist"),
            (
                AppRoute::Publications(PubParams::default()),
                "/publications",
            ),
        ];
        for (route, want) in cases {
            assert_eq!(route.path(), want);
        }
    }

    #[test]
    fn parsing_is_lenient() {
        assert_eq!(AppRoute::parse("/", &[]), AppRoute::home());
        assert_eq!(
            AppRoute::parse("/compare/", &[]),
            AppRoute::Compare(IdList::default())
        );
        assert_eq!(
            AppRoute::parse("/researchers/a%20b", &pairs(&[("q", "x")])),
            AppRoute::Profile {
                id: "a b".into(),
                from: SearchParams {
                    query: "x".into(),
                    ..Default::default()
                },
                list: PubParams::default(),
            }
        );
        assert_eq!(
            AppRoute::parse("/researchers/", &[]),
            AppRoute::NotFound("/researchers/".into())
        );
        assert_eq!(
            AppRoute::parse("/nope", &[]),
            AppRoute::NotFound("/nope".into())
        );
        assert_eq!(
            AppRoute::parse("/connections", &pairs(&[("from", "a")])),
            AppRoute::Connections(None)
        );
    }
}
