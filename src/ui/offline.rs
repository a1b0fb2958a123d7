//! Offline use: the release build's service worker, and whether the browser is online.
//!
//! The worker (`sw.js`, stamped by `cargo xtask dist`) keeps the app and its data so the site
//! opens offline after one visit. Only release builds register it: in `trunk serve` a worker
//! would keep answering with an old build from its cache while the code changes.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::RegistrationOptions;

use super::state::data::use_atlas;

/// How long a page that does not show the directory (the compiled `/publications`) waits
/// before loading it anyway, for the next page and for offline use.
const IDLE_DIRECTORY: Duration = Duration::from_secs(3);

/// Registers the service worker once the directory has loaded (or failed to), so its
/// precaching never competes with the first cards and the index for the connection. A page
/// that has not asked for the directory by [`IDLE_DIRECTORY`] gets it loaded then. Release
/// builds only; called once, by `App`.
pub fn use_service_worker() {
    // Not in development builds, nor natively (the pre-renderer has no browser to ask).
    if cfg!(debug_assertions) || !cfg!(target_arch = "wasm32") {
        return;
    }
    let data = use_atlas();
    let registered = StoredValue::new(false);
    Effect::new(move || {
        if data.started() && data.get().is_some() && !registered.get_value() {
            registered.set_value(true);
            register_service_worker();
        }
    });
    set_timeout(
        move || {
            data.start();
        },
        IDLE_DIRECTORY,
    );
}

/// Registers `sw.js` from the document's base (`/`, `/atlas/`) with that base as its scope.
/// A failure (a host without `sw.js`, storage turned off) is logged: the app works without it.
fn register_service_worker() {
    let navigator = window().navigator();
    // Missing outside secure contexts (plain http other than localhost) and in old browsers;
    // calling `service_worker()` there would throw.
    let supported =
        js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false);
    if !supported {
        return;
    }
    let Some(base) = document().base_uri().ok().flatten() else {
        return;
    };
    let Ok(script) = web_sys::Url::new_with_base("sw.js", &base) else {
        return;
    };
    let options = RegistrationOptions::new();
    options.set_scope(&base);
    let registering = navigator
        .service_worker()
        .register_with_options(&script.href(), &options);
    wasm_bindgen_futures::spawn_local(async move {
        let registration = match JsFuture::from(registering).await {
            Ok(registration) => registration,
            Err(e) => {
                leptos::logging::warn!("offline use is unavailable: sw.js did not register: {e:?}");
                return;
            }
        };
        // Registering again does not look for a new sw.js, and browsers look for one on their
        // own terms (Chromium skipped a deploy made seconds after the previous one): ask once per
        // visit, so that a redeploy is picked up on the next one. Offline there is nothing to ask.
        if !window().navigator().on_line() {
            return;
        }
        let update = registration
            .dyn_into::<web_sys::ServiceWorkerRegistration>()
            .ok()
            .and_then(|r| r.update().ok());
        if let Some(update) = update
            && let Err(e) = JsFuture::from(update).await
        {
            leptos::logging::warn!("could not look for a new version of sw.js: {e:?}");
        }
    });
}

/// Whether a service worker controls the page, so what was saved on earlier visits answers
/// while offline.
pub fn has_saved_copy() -> bool {
    if !cfg!(target_arch = "wasm32") {
        return false;
    }
    let navigator = window().navigator();
    js_sys::Reflect::get(&navigator, &JsValue::from_str("serviceWorker"))
        .ok()
        .filter(|container| !container.is_undefined())
        .and_then(|container| {
            js_sys::Reflect::get(&container, &JsValue::from_str("controller")).ok()
        })
        .is_some_and(|controller| !controller.is_null() && !controller.is_undefined())
}

/// Whether the browser says it is online, kept current by its `online` and `offline` events.
pub fn use_online() -> Signal<bool> {
    let online = RwSignal::new(super::host::online());
    let up = window_event_listener(leptos::ev::online, move |_| online.set(true));
    let down = window_event_listener(leptos::ev::offline, move |_| online.set(false));
    on_cleanup(move || {
        up.remove();
        down.remove();
    });
    online.into()
}
