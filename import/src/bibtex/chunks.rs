//! A `.bib` file's top-level pieces, found the way BibTeX finds them, each with its line.
//!
//! BibTeX reads only what follows an `@`: everything between entries — a Jekyll front-matter
//! block, prose, `%` comments — is ignored, and so it is here. Each `@type{…}` (or
//! `@type(…)`) is one [`Piece`], its end found by brace balance as the `biblatex` crate counts
//! braces (an escaped `\{` does not count; a `%` comment between fields is skipped), so one
//! broken entry costs that entry only. A piece that is never closed ends where the next line
//! that starts with `@type{` begins: a missing `}` loses one entry, not the rest of the file.

/// One `@type{…}` of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The type, lowercased: `inproceedings`, `string`, `comment`.
    pub kind: String,
    /// Where its `@` is, in [`Split::text`].
    pub start: usize,
    /// Just past its closing brace (or where it was cut off).
    pub end: usize,
    /// The line of its `@`, counting from 1.
    pub line: usize,
    /// False when no closing brace was found before the next entry or the end of the file.
    pub closed: bool,
    /// How deep its braces nest (`{A {B}}` is 1: the entry's own braces do not count).
    pub depth: usize,
}

/// The file cut into pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The source with `@type(…)` delimiters written as braces (same byte offsets), which is
    /// what the pieces index into.
    pub text: String,
    /// The pieces in file order.
    pub pieces: Vec<Piece>,
    /// `@article` and the like that no brace follows: `(line, type as written)`.
    pub strays: Vec<(usize, String)>,
}

/// Entry types and commands a maintainer may write; an `@` before any other word is taken for
/// prose (`@handle`), and only these start a new piece when the one before is not closed.
const KNOWN: [&str; 32] = [
    "article",
    "book",
    "bookinbook",
    "booklet",
    "collection",
    "comment",
    "conference",
    "dataset",
    "electronic",
    "inbook",
    "incollection",
    "inproceedings",
    "manual",
    "mastersthesis",
    "misc",
    "mvbook",
    "mvcollection",
    "mvproceedings",
    "online",
    "patent",
    "periodical",
    "phdthesis",
    "preamble",
    "preprint",
    "proceedings",
    "report",
    "software",
    "string",
    "techreport",
    "thesis",
    "unpublished",
    "www",
];

/// Cuts `source` into its pieces.
pub fn split(source: &str) -> Split {
    let mut text = source.as_bytes().to_vec();
    let lines = Lines::new(source);
    let bytes = source.as_bytes();
    let mut pieces = Vec::new();
    let mut strays = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => i = end_of_line(bytes, i),
            b'@' => match head(bytes, i) {
                Head::Text => i += 1,
                Head::Stray(kind, next) => {
                    if is_known(&kind) && kind != "comment" {
                        strays.push((lines.line_of(i), source[i + 1..next].trim().to_owned()));
                    }
                    i = next;
                }
                Head::Open(kind, open) => {
                    let Body { end, closed, depth } = body_end(bytes, open);
                    if closed && bytes[open] == b'(' {
                        text[open] = b'{';
                        text[end - 1] = b'}';
                    }
                    pieces.push(Piece {
                        kind,
                        start: i,
                        end,
                        line: lines.line_of(i),
                        closed,
                        depth,
                    });
                    i = end;
                }
            },
            _ => i += 1,
        }
    }
    Split {
        // Only ASCII delimiters were replaced by ASCII braces.
        text: String::from_utf8(text).unwrap_or_else(|_| source.to_owned()),
        pieces,
        strays,
    }
}

enum Head {
    /// Not an entry: an address such as `me@example.org`, or `@` before no word.
    Text,
    /// `@word` with no brace after it: the word, lowercased, and where scanning goes on.
    Stray(String, usize),
    /// `@word{`: the word, lowercased, and the position of the opening delimiter.
    Open(String, usize),
}

/// What the `@` at `at` starts.
fn head(bytes: &[u8], at: usize) -> Head {
    let before = at.checked_sub(1).map(|b| bytes[b]);
    if before.is_some_and(|b| b.is_ascii_alphanumeric() || b"._-+".contains(&b)) {
        return Head::Text;
    }
    let mut i = at + 1;
    while bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
        i += 1;
    }
    let word_start = i;
    while bytes
        .get(i)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
    {
        i += 1;
    }
    if i == word_start {
        return Head::Text;
    }
    let word = String::from_utf8_lossy(&bytes[word_start..i]).to_ascii_lowercase();
    let word_end = i;
    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    match bytes.get(i) {
        Some(b'{' | b'(') => Head::Open(word, i),
        _ => Head::Stray(word, word_end),
    }
}

