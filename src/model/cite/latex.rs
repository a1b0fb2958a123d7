//! Escaping text for BibTeX: special characters, accented letters, dashes and quotes, and the
//! braces that protect a title's capitals from sentence-casing styles.

use super::latin::{LatinLetter, latin_letter};
use crate::model::invisible::export_text;
use crate::model::validate::is_uri_char;

/// A verbatim field (`doi`, `eprint`, `url`) as a URI: invisible and control characters left
/// out, then every character a URI may not hold as it is (braces, backslash, white space, quotes,
/// non-ASCII letters…) percent-encoded as UTF-8 (`{` → `%7B`). What is left is ASCII with no
/// brace or backslash, so it cannot end the field or start a command.
pub(super) fn uri_verbatim(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in export_text(s).chars() {
        if is_uri_char(c) {
            out.push(c);
        } else {
            let mut utf8 = [0; 4];
            for b in c.encode_utf8(&mut utf8).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// `text` as BibTeX field content; `protect_case` braces the words sentence-casing would break.
///
/// Invisible and control characters are left out and runs of white space become one space;
/// every other character reads back as itself (see the module docs for how each is written).
pub(super) fn latex(text: &str, protect_case: bool) -> String {
    let text = export_text(text);
    let mut out = String::with_capacity(text.len() + 8);
    for (i, word) in text.split_whitespace().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let escaped = latex_word(word);
        if protect_case && has_inner_capital(word) {
            // `{\` opens a BibTeX "special character", whose letters are still recased.
            let (open, close) = if escaped.starts_with('\\') {
                ("{{", "}}")
            } else {
                ("{", "}")
            };
            out.push_str(open);
            out.push_str(&escaped);
            out.push_str(close);
        } else {
            out.push_str(&escaped);
        }
    }
    out
}

/// True when an uppercase letter follows the word's first letter or digit: `LLM`, `14B`.
fn has_inner_capital(word: &str) -> bool {
    word.chars()
        .skip_while(|c| !c.is_alphanumeric())
        .skip(1)
        .any(char::is_uppercase)
}

/// One whitespace-free word of `text`, escaped.
fn latex_word(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        let start = out.len();
        match c {
            '&' | '%' | '$' | '#' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '{' => out.push_str("{\\textbraceleft}"),
            '}' => out.push_str("{\\textbraceright}"),
            '~' => out.push_str("{\\textasciitilde}"),
            '^' => out.push_str("{\\textasciicircum}"),
            '\\' => out.push_str("{\\textbackslash}"),
            '<' => out.push_str("{\\textless}"),
            '>' => out.push_str("{\\textgreater}"),
            '|' => out.push_str("{\\textbar}"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '“' => out.push_str("``"),
            '”' => out.push_str("''"),
            '‘' => out.push('`'),
            '’' => out.push('\''),
            _ => match latin_letter(c) {
                Some(l) if !l.command.is_empty() => push_latin(&mut out, &l),
                _ => out.push(c),
            },
        }
        // `-` then `-` would read as an en dash, `` ` `` then `` ` `` as an opening quote…: an
        // empty group keeps the pieces of two characters apart.
        if let (Some(before), Some(after)) =
            (out[..start].chars().last(), out[start..].chars().next())
            && LIGATURES.contains(&(before, after))
        {
            out.insert_str(start, "{}");
        }
    }
    out
}

/// Pairs of characters that LaTeX joins into one: `--` (en dash), ``` `` ``` and `''` (double
/// quotes), `` ?` `` and `` !` `` (inverted marks), `,,` (low quotes in T1).
const LIGATURES: [(char, char); 6] = [
    ('-', '-'),
    ('`', '`'),
    ('\'', '\''),
    ('?', '`'),
    ('!', '`'),
    (',', ','),
];

/// Writes a Latin letter as a braced LaTeX command: `{\'e}`, `{\c{c}}`, `{\o}`, `{\'{\i}}`.
fn push_latin(out: &mut String, l: &LatinLetter) {
    out.push_str("{\\");
    out.push_str(l.command);
    if l.base.is_empty() {
        // A letter of its own (`\o`, `\ss`): the command is the whole letter.
    } else if l.base == "i" && l.command != "k" {
        // The accent replaces the dot; ogonek (`į`) keeps it.
        out.push_str("{\\i}");
    } else if l.command.chars().all(|c| c.is_ascii_alphabetic()) {
        out.push('{');
        out.push_str(l.base);
        out.push('}');
    } else {
        out.push_str(l.base);
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_table() {
        let cases = [
            ("Plain words", false, "Plain words"),
            ("  spaced\n\tout  ", false, "spaced out"),
            (
                "SkyPilot: An LLM Broker",
                true,
                "{SkyPilot:} An {LLM} Broker",
            ),
            ("SkyPilot", false, "SkyPilot"),
            ("A GPU-Centric Model", true, "A {GPU-Centric} Model"),
            ("a 1.5B o3-mini (LLM)", true, "a {1.5B} o3-mini {(LLM)}"),
            ("“Quoted” word", true, "``Quoted'' word"),
            ("R&D 100% $5 #1 a_b", false, "R\\&D 100\\% \\$5 \\#1 a\\_b"),
            (
                "{x} ~ ^",
                false,
                "{\\textbraceleft}x{\\textbraceright} {\\textasciitilde} {\\textasciicircum}",
            ),
            ("\\LaTeX", true, "{{\\textbackslash}LaTeX}"),
            (
                "a<b|c>d",
                false,
                "a{\\textless}b{\\textbar}c{\\textgreater}d",
            ),
            ("437–455 — ‘x’", false, "437--455 --- `x'"),
            (
                "Müller Søren Straße",
                false,
                "M{\\\"u}ller S{\\o}ren Stra{\\ss}e",
            ),
            (
                "café Çelik Dvořák",
                false,
                "caf{\\'e} {\\c{C}}elik Dvo{\\v{r}}{\\'a}k",
            ),
            ("ínï į İ", false, "{\\'{\\i}}n{\\\"{\\i}} {\\k{i}} {\\.I}"),
            ("ÜBER alles", true, "{{\\\"U}BER} alles"),
            ("栾思飞 Ελλάδα ħ", false, "栾思飞 Ελλάδα ħ"),
            ("1--2 –- ''", false, "1-{}-2 --{}- '{}'"),
            ("gnp\u{202E}.exe\u{200B} a\u{0}b", false, "gnp.exe ab"),
        ];
        for (input, protect, want) in cases {
            assert_eq!(latex(input, protect), want, "latex({input:?}, {protect})");
        }
    }

    #[test]
    fn verbatim_fields_are_uris_without_braces_or_backslashes() {
        let cases = [
            ("10.1145/3603269.3604848", "10.1145/3603269.3604848"),
            (
                "https://openreview.net/forum?id=x&y=[1]#z",
                "https://openreview.net/forum?id=x&y=[1]#z",
            ),
            (
                "10.1000/x},url=\"javascript:alert(1)\",injected=pwned",
                "10.1000/x%7D,url=%22javascript:alert(1)%22,injected=pwned",
            ),
            ("a{b}\\c d", "a%7Bb%7D%5Cc%20d"),
            ("https://münchen.de/ä", "https://m%C3%BCnchen.de/%C3%A4"),
            ("https://x.org/\u{202E}gnp.exe", "https://x.org/gnp.exe"),
            ("a\nb\u{0}", "a%0Ab"),
        ];
        for (input, want) in cases {
            assert_eq!(uri_verbatim(input), want, "uri_verbatim({input:?})");
        }
    }
}
