//! Any path the route table does not know.

use leptos::prelude::*;

use crate::site::route::AppRoute;
use crate::ui::browser::set_title;
use crate::ui::router::Href;

/// A helpful page for an unknown path, never a blank one.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    set_title(Some("Page not found"));
    view! {
        <div class="not-found" data-testid="not-found">
            <h1>"Page not found"</h1>
            <p>"There is no page at this address."</p>
            <p><a href=AppRoute::home().href()>"Browse all researchers"</a></p>
        </div>
    }
}
