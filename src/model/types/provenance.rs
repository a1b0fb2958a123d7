//! Where a publication's facts came from: the open scholarly sources an importer read
//! ([`Origin`]), the record's id in each, which source gave which field, and citation counts
//! with who counted them and when ([`Citations`]).

use serde::{Deserialize, Serialize};

use crate::lang::Catalogue;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

/// An open scholarly source a record can come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// An ORCID public record.
    Orcid,
    /// dblp, the computer science bibliography.
    Dblp,
    /// OpenAlex, the open catalogue of scholarly works.
    Openalex,
}

impl Origin {
    /// Every source, in the order a merge prefers their bibliographic fields: dblp is curated
    /// by hand, ORCID is what the person claims, OpenAlex is machine-gathered.
    pub const ALL: [Origin; 3] = [Origin::Dblp, Origin::Orcid, Origin::Openalex];

    /// The source's name in the dataset and in reports: `orcid`, `dblp`, `openalex`.
    pub fn key(self) -> &'static str {
        match self {
            Origin::Orcid => "orcid",
            Origin::Dblp => "dblp",
            Origin::Openalex => "openalex",
        }
    }

    /// The source's name as people write it, in `t`'s language: "ORCID", "dblp", "OpenAlex"
    /// (reports and the dataset's tools pass English).
    pub fn label(self, t: &Catalogue) -> &'static str {
        match self {
            Origin::Orcid => t.origins().orcid(),
            Origin::Dblp => t.origins().dblp(),
            Origin::Openalex => t.origins().openalex(),
        }
    }
}

/// Who counted a publication's citations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CitationSource {
    /// OpenAlex's `cited_by_count`.
    Openalex,
    /// Semantic Scholar's citation count.
    SemanticScholar,
    /// Google Scholar's "Cited by".
    GoogleScholar,
    /// Crossref's `is-referenced-by-count`.
    Crossref,
}

impl CitationSource {
    /// The counter's name as people write it, in `t`'s language: "OpenAlex", "Google Scholar".
    pub fn label(self, t: &Catalogue) -> &'static str {
        match self {
            CitationSource::Openalex => t.origins().cited_openalex(),
            CitationSource::SemanticScholar => t.origins().cited_semantic_scholar(),
            CitationSource::GoogleScholar => t.origins().cited_google_scholar(),
            CitationSource::Crossref => t.origins().cited_crossref(),
        }
    }
}

/// How many works cite a publication, by whose count, on which day. Counts differ between
/// counters and grow with time, so a count is never shown without its source and date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Citations {
    /// The number of citing works.
    pub count: u32,
    /// Who counted.
    pub source: CitationSource,
    /// The day it was counted, `YYYY-MM-DD`.
    pub as_of: String,
}

/// The publication fields a source can give, by their names in the dataset: the keys of
/// [`super::Publication::provenance`].
pub const SOURCED_FIELDS: [&str; 17] = [
    "title",
    "authors",
    "type",
    "venue",
    "booktitle",
    "year",
    "month",
    "volume",
    "number",
    "pages",
    "publisher",
    "school",
    "doi",
    "arxiv",
    "links",
    "abstract",
    "citations",
];
