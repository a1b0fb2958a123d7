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
