//! Web text to plain text, written once for every reader: HTML tags removed ([`tags`]),
//! character references decoded ([`entities`]), white space collapsed ([`collapse`]), and the
//! tables behind them — the entity names ([`xml_or_latin1`]) and the months' names.
//!
//! Homepage `.bib` exports, OpenAlex's publisher titles and what ORCID users type all carry
//! the same web markup; one module decides what counts as a tag and which names an entity may
//! have, so a title reads the same whichever source gave it. What differs by source stays
//! with its reader: the order of the steps (OpenAlex decodes entities first, because
//! publishers escape tags twice), Markdown and LaTeX (`bibtex::text`), how a title loses its
//! final period, and the abstract's inverted index.

/// The months' English names, for dates written out ("07–08 June", "Sept. 2021").
pub(crate) const MONTH_NAMES: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Markup to plain text on one line: [`tags`] removed, then [`entities`] decoded (so `&lt;i&gt;`
/// stays `<i>`), then white space collapsed.
pub(crate) fn plain(s: &str) -> String {
    collapse(&entities(&tags(s)))
}

/// One space between words, none at either end.
pub(crate) fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text.` → `text`: one closing period gone, with the spaces before it; an ellipsis (`...`)
/// stays, as does `?` or `!`.
pub(crate) fn without_final_period(text: String) -> String {
    match text.strip_suffix('.') {
        Some(cut) if !cut.ends_with('.') => cut.trim_end().to_owned(),
        _ => text,
    }
}

/// The HTML elements seen in publication lists and publishers' titles (JATS's `<title>` and
/// `<italic>`, small caps `<sc>`, `<scp>`); only these, and any `mml:` (MathML) or `jats:`
/// element, are taken for tags, so `a < b` and `x<y and z>w` stay.
const HTML_TAGS: [&str; 31] = [
    "a", "abbr", "b", "big", "br", "cite", "code", "del", "div", "em", "font", "i", "ins",
    "italic", "mark", "p", "q", "s", "sc", "scp", "small", "span", "strike", "strong", "sub",
    "sup", "title", "tt", "u", "var", "wbr",
];

/// The elements that break a line or a paragraph: removed, each leaves a space, so
/// `line<br/>break` does not read `linebreak`.
const BREAKS: [&str; 5] = ["br", "p", "div", "jats:p", "jats:title"];

/// Whether `name` (lower case, without `/` or attributes) is an element [`tags`] removes.
fn is_tag(name: &str) -> bool {
    HTML_TAGS.contains(&name) || name.starts_with("mml:") || name.starts_with("jats:")
}

/// `<b>x</b>` → `x`, `<mml:mi>x</mml:mi>` → `x`, `<br/>` → a space; a `<` that opens no known
/// element (`a < b`, `unclosed <i`) stays.
pub(crate) fn tags(s: &str) -> String {
    if !s.contains('<') {
        return s.to_owned();
    }
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
            (Some(inner), Some(name)) if is_tag(&name) => {
                if BREAKS.contains(&name.as_str()) {
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

/// `&amp;` → `&`, `&eacute;` → `é`, `&#233;` → `é`, `&#xE9;` → `é`, once (`&amp;lt;` →
/// `&lt;`); an unknown name, a reference to no character and a lone `&` stay as written.
/// The names are [`xml_or_latin1`]'s and HTML's typographic ones (`&ndash;`, `&hellip;`,
/// `&ldquo;` …); `&nbsp;` is a plain space, as the text around it is collapsed or split at
/// spaces.
pub(crate) fn entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let name = after.find(';').map(|end| &after[..end]).filter(|n| {
            (1..=8).contains(&n.len()) && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '#')
        });
        let decoded = name.and_then(|n| match n.strip_prefix('#') {
            Some(number) => char_ref(number),
            None => web_named(n),
        });
        match (name, decoded) {
            (Some(n), Some(c)) => {
                out.push(c);
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

/// The character a numeric reference names, given without `&#` and `;`: `233` or `xE9`
/// (`XE9`); `None` for no number or no character (`xD800`).
pub(crate) fn char_ref(number: &str) -> Option<char> {
    let code = match number.strip_prefix(['x', 'X']) {
        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
        None => number.parse().ok()?,
    };
    char::from_u32(code)
}

/// ISO Latin-1's entity names, in code point order from U+00A0 (`nbsp`) to U+00FF (`yuml`):
/// the 96 that HTML has and dblp's DTD declares.
const LATIN1: [&str; 96] = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
    "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
    "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
    "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave", "Eacute",
    "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute",
    "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute",
    "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
    "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde",
    "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc",
    "uuml", "yacute", "thorn", "yuml",
];

/// The character an entity name stands for among XML's five (`amp`, `lt`, `gt`, `quot`,
/// `apos`) and ISO Latin-1's 96 (`nbsp` is U+00A0 here): the names an XML document may use
/// without declaring them, as dblp's DTD declares them.
pub(crate) fn xml_or_latin1(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => LATIN1
            .iter()
            .position(|n| *n == name)
            .and_then(|i| char::from_u32(0xA0 + u32::try_from(i).ok()?)),
    }
}

