//! Texts a dataset gives in more than its own language (the first of `config.languages`): a
//! researcher's title and summary, an organization's name and short name, a topic's name. Each
//! record keys them by language code, `"translations": {"de": {"summary": "…"}}`; a page in a
//! language the record has no text for shows the dataset's own, which the view marks with the
//! dataset's `lang` ([`Shown::translated`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::skip;

/// A record's texts in other languages, by language code (`"de"`).
pub type Translations<T> = BTreeMap<String, T>;

/// A researcher's title and summary in another language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ResearcherText {
    /// The title, e.g. "Doktorandin".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub title: Option<String>,
    /// The summary.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub summary: Option<String>,
}

/// An organization's names in another language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OrgText {
    /// The display name, e.g. "Universität Edinburgh".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub name: Option<String>,
    /// The short name for chips and cards.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub short_name: Option<String>,
}

/// A topic's name in another language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TopicText {
    /// The name, e.g. "LLM-Bereitstellung".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub name: Option<String>,
}

/// A text as a page in some language shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown<'a> {
    /// The text.
    pub text: &'a str,
    /// Whether it is in the page's language: the record's translation, or the dataset's own
    /// text on a page in the dataset's own language. Otherwise the view marks it with the
    /// dataset's `lang`.
    pub translated: bool,
}

impl<'a> Shown<'a> {
    /// The dataset's own text.
    pub fn own(text: &'a str) -> Self {
        Self {
            text,
            translated: false,
        }
    }

    /// The `lang` a view gives the text on a page in `page` of a dataset in `own`: `own` when
    /// the text is the dataset's and the page speaks another language, else none (it is the
    /// page's).
    pub fn lang(&self, page: &str, own: &'static str) -> Option<&'static str> {
        (!self.translated && page != own).then_some(own)
    }
}

/// The text `field` picks from `lang`'s translation, else the dataset's own `fallback`.
pub(super) fn pick<'a, T>(
    translations: &'a Translations<T>,
    lang: &str,
    field: impl Fn(&'a T) -> Option<&'a String>,
    fallback: Option<&'a str>,
) -> Option<Shown<'a>> {
    match translations.get(lang).and_then(field) {
        Some(text) => Some(Shown {
            text,
            translated: true,
        }),
        None => fallback.map(Shown::own),
    }
}
