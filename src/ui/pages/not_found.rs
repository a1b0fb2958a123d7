//! Any path the route table does not know.

use leptos::prelude::*;

use crate::site::route::AppRoute;
use crate::ui::browser::set_title;
use crate::ui::lang::text;
use crate::ui::router::Href;

/// A helpful page for an unknown path, never a blank one.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    let t = text();
    set_title(Some(t.not_found().title()));
    view! {
        <div class="not-found" data-testid="not-found">
            <h1>{t.not_found().heading()}</h1>
            <p>{t.not_found().text()}</p>
            <p><a href=AppRoute::home().href()>{t.not_found().browse()}</a></p>
        </div>
    }
}
