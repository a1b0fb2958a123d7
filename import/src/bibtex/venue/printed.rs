//! Reading a venue as sources print it — "SIGIR '21: The 44th International ACM SIGIR
//! Conference on …, Virtual Event, Canada, July 11-15, 2021" — into what recognition compares:
//! the acronyms it prints, the name it prints without decoration, and that name's loose key.
//!
//! Nothing here knows a venue: these are the words of one printed text, sorted by how surely
//! each names the venue.

use crate::names::match_key;

/// Words that look like acronyms but name a publisher, a society, a sponsoring group or a
/// place, never a venue: "ACM" in "Proceedings of the 44th International ACM SIGIR
/// Conference", "SIGSAC" in "ACM SIGSAC Conference on Computer and Communications Security".
const NOT_VENUES: [&str; 34] = [
    "ACM",
    "IEEE",
    "USENIX",
    "IFIP",
    "SIAM",
    "CVF",
    "RAS",
    "RSJ",
    "IACR",
    "EATCS",
    "LNCS",
    "LNAI",
    "CEUR",
    "CEUR-WS",
    "PMLR",
    "LIPIcs",
    "EPTCS",
    "SPIE",
    "SIGPLAN",
    "SIGOPS",
    "SIGSAC",
    "SIGARCH",
    "SIGSOFT",
    "SIGACT",
    "SIGBED",
    "SIGCHI",
    "SIGDA",
    "SIGMICRO",
    "SIGWEB",
    "SIGAI",
    "SIGACCESS",
    "USA",
    "UK",
    "UAE",
];

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

/// An acronym a text prints with a year or in parentheses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dated {
    /// As printed: "NSDI", "USENIX ATC", "ACM MM".
    pub text: String,
    /// Whether it can be a new venue's short name: one acronym followed by a year ("NSDI
    /// 2023", "SIGIR '21"), or a parenthesized group ("(USENIX ATC 24)"); not a pair of words
    /// such as "USENIX Security" that only a known venue can confirm.
    pub clear: bool,
}

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
}

/// Acronyms followed by a year, with where each is printed: "NSDI" in "NSDI 2023",
/// "SIGIR" in "SIGIR '21", and the pair "ACM MM" or "USENIX Security" before the single word.
fn with_years(tokens: &[(usize, &str)], groups: &[(usize, usize, String)]) -> Vec<(usize, Dated)> {
    let mut dated = Vec::new();
    for (i, &(at, raw)) in tokens.iter().enumerate() {
        let (word, year_inside) = word_of(raw);
        let year_next = tokens.get(i + 1).is_some_and(|(_, t)| is_year(t));
        if !(year_inside || year_next) || word.is_empty() || inside_any(groups, at) {
            continue;
        }
        let prev = i
            .checked_sub(1)
            .map(|p| tokens[p].1)
            .filter(|p| !p.ends_with([',', ';', ':', '.']) && !is_year(p))
            .map(core)
            .filter(|p| p.starts_with(|c: char| c.is_uppercase()));
        let word_is = acronym_like(word);
        if let Some(prev) = prev
            && (word_is || acronym_like(prev) || is_not_venue(prev))
        {
            let text = format!("{prev} {word}");
            dated.push((at, Dated { text, clear: false }));
        }
        if word_is {
            let clear = word.len() >= 3;
            dated.push((
                at,
                Dated {
                    text: word.to_owned(),
                    clear,
                },
            ));
        }
    }
    dated
}

/// Acronyms in parentheses, with where each group starts: "(USENIX ATC 24)" gives "USENIX
/// ATC", then "ATC".
fn in_parentheses(plain: &str, groups: &[(usize, usize, String)]) -> Vec<(usize, Dated)> {
    let mut dated = Vec::new();
    for (at, end, content) in groups {
        let mut words: Vec<&str> = content.split_whitespace().map(core).collect();
        while words.last().is_some_and(|w| is_year(w)) {
            words.pop();
        }
        let words: Vec<&str> = words
            .iter()
            .map(|w| split_year(w.split('@').next().unwrap_or(w)).0)
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() || words.len() > 3 || !words.iter().any(|w| acronym_like(w)) {
            continue;
        }
        // "(LLM)" in "Workshop on Large Language Model (LLM) Agents" spells out a phrase;
        // only a group that ends its segment can be the venue's own acronym.
        let ends = plain[end + 1..]
            .chars()
            .find(|c| !c.is_whitespace())
            .is_none_or(|c| matches!(c, ',' | ';' | ':' | '.'));
        if words.len() > 1 {
            let clear = ends
                && words.last().is_some_and(|w| acronym_like(w))
                && words.iter().all(|w| w.starts_with(char::is_uppercase));
            dated.push((
                *at,
                Dated {
                    text: words.join(" "),
                    clear,
                },
            ));
        }
        for w in words.iter().filter(|w| acronym_like(w)) {
            let clear = ends && words.len() == 1;
            dated.push((
                *at,
                Dated {
                    text: (*w).to_owned(),
                    clear,
                },
            ));
        }
    }
    dated
}

