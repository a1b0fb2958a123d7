//! Text with some byte ranges marked, built from text nodes and `<mark>` (never `inner_html`),
//! inside one `<bdi>`: the text is data (a title, an interest) shown after a label, and its
//! direction must not reorder the label.

use leptos::prelude::*;

/// Splits `text` at the given sorted, non-overlapping byte ranges: `(piece, is_marked)` pairs.
/// Ranges that are out of bounds or not on character boundaries are ignored.
pub fn split_marked(text: &str, ranges: &[(usize, usize)]) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut at = 0;
    for &(start, end) in ranges {
        if start < at
            || end <= start
            || end > text.len()
            || !text.is_char_boundary(start)
            || !text.is_char_boundary(end)
        {
            continue;
        }
        if start > at {
            out.push((text[at..start].to_owned(), false));
        }
        out.push((text[start..end].to_owned(), true));
        at = end;
    }
    if at < text.len() {
        out.push((text[at..].to_owned(), false));
    }
    out
}

/// `text` with `ranges` wrapped in `<mark>`, the whole bidi-isolated.
#[component]
pub fn Highlighted(
    /// The text to show.
    text: String,
    /// Byte ranges of `text` to mark.
    ranges: Vec<(usize, usize)>,
) -> impl IntoView {
    let pieces = split_marked(&text, &ranges)
        .into_iter()
        .map(|(piece, marked)| {
            if marked {
                view! { <mark>{piece}</mark> }.into_any()
            } else {
                piece.into_any()
            }
        })
        .collect_view();
    view! { <bdi>{pieces}</bdi> }
}

#[cfg(test)]
mod tests {
    use super::split_marked;

    #[test]
    fn marks_ranges_and_ignores_bad_ones() {
        let t = "SkyPilot: An Intercloud Broker";
        assert_eq!(
            split_marked(t, &[(0, 8), (13, 23)]),
            vec![
                ("SkyPilot".into(), true),
                (": An ".into(), false),
                ("Intercloud".into(), true),
                (" Broker".into(), false),
            ]
        );
        assert_eq!(split_marked("é", &[(0, 1)]), vec![("é".into(), false)]);
        assert_eq!(split_marked("ab", &[(1, 9)]), vec![("ab".into(), false)]);
        assert_eq!(split_marked("", &[]), vec![]);
    }
}
