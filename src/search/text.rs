//! Text normalisation for search: folding (lowercase, Latin diacritics stripped) and tokenizing.
//!
//! Both the index and the query go through [`tokenize`], so they agree on what a word is. Folding is
//! a hand-written table over Latin-1 Supplement and Latin Extended-A (no Unicode crates): `é → e`,
//! `ß → ss`, `Æ → ae`, `Ł → l`. Other scripts are only lowercased, so CJK text passes through
//! unchanged. Tokens remember their byte range in the original text, which is how the UI
//! highlights matches in the text it shows.

/// Lowercases `s` and strips diacritics from Latin letters (`"Müller" → "muller"`, `"ß" → "ss"`).
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_folded(c, &mut out);
    }
    out
}

/// One word of a text: its folded form and where it sits in the original string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Token {
    /// The folded word, e.g. `"skypilot"`.
    pub text: String,
    /// Byte offset of the word's first char in the original string.
    pub start: usize,
    /// Byte offset just past the word's last char in the original string.
    pub end: usize,
}

/// Splits `s` into words: maximal runs of alphanumeric chars, each folded.
///
/// Combining diacritical marks (U+0300–U+036F) that follow a letter stay in its word and are
/// dropped by folding, so a decomposed `"e\u{301}"` is the same word as `"é"`.
pub fn tokenize(s: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut current: Option<Token> = None;
    for (i, c) in s.char_indices() {
        let end = i + c.len_utf8();
        if c.is_alphanumeric() || (current.is_some() && is_combining_mark(c)) {
            let token = current.get_or_insert_with(|| Token {
                text: String::new(),
                start: i,
                end,
            });
            push_folded(c, &mut token.text);
            token.end = end;
        } else if let Some(token) = current.take() {
            tokens.push(token);
        }
    }
    tokens.extend(current);
    tokens
}

/// Bytes of `original` (one original token) that fold to the first `folded_len` folded bytes.
///
/// Walks the chars of `original` while folding, so the result always lies on a char boundary;
/// when a char folds to several (`ß → ss`) and the prefix ends inside it, the whole char counts.
pub fn original_prefix_len(original: &str, folded_len: usize) -> usize {
    let mut folded = 0;
    let mut buf = String::new();
    for (i, c) in original.char_indices() {
        if folded >= folded_len {
            return i;
        }
        buf.clear();
        push_folded(c, &mut buf);
        folded += buf.len();
    }
    original.len()
}

/// True for the combining diacritical marks block, U+0300–U+036F.
fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36F}')
}

/// Appends the folded form of `c` to `out`.
fn push_folded(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
    } else if is_combining_mark(c) {
        // A decomposed accent: dropped, like the precomposed ones below.
    } else if let Some(folded) = fold_latin(c) {
        out.push_str(folded);
    } else {
        // Lowercasing can land in the table (`ẞ → ß`), so fold what it gives.
        for lower in c.to_lowercase() {
            match fold_latin(lower) {
                Some(folded) => out.push_str(folded),
                None => out.push(lower),
            }
        }
    }
}

