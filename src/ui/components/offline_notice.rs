//! The notice shown while the browser is offline.

use leptos::prelude::*;

use crate::ui::lang::text;
use crate::ui::offline::{has_saved_copy, use_online};

/// Says so while the browser is offline: "Offline — showing saved data" when the service
/// worker's cache answers (release builds, after a first visit), plain "Offline" otherwise.
/// A live region, so screen readers hear it come and go.
#[component]
pub fn OfflineNotice() -> impl IntoView {
    let online = use_online();
    let t = text();
    view! {
        <div class="offline-status" role="status">
            {move || {
                (!online.get())
                    .then(|| {
                        view! {
                            <p class="offline-notice" data-testid="offline-notice">
                                {if has_saved_copy() {
                                    t.notices().offline_saved()
                                } else {
                                    t.notices().offline()
                                }}
                            </p>
                        }
                    })
            }}
        </div>
    }
}
