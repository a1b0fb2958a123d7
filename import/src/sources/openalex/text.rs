//! OpenAlex's text to plain text: titles and names carry the publisher's markup (`<i>`,
//! `<sub>`, `<scp>`, MathML `<mml:…>`, JATS `<jats:…>`, entities such as `&amp;`, now and
//! then escaped twice as `&lt;i&gt;`), and abstracts come as an inverted index.

use serde_json::Value;

/// Markup gone, entities decoded, white space collapsed.
pub(super) fn plain(s: &str) -> String {
    let decoded = if s.contains('&') {
        entities(s)
    } else {
        s.to_owned()
    };
    let text = if decoded.contains('<') {
        tags(&decoded)
    } else {
        decoded
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A title: [`plain`], without one trailing period (an ellipsis stays).
pub(super) fn title(s: &str) -> String {
    let t = plain(s);
    match t.strip_suffix('.') {
        Some(cut) if !cut.ends_with('.') => cut.trim_end().to_owned(),
        _ => t,
    }
}

/// The abstract an inverted index (`{"word": [positions]}`) encodes: each word at each of its
/// positions, in position order, joined by single spaces (missing positions are skipped; a
/// position given twice keeps the word first listed). `None` when it holds no word.
pub(super) fn abstract_text(index: &Value) -> Option<String> {
    let Value::Object(words) = index else {
        return None;
    };
    let mut placed: Vec<(u64, usize, &str)> = Vec::new();
    for (order, (word, positions)) in words.iter().enumerate() {
        let Value::Array(positions) = positions else {
            continue;
        };
        placed.extend(
            positions
                .iter()
                .filter_map(Value::as_u64)
                .map(|p| (p, order, word.as_str())),
        );
    }
    placed.sort_unstable();
    placed.dedup_by_key(|(p, _, _)| *p);
    let text = plain(
        &placed
            .iter()
            .map(|(_, _, w)| *w)
            .collect::<Vec<_>>()
            .join(" "),
    );
    (!text.is_empty()).then_some(text)
}

/// The elements publishers put in titles and abstracts; only these are taken for tags, so
/// `a <b and c> d` in a formula stays.
const HTML_TAGS: [&str; 31] = [
    "a", "abbr", "b", "big", "br", "cite", "code", "del", "div", "em", "font", "i", "ins", "mark",
    "p", "q", "s", "sc", "scp", "small", "span", "strike", "strong", "sub", "sup", "tt", "u",
    "var", "wbr", "title", "italic",
];

/// Removes the tags of [`HTML_TAGS`] and any `mml:` or `jats:` element; a `<br>`, `<p>` or
/// `<div>` becomes a space.
fn tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let inner = after
            .find('>')
            .map(|end| &after[..end])
            .filter(|inner| !inner.contains('<'));
        let name = inner.map(|inner| {
            inner
                .trim_start_matches('/')
                .split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase()
        });
        match (inner, name) {
            (Some(inner), Some(name))
                if HTML_TAGS.contains(&name.as_str())
                    || name.starts_with("mml:")
                    || name.starts_with("jats:") =>
            {
                if matches!(name.as_str(), "br" | "p" | "div" | "jats:p" | "jats:title") {
                    out.push(' ');
                }
                rest = &after[inner.len() + 1..];
            }
            _ => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `&amp;` → `&`, `&#233;` → `é`, `&#xE9;` → `é`, once (`&amp;lt;` → `&lt;`); an unknown
/// name stays as written.
fn entities(s: &str) -> String {
    const NAMED: [(&str, &str); 22] = [
        ("amp", "&"),
        ("lt", "<"),
        ("gt", ">"),
        ("quot", "\""),
        ("apos", "'"),
        ("nbsp", " "),
        ("ndash", "–"),
        ("mdash", "—"),
        ("hellip", "…"),
        ("lsquo", "‘"),
        ("rsquo", "’"),
        ("ldquo", "“"),
        ("rdquo", "”"),
        ("eacute", "é"),
        ("egrave", "è"),
        ("aacute", "á"),
        ("iacute", "í"),
        ("oacute", "ó"),
        ("uuml", "ü"),
        ("ouml", "ö"),
        ("auml", "ä"),
        ("ccedil", "ç"),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let name = after.find(';').map(|end| &after[..end]).filter(|n| {
            (1..=8).contains(&n.len()) && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '#')
        });
        let decoded = name.and_then(|n| match n.strip_prefix('#') {
            Some(num) => {
                let code = match num.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => num.parse().ok(),
                };
                code.and_then(char::from_u32).map(String::from)
            }
            None => NAMED
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| (*v).to_owned()),
        });
        match (name, decoded) {
            (Some(n), Some(d)) => {
                out.push_str(&d);
                rest = &after[n.len() + 1..];
            }
            _ => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
