//! Finding an entry's venue: one venue per real venue, and never a wrong one.
//!
//! Sources name venues every which way: dblp writes "20th USENIX Symposium on Networked Systems
//! Design and Implementation, NSDI 2023, Boston, MA, April 17-19, 2023", Google Scholar
//! "… (NSDI 23)", ACM "SIGIR '21: The 44th International ACM SIGIR Conference on …", a
//! homepage `abbr = {CVPR}`. The venue is looked for with each signal an entry gives, surest
//! first; at each, among the dataset's venues (by id, short name, name, aliases and dblp key)
//! and then among the known list's ([`known`], `import/venues/cs.json`):
//!
//! 1. an acronym the entry gives in a field of its own: the `abbr` field (al-folio), the
//!    `number` field (dblp's "OOPSLA" for a PACMPL issue);
//! 2. the whole text as printed: a venue's name or alias (whatever the entry's kind), or its
//!    short name;
//! 3. each acronym printed with a year or in parentheses, in order ("ICDE 2021: Proceedings
//!    of…", "… (ICLR)", "Proc. of NeurIPS 2020", "SIGIR '21", "(USENIX ATC 24)");
//! 4. the dblp key's stream (`DBLP:conf/nsdi/…` → `conf/nsdi`, `journals/…` for an article);
//!    then the whole text as a venue's short name of another kind (`journal = {CVPR}`: that
//!    conference, not a second "CVPR"; the judge reads such an article as a conference paper,
//!    [`known_event`]);
//! 5. the name printed, without "Proceedings of the", editions, years, "Companion",
//!    parentheses and the locations and dates after it, equal to a venue's name or alias
//!    compared loosely ([`printed::loose`]: publishers, "International", articles dropped);
//! 6. an acronym standing bare in the text ("SIGIR" in "Proceedings of the 44th International
//!    ACM SIGIR Conference on …"; publishers and sponsors such as "ACM" or "SIGPLAN" never
//!    count), if the words around it say nothing against the venue ("ACM SIGIR Conference on
//!    Theory of Information Retrieval" is not SIGIR) and it names one venue only.
//!
//! Acronyms (1, 3, 6), dblp streams and short names inside a longer text find only a venue
//! that takes the entry's kind: a journal article never lands in a conference of the same
//! acronym, nor a conference paper in a journal, unless the list says the venue takes both
//! (PACMPL's conferences, PVLDB); a workshop paper ("Workshop on X at NeurIPS 2021") never
//! lands in its host conference.
//! "Findings of …" is found by name only, never by its host's acronym or dblp stream.
//!
//! A venue found in the list is the dataset's venue that is the same one (same dblp key, short
//! name or alias, or name) or, when the dataset has none, added with the list's aliases and
//! dblp key, so the next run finds it in the dataset. When nothing is found, a new venue is
//! named by the whole cleaned title, never a piece of it cut at a comma or colon
//! ([`printed::Printed::display`]), its id from that name whether or not an acronym is printed
//! ([`derive`]), and keeps the printed spelling as an alias, so the next run finds it again;
//! a series such as "Proceedings of Machine Learning Research" names no venue and makes none.
//! A placeholder where the venue goes ("Under review", "In press at X") is read by
//! [`standing`] before any of this.

mod candidate;
pub mod known;
pub mod printed;
pub mod standing;

use research_atlas::model::{Venue, VenueId, VenueKind};

use crate::names::{match_key, slug, unique};
use candidate::Candidate;
use printed::{Printed, acronym_like, compact, loose};

/// What an entry says about where it appeared.
#[derive(Debug, Clone, PartialEq)]
pub struct VenueHint {
    /// The booktitle or journal as printed.
    pub text: Option<String>,
    /// The `number` field, which dblp uses for PACMPL issues such as "OOPSLA".
    pub number: Option<String>,
    /// The venue segment of a dblp key: `nsdi` in `DBLP:conf/nsdi/…`.
    pub dblp_stream: Option<String>,
    /// The venue's short name as a homepage theme gives it (al-folio's `abbr = {CVPR}`).
    pub abbr: Option<String>,
    /// The kind a new venue gets (from the entry type).
    pub kind: VenueKind,
}

/// Where a new venue came from, for the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The known list shipped with the importer.
    KnownList,
    /// The printed booktitle or journal of the entry.
    Printed,
}

/// The venue an entry appeared at: one from the dataset, or one to add.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved {
    /// An existing venue.
    Existing(VenueId),
    /// A venue to add to the dataset, and where it came from.
    New(Venue, Origin),
}

