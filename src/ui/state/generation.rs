//! The data generation this page reads, and whether the site has moved on to another.
//!
//! A page of the release build names its generation ([`crate::ui::host::page_generation`]),
//! and every compiled file is fetched from that generation's folder ([`url`]), so what a page
//! shows comes from one build of the data. When a file of that generation is missing, the
//! pointer says whether the site has been redeployed since the page was opened
//! ([`explain_missing`]); the app then offers a reload ([`moved`], read by the update notice)
//! instead of showing a broken or mixed page. See `crate::files::generation`.

use std::cell::OnceCell;

use leptos::prelude::*;

use crate::files::generation::{self, Missing, POINTER};

thread_local! {
    /// The page's generation, read once.
    static OURS: OnceCell<Option<String>> = const { OnceCell::new() };
    /// The generation the site has moved on to, once a missing file showed it.
    static MOVED: ArcRwSignal<Option<String>> = ArcRwSignal::new(None);
}

/// The generation the page names; `None` on a host without generations (`trunk serve`).
pub fn ours() -> Option<String> {
    OURS.with(|ours| ours.get_or_init(crate::ui::host::page_generation).clone())
}

/// The URL of the compiled file at `path` (`data/…`) in the page's generation.
pub fn url(path: &str) -> String {
    generation::in_generation(path, ours().as_deref())
}

/// The generation the site serves now, once a fetch has found that it is not the page's
/// (tracked: the update notice appears then).
pub fn moved() -> Option<String> {
    MOVED.with(|moved| moved.get())
}

/// What it means that a file of the page's generation is missing: the pointer is read past
/// every cache, and when it names another generation, [`moved`] says so from then on.
pub async fn explain_missing() -> Missing {
    let Some(ours) = ours() else {
        return Missing::Absent;
    };
    let pointer = read_pointer().await;
    let missing = generation::classify(&ours, pointer.as_deref());
    if let Missing::Moved(now) = &missing {
        MOVED.with(|moved| moved.set(Some(now.clone())));
    }
    missing
}

/// The pointer's text, fetched from the host itself (not the HTTP cache, and the service
/// worker passes it through); `None` when it cannot be read (offline, no pointer).
async fn read_pointer() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let response = gloo_net::http::Request::get(POINTER)
            .cache(web_sys::RequestCache::NoStore)
            .send()
            .await
            .ok()?;
        if !response.ok() {
            return None;
        }
        response.text().await.ok()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = POINTER;
        None
    }
}
