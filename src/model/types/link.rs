//! External links, shared by researchers, talks, projects and publications.

use serde::{Deserialize, Serialize};

use super::skip;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

/// What a link points to; decides its icon and accessible name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// A personal or project homepage.
    Homepage,
    /// A GitHub profile or repository.
    Github,
    /// A LinkedIn profile.
    Linkedin,
    /// A Google Scholar profile.
    Scholar,
    /// An ORCID record.
    Orcid,
    /// An email address (`mailto:`).
    Email,
    /// A PDF of a paper.
    Pdf,
    /// An arXiv abstract page.
    Arxiv,
    /// A DOI resolver link.
    Doi,
    /// Source code.
    Code,
    /// A video recording.
    Video,
    /// A blog post or article.
    Blog,
    /// Anything else.
    Other,
}

/// An external link. Only `http`, `https` and `mailto` URLs pass validation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Link {
    /// What the link points to.
    pub kind: LinkKind,
    /// The URL: `https://…`, `http://…` or `mailto:…`.
    pub url: String,
    /// Text to show instead of the kind's default label.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub label: Option<String>,
}
