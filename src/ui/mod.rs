//! The UI layer: Leptos components and pages, routing, and the state they share.
//!
//! `app` holds the providers and the route table only; `pages/` has one file per route,
//! `components/` the reusable pieces, and `state/` the view-free contexts (data loading).

pub mod app;
pub mod browser;
pub mod components;
pub mod host;
pub mod offline;
pub mod pages;
#[cfg(feature = "ssr")]
pub mod prerender;
pub mod routes;
pub mod state;

pub use app::App;

/// Mounts the app on `<body>`; the entry point of the wasm binary.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
