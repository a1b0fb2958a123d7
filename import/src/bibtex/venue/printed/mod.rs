//! Reading a venue as sources print it — "SIGIR '21: The 44th International ACM SIGIR
//! Conference on …, Virtual Event, Canada, July 11-15, 2021" — into what recognition compares:
//! the acronyms it prints, the name it prints without decoration, and that name's loose key.
//!
//! Nothing here knows a venue: these are the words of one printed text, sorted by how surely
//! each names the venue.
//!
//! What is read is here, with the cleaning and loose keys names are compared by and the words
//! both readings share; [`acronyms`] finds the acronyms printed with a year, in parentheses or
//! bare, [`name`] the whole name a text prints without its decoration.

mod acronyms;
mod name;

use crate::names::match_key;

pub use acronyms::{Dated, acronym_like};
use acronyms::{in_parentheses, segment_at, with_years, word_of};
pub(crate) use name::GENERIC;
use name::{is_fragment, name_of};

/// Publication series that print where many venues appear, never one venue: their [`loose`]
/// keys. "Proceedings of Machine Learning Research" holds ICML, AISTATS, COLT, CoRL, ….
const SERIES: [&str; 10] = [
    "jmlr workshop conference proceedings",
    "machine learning research",
    "pmlr",
    "lecture notes computer science",
    "lncs",
    "ceur workshop proceedings",
    "leibniz international proceedings informatics",
    "lipics",
    "electronic proceedings theoretical computer science",
    "communications computer information science",
];

/// Words a loose key leaves out: articles and prepositions.
const STOP_WORDS: [&str; 10] = ["a", "an", "the", "of", "on", "in", "for", "and", "at", "to"];

/// Words a loose key leaves out when two words or more remain: publishers and the usual
/// adjectives, which sources add or drop at will ("International ACM SIGIR Conference").
const DECORATION: [&str; 7] = [
    "acm",
    "ieee",
    "cvf",
    "usenix",
    "ifip",
    "international",
    "annual",
];

/// Leading words of a printed venue that are not part of its name.
const LEADING: [&str; 8] = [
    "proceedings",
    "proc",
    "companion",
    "of",
    "the",
    "in",
    "to",
    "",
];

/// Ordinals written as words, as dblp prints editions ("The Eleventh International Conference").
const ORDINAL_WORDS: [&str; 28] = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "thirtieth",
    "fortieth",
    "fiftieth",
    "sixtieth",
    "seventieth",
    "eightieth",
    "ninetieth",
    "hundredth",
];

/// The tens of a hyphenated ordinal: "Thirty" in "Thirty-Fifth".
const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// A printed venue, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// The text as printed, trimmed.
    pub text: String,
    /// Acronyms printed with a year or in parentheses, in the order printed; at each place the
    /// longer spelling comes first ("ACM MM", then "MM").
    pub dated: Vec<Dated>,
    /// Every other word that looks like an acronym, with the segment it stands in:
    /// ("SIGIR", "Proceedings of the 44th International ACM SIGIR Conference on …").
    pub bare: Vec<(String, String)>,
    /// The names the text may print, cleaned ([`clean`]): the whole text, then its leading
    /// segments joined (a name with commas, then locations and dates), then each segment,
    /// longest first.
    pub names: Vec<String>,
    /// The name a new venue would take: the whole name the text prints ([`name_of`]: places,
    /// dates, labels, editions and "Proceedings" around it removed, nothing cut inside it),
    /// cleaned; never a fragment starting "and", "a", "of", "on".
    pub display: String,
    /// "Findings of the Association for Computational Linguistics: EMNLP 2021": a track whose
    /// printed acronym and dblp stream are its host conference's.
    pub findings: bool,
}

impl Printed {
    /// Reads `text` (a booktitle or journal, as the entry gives it).
    pub fn read(text: &str) -> Self {
        let text = text.trim().to_owned();
        let plain = text.replace(['{', '}'], "");
        let (outside, groups) = parentheses(&plain);
        let tokens = tokens(&plain);
        let mut dated = with_years(&tokens, &groups);
        dated.extend(in_parentheses(&plain, &groups));
        dated.sort_by_key(|(at, _)| *at);
        let mut seen = Vec::new();
        let dated: Vec<Dated> = dated
            .into_iter()
            .map(|(_, d)| d)
            .filter(|d| {
                let new = !seen.contains(&d.text);
                seen.push(d.text.clone());
                new
            })
            .collect();
        let bare = tokens
            .iter()
            .map(|&(at, raw)| (at, word_of(raw).0))
            .filter(|(_, w)| acronym_like(w) && !dated.iter().any(|d| d.text == *w))
            .map(|(at, w)| (w.to_owned(), segment_at(&plain, at).to_owned()))
            .collect();
        let segments = segments(&outside);
        let cleaned: Vec<String> = segments.iter().map(|s| clean(s)).collect();
        let longest = cleaned
            .iter()
            .fold(None::<&String>, |best, s| match best {
                Some(b) if b.split_whitespace().count() >= s.split_whitespace().count() => Some(b),
                _ => Some(s),
            })
            .cloned()
            .unwrap_or_default();
        let whole = clean(&outside);
        let display = name_of(&outside)
            .filter(|n| !is_fragment(n))
            .unwrap_or(longest);
        let display = if is_fragment(&display) && !whole.is_empty() {
            whole.clone()
        } else {
            display
        };
        let findings = match_key(&whole).starts_with("findings");
        let mut names = vec![whole];
        for k in (1..segments.len()).rev() {
            names.push(clean(&segments[..k].join(", ")));
        }
        let mut rest: Vec<String> = cleaned.into_iter().skip(1).collect();
        rest.sort_by_key(|s| std::cmp::Reverse(s.split_whitespace().count()));
        names.extend(rest);
        let mut unique: Vec<String> = Vec::new();
        for n in names {
            if !n.is_empty() && !unique.contains(&n) {
                unique.push(n);
            }
        }
        Printed {
            text,
            dated,
            bare,
            names: unique,
            display,
            findings,
        }
    }

