//! Comparing and deriving names: match keys for people and titles, and slugs for new ids.
//!
//! Sources spell the same thing many ways ("Müller", "Muller", "M{\"u}ller"; "Wei-Lin" and
//! "Wei Lin"; "SkyPilot: An Intercloud Broker" and "{SkyPilot}: An intercloud broker"). Every
//! comparison the importer makes goes through [`match_key`], so they all agree on what counts as
//! the same. And [`match_key`] is the directory's own search folding
//! ([`research_atlas::search::text`]), so a name the importer takes for a known one is one the
//! search finds under the same words, and the other way round.

use std::collections::HashSet;

use research_atlas::model::{Dataset, ResearcherId};
use research_atlas::search::text::tokenize;

/// The words of `s` as the search sees them — lowercase, Latin diacritics stripped, `ß` → `ss`
/// — joined by single spaces: `"Jörg  Müller-Lüdenscheidt"` → `"jorg muller ludenscheidt"`.
pub fn match_key(s: &str) -> String {
    (tokenize(s).into_iter())
        .map(|t| t.text)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A slug from free text: ASCII letters and digits of [`match_key`], joined by hyphens.
/// Empty when nothing ASCII is left (e.g. a title in Chinese).
pub fn slug(s: &str) -> String {
    match_key(s)
        .split(' ')
        .map(|w| {
            w.chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// Which directory members a printed author name can be: by `name` and `alternative_names`.
pub struct People {
    keys: Vec<(String, ResearcherId)>,
}

impl People {
    /// Indexes every researcher's name and alternative names.
    pub fn new(dataset: &Dataset) -> Self {
        let keys = dataset
            .researchers
            .iter()
            .flat_map(|r| {
                std::iter::once(&r.name)
                    .chain(&r.alternative_names)
                    .map(|n| (match_key(n), r.id.clone()))
            })
            .collect();
        Self { keys }
    }

    /// The researchers whose name or an alternative name is spelled `name` (usually zero or one).
    pub fn matching(&self, name: &str) -> Vec<&ResearcherId> {
        let key = match_key(name);
        let mut seen = HashSet::new();
        self.keys
            .iter()
            .filter(|(k, id)| *k == key && seen.insert(id))
            .map(|(_, id)| id)
            .collect()
    }

    /// Whether `name` is one of `id`'s spellings.
    pub fn is(&self, name: &str, id: &ResearcherId) -> bool {
        self.matching(name).contains(&id)
    }
}

/// `base`, or `base-2`, `base-3`, … : the first that `taken` does not hold.
pub fn unique(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|s| !taken(s))
        .expect("some suffix is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_keys_ignore_case_accents_and_punctuation() {
        for (a, b) in [
            ("Jörg Müller", "Jorg Muller"),
            ("Wei-Lin Chiang", "wei lin chiang"),
            ("Øystein Sørensen", "Oystein Sorensen"),
            ("Łukasz Kaiser", "Lukasz Kaiser"),
            ("Jürgen Straße", "Jurgen Strasse"),
            ("Cre\u{301}me", "Crème"),
            (
                "SkyPilot: An Intercloud Broker for Sky Computing",
                "{SkyPilot}: An intercloud broker for sky computing.",
            ),
        ] {
            assert_eq!(match_key(a), match_key(b), "{a} vs {b}");
        }
        assert_ne!(match_key("Michael Luo"), match_key("Michael Lou"));
    }

    #[test]
    fn slugs_are_ascii_and_hyphenated() {
        for (text, want) in [
            ("Ada Lovelace", "ada-lovelace"),
            ("José García-Pérez", "jose-garcia-perez"),
            ("Grüße aus Köln", "grusse-aus-koln"),
            ("  Hello,   World! ", "hello-world"),
            ("栾思飞", ""),
            ("NSDI '23", "nsdi-23"),
        ] {
            assert_eq!(slug(text), want, "{text}");
        }
    }

    #[test]
    fn unique_appends_the_first_free_number() {
        let taken = ["a", "a-2"];
        assert_eq!(unique("b", |s| taken.contains(&s)), "b");
        assert_eq!(unique("a", |s| taken.contains(&s)), "a-3");
    }
}
