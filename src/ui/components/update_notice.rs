//! The notice that the site was redeployed under an open page, with its one button.
//!
//! A page reads one generation of the data (`ui/state/generation.rs`). Once a file of that
//! generation is gone from the host because the site serves another, the page cannot go on
//! without mixing two builds, nor switch in place (the new data may need the new build's
//! code): it says so and offers a reload, which keeps the URL, and with it the query, the
//! filters and the page the reader was on.

use leptos::prelude::*;

use crate::ui::state::generation::moved;

/// "This directory was updated — Reload", at the top of every page once the site has moved
/// on; nothing before. A live region, so screen readers hear it appear.
#[component]
pub fn UpdateNotice() -> impl IntoView {
    view! {
        <div class="update-status" role="status">
            {move || moved().map(|_| view! {
                <p class="update-notice" data-testid="update-notice">
                    <span>"This directory was updated since you opened this page."</span>
                    " "
                    <ReloadButton/>
                </p>
            })}
        </div>
    }
}

/// Reloads the page (its URL keeps what the reader chose).
#[component]
pub fn ReloadButton() -> impl IntoView {
    view! {
        <button type="button" class="button" data-testid="reload" on:click=|_| reload()>
            "Reload"
        </button>
    }
}

/// Loads the page again from the host.
fn reload() {
    #[cfg(target_arch = "wasm32")]
    if let Err(e) = window().location().reload() {
        leptos::logging::warn!("reload failed: {e:?}");
    }
}