    /// Whether the text names a publication series ("Proceedings of Machine Learning
    /// Research", "Lecture Notes in Computer Science"), not a venue.
    pub fn is_series(&self) -> bool {
        self.names
            .iter()
            .any(|n| SERIES.contains(&loose(n).as_str()))
    }
}

/// Letters and digits only, lowercase: `RA-L` → `ral`, `S&P` → `sp`.
pub fn compact(s: &str) -> String {
    match_key(s).replace(' ', "")
}

/// A name without what editions add: leading "Proceedings of the", "Companion", an ordinal or
/// a year; years and numbered editions anywhere ("ACM SIGOPS 28th Symposium"); a trailing
/// volume number; parenthesized groups. Case and words are kept: "Proceedings of the 44th
/// International ACM SIGIR Conference on Research and Development in Information Retrieval"
/// → "International ACM SIGIR Conference on Research and Development in Information Retrieval".
pub fn clean(name: &str) -> String {
    let (outside, _) = parentheses(&name.replace(['{', '}'], ""));
    let mut words: Vec<&str> = outside
        .split_whitespace()
        .filter(|w| !is_year(w) && !is_numbered(core(w)))
        .collect();
    let lower = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    while let Some(first) = words.first().map(|w| lower(w)) {
        let number = !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit());
        // "Thirty Fourth", written without its hyphen.
        let tens = TENS.contains(&first.as_str())
            && words.get(1).is_some_and(|w| is_ordinal_word(&lower(w)));
        if LEADING.contains(&first.as_str()) || number || is_ordinal_word(&first) || tens {
            words.remove(0);
        } else {
            break;
        }
    }
    // A volume ("Systems 34") or a Roman one ("Science and Systems XVII").
    while words.last().is_some_and(|w| {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
        bare.is_empty()
            || bare.bytes().all(|b| b.is_ascii_digit())
            || bare.bytes().all(|b| matches!(b, b'I' | b'V' | b'X' | b'L'))
    }) {
        words.pop();
    }
    words
        .join(" ")
        .trim_matches(|c: char| matches!(c, ',' | ';' | ':' | '-' | '–' | '—' | ' '))
        .to_owned()
}

/// The key two spellings of one name share: [`clean`], then [`match_key`] without articles,
/// prepositions, numbers, and — while two words or more remain — publishers, "International"
/// and "Annual". "Proceedings of the 30th ACM International Conference on Information &
/// Knowledge Management" and "ACM International Conference on Information and Knowledge
/// Management" both give "conference information knowledge management".
pub fn loose(name: &str) -> String {
    let key = match_key(&clean(name).replace('&', " and "));
    let words: Vec<&str> = key
        .split(' ')
        .filter(|w| !w.is_empty() && !STOP_WORDS.contains(w) && !is_numbered(w))
        .filter(|w| !w.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let core: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !DECORATION.contains(w))
        .collect();
    if core.len() >= 2 { core } else { words }.join(" ")
}

/// The text outside parentheses (each group replaced by a space), and each group: where it
/// starts, where it ends, and what it holds.
fn parentheses(text: &str) -> (String, Vec<(usize, usize, String)>) {
    let mut outside = String::with_capacity(text.len());
    let mut groups = Vec::new();
    let mut open: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match (c, open) {
            ('(', None) => open = Some(i),
            (')', Some(start)) => {
                groups.push((start, i, text[start + 1..i].to_owned()));
                outside.push(' ');
                open = None;
            }
            (_, None) => outside.push(c),
            _ => {}
        }
    }
    if let Some(start) = open {
        outside.push_str(&text[start..]);
    }
    (outside, groups)
}

/// The parts of a printed venue between commas, semicolons, colons and spaced dashes.
fn segments(text: &str) -> Vec<String> {
    text.replace([';', ':'], ",")
        .replace(" - ", ",")
        .replace(" – ", ",")
        .replace(" — ", ",")
        .split(',')
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .collect()
}

/// Whitespace-separated tokens with their byte offsets.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    text.split_whitespace()
        .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
        .collect()
}

/// A token without the punctuation around it: "(NSDI" → "NSDI", "'21:" → "'21".
fn core(token: &str) -> &str {
    token.trim_matches(|c: char| {
        matches!(
            c,
            '(' | ')' | ',' | ';' | ':' | '.' | '{' | '}' | '"' | '[' | ']' | '“' | '”'
        )
    })
}

/// A year as venues print it: "2023", "23" (in "NSDI 23"), "'23".
fn is_year(token: &str) -> bool {
    let t = token.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    let digits = t.bytes().all(|b| b.is_ascii_digit());
    digits && (t.len() == 2 || (t.len() == 4 && (t.starts_with("19") || t.starts_with("20"))))
}

/// A numbered edition: "44th", "2nd", "21st".
fn is_numbered(word: &str) -> bool {
    let lower = word.to_lowercase();
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &lower[digits.len()..];
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && ["st", "nd", "rd", "th"].contains(&suffix)
}

/// An ordinal in words: "eleventh", "thirty-fifth" (lowercase).
fn is_ordinal_word(word: &str) -> bool {
    match word.split_once('-') {
        Some((tens, unit)) => TENS.contains(&tens) && ORDINAL_WORDS.contains(&unit),
        None => ORDINAL_WORDS.contains(&word),
    }
}
