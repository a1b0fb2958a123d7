//! The acronyms a printed venue holds, sorted by how surely each names the venue: printed with
//! a year ("NSDI 2023", "SIGIR '21") or in parentheses ("(USENIX ATC 24)"), or standing bare;
//! never a publisher, a society or a sponsoring group ("ACM", "SIGPLAN").

use super::{core, is_year};

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

/// Acronyms followed by a year, with where each is printed: "NSDI" in "NSDI 2023",
/// "SIGIR" in "SIGIR '21", and the pair "ACM MM" or "USENIX Security" before the single word.
pub(super) fn with_years(
    tokens: &[(usize, &str)],
    groups: &[(usize, usize, String)],
) -> Vec<(usize, Dated)> {
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
pub(super) fn in_parentheses(
    plain: &str,
    groups: &[(usize, usize, String)],
) -> Vec<(usize, Dated)> {
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
pub(super) fn word_of(raw: &str) -> (&str, bool) {
    let (word, year) = split_year(core(raw));
    (word.split('@').next().unwrap_or(word), year)
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
pub(super) fn is_not_venue(word: &str) -> bool {
    word.split(['/', '-'])
        .all(|part| NOT_VENUES.iter().any(|n| n.eq_ignore_ascii_case(part)))
}

fn inside_any(groups: &[(usize, usize, String)], at: usize) -> bool {
    groups.iter().any(|(s, e, _)| *s < at && at < *e)
}

/// The segment of `text` around byte `at`.
pub(super) fn segment_at(text: &str, at: usize) -> &str {
    let is_break = |c: char| matches!(c, ',' | ';' | ':');
    let start = text[..at].rfind(is_break).map_or(0, |i| i + 1);
    let end = text[at..].find(is_break).map_or(text.len(), |i| at + i);
    text[start..end].trim()
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
