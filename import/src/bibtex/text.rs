//! Field text to plain Unicode, in one place for titles, venues, names and every other field.
//!
//! The `biblatex` crate decodes most LaTeX (accents, `--`, escaped characters). What it leaves
//! is removed here: commands (`\emph{…}` → its argument, `\href{url}{text}` → the text), braces,
//! `~`, and math (`$\{$SkyPilot$\}$` → `SkyPilot`, `$O(n \log n)$` → `O(n log n)`,
//! `$10^{6}$` → `10⁶`). Homepage exports (al-folio, Hugo) put web markup in fields besides, and
//! that goes too: HTML tags (`<b>…</b>`) and entities (`&amp;`), Markdown links (`[text](url)`
//! → `text`) and emphasis (`**bold**`, `_italic_`). Identifiers and addresses are kept
//! character for character ([`verbatim`]).

use biblatex::{Chunk, ChunksRef, Spanned};

use crate::web_text::{collapse, entities, tags};

/// The months' English names, shared with the other readers.
pub(crate) use crate::web_text::MONTH_NAMES;

/// A text field as a reader sees it: LaTeX and web markup gone, spaces collapsed.
pub fn plain(chunks: ChunksRef<'_>) -> String {
    let mut text = String::new();
    for Spanned { v, .. } in chunks {
        match v {
            Chunk::Normal(s) | Chunk::Verbatim(s) => text.push_str(s),
            Chunk::Math(s) => text.push_str(&math(s)),
        }
    }
    markup(&latex(&text))
}

/// One part of a person's name (given name, family name, …): as [`plain`], without the math.
pub fn name_part(s: &str) -> String {
    markup(&latex(s))
}

/// An identifier or URL: as written, minus the backslashes that escape `_`, `%`, `&`, `#`,
/// `$`, `~`, and a `\url{…}` around it.
pub fn verbatim(text: &str) -> String {
    let text = text.trim();
    let text = text
        .strip_prefix("\\url{")
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or(text);
    let mut out = String::new();
    let mut chars = text.trim().chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(|n| "_%&#$~".contains(*n)) {
            continue;
        }
        if c == '{' || c == '}' {
            continue;
        }
        out.push(c);
    }
    out
}

/// Text without the LaTeX commands the crate left in it (`\textbf`, `\underline`, `\bf`),
/// their arguments kept: for a list of names, where a command would be taken for a name.
pub fn without_commands(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(char::is_ascii_alphabetic) {
            let mut name = String::new();
            while let Some(&n) = chars.peek().filter(|n| n.is_ascii_alphabetic()) {
                name.push(n);
                chars.next();
            }
            if let Some(symbol) =
                symbol(&name).filter(|s| !s.chars().all(|c| c.is_ascii_alphabetic()))
            {
                out.push_str(symbol);
            }
            if chars.peek() == Some(&' ') {
                chars.next();
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `\'\i`, `\'{\i}`, `\v{\j}` → `\'i`, `\'{i}`, `\v{j}`: an accent on a dotless i or j is
/// the accented letter (`Garc{\'\i}a` is García, as dblp writes it). `biblatex` would put the
/// accent on the letter before. A lone `{\i}` stays the dotless ı. Lines do not move, so
/// problems' lines still point into the maintainer's file.
pub fn accented_dotless(source: &str) -> String {
    const ACCENTS: &[u8] = b"'\"`^~=.uvHckr";
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut last = 0;
    for (at, _) in source.match_indices('\\') {
        let Some(&letter) = bytes.get(at + 1).filter(|b| matches!(b, b'i' | b'j')) else {
            continue;
        };
        if bytes.get(at + 2).is_some_and(u8::is_ascii_alphabetic) {
            continue; // a longer command such as \it
        }
        // The accent command right before: `\'` + `\i`, or `\'{` / `\v{` + `\i`.
        let accent_at = match &bytes[..at] {
            [.., b'\\', a] if ACCENTS.contains(a) => true,
            [.., b'\\', a, b'{'] if ACCENTS.contains(a) => true,
            _ => false,
        };
        if accent_at && at >= last {
            out.push_str(&source[last..at]);
            out.push(letter as char);
            last = at + 2;
        }
    }
    out.push_str(&source[last..]);
    out
}

/// Math as text: `$\{$` (Scholar's escaped brace) vanishes, `$k$` → `k`, `$10^{6}$` → `10⁶`,
/// `$\alpha$` → `α`.
fn math(s: &str) -> String {
    let s = s.replace("\\{", "").replace("\\}", "");
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let table: fn(char) -> Option<char> = match c {
            '^' => superscript,
            '_' => subscript,
            c => {
                out.push(c);
                continue;
            }
        };
        // `^2`, `^{10}`: the scripts as Unicode when every character has one, else plain.
        let script: String = if chars.peek() == Some(&'{') {
            chars.next();
            let mut depth = 1;
            let mut inner = String::new();
            for n in chars.by_ref() {
                match n {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                inner.push(n);
            }
            inner
        } else {
            chars.next().map(String::from).unwrap_or_default()
        };
        match script.chars().map(table).collect::<Option<String>>() {
            Some(scripted) if !script.is_empty() => out.push_str(&scripted),
            _ => out.push_str(&script),
        }
    }
    latex(&out)
}

fn superscript(c: char) -> Option<char> {
    let i = "0123456789+-=()ni".find(c)?;
    "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ".chars().nth(i)
}

fn subscript(c: char) -> Option<char> {
    let i = "0123456789+-=()".find(c)?;
    "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎".chars().nth(i)
}

/// Removes what LaTeX leaves in decoded text: `\cmd{arg}` → `arg`, a symbol command → its
/// character, other `\cmd` → nothing, braces, `~` (a non-breaking space) → space; collapses
/// white space.
fn latex(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let mut name = String::new();
                while let Some(&n) = chars.peek().filter(|n| n.is_ascii_alphabetic()) {
                    name.push(n);
                    chars.next();
                }
                if name.is_empty() {
                    match chars.next() {
                        // A line break, a thin or a normal space.
                        Some('\\' | ',' | ';' | ':' | ' ') => out.push(' '),
                        // A hyphenation point, a negative space, an italic correction.
                        Some('-' | '!' | '/') | None => {}
                        // An escaped character such as `\&` that the parser left alone.
                        Some(n) => out.push(n),
                    }
                    continue;
                }
                let symbol = symbol(&name);
                if let Some(text) = symbol {
                    out.push_str(text);
                }
                // A space ends a command's name; a word such as `\log` keeps it.
                let word = symbol.is_some_and(|t| t.chars().all(|c| c.is_ascii_alphabetic()));
                if !word && chars.peek() == Some(&' ') && chars.clone().nth(1) != Some('{') {
                    chars.next();
                }
                if DROPPED_ARGUMENT.contains(&name.as_str()) && chars.peek() == Some(&'{') {
                    skip_group(&mut chars);
                }
            }
            '{' | '}' => {}
            '~' | '\u{a0}' => out.push(' '),
            c => out.push(c),
        }
    }
    collapse(&out)
}

