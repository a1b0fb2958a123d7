//! An initials avatar: the dataset has no photos.

use leptos::prelude::*;

/// Up to two initials: the first letters of the first and last words of a name, as written
/// (the avatar's style shows them in capitals, so Unicode's case tables stay out of the first
/// load). Brackets such as "(Amber)" are skipped; a name in a script without case keeps its
/// first character ("栾思飞" → "栾").
pub fn initials(name: &str) -> String {
    let words: Vec<&str> = name
        .split_whitespace()
        .filter(|w| w.chars().next().is_some_and(char::is_alphanumeric))
        .collect();
    let first = |w: &str| w.chars().next().map(String::from);
    match words.as_slice() {
        [] => "?".into(),
        [one] => first(one).unwrap_or_default(),
        [a, .., b] => format!(
            "{}{}",
            first(a).unwrap_or_default(),
            first(b).unwrap_or_default()
        ),
    }
}

/// A round badge with the initials of `name` in capitals; hidden from screen readers (the name
/// is next to it).
#[component]
pub fn Avatar(
    /// Whose initials to show.
    name: String,
) -> impl IntoView {
    view! { <span class="avatar" aria-hidden="true">{initials(&name)}</span> }
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_of_real_and_awkward_names() {
        for (name, want) in [
            ("Michael Luo", "ML"),
            ("Frank Sifei Luan", "FL"),
            ("Jiachen (Amber) Liu", "JL"),
            ("luo mai", "lm"),
            ("Émilie du Châtelet", "ÉC"),
            ("栾思飞", "栾"),
            ("Plato", "P"),
            ("", "?"),
            ("   ", "?"),
        ] {
            assert_eq!(initials(name), want, "{name:?}");
        }
    }
}
