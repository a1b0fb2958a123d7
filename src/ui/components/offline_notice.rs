//! The notice shown while the browser is offline.

use leptos::prelude::*;

use crate::ui::offline::use_online;

/// "Offline — showing saved data" while the browser is offline: what the page shows then comes
/// from the service worker's cache. A live region, so screen readers hear it come and go.
#[component]
pub fn OfflineNotice() -> impl IntoView {
    let online = use_online();
    view! {
        <div class="offline-status" role="status">
            {move || {
                (!online.get())
                    .then(|| {
                        view! {
                            <p class="offline-notice" data-testid="offline-notice">
                                "Offline — showing saved data"
                            </p>
                        }
                    })
            }}
        </div>
    }
}
