//! Finding an entry's venue in the vocabulary, or describing a new one.
//!
//! Sources name venues every which way: dblp writes "20th USENIX Symposium on Networked Systems
//! Design and Implementation, NSDI 2023, Boston, MA, April 17-19, 2023", Google Scholar
//! "… (NSDI 23)", ACM "Proceedings of the ACM SIGCOMM 2023 Conference". The rules, in order:
//! the whole text equals a venue's name or short name; a number field such as `OOPSLA` names
//! it; for proceedings, a short name or full name appears inside the text; the dblp key's stream
//! (`DBLP:conf/nsdi/…`) names it. Journals must match exactly, so "Nature Communications" is
//! never taken for "Nature". When nothing matches, a new venue is derived from the text.

use research_atlas::model::{Venue, VenueId, VenueKind};

use crate::names::{match_key, slug, unique};

/// What an entry says about where it appeared.
#[derive(Debug, Clone, PartialEq)]
pub struct VenueHint {
    /// The booktitle or journal as printed.
    pub text: Option<String>,
    /// The `number` field, which dblp uses for PACMPL issues such as "OOPSLA".
    pub number: Option<String>,
    /// The venue segment of a dblp key: `nsdi` in `DBLP:conf/nsdi/…`.
    pub dblp_stream: Option<String>,
    /// The kind a new venue gets (from the entry type).
    pub kind: VenueKind,
}

/// The venue an entry appeared at: one from the vocabulary, or one to add.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved {
    /// An existing venue.
    Existing(VenueId),
    /// A venue to add to the vocabulary.
    New(Venue),
}

/// dblp streams whose name differs from the venue's usual short name.
const DBLP_STREAMS: [(&str, &str); 5] = [
    ("nips", "NeurIPS"),
    ("usenix", "USENIX ATC"),
    ("mm", "ACM MM"),
    ("cloud", "SoCC"),
    ("software", "IEEE Software"),
];

/// Names that Google Scholar and dblp print for venues whose vocabulary name differs, as a
/// prefix of the printed text, with the venue's usual short name.
const KNOWN_NAMES: [(&str, &str); 6] = [
    (
        "Advances in Neural Information Processing Systems",
        "NeurIPS",
    ),
    ("Proceedings of Machine Learning and Systems", "MLSys"),
    ("Proc. VLDB Endow.", "PVLDB"),
    ("J. Mach. Learn. Res.", "JMLR"),
    ("IEEE Softw.", "IEEE Software"),
    ("IEEE Robotics Autom. Lett.", "RA-L"),
];

/// Publisher and society names that look like acronyms but never name a venue.
const NOT_VENUES: [&str; 8] = [
    "ACM", "IEEE", "USENIX", "IFIP", "SIAM", "LNCS", "CEUR", "PMLR",
];

/// The vocabulary venue that `hint` names, or a new venue derived from its text.
pub fn resolve(venues: &[Venue], hint: &VenueHint) -> Option<Resolved> {
    find(venues, hint)
        .map(|v| Resolved::Existing(v.id.clone()))
        .or_else(|| derive(venues, hint).map(Resolved::New))
}

/// The arXiv venue, from the vocabulary or new.
pub fn arxiv(venues: &[Venue]) -> Resolved {
    venues
        .iter()
        .find(|v| v.kind == VenueKind::Preprint && match_key(&v.short_name) == "arxiv")
        .map(|v| Resolved::Existing(v.id.clone()))
        .unwrap_or_else(|| {
            Resolved::New(Venue {
                id: VenueId(unique("arxiv", |s| venues.iter().any(|v| v.id.0 == s))),
                short_name: "arXiv".into(),
                name: "arXiv".into(),
                kind: VenueKind::Preprint,
                aliases: Vec::new(),
                dblp: None,
            })
        })
}

