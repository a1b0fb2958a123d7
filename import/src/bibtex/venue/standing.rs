//! What a `journal` or `booktitle` field says besides the venue: a paper's standing
//! ("Under review", "In press at Psychological Science", "European Journal of Personality.
//! Manuscript under review") and stray bracketed text ("… [Best paper award]").
//!
//! Homepages keep their unpublished work in the same list as the rest, and write its standing
//! where the venue goes. A placeholder is never a venue: a paper not yet accepted anywhere
//! ("Under review", "Working Paper", "Submitted to X", "Manuscript in preparation") has no
//! venue and is a preprint, since it is not published in X; one accepted ("In press at X",
//! "To appear in X", "Accepted at X", "X (to appear)") is X's, with a note. Nothing here knows
//! a venue: these are the words of one field.

/// Where a paper stands, as its venue field says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// Nothing said: the field names where it appeared.
    Published,
    /// Accepted, not yet out: the phrase, lowercase ("in press", "to appear").
    Forthcoming(String),
    /// Not accepted anywhere yet ("under review", "in preparation"): the phrase as printed.
    Unpublished(String),
}

/// A venue field, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VenueField {
    /// The venue's text without placeholders and bracketed remarks; `None` when nothing is
    /// left.
    pub text: Option<String>,
    /// What the field says of the paper's standing.
    pub standing: Standing,
    /// Bracketed remarks removed from the text ("Best paper award"), each with whether it
    /// reads as an honour (it names an award or a prize).
    pub remarks: Vec<(String, bool)>,
}

/// Whole phrases that say a paper is not accepted anywhere yet.
const UNPUBLISHED: [&str; 24] = [
    "under review",
    "in review",
    "manuscript under review",
    "manuscript in review",
    "manuscript in preparation",
    "manuscript in prep",
    "in preparation",
    "in prep",
    "submitted",
    "manuscript submitted",
    "submitted manuscript",
    "under submission",
    "working paper",
    "preprint",
    "manuscript",
    "unpublished",
    "unpublished manuscript",
    "draft",
    "work in progress",
    "in progress",
    "under revision",
    "in revision",
    "revise and resubmit",
    "r&r",
];

/// Phrases that open a field naming where a paper is submitted, not published: "Under review
/// at X".
const UNPUBLISHED_AT: [&str; 12] = [
    "manuscript under review at ",
    "manuscript under review in ",
    "under review at ",
    "under review in ",
    "under review for ",
    "submitted to ",
    "submitted at ",
    "in revision at ",
    "under revision at ",
    "revise and resubmit at ",
    "proposal invited for ",
    "invited for full submission",
];

/// Whole phrases that say a paper is accepted but not out yet.
const FORTHCOMING: [&str; 6] = [
    "in press",
    "to appear",
    "forthcoming",
    "accepted",
    "accepted for publication",
    "accepted paper",
];

/// Phrases that open a field naming where an accepted paper will appear: "In press at X".
const FORTHCOMING_AT: [&str; 15] = [
    "accepted to appear in ",
    "in press at ",
    "in press in ",
    "in press, ",
    "to appear in ",
    "to appear at ",
    "to appear, ",
    "forthcoming in ",
    "forthcoming at ",
    "forthcoming, ",
    "accepted at ",
    "accepted in ",
    "accepted to ",
    "accepted for publication in ",
    "accepted for publication at ",
];

impl VenueField {
    /// Reads a venue field's text (plain text, as the reader decoded it).
    pub fn read(raw: &str) -> Self {
        let (text, remarks) = without_brackets(raw);
        let mut standing = Standing::Published;
        let mut kept: Vec<String> = Vec::new();
        for sentence in sentences(&text) {
            match read_sentence(&sentence) {
                Some((Standing::Unpublished(phrase), _)) => {
                    standing = Standing::Unpublished(phrase);
                }
                Some((Standing::Forthcoming(phrase), rest)) => {
                    if !matches!(standing, Standing::Unpublished(_)) {
                        standing = Standing::Forthcoming(phrase);
                    }
                    kept.extend(rest);
                }
                _ => kept.push(sentence),
            }
        }
        let text = match standing {
            Standing::Published => text.trim().to_owned(),
            Standing::Unpublished(_) => String::new(),
            Standing::Forthcoming(_) => kept.join(" "),
        };
        VenueField {
            text: Some(text).filter(|t| !t.trim().is_empty()),
            standing,
            remarks,
        }
    }
}

/// The text without its `[…]` groups, and each group's text with whether it is an honour.
fn without_brackets(raw: &str) -> (String, Vec<(String, bool)>) {
    let mut text = String::with_capacity(raw.len());
    let mut remarks = Vec::new();
    let mut rest = raw;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else {
            break;
        };
        text.push_str(&rest[..open]);
        let inside = rest[open + 1..close].trim();
        if !inside.is_empty() {
            let lower = inside.to_lowercase();
            let honour = ["award", "prize", "best paper", "honorable mention"]
                .iter()
                .any(|w| lower.contains(w));
            remarks.push((inside.to_owned(), honour));
        }
        rest = &rest[close + 1..];
    }
    text.push_str(rest);
    (
        text.split_whitespace().collect::<Vec<_>>().join(" "),
        remarks,
    )
}

