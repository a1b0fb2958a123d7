//! Citation export: BibTeX entries with stable keys, and the same list as CSV.
//!
//! Plain functions over [`Dataset`] and [`Publication`]; nothing here knows about views or
//! downloads. The choices a reader of a `.bib` file would otherwise have to guess:
//!
//! - **Keys** are `family + year + title word`, e.g. `luo2025autellix`: the first author's family
//!   name (the last word of the name, skipping a `Jr.`/`III`-style suffix), ASCII-folded to
//!   lowercase letters (`Müller` → `muller`); the year; the first title word that is not a stop
//!   word, folded to letters and digits (`EXP-Bench` → `expbench`). A family name with no ASCII
//!   letters (a CJK-only name) is replaced by the first word of the publication id; a title of
//!   only stop words gives its first word, a title with no ASCII letters the id's first word.
//! - **Collisions** are settled over the whole dataset, never over the list being exported, so a
//!   paper has the same key on every page. Every publication sharing a base key gets a suffix
//!   `a`, `b`, `c`… in id order, and none keeps the bare key: when a colliding paper is added
//!   later, old `\cite`s then fail loudly instead of silently pointing at a different paper.
//!   A suffixed key that would equal another publication's key is skipped.
//! - **Entry types**: conference and workshop → `@inproceedings` (`booktitle` = the citation's
//!   booktitle, else the venue's full name); journal → `@article` (`journal` likewise); preprint
//!   → `@misc`, as arXiv's own export does, with `eprint` + `archiveprefix = {arXiv}` when the id
//!   is known (the primary class is not stored, so none is written) and otherwise `howpublished`;
//!   thesis → `@phdthesis` when its note or title says PhD or doctoral, `@mastersthesis` when it
//!   says master's, else `@misc` with `howpublished = {Thesis, <school>}`; blog → `@misc` with
//!   `howpublished = {Blog post, <blog name>}`.
//! - **Fields**, always in this order: author, title, booktitle, journal, howpublished, school,
//!   year, month (an unquoted macro, `apr`), volume, number, pages, publisher, address (the
//!   location), doi, eprint, archiveprefix, url, note. `note` carries the honours (`Best Paper
//!   Award`), never the dataset's editorial `note`. Authors are joined with ` and `, written
//!   "First Last" as stored, with `and others` when the list is incomplete.
//! - **url** points at the work itself: its PDF link, else its first arXiv, blog, homepage or
//!   other http(s) link, else the arXiv abstract page. DOI, code and video links are not the
//!   work (the DOI has its own field), so a paper known only by its DOI gets no `url`.
//! - **Case**: only the title is case-protected, word by word, the way DBLP does it: a word with
//!   an uppercase letter after its first letter or digit (`{SkyPilot:}`, `{LLM}`, `{1.5B}`) is
//!   braced, so sentence-casing styles keep it; other words stay free to be recased.
//! - **Escaping**: `& % $ # _` get a backslash; `{ } ~ ^ \ < > |` become `{\textbraceleft}`,
//!   `{\textasciitilde}`, `{\textbackslash}`… — braced commands rather than `\{` because BibTeX
//!   counts every brace, escaped or not, so a lone `\{` would make the whole file unreadable,
//!   and braced because BibTeX then treats them as one special character when it changes case.
//!   Latin-1 and Latin Extended-A letters become accent commands (`{\'e}`, `{\"u}`, `{\c{c}}`,
//!   `{\o}`, `{\ss}`, `{\'{\i}}`); `–` → `--`, `—` → `---`, curly quotes → ``` `` ``` / `''`.
//!   Everything else (CJK, Greek) stays UTF-8, which LaTeX reads by default since 2018. Runs of
//!   whitespace become one space. `doi` and `eprint` are written verbatim; `url` too, with
//!   `{`, `}` and `\` percent-encoded.
//! - **CSV** is RFC 4180 with CRLF line ends and a header row; see [`csv`].

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;

use super::types::{Dataset, LinkKind, Publication, PublicationId, PublicationType, Venue};

