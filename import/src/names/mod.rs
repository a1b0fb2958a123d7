//! Comparing and deriving names: match keys for people and titles, and slugs for new ids.
//!
//! Sources spell the same thing many ways ("Müller", "Muller", "M{\"u}ller"; "Wei-Lin" and
//! "Wei Lin"; "SkyPilot: An Intercloud Broker" and "{SkyPilot}: An intercloud broker"). Every
//! comparison the importer makes goes through [`match_key`], so they all agree on what counts as
//! the same. And [`match_key`] is the directory's own search folding
//! ([`research_atlas::search::text`]), so a name the importer takes for a known one is one the
//! search finds under the same words, and the other way round.
//!
//! People are also written in ways [`match_key`] does not fold: "Suenderhauf" for "Sünderhauf",
//! "N. K. Sünderhauf" for "Niko Sünderhauf", "Tong, Shengbang*" with an equal-contribution
//! mark. [`person`] cleans a printed author name and compares it with a person's spellings
//! (the same, near with the reason, or not them); [`People`] finds the directory member a
//! printed name is, by family name, and says when two members could be it.

mod people;
mod person;

pub use people::{Among, Found, People};
pub use person::{Match, clean_author, compare};

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
mod tests;