/// [`resolve_in`] with no keys kept (the tests' one-off questions).
#[cfg(test)]
pub fn resolve(venues: &[Venue], hint: &VenueHint) -> Option<Resolved> {
    resolve_in(&mut Keys::default(), venues, hint)
}

/// The dataset venue that `hint` names, a known venue to add, or a new venue named by its
/// text; none when the entry names no venue. The dataset venues' keys are kept in `keys` from
/// one entry to the next (an import resolves every entry's venue against the same venues): a
/// venue's keys are made again only when it is new or has changed.
pub fn resolve_in(keys: &mut Keys, venues: &[Venue], hint: &VenueHint) -> Option<Resolved> {
    let printed = Printed::read(hint.text.as_deref().unwrap_or(""));
    let dataset = keys.of(venues);
    let list = known_candidates();
    match recognise([dataset, list], hint, &printed) {
        Some((0, i)) => Some(Resolved::Existing(venues[i].id.clone())),
        Some((_, i)) => Some(from_list(venues, &known::list()[i])),
        None => derive(venues, [dataset, list], hint, &printed)
            .map(|v| Resolved::New(v, Origin::Printed)),
    }
}

/// The dataset venues' [`Candidate`]s, each with the venue it was made from: made again for a
/// venue that is new or differs from it in anything (an alias added by a merge), so they are
/// always the venues' own.
#[derive(Debug, Clone, Default)]
pub struct Keys {
    /// The venues as they were when their keys were made.
    seen: Vec<Venue>,
    /// Their keys, in the same order.
    keys: Vec<Candidate<'static>>,
}

impl Keys {
    /// The keys of `venues`, in their order.
    fn of(&mut self, venues: &[Venue]) -> &[Candidate<'static>] {
        self.seen.truncate(venues.len());
        self.keys.truncate(venues.len());
        for (i, v) in venues.iter().enumerate() {
            if self.seen.get(i) == Some(v) {
                continue;
            }
            let key = Candidate::new(v, &[]);
            if i < self.seen.len() {
                self.seen[i] = v.clone();
                self.keys[i] = key;
            } else {
                self.seen.push(v.clone());
                self.keys.push(key);
            }
        }
        &self.keys
    }
}

/// The arXiv venue: the dataset's, or the known list's to add.
pub fn arxiv(venues: &[Venue]) -> Resolved {
    venues
        .iter()
        .find(|v| {
            v.kind == VenueKind::Preprint
                && (compact(&v.short_name) == "arxiv" || v.dblp.as_deref() == Some("journals/corr"))
        })
        .map(|v| Resolved::Existing(v.id.clone()))
        .unwrap_or_else(|| {
            let known = known::list()
                .iter()
                .find(|k| k.venue.dblp.as_deref() == Some("journals/corr"))
                .expect("the known list has arXiv");
            Resolved::New(known.to_venue(venues), Origin::KnownList)
        })
}

/// The known conference or workshop a whole field names exactly — its short name, name or an
/// alias ("CVPR"), with at most a year after it ("CVPR 2023") or its own acronym in
/// parentheses ("Computer Vision and Pattern Recognition (CVPR)") — unless the list says it
/// takes journal articles too (PACMPL's conferences, NeurIPS): a homepage filing a conference
/// paper as an `@article`. Found only by the whole text; an acronym inside a longer text
/// never crosses kinds.
pub fn known_event(text: &str) -> Option<&'static Venue> {
    let without_year = |t: &str| {
        let t = t.trim();
        match t.rsplit_once(' ') {
            Some((rest, year))
                if year.len() == 4
                    && year.bytes().all(|b| b.is_ascii_digit())
                    && (year.starts_with("19") || year.starts_with("20")) =>
            {
                rest.trim().to_owned()
            }
            _ => t.to_owned(),
        }
    };
    let text = without_year(text);
    let (name, acronym) = match text
        .strip_suffix(')')
        .and_then(|t| t.rfind('(').map(|at| (&t[..at], &t[at + 1..])))
    {
        Some((name, inside)) => (name.trim().to_owned(), Some(compact(&without_year(inside)))),
        None => (text.clone(), None),
    };
    let (key, compact_key) = (match_key(&name), compact(&name));
    if compact_key.is_empty() {
        return None;
    }
    known::list()
        .iter()
        .zip(known_candidates())
        .find(|(k, c)| {
            matches!(k.venue.kind, VenueKind::Conference | VenueKind::Workshop)
                && !k.also.contains(&VenueKind::Journal)
                && (c.names.contains(&key) || c.acronyms.contains(&compact_key))
                && acronym.as_ref().is_none_or(|a| c.acronyms.contains(a))
        })
        .map(|(k, _)| &k.venue)
}

