//! A reader for one BibTeX entry that counts braces exactly as BibTeX does (a backslash does not
//! escape a brace), so a field that closes early shows up as extra fields.

use super::{decoded, parse};

/// One entry read the way BibTeX reads it: `@type{key,` then `name = {value}` or `name = token`
/// fields, where every `{` opens and every `}` closes a group whether or not a backslash comes
/// first. Returns the type, the key and the fields with their raw values, or why it cannot.
pub fn read_entry(text: &str) -> Result<RawEntry, String> {
    let mut chars = text.chars().peekable();
    let skip_ws = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
    };
    if chars.next() != Some('@') {
        return Err("no @".into());
    }
    let kind: String = std::iter::from_fn(|| chars.next_if(|c| c.is_ascii_alphabetic())).collect();
    if chars.next() != Some('{') {
        return Err("no { after the type".into());
    }
    let key: String = std::iter::from_fn(|| chars.next_if(|&c| c != ',' && c != '}')).collect();
    if chars.next() != Some(',') {
        return Err(format!("the key {key:?} does not end in a comma"));
    }
    let mut fields = Vec::new();
    loop {
        skip_ws(&mut chars);
        if chars.next_if_eq(&'}').is_some() {
            break;
        }
        let name: String =
            std::iter::from_fn(|| chars.next_if(|c| c.is_ascii_alphanumeric() || *c == '_'))
                .collect();
        skip_ws(&mut chars);
        if name.is_empty() || chars.next() != Some('=') {
            return Err(format!(
                "a field name is not followed by = (after {fields:?})"
            ));
        }
        skip_ws(&mut chars);
        let mut value = String::new();
        if chars.next_if_eq(&'{').is_some() {
            let mut depth = 1;
            loop {
                let c = chars.next().ok_or("the file ends inside a value")?;
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                if depth == 0 {
                    break;
                }
                value.push(c);
            }
        } else {
            value = std::iter::from_fn(|| chars.next_if(|c| c.is_ascii_alphanumeric())).collect();
        }
        fields.push((name, value));
        skip_ws(&mut chars);
        if chars.next_if_eq(&',').is_some() {
            continue;
        }
        if chars.next_if_eq(&'}').is_some() {
            break;
        }
        return Err(format!(
            "a value is followed by neither , nor }} ({fields:?})"
        ));
    }
    let rest: String = chars.collect();
    if !rest.trim().is_empty() {
        return Err(format!("text after the entry: {rest:?}"));
    }
    Ok(RawEntry { kind, key, fields })
}

/// One entry as [`read_entry`] reads it.
pub struct RawEntry {
    /// The entry type, e.g. `inproceedings`.
    pub kind: String,
    /// The citation key.
    pub key: String,
    /// Each field's name and raw value (between its braces, or the bare token).
    pub fields: Vec<(String, String)>,
}

/// A raw author field split where BibTeX splits it: at a word `and` outside braces.
pub fn split_names(raw: &str) -> Vec<String> {
    let mut names = vec![String::new()];
    let mut depth = 0;
    for word in raw.split(' ') {
        if depth == 0 && word.eq_ignore_ascii_case("and") {
            names.push(String::new());
            continue;
        }
        let name = names.last_mut().unwrap();
        if !name.is_empty() {
            name.push(' ');
        }
        name.push_str(word);
        depth += word.matches('{').count() as i32 - word.matches('}').count() as i32;
    }
    names
}

/// Raw field content as biblatex decodes it.
pub fn decode_raw(raw: &str) -> String {
    let bib = parse(&format!("@misc{{k, f = {{{raw}}}}}"));
    decoded(bib.get("k").unwrap(), "f").unwrap_or_default()
}