/// The names web text uses besides [`xml_or_latin1`]'s, and `nbsp` as a plain space.
const TYPOGRAPHIC: [(&str, char); 8] = [
    ("nbsp", ' '),
    ("ndash", '–'),
    ("mdash", '—'),
    ("hellip", '…'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("ldquo", '“'),
    ("rdquo", '”'),
];

/// The character a named reference in web text stands for.
fn web_named(name: &str) -> Option<char> {
    TYPOGRAPHIC
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
        .or_else(|| xml_or_latin1(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_tags_go_and_other_angle_brackets_stay() {
        for (written, want) in [
            ("<b>Bold</b> and <i>italic</i>", "Bold and italic"),
            ("A <span class=\"x\">Span</span><br/>Next", "A Span Next"),
            ("line<br/>break", "line break"),
            ("a<p>b</p>c<div>d</div>", "a b c d "),
            ("CO<sub>2</sub> and x<sup>2</sup>", "CO2 and x2"),
            ("<scp>Small Caps</scp> <SC>x</SC>", "Small Caps x"),
            ("<mml:math><mml:mi>x</mml:mi></mml:math>-ray", "x-ray"),
            (
                "<jats:title>Abstract</jats:title><jats:p>Text</jats:p>",
                " Abstract  Text ",
            ),
            ("<jats:italic>x</jats:italic> <italic>y</italic>", "x y"),
            ("a < b and c > d", "a < b and c > d"),
            ("x<y and z>w", "x<y and z>w"),
            ("unclosed <i", "unclosed <i"),
            ("<i <b>x</b>", "<i x"),
            ("<", "<"),
            ("no markup", "no markup"),
        ] {
            assert_eq!(tags(written), want, "{written:?}");
        }
    }

    #[test]
    fn entities_are_decoded_once() {
        for (written, want) in [
            ("Tom &amp; Jerry", "Tom & Jerry"),
            ("&lt;i&gt;Twice&lt;/i&gt;", "<i>Twice</i>"),
            ("&amp;lt;", "&lt;"),
            ("&quot;q&quot; &apos;a&apos;", "\"q\" 'a'"),
            ("&#8211; &#x00E9;t&eacute;", "– été"),
            ("Caf&#233; &#x2014; &#XE9;", "Café — é"),
            ("a&nbsp;b", "a b"),
            ("&ndash;&mdash;&hellip;", "–—…"),
            ("&lsquo;s&rsquo; &ldquo;d&rdquo;", "‘s’ “d”"),
            ("&iacute;&oacute;&uuml;&ouml;&auml;&ccedil;", "íóüöäç"),
            ("&Eacute;rd&odblac;s &szlig; &copy;", "Érd&odblac;s ß ©"),
            ("&unknown; &bogus; &", "&unknown; &bogus; &"),
            (
                "&#xD800; &#; &a b; &toolongname;",
                "&#xD800; &#; &a b; &toolongname;",
            ),
            ("R&D; no name", "R&D; no name"),
        ] {
            assert_eq!(entities(written), want, "{written:?}");
        }
    }

    #[test]
    fn plain_text_on_one_line() {
        for (written, want) in [
            ("A  <i>Study</i>\n of <sub>2</sub>X", "A Study of 2X"),
            ("line<br/>break", "line break"),
            ("a < b and c > d", "a < b and c > d"),
            (
                "Graphs &amp; Trees &#233;&#xE9; &bogus; &",
                "Graphs & Trees éé &bogus; &",
            ),
            ("<mml:math><mml:mi>x</mml:mi></mml:math>-ray", "x-ray"),
            ("unclosed <i", "unclosed <i"),
            ("&lt;i&gt;kept&lt;/i&gt;", "<i>kept</i>"),
            ("  spread \n over\tlines  ", "spread over lines"),
        ] {
            assert_eq!(plain(written), want, "{written:?}");
        }
    }

    #[test]
    fn one_final_period_goes() {
        for (written, want) in [
            ("A Title.", "A Title"),
            ("A Title .", "A Title"),
            ("Why Not?", "Why Not?"),
            ("Wait...", "Wait..."),
            ("..", ".."),
            (".", ""),
            ("", ""),
        ] {
            assert_eq!(
                without_final_period(written.to_owned()),
                want,
                "{written:?}"
            );
        }
    }

    #[test]
    fn latin1_names_in_code_point_order() {
        for (name, want) in [
            ("nbsp", Some('\u{a0}')),
            ("copy", Some('©')),
            ("iquest", Some('¿')),
            ("Agrave", Some('À')),
            ("times", Some('×')),
            ("szlig", Some('ß')),
            ("uuml", Some('ü')),
            ("yuml", Some('ÿ')),
            ("amp", Some('&')),
            ("apos", Some('\'')),
            ("ndash", None),
            ("UUML", None),
        ] {
            assert_eq!(xml_or_latin1(name), want, "{name}");
        }
        for (number, want) in [
            ("233", Some('é')),
            ("xE9", Some('é')),
            ("XE9", Some('é')),
            ("x1F600", Some('😀')),
            ("xD800", None),
            ("", None),
            ("x", None),
            ("12a", None),
        ] {
            assert_eq!(char_ref(number), want, "{number:?}");
        }
    }
}
