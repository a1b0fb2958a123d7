//! Start-up over a pre-rendered page: the app renders beside the static HTML, out of the
//! document, and replaces it in one step once its page has what it shows — so the reader sees
//! the static page until then, and no jump after.
//!
//! What the reader did meanwhile is kept: text typed into a static box moves to the app's box of
//! the same id (which then searches for it), and so does the focus.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};

use super::App;

/// The element holding the pre-rendered page (written by `src/bin/prerender`).
pub const STATIC_ROOT: &str = "atlas-static";

/// How many frames the app may take to load its page before it replaces the static one anyway
/// (its error or loading state then shows, with Retry).
const MAX_FRAMES: u32 = 600;

/// Mounts the app over the pre-rendered `page`.
pub fn mount_over(page: Element) {
    let Ok(root) = document().create_element("div") else {
        return;
    };
    root.set_class_name("atlas-root");
    let root: HtmlElement = root.unchecked_into();
    leptos::mount::mount_to(root.clone(), App).forget();
    swap_when_ready(page, root, 0);
}

/// Replaces `page` with `root` once `root` shows no loading state (checked each frame).
fn swap_when_ready(page: Element, root: HtmlElement, frames: u32) {
    request_animation_frame(move || {
        let loading = root
            .query_selector("[aria-busy=\"true\"], .loading")
            .ok()
            .flatten()
            .is_some();
        if loading && frames < MAX_FRAMES {
            swap_when_ready(page, root, frames + 1);
            return;
        }
        let focused = focused_id(&page);
        let typed = typed_text(&page);
        if page.replace_with_with_node_1(&root).is_err() {
            return;
        }
        for (id, text) in typed {
            if let Some(input) = input_by_id(&id) {
                input.set_value(&text);
                if let Ok(event) = web_sys::Event::new("input") {
                    let _ = input.dispatch_event(&event);
                }
            }
        }
        if let Some(el) = focused.and_then(|id| document().get_element_by_id(&id)) {
            let _ = el.unchecked_into::<HtmlElement>().focus();
        }
        // The results grid measures itself on resize: it was out of the document until now.
        if let Ok(event) = web_sys::Event::new("resize") {
            let _ = window().dispatch_event(&event);
        }
    });
}

/// The id of the focused element when it is inside `page`.
fn focused_id(page: &Element) -> Option<String> {
    let active = document().active_element()?;
    (page.contains(Some(&active)) && !active.id().is_empty()).then(|| active.id())
}

/// The text boxes of `page` the reader typed into: (id, text).
fn typed_text(page: &Element) -> Vec<(String, String)> {
    let Ok(inputs) = page.query_selector_all("input[id]") else {
        return Vec::new();
    };
    (0..inputs.length())
        .filter_map(|i| inputs.item(i)?.dyn_into::<HtmlInputElement>().ok())
        .filter(|input| matches!(input.type_().as_str(), "search" | "text"))
        .filter(|input| input.value() != input.default_value())
        .map(|input| (input.id(), input.value()))
        .collect()
}

fn input_by_id(id: &str) -> Option<HtmlInputElement> {
    document().get_element_by_id(id)?.dyn_into().ok()
}
