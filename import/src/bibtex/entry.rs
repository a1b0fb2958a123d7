//! Reading a `.bib` file: BibTeX text → [`BibEntry`] values of plain Unicode text.
//!
//! The `biblatex` crate does the parsing: entries, `@string` abbreviations, `crossref`s, and
//! most LaTeX accents (`M{\"u}ller` → `Müller`, `--` → `–`). What it leaves behind — protective
//! braces, `~`, `\emph{…}`, math such as Google Scholar's `$\{$SkyPilot$\}$` — is cleaned here,
//! so nothing downstream ever sees LaTeX. Nothing is judged yet: whether an entry is a paper the
//! directory can take is decided by [`super::paper`].

use std::collections::HashMap;

use biblatex::{Bibliography, Chunk, ChunksRef, EntryType, RawBibliography, Spanned};

/// One entry of the file, its fields decoded to plain text. Absent or empty fields are `None`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BibEntry {
    /// The citation key, e.g. `DBLP:conf/nsdi/YangWLCBKZLMSS23`.
    pub key: String,
    /// The line the entry starts on, counting from 1.
    pub line: usize,
    /// The entry type, lowercased, e.g. `inproceedings`.
    pub kind: String,
    /// Authors in order, "Given Family" (dblp's homonym numbers such as `0001` removed).
    pub authors: Vec<String>,
    /// True when the list ends in `and others` (Google Scholar's "et al.").
    pub more_authors: bool,
    /// Every other field with a text value, by lowercase field name.
    pub fields: HashMap<String, String>,
}

impl BibEntry {
    /// A field's text, if present and not blank.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.fields.get(field).map(String::as_str)
    }
}

/// Why the file could not be read, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BibError {
    /// The line of the problem, counting from 1.
    pub line: usize,
    /// The key of the entry it is in, when known.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for BibError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(key) = &self.key {
            write!(f, " (entry {key})")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// `\'\i`, `\'{\i}`, `\v{\j}` → `\'i`, `\'{i}`, `\v{j}`: an accent on a dotless i or j is
/// the accented letter (`Garc{\'\i}a` is García, as dblp writes it). `biblatex` would put the
/// accent on the letter before. A lone `{\i}` stays the dotless ı. Lines do not move, so error
/// lines still point into the maintainer's file.
fn accented_dotless(source: &str) -> String {
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
        let before = &bytes[..at];
        let accent_at = match before {
            [.., b'\\', a] if ACCENTS.contains(a) => true,
            [.., b'\\', a, b'{'] if ACCENTS.contains(a) => true,
            _ => false,
        };
        if accent_at {
            out.push_str(&source[last..at]);
            out.push(letter as char);
            last = at + 2;
        }
    }
    out.push_str(&source[last..]);
    out
}

/// Fields whose value is an identifier or address, kept character for character.
const VERBATIM: [&str; 4] = ["doi", "eprint", "url", "archiveprefix"];

