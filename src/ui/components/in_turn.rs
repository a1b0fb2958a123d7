//! A part of a long page rendered in a task of its own.

use leptos::prelude::*;

/// Renders `children` in a task after the one that renders the page around it, so a long page
/// (a profile: its header, publication list and record) blocks the browser in turns, none of
/// them long. Until then an empty, busy placeholder holds the place; the takeover of a
/// pre-rendered page waits for it, so the reader never sees the page without this part.
/// Natively (the pre-renderer) the children render at once.
#[component]
pub fn InTurn(children: Children) -> impl IntoView {
    let now = !cfg!(target_arch = "wasm32");
    let ready = RwSignal::new(now);
    let children = StoredValue::new_local(Some(children));
    if !now {
        set_timeout(
            move || {
                // The page may be gone by then.
                let _ = ready.try_set(true);
            },
            std::time::Duration::ZERO,
        );
    }
    move || match ready.get() {
        true => (children.try_update_value(Option::take).flatten()).map(|c| c()),
        false => Some(view! { <div class="in-turn" aria-busy="true"></div> }.into_any()),
    }
}
