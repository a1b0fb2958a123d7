//! The notice that the site was redeployed under an open page, with its one button.
//!
//! A page reads one generation of the data (`ui/state/generation.rs`). Once a file of that
//! generation is gone from the host because the site serves another, the page cannot go on
//! without mixing two builds, nor switch in place (the new data may need the new build's
//! code): it says so and offers a reload, which keeps the URL, and with it the query, the
//! filters and the page the reader was on.

use leptos::prelude::*;

use crate::ui::lang::text;
use crate::ui::router::url::replace_page;
use crate::ui::router::{Href, use_route};
use crate::ui::state::after_paint::AfterPaint;
use crate::ui::state::generation::moved;

/// "This directory was updated — Reload", at the top of every page once the site has moved
/// on; nothing before. A live region, so screen readers hear it appear.
#[component]
pub fn UpdateNotice() -> impl IntoView {
    let t = text();
    view! {
        <div class="update-status" role="status">
            {move || moved().map(|_| view! {
                <p class="update-notice" data-testid="update-notice">
                    <span>{t.notices().updated()}</span>
                    " "
                    <ReloadButton/>
                </p>
            })}
        </div>
    }
}

/// Reloads the page at the route shown, which holds what the reader chose (the address bar
/// may not have it yet: typing is written to it after a pause), with any key typed within the
/// last frame applied first.
#[component]
pub fn ReloadButton(
    /// Drawn as a link inside a line of text, rather than as a button of its own.
    #[prop(optional)]
    link: bool,
) -> impl IntoView {
    let route = use_route().route;
    let t = text();
    view! {
        <button
            type="button"
            class=if link { "link-button" } else { "button" }
            data-testid="reload"
            on:click=move |_| {
                AfterPaint::flush_all();
                replace_page(&route.with_untracked(|r| r.absolute()));
            }
        >
            {t.notices().reload()}
        </button>
    }
}