/// Stable, readable BibTeX keys for every publication in the dataset, e.g. `luo2025autellix`.
///
/// Keys are unique across the dataset and depend only on it, not on which list is exported.
pub fn bibtex_keys(dataset: &Dataset) -> HashMap<PublicationId, String> {
    let mut groups: BTreeMap<String, Vec<&Publication>> = BTreeMap::new();
    for p in &dataset.publications {
        groups.entry(base_key(p)).or_default().push(p);
    }
    let mut used: HashSet<String> = groups.keys().cloned().collect();
    let mut keys = HashMap::with_capacity(dataset.publications.len());
    for (base, mut group) in groups {
        if let [only] = group[..] {
            keys.insert(only.id.clone(), base);
            continue;
        }
        group.sort_by(|a, b| a.id.cmp(&b.id));
        let mut n = 0;
        for p in group {
            let key = loop {
                let candidate = format!("{base}{}", letter_suffix(n));
                n += 1;
                if used.insert(candidate.clone()) {
                    break candidate;
                }
            };
            keys.insert(p.id.clone(), key);
        }
    }
    keys
}

/// One BibTeX entry (ends with "}\n").
pub fn bibtex_entry(dataset: &Dataset, publication: &Publication, key: &str) -> String {
    let p = publication;
    let kind = EntryType::of(p);
    let venue = venue_of(dataset, p);
    let container = p.booktitle.as_deref().or(venue.map(|v| v.name.as_str()));
    let school = p.school.as_ref().and_then(|id| {
        dataset
            .organizations
            .iter()
            .find(|o| &o.id == id)
            .map(|o| o.name.as_str())
    });
    let howpublished = match (kind, p.kind) {
        (EntryType::Misc, PublicationType::Blog) => Some(match container {
            Some(blog) => format!("Blog post, {blog}"),
            None => "Blog post".to_owned(),
        }),
        (EntryType::Misc, PublicationType::Thesis) => Some(match school {
            Some(s) => format!("Thesis, {s}"),
            None => "Thesis".to_owned(),
        }),
        (EntryType::Misc, _) if p.arxiv.is_none() => container.map(str::to_owned),
        _ => None,
    };
    let is_thesis = matches!(kind, EntryType::PhdThesis | EntryType::MastersThesis);

    let mut out = format!("@{}{{{key},\n", kind.name());
    let mut field = |name: &str, value: Option<String>| {
        if let Some(v) = value {
            let _ = writeln!(out, "  {name} = {v},");
        }
    };
    let braced = |s: String| format!("{{{s}}}");
    let text = |s: Option<&str>| {
        s.map(|s| latex(s, false))
            .filter(|s| !s.is_empty())
            .map(braced)
    };

    field("author", authors(p).map(braced));
    field("title", Some(braced(latex(&p.title, true))));
    field(
        "booktitle",
        text(container.filter(|_| kind == EntryType::InProceedings)),
    );
    field(
        "journal",
        text(container.filter(|_| kind == EntryType::Article)),
    );
    field("howpublished", text(howpublished.as_deref()));
    field("school", text(school.filter(|_| is_thesis)));
    field("year", Some(braced(p.year.to_string())));
    field("month", p.month.and_then(month_macro).map(str::to_owned));
    field("volume", text(p.volume.as_deref()));
    field("number", text(p.number.as_deref()));
    field("pages", text(p.pages.as_deref()));
    field("publisher", text(p.publisher.as_deref()));
    field("address", text(p.location.as_deref()));
    field("doi", p.doi.as_deref().map(|d| braced(verbatim(d))));
    field("eprint", p.arxiv.as_deref().map(|a| braced(verbatim(a))));
    field(
        "archiveprefix",
        p.arxiv.as_ref().map(|_| braced("arXiv".into())),
    );
    field("url", work_url(p).map(|u| braced(url_verbatim(&u))));
    field("note", text(Some(&p.honours.join("; "))));
    out.push_str("}\n");
    out
}