/// A token's word and whether a year is stuck to it: "SIGIR'21" → ("SIGIR", true),
/// "MAPL@PLDI" → ("MAPL", false) (the workshop, not its host), "(NSDI" → ("NSDI", false).
fn word_of(raw: &str) -> (&str, bool) {
    let (word, year) = split_year(core(raw));
    (word.split('@').next().unwrap_or(word), year)
}

impl Printed {
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

/// Whether a word reads as an acronym: two capitals or more ("NSDI", "NeurIPS", "SoCC",
/// "3DV", "S&P", "RA-L", "ESEC/FSE"), never "Information", a Roman numeral or a publisher.
pub fn acronym_like(word: &str) -> bool {
    let capitals = word.chars().filter(char::is_ascii_uppercase).count();
    capitals >= 2
        && word.len() <= 20
        && word.starts_with(|c: char| c.is_ascii_alphanumeric())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '&' | '/' | '*'))
        && !word.chars().all(|c| matches!(c, 'I' | 'V' | 'X'))
        && !is_not_venue(word)
}

/// A publisher or society ("ACM"), or a compound of them ("IEEE/CVF", "ACM-SIAM").
fn is_not_venue(word: &str) -> bool {
    word.split(['/', '-'])
        .all(|part| NOT_VENUES.iter().any(|n| n.eq_ignore_ascii_case(part)))
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

fn inside_any(groups: &[(usize, usize, String)], at: usize) -> bool {
    groups.iter().any(|(s, e, _)| *s < at && at < *e)
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

/// Words a venue's name never starts with: what is left when a name is cut at a comma or a
/// colon ("and Software Intensive Systems", "a journal of general linguistics").
const FRAGMENT_STARTS: [&str; 8] = ["and", "&", "a", "an", "of", "on", "or", "for"];

/// Whether `name` starts like the rest of a cut name (lowercase "and", "a", "of", "on", …).
fn is_fragment(name: &str) -> bool {
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
fn name_of(outside: &str) -> Option<String> {
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
            let full = [
                "january",
                "february",
                "march",
                "april",
                "may",
                "june",
                "july",
                "august",
                "september",
                "october",
                "november",
                "december",
            ];
            full.iter().any(|f| f.starts_with(&w)) || w.len() <= 4
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
        GENERIC_WORDS.contains(&w)
            || DECORATION.contains(&w)
            || STOP_WORDS.contains(&w)
            || MORE.contains(&w)
    })
}

/// Words that say what kind of event a venue is (as [`super::candidate`]'s).
const GENERIC_WORDS: [&str; 10] = [
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

/// The segment of `text` around byte `at`.
fn segment_at(text: &str, at: usize) -> &str {
    let is_break = |c: char| matches!(c, ',' | ';' | ':');
    let start = text[..at].rfind(is_break).map_or(0, |i| i + 1);
    let end = text[at..].find(is_break).map_or(text.len(), |i| at + i);
    text[start..end].trim()
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

/// "SIGIR'21" → ("SIGIR", true), "CISIS-2017" → ("CISIS", true); anything else unchanged.
fn split_year(word: &str) -> (&str, bool) {
    if let Some((base, year)) = word.rsplit_once('-')
        && !base.is_empty()
        && year.len() == 4
        && is_year(year)
    {
        return (base, true);
    }
    match word.rfind(['\'', '’']) {
        Some(i) if i > 0 => {
            let after = &word[i + word[i..].chars().next().map_or(1, char::len_utf8)..];
            if after.len() == 2 && after.bytes().all(|b| b.is_ascii_digit()) {
                (&word[..i], true)
            } else {
                (word, false)
            }
        }
        _ => (word, false),
    }
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
