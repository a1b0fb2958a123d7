//! Data strings shown among other text, each in its own `<bdi>`.
//!
//! A name in a right-to-left script, or a direction override the data should not hold (U+202E
//! makes `gnp.exe` show as `exe.png`), would otherwise reorder the separators and words around
//! it. An element that holds one data string alone is isolated in CSS instead
//! (`unicode-bidi: isolate` in the component's stylesheet); these are for strings that sit
//! inline in a sentence or a list.

use leptos::prelude::*;

/// `parts` joined by `separator`, each part isolated: "A · B · C".
#[component]
pub fn IsolatedList(
    /// The data strings, in order.
    parts: Vec<String>,
    /// What goes between two parts (the page's language's comma unless given).
    #[prop(optional)]
    separator: Option<&'static str>,
) -> impl IntoView {
    let separator = separator.unwrap_or_else(|| crate::ui::lang::text().lang.comma());
    let n = parts.len();
    parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| view! { <bdi>{part}</bdi>{(i + 1 < n).then_some(separator)} })
        .collect_view()
}
