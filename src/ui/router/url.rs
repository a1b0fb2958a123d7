//! The URL, read and written: the one module that asks the window where it is, writes its
//! history, and turns the window's paths and the app's links into routes and back, under the
//! page's base path and on its origin. (Every path itself is [`crate::site::route`]'s.)

use leptos::prelude::*;
use wasm_bindgen::prelude::JsValue;

use super::pacer::Entry;
use crate::search::params::{decode_component, decode_query};
use crate::site::route::AppRoute;

/// Links to the site's pages from this page: under its base path, on its origin.
pub trait Href {
    /// The full path of this page, base path included (`/atlas/researchers/luo-mai?q=sky`).
    /// Views link with plain `<a href>`: [`super::provide_route`] follows same-origin clicks
    /// below the base path in the app.
    fn href(&self) -> String;

    /// The absolute URL of this page on the page's own origin (`https://lab.example/atlas/…`),
    /// for links that leave the app: share links, exports, correction reports.
    fn absolute(&self) -> String;

    /// A link to the element `id` of this page (`/atlas/researchers/luo-mai#publications`): a
    /// bare `#publications` would resolve against the `<base href>`, to the directory.
    fn fragment(&self, id: &str) -> String;
}

impl Href for AppRoute {
    fn href(&self) -> String {
        self.href_in(&base_path())
    }

    fn absolute(&self) -> String {
        format!("{}{}", origin().trim_end_matches('/'), self.href())
    }

    fn fragment(&self, id: &str) -> String {
        format!("{}#{id}", self.href())
    }
}

/// The site's base path without the trailing slash: `""` at the root, `/atlas` under a sub-path
/// (from the document's `<base href>`, which the build writes; natively the page's being
/// rendered).
pub fn base_path() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let base = document()
            .base_uri()
            .ok()
            .flatten()
            .and_then(|uri| web_sys::Url::new(&uri).ok())
            .map(|url| url.pathname())
            .unwrap_or_default();
        base.trim_end_matches('/').to_owned()
    }
    #[cfg(not(target_arch = "wasm32"))]
    crate::ui::host::static_page().base
}

/// The page's origin (`https://lab.example`); natively the configured site's, or empty.
pub fn origin() -> String {
    #[cfg(target_arch = "wasm32")]
    return window().location().origin().unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    crate::ui::host::static_page().origin
}

/// The current URL's path (with the base) and query string (with its `?`).
pub fn location() -> (String, String) {
    #[cfg(target_arch = "wasm32")]
    {
        let location = window().location();
        let path = location.pathname().unwrap_or_default();
        (path, location.search().unwrap_or_default())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let page = crate::ui::host::static_page();
        (format!("{}{}", page.base, page.path), String::new())
    }
}

/// The route of a path of this site (the browser's location, a link's), with the base path
/// taken off.
pub fn route_of(pathname: &str, query: &[(String, String)]) -> AppRoute {
    let base = base_path();
    let below = pathname.strip_prefix(base.as_str()).unwrap_or(pathname);
    let below = if below.is_empty() { "/" } else { below };
    AppRoute::parse(below, query)
}

/// The route of the URL the window shows now.
pub fn current_route() -> AppRoute {
    let (pathname, search) = location();
    route_of(&pathname, &decode_query(&search))
}

/// A link's `href` that is a page of the app.
pub struct Link {
    /// The page's route.
    pub route: AppRoute,
    /// Its URL as the link has it, base path, query and fragment included.
    pub href: String,
    /// The fragment's element id, if it has one.
    pub fragment: Option<String>,
}

/// The page of the app that the `href` attribute of a link on this page points to, resolved
/// against the `<base href>`; `None` for another origin's or a path outside the base path.
pub fn link(href: &str) -> Option<Link> {
    let url = web_sys::Url::new_with_base(href, &document().base_uri().ok()??).ok()?;
    if Some(url.origin()) != window().location().origin().ok() {
        return None;
    }
    let path = url.pathname();
    let base = base_path();
    let below = path.strip_prefix(base.as_str())?;
    if !(below.is_empty() || below.starts_with('/')) {
        return None;
    }
    let (search, hash) = (url.search(), url.hash());
    let fragment = (hash.strip_prefix('#'))
        .filter(|id| !id.is_empty())
        .map(decode_component);
    Some(Link {
        route: route_of(&path, &decode_query(&search)),
        href: format!("{path}{search}{hash}"),
        fragment,
    })
}

/// One history write; false where the browser refused it (a rate limit, a sandbox) or has no
/// history.
pub(super) fn write(href: &str, entry: Entry) -> bool {
    let Ok(history) = window().history() else {
        return true;
    };
    let written = match entry {
        Entry::Push => history.push_state_with_url(&JsValue::NULL, "", Some(href)),
        Entry::Replace => history.replace_state_with_url(&JsValue::NULL, "", Some(href)),
    };
    written.is_ok()
}

/// Loads `url` from the host in place of the page (no new history entry): a reload into another
/// build of the site.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_variables))]
pub fn replace_page(url: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Err(e) = window().location().replace(url) {
        leptos::logging::warn!("reload failed: {e:?}");
    }
}
