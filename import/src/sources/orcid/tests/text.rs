//! Titles' periods; their markup is `web_text`'s, tested there.

use super::super::text::title;

#[test]
fn titles_lose_a_trailing_period_only() {
    let cases = [
        ("Fast Reads.", "Fast Reads"),
        ("Fast Reads. ", "Fast Reads"),
        ("Why Reads?", "Why Reads?"),
        ("And so on...", "And so on..."),
        ("..", ""),
    ];
    for (raw, want) in cases {
        assert_eq!(title(raw), want, "{raw:?}");
    }
}
