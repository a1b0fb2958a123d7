//! The colour theme: follows the system unless the user picked one, remembered in localStorage.

use leptos::prelude::*;

use crate::lang::Catalogue;

const STORAGE_KEY: &str = "atlas-theme";

/// The user's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Follow `prefers-color-scheme`.
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Theme {
    /// The next choice in the toggle's cycle.
    pub fn next(self) -> Self {
        match self {
            Self::System => Self::Light,
            Self::Light => Self::Dark,
            Self::Dark => Self::System,
        }
    }

    /// The label shown on the toggle.
    pub fn label(self, t: &'static Catalogue) -> &'static str {
        match self {
            Self::System => t.theme().system(),
            Self::Light => t.theme().light(),
            Self::Dark => t.theme().dark(),
        }
    }

    fn key(self) -> Option<&'static str> {
        match self {
            Self::System => None,
            Self::Light => Some("light"),
            Self::Dark => Some("dark"),
        }
    }

    fn from_key(key: &str) -> Self {
        match key {
            "light" => Self::Light,
            "dark" => Self::Dark,
            _ => Self::System,
        }
    }
}

/// The theme signal; writing it applies and remembers the choice.
#[derive(Clone, Copy)]
pub struct ThemeContext(pub RwSignal<Theme>);

fn storage() -> Option<web_sys::Storage> {
    crate::ui::host::local_storage()
}

/// Reads the remembered theme, applies it, and provides the context. Called once by `App`.
pub fn provide_theme() {
    let saved = storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .map_or(Theme::System, |k| Theme::from_key(&k));
    let theme = RwSignal::new(saved);
    Effect::new(move |_| {
        let t = theme.get();
        if let Some(root) = document().document_element() {
            let _ = match t.key() {
                Some(k) => root.set_attribute("data-theme", k),
                None => root.remove_attribute("data-theme"),
            };
        }
        if let Some(s) = storage() {
            let _ = match t.key() {
                Some(k) => s.set_item(STORAGE_KEY, k),
                None => s.remove_item(STORAGE_KEY),
            };
        }
    });
    provide_context(ThemeContext(theme));
}

/// The theme context; provided by `App` through [`provide_theme`].
pub fn use_theme() -> ThemeContext {
    expect_context::<ThemeContext>()
}
