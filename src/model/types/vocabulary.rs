//! The shared vocabularies records refer to by id: organizations, topics and venues.

use serde::{Deserialize, Serialize};

use super::skip;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::translation::{OrgText, Shown, TopicText, Translations, pick};
use super::{OrgId, TopicId, VenueId};

/// What kind of body an organization is; it decides the academia / industry sector facet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OrgKind {
    /// A university or college.
    University,
    /// A company.
    Company,
    /// A research lab or institute (academic or industrial).
    Lab,
    /// A non-profit, society, committee or government body.
    Nonprofit,
}

/// One organization, however the seeds spell it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Organization {
    /// Slug, unique among organizations.
    pub id: OrgId,
    /// Display name, e.g. "University of California, Berkeley".
    pub name: String,
    /// Short name for chips and cards, e.g. "UC Berkeley".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub short_name: Option<String>,
    /// Other spellings found in sources, so search and import recognise them.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub aliases: Vec<String>,
    /// University, company, lab or non-profit.
    pub kind: OrgKind,
    /// ISO 3166-1 alpha-2 country code of its main site, e.g. "US", "GB".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub country: Option<String>,
    /// The organization's own website.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub url: Option<String>,
    /// The name and short name in other languages of `config.languages`, by code.
    #[serde(default, skip_serializing_if = "skip::empty_map")]
    pub translations: Translations<OrgText>,
}

impl Organization {
    /// What cards and charts call it: the short name when there is one (`"UC Berkeley"`).
    pub fn label(&self) -> &str {
        self.short_name.as_deref().unwrap_or(&self.name)
    }

    /// The name a page in `lang` shows: its translation, else the dataset's own.
    pub fn name_in(&self, lang: &str) -> Shown<'_> {
        pick(
            &self.translations,
            lang,
            |t| t.name.as_ref(),
            Some(&self.name),
        )
        .unwrap_or(Shown::own(&self.name))
    }

    /// The label a page in `lang` shows: the short name in `lang`, else the dataset's short
    /// name (an abbreviation is often the same in every language), else the name in `lang`.
    pub fn label_in(&self, lang: &str) -> Shown<'_> {
        pick(
            &self.translations,
            lang,
            |t| t.short_name.as_ref(),
            self.short_name.as_deref(),
        )
        .unwrap_or_else(|| self.name_in(lang))
    }
}

/// One entry of the topic taxonomy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Topic {
    /// Slug, unique among topics.
    pub id: TopicId,
    /// Display name, e.g. "LLM serving".
    pub name: String,
    /// One line on what the topic covers.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub description: Option<String>,
    /// The name in other languages of `config.languages`, by code.
    #[serde(default, skip_serializing_if = "skip::empty_map")]
    pub translations: Translations<TopicText>,
}

impl Topic {
    /// The name a page in `lang` shows: its translation, else the dataset's own.
    pub fn name_in(&self, lang: &str) -> Shown<'_> {
        pick(
            &self.translations,
            lang,
            |t| t.name.as_ref(),
            Some(&self.name),
        )
        .unwrap_or(Shown::own(&self.name))
    }
}

/// What kind of outlet a venue is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum VenueKind {
    /// A peer-reviewed conference.
    Conference,
    /// A journal or magazine.
    Journal,
    /// A workshop.
    Workshop,
    /// A preprint server such as arXiv.
    Preprint,
    /// A blog or other web publication.
    Blog,
}

/// A publication venue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Venue {
    /// Slug, unique among venues.
    pub id: VenueId,
    /// Short name as people say it, e.g. "NSDI".
    pub short_name: String,
    /// Full name, e.g. "USENIX Symposium on Networked Systems Design and Implementation".
    pub name: String,
    /// Conference, journal, workshop, preprint server or blog.
    pub kind: VenueKind,
    /// Other spellings found in sources ("International Conference on Learning
    /// Representations (ICLR)"), so importers file them under this venue.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub aliases: Vec<String>,
    /// The venue's dblp key, e.g. `conf/nsdi` or `journals/pvldb`.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub dblp: Option<String>,
}
