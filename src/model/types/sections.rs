//! The other sections of a profile: skills, awards, talks, projects, service, teaching, group,
//! leadership, certifications and the sources the facts came from.

use serde::{Deserialize, Serialize};

use super::skip;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::{EndDate, Link, OrgId, PartialDate, PublicationId, ResearcherId, VenueId};

/// A named group of skills, e.g. "Languages": Python, C++.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SkillGroup {
    /// The group's name as the source gives it.
    pub category: String,
    /// The skills, in the source's order.
    pub items: Vec<String>,
}

/// An award, honour, fellowship or scholarship.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Award {
    /// The award's name, e.g. "Best Paper Award".
    pub name: String,
    /// The year it was given, or the first year of a multi-year award.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub year: Option<u16>,
    /// The last year of a multi-year award (e.g. a fellowship 2012–2016).
    #[serde(default, skip_serializing_if = "skip::none")]
    pub end_year: Option<u16>,
    /// Who gave it, e.g. "USENIX Annual Technical Conference".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub awarded_by: Option<String>,
    /// The publication it was for.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub publication: Option<PublicationId>,
    /// Further detail, e.g. "Pacific Northwest Regional Division I" or "Nominated".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub details: Option<String>,
}

/// An invited talk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Talk {
    /// The talk's title.
    pub title: String,
    /// Who hosted it, e.g. "Google DeepMind, IBM" or "Ray Summit".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub host: Option<String>,
    /// Where, e.g. "Mountain View, CA".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub location: Option<String>,
    /// The year it was given.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub year: Option<u16>,
    /// Recordings or slides.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub links: Vec<Link>,
    /// Further detail, e.g. "A video recording exists; the source gives no link".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub details: Option<String>,
}

/// A software package, system or research project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Project {
    /// The project's name.
    pub name: String,
    /// What it is, in a sentence.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub description: Option<String>,
    /// The person's role, e.g. "Co-founder", "Lead".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub role: Option<String>,
    /// Where it was done.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub organization: Option<OrgId>,
    /// The year it started, when stated.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub year: Option<u16>,
    /// Home page or repository.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub links: Vec<Link>,
    /// Papers that describe it.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub publications: Vec<PublicationId>,
    /// What was achieved, one point per entry.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub bullets: Vec<String>,
}

/// What kind of service to the community an entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ServiceKind {
    /// Reviewing papers.
    Reviewer,
    /// A programme committee.
    ProgramCommittee,
    /// An artifact evaluation committee.
    ArtifactEvaluation,
    /// Chairing a conference, track or workshop.
    Chair,
    /// Organizing an event.
    Organizer,
    /// Editorial boards and anything else.
    Other,
}

/// Service to the research community.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Service {
    /// What kind of service.
    pub kind: ServiceKind,
    /// The role as the source gives it, e.g. "General Co-Chair".
    pub role: String,
    /// The event or body served, e.g. "EuroSys" or "Efficient Generative AI Workshop".
    pub event: String,
    /// The venue, when it is in the vocabulary.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub venue: Option<VenueId>,
    /// The first year served.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub year: Option<u16>,
    /// The last year served, for a span such as 2021–2025.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub end_year: Option<u16>,
}

/// A course taught or assisted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Teaching {
    /// The course's name, e.g. "Systems for Generative AI".
    pub course: String,
    /// The course code, e.g. "EECS 598".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub code: Option<String>,
    /// The role, e.g. "Teaching Assistant".
    pub role: String,
    /// Where.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub organization: Option<OrgId>,
    /// When it started.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub start: Option<PartialDate>,
    /// When it ended.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub end: Option<EndDate>,
}

/// A member of the researcher's group, or someone they advise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GroupMember {
    /// The member's name.
    pub name: String,
    /// Their role, e.g. "PhD Student", "Research Associate".
    pub role: String,
    /// Their id when they are in the directory.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub researcher: Option<ResearcherId>,
    /// Further detail, e.g. "Primary supervisor: Mahesh Marina".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub details: Option<String>,
}

/// A leadership role outside the main career: student bodies, societies, programmes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Leadership {
    /// The role, e.g. "DEI Chair".
    pub role: String,
    /// The body, e.g. "UMich CSE Graduate Students Organization".
    pub body: String,
    /// The organization it belongs to, when in the vocabulary.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub organization: Option<OrgId>,
    /// Where.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub location: Option<String>,
    /// When it started.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub start: Option<PartialDate>,
    /// When it ended.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub end: Option<EndDate>,
}

/// A professional certification or licence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Certification {
    /// The certificate, e.g. "Financial Risk Manager (FRM)".
    pub name: String,
    /// Who issued it.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub issuer: Option<String>,
    /// The year it was obtained.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub year: Option<u16>,
}

/// Where a profile's facts came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The source document, e.g. "seeds/000_8f7563a208fbcf78.txt" or "facts.md".
    pub document: String,
    /// Which facts it supplied.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub note: Option<String>,
}
