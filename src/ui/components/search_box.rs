//! The one search box: updates on every keystroke, `/` focuses it, Escape clears it.

use leptos::ev;
use leptos::html::Input;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::lang::text;
use crate::ui::state::after_paint::AfterPaint;
use crate::ui::state::search::use_search;

/// True when a key press should stay with the element that has focus (typing in a field).
fn in_text_field(e: &ev::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// The magnifier drawn in every search box.
#[component]
pub fn SearchIcon() -> impl IntoView {
    view! {
        <svg class="search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2"></circle>
            <path d="M16.5 16.5L21 21" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path>
        </svg>
    }
}

/// The search input, bound to `q` in the URL. The box shows each key at once; the search runs
/// just after that is painted ([`AfterPaint`]).
#[component]
pub fn SearchBox() -> impl IntoView {
    let search = use_search();
    let t = text();
    let typed = AfterPaint::new(move |text| search.type_query(text));
    let input = NodeRef::<Input>::new();
    let handle = window_event_listener(ev::keydown, move |e| {
        if e.key() == "/"
            && !e.ctrl_key()
            && !e.meta_key()
            && !in_text_field(&e)
            && let Some(el) = input.get_untracked()
        {
            e.prevent_default();
            let _ = el.focus();
        }
    });
    on_cleanup(move || handle.remove());
    view! {
        <div class="search-box" role="search">
            <label for="search-input" class="visually-hidden">{t.search_box().label()}</label>
            <SearchIcon/>
            <input
                id="search-input"
                type="search"
                node_ref=input
                autocomplete="off"
                spellcheck="false"
                placeholder=t.search_box().placeholder()
                aria-keyshortcuts="/"
                prop:value=move || search.params.with(|p| p.query.clone())
                on:input=move |e| typed.push(event_target_value(&e))
                on:keydown=move |e| typed.clear_on_escape(&e, || search.update(|p| p.query.clear()))
            />
            <kbd class="search-hint" aria-hidden="true">"/"</kbd>
        </div>
    }
}