fn find<'a>(venues: &'a [Venue], hint: &VenueHint) -> Option<&'a Venue> {
    let named = |text: &str| {
        let key = match_key(text);
        venues
            .iter()
            .find(|v| key == match_key(&v.name) || key == match_key(&v.short_name) || key == v.id.0)
    };
    if let Some(v) = hint.text.as_deref().and_then(named) {
        return Some(v);
    }
    if let Some(v) = hint.number.as_deref().and_then(named) {
        return Some(v);
    }
    let known = hint.text.as_deref().and_then(|t| {
        let key = format!("{} ", match_key(t));
        KNOWN_NAMES
            .iter()
            .find(|(name, _)| key.starts_with(&format!("{} ", match_key(name))))
    });
    if let Some(v) = known.and_then(|(_, short)| {
        venues
            .iter()
            .find(|v| compact(&v.short_name) == compact(short))
    }) {
        return Some(v);
    }
    if hint.kind != VenueKind::Journal
        && let Some(v) = hint.text.as_deref().and_then(|t| inside(venues, t))
    {
        return Some(v);
    }
    let stream = hint.dblp_stream.as_deref()?;
    let wanted = DBLP_STREAMS
        .iter()
        .find(|(s, _)| *s == stream)
        .map_or(stream.to_owned(), |(_, short)| compact(short));
    venues
        .iter()
        .find(|v| compact(&v.short_name) == wanted || compact(&v.id.0) == wanted)
}

/// Letters and digits only: `RA-L` → `ral`.
fn compact(s: &str) -> String {
    match_key(s).replace(' ', "")
}

/// The venue whose short name (as a run of whole words) or full name appears in `text`; the
/// longest wins, and a tie between two venues is no match.
fn inside<'a>(venues: &'a [Venue], text: &str) -> Option<&'a Venue> {
    let words = format!(" {} ", match_key(text));
    let mut best: Option<(usize, &Venue)> = None;
    let mut tie = false;
    for v in venues {
        let short = match_key(&v.short_name);
        // A one-word short name must also be spelled alike ("CASE", not "case").
        let short_hit = !short.is_empty()
            && words.contains(&format!(" {short} "))
            && (short.contains(' ') || text.contains(&v.short_name));
        let name = match_key(&v.name);
        let name_hit = name.split(' ').count() >= 3 && words.contains(&format!(" {name} "));
        let len = match (short_hit, name_hit) {
            (_, true) => name.len(),
            (true, false) => short.len(),
            (false, false) => continue,
        };
        match best {
            Some((l, b)) if l == len && b.id != v.id => tie = true,
            Some((l, _)) if l >= len => {}
            _ => {
                best = Some((len, v));
                tie = false;
            }
        }
    }
    best.filter(|_| !tie).map(|(_, v)| v)
}

/// A new venue from the printed text: the acronym before a year as the short name ("NSDI" in
/// "…, NSDI 2023, Boston" or "(NSDI 23)"), the text before it without "Proceedings of the",
/// edition or year as the name.
fn derive(venues: &[Venue], hint: &VenueHint) -> Option<Venue> {
    let text = hint.text.as_deref()?.trim();
    if text.is_empty() {
        return None;
    }
    let (short, cut) = acronym(text).map_or((None, text.len()), |(a, at)| (Some(a), at));
    let name = strip_edition(text[..cut].trim_end_matches([' ', ',', '(', ';', ':', '-']));
    let short = short.unwrap_or_else(|| name.clone());
    // "Proceedings of the ACM SoCC '23" leaves only "ACM": keep the acronym with it.
    let name = match name.split_whitespace().count() {
        0 => short.clone(),
        1 if name != short => format!("{name} {short}"),
        _ => name,
    };
    let base = slug(&short);
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
        aliases: Vec::new(),
        dblp: None,
    })
}

/// The first acronym followed by a year — `NSDI 2023`, `(NSDI 23)`, `SoCC '23`, `MAPL@PLDI
/// 2018` — and the byte offset where the name part before it ends.
fn acronym(text: &str) -> Option<(String, usize)> {
    let tokens: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
        .collect();
    tokens.windows(2).find_map(|w| {
        let ((at, word), (_, next)) = (w[0], w[1]);
        let word = word.trim_start_matches('(').trim_end_matches(',');
        let word = word.split('@').next().unwrap_or(word);
        let year = next.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        let is_year = matches!(year.len(), 2 | 4) && year.bytes().all(|b| b.is_ascii_digit());
        let capitals = word.chars().filter(char::is_ascii_uppercase).count();
        let is_acronym = capitals >= 2
            && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !NOT_VENUES.contains(&word);
        if !(is_year && is_acronym) {
            return None;
        }
        // Inside an open parenthesis the whole group is the short name: "(USENIX ATC 24)".
        let word_end = at + w[0].1.len();
        match text[..at].rfind('(') {
            Some(open) if !text[open..at].contains(')') => {
                let short = text[open + 1..word_end].trim_end_matches(',').trim();
                Some((short.to_owned(), open))
            }
            _ => Some((word.to_owned(), at)),
        }
    })
}

