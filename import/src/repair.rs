//! Text repaired at the door, once, for every source: what real documents carry and no reader
//! should see.
//!
//! - [`document`]: a file's bytes as text. UTF-8 (with or without a byte-order mark) is read
//!   as is, UTF-16 by its mark; anything else is a legacy encoding, detected by `chardetng`
//!   (Firefox's detector) and decoded by `encoding_rs` — an ORCID record or a roster saved
//!   in Windows-1252 reads as its author wrote it, and the report says which encoding it was.
//! - [`mojibake`]: UTF-8 that was read as Windows-1252 or Latin-1 and saved again (`Ã©` for
//!   `é`, `â€œ` or `â` + U+0080 U+009C for `“`), also twice over (`ÃƒÂ©`), turned back. Only
//!   a run of characters that are exactly the bytes of a valid UTF-8 sequence is repaired, so
//!   correct Latin text (`café`, `Müller`) and text in other scripts are never touched.
//! - [`line`] (names, titles, venues, organizations): mojibake undone, control characters and
//!   invisible format characters (zero-width, bidi controls, soft hyphens; see
//!   `research_atlas::model::invisible`) removed, white space collapsed.
//! - [`prose`] (abstracts, biographies): mojibake undone, control characters removed but line
//!   breaks and tabs, invisible characters removed but the joiners some scripts spell with
//!   (U+200C, U+200D), which the validator then reports as a warning.
//!
//! The validator still warns about invisible characters in hand-typed data: the importer cleans
//! what it brings, never what a person wrote into the dataset.

use std::borrow::Cow;

use research_atlas::model::invisible::is_invisible;

/// A document's text, and the legacy encoding it was decoded from (`None`: UTF-8 or UTF-16).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// The text, without a byte-order mark.
    pub text: String,
    /// The encoding's name ("windows-1252") when the file was not Unicode.
    pub encoding: Option<&'static str>,
}

/// Why a file is not read as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotText {
    /// NUL bytes in a file with no UTF-16 mark: a binary file.
    Binary,
}

impl std::fmt::Display for NotText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotText::Binary => write!(f, "not a text file (it holds NUL bytes)"),
        }
    }
}

/// `bytes` as text: see the module doc.
pub fn document(bytes: Vec<u8>) -> Result<Document, NotText> {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(&bytes) {
        let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
        return Ok(Document {
            text: text.into_owned(),
            encoding: None,
        });
    }
    if bytes.contains(&0) {
        return Err(NotText::Binary);
    }
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => {
            return Ok(Document {
                text,
                encoding: None,
            });
        }
        Err(e) => e.into_bytes(),
    };
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(&bytes, true);
    let encoding = detector.guess(None, false);
    let (text, _, _) = encoding.decode(&bytes);
    Ok(Document {
        text: text.into_owned(),
        encoding: Some(encoding.name()),
    })
}

/// A name, title or other one-line text as the importer keeps it: see the module doc. Borrowed
/// when there was nothing to repair (most text: no allocation).
pub fn line(s: &str) -> Cow<'_, str> {
    // Most text: printable ASCII, single-spaced (ASCII holds no mojibake, nothing invisible).
    let printable = |b: u8| (0x20..0x7F).contains(&b);
    if s.bytes().all(printable) && !s.starts_with(' ') && !s.ends_with(' ') && !s.contains("  ") {
        return Cow::Borrowed(s);
    }
    let single_spaced = !s.starts_with(' ')
        && !s.ends_with(' ')
        && !s.contains("  ")
        && !s.chars().any(|c| c.is_whitespace() && c != ' ');
    let fixed = mojibake(s);
    if single_spaced
        && matches!(fixed, Cow::Borrowed(_))
        && !s.chars().any(|c| c.is_control() || is_invisible(c))
    {
        return fixed;
    }
    let kept: String = fixed
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .filter(|&c| !is_invisible(c))
        .collect();
    Cow::Owned(kept.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// An abstract or biography as the importer keeps it: see the module doc. Borrowed when there
/// was nothing to repair.
pub fn prose(s: &str) -> Cow<'_, str> {
    let kept = |c: char| {
        (!c.is_control() || c == '\n' || c == '\t')
            && (!is_invisible(c) || c == '\u{200C}' || c == '\u{200D}')
    };
    let ascii = |b: u8| (0x20..0x7F).contains(&b) || b == b'\n' || b == b'\t';
    if s.bytes().all(ascii) && s.trim() == s {
        return Cow::Borrowed(s);
    }
    let fixed = mojibake(s);
    if matches!(fixed, Cow::Borrowed(_)) && s.chars().all(kept) && s.trim() == s {
        return fixed;
    }
    let text = fixed.replace("\r\n", "\n").replace('\r', "\n");
    Cow::Owned(
        text.chars()
            .filter(|&c| kept(c))
            .collect::<String>()
            .trim()
            .to_owned(),
    )
}

