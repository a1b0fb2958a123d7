//! Every URL of the site, in one place: [`AppRoute`] is each page with its typed URL state, the
//! only thing that turns routes into paths ([`AppRoute::path`], [`AppRoute::href_in`]) and paths
//! back into routes ([`AppRoute::parse`]); [`PageKind`] says which page a route shows. Plain Rust:
//! the app (`ui::router` adds the browser's side: the current route, history, link clicks), the
//! pre-renderer and the head tags ([`super::meta`]) all spell paths through it.

use crate::search::params::{decode_component, encode_into};
use crate::search::{
    ConnectionsParams, ExpertParams, IdList, OrgParams, PubParams, SearchParams, encode_query,
};

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
    /// The graph of who is connected to whom, with the chain asked about, the kinds of
    /// connection and the focus.
    Connections(ConnectionsParams),
    /// The user's starred researchers; with ids, a shared shortlist.
    Shortlist(Option<IdList>),
    /// Every organization, filtered, ordered and ranked by its members' papers.
    Organizations(OrgParams),
    /// One organization's page. `params` are the organizations list's (its standing in that
    /// ranking, and the way back).
    Organization {
        /// The organization's id.
        id: String,
        /// The organizations list's params it was opened from.
        params: OrgParams,
    },
    /// Who could review a paper: its text, its authors and the options.
    Experts(ExpertParams),
    /// A path the app has no page for (kept as given).
    NotFound(String),
}

/// Which page a route shows. A route of the same page (another query, another profile) keeps
/// the page's view, which follows the route's state; another page replaces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    /// [`AppRoute::Directory`].
    Directory,
    /// [`AppRoute::Profile`].
    Profile,
    /// [`AppRoute::Publications`].
    Publications,
    /// [`AppRoute::Compare`].
    Compare,
    /// [`AppRoute::Connections`].
    Connections,
    /// [`AppRoute::Shortlist`].
    Shortlist,
    /// [`AppRoute::Organizations`].
    Organizations,
    /// [`AppRoute::Organization`].
    Organization,
    /// [`AppRoute::Experts`].
    Experts,
    /// [`AppRoute::NotFound`].
    NotFound,
}

/// The profile route of `id` with no directory or list state.
pub fn profile(id: &str) -> AppRoute {
    AppRoute::Profile {
        id: id.to_owned(),
        from: SearchParams::default(),
        list: PubParams::default(),
    }
}

/// The page of organization `id`, outside any ranking.
pub fn organization(id: &str) -> AppRoute {
    AppRoute::Organization {
        id: id.to_owned(),
        params: OrgParams::default(),
    }
}

impl AppRoute {
    /// The directory with no query or filter.
    pub fn home() -> Self {
        Self::Directory(SearchParams::default())
    }

    /// The page this route shows.
    pub fn kind(&self) -> PageKind {
        match self {
            Self::Directory(_) => PageKind::Directory,
            Self::Profile { .. } => PageKind::Profile,
            Self::Publications(_) => PageKind::Publications,
            Self::Compare(_) => PageKind::Compare,
            Self::Connections(_) => PageKind::Connections,
            Self::Shortlist(_) => PageKind::Shortlist,
            Self::Organizations(_) => PageKind::Organizations,
            Self::Organization { .. } => PageKind::Organization,
            Self::Experts(_) => PageKind::Experts,
            Self::NotFound(_) => PageKind::NotFound,
        }
    }

    /// The full path of this page under the base path `base` ("" at the root, "/atlas"):
    /// `/atlas/researchers/luo-mai?q=sky`. The app's links use `ui::router::Href::href`, which
    /// knows the page's base.
    pub fn href_in(&self, base: &str) -> String {
        format!("{base}{}", self.path())
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
            Self::Connections(q) => ("/connections".to_owned(), q.to_pairs()),
            Self::Shortlist(ids) => (
                "/shortlist".to_owned(),
                ids.as_ref().map(IdList::to_pairs).unwrap_or_default(),
            ),
            Self::Organizations(p) => ("/organizations".to_owned(), p.to_pairs()),
            Self::Organization { id, params } => {
                let mut path = "/organizations/".to_owned();
                encode_into(&mut path, id);
                (path, params.to_pairs())
            }
            Self::Experts(p) => ("/experts".to_owned(), p.to_pairs()),
            Self::NotFound(path) => (path.clone(), Vec::new()),
        };
        path.push_str(&encode_query(&pairs));
        path
    }

    /// The path of this page without its query: two routes with the same page differ only in
    /// their URL state.
    pub fn page(&self) -> String {
        let mut path = self.path();
        if let Some(q) = path.find('?') {
            path.truncate(q);
        }
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
            "/connections" => Self::Connections(ConnectionsParams::from_pairs(pairs())),
            "/organizations" => Self::Organizations(OrgParams::from_pairs(pairs())),
            "/experts" => Self::Experts(ExpertParams::from_pairs(pairs())),
            _ => {
                let segment = |prefix: &str| {
                    (trimmed.strip_prefix(prefix))
                        .filter(|id| !id.is_empty() && !id.contains('/'))
                        .map(decode_component)
                };
                if let Some(id) = segment("/researchers/") {
                    Self::Profile {
                        id,
                        from: SearchParams::from_pairs(pairs()),
                        list: PubParams::from_pairs(pairs()),
                    }
                } else if let Some(id) = segment("/organizations/") {
                    Self::Organization {
                        id,
                        params: OrgParams::from_pairs(pairs()),
                    }
                } else {
                    Self::NotFound(path.to_owned())
                }
            }
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

    /// The organizations list's params this route carries (an organization's page's too), or
    /// none.
    pub fn org_params(&self) -> Option<&OrgParams> {
        match self {
            Self::Organizations(p) | Self::Organization { params: p, .. } => Some(p),
            _ => None,
        }
    }

    /// This route with its organizations params replaced; a route without any becomes the
    /// organizations list.
    pub fn with_orgs(&self, params: OrgParams) -> Self {
        match self {
            Self::Organization { id, .. } => Self::Organization {
                id: id.clone(),
                params,
            },
            _ => Self::Organizations(params),
        }
    }

    /// The experts page's params, or none on another page.
    pub fn expert_params(&self) -> Option<&ExpertParams> {
        match self {
            Self::Experts(p) => Some(p),
            _ => None,
        }
    }

    /// The connections page's params, or none on another page.
    pub fn connections_params(&self) -> Option<&ConnectionsParams> {
        match self {
            Self::Connections(q) => Some(q),
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

#[cfg(test)]
mod tests;
