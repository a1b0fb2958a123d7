//! Invisible characters: the format characters that change how text is shown, or hide text,
//! without being seen themselves.
//!
//! A right-to-left override (U+202E) makes `gnp.exe` show as `exe.png`; a zero-width space
//! makes two equal-looking names differ; tag characters (U+E0000–U+E007F) carry a hidden copy
//! of any ASCII text. The validator reports them as warnings (the text may be legitimate: a
//! right-to-left mark in an Arabic name, a joiner in a Persian one); the views show every data
//! string bidi-isolated so an override cannot reach the text around it; and the exports
//! (BibTeX, CSV, JSON) leave them out, with control characters, through [`export_text`].

use std::borrow::Cow;

/// The invisible characters [`is_invisible`] knows, as (first, last, name), sorted.
const INVISIBLE: [(char, char, &str); 22] = [
    ('\u{AD}', '\u{AD}', "SOFT HYPHEN"),
    ('\u{61C}', '\u{61C}', "ARABIC LETTER MARK"),
    ('\u{180E}', '\u{180E}', "MONGOLIAN VOWEL SEPARATOR"),
    ('\u{200B}', '\u{200B}', "ZERO WIDTH SPACE"),
    ('\u{200C}', '\u{200C}', "ZERO WIDTH NON-JOINER"),
    ('\u{200D}', '\u{200D}', "ZERO WIDTH JOINER"),
    ('\u{200E}', '\u{200E}', "LEFT-TO-RIGHT MARK"),
    ('\u{200F}', '\u{200F}', "RIGHT-TO-LEFT MARK"),
    ('\u{202A}', '\u{202A}', "LEFT-TO-RIGHT EMBEDDING"),
    ('\u{202B}', '\u{202B}', "RIGHT-TO-LEFT EMBEDDING"),
    ('\u{202C}', '\u{202C}', "POP DIRECTIONAL FORMATTING"),
    ('\u{202D}', '\u{202D}', "LEFT-TO-RIGHT OVERRIDE"),
    ('\u{202E}', '\u{202E}', "RIGHT-TO-LEFT OVERRIDE"),
    ('\u{2060}', '\u{2064}', "WORD JOINER or INVISIBLE OPERATOR"),
    ('\u{2066}', '\u{2066}', "LEFT-TO-RIGHT ISOLATE"),
    ('\u{2067}', '\u{2067}', "RIGHT-TO-LEFT ISOLATE"),
    ('\u{2068}', '\u{2068}', "FIRST STRONG ISOLATE"),
    ('\u{2069}', '\u{2069}', "POP DIRECTIONAL ISOLATE"),
    ('\u{206A}', '\u{206F}', "DEPRECATED FORMAT CHARACTER"),
    ('\u{FEFF}', '\u{FEFF}', "ZERO WIDTH NO-BREAK SPACE"),
    ('\u{FFF9}', '\u{FFFB}', "INTERLINEAR ANNOTATION CHARACTER"),
    ('\u{E0000}', '\u{E007F}', "TAG CHARACTER"),
];

/// The name of `c` if it is an invisible format character (bidi controls U+202A–U+202E and
/// U+2066–U+2069, marks U+200E/U+200F/U+061C, zero-width characters U+200B–U+200D, U+2060–U+2064,
/// U+FEFF, the soft hyphen, tag characters and the rest of the table above), else `None`.
pub fn invisible_name(c: char) -> Option<&'static str> {
    let i = INVISIBLE.partition_point(|&(_, last, _)| last < c);
    INVISIBLE
        .get(i)
        .filter(|&&(first, _, _)| first <= c)
        .map(|&(_, _, name)| name)
}

/// True for an invisible format character; see [`invisible_name`].
pub fn is_invisible(c: char) -> bool {
    invisible_name(c).is_some()
}

/// The invisible characters in `text`, each once in order of appearance, as `U+202E
/// RIGHT-TO-LEFT OVERRIDE`; empty when there are none.
pub fn describe_invisible(text: &str) -> Vec<String> {
    let mut seen: Vec<char> = Vec::new();
    for c in text.chars().filter(|&c| is_invisible(c)) {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen.into_iter()
        .map(|c| format!("U+{:04X} {}", u32::from(c), invisible_name(c).unwrap_or("")))
        .collect()
}

/// `text` as the exports write it: without invisible characters, and without the control
/// characters that are not white space (white space, line breaks included, each format writes
/// in its own way). Borrowed when there is nothing to remove.
pub fn export_text(text: &str) -> Cow<'_, str> {
    let drop = |c: char| is_invisible(c) || (c.is_control() && !c.is_whitespace());
    if text.chars().any(drop) {
        Cow::Owned(text.chars().filter(|&c| !drop(c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listed_characters_are_invisible_and_their_neighbours_are_not() {
        for c in [
            '\u{AD}',
            '\u{61C}',
            '\u{200B}',
            '\u{200F}',
            '\u{202A}',
            '\u{202E}',
            '\u{2060}',
            '\u{2064}',
            '\u{2066}',
            '\u{2069}',
            '\u{FEFF}',
            '\u{E0041}',
        ] {
            assert!(is_invisible(c), "U+{:04X}", u32::from(c));
        }
        for c in [
            'a',
            ' ',
            '\u{A0}',
            '\u{200A}',
            '\u{2010}',
            '\u{2065}',
            '\u{2070}',
            '\u{FEFE}',
            '\u{E0080}',
            '栾',
            'ا',
        ] {
            assert!(!is_invisible(c), "U+{:04X}", u32::from(c));
        }
        assert_eq!(invisible_name('\u{202E}'), Some("RIGHT-TO-LEFT OVERRIDE"));
        assert_eq!(
            invisible_name('\u{2062}'),
            Some("WORD JOINER or INVISIBLE OPERATOR")
        );
    }

    #[test]
    fn the_table_is_sorted_and_its_ranges_apart() {
        for pair in INVISIBLE.windows(2) {
            assert!(pair[0].0 <= pair[0].1 && pair[0].1 < pair[1].0, "{pair:?}");
        }
    }

    #[test]
    fn describing_names_each_character_once() {
        assert_eq!(
            describe_invisible("gnp\u{202E}.exe\u{200B}\u{202E}"),
            ["U+202E RIGHT-TO-LEFT OVERRIDE", "U+200B ZERO WIDTH SPACE"]
        );
        assert!(describe_invisible("plain").is_empty());
    }

    #[test]
    fn exports_drop_invisible_and_control_characters_but_keep_line_breaks() {
        assert_eq!(export_text("\u{202E}gnp.exe"), "gnp.exe");
        assert_eq!(export_text("a\u{200B}b\u{0}c\u{7F}d\u{1B}e"), "abcde");
        assert_eq!(export_text("a\tb\r\nc\u{85}"), "a\tb\r\nc\u{85}");
        assert!(matches!(export_text("plain 栾思飞"), Cow::Borrowed(_)));
    }
}