/// A whole document's text repaired as [`prose`] is, lines and all, before any reader parses
/// it: for formats without escapes of their own (CSV, BibTeX), where a character in the text
/// is the character the file holds.
pub fn text(s: &str) -> Cow<'_, str> {
    let clean = |c: char| (!c.is_control() || matches!(c, '\n' | '\r' | '\t')) && !is_invisible(c);
    let fixed = mojibake(s);
    if fixed.chars().all(clean) {
        return fixed;
    }
    Cow::Owned(fixed.chars().filter(|&c| clean(c)).collect())
}

/// `s` with every mojibake sequence decoded, up to three times over (text read wrongly,
/// saved, and read wrongly again); `s` itself when there is none.
pub fn mojibake(s: &str) -> Cow<'_, str> {
    let mut text = Cow::Borrowed(s);
    for _ in 0..3 {
        match once(&text) {
            Some(fixed) => text = Cow::Owned(fixed),
            None => break,
        }
    }
    text
}

/// The characters of Windows-1252's 0x80–0x9F row, by byte (`None`: undefined there, read
/// as the C1 control of the same number, which [`byte_of`] maps anyway).
const WINDOWS_1252_HIGH: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// The byte that Windows-1252 or Latin-1 reads as `c`, if any.
fn byte_of(c: char) -> Option<u8> {
    let code = u32::from(c);
    if code <= 0xFF {
        return u8::try_from(code).ok();
    }
    WINDOWS_1252_HIGH
        .iter()
        .position(|&h| h == Some(c))
        .and_then(|i| u8::try_from(0x80 + i).ok())
}

/// One pass: every run of characters whose bytes form one valid multi-byte UTF-8 sequence
/// replaced by the character it encodes; `None` when there was none (found without allocating:
/// mojibake always starts with a lead byte read as a Latin-1 letter, U+00C2–U+00F4).
fn once(s: &str) -> Option<String> {
    let is_lead = |c: char| ('\u{C2}'..='\u{F4}').contains(&c);
    let first = s
        .char_indices()
        .find(|&(i, c)| is_lead(c) && sequence_at(s[i..].chars()).is_some())?;
    let mut out = String::with_capacity(s.len());
    out.push_str(&s[..first.0]);
    let chars: Vec<char> = s[first.0..].chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if is_lead(chars[i])
            && let Some((decoded, used)) = sequence_at(chars[i..].iter().copied())
        {
            out.push(decoded);
            i += used;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    Some(out)
}

/// The character the UTF-8 sequence at the start of `chars` encodes, and how many characters
/// it took, when they are one.
fn sequence_at(mut chars: impl Iterator<Item = char>) -> Option<(char, usize)> {
    let lead = byte_of(chars.next()?)?;
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut bytes = [lead, 0, 0, 0];
    for slot in bytes.iter_mut().take(len).skip(1) {
        let b = byte_of(chars.next()?)?;
        if !(0x80..=0xBF).contains(&b) {
            return None;
        }
        *slot = b;
    }
    let decoded = std::str::from_utf8(&bytes[..len]).ok()?.chars().next()?;
    Some((decoded, len))
}

#[cfg(test)]
mod tests;
