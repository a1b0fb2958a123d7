//! BibTeX keys: `family + year + title word`, with collisions settled over the whole dataset,
//! never longer than [`MAX_KEY`] characters.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::latin::fold_ascii;
use crate::model::sort;
use crate::model::types::{Dataset, Publication, PublicationId};

/// The longest key, suffix included: a key is typed and read, and a 2,000-letter name must not
/// make a 2,000-letter key.
pub const MAX_KEY: usize = 40;

/// The longest family name a key starts with, so the year and a title word still fit.
const MAX_FAMILY: usize = 20;

/// Stable, readable BibTeX keys for every publication in the dataset, e.g. `luo2025autellix`.
///
/// Keys are unique across the dataset and depend only on it, not on which list is exported.
/// None is longer than [`MAX_KEY`]: a suffix takes the place of the base key's last characters.
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
        sort::by(&mut group, |a, b| a.id.cmp(&b.id));
        let mut n = 0;
        for p in group {
            let key = loop {
                let suffix = letter_suffix(n);
                let candidate = format!("{}{suffix}", cut(&base, MAX_KEY - suffix.len()));
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

/// The key `keys` gives `p`, else its unsuffixed key.
pub(super) fn key_of(p: &Publication, keys: &HashMap<PublicationId, String>) -> String {
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
    let key = format!("{}{:04}{word}", cut(&family, MAX_FAMILY), p.year);
    cut(&key, MAX_KEY).to_owned()
}

/// The first `max` characters of `s` (all of it when shorter), cut on a character boundary.
fn cut(s: &str, max: usize) -> &str {
    s.char_indices().nth(max).map_or(s, |(i, _)| &s[..i])
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn cuts_fall_on_character_boundaries() {
        assert_eq!(cut("abc", 2), "ab");
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abc", 9), "abc");
        assert_eq!(cut("ééé", 2), "éé");
        assert_eq!(cut("", 0), "");
    }
}
