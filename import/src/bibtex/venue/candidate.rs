//! A venue as recognition sees it — one of the dataset's or one of the known list's — with the
//! keys a printed text is compared against, computed once.

use std::collections::HashSet;

use research_atlas::model::{Venue, VenueKind};

use super::printed::{GENERIC, compact, loose};
use crate::names::match_key;

/// A venue's kinds and the keys its spellings give.
#[derive(Debug, Clone)]
pub struct Candidate<'a> {
    /// Its kind.
    pub kind: VenueKind,
    /// Other kinds of entry it takes (see [`super::known::KnownVenue::also`]).
    pub also: &'a [VenueKind],
    /// Its dblp key, if known.
    pub dblp: Option<String>,
    /// [`match_key`] of its name and aliases: a text printed exactly so is this venue,
    /// whatever the entry's kind ("Advances in Neural Information Processing Systems" as a
    /// Scholar `@article` is NeurIPS).
    pub names: Vec<String>,
    /// [`compact`] of its short name, id and aliases: what an acronym is compared with.
    pub acronyms: Vec<String>,
    /// [`loose`] keys of its name and aliases.
    pub loose_names: Vec<String>,
    /// [`loose`] key of its short name ("eurosys" for "Eurosys 2021").
    pub loose_short: String,
    /// Every word of its names, for judging a bare acronym's surroundings.
    pub vocabulary: HashSet<String>,
}

impl<'a> Candidate<'a> {
    /// The keys of a venue that takes entries of `kind` and `also`.
    pub fn new(venue: &Venue, also: &'a [VenueKind]) -> Self {
        let spellings = || std::iter::once(&venue.name).chain(&venue.aliases);
        let names: Vec<String> = spellings().map(|s| match_key(s)).collect();
        let mut acronyms: Vec<String> = std::iter::once(&venue.short_name)
            .chain(&venue.aliases)
            .map(|s| compact(s))
            .chain([compact(&venue.id.0)])
            .filter(|s| !s.is_empty())
            .collect();
        acronyms.dedup();
        let loose_names: Vec<String> = spellings()
            .map(|s| loose(s))
            .filter(|s| !s.is_empty())
            .collect();
        let vocabulary = std::iter::once(&venue.short_name)
            .chain(spellings())
            .flat_map(|s| {
                let key = match_key(&s.replace('&', " and "));
                let words: Vec<String> = key.split(' ').map(str::to_owned).collect();
                words
            })
            .chain(acronyms.iter().cloned())
            .collect();
        Candidate {
            kind: venue.kind,
            also,
            dblp: venue.dblp.clone(),
            names,
            acronyms,
            loose_names,
            loose_short: loose(&venue.short_name),
            vocabulary,
        }
    }

    /// Whether an entry of kind `entry` can be filed here: a conference paper at a conference
    /// or a workshop, a workshop paper at a workshop, a journal article in a journal — or in a
    /// venue whose list entry says it takes that kind too.
    pub fn takes(&self, entry: VenueKind) -> bool {
        let mut kinds = std::iter::once(&self.kind).chain(self.also);
        match entry {
            VenueKind::Conference => {
                kinds.any(|k| matches!(k, VenueKind::Conference | VenueKind::Workshop))
            }
            other => kinds.any(|k| *k == other),
        }
    }

    /// The whole printed text is this venue: its name or an alias (any kind of entry), or its
    /// short name (an entry of a kind it takes).
    pub fn is_printed(&self, key: &str, compact_key: &str, entry: VenueKind) -> bool {
        self.names.iter().any(|n| n == key)
            || (self.acronyms.iter().any(|a| a == compact_key) && self.takes(entry))
    }

    /// `acronym` ([`compact`]) is its short name or an alias, for an entry it takes.
    pub fn has_acronym(&self, acronym: &str, entry: VenueKind) -> bool {
        self.takes(entry) && self.acronyms.iter().any(|a| a == acronym)
    }

    /// The dblp stream `stream` of an entry of kind `entry` (`conf/…`, or `journals/…` for a
    /// journal article) is this venue: its dblp key, or for a venue without one, its short
    /// name or id.
    pub fn has_stream(&self, stream: &str, entry: VenueKind) -> bool {
        let prefix = if entry == VenueKind::Journal {
            "journals"
        } else {
            "conf"
        };
        self.takes(entry)
            && match self.dblp.as_deref() {
                Some(key) => key.split_once('/') == Some((prefix, stream)),
                None => self.acronyms.iter().any(|a| a == stream),
            }
    }

    /// A cleaned name's [`loose`] key is one of its names' (any kind of entry) or its short
    /// name's (an entry of a kind it takes).
    pub fn has_loose(&self, key: &str, entry: VenueKind) -> bool {
        self.loose_names.iter().any(|n| n == key) || (self.loose_short == key && self.takes(entry))
    }

    /// Whether the segment a bare acronym stands in says nothing against this venue: nearly
    /// every word of it (all of three, three of four, …) is one of the venue's own. So
    /// "Proceedings of the 44th International ACM SIGIR Conference on Research and Development
    /// in Information Retrieval" is SIGIR, but "ACM SIGIR International Conference on Theory
    /// of Information Retrieval" is not ("theory").
    pub fn fits(&self, segment: &str, acronym: &str) -> bool {
        let key = loose(segment);
        let words: Vec<&str> = key
            .split(' ')
            .filter(|w| !w.is_empty() && *w != acronym && !GENERIC.contains(w))
            .collect();
        let missing = words
            .iter()
            .filter(|w| !self.vocabulary.contains(**w))
            .count();
        missing <= words.len() / 4
    }
}
