//! Start-up over a pre-rendered page: the app renders beside the static HTML, out of the
//! document, and replaces it in one step once its page has what it shows — so the reader sees
//! the static page until then, and no jump after.
//!
//! What the reader did meanwhile is kept: what they typed, ticked or picked in the static page's
//! controls is done again to the app's (through the events the app listens to, so a query typed
//! early is searched for), the sections they unfolded stay unfolded, the buttons they clicked
//! (recorded by `public/early.js`, which loads before the app) are clicked again, and the focus
//! moves to the same control.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use super::app::App;

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

/// Frames the static page stays at least: it is painted first, so the app's equal content is
/// not a new largest paint (the browser's LCP stays the static page's).
const MIN_FRAMES: u32 = 2;

/// Replaces `page` with `root` once `root` shows no loading state (checked each frame).
fn swap_when_ready(page: Element, root: HtmlElement, frames: u32) {
    request_animation_frame(move || {
        let loading = root
            .query_selector("[aria-busy=\"true\"], .loading")
            .ok()
            .flatten()
            .is_some();
        if (loading || frames < MIN_FRAMES || pressed()) && frames < MAX_FRAMES {
            swap_when_ready(page, root, frames + 1);
            return;
        }
        let controls = |el: &Element| el.query_selector_all(CONTROLS).ok();
        // The static page shows the URL without a query: with one, the app's controls are others.
        let same_view = super::router::url::location().1.is_empty();
        let changed = (controls(&page).filter(|_| same_view))
            .map(|list| changed(&list))
            .unwrap_or_default();
        let focused = focused_index(&page);
        let (clicks, sections) = if same_view {
            early_actions()
        } else {
            Default::default()
        };
        // Whether each section the reader unfolded or folded is open now.
        let details = |el: &Element, i: u32| {
            let list = el.query_selector_all("details").ok()?;
            list.item(i)?.dyn_into::<web_sys::HtmlDetailsElement>().ok()
        };
        let sections: Vec<(u32, bool)> = (sections.into_iter())
            .filter_map(|i| Some((i, details(&page, i)?.open())))
            .collect();
        if page.replace_with_with_node_1(&root).is_err() {
            return;
        }
        for (i, open) in sections {
            if let Some(el) = details(&root, i) {
                el.set_open(open);
            }
        }
        if let Some(list) = controls(&root) {
            for (i, change) in changed {
                if let Some(el) = list.item(i as u32) {
                    change.apply(&el);
                }
            }
            if let Some(el) = focused.and_then(|i| list.item(i as u32)) {
                let _ = el.unchecked_into::<HtmlElement>().focus();
            }
        }
        if let Ok(buttons) = root.query_selector_all("button") {
            for i in clicks {
                if let Some(el) = buttons.item(i) {
                    el.unchecked_into::<HtmlElement>().click();
                }
            }
        }
        // The results grid measures itself on resize: it was out of the document until now.
        if let Ok(event) = web_sys::Event::new("resize") {
            let _ = window().dispatch_event(&event);
        }
    });
}

/// The form controls of a page, in document order: the same list in the static page and in the
/// app's, as both render the same URL with the same views.
const CONTROLS: &str = "input, select, textarea";

/// What the reader changed in a control of the static page.
enum Change {
    /// Typed text.
    Text(String),
    /// Ticked or unticked.
    Checked(bool),
    /// Picked an option.
    Selected(String),
}

impl Change {
    /// Does the same to `el`, the app's control at the same place, through the events the app
    /// listens to.
    fn apply(&self, el: &web_sys::Node) {
        let fire = |target: &web_sys::EventTarget, name: &str| {
            if let Ok(event) = web_sys::Event::new_with_event_init_dict(name, &bubbling()) {
                let _ = target.dispatch_event(&event);
            }
        };
        match self {
            Self::Text(text) => {
                if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
                    input.set_value(text);
                    fire(input, "input");
                } else if let Some(area) = el.dyn_ref::<HtmlTextAreaElement>() {
                    area.set_value(text);
                    fire(area, "input");
                }
            }
            Self::Checked(checked) => {
                if let Some(input) = el.dyn_ref::<HtmlInputElement>()
                    && input.checked() != *checked
                {
                    input.click();
                }
            }
            Self::Selected(value) => {
                if let Some(select) = el.dyn_ref::<HtmlSelectElement>() {
                    select.set_value(value);
                    fire(select, "change");
                }
            }
        }
    }
}

fn bubbling() -> web_sys::EventInit {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    init
}

/// The controls of `list` the reader changed: (index, change).
fn changed(list: &web_sys::NodeList) -> Vec<(usize, Change)> {
    (0..list.length())
        .filter_map(|i| {
            let node = list.item(i)?;
            let change = if let Some(input) = node.dyn_ref::<HtmlInputElement>() {
                match input.type_().as_str() {
                    "checkbox" | "radio" => (input.checked() != input.default_checked())
                        .then(|| Change::Checked(input.checked())),
                    _ => (input.value() != input.default_value())
                        .then(|| Change::Text(input.value())),
                }
            } else if let Some(area) = node.dyn_ref::<HtmlTextAreaElement>() {
                (area.default_value().ok() != Some(area.value()))
                    .then(|| Change::Text(area.value()))
            } else if let Some(select) = node.dyn_ref::<HtmlSelectElement>() {
                let options = select.options();
                let default = (0..options.length())
                    .filter_map(|o| {
                        options
                            .item(o)?
                            .dyn_into::<web_sys::HtmlOptionElement>()
                            .ok()
                    })
                    .find(|o| o.default_selected())
                    .map(|o| o.value());
                (default.as_deref() != Some(&select.value()) && select.selected_index() >= 0)
                    .then(|| Change::Selected(select.value()))
            } else {
                None
            };
            Some((i as usize, change?))
        })
        .collect()
}

/// Whether a pointer is down on the page (recorded by `public/early.js`): the swap waits for its
/// release, so that a click is not pressed on the static page and released on the app's.
fn pressed() -> bool {
    js_sys::Reflect::get(&window(), &"atlasEarly".into())
        .and_then(|early| js_sys::Reflect::get(&early, &"pressed".into()))
        .is_ok_and(|p| p.is_truthy())
}

/// What the reader did on the static page before the app started, as recorded by
/// `public/early.js` in `window.atlasEarly`: the places of the buttons they clicked (among the
/// page's buttons, in order) and of the sections they unfolded or folded (among its `<details>`).
/// Read once: later clicks land on the app's own elements.
fn early_actions() -> (Vec<u32>, Vec<u32>) {
    let Ok(early) = js_sys::Reflect::get(&window(), &"atlasEarly".into()) else {
        return Default::default();
    };
    let places = |name: &str| -> Vec<u32> {
        js_sys::Reflect::get(&early, &name.into())
            .ok()
            .and_then(|list| list.dyn_into::<js_sys::Array>().ok())
            .map(|list| {
                let places = list.iter().filter_map(|i| i.as_f64()).filter(|i| *i >= 0.0);
                let places = places.map(|i| i as u32).collect();
                list.set_length(0);
                places
            })
            .unwrap_or_default()
    };
    (places("clicks"), places("sections"))
}

/// The place of the focused element among the controls of `page`, when it is one of them.
fn focused_index(page: &Element) -> Option<usize> {
    let active = document().active_element()?;
    let list = page.query_selector_all(CONTROLS).ok()?;
    (0..list.length()).position(|i| {
        list.item(i)
            .is_some_and(|n| n.is_same_node(Some(active.unchecked_ref())))
    })
}
