//! The URL, read and written: the one module that asks the window where it is, writes its
//! history, and turns the window's paths and the app's links into routes and back, under the
//! page's base path and on its origin. (Every path itself is [`crate::site::route`]'s.)

use leptos::prelude::*;
use wasm_bindgen::prelude::JsValue;

use super::pacer::Entry;
use crate::lang::Lang;
use crate::search::params::{decode_component, decode_query};
use crate::site::Languages;
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
        format!(
            "{}{}",
            base_path(),
            site_languages().path(page_lang(), self)
        )
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

/// The languages of the site: the page's `<html data-languages>`, which the build writes (the
/// root's first); without it the page's own language alone. Natively the page's being rendered.
pub fn site_languages() -> Languages {
    #[cfg(target_arch = "wasm32")]
    {
        thread_local! {
            static LANGUAGES: Languages = {
                let root = document().document_element();
                let attr = |name| root.as_ref().and_then(|r| r.get_attribute(name));
                let own = attr("lang").as_deref().and_then(Lang::from_tag).unwrap_or_default();
                Languages::from_attribute(&attr("data-languages").unwrap_or_default(), own)
            };
        }
        LANGUAGES.with(Languages::clone)
    }
    #[cfg(not(target_arch = "wasm32"))]
    crate::ui::host::static_page().languages
}

/// The page's language: the one whose prefix the URL has (`/de/…`), else the site's root's. It
/// does not change while the page is open: a link to another language's page loads that page.
pub fn page_lang() -> Lang {
    #[cfg(target_arch = "wasm32")]
    {
        thread_local! {
            static LANG: Lang = {
                let (pathname, _) = location();
                let base = base_path();
                let below = pathname.strip_prefix(base.as_str()).unwrap_or(&pathname);
                site_languages().split(below).0
            };
        }
        LANG.with(|l| *l)
    }
    #[cfg(not(target_arch = "wasm32"))]
    crate::ui::host::static_page().lang
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
/// and the language's prefix taken off.
pub fn route_of(pathname: &str, query: &[(String, String)]) -> AppRoute {
    AppRoute::parse(lang_and_path(pathname).1, query)
}

/// The language of a path of this site and the path below the base and the language's prefix.
fn lang_and_path(pathname: &str) -> (Lang, &str) {
    let base = base_path();
    let below = pathname.strip_prefix(base.as_str()).unwrap_or(pathname);
    let below = if below.is_empty() { "/" } else { below };
    site_languages().split(below)
}

/// The URL of the page showing `route` in `lang` (a language switcher's link).
pub fn href_in_lang(route: &AppRoute, lang: Lang) -> String {
    format!("{}{}", base_path(), site_languages().path(lang, route))
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
/// against the `<base href>`; `None` for another origin's, a path outside the base path, or a
/// page in another language (which the browser loads).
pub fn link(href: &str) -> Option<Link> {
    let url = web_sys::Url::new_with_base(href, &document().base_uri().ok()??).ok()?;
    if Some(url.origin()) != window().location().origin().ok() {
        return None;
    }
    let path = url.pathname();
    let base = base_path();
    let below = path.strip_prefix(base.as_str())?;
    if !(below.is_empty() || below.starts_with('/')) || lang_and_path(&path).0 != page_lang() {
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