/// The sentences of a field, each with its period ("European Journal of Personality.",
/// "Manuscript under review"), and a trailing parenthesized or comma-separated remark as one
/// of its own ("X (to appear)", "X, in press").
fn sentences(text: &str) -> Vec<String> {
    let trimmed = text.trim();
    let split = trimmed
        .strip_suffix(')')
        .and_then(|t| t.rfind('(').map(|at| (&trimmed[..at], &t[at + 1..])))
        .or_else(|| trimmed.rsplit_once(", "))
        .filter(|(before, remark)| is_placeholder(remark) && !before.trim().is_empty());
    let (body, remark) = match split {
        Some((before, remark)) => (before, Some(remark.trim().to_owned())),
        None => (trimmed, None),
    };
    body.split_inclusive(". ")
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .chain(remark)
        .collect()
}

/// Whether a remark is one of the whole placeholder phrases.
fn is_placeholder(remark: &str) -> bool {
    let key = phrase_key(remark);
    UNPUBLISHED.contains(&key.as_str()) || FORTHCOMING.contains(&key.as_str())
}

/// A phrase compared: lowercase, without the punctuation around it.
fn phrase_key(s: &str) -> String {
    s.trim()
        .trim_matches(|c: char| matches!(c, '.' | ',' | ';' | ':' | '(' | ')' | '!'))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The standing a sentence states, and what of it names a venue.
fn read_sentence(sentence: &str) -> Option<(Standing, Option<String>)> {
    let key = phrase_key(sentence);
    let printed = || {
        sentence
            .trim()
            .trim_matches(|c: char| matches!(c, '.' | ',' | '(' | ')'))
            .to_owned()
    };
    if UNPUBLISHED.contains(&key.as_str()) {
        return Some((Standing::Unpublished(printed()), None));
    }
    if UNPUBLISHED_AT.iter().any(|p| key.starts_with(p.trim_end())) {
        return Some((Standing::Unpublished(printed()), None));
    }
    if FORTHCOMING.contains(&key.as_str()) {
        return Some((Standing::Forthcoming(key), None));
    }
    // ASCII case only, so that byte offsets match the sentence's.
    let lower = sentence.trim_start().to_ascii_lowercase();
    let prefix = FORTHCOMING_AT.iter().find(|p| lower.starts_with(*p))?;
    let start = sentence.len() - sentence.trim_start().len();
    let at = start + prefix.len();
    let venue = sentence.get(at..)?.trim();
    // "in press at " → "in press".
    let phrase = prefix
        .trim_end_matches([' ', ','])
        .trim_end_matches(" at")
        .trim_end_matches(" in")
        .trim_end_matches(" to")
        .to_owned();
    Some((
        Standing::Forthcoming(phrase),
        Some(venue.to_owned()).filter(|v| !v.is_empty()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_say_where_a_paper_stands() {
        use Standing::*;
        let un = |s: &str| Unpublished(s.to_owned());
        let fo = |s: &str| Forthcoming(s.to_owned());
        for (raw, text, standing) in [
            (
                "Journal of Examples",
                Some("Journal of Examples"),
                Published,
            ),
            ("J. Ex. Stud.", Some("J. Ex. Stud."), Published),
            ("Under review", None, un("Under review")),
            ("Working Paper", None, un("Working Paper")),
            (
                "Manuscript under review",
                None,
                un("Manuscript under review"),
            ),
            (
                "Manuscript in preparation",
                None,
                un("Manuscript in preparation"),
            ),
            ("In preparation", None, un("In preparation")),
            ("Submitted", None, un("Submitted")),
            ("Preprint", None, un("Preprint")),
            (
                "Manuscript under review at Journal of Examples",
                None,
                un("Manuscript under review at Journal of Examples"),
            ),
            (
                "Journal of Examples. Manuscript under review",
                None,
                un("Manuscript under review"),
            ),
            (
                "Proposal invited for full submission. Example Perspectives. Manuscript in preparation",
                None,
                un("Manuscript in preparation"),
            ),
            ("In press", None, fo("in press")),
            ("To appear", None, fo("to appear")),
            (
                "In press at Example Science",
                Some("Example Science"),
                fo("in press"),
            ),
            (
                "To appear in Journal of Examples",
                Some("Journal of Examples"),
                fo("to appear"),
            ),
            (
                "Accepted at Example Conference",
                Some("Example Conference"),
                fo("accepted"),
            ),
            (
                "Ex. J. Stat. (to appear)",
                Some("Ex. J. Stat."),
                fo("to appear"),
            ),
            (
                "Journal of Examples (Forthcoming)",
                Some("Journal of Examples"),
                fo("forthcoming"),
            ),
        ] {
            let got = VenueField::read(raw);
            assert_eq!(
                (got.text.as_deref(), got.standing),
                (text, standing),
                "{raw}"
            );
        }
    }

    #[test]
    fn bracketed_remarks_leave_the_name() {
        let got = VenueField::read("Example Workshop on Things (EWT) [Best paper award]");
        assert_eq!(
            got.text.as_deref(),
            Some("Example Workshop on Things (EWT)")
        );
        assert_eq!(got.remarks, [("Best paper award".to_owned(), true)]);
        let got = VenueField::read("Example Conference [online]");
        assert_eq!(got.text.as_deref(), Some("Example Conference"));
        assert_eq!(got.remarks, [("online".to_owned(), false)]);
    }
}
