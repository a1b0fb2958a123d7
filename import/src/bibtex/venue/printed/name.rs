//! The whole name a printed venue gives, as a new venue would take it: its parts each without
//! the places, dates, labels, editions and "Proceedings" around the name, nothing cut inside it.

use super::acronyms::{acronym_like, is_not_venue, word_of};
use super::{DECORATION, LEADING, STOP_WORDS, clean, core, is_numbered, is_ordinal_word, is_year};
use crate::bibtex::text::MONTH_NAMES;
use crate::names::match_key;

/// Words that say what kind of event or publication a venue is, not which one: a bare
/// acronym's text may add them freely.
pub(crate) const GENERIC: [&str; 10] = [
    "conference",
    "symposium",
    "workshop",
    "meeting",
    "journal",
    "transactions",
    "letters",
    "proceedings",
    "international",
    "annual",
];

/// Words a venue's name never starts with: what is left when a name is cut at a comma or a
/// colon ("and Software Intensive Systems", "a journal of general linguistics").
const FRAGMENT_STARTS: [&str; 8] = ["and", "&", "a", "an", "of", "on", "or", "for"];

/// Whether `name` starts like the rest of a cut name (lowercase "and", "a", "of", "on", …).
pub(super) fn is_fragment(name: &str) -> bool {
    name.split_whitespace()
        .next()
        .is_some_and(|w| FRAGMENT_STARTS.contains(&w))
}

/// Words of a venue's name, never of a place: a segment holding one is no place.
const VENUE_WORDS: [&str; 16] = [
    "conference",
    "symposium",
    "workshop",
    "workshops",
    "meeting",
    "journal",
    "transactions",
    "letters",
    "proceedings",
    "review",
    "congress",
    "forum",
    "colloquium",
    "series",
    "track",
    "school",
];

/// The name a printed venue gives, whole: its parts (between colons and spaced dashes) each
/// without the places, dates, years, editions and "Proceedings" that trail it ([`part_name`]);
/// a part that is only a label ("SIGIR '21", "ECCV 2020") or generic ("16th European
/// Conference", "Proceedings") left out; of the rest, a later part that opens with an edition
/// ("Advances in Information Retrieval - 43rd European Conference on IR Research") is the
/// event's own name, else the parts stay together ("Glossa: a journal of general
/// linguistics", "Robotics: Science and Systems"). Nothing is cut inside a name. `None` when
/// every part is decoration.
pub(super) fn name_of(outside: &str) -> Option<String> {
    // "…, Location: Montreal, Canada": the rest is where it was held.
    let lower = outside.to_ascii_lowercase();
    let outside = match lower.find("location:") {
        Some(at) if at > 0 => &outside[..at],
        _ => outside,
    };
    let mut parts: Vec<(&str, String)> = Vec::new();
    let mut separator = "";
    let mut rest = outside;
    loop {
        let next = [":", " - ", " – ", " — "]
            .iter()
            .filter_map(|sep| rest.find(sep).map(|at| (at, *sep)))
            .min_by_key(|(at, _)| *at);
        let (piece, sep) = match next {
            Some((at, sep)) => (&rest[..at], Some((at, sep))),
            None => (rest, None),
        };
        if let Some(name) = part_name(piece) {
            parts.push((separator, name));
        }
        match sep {
            Some((at, sep)) => {
                separator = if sep == ":" { ": " } else { sep };
                rest = &rest[at + sep.len()..];
            }
            None => break,
        }
    }
    let mut kept: Vec<&(&str, String)> = Vec::new();
    for part in &parts {
        // "The Semantic Web: ESWC 2014 Satellite Events: ESWC 2014 Satellite Events".
        let repeated = kept.iter().any(|(_, n)| match_key(n) == match_key(&part.1));
        if !is_generic(&part.1) && !repeated {
            kept.push(part);
        }
    }
    if kept.is_empty() {
        return None;
    }
    if let Some((_, edition)) = kept.iter().skip(1).find(|(_, n)| opens_with_edition(n)) {
        return Some(clean(edition)).filter(|n| !n.is_empty());
    }
    let mut joined = String::new();
    for (i, (sep, name)) in kept.iter().enumerate() {
        if i > 0 {
            joined.push_str(if sep.is_empty() { ": " } else { sep });
        }
        joined.push_str(name);
    }
    Some(clean(&joined)).filter(|n| !n.is_empty())
}