/// Entries for `publications` in the given order, separated by blank lines (a .bib file).
///
/// A publication missing from `keys` gets its unsuffixed key, which may then not be unique.
pub fn bibtex_file(
    dataset: &Dataset,
    publications: &[&Publication],
    keys: &HashMap<PublicationId, String>,
) -> String {
    publications
        .iter()
        .map(|p| bibtex_entry(dataset, p, &key_of(p, keys)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The same list as CSV: RFC 4180, a header row, CRLF line ends, UTF-8 without a byte-order mark.
///
/// Columns: key, title, authors (joined with `; `, ending in `et al.` when the list is incomplete),
/// year, type (its label), venue (short name), venue_name, booktitle, doi, arxiv, honours (joined
/// with `; `), url (the same rule as BibTeX's `url`). A cell is quoted when it holds a comma, a
/// double quote (doubled) or a line break. Against formula injection in spreadsheets, a cell that
/// begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`.
pub fn csv(
    dataset: &Dataset,
    publications: &[&Publication],
    keys: &HashMap<PublicationId, String>,
) -> String {
    const HEADER: [&str; 12] = [
        "key",
        "title",
        "authors",
        "year",
        "type",
        "venue",
        "venue_name",
        "booktitle",
        "doi",
        "arxiv",
        "honours",
        "url",
    ];
    let mut out = String::new();
    push_csv_row(&mut out, HEADER.map(str::to_owned));
    for p in publications {
        let venue = venue_of(dataset, p);
        let mut authors: Vec<&str> = p.authors.iter().map(|a| a.name.as_str()).collect();
        if p.authors_incomplete {
            authors.push("et al.");
        }
        push_csv_row(
            &mut out,
            [
                key_of(p, keys),
                p.title.clone(),
                authors.join("; "),
                p.year.to_string(),
                p.kind.label().to_owned(),
                venue.map(|v| v.short_name.clone()).unwrap_or_default(),
                venue.map(|v| v.name.clone()).unwrap_or_default(),
                p.booktitle.clone().unwrap_or_default(),
                p.doi.clone().unwrap_or_default(),
                p.arxiv.clone().unwrap_or_default(),
                p.honours.join("; "),
                work_url(p).unwrap_or_default(),
            ],
        );
    }
    out
}

/// Appends one CSV record, guarded and quoted as [`csv`] describes, ending in CRLF.
pub(crate) fn push_csv_row<const N: usize>(out: &mut String, cells: [String; N]) {
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let guarded = if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            format!("'{cell}")
        } else {
            cell.clone()
        };
        if guarded.contains([',', '"', '\r', '\n']) {
            out.push('"');
            out.push_str(&guarded.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&guarded);
        }
    }
    out.push_str("\r\n");
}

/// The BibTeX entry types this module writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntryType {
    InProceedings,
    Article,
    PhdThesis,
    MastersThesis,
    Misc,
}

impl EntryType {
    fn of(p: &Publication) -> Self {
        match p.kind {
            PublicationType::Conference | PublicationType::Workshop => Self::InProceedings,
            PublicationType::Journal => Self::Article,
            PublicationType::Preprint | PublicationType::Blog => Self::Misc,
            PublicationType::Thesis => {
                // The degree is only ever stated in prose, e.g. "PhD thesis, EECS Department".
                let said =
                    format!("{} {}", p.note.as_deref().unwrap_or(""), p.title).to_ascii_lowercase();
                let says = |words: &[&str]| words.iter().any(|w| said.contains(w));
                if says(&["phd", "ph.d", "doctoral", "doctorate"]) {
                    Self::PhdThesis
                } else if says(&[
                    "master's",
                    "master’s",
                    "masters",
                    "master thesis",
                    "msc",
                    "m.sc",
                    "m.s. thesis",
                    "mphil",
                ]) {
                    Self::MastersThesis
                } else {
                    Self::Misc
                }
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::InProceedings => "inproceedings",
            Self::Article => "article",
            Self::PhdThesis => "phdthesis",
            Self::MastersThesis => "mastersthesis",
            Self::Misc => "misc",
        }
    }
}

fn venue_of<'d>(dataset: &'d Dataset, p: &Publication) -> Option<&'d Venue> {
    let id = p.venue.as_ref()?;
    dataset.venues.iter().find(|v| &v.id == id)
}

fn key_of(p: &Publication, keys: &HashMap<PublicationId, String>) -> String {
    keys.get(&p.id).cloned().unwrap_or_else(|| base_key(p))
}

/// The key before collisions are settled: family name, year, first significant title word.
fn base_key(p: &Publication) -> String {
    let id_word = |keep: fn(&char) -> bool| -> Option<String> {
        p.id.as_str()
            .split('-')
            .map(|w| w.chars().filter(keep).collect::<String>())
            .find(|w| !w.is_empty())
    };
    let family = p
        .authors
        .first()
        .map(|a| family_name(&a.name))
        .filter(|f| !f.is_empty())
        .or_else(|| id_word(char::is_ascii_lowercase))
        .unwrap_or_else(|| "anon".to_owned());
    let words: Vec<String> = p
        .title
        .split_whitespace()
        .map(fold_ascii)
        .filter(|w| !w.is_empty())
        .collect();
    let word = words
        .iter()
        .find(|w| !STOP_WORDS.contains(&w.as_str()))
        .or(words.first())
        .cloned()
        .or_else(|| id_word(char::is_ascii_alphanumeric))
        .unwrap_or_else(|| "untitled".to_owned());
    format!("{family}{:04}{word}", p.year)
}

