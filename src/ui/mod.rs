//! The UI layer: Leptos components and pages, routing, and the state they share.
//!
//! `app` holds the providers and the route table only; `pages/` has one file per route,
//! `components/` the reusable pieces, and `state/` the view-free contexts (data loading).

pub mod app;
pub mod browser;
pub mod chunks;
pub mod components;
pub mod host;
pub mod lang;
pub mod offline;
pub mod pages;
#[cfg(feature = "ssr")]
pub mod prerender;
pub mod router;
pub mod state;
#[cfg(target_arch = "wasm32")]
pub mod takeover;

pub use app::App;

/// Mounts the app: over the pre-rendered page when there is one ([`takeover`]), on `<body>`
/// otherwise. The entry point of the wasm binary.
///
/// A page in a language whose texts the app does not have in it (the release app has English)
/// first fetches them ([`crate::files::paths::catalogue`]; pre-rendered pages preload the file):
/// the pre-rendered page stays until then. If they cannot be had, the app runs in English.
pub fn mount() {
    console_error_panic_hook::set_once();
    let lang = lang::page_lang();
    if lang.has_text() {
        start();
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let url = crate::files::paths::catalogue(lang);
        match state::fetch::fetch_text(&url).await {
            Ok(text) => {
                if let Err(e) = crate::lang::install(lang, text) {
                    leptos::logging::warn!("{url}: {e:?}; the app runs in English");
                }
            }
            Err(e) => leptos::logging::warn!("{e}; the app runs in English"),
        }
        start();
    });
}

/// Mounts the app: over the pre-rendered page when there is one ([`takeover`]), on `<body>`
/// otherwise.
fn start() {
    #[cfg(not(target_arch = "wasm32"))]
    leptos::mount::mount_to_body(App);
    #[cfg(target_arch = "wasm32")]
    match leptos::prelude::document().get_element_by_id(takeover::STATIC_ROOT) {
        Some(page) => takeover::mount_over(page),
        None => leptos::mount::mount_to_body(App),
    }
}
