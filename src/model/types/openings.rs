//! Whom a researcher is taking on: [`Openings`], the kinds of people in a small fixed vocabulary
//! ([`OpeningKind`]) with the note, source and date of the statement.
//!
//! An opening is a claim that goes stale, so it keeps where it was read and, when the source
//! says, when it was stated; a statement without a date stays undated rather than getting the
//! day it was copied.

use serde::{Deserialize, Serialize};

use super::skip;
use crate::lang::{Catalogue, fill};

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::PartialDate;

/// Whom a researcher says they are taking on, as their own page states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Openings {
    /// Who they take on, each kind once, e.g. `["phd", "postdoc"]`.
    pub kinds: Vec<OpeningKind>,
    /// What the source says about it (how to apply, what to send), in a sentence or two.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub note: Option<String>,
    /// Where it is stated: a URL, or a source document such as "seeds/003_44a56d475ea15521.txt".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub source: Option<String>,
    /// When the source stated it, when it says.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub stated: Option<PartialDate>,
}

impl Openings {
    /// "Taking PhD students and postdocs": the kinds in vocabulary order, each once, in `t`'s
    /// language.
    pub fn headline(&self, t: &Catalogue) -> String {
        taking_line(t, &self.kinds)
    }

    /// Whether `source` is a web link rather than a document path.
    pub fn source_is_url(&self) -> bool {
        self.source.as_deref().is_some_and(is_url)
    }
}

/// Whether a source is written as a link (`https://…`, `http://…`, `mailto:…`).
fn is_url(source: &str) -> bool {
    let lower = source.trim_start().to_ascii_lowercase();
    ["https://", "http://", "mailto:"]
        .iter()
        .any(|p| lower.starts_with(p))
}

/// "Taking PhD students, postdocs and interns": `kinds` in [`OpeningKind::ALL`] order, each
/// once, joined as a sentence in `t`'s language (its `[openings_text]` separators: English has
/// no comma before "and"); "Taking students" when the list is empty.
pub fn taking_line(t: &Catalogue, kinds: &[OpeningKind]) -> String {
    let o = t.openings_text();
    let phrases: Vec<&str> = OpeningKind::ALL
        .into_iter()
        .filter(|k| kinds.contains(k))
        .map(|k| k.phrase(t))
        .collect();
    let list = match phrases.as_slice() {
        [] => return o.taking_none().to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{}{}{last}", rest.join(o.separator()), o.last_separator()),
    };
    fill(o.taking(), &[("kinds", &list)])
}

/// A kind of person a researcher takes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OpeningKind {
    /// PhD students.
    Phd,
    /// Postdoctoral researchers.
    Postdoc,
    /// Master's students (projects, theses).
    Masters,
    /// Interns, including undergraduate research interns.
    Intern,
    /// Visiting students or researchers.
    Visitor,
}

impl OpeningKind {
    /// Every kind, in the order a line names them.
    pub const ALL: [OpeningKind; 5] = [
        Self::Phd,
        Self::Postdoc,
        Self::Masters,
        Self::Intern,
        Self::Visitor,
    ];

    /// The JSON and URL spelling, e.g. `phd`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Phd => "phd",
            Self::Postdoc => "postdoc",
            Self::Masters => "masters",
            Self::Intern => "intern",
            Self::Visitor => "visitor",
        }
    }

    /// The kind whose [`key`](Self::key) is `key` (ASCII case-insensitive, as URLs are typed).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.key().eq_ignore_ascii_case(key))
    }

    /// The label shown to users, in `t`'s language, e.g. in the "Taking students" facet:
    /// `"PhD students"`.
    pub fn label(self, t: &Catalogue) -> &'static str {
        let o = t.openings_text();
        match self {
            Self::Phd => o.phd(),
            Self::Postdoc => o.postdoc(),
            Self::Masters => o.masters(),
            Self::Intern => o.intern(),
            Self::Visitor => o.visitor(),
        }
    }

    /// The label inside a sentence ("Taking PhD students and postdocs"), in `t`'s language:
    /// `"postdocs"`.
    pub fn phrase(self, t: &Catalogue) -> &'static str {
        let o = t.openings_text();
        match self {
            Self::Phd => o.phd_phrase(),
            Self::Postdoc => o.postdoc_phrase(),
            Self::Masters => o.masters_phrase(),
            Self::Intern => o.intern_phrase(),
            Self::Visitor => o.visitor_phrase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::EN;

    #[test]
    fn keys_round_trip_and_are_the_json_spelling() {
        for k in OpeningKind::ALL {
            assert_eq!(OpeningKind::from_key(k.key()), Some(k));
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                format!("\"{}\"", k.key())
            );
        }
        assert_eq!(OpeningKind::from_key("PhD"), Some(OpeningKind::Phd));
        assert_eq!(OpeningKind::from_key("phd_student"), None);
    }

    #[test]
    fn the_line_names_each_kind_once_in_vocabulary_order() {
        use OpeningKind::*;
        let cases: [(&[OpeningKind], &str); 5] = [
            (&[], "Taking students"),
            (&[Phd], "Taking PhD students"),
            (&[Postdoc, Phd], "Taking PhD students and postdocs"),
            (
                &[Visitor, Phd, Intern, Phd],
                "Taking PhD students, interns and visitors",
            ),
            (&[Masters], "Taking master's students"),
        ];
        for (kinds, want) in cases {
            assert_eq!(taking_line(&EN, kinds), want, "{kinds:?}");
        }
    }

    #[test]
    fn reads_the_documented_shape_and_refuses_unknown_fields() {
        let o: Openings = serde_json::from_str(
            r#"{"kinds": ["phd", "postdoc"], "source": "https://example.org/join", "stated": "2024-06"}"#,
        )
        .unwrap();
        assert_eq!(o.kinds, [OpeningKind::Phd, OpeningKind::Postdoc]);
        assert_eq!(o.stated, Some(PartialDate::month(2024, 6)));
        assert!(o.source_is_url());
        assert_eq!(o.headline(&EN), "Taking PhD students and postdocs");
        assert!(serde_json::from_str::<Openings>(r#"{"kinds": [], "deadline": "x"}"#).is_err());
        assert!(serde_json::from_str::<Openings>(r#"{"kinds": ["professor"]}"#).is_err());
        let doc = Openings {
            source: Some("seeds/003_44a56d475ea15521.txt".into()),
            ..o
        };
        assert!(!doc.source_is_url());
    }

    #[test]
    fn the_line_is_in_the_pages_language() {
        use crate::lang::{AR, DE, ZH};
        use OpeningKind::*;
        let kinds = [Visitor, Phd, Intern];
        assert_eq!(
            taking_line(&DE, &kinds),
            "Nimmt Promovierende, Praktikant:innen und Gäste auf"
        );
        assert_eq!(taking_line(&ZH, &kinds), "招收博士生、实习生和访问学者");
        assert_eq!(
            taking_line(&AR, &[Phd, Postdoc]),
            "فرص متاحة: طلاب الدكتوراه وباحثو ما بعد الدكتوراه"
        );
        assert_eq!(taking_line(&DE, &[]), "Nimmt Studierende auf");
    }
}
