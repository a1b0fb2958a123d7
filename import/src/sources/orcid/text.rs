//! Plain text from what ORCID users and member systems type: a few HTML tags (`<i>`, `<sub>`,
//! MathML from publishers' feeds) dropped, the common entities decoded, white space collapsed
//! — [`plain`]. What is ORCID's own: how a title loses its periods, and an empty
//! field read as none.

use crate::web_text::plain;

/// A title: plain text without a trailing period (an ellipsis `...`, `?` and `!` stay). Every
/// closing period goes (`A..` → `A`), where OpenAlex and dblp drop one.
pub(super) fn title(s: &str) -> String {
    let mut t = plain(s);
    while t.ends_with('.') && !t.ends_with("...") {
        t.pop();
    }
    t.trim_end().to_owned()
}

/// As [`plain`], and `None` when nothing is left.
pub(super) fn some(s: Option<&str>) -> Option<String> {
    s.map(plain).filter(|s| !s.is_empty())
}