/// Title words a key never starts with, unless the title has nothing else.
const STOP_WORDS: &[&str] = &[
    "a", "about", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from",
    "how", "in", "into", "is", "it", "its", "not", "of", "on", "onto", "or", "our", "the", "this",
    "to", "toward", "towards", "under", "via", "we", "what", "when", "where", "which", "who",
    "why", "with", "your",
];

/// The last word of a name that is not a generational suffix, folded to ASCII letters.
fn family_name(name: &str) -> String {
    let words: Vec<String> = name
        .split_whitespace()
        .map(|w| {
            fold_ascii(w)
                .chars()
                .filter(char::is_ascii_lowercase)
                .collect()
        })
        .filter(|w: &String| !w.is_empty())
        .collect();
    let is_suffix = |w: &str| matches!(w, "jr" | "sr" | "ii" | "iii" | "iv");
    match &words[..] {
        [.., family, last] if is_suffix(last) => family.clone(),
        [.., last] => last.clone(),
        [] => String::new(),
    }
}

/// Lowercase ASCII letters and digits of `s`; accented Latin letters lose their accents.
fn fold_ascii(s: &str) -> String {
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

/// `a`, `b`, … `z`, `aa`, `ab`, …: the `n`th collision suffix.
fn letter_suffix(mut n: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    s.iter().rev().map(|&b| b as char).collect()
}

fn month_macro(month: u8) -> Option<&'static str> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    MONTHS.get(usize::from(month).checked_sub(1)?).copied()
}

/// The author field's value, or `None` when no author is known.
fn authors(p: &Publication) -> Option<String> {
    if p.authors.is_empty() {
        return None;
    }
    let mut names: Vec<String> = p
        .authors
        .iter()
        .map(|a| {
            let name = latex(&a.name, false);
            // A comma or a lone "and" would split the name; braces keep it one (corporate) name.
            let splits =
                name.contains(',') || name.split(' ').any(|w| w.eq_ignore_ascii_case("and"));
            if splits { format!("{{{name}}}") } else { name }
        })
        .collect();
    if p.authors_incomplete {
        names.push("others".to_owned());
    }
    Some(names.join(" and "))
}

/// The link to the work itself; see the module docs for the order.
fn work_url(p: &Publication) -> Option<String> {
    let web = |kinds: &[LinkKind]| {
        p.links.iter().find(|l| {
            kinds.contains(&l.kind)
                && (l.url.starts_with("https://") || l.url.starts_with("http://"))
        })
    };
    web(&[LinkKind::Pdf])
        .or_else(|| {
            web(&[
                LinkKind::Arxiv,
                LinkKind::Blog,
                LinkKind::Homepage,
                LinkKind::Other,
            ])
        })
        .map(|l| l.url.clone())
        .or_else(|| {
            p.arxiv
                .as_ref()
                .map(|id| format!("https://arxiv.org/abs/{id}"))
        })
}

/// A verbatim field (`doi`, `eprint`): only what would unbalance the braces is escaped.
fn verbatim(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '{' | '}' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A URL with the characters that BibTeX would read as structure percent-encoded.
fn url_verbatim(url: &str) -> String {
    url.replace('\\', "%5C")
        .replace('{', "%7B")
        .replace('}', "%7D")
}

/// `text` as BibTeX field content; `protect_case` braces the words sentence-casing would break.
fn latex(text: &str, protect_case: bool) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, word) in text.split_whitespace().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let escaped = latex_word(word);
        if protect_case && has_inner_capital(word) {
            // `{\` opens a BibTeX "special character", whose letters are still recased.
            let (open, close) = if escaped.starts_with('\\') {
                ("{{", "}}")
            } else {
                ("{", "}")
            };
            out.push_str(open);
            out.push_str(&escaped);
            out.push_str(close);
        } else {
            out.push_str(&escaped);
        }
    }
    out
}

/// True when an uppercase letter follows the word's first letter or digit: `LLM`, `14B`.
fn has_inner_capital(word: &str) -> bool {
    word.chars()
        .skip_while(|c| !c.is_alphanumeric())
        .skip(1)
        .any(char::is_uppercase)
}

fn latex_word(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        match c {
            '&' | '%' | '$' | '#' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '{' => out.push_str("{\\textbraceleft}"),
            '}' => out.push_str("{\\textbraceright}"),
            '~' => out.push_str("{\\textasciitilde}"),
            '^' => out.push_str("{\\textasciicircum}"),
            '\\' => out.push_str("{\\textbackslash}"),
            '<' => out.push_str("{\\textless}"),
            '>' => out.push_str("{\\textgreater}"),
            '|' => out.push_str("{\\textbar}"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '“' => out.push_str("``"),
            '”' => out.push_str("''"),
            '‘' => out.push('`'),
            '’' => out.push('\''),
            _ => match latin_letter(c) {
                Some(l) if !l.command.is_empty() => push_latin(&mut out, &l),
                _ => out.push(c),
            },
        }
    }
    out
}

