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
    /// An ORCID record, `https://orcid.org/<iD>`: the person's ORCID iD.
    Orcid,
    /// A dblp person page, `https://dblp.org/pid/<pid>`: the person's dblp id.
    Dblp,
    /// An OpenAlex author, `https://openalex.org/A<digits>`: the person's OpenAlex id.
    Openalex,
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

impl Link {
    /// The source's id this link carries, for the identifier kinds: the ORCID iD of an ORCID
    /// link, the pid of a dblp link, the author id of an OpenAlex link (`None` for other kinds
    /// or a link of another shape).
    pub fn identifier(&self) -> Option<&str> {
        let prefix = match self.kind {
            LinkKind::Orcid => "https://orcid.org/",
            LinkKind::Dblp => "https://dblp.org/pid/",
            LinkKind::Openalex => "https://openalex.org/",
            _ => return None,
        };
        let id = self.url.strip_prefix(prefix)?;
        Some(id.strip_suffix(".html").unwrap_or(id)).filter(|id| !id.is_empty())
    }

    /// The link of `kind` for the source id `id` (ORCID iD, dblp pid or OpenAlex author id).
    pub fn for_identifier(kind: LinkKind, id: &str) -> Option<Link> {
        let prefix = match kind {
            LinkKind::Orcid => "https://orcid.org/",
            LinkKind::Dblp => "https://dblp.org/pid/",
            LinkKind::Openalex => "https://openalex.org/",
            _ => return None,
        };
        Some(Link {
            kind,
            url: format!("{prefix}{}", id.trim()),
            label: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifier_links_round_trip_their_ids() {
        for (kind, id) in [
            (LinkKind::Orcid, "0000-0002-1825-0097"),
            (LinkKind::Dblp, "56/2455"),
            (LinkKind::Openalex, "A5023888391"),
        ] {
            let link = Link::for_identifier(kind, id).unwrap();
            assert_eq!(link.identifier(), Some(id));
        }
        let page = Link {
            kind: LinkKind::Dblp,
            url: "https://dblp.org/pid/56/2455.html".into(),
            label: None,
        };
        assert_eq!(page.identifier(), Some("56/2455"));
        assert_eq!(Link::for_identifier(LinkKind::Homepage, "x"), None);
        let home = Link {
            kind: LinkKind::Homepage,
            url: "https://dblp.org/pid/56/2455".into(),
            label: None,
        };
        assert_eq!(home.identifier(), None);
    }
}