fn is_known(kind: &str) -> bool {
    KNOWN.contains(&kind)
}

/// Where a piece's body ends.
struct Body {
    /// Just past the closing delimiter, or where the piece was cut off.
    end: usize,
    /// Whether the closing delimiter was found.
    closed: bool,
    /// The deepest nesting of braces inside.
    depth: usize,
}

/// Where the body opened at `open` ends: just past the delimiter that closes it; when there is
/// none, before the next line that starts a known `@type{`, or at the end.
fn body_end(bytes: &[u8], open: usize) -> Body {
    let parens = bytes[open] == b'(';
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut quoted = false;
    let mut i = open + 1;
    let body = |end, closed, depth| Body { end, closed, depth };
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' if depth > 0 => depth -= 1,
            b'}' if !parens => return body(i + 1, true, deepest),
            b')' if parens && depth == 0 && !quoted => return body(i + 1, true, deepest),
            b'"' if parens && depth == 0 => quoted = !quoted,
            b'%' if depth == 0 && !quoted => {
                i = end_of_line(bytes, i);
                continue;
            }
            b'\n' if starts_entry(&bytes[i + 1..]) => return body(i + 1, false, deepest),
            _ => {}
        }
        i += 1;
    }
    body(bytes.len(), false, deepest)
}

/// True when `line` (the rest of the file from a line start) opens a known `@type{`.
fn starts_entry(line: &[u8]) -> bool {
    let indent = line
        .iter()
        .take_while(|b| **b == b' ' || **b == b'\t')
        .count();
    if line.get(indent) != Some(&b'@') {
        return false;
    }
    matches!(head(line, indent), Head::Open(kind, _) if is_known(&kind))
}

/// The position of the newline that ends the line containing `at` (or the end).
fn end_of_line(bytes: &[u8], at: usize) -> usize {
    bytes[at..]
        .iter()
        .position(|b| *b == b'\n')
        .map_or(bytes.len(), |n| at + n)
}

/// Line numbers of byte offsets.
pub struct Lines {
    /// The offset of every newline.
    newlines: Vec<usize>,
}

impl Lines {
    /// Indexes the newlines of `source`.
    pub fn new(source: &str) -> Self {
        Self {
            newlines: source
                .bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i)
                .collect(),
        }
    }

    /// The line (from 1) of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.newlines.partition_point(|&n| n < offset) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(split: &Split) -> Vec<(&str, usize, bool)> {
        split
            .pieces
            .iter()
            .map(|p| (p.kind.as_str(), p.line, p.closed))
            .collect()
    }

    #[test]
    fn text_between_entries_is_ignored() {
        let split = split(
            "---\nlayout: none\nemail: me@example.org\n---\n% @misc{commented, title={x}}\n\
             Some prose with @handle.\n@ARTICLE{a, title = {A % not a comment}}\n\
             @comment{anything {nested}}\n@string(x = \"y\")\n",
        );
        assert_eq!(
            kinds(&split),
            [
                ("article", 7, true),
                ("comment", 8, true),
                ("string", 9, true)
            ]
        );
        assert_eq!(
            &split.text[split.pieces[2].start..split.pieces[2].end],
            "@string{x = \"y\"}"
        );
        assert_eq!(split.strays, []);
    }

    #[test]
    fn an_unclosed_entry_ends_at_the_next_one() {
        let source = "@misc{a, title = {A},\n  year = 2020\n\n@misc{b, title = {B {x}}}\n\
                      @article{c, title = {\\{ C}, % } a comment\n}\n@article d\n";
        let split = split(source);
        assert_eq!(
            kinds(&split),
            [("misc", 1, false), ("misc", 4, true), ("article", 5, true)]
        );
        assert_eq!(split.pieces[0].end, source.find("@misc{b").unwrap());
        assert_eq!(split.strays, [(7, "article".to_owned())]);
    }

    #[test]
    fn lines_count_from_one() {
        let lines = Lines::new("a\nb\n\nc");
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 6].map(|o| lines.line_of(o)),
            [1, 1, 2, 2, 3, 4, 4]
        );
    }
}