/// Drops "Proceedings of the", a leading year and an edition ("20th", "2nd") from a name.
fn strip_edition(name: &str) -> String {
    let mut rest = name.trim();
    for prefix in [
        "proceedings of the ",
        "proceedings of ",
        "proc. of the ",
        "proc. ",
    ] {
        if rest.len() >= prefix.len() && rest[..prefix.len()].eq_ignore_ascii_case(prefix) {
            rest = &rest[prefix.len()..];
            break;
        }
    }
    while let Some((first, after)) = rest.split_once(' ') {
        let digits = first.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let suffix = &first[digits.len()..];
        let numeric = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        if !(numeric && ["", "st", "nd", "rd", "th"].contains(&suffix)) {
            break;
        }
        rest = after;
    }
    rest.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocabulary() -> Vec<Venue> {
        [
            (
                "nsdi",
                "NSDI",
                "USENIX Symposium on Networked Systems Design and Implementation",
                VenueKind::Conference,
            ),
            (
                "usenix-atc",
                "USENIX ATC",
                "USENIX Annual Technical Conference",
                VenueKind::Conference,
            ),
            (
                "sigcomm",
                "SIGCOMM",
                "ACM SIGCOMM Conference",
                VenueKind::Conference,
            ),
            (
                "iclr",
                "ICLR",
                "International Conference on Learning Representations",
                VenueKind::Conference,
            ),
            (
                "neurips",
                "NeurIPS",
                "Conference on Neural Information Processing Systems",
                VenueKind::Conference,
            ),
            (
                "case",
                "CASE",
                "IEEE International Conference on Automation Science and Engineering",
                VenueKind::Conference,
            ),
            (
                "oopsla",
                "OOPSLA",
                "Proceedings of the ACM on Programming Languages (OOPSLA)",
                VenueKind::Journal,
            ),
            (
                "mapl",
                "MAPL",
                "ACM SIGPLAN International Workshop on Machine Learning and Programming Languages",
                VenueKind::Workshop,
            ),
            (
                "ra-l",
                "RA-L",
                "IEEE Robotics and Automation Letters",
                VenueKind::Journal,
            ),
            ("nature", "Nature", "Nature", VenueKind::Journal),
            (
                "arxiv",
                "arXiv",
                "arXiv preprint server",
                VenueKind::Preprint,
            ),
        ]
        .into_iter()
        .map(|(id, short, name, kind)| Venue {
            id: VenueId(id.into()),
            short_name: short.into(),
            name: name.into(),
            kind,
            aliases: Vec::new(),
            dblp: None,
        })
        .collect()
    }

    fn hint(text: &str, kind: VenueKind) -> VenueHint {
        VenueHint {
            text: Some(text.into()),
            number: None,
            dblp_stream: None,
            kind,
        }
    }

    fn existing(id: &str) -> Option<Resolved> {
        Some(Resolved::Existing(VenueId(id.into())))
    }

    #[test]
    fn printed_venues_find_the_vocabulary_entry() {
        let v = vocabulary();
        let c = VenueKind::Conference;
        for (text, want) in [
            (
                "20th {USENIX} Symposium on Networked Systems Design and Implementation, NSDI 2023, Boston, MA, April 17-19, 2023",
                "nsdi",
            ),
            (
                "20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)",
                "nsdi",
            ),
            (
                "2024 USENIX Annual Technical Conference (USENIX ATC 24)",
                "usenix-atc",
            ),
            ("Proceedings of the ACM SIGCOMM 2023 Conference", "sigcomm"),
            (
                "International Conference on Learning Representations",
                "iclr",
            ),
            (
                "8th International Conference on Learning Representations, ICLR 2020, Addis Ababa, Ethiopia, April 26-30, 2020",
                "iclr",
            ),
            (
                "Proceedings of the 2nd ACM SIGPLAN International Workshop on Machine Learning and Programming Languages, MAPL@PLDI 2018",
                "mapl",
            ),
            (
                "17th IEEE International Conference on Automation Science and Engineering, CASE 2021",
                "case",
            ),
        ] {
            assert_eq!(resolve(&v, &hint(text, c)), existing(want), "{text}");
        }
        assert_eq!(
            resolve(&v, &hint("Nature", VenueKind::Journal)),
            existing("nature")
        );
        assert_eq!(
            resolve(
                &v,
                &hint("IEEE Robotics and Automation Letters", VenueKind::Journal)
            ),
            existing("ra-l")
        );
    }

    #[test]
    fn numbers_and_dblp_streams_name_venues() {
        let v = vocabulary();
        let pacmpl = VenueHint {
            text: Some("Proc. ACM Program. Lang.".into()),
            number: Some("OOPSLA".into()),
            dblp_stream: Some("pacmpl".into()),
            kind: VenueKind::Journal,
        };
        assert_eq!(resolve(&v, &pacmpl), existing("oopsla"));
        let ral = VenueHint {
            text: Some("IEEE Robotics Autom. Lett.".into()),
            number: None,
            dblp_stream: Some("ral".into()),
            kind: VenueKind::Journal,
        };
        assert_eq!(resolve(&v, &ral), existing("ra-l"));
        let nips = VenueHint {
            text: Some("Advances in Neural Information Processing Systems 34".into()),
            number: None,
            dblp_stream: Some("nips".into()),
            kind: VenueKind::Conference,
        };
        assert_eq!(resolve(&v, &nips), existing("neurips"));
        let scholar = hint(
            "Advances in Neural Information Processing Systems",
            VenueKind::Conference,
        );
        assert_eq!(resolve(&v, &scholar), existing("neurips"));
    }

    #[test]
    fn a_lookalike_journal_or_lowercase_word_is_not_a_match() {
        let v = vocabulary();
        let Some(Resolved::New(venue)) =
            resolve(&v, &hint("Nature Communications", VenueKind::Journal))
        else {
            panic!("Nature Communications is not Nature");
        };
        assert_eq!(venue.id.0, "nature-communications");
        assert_eq!(venue.short_name, "Nature Communications");
        let Some(Resolved::New(_)) = resolve(
            &v,
            &hint("A case for things, HotOS 2023", VenueKind::Workshop),
        ) else {
            panic!("\"case\" is not CASE");
        };
    }

    #[test]
    fn new_venues_take_the_acronym_and_a_clean_name() {
        let v = vocabulary();
        for (text, id, short, name) in [
            (
                "Proceedings of the 30th Symposium on Operating Systems Principles, SOSP 2024, Austin, TX, USA, November 4-6, 2024",
                "sosp",
                "SOSP",
                "Symposium on Operating Systems Principles",
            ),
            (
                "18th USENIX Symposium on Operating Systems Design and Implementation (OSDI 24)",
                "osdi",
                "OSDI",
                "USENIX Symposium on Operating Systems Design and Implementation",
            ),
            (
                "Proceedings of the ACM SoCC '23",
                "socc",
                "SoCC",
                "ACM SoCC",
            ),
            (
                "2025 USENIX Annual Conference on Things (USENIX ACT 25)",
                "usenix-act",
                "USENIX ACT",
                "USENIX Annual Conference on Things",
            ),
            (
                "Workshop on Hot Topics in Things",
                "workshop-on-hot-topics-in-things",
                "Workshop on Hot Topics in Things",
                "Workshop on Hot Topics in Things",
            ),
        ] {
            let Some(Resolved::New(venue)) = resolve(&v, &hint(text, VenueKind::Conference)) else {
                panic!("{text} matched an existing venue");
            };
            assert_eq!(
                (
                    venue.id.0.as_str(),
                    venue.short_name.as_str(),
                    venue.name.as_str()
                ),
                (id, short, name),
                "{text}"
            );
        }
    }

    #[test]
    fn arxiv_is_found_or_added() {
        assert_eq!(
            arxiv(&vocabulary()),
            Resolved::Existing(VenueId("arxiv".into()))
        );
        let Resolved::New(v) = arxiv(&[]) else {
            panic!("no vocabulary")
        };
        assert_eq!((v.id.0.as_str(), v.kind), ("arxiv", VenueKind::Preprint));
    }
}
