//! Every path the app links to, built in one place.

/// A page of the app. Views link with [`AppRoute::href`]; nothing builds a path by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppRoute {
    /// The directory of researcher cards.
    Directory,
    /// One researcher's profile.
    Profile(String),
    /// Every publication in the dataset.
    Publications,
    /// 2–4 researchers side by side.
    Compare(Vec<String>),
    /// The graph of who is connected to whom; optionally the chain between two people.
    Connections(Option<(String, String)>),
    /// The user's starred researchers; with ids, a shared shortlist.
    Shortlist(Vec<String>),
}

impl AppRoute {
    /// The full path of this page, base path included (`/atlas/researchers/luo-mai`). Views link
    /// with plain `<a href>`: the router intercepts same-origin clicks below its base.
    pub fn href(&self) -> String {
        format!("{}{}", base_path(), self.path())
    }

    /// The path below the base path, as the route table spells it.
    pub fn path(&self) -> String {
        match self {
            Self::Directory => "/".to_owned(),
            Self::Profile(id) => format!("/researchers/{id}"),
            Self::Publications => "/publications".to_owned(),
            Self::Compare(ids) if ids.is_empty() => "/compare".to_owned(),
            Self::Compare(ids) => format!("/compare?ids={}", ids.join(",")),
            Self::Connections(None) => "/connections".to_owned(),
            Self::Connections(Some((a, b))) => format!("/connections?from={a}&to={b}"),
            Self::Shortlist(ids) if ids.is_empty() => "/shortlist".to_owned(),
            Self::Shortlist(ids) => format!("/shortlist?ids={}", ids.join(",")),
        }
    }
}

/// The app's base path, read from the `<base href>` that trunk's `--public-url` writes into
/// `index.html` ("" when served at the root, "/atlas" under a sub-path).
pub fn base_path() -> String {
    let base = leptos::prelude::document()
        .base_uri()
        .ok()
        .flatten()
        .and_then(|uri| web_sys::Url::new(&uri).ok())
        .map(|url| url.pathname())
        .unwrap_or_default();
    base.trim_end_matches('/').to_owned()
}