/// The known list's candidates, computed once.
fn known_candidates() -> &'static [Candidate<'static>] {
    static KEYS: std::sync::LazyLock<Vec<Candidate<'static>>> = std::sync::LazyLock::new(|| {
        known::list()
            .iter()
            .map(|k| Candidate::new(&k.venue, &k.also))
            .collect()
    });
    &KEYS
}

/// The first venue a signal finds, in the order of the module doc: `(0, i)` for the dataset's
/// `i`-th venue, `(1, i)` for the list's.
fn recognise(
    pools: [&[Candidate]; 2],
    hint: &VenueHint,
    printed: &Printed,
) -> Option<(usize, usize)> {
    let entry = hint.kind;
    let first = |test: &dyn Fn(&Candidate) -> bool| {
        pools
            .iter()
            .enumerate()
            .find_map(|(p, pool)| pool.iter().position(test).map(|i| (p, i)))
    };
    // "Findings of ACL: EMNLP 2021" prints its host's acronym and is filed under its stream.
    let hosts_count = !printed.findings;
    let number = hint.number.iter().flat_map(|n| {
        let base = n.trim_end_matches(|c: char| c.is_ascii_digit());
        [n.as_str(), base]
    });
    let given = hint
        .abbr
        .iter()
        .map(String::as_str)
        .chain(number.filter(|n| acronym_like(n)))
        .filter(|_| hosts_count);
    for acronym in given {
        let key = compact(acronym);
        if let Some(found) = first(&|c| c.has_acronym(&key, entry)) {
            return Some(found);
        }
    }
    if !printed.text.is_empty() {
        let (key, compact_key) = (match_key(&printed.text), compact(&printed.text));
        if let Some(found) = first(&|c| c.is_printed(&key, &compact_key, entry)) {
            return Some(found);
        }
    }
    if hosts_count {
        for acronym in printed.dated.iter().map(|d| d.text.as_str()) {
            let key = compact(acronym);
            if let Some(found) = first(&|c| c.has_acronym(&key, entry)) {
                return Some(found);
            }
        }
        if let Some(stream) = &hint.dblp_stream
            && let Some(found) = first(&|c| c.has_stream(stream, entry))
        {
            return Some(found);
        }
        // The whole text is a venue's short name, of another kind ("CVPR" as an article's
        // journal): that venue, rather than a second one of the same name.
        if !printed.text.is_empty() {
            let whole = compact(&printed.text);
            if let Some(found) = first(&|c| c.acronyms.contains(&whole)) {
                return Some(found);
            }
        }
    }
    for name in &printed.names {
        let key = loose(name);
        if let Some(found) = first(&|c| c.has_loose(&key, entry)) {
            return Some(found);
        }
    }
    if !hosts_count {
        return None;
    }
    let mut named = None;
    for (word, segment) in &printed.bare {
        let key = compact(word);
        if let Some(found) = first(&|c| c.has_acronym(&key, entry) && c.fits(segment, &key)) {
            match named {
                Some(other) if other != found => return None,
                _ => named = Some(found),
            }
        }
    }
    named
}

/// A known venue: the dataset's venue that is the same one, or the list's to add.
fn from_list(venues: &[Venue], known: &known::KnownVenue) -> Resolved {
    let k = &known.venue;
    let acronyms: Vec<String> = std::iter::once(&k.short_name)
        .chain(&k.aliases)
        .map(|s| compact(s))
        .collect();
    let names: Vec<String> = std::iter::once(&k.name)
        .chain(&k.aliases)
        .map(|s| match_key(s))
        .collect();
    let same = |v: &Venue| {
        let kind_fits = v.kind == k.kind || known.also.contains(&v.kind);
        let by_key = match (&v.dblp, &k.dblp) {
            (Some(a), Some(b)) => Some(a == b),
            _ => None,
        };
        kind_fits
            && by_key.unwrap_or_else(|| {
                std::iter::once(&v.short_name)
                    .chain(&v.aliases)
                    .any(|s| acronyms.contains(&compact(s)))
                    || names.contains(&match_key(&v.name))
            })
    };
    match venues.iter().find(|v| same(v)) {
        Some(v) => Resolved::Existing(v.id.clone()),
        None => Resolved::New(known.to_venue(venues), Origin::KnownList),
    }
}

