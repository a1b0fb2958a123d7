//! Plain text from what ORCID users and member systems type: a few HTML tags (`<i>`, `<sub>`,
//! MathML from publishers' feeds) dropped, the common entities decoded, white space collapsed.

/// Markup to plain text on one line: tags that look like HTML or MathML removed, `&amp;` and
/// kin decoded, white space collapsed. `a < b` stays.
pub(super) fn plain(s: &str) -> String {
    let s = if s.contains('<') {
        tags(s)
    } else {
        s.to_owned()
    };
    let s = if s.contains('&') { entities(&s) } else { s };
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A title: plain text without a trailing period (an ellipsis `...`, `?` and `!` stay).
pub(super) fn title(s: &str) -> String {
    let mut t = plain(s);
    while t.ends_with('.') && !t.ends_with("...") {
        t.pop();
    }
    t.trim_end().to_owned()
}

/// Trimmed, and `None` when nothing is left.
pub(super) fn some(s: Option<&str>) -> Option<String> {
    s.map(plain).filter(|s| !s.is_empty())
}

/// `<i>x</i>` → `x`: a tag is `<`, a letter or `/`, then no `<` before the closing `>`.
fn tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let is_tag = after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/');
        match after
            .find('>')
            .filter(|&end| is_tag && !after[..end].contains('<'))
        {
            Some(end) => {
                let name = after[..end]
                    .trim_start_matches('/')
                    .split(|c: char| c.is_whitespace() || c == '/')
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase();
                // `<i>x</i>y` reads `xy`; a line or paragraph break is a space.
                if matches!(name.as_str(), "br" | "p" | "div") {
                    out.push(' ');
                }
                rest = &after[end + 1..];
            }
            None => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `&amp;` → `&`, `&#233;` and `&#xE9;` → `é`; anything else stays as written.
fn entities(s: &str) -> String {
    const NAMED: [(&str, &str); 8] = [
        ("amp", "&"),
        ("lt", "<"),
        ("gt", ">"),
        ("quot", "\""),
        ("apos", "'"),
        ("nbsp", " "),
        ("ndash", "–"),
        ("mdash", "—"),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let name = after
            .find(';')
            .filter(|&end| (1..=8).contains(&end))
            .map(|end| &after[..end]);
        let decoded = name.and_then(|n| {
            let numeric = n
                .strip_prefix('#')
                .and_then(|d| match d.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => d.parse().ok(),
                });
            match numeric {
                Some(code) => char::from_u32(code).map(String::from),
                None => NAMED
                    .iter()
                    .find(|(k, _)| *k == n)
                    .map(|(_, v)| (*v).to_owned()),
            }
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
