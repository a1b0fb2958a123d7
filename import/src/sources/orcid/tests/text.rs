//! Plain text from titles and names.

use super::super::text::{plain, title};

#[test]
fn markup_becomes_plain_text() {
    let cases = [
        ("A  <i>Study</i>\n of <sub>2</sub>X", "A Study of 2X"),
        ("line<br/>break", "line break"),
        ("a < b and c > d", "a < b and c > d"),
        (
            "Graphs &amp; Trees &#233;&#xE9; &bogus; &",
            "Graphs & Trees éé &bogus; &",
        ),
        ("<mml:math><mml:mi>x</mml:mi></mml:math>-ray", "x-ray"),
        ("unclosed <i", "unclosed <i"),
    ];
    for (raw, want) in cases {
        assert_eq!(plain(raw), want, "{raw:?}");
    }
}

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