/// One part of a printed venue (between colons and spaced dashes) without what trails its
/// name: split at commas and semicolons, a list's items kept together ("Communication,
/// Control, and Computing"); leading labels and years left out ("ICRA2022, workshop on …");
/// the name ends at the first segment that is a label, a date, a year, "Proceedings", a
/// volume or a place word ("Virtual Event"), and places just before it ("Boston, MA") go with
/// it. IEEE's inverted title ("Communications, 2017 IEEE International Conference on") is put
/// back in order; a later segment opening with an edition ("IEEE Publications, 13th
/// International Conference on …") starts the name. `None` when nothing is left.
fn part_name(part: &str) -> Option<String> {
    let mut segments: Vec<String> = Vec::new();
    for raw in part.split([',', ';']) {
        let seg = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if seg.is_empty() {
            continue;
        }
        let continues = ["and ", "& ", "or "]
            .iter()
            .any(|w| seg.to_lowercase().starts_with(w));
        if continues && !segments.is_empty() {
            // The list's items are the short segments before this one, and the one before
            // them: "… on Communication, Control, and Computing".
            let mut start = segments.len() - 1;
            while start > 0 && segments[start].split_whitespace().count() <= 3 {
                start -= 1;
            }
            let mut item = segments.drain(start..).collect::<Vec<_>>();
            item.push(seg);
            segments.push(item.join(", "));
        } else {
            segments.push(seg);
        }
    }
    let start = segments.iter().position(|s| !is_trailing(s))?;
    let mut end = segments[start..]
        .iter()
        .position(|s| is_trailing(s))
        .map_or(segments.len(), |i| start + i);
    while end - start > 1 && is_place(&segments[end - 1]) {
        end -= 1;
    }
    let mut name: Vec<&str> = segments[start..end].iter().map(String::as_str).collect();
    let inverted = name.len() > 1
        && name.last().is_some_and(|s| {
            let last = s.rsplit(' ').next().unwrap_or("");
            ["on", "of", "for", "in"].contains(&last)
        });
    if inverted {
        let last = name.pop().expect("two segments or more");
        return Some(format!("{last} {}", name.join(", ")));
    }
    if let Some(i) = name.iter().skip(1).position(|s| opens_with_edition(s)) {
        name.drain(..=i);
    }
    Some(name.join(", "))
}

/// A segment that ends a name: a label of acronyms and years ("NSDI 2023", "SIGIR '21",
/// "ICCCN"), a year or a date ("April 17-19", "10-14 September 2023"), "Proceedings", a
/// volume ("Part I", "Volume 2"), or where it was held ("Virtual Event", "Online").
fn is_trailing(segment: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let words: Vec<&str> = segment.split_whitespace().collect();
    let lower = segment.to_lowercase();
    let label = words.iter().all(|w| {
        let (word, year) = word_of(w);
        let word = word
            .rsplit_once('-')
            .filter(|(_, n)| n.bytes().all(|b| b.is_ascii_digit()))
            .map_or(word, |(w, _)| w);
        year || is_year(w) || acronym_like(word) || is_not_venue(word)
    }) && words.iter().any(|w| !is_not_venue(core(w)));
    let month = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase();
        w.len() >= 3 && MONTHS.iter().any(|m| w.starts_with(m)) && {
            MONTH_NAMES.iter().any(|f| f.starts_with(&w)) || w.len() <= 4
        }
    };
    let date = words.iter().any(|w| month(w))
        && words.iter().any(|w| w.bytes().any(|b| b.is_ascii_digit()))
        && words.len() <= 5;
    let numbers = words
        .iter()
        .all(|w| w.chars().all(|c| c.is_ascii_digit() || "-–/.".contains(c)));
    let volume = matches!(
        words.first().map(|w| w.to_lowercase()).as_deref(),
        Some("part" | "volume" | "vol." | "vol")
    ) && words.len() == 2
        && !words[1]
            .chars()
            .all(|c| c.is_ascii_uppercase() && !"IVX".contains(c));
    let proceedings = lower.starts_with("proceedings") && words.len() <= 3
        || lower == "revised selected papers"
        || lower == "selected papers";
    let place = ["virtual", "online", "hybrid"]
        .iter()
        .any(|p| lower.starts_with(p))
        && words.len() <= 3;
    // "Data Track", "Practice Track": a part of the program, not of the name.
    let track = words.len() <= 3 && lower.ends_with(" track");
    label || date || numbers || volume || proceedings || place || track
}

/// A segment that can only be a place: one to three capitalized words ("Boston", "MA",
/// "New York", "Queensland") with no word of a venue's name.
fn is_place(segment: &str) -> bool {
    let words: Vec<&str> = segment.split_whitespace().collect();
    (1..=3).contains(&words.len())
        && words.iter().all(|w| {
            w.starts_with(|c: char| c.is_uppercase())
                && !VENUE_WORDS.contains(&w.to_lowercase().as_str())
                && !w.chars().any(|c| c.is_ascii_digit())
        })
        && !matches!(words[0], "Series" | "Section" | "Part")
}

/// Whether a name opens with an edition ("43rd European Conference …", "Proceedings of the
/// 11th International Conference on …", "The Eleventh …"), after "Proceedings of the" and a
/// year: the name of one event, not of a book or a series.
fn opens_with_edition(name: &str) -> bool {
    let mut words = name
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
                .to_lowercase()
        })
        .skip_while(|w| LEADING.contains(&w.as_str()))
        .peekable();
    if words.peek().is_some_and(|w| is_year(w)) {
        words.next();
    }
    words
        .next()
        .is_some_and(|w| is_numbered(&w) || is_ordinal_word(&w))
}

/// A part that names no venue of its own: only generic words once editions and years are
/// gone ("16th European Conference", "Proceedings", "International Workshops").
fn is_generic(name: &str) -> bool {
    const MORE: [&str; 10] = [
        "european",
        "asian",
        "american",
        "joint",
        "satellite",
        "events",
        "papers",
        "workshops",
        "companion",
        "proceedings",
    ];
    let key = match_key(&clean(name));
    key.split(' ').filter(|w| !w.is_empty()).all(|w| {
        GENERIC.contains(&w)
            || DECORATION.contains(&w)
            || STOP_WORDS.contains(&w)
            || MORE.contains(&w)
    })
}
