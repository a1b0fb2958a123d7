//! The Latin-1 and Latin Extended-A letters: how LaTeX writes each one, and its ASCII folding for
//! keys.
//!
//! [`fold_ascii`] is not `search::text::fold`, on purpose: a key may hold only ASCII letters and
//! digits, so everything else (CJK, punctuation) is dropped rather than kept as the search keeps
//! it, and the folding comes from the same table as the LaTeX form, so a key and its entry never
//! disagree about a letter. Keys are also promised stable: a change to the search's folding must
//! not rename anyone's `\cite`s. (And `model` cannot depend on `search`.)

/// Lowercase ASCII letters and digits of `s`; accented Latin letters lose their accents.
pub(super) fn fold_ascii(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if let Some(l) = latin_letter(c) {
            out.push_str(&l.ascii.to_ascii_lowercase());
        }
    }
    out
}

/// How one Latin-1 or Latin Extended-A letter is written in LaTeX and folded to ASCII.
pub(super) struct LatinLetter {
    /// The accent or letter command without its backslash; empty when LaTeX gets the UTF-8 char.
    pub(super) command: &'static str,
    /// The letter the accent goes on; empty for a letter command such as `\o`.
    pub(super) base: &'static str,
    /// The letter folded to ASCII, for keys.
    pub(super) ascii: &'static str,
}

/// Accented letters as (accent command, letters, their base letters in the same order).
const ACCENTED: [(&str, &str, &str); 13] = [
    ("`", "ÀÈÌÒÙàèìòù", "AEIOUaeiou"),
    ("'", "ÁÉÍÓÚÝáéíóúýĆćĹĺŃńŔŕŚśŹź", "AEIOUYaeiouyCcLlNnRrSsZz"),
    ("^", "ÂÊÎÔÛâêîôûĈĉĜĝĤĥĴĵŜŝŴŵŶŷ", "AEIOUaeiouCcGgHhJjSsWwYy"),
    ("~", "ÃÑÕãñõĨĩŨũ", "ANOanoIiUu"),
    ("\"", "ÄËÏÖÜäëïöüÿŸ", "AEIOUaeiouyY"),
    ("=", "ĀāĒēĪīŌōŪū", "AaEeIiOoUu"),
    (".", "ĊċĖėĠġİŻż", "CcEeGgIZz"),
    ("u", "ĂăĔĕĞğĬĭŎŏŬŭ", "AaEeGgIiOoUu"),
    ("c", "ÇçĢģĶķĻļŅņŖŗŞşŢţ", "CcGgKkLlNnRrSsTt"),
    ("k", "ĄąĘęĮįŲų", "AaEeIiUu"),
    ("v", "ČčĎďĚěĽľŇňŘřŠšŤťŽž", "CcDdEeLlNnRrSsTtZz"),
    ("H", "ŐőŰű", "OoUu"),
    ("r", "Ůů", "Uu"),
];

/// Letters of their own as (letter, LaTeX command or "" to keep UTF-8, ASCII folding).
const LETTERS: [(char, &str, &str); 31] = [
    ('Æ', "AE", "ae"),
    ('æ', "ae", "ae"),
    ('Å', "AA", "a"),
    ('å', "aa", "a"),
    ('Ø', "O", "o"),
    ('ø', "o", "o"),
    ('Œ', "OE", "oe"),
    ('œ', "oe", "oe"),
    ('ß', "ss", "ss"),
    ('Ł', "L", "l"),
    ('ł', "l", "l"),
    ('ı', "i", "i"),
    ('Ð', "DH", "d"),
    ('ð', "dh", "d"),
    ('Đ', "DJ", "d"),
    ('đ', "dj", "d"),
    ('Þ', "TH", "th"),
    ('þ', "th", "th"),
    ('Ŋ', "NG", "n"),
    ('ŋ', "ng", "n"),
    // No command that every LaTeX font encoding has: kept as UTF-8, folded for keys only.
    ('Ħ', "", "h"),
    ('ħ', "", "h"),
    ('Ĳ', "", "ij"),
    ('ĳ', "", "ij"),
    ('Ŀ', "", "l"),
    ('ŀ', "", "l"),
    ('ŉ', "", "n"),
    ('ĸ', "", "k"),
    ('Ŧ', "", "t"),
    ('ŧ', "", "t"),
    ('ſ', "", "s"),
];

/// The LaTeX form and ASCII folding of `c`, when it is a Latin letter in the tables.
pub(super) fn latin_letter(c: char) -> Option<LatinLetter> {
    if c.is_ascii() {
        return None;
    }
    for (command, letters, bases) in ACCENTED {
        if let Some(i) = letters.chars().position(|x| x == c) {
            let (start, b) = bases.char_indices().nth(i)?;
            let base = &bases[start..start + b.len_utf8()];
            return Some(LatinLetter {
                command,
                base,
                ascii: base,
            });
        }
    }
    let &(_, command, ascii) = LETTERS.iter().find(|(letter, ..)| *letter == c)?;
    Some(LatinLetter {
        command,
        base: "",
        ascii,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latin_tables_are_consistent() {
        for (command, letters, bases) in ACCENTED {
            assert_eq!(letters.chars().count(), bases.chars().count(), "{command}");
        }
        // Every letter of Latin-1 Supplement and Latin Extended-A folds to ASCII.
        for c in ('\u{C0}'..='\u{17F}').filter(|c| c.is_alphabetic()) {
            let folded = fold_ascii(&c.to_string());
            assert!(
                !folded.is_empty() && folded.chars().all(|x| x.is_ascii_lowercase()),
                "{c:?} folds to {folded:?}"
            );
        }
    }
}