/// Parses a whole file. Any syntax error or repeated key fails the whole file: a maintainer
/// must fix it rather than get a partial import.
pub fn read(source: &str) -> Result<Vec<BibEntry>, Vec<BibError>> {
    let undotted = accented_dotless(source);
    let source = undotted.as_str();
    let raw = RawBibliography::parse(source).map_err(|e| {
        vec![BibError {
            line: line_of(source, e.span.start),
            key: key_before(source, e.span.start),
            message: e.kind.to_string(),
        }]
    })?;
    let mut first_line: HashMap<&str, usize> = HashMap::new();
    let mut errors = Vec::new();
    let mut lines = Vec::new();
    for entry in &raw.entries {
        let line = line_of(source, entry.span.start);
        let key = entry.v.key.v;
        match first_line.get(key) {
            Some(first) => errors.push(BibError {
                line,
                key: Some(key.to_owned()),
                message: format!("duplicate key: {key} is also used by the entry on line {first}"),
            }),
            None => {
                first_line.insert(key, line);
            }
        }
        lines.push(line);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let bibliography = Bibliography::from_raw(raw).map_err(|e| {
        vec![BibError {
            line: line_of(source, e.span.start),
            key: key_before(source, e.span.start),
            message: e.kind.to_string(),
        }]
    })?;
    let mut out = Vec::new();
    for (entry, line) in bibliography.into_iter().zip(lines) {
        let authors = match entry.author() {
            Ok(people) => people,
            Err(biblatex::RetrievalError::Missing(_)) => Vec::new(),
            Err(e) => {
                errors.push(BibError {
                    line,
                    key: Some(entry.key.clone()),
                    message: format!("author: {e}"),
                });
                continue;
            }
        };
        let more_authors = authors
            .last()
            .is_some_and(|p| p.name.eq_ignore_ascii_case("others") && p.given_name.is_empty());
        let authors = authors
            .iter()
            .take(authors.len() - usize::from(more_authors))
            .map(person_name)
            .filter(|n| !n.is_empty())
            .collect();
        let fields = entry
            .fields
            .iter()
            .filter(|(name, _)| name.as_str() != "author")
            .map(|(name, chunks)| {
                let text = if VERBATIM.contains(&name.as_str()) {
                    verbatim(chunks)
                } else {
                    plain(chunks)
                };
                (name.clone(), text)
            })
            .filter(|(_, text)| !text.is_empty())
            .collect();
        out.push(BibEntry {
            key: entry.key.clone(),
            line,
            kind: kind_name(&entry.entry_type),
            authors,
            more_authors,
            fields,
        });
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The entry type as written in BibTeX, lowercased (`@conference` reads as `inproceedings`).
fn kind_name(t: &EntryType) -> String {
    match t {
        EntryType::Unknown(name) => name.clone(),
        other => other.to_string().to_lowercase(),
    }
}

/// "Given prefix Family suffix", without dblp's trailing homonym number (`Wei Wang 0001`).
fn person_name(p: &biblatex::Person) -> String {
    let parts = [&p.given_name, &p.prefix, &p.name, &p.suffix];
    let joined = parts
        .iter()
        .map(|s| clean(s))
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    match joined.rsplit_once(' ') {
        Some((rest, last)) if last.len() == 4 && last.bytes().all(|b| b.is_ascii_digit()) => {
            rest.to_owned()
        }
        _ => joined,
    }
}

/// A text field as a reader sees it: accents decoded, braces and markup gone, spaces collapsed.
pub fn plain(chunks: ChunksRef<'_>) -> String {
    let mut text = String::new();
    for Spanned { v, .. } in chunks {
        match v {
            Chunk::Normal(s) | Chunk::Verbatim(s) => text.push_str(s),
            Chunk::Math(s) => text.push_str(&math(s)),
        }
    }
    clean(&text)
}

/// An identifier or URL: as written, minus the backslashes that escape `_`, `%`, `&`, `#`, `$`.
fn verbatim(chunks: ChunksRef<'_>) -> String {
    let text: String = chunks.iter().map(|c| c.v.get()).collect();
    let mut out = String::new();
    let mut chars = text.trim().chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(|n| "_%&#$".contains(*n)) {
            continue;
        }
        out.push(c);
    }
    out
}

/// Math as text: `$\{$` (Scholar's escaped brace) vanishes, `$k$` → `k`, `$10^{6}$` → `106`.
fn math(s: &str) -> String {
    let s = s.replace("\\{", "").replace("\\}", "");
    clean(&s.replace(['^', '_'], ""))
}

/// Removes what LaTeX leaves in decoded text: `\cmd{arg}` → `arg`, other `\cmd` → nothing,
/// braces, `~` (a non-breaking space) → space; collapses white space.
fn clean(s: &str) -> String {
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
                    // An escaped character such as `\&` that the parser left alone.
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                    continue;
                }
                if let Some(letter) = greek(&name) {
                    out.push(letter);
                }
                if chars.peek() == Some(&' ') && chars.clone().nth(1) != Some('{') {
                    chars.next();
                }
            }
            '{' | '}' => {}
            '~' => out.push(' '),
            c => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The Greek letter a math command names (`\alpha` → `α`), as titles use them.
fn greek(name: &str) -> Option<char> {
    const LETTERS: [(&str, char); 24] = [
        ("alpha", 'α'),
        ("beta", 'β'),
        ("gamma", 'γ'),
        ("delta", 'δ'),
        ("epsilon", 'ε'),
        ("zeta", 'ζ'),
        ("eta", 'η'),
        ("theta", 'θ'),
        ("iota", 'ι'),
        ("kappa", 'κ'),
        ("lambda", 'λ'),
        ("mu", 'μ'),
        ("nu", 'ν'),
        ("xi", 'ξ'),
        ("pi", 'π'),
        ("rho", 'ρ'),
        ("sigma", 'σ'),
        ("tau", 'τ'),
        ("phi", 'φ'),
        ("chi", 'χ'),
        ("psi", 'ψ'),
        ("omega", 'ω'),
        ("Delta", 'Δ'),
        ("Omega", 'Ω'),
    ];
    LETTERS.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
}

/// The line (from 1) of a byte offset.
fn line_of(source: &str, offset: usize) -> usize {
    let end = offset.min(source.len());
    source.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The key of the last entry that starts before `offset`: a line `@type{key,` → `key`.
fn key_before(source: &str, offset: usize) -> Option<String> {
    let mut end = offset.min(source.len());
    while !source.is_char_boundary(end) {
        end -= 1;
    }
    let line = source[..end]
        .lines()
        .rev()
        .map(str::trim_start)
        .find(|l| l.starts_with('@'))?;
    let open = line.find(['{', '('])?;
    let key = line[open + 1..].split([',', '}']).next()?.trim();
    (!key.is_empty()).then(|| key.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(bib: &str) -> BibEntry {
        let mut entries = read(bib).expect("parses");
        assert_eq!(entries.len(), 1);
        entries.remove(0)
    }

    #[test]
    fn latex_accents_braces_and_dashes_become_unicode() {
        let e = one(r#"@article{k,
          author = {J{\"{o}}rg M{\"u}ller and Fran{\c{c}}ois Fran\c cois and {\O}ystein S{\o}rensen
                    and Ren{\'e}e van der Berg and Jos\'{e} Garc\'ia and \v{S}imon {\L}ukasz
                    and Wei{-}Lin Chiang and Luan, Frank Sifei and {Frank Sifei Luan} and Wei Wang 0001},
          title = {{SkyPilot}: An Intercloud Broker for Sky~Computing---\emph{Fast} $k$-means, 50\% \& more},
          pages = {437--455},
          year = 2023,
        }"#);
        assert_eq!(
            e.authors,
            [
                "Jörg Müller",
                "François François",
                "Øystein Sørensen",
                "Renée van der Berg",
                "José García",
                "Šimon Łukasz",
                "Wei-Lin Chiang",
                "Frank Sifei Luan",
                "Frank Sifei Luan",
                "Wei Wang",
            ]
        );
        assert_eq!(
            e.get("title"),
            Some("SkyPilot: An Intercloud Broker for Sky Computing—Fast k-means, 50% & more")
        );
        assert_eq!(e.get("pages"), Some("437–455"));
        assert_eq!(e.get("year"), Some("2023"));
        assert!(!e.more_authors);
    }

    #[test]
    fn dotless_i_and_j_take_their_accents() {
        let e = one(r#"@article{k,
          author = {Jos{\'e} Garc{\'\i}a and Mart\'{\i}n Ab{\"\i}n and Dar{\'\i}o Ol{\`\i}ve and \v{\j}an Y{\i}lmaz},
          title = {T},
          year = 2023,
        }"#);
        assert_eq!(
            e.authors,
            ["José García", "Martín Abïn", "Darío Olìve", "ǰan Yılmaz"]
        );
    }

    #[test]
    fn scholar_escaped_braces_and_et_al() {
        let e = one(r"@inproceedings{yang2023skypilot,
              title={$\{$SkyPilot$\}$: An intercloud broker for sky computing},
              author={Yang, Zongheng and Luo, Michael and others},
              booktitle={20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)},
              year={2023}
            }");
        assert_eq!(
            e.get("title"),
            Some("SkyPilot: An intercloud broker for sky computing")
        );
        assert_eq!(e.authors, ["Zongheng Yang", "Michael Luo"]);
        assert!(e.more_authors);
        assert_eq!(e.kind, "inproceedings");
    }

    #[test]
    fn identifiers_are_kept_verbatim() {
        let e = one(r"@misc{k, title = {T}, author = {A B},
              doi = {10.1000/a_b}, url = {https://example.org/~x/a\_b.pdf}, eprint = {2301.03734v2}}");
        assert_eq!(e.get("doi"), Some("10.1000/a_b"));
        assert_eq!(e.get("url"), Some("https://example.org/~x/a_b.pdf"));
        assert_eq!(e.get("eprint"), Some("2301.03734v2"));
    }

    #[test]
    fn strings_months_and_crossrefs_resolve() {
        let entries = read(
            r"@string{nsdi = {USENIX NSDI}}
              @inproceedings{a, title = {A}, author = {X Y}, booktitle = nsdi, month = apr, year = 2020}
              @inproceedings{b, title = {B}, author = {X Y}, crossref = {p}}
              @proceedings{p, title = {Proceedings of Something}, year = 2021}",
        )
        .expect("parses");
        assert_eq!(entries[0].get("booktitle"), Some("USENIX NSDI"));
        assert_eq!(entries[0].get("month"), Some("April"));
        assert_eq!(
            entries[1].get("booktitle"),
            Some("Proceedings of Something")
        );
        // biblatex hands a crossref's year on as `date`, which the importer reads too.
        assert_eq!(entries[1].get("date"), Some("2021"));
        assert_eq!(entries[2].kind, "proceedings");
    }

    #[test]
    fn syntax_errors_name_the_line_and_the_entry() {
        let errors =
            read("@article{good, title = {A}}\n\n@article{bad,\n  title = {B},\n  year 2020\n}\n")
                .expect_err("malformed");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, 5);
        assert_eq!(errors[0].key.as_deref(), Some("bad"));
        assert_eq!(errors[0].to_string(), "line 5 (entry bad): expected equals");
    }

    #[test]
    fn repeated_keys_are_all_reported() {
        let errors = read(
            "@misc{a, title={1}}\n@misc{b, title={2}}\n@misc{a, title={3}}\n@misc{a, title={4}}\n",
        )
        .expect_err("duplicates");
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "line 3 (entry a): duplicate key: a is also used by the entry on line 1",
                "line 4 (entry a): duplicate key: a is also used by the entry on line 1",
            ]
        );
    }
}
