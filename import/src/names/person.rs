//! One printed author name against one person's spellings.
//!
//! [`clean_author`] takes off what is not the name (equal-contribution marks, a parenthetical
//! "(equal contribution)", BibTeX's "Last, First" order). [`compare`] then says whether the name
//! is one of a person's spellings: [`Match::Exact`] when [`match_key`] agrees, as everywhere
//! else in the importer; [`Match::Near`] for the ways one person is printed differently, with
//! the reason; [`Match::No`] otherwise.
//!
//! A near match always needs the same family name (folded, or through the German
//! transliteration ue/oe/ae for ü/ö/ä) and a first given name on both sides that agrees, in
//! full or as an initial. Past that, given names may be initials ("N. K." for "Niko Karl"),
//! split by a hyphen or not ("J.-L." for "Jean-Luc"), and a middle name or initial may be on
//! one side only. Two different middle names, a different first name, a different family name
//! or a family name alone ("Sünderhauf") are never the same person.

use research_atlas::search::text::tokenize;

use super::match_key;

/// How a printed name compares with a person's spellings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Match {
    /// One of the spellings, as [`match_key`] compares them.
    Exact,
    /// Printed differently but the same name, e.g. `initials, ue for ü`.
    Near(String),
    /// Not this person.
    No,
}

/// A character printed after a name to point to a footnote, e.g. "Shengbang Tong*".
fn is_mark(c: char) -> bool {
    matches!(c, '*' | '†' | '‡' | '§' | '#' | '∗' | '⋆' | '✝' | '^')
}

/// Whether `name` holds anything [`clean_author`] takes off or reorders.
fn needs_cleaning(name: &str) -> bool {
    name.chars()
        .any(|c| is_mark(c) || matches!(c, '\\' | '$' | '{' | '}' | '(' | '[' | ','))
}

/// What a math superscript such as `$^\dagger$` leaves in a name when the reader does not
/// decode it, and what it meant.
const LATEX_MARKS: [(&str, &str); 8] = [
    ("\\textsuperscript", ""),
    ("\\ddagger", "‡"),
    ("\\dagger", "†"),
    ("\\ast", "*"),
    ("\\star", "*"),
    ("$", ""),
    ("{", ""),
    ("}", ""),
];

/// Words after a family name that are not part of it (`John Smith Jr.`), folded.
const SUFFIXES: [&str; 5] = ["jr", "sr", "ii", "iii", "iv"];

/// The name as it should be displayed, without marks, and whether a mark said equal
/// contribution: `"Tong, Shengbang*"` → `("Shengbang Tong", true)`.
///
/// Marks are a `*`, `†`, `‡`, `§` or `#` anywhere in the name (also from `$^*$`,
/// `\textsuperscript{*}`, `$^\dagger$`), or a parenthetical that says "equal" or "joint", e.g.
/// "Jane Doe (equal contribution)"; each counts as equal contribution. A superscript of digits
/// (`Jane Doe$^{1,2}$`, an affiliation) is removed without meaning that. "Last, First" and
/// "Last, Jr., First" become "First Last" and "First Last Jr.".
pub fn clean_author(printed: &str) -> (String, bool) {
    if !needs_cleaning(printed) {
        return (
            printed.split_whitespace().collect::<Vec<_>>().join(" "),
            false,
        );
    }
    let mut text = printed.to_owned();
    for (latex, mark) in LATEX_MARKS {
        if text.contains(latex) {
            text = text.replace(latex, mark);
        }
    }
    let (text, said_equal) = without_parentheticals(&text);
    let mut equal = said_equal;
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '^' {
            // A superscript: digits and commas are affiliations, anything else a mark.
            let mut digits = false;
            while chars
                .peek()
                .is_some_and(|n| n.is_ascii_digit() || *n == ',')
            {
                digits = true;
                chars.next();
            }
            equal |= !digits;
        } else if is_mark(c) {
            equal = true;
        } else {
            out.push(c);
        }
    }
    (unflipped(&out), equal)
}