/// Writes a Latin letter as a braced LaTeX command: `{\'e}`, `{\c{c}}`, `{\o}`, `{\'{\i}}`.
fn push_latin(out: &mut String, l: &LatinLetter) {
    out.push_str("{\\");
    out.push_str(l.command);
    if l.base.is_empty() {
        // A letter of its own (`\o`, `\ss`): the command is the whole letter.
    } else if l.base == "i" && l.command != "k" {
        // The accent replaces the dot; ogonek (`į`) keeps it.
        out.push_str("{\\i}");
    } else if l.command.chars().all(|c| c.is_ascii_alphabetic()) {
        out.push('{');
        out.push_str(l.base);
        out.push('}');
    } else {
        out.push_str(l.base);
    }
    out.push('}');
}

/// How one Latin-1 or Latin Extended-A letter is written in LaTeX and folded to ASCII.
struct LatinLetter {
    /// The accent or letter command without its backslash; empty when LaTeX gets the UTF-8 char.
    command: &'static str,
    /// The letter the accent goes on; empty for a letter command such as `\o`.
    base: &'static str,
    /// The letter folded to ASCII, for keys.
    ascii: &'static str,
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
fn latin_letter(c: char) -> Option<LatinLetter> {
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
    fn latex_table() {
        let cases = [
            ("Plain words", false, "Plain words"),
            ("  spaced\n\tout  ", false, "spaced out"),
            (
                "SkyPilot: An LLM Broker",
                true,
                "{SkyPilot:} An {LLM} Broker",
            ),
            ("SkyPilot", false, "SkyPilot"),
            ("A GPU-Centric Model", true, "A {GPU-Centric} Model"),
            ("a 1.5B o3-mini (LLM)", true, "a {1.5B} o3-mini {(LLM)}"),
            ("“Quoted” word", true, "``Quoted'' word"),
            ("R&D 100% $5 #1 a_b", false, "R\\&D 100\\% \\$5 \\#1 a\\_b"),
            (
                "{x} ~ ^",
                false,
                "{\\textbraceleft}x{\\textbraceright} {\\textasciitilde} {\\textasciicircum}",
            ),
            ("\\LaTeX", true, "{{\\textbackslash}LaTeX}"),
            (
                "a<b|c>d",
                false,
                "a{\\textless}b{\\textbar}c{\\textgreater}d",
            ),
            ("437–455 — ‘x’", false, "437--455 --- `x'"),
            (
                "Müller Søren Straße",
                false,
                "M{\\\"u}ller S{\\o}ren Stra{\\ss}e",
            ),
            (
                "café Çelik Dvořák",
                false,
                "caf{\\'e} {\\c{C}}elik Dvo{\\v{r}}{\\'a}k",
            ),
            ("ínï į İ", false, "{\\'{\\i}}n{\\\"{\\i}} {\\k{i}} {\\.I}"),
            ("ÜBER alles", true, "{{\\\"U}BER} alles"),
            ("栾思飞 Ελλάδα ħ", false, "栾思飞 Ελλάδα ħ"),
        ];
        for (input, protect, want) in cases {
            assert_eq!(latex(input, protect), want, "latex({input:?}, {protect})");
        }
    }

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

    #[test]
    fn key_parts_table() {
        let names = [
            ("Michael Luo", "luo"),
            ("Joseph E. Gonzalez", "gonzalez"),
            ("Zoë Ñúñez-Çelik", "nunezcelik"),
            ("Martin Luther King Jr.", "king"),
            ("Ng", "ng"),
            ("栾思飞", ""),
            ("", ""),
        ];
        for (name, want) in names {
            assert_eq!(family_name(name), want, "family_name({name:?})");
        }
        let suffixes = [
            (0, "a"),
            (1, "b"),
            (25, "z"),
            (26, "aa"),
            (27, "ab"),
            (701, "zz"),
            (702, "aaa"),
        ];
        for (n, want) in suffixes {
            assert_eq!(letter_suffix(n), want, "letter_suffix({n})");
        }
        assert_eq!(month_macro(4), Some("apr"));
        assert_eq!(month_macro(0), None);
        assert_eq!(month_macro(13), None);
    }
}