/// Commands whose first argument is not text to read: `\href{url}{text}` reads as `text`.
const DROPPED_ARGUMENT: [&str; 6] = ["href", "cite", "footnote", "thanks", "label", "ref"];

/// Consumes a `{…}` group, nested braces included.
fn skip_group(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    let mut depth = 0;
    for c in chars.by_ref() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth <= 0 {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// The text a command stands for (`\alpha` → `α`, `\log` → `log`), as titles use them.
fn symbol(name: &str) -> Option<&'static str> {
    const SYMBOLS: [(&str, &str); 58] = [
        ("alpha", "α"),
        ("beta", "β"),
        ("gamma", "γ"),
        ("delta", "δ"),
        ("epsilon", "ε"),
        ("varepsilon", "ε"),
        ("zeta", "ζ"),
        ("eta", "η"),
        ("theta", "θ"),
        ("iota", "ι"),
        ("kappa", "κ"),
        ("lambda", "λ"),
        ("mu", "μ"),
        ("nu", "ν"),
        ("xi", "ξ"),
        ("pi", "π"),
        ("rho", "ρ"),
        ("sigma", "σ"),
        ("tau", "τ"),
        ("phi", "φ"),
        ("varphi", "φ"),
        ("chi", "χ"),
        ("psi", "ψ"),
        ("omega", "ω"),
        ("Gamma", "Γ"),
        ("Delta", "Δ"),
        ("Theta", "Θ"),
        ("Lambda", "Λ"),
        ("Pi", "Π"),
        ("Sigma", "Σ"),
        ("Phi", "Φ"),
        ("Psi", "Ψ"),
        ("Omega", "Ω"),
        ("times", "×"),
        ("cdot", "·"),
        ("pm", "±"),
        ("leq", "≤"),
        ("le", "≤"),
        ("geq", "≥"),
        ("ge", "≥"),
        ("neq", "≠"),
        ("approx", "≈"),
        ("infty", "∞"),
        ("to", "→"),
        ("rightarrow", "→"),
        ("sqrt", "√"),
        ("ell", "ℓ"),
        ("log", "log"),
        ("ldots", "…"),
        ("dots", "…"),
        ("textendash", "–"),
        ("textemdash", "—"),
        ("LaTeX", "LaTeX"),
        ("TeX", "TeX"),
        ("dagger", "†"),
        ("ddagger", "‡"),
        ("ast", "*"),
        ("star", "*"),
    ];
    SYMBOLS.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
}

/// Web markup to text, white space collapsed: see [`web`].
pub fn markup(s: &str) -> String {
    collapse(&web(s))
}

/// Web markup to text: HTML tags removed and entities decoded (as every reader does, by
/// [`crate::web_text`]), Markdown links and emphasis reduced to their text. White space is left as it is (an author list is still to be split
/// at its `and`s).
pub fn web(s: &str) -> String {
    let s = entities(&tags(s));
    let s = if s.contains('[') {
        markdown_links(&s)
    } else {
        s
    };
    if s.contains(['*', '_']) {
        emphasis(&s)
    } else {
        s
    }
}

/// `[text](url)` and `![alt](src)` → the text.
fn markdown_links(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let link = after.find(']').and_then(|close| {
            let text = &after[..close];
            let target = after[close + 1..].strip_prefix('(')?;
            let end = target.find(')')?;
            let url = &target[..end];
            (!text.contains('[') && !url.is_empty() && !url.contains(char::is_whitespace))
                .then_some((text, close + 2 + end + 1))
        });
        match link {
            Some((text, used)) => {
                out.push_str(rest[..open].strip_suffix('!').unwrap_or(&rest[..open]));
                out.push_str(text);
                rest = &after[used..];
            }
            None => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `**bold**`, `__bold__`, `*italic*`, `_italic_` → the words: a marker opens at the start of
/// a word and closes at the end of one, so `A*` and `snake_case` stay.
fn emphasis(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for marker in ["**", "__", "*", "_"] {
        let m: Vec<char> = marker.chars().collect();
        let at = |chars: &[char], i: usize| chars.get(i..i + m.len()) == Some(&m[..]);
        let mut i = 0;
        while i < chars.len() {
            let opens = at(&chars, i)
                && (i == 0 || chars[i - 1].is_whitespace() || "([\"'“‘".contains(chars[i - 1]))
                && chars
                    .get(i + m.len())
                    .is_some_and(|c| !c.is_whitespace() && !m.contains(c));
            if !opens {
                i += 1;
                continue;
            }
            let close = (i + m.len() + 1..chars.len()).find(|&j| {
                at(&chars, j)
                    && !chars[j - 1].is_whitespace()
                    && chars
                        .get(j + m.len())
                        .is_none_or(|c| c.is_whitespace() || ".,;:!?)]\"'”’".contains(*c))
            });
            match close {
                Some(j) => {
                    chars.drain(j..j + m.len());
                    chars.drain(i..i + m.len());
                    i = j - m.len();
                }
                None => i += 1,
            }
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_markup_becomes_text() {
        for (written, want) in [
            ("<b>Bold</b> and <i>italic</i>", "Bold and italic"),
            ("A <span class=\"x\">Span</span><br/>Next", "A Span Next"),
            ("a < b and c > d", "a < b and c > d"),
            (
                "Tom &amp; Jerry &#8211; &#x00E9;t&eacute; &unknown;",
                "Tom & Jerry – été &unknown;",
            ),
            (
                "See [the code](https://example.org/a_b) now",
                "See the code now",
            ),
            ("![logo](img.png) [not a link] (x)", "logo [not a link] (x)"),
            (
                "**Bold** and __bold__, *it* and _it_.",
                "Bold and bold, it and it.",
            ),
            (
                "A* search, snake_case, 2 * 3 * 4",
                "A* search, snake_case, 2 * 3 * 4",
            ),
            ("  spaced \n out  ", "spaced out"),
        ] {
            assert_eq!(markup(written), want, "{written}");
        }
    }

    #[test]
    fn latex_commands_and_math_become_text() {
        for (written, want) in [
            (
                "\\href{https://x.org}Link and \\textbf{Bold}",
                "Link and Bold",
            ),
            ("\\emph {Fast} \\LaTeX\\ tricks", "Fast LaTeX tricks"),
            ("Sky~Computing\\ldots", "Sky Computing…"),
            (
                "Line\\\\break, 10\\,000 hy\\-phen\\/ \\& more",
                "Line break, 10 000 hyphen & more",
            ),
        ] {
            assert_eq!(latex(written), want, "{written}");
        }
        for (written, want) in [
            ("\\{", ""),
            ("k", "k"),
            ("10^{6}", "10⁶"),
            ("O(n \\log n)", "O(n log n)"),
            ("\\mathcal{O}(n^2)", "O(n²)"),
            ("x_i + y^{ab}", "xi + yab"),
            ("\\alpha\\times\\beta", "α×β"),
        ] {
            assert_eq!(math(written), want, "{written}");
        }
    }

    #[test]
    fn verbatim_keeps_addresses() {
        assert_eq!(
            verbatim(" \\url{https://example.org/~x/a\\_b.pdf} "),
            "https://example.org/~x/a_b.pdf"
        );
        assert_eq!(verbatim("10.1000/a_b"), "10.1000/a_b");
    }
}
