//! The file as a whole: the schema version, the [`Dataset`] root and its settings.

use serde::{Deserialize, Serialize};

use super::skip;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::{Organization, Publication, Researcher, Topic, Venue};

/// The schema version this build reads and writes.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole directory: vocabularies, researchers and the publications they share.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Dataset {
    /// The JSON Schema of this file, for editors (`./researchers.schema.json`); ignored by the app.
    #[serde(rename = "$schema", default, skip_serializing_if = "skip::none")]
    pub schema: Option<String>,
    /// The version of this format; this build reads version 1.
    pub schema_version: u32,
    /// Settings of the directory published from this file.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub config: Option<Config>,
    /// Organizations (universities, companies, labs) that positions, education and facets refer to.
    #[serde(default)]
    pub organizations: Vec<Organization>,
    /// The curated research-topic taxonomy that researchers and publications are tagged with.
    #[serde(default)]
    pub topics: Vec<Topic>,
    /// Publication venues (conferences, journals, preprint servers, blogs).
    #[serde(default)]
    pub venues: Vec<Venue>,
    /// The people in the directory.
    #[serde(default)]
    pub researchers: Vec<Researcher>,
    /// Every publication once; researchers list the ones on their profile by id.
    #[serde(default)]
    pub publications: Vec<Publication>,
}

impl Dataset {
    /// A dataset of this build's format with nothing in it: no settings, no vocabularies, no
    /// records.
    pub fn empty() -> Self {
        Self {
            schema: None,
            schema_version: SCHEMA_VERSION,
            config: None,
            organizations: Vec::new(),
            topics: Vec::new(),
            venues: Vec::new(),
            researchers: Vec::new(),
            publications: Vec::new(),
        }
    }
}

/// Settings of the directory published from a dataset file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Where each profile's "Suggest a correction" links lead: an issue tracker's new-issue
    /// page (`https://github.com/org/repo/issues/new`, given `title` and `body` parameters, or a
    /// URL with `{title}` and `{body}` placeholders) or an address (`mailto:fixes@example.org`).
    /// Without it, profiles show no such link.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub corrections: Option<String>,
    /// The published directory's own address, e.g. `https://lab.example/atlas/`: an absolute
    /// http or https URL with a host and no query or fragment (a missing final `/` is added).
    /// Pre-rendered pages take their canonical links from it, and `sitemap.xml` and
    /// `robots.txt` are written only with it. Without it, pages have no canonical link.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub site_url: Option<String>,
    /// The languages the directory is published in, as codes of the interface's languages
    /// (`en`, `de`, `zh`, `es`, `ar`): the first at the site's root, each other under
    /// `/<code>/`. Without it, English alone. An unknown or repeated code is reported and left
    /// out.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub languages: Option<Vec<String>>,
}

impl Config {
    /// The site's languages, its root's first (English alone when the setting is absent or
    /// names none the interface speaks).
    pub fn site_languages(&self) -> Vec<crate::lang::Lang> {
        let codes = self.languages.iter().flatten();
        let langs: Vec<_> = codes
            .filter_map(|c| crate::lang::Lang::from_code(c))
            .collect();
        if langs.is_empty() {
            vec![crate::lang::Lang::En]
        } else {
            langs
        }
    }
}
