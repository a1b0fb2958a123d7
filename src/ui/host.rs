//! Where the views run: the browser, or the native pre-renderer (`src/bin/prerender/`) that
//! writes each route's static HTML with the same views.
//!
//! The views ask this module, never `window()`, for the few facts of their surroundings: the
//! clock, the screen, storage, the page's meta and title (the URL is [`super::router::url`]'s,
//! which natively reads the [`StaticPage`] too). In the browser the answers come from the
//! window; natively from the [`StaticPage`] being rendered, which also receives the title the
//! page sets. Everything that only makes sense in a browser (storage, history, timers, layout)
//! answers "none" natively, and effects do not run there.

#[cfg(not(target_arch = "wasm32"))]
use std::cell::RefCell;

/// The page the pre-renderer is rendering: its address, and what the views said about it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StaticPage {
    /// The site's base path without its trailing slash (`""`, `/atlas`).
    pub base: String,
    /// The path below the base (`/`, `/researchers/ada`).
    pub path: String,
    /// The site's origin when it is known (`https://lab.example`), else empty.
    pub origin: String,
    /// The year the pages are rendered in (for "to the present").
    pub year: u16,
    /// The title the page set.
    pub title: String,
    /// The page's language.
    pub lang: crate::lang::Lang,
    /// The site's languages.
    pub languages: crate::site::Languages,
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static PAGE: RefCell<StaticPage> = RefCell::new(StaticPage::default());
}

/// Makes `page` the one the views render (native only).
#[cfg(not(target_arch = "wasm32"))]
pub fn set_static_page(page: StaticPage) {
    PAGE.with(|p| *p.borrow_mut() = page);
}

/// The page being rendered, with the title the views set (native only).
#[cfg(not(target_arch = "wasm32"))]
pub fn static_page() -> StaticPage {
    PAGE.with(|p| p.borrow().clone())
}

/// The pack of the profile's records that a pre-rendered profile page names in its head
/// ([`crate::site::meta::PACK_META`]); `None` on other pages, and natively.
pub fn page_pack() -> Option<u32> {
    page_meta_content(crate::site::meta::PACK_META)?
        .parse()
        .ok()
}

/// The data generation the page was built with
/// ([`crate::files::generation::GENERATION_META`]); `None` where the page names none (a
/// development host), and natively.
pub fn page_generation() -> Option<String> {
    let content = page_meta_content(crate::files::generation::GENERATION_META)?;
    crate::files::generation::is_id(&content).then_some(content)
}

/// The content of the page's `<meta name="{name}">`.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_variables))]
fn page_meta_content(name: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let selector = format!("meta[name=\"{name}\"]");
        let meta = leptos::prelude::document()
            .query_selector(&selector)
            .ok()??;
        meta.get_attribute("content")
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Sets the document title (natively: the page's, for its `<title>`).
pub fn set_title(title: &str) {
    #[cfg(target_arch = "wasm32")]
    leptos::prelude::document().set_title(title);
    #[cfg(not(target_arch = "wasm32"))]
    PAGE.with(|p| p.borrow_mut().title = title.to_owned());
}

/// Milliseconds since the epoch (natively 0: nothing is timed there).
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Date::now();
    #[cfg(not(target_arch = "wasm32"))]
    0.0
}

/// The current year, and the fraction of it gone (by month).
pub fn year_and_month() -> (u16, u8) {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new_0();
        (d.get_full_year() as u16, d.get_month() as u8)
    }
    #[cfg(not(target_arch = "wasm32"))]
    PAGE.with(|p| (p.borrow().year, 0))
}

/// The window's inner width in CSS pixels; `None` natively.
pub fn viewport_width() -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    return leptos::prelude::window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64());
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The browser's localStorage, when it has one (never natively).
pub fn local_storage() -> Option<web_sys::Storage> {
    #[cfg(target_arch = "wasm32")]
    return leptos::prelude::window().local_storage().ok().flatten();
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The browser's sessionStorage, when it has one (never natively).
pub fn session_storage() -> Option<web_sys::Storage> {
    #[cfg(target_arch = "wasm32")]
    return leptos::prelude::window().session_storage().ok().flatten();
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The most publications a static page lists (natively); the app lists them all. A profile's
/// whole list fits; `/publications` shows its first entries, as a first page.
pub fn static_list_limit() -> Option<usize> {
    (!cfg!(target_arch = "wasm32")).then_some(STATIC_LIST_ITEMS)
}

/// See [`static_list_limit`].
pub const STATIC_LIST_ITEMS: usize = 500;

/// Whether the browser says it is online (natively: yes).
pub fn online() -> bool {
    #[cfg(target_arch = "wasm32")]
    return leptos::prelude::window().navigator().on_line();
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// The languages the browser prefers, best first (`navigator.languages`); none natively.
pub fn browser_languages() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    return leptos::prelude::window()
        .navigator()
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    #[cfg(not(target_arch = "wasm32"))]
    Vec::new()
}
