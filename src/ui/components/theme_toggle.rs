//! The theme button in the header.

use leptos::prelude::*;

use crate::ui::lang::text;
use crate::ui::state::theme::use_theme;

/// Cycles System → Light → Dark; the label says what is in effect.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let theme = use_theme().0;
    let t = text();
    view! {
        <button
            type="button"
            class="theme-toggle"
            data-testid="theme-toggle"
            title=t.theme().toggle()
            on:click=move |_| theme.update(|t| *t = t.next())
        >
            <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" stroke-width="2"></circle>
                <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor"></path>
            </svg>
            <span>{move || theme.get().label(t)}</span>
        </button>
    }
}