/// The longest short name a new venue takes when the title has no acronym of its own.
const SHORT_NAME_LEN: usize = 40;

/// A new venue from the printed text: named by the whole cleaned title (without "Proceedings
/// of the", edition, year, labels, dates or location: [`printed::Printed::display`]), its
/// short name the venue's own acronym when it prints a clear one (`abbr`, "NSDI 2023",
/// "(USENIX ATC 24)") that names no other venue, else the name itself, shortened past
/// [`SHORT_NAME_LEN`] characters — never a word taken from inside the title. Its id is the
/// name's ([`id_base`]), so every spelling of one venue gives one id. The printed text is kept
/// as an alias.
fn derive(
    venues: &[Venue],
    pools: [&[Candidate]; 2],
    hint: &VenueHint,
    printed: &Printed,
) -> Option<Venue> {
    let text = printed.text.as_str();
    if text.is_empty() || printed.is_series() {
        return None;
    }
    // An acronym some venue already has is a host's here ("ICML 2020 Workshop on …").
    let names_a_venue = |a: &str| {
        let key = compact(a);
        pools
            .iter()
            .any(|pool| pool.iter().any(|c| c.acronyms.contains(&key)))
    };
    let dated = printed
        .dated
        .iter()
        .filter(|d| d.clear && !printed.findings)
        .map(|d| d.text.as_str());
    let acronym = hint
        .abbr
        .iter()
        .map(String::as_str)
        .filter(|a| acronym_like(a))
        .chain(dated)
        .find(|a| !names_a_venue(a))
        .map(str::to_owned);
    let mut name = printed.display.clone();
    if loose(&name).is_empty() {
        name = acronym.clone().unwrap_or_else(|| text.to_owned());
    }
    let short = acronym.unwrap_or_else(|| shorten(&name));
    let aliases = if match_key(text) == match_key(&name) || compact(text) == compact(&short) {
        Vec::new()
    } else {
        vec![text.to_owned()]
    };
    let base = id_base(&name);
    let base = if base.is_empty() {
        "venue".into()
    } else {
        base
    };
    Some(Venue {
        id: VenueId(unique(&base, |s| venues.iter().any(|v| v.id.0 == s))),
        short_name: short,
        name,
        kind: hint.kind,
        aliases,
        dblp: None,
    })
}

/// The longest id a new venue takes.
const ID_LEN: usize = 64;

/// A new venue's id: its name's slug, cut after a word within [`ID_LEN`] characters. From the
/// name and never from an acronym that one spelling prints and another does not ("IEEE
/// International Conference on Big Data (BigData)" and "… on Big Data" are one venue, one id,
/// whichever file comes first).
fn id_base(name: &str) -> String {
    let full = slug(name);
    if full.len() <= ID_LEN {
        return full;
    }
    let mut words: Vec<&str> = Vec::new();
    let mut len = 0;
    for word in full.split('-') {
        if !words.is_empty() && len + 1 + word.len() > ID_LEN {
            break;
        }
        len += word.len() + usize::from(!words.is_empty());
        words.push(word);
    }
    // "…-of-crowds-a" reads as a typo: the cut never ends on a small word.
    while words.len() > 1
        && words.last().is_some_and(|w| {
            ["a", "an", "the", "of", "on", "in", "for", "and", "at", "to"].contains(w)
        })
    {
        words.pop();
    }
    words.join("-")
}

/// `name`, or its first words up to [`SHORT_NAME_LEN`] characters and "…".
fn shorten(name: &str) -> String {
    if name.chars().count() <= SHORT_NAME_LEN {
        return name.to_owned();
    }
    let mut short = String::new();
    for word in name.split_whitespace() {
        if short.chars().count() + word.chars().count() + 1 > SHORT_NAME_LEN {
            break;
        }
        if !short.is_empty() {
            short.push(' ');
        }
        short.push_str(word);
    }
    let trimmed: Vec<&str> = {
        let mut words: Vec<&str> = short.split(' ').collect();
        while words
            .last()
            .is_some_and(|w| loose(w).is_empty() || w.ends_with(','))
            && words.len() > 1
        {
            words.pop();
        }
        words
    };
    format!("{}…", trimmed.join(" ").trim_end_matches([',', ';', ':']))
}

#[cfg(test)]
mod tests;
