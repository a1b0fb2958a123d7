//! The static HTML of a route: the app's own views, rendered natively with the whole dataset in
//! memory (`src/bin/prerender.rs` writes a file per route with it).
//!
//! The views are the browser's: [`App`] with its routes, given the dataset through
//! [`StaticData`] instead of fetching it. Every load a page starts is then ready when it renders
//! ([`crate::ui::state::load`]), effects do not run, and what the views ask of their
//! surroundings comes from the [`StaticPage`] ([`crate::ui::host`]).

use std::sync::Arc;

use hydration_context::SsrSharedContext;
use leptos::prelude::*;

use super::App;
use super::host::{StaticPage, set_static_page, static_page};
use super::state::data::StaticData;

/// What a route rendered to: the app's markup (the body's content) and the title it set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The markup of the app's root, as the browser would build it.
    pub body: String,
    /// The document title the page set.
    pub title: String,
}

/// Renders `page` (its path below the base, and the base) with `data`.
pub fn render(data: &StaticData, page: StaticPage) -> Rendered {
    set_static_page(page);
    // A server context: the views then know they are not in a browser (no listeners, no timers).
    let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
    let body = owner.with(|| {
        provide_context(data.clone());
        view! { <App/> }.to_html()
    });
    // The app's contexts hold its owner (the organizations load keeps it to outlive a page):
    // dropping the root alone would leave every page's state in memory.
    owner.cleanup();
    drop(owner);
    Rendered {
        body,
        title: static_page().title,
    }
}