/// The folded form of a Latin-1 Supplement or Latin Extended-A letter; `None` for anything else.
fn fold_latin(c: char) -> Option<&'static str> {
    Some(match c {
        // Latin-1 Supplement (U+00C0–U+00FF; × and ÷ are not letters and are left alone).
        'À'..='Å' | 'à'..='å' | 'ª' => "a",
        'Æ' | 'æ' => "ae",
        'Ç' | 'ç' => "c",
        'È'..='Ë' | 'è'..='ë' => "e",
        'Ì'..='Ï' | 'ì'..='ï' => "i",
        'Ð' | 'ð' => "d",
        'Ñ' | 'ñ' => "n",
        'Ò'..='Ö' | 'ò'..='ö' | 'Ø' | 'ø' | 'º' => "o",
        'Ù'..='Ü' | 'ù'..='ü' => "u",
        'Ý' | 'ý' | 'ÿ' => "y",
        'Þ' | 'þ' => "th",
        'ß' => "ss",
        // Latin Extended-A (U+0100–U+017F).
        'Ā'..='ą' => "a",
        'Ć'..='č' => "c",
        'Ď'..='đ' => "d",
        'Ē'..='ě' => "e",
        'Ĝ'..='ģ' => "g",
        'Ĥ'..='ħ' => "h",
        'Ĩ'..='ı' => "i",
        'Ĳ' | 'ĳ' => "ij",
        'Ĵ' | 'ĵ' => "j",
        'Ķ'..='ĸ' => "k",
        'Ĺ'..='ł' => "l",
        'Ń'..='ŋ' => "n",
        'Ō'..='ő' => "o",
        'Œ' | 'œ' => "oe",
        'Ŕ'..='ř' => "r",
        'Ś'..='š' => "s",
        'Ţ'..='ŧ' => "t",
        'Ũ'..='ų' => "u",
        'Ŵ' | 'ŵ' => "w",
        'Ŷ'..='Ÿ' => "y",
        'Ź'..='ž' => "z",
        'ſ' => "s",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_table() {
        let cases = [
            ("", ""),
            ("Hello World", "hello world"),
            ("Müller", "muller"),
            ("MÜLLER", "muller"),
            ("Élodie Chloé", "elodie chloe"),
            ("Straße", "strasse"),
            ("ẞ", "ss"), // capital sharp s lowercases to ß, which then folds
            ("François Ç", "francois c"),
            ("Søren Ørsted", "soren orsted"),
            ("Łukasz Wałęsa", "lukasz walesa"),
            ("Æsir æble", "aesir aeble"),
            ("Œuvre cœur", "oeuvre coeur"),
            ("Ångström", "angstrom"),
            ("Þór Ðað", "thor dad"),
            ("Dvořák Škoda Žižek", "dvorak skoda zizek"),
            ("İstanbul ıslak", "istanbul islak"),
            ("Ĳssel", "ijssel"),
            ("Ÿves ÿ", "yves y"),
            ("Ńŋ ſ", "nn s"),
            ("3 × 4 ÷ 2", "3 × 4 ÷ 2"),
            ("栾思飞", "栾思飞"),
            ("Ελληνικά", "ελληνικά"),
            ("e\u{301}cole", "ecole"),
        ];
        for (input, want) in cases {
            assert_eq!(fold(input), want, "fold({input:?})");
        }
    }

    #[test]
    fn every_latin_letter_folds_to_ascii() {
        for c in ('\u{C0}'..='\u{17F}').filter(|c| c.is_alphabetic()) {
            let f = fold(&c.to_string());
            assert!(
                f.chars().all(|x| x.is_ascii_lowercase()),
                "{c:?} (U+{:04X}) folds to {f:?}",
                c as u32
            );
        }
    }

    fn words(s: &str) -> Vec<String> {
        tokenize(s).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn tokenize_table() {
        let cases: &[(&str, &[&str])] = &[
            ("", &[]),
            ("   ", &[]),
            ("!?,.;:-", &[]),
            (
                "SkyPilot: An Intercloud Broker",
                &["skypilot", "an", "intercloud", "broker"],
            ),
            ("O1-Preview", &["o1", "preview"]),
            ("栾思飞", &["栾思飞"]),
            (
                "Frank Sifei Luan (栾思飞)",
                &["frank", "sifei", "luan", "栾思飞"],
            ),
            ("ML.ENERGY", &["ml", "energy"]),
            ("Jiachen (Amber) Liu", &["jiachen", "amber", "liu"]),
            ("Humanity's Last Exam", &["humanity", "s", "last", "exam"]),
            ("Straße-Müller", &["strasse", "muller"]),
            ("1.5B", &["1", "5b"]),
            ("e\u{301}cole", &["ecole"]),
            ("\u{301}x", &["x"]),
            ("a_b", &["a", "b"]),
        ];
        for (input, want) in cases {
            assert_eq!(words(input), *want, "tokenize({input:?})");
        }
    }

    #[test]
    fn offsets_point_into_the_original() {
        for s in [
            "SkyPilot: An Intercloud Broker",
            "Straße-Müller, Ørsted & 栾思飞!",
            "  Łukasz  ",
            "e\u{301}cole",
        ] {
            for t in tokenize(s) {
                assert!(s.is_char_boundary(t.start) && s.is_char_boundary(t.end));
                assert!(t.start < t.end);
                assert_eq!(fold(&s[t.start..t.end]), t.text, "in {s:?}");
            }
        }
        let t = tokenize("Straße-Müller");
        assert_eq!((t[0].start, t[0].end), (0, 7));
        assert_eq!((t[1].start, t[1].end), (8, 15));
    }

    #[test]
    fn original_prefix_lengths() {
        let cases = [
            ("SkyPilot", 3, 3),
            ("SkyPilot", 8, 8),
            ("SkyPilot", 20, 8),
            ("Müller", 2, 3),
            ("Müller", 1, 1),
            ("Straße", 5, 6), // "stras" ends inside ß: the whole ß counts
            ("Straße", 6, 6),
            ("栾思飞", 3, 3),
            ("Œuvre", 1, 2),
            ("x", 0, 0),
        ];
        for (original, folded_len, want) in cases {
            let got = original_prefix_len(original, folded_len);
            assert_eq!(got, want, "original_prefix_len({original:?}, {folded_len})");
            assert!(original.is_char_boundary(got));
        }
    }
}
