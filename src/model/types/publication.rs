//! Publications: their type, their authors and the [`Publication`] record, stored once however
//! many directory members wrote it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::skip;
use crate::lang::Catalogue;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::{Citations, Link, OrgId, Origin, PublicationId, ResearcherId, TopicId, VenueId};

/// What kind of publication an entry is; decides BibTeX entry types and the type facet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum PublicationType {
    /// A paper in conference proceedings.
    Conference,
    /// A journal or magazine article.
    Journal,
    /// A workshop paper, or a paper in a competition track.
    Workshop,
    /// A preprint (arXiv) or technical report.
    Preprint,
    /// A doctoral or master's thesis.
    Thesis,
    /// A blog post.
    Blog,
}

impl PublicationType {
    /// Every type, in the order lists group them.
    pub const ALL: [PublicationType; 6] = [
        Self::Conference,
        Self::Journal,
        Self::Workshop,
        Self::Preprint,
        Self::Thesis,
        Self::Blog,
    ];

    /// The JSON and URL spelling, e.g. `conference`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Conference => "conference",
            Self::Journal => "journal",
            Self::Workshop => "workshop",
            Self::Preprint => "preprint",
            Self::Thesis => "thesis",
            Self::Blog => "blog",
        }
    }

    /// The type whose [`key`](Self::key) is `key` (ASCII case-insensitive).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.key().eq_ignore_ascii_case(key))
    }

    /// The label shown to users, in `t`'s language: "Conference" (exports and BibTeX pass
    /// English).
    pub fn label(self, t: &Catalogue) -> &'static str {
        match self {
            Self::Conference => t.kinds().conference(),
            Self::Journal => t.kinds().journal(),
            Self::Workshop => t.kinds().workshop(),
            Self::Preprint => t.kinds().preprint(),
            Self::Thesis => t.kinds().thesis(),
            Self::Blog => t.kinds().blog(),
        }
    }
}

/// One author of a publication, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Author {
    /// The name as printed on the paper.
    pub name: String,
    /// Their id when they are in the directory.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub researcher: Option<ResearcherId>,
    /// Marked as an equal-contribution author.
    #[serde(default, skip_serializing_if = "skip::not")]
    pub equal_contribution: bool,
}

impl Author {
    /// An author who is not linked to a directory member.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            researcher: None,
            equal_contribution: false,
        }
    }

    /// An author who is the directory member `researcher`.
    pub fn member(name: impl Into<String>, researcher: impl Into<ResearcherId>) -> Self {
        Self {
            researcher: Some(researcher.into()),
            ..Self::new(name)
        }
    }
}

/// A paper, preprint, thesis or post, stored once however many directory members wrote it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Publication {
    /// Slug, unique among publications.
    pub id: PublicationId,
    /// The title.
    pub title: String,
    /// Authors in order. Directory members carry their `researcher` id.
    pub authors: Vec<Author>,
    /// True when the sources give only some of the authors ("et al."): the list is not complete.
    #[serde(default, skip_serializing_if = "skip::not")]
    pub authors_incomplete: bool,
    /// Conference, journal, workshop, preprint, thesis or blog.
    #[serde(rename = "type")]
    pub kind: PublicationType,
    /// The venue, when it is in the vocabulary.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub venue: Option<VenueId>,
    /// The venue as the citation prints it, e.g. "20th USENIX Symposium on … (NSDI 23)".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub booktitle: Option<String>,
    /// The year of publication.
    pub year: u16,
    /// The month of publication, 1 to 12, when stated.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub month: Option<u8>,
    /// Journal volume.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub volume: Option<String>,
    /// Journal issue number.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub number: Option<String>,
    /// Pages, e.g. "437–455".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub pages: Option<String>,
    /// Publisher, e.g. "USENIX Association".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub publisher: Option<String>,
    /// Where the conference took place, e.g. "Boston, MA".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub location: Option<String>,
    /// For a thesis: the school.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub school: Option<OrgId>,
    /// DOI without the resolver, e.g. "10.1145/3603269.3604848".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub doi: Option<String>,
    /// arXiv identifier, e.g. "2502.13965".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub arxiv: Option<String>,
    /// Honours such as "Best Paper Award", "Oral", "Spotlight".
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub honours: Vec<String>,
    /// PDF, code, video, blog links.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub links: Vec<Link>,
    /// Taxonomy topics.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub topics: Vec<TopicId>,
    /// Anything else worth knowing, e.g. "Open-source Software Competition".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub note: Option<String>,
    /// The abstract, plain text.
    #[serde(rename = "abstract", default, skip_serializing_if = "skip::none")]
    pub abstract_text: Option<String>,
    /// How many works cite it, with who counted and when; none when no one has counted.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub citations: Option<Citations>,
    /// Its id in each open source it was read from: a dblp key (`conf/nsdi/LuanXY23`), an
    /// OpenAlex work id (`W2741809807`), an ORCID put-code (`0000-0002-1825-0097/work/1234`).
    #[serde(default, skip_serializing_if = "skip::empty_map")]
    pub sources: BTreeMap<Origin, String>,
    /// Which source gave which field, by field name (`"year": "dblp"`); a field not listed was
    /// written by hand or by a BibTeX import. Importers never overwrite a field, listed or not;
    /// they only fill empty ones, and update `citations` from the source that counted them.
    #[serde(default, skip_serializing_if = "skip::empty_map")]
    pub provenance: BTreeMap<String, Origin>,
}

impl Publication {
    /// A publication with the fields the format requires and nothing else: every optional fact
    /// unknown, every list empty. Set the rest with struct update syntax,
    /// `Publication { venue, ..Publication::new(…) }`.
    pub fn new(
        id: impl Into<PublicationId>,
        title: impl Into<String>,
        authors: Vec<Author>,
        kind: PublicationType,
        year: u16,
    ) -> Self {
        Self {
            id: id.into(),
            title: title.into(),
            authors,
            authors_incomplete: false,
            kind,
            venue: None,
            booktitle: None,
            year,
            month: None,
            volume: None,
            number: None,
            pages: None,
            publisher: None,
            location: None,
            school: None,
            doi: None,
            arxiv: None,
            honours: Vec::new(),
            links: Vec::new(),
            topics: Vec::new(),
            note: None,
            abstract_text: None,
            citations: None,
            sources: BTreeMap::new(),
            provenance: BTreeMap::new(),
        }
    }
}