/// `text` without parentheticals that mark equal contribution, and whether there was one;
/// footnote numbers in brackets or parentheses (`[1]`) go too.
fn without_parentheticals(text: &str) -> (String, bool) {
    let mut out = String::with_capacity(text.len());
    let mut equal = false;
    let mut rest = text;
    while let Some(open) = rest.find(['(', '[']) {
        let close = if rest[open..].starts_with('(') {
            ')'
        } else {
            ']'
        };
        let Some(len) = rest[open..].find(close) else {
            break;
        };
        let inside = rest[open + 1..open + len].to_lowercase();
        out.push_str(&rest[..open]);
        if ["equal", "joint", "contrib"]
            .iter()
            .any(|w| inside.contains(w))
        {
            equal = true;
        } else if inside.chars().all(|c| c.is_ascii_digit() || c == ',') {
            // A footnote or affiliation number, `\footnotemark[1]` once decoded.
        } else {
            out.push_str(&rest[open..=open + len]);
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    (out, equal)
}

/// "Last, First" → "First Last"; "Last, Jr., First" → "First Last Jr."; "First Last, Jr." →
/// "First Last Jr."; white space collapsed. Anything else stays as written.
fn unflipped(name: &str) -> String {
    let parts: Vec<String> = name
        .split(',')
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect();
    match parts.as_slice() {
        [one] => one.clone(),
        [name, suffix] if is_suffix(suffix) => format!("{name} {suffix}"),
        [last, first] => format!("{first} {last}"),
        [last, suffix, first] if is_suffix(suffix) => format!("{first} {last} {suffix}"),
        _ => name.split_whitespace().collect::<Vec<_>>().join(" "),
    }
}

fn is_suffix(word: &str) -> bool {
    SUFFIXES.contains(&match_key(word).as_str())
}

/// [`Match::Exact`] if `printed` is one of `spellings`, else the first near match, else
/// [`Match::No`]. `printed` is cleaned first ([`clean_author`]).
pub fn compare(printed: &str, spellings: &[&str]) -> Match {
    let (printed, _) = clean_author(printed);
    let key = match_key(&printed);
    if spellings.iter().any(|s| match_key(s) == key) {
        return Match::Exact;
    }
    let Some(name) = Name::parse(&printed) else {
        return Match::No;
    };
    spellings
        .iter()
        .filter_map(|s| Name::parse(&clean_author(s).0))
        .find_map(|s| name.near(&s))
        .map_or(Match::No, Match::Near)
}

/// One word of a name, as printed and in the two forms it is compared in.
#[derive(Debug, Clone)]
struct Word {
    printed: String,
    /// [`match_key`]: `Sünderhauf` → `sunderhauf`.
    folded: String,
    /// German transliteration, then folded: `Sünderhauf` → `suenderhauf`.
    translit: String,
}

impl Word {
    fn new(printed: &str) -> Self {
        Self::folded(printed, match_key(printed))
    }

    /// A word whose [`match_key`] is known already.
    fn folded(printed: &str, folded: String) -> Self {
        let translit = if printed.chars().any(|c| transliteration(c).is_some()) {
            match_key(&transliterated(printed))
        } else {
            folded.clone()
        };
        Self {
            printed: printed.to_owned(),
            folded,
            translit,
        }
    }

    fn is_initial(&self) -> bool {
        self.folded.chars().count() == 1
    }

    /// As a reason shows it: an initial with its dot.
    fn shown(&self) -> String {
        if self.is_initial() {
            format!("{}.", self.printed)
        } else {
            self.printed.clone()
        }
    }
}

/// How two words agree.
enum Agree {
    Same,
    /// Only through the transliteration: the reason, e.g. `ue for ü`.
    Transliterated(Vec<String>),
    /// One is the other's initial.
    Initial,
}

impl Agree {
    fn of(a: &Word, b: &Word) -> Option<Self> {
        if a.folded == b.folded {
            Some(Self::Same)
        } else if a.translit == b.translit {
            Some(Self::Transliterated(substitutions(&a.printed, &b.printed)))
        } else if a.is_initial() != b.is_initial()
            && (b.folded.starts_with(&a.folded) || a.folded.starts_with(&b.folded))
        {
            Some(Self::Initial)
        } else {
            None
        }
    }
}

/// `ä`, `ö`, `ü`, `ø` (either case) as German and Danish write them without the letter.
fn transliteration(c: char) -> Option<&'static str> {
    Some(match c {
        'ä' => "ae",
        'ö' | 'ø' => "oe",
        'ü' => "ue",
        'Ä' => "Ae",
        'Ö' | 'Ø' => "Oe",
        'Ü' => "Ue",
        _ => return None,
    })
}

fn transliterated(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    for c in s.chars() {
        match transliteration(c) {
            Some(t) => out.push_str(t),
            None => out.push(c),
        }
    }
    out
}

/// What `printed` writes for the letters of `spelling` it transliterates: `ue for ü`, or the
/// other way, `ü for ue`.
fn substitutions(printed: &str, spelling: &str) -> Vec<String> {
    let letters = |s: &str| -> Vec<char> {
        s.chars()
            .flat_map(char::to_lowercase)
            .filter(|c| transliteration(*c).is_some())
            .collect()
    };
    let (theirs, mine) = (letters(spelling), letters(printed));
    let mut out = Vec::new();
    for c in &theirs {
        let t = transliteration(*c).expect("a transliterated letter");
        out.push(format!("{t} for {c}"));
    }
    for c in &mine {
        let t = transliteration(*c).expect("a transliterated letter");
        out.push(format!("{c} for {t}"));
    }
    out.dedup();
    out
}

/// A name split for comparison: given names (hyphenated ones and runs of initials split into
/// words), the family name (the last word, hyphens and all) and a suffix such as `Jr.`.
#[derive(Debug, Clone)]
pub(super) struct Name {
    given: Vec<Word>,
    family: Word,
    /// As printed, e.g. `Jr.`.
    suffix: Option<String>,
}

impl Name {
    /// `None` when nothing is left to compare (no letters at all).
    pub(super) fn parse(cleaned: &str) -> Option<Self> {
        let mut words: Vec<&str> = cleaned.split_whitespace().collect();
        let suffix = match words.as_slice() {
            [_, _, .., last] if is_suffix(last) => words.pop().map(str::to_owned),
            _ => None,
        };
        let family = Word::new(words.pop()?);
        if family.folded.is_empty() {
            return None;
        }
        let mixed_case = cleaned.chars().any(char::is_lowercase);
        let mut given = Vec::new();
        for w in words {
            if mixed_case && is_initials_run(w) {
                given.extend(w.chars().map(|c| Word::new(c.encode_utf8(&mut [0; 4]))));
            } else {
                given.extend(
                    (tokenize(w).into_iter()).map(|t| Word::folded(&w[t.start..t.end], t.text)),
                );
            }
        }
        Some(Self {
            given,
            family,
            suffix,
        })
    }

    /// The key names are indexed by, which every spelling [`Name::near`] could match shares:
    /// the folded family name without its `e`s ([`loose`]) and the first letter of the first
    /// given name (`sundrhauf n`). `None` without a given name, which
    /// nothing is a near match of.
    pub(super) fn key(&self) -> Option<String> {
        let first = self.given.first()?.folded.chars().next()?;
        Some(format!("{} {first}", loose(&self.family.folded)))
    }

    /// [`Name::key`] of a cleaned name, without parsing the rest of it.
    pub(super) fn key_of(cleaned: &str) -> Option<String> {
        let mut words: Vec<&str> = cleaned.split_whitespace().collect();
        if let [_, _, .., last] = words.as_slice()
            && is_suffix(last)
        {
            words.pop();
        }
        let family = words.pop()?;
        let first = (words.iter()).find_map(|w| match_key(w).chars().next())?;
        Some(format!("{} {first}", loose(&match_key(family))))
    }

    /// Why `self` (printed) is `other` (a spelling) printed differently, or `None` if it is
    /// not: the reasons, joined. Exact equality is the caller's to check first.
    pub(super) fn near(&self, other: &Name) -> Option<String> {
        // The family name and suffix decide most comparisons; their reasons come last, in the
        // order of the name.
        let family = match Agree::of(&self.family, &other.family)? {
            Agree::Initial => return None,
            agree => agree,
        };
        let suffix = match (&self.suffix, &other.suffix) {
            (Some(a), Some(b)) if match_key(a) != match_key(b) => return None,
            (Some(s), None) | (None, Some(s)) => Some(format!("{s:?} on one side only")),
            _ => None,
        };
        let mut reasons = Reasons::default();
        let ([first, mine @ ..], [their_first, theirs @ ..]) =
            (self.given.as_slice(), other.given.as_slice())
        else {
            return None;
        };
        reasons.note(Agree::of(first, their_first)?);
        // Every middle word of the shorter side, in order, among the longer side's; the
        // earliest fit leaves the most room for the rest.
        let swapped = mine.len() > theirs.len();
        let (short, long) = if swapped {
            (theirs, mine)
        } else {
            (mine, theirs)
        };
        let mut extra = Vec::new();
        let mut rest = long.iter();
        for word in short {
            loop {
                let candidate = rest.next()?;
                let agree = if swapped {
                    Agree::of(candidate, word)
                } else {
                    Agree::of(word, candidate)
                };
                match agree {
                    Some(agree) => {
                        reasons.note(agree);
                        break;
                    }
                    None => extra.push(candidate.shown()),
                }
            }
        }
        extra.extend(rest.map(Word::shown));
        match extra.as_slice() {
            [] => {}
            [one] => reasons.add(format!("middle name {one:?} on one side only")),
            several => reasons.add(format!(
                "middle names {:?} on one side only",
                several.join(" ")
            )),
        }
        reasons.note(family);
        reasons.extend(suffix);
        Some(reasons.joined())
    }
}

/// The reasons of a near match, each once, in the order found.
#[derive(Default)]
struct Reasons(Vec<String>);

impl Reasons {
    fn add(&mut self, reason: String) {
        if !self.0.contains(&reason) {
            self.0.push(reason);
        }
    }

    fn extend(&mut self, reasons: impl IntoIterator<Item = String>) {
        reasons.into_iter().for_each(|r| self.add(r));
    }

    fn note(&mut self, agree: Agree) {
        match agree {
            Agree::Same => {}
            Agree::Transliterated(subs) => self.extend(subs),
            Agree::Initial => self.add("initials".to_owned()),
        }
    }

    fn joined(self) -> String {
        if self.0.is_empty() {
            "the same names, punctuated differently".to_owned()
        } else {
            self.0.join(", ")
        }
    }
}

/// "NK" in "NK Sünderhauf": two or three capitals, read as initials when the rest of the name
/// is not in capitals too.
fn is_initials_run(word: &str) -> bool {
    let n = word.chars().count();
    (2..=3).contains(&n) && word.chars().all(char::is_uppercase)
}

/// A folded word without its `e`s: the transliteration only ever adds an `e` to what folding
/// gives (`ü` → `ue` where folding gives `u`), so a word and its transliteration meet here.
fn loose(folded: &str) -> String {
    folded.replace('e', "")
}
