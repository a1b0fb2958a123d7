//! A page's code fetched before the page is shown. In the release build most pages' code is in a
//! chunk of the wasm of its own (the route table, `ui/chunks.rs`, says which); the app gives the
//! router the chunks' loaders ([`provide_prefetch`]), and the router starts a chunk's fetch when
//! a link to its page is pointed at or focused, a few hundred milliseconds before the click; a
//! page may ask for the page that usually follows it ([`prefetch_profile`]). Without chunks
//! (every build but the release's) nothing is provided and nothing is fetched.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::site::route::AppRoute;

/// The chunks' loaders: each starts a fetch, if its code is not in yet, and returns at once.
#[derive(Clone, Copy)]
pub struct Prefetchers {
    /// Fetches the code of a route's page.
    pub route: fn(&AppRoute),
    /// Fetches the code of the profile page.
    pub profile: fn(),
}

/// Prefetches the page behind a link of the app as soon as the pointer is over it or it has the
/// focus, and keeps `loaders` for [`prefetch_profile`]; with `None`, nothing. Called once, by
/// the app.
pub fn provide_prefetch(loaders: Option<Prefetchers>) {
    let Some(loaders) = loaders else { return };
    let approach = move |event: web_sys::Event| {
        let href = (event.target())
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("a[href]").ok().flatten())
            .and_then(|link| link.get_attribute("href"));
        if let Some(link) = href.and_then(|href| super::url::link(&href)) {
            (loaders.route)(&link.route);
        }
    };
    for name in ["pointerover", "focusin"] {
        let handle = window_event_listener_untyped(name, approach);
        // For the app's lifetime.
        std::mem::forget(handle);
    }
    provide_context(loaders);
}

/// Prefetches the profile page's code: the directory calls it once its cards and search are
/// ready, since a profile is where a reader goes from there.
pub fn prefetch_profile() {
    if let Some(loaders) = use_context::<Prefetchers>() {
        (loaders.profile)();
    }
}
