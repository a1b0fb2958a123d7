//! The other sections of a profile: skills, awards, talks, projects, service, teaching, group,
//! leadership, certifications and the sources the facts came from.

use serde::{Deserialize, Serialize};

use super::skip;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::{EndDate, Link, OrgId, PartialDate, PublicationId, ResearcherId, VenueId};

record! {
    /// A named group of skills, e.g. "Languages": Python, C++.
    pub struct SkillGroup {
        /// The group's name as the source gives it.
        pub category: String,
        /// The skills, in the source's order.
        pub items: Vec<String>,
    }
}

record! {
    /// An award, honour, fellowship or scholarship.
    pub struct Award {
        /// The award's name, e.g. "Best Paper Award".
        pub name: String,
        /// The year it was given, or the first year of a multi-year award.
        pub year: Option<u16>,
        /// The last year of a multi-year award (e.g. a fellowship 2012–2016).
        pub end_year: Option<u16>,
        /// Who gave it, e.g. "USENIX Annual Technical Conference".
        pub awarded_by: Option<String>,
        /// The publication it was for.
        pub publication: Option<PublicationId>,
        /// Further detail, e.g. "Pacific Northwest Regional Division I" or "Nominated".
        pub details: Option<String>,
    }
}

record! {
    /// An invited talk.
    pub struct Talk {
        /// The talk's title.
        pub title: String,
        /// Who hosted it, e.g. "Google DeepMind, IBM" or "Ray Summit".
        pub host: Option<String>,
        /// Where, e.g. "Mountain View, CA".
        pub location: Option<String>,
        /// The year it was given.
        pub year: Option<u16>,
        /// Recordings or slides.
        #[serde(default, skip_serializing_if = "skip::empty")]
        pub links: Vec<Link>,
        /// Further detail, e.g. "A video recording exists; the source gives no link".
        pub details: Option<String>,
    }
}

record! {
    /// A software package, system or research project.
    pub struct Project {
        /// The project's name.
        pub name: String,
        /// What it is, in a sentence.
        pub description: Option<String>,
        /// The person's role, e.g. "Co-founder", "Lead".
        pub role: Option<String>,
        /// Where it was done.
        pub organization: Option<OrgId>,
        /// The year it started, when stated.
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

record! {
    /// Service to the research community.
    pub struct Service {
        /// What kind of service.
        pub kind: ServiceKind,
        /// The role as the source gives it, e.g. "General Co-Chair".
        pub role: String,
        /// The event or body served, e.g. "EuroSys" or "Efficient Generative AI Workshop".
        pub event: String,
        /// The venue, when it is in the vocabulary.
        pub venue: Option<VenueId>,
        /// The first year served.
        pub year: Option<u16>,
        /// The last year served, for a span such as 2021–2025.
        pub end_year: Option<u16>,
    }
}

record! {
    /// A course taught or assisted.
    pub struct Teaching {
        /// The course's name, e.g. "Systems for Generative AI".
        pub course: String,
        /// The course code, e.g. "EECS 598".
        pub code: Option<String>,
        /// The role, e.g. "Teaching Assistant".
        pub role: String,
        /// Where.
        pub organization: Option<OrgId>,
        /// When it started.
        pub start: Option<PartialDate>,
        /// When it ended.
        pub end: Option<EndDate>,
    }
}

record! {
    /// A member of the researcher's group, or someone they advise.
    pub struct GroupMember {
        /// The member's name.
        pub name: String,
        /// Their role, e.g. "PhD Student", "Research Associate".
        pub role: String,
        /// Their id when they are in the directory.
        pub researcher: Option<ResearcherId>,
        /// Further detail, e.g. "Primary supervisor: Mahesh Marina".
        pub details: Option<String>,
    }
}

record! {
    /// A leadership role outside the main career: student bodies, societies, programmes.
    pub struct Leadership {
        /// The role, e.g. "DEI Chair".
        pub role: String,
        /// The body, e.g. "UMich CSE Graduate Students Organization".
        pub body: String,
        /// The organization it belongs to, when in the vocabulary.
        pub organization: Option<OrgId>,
        /// Where.
        pub location: Option<String>,
        /// When it started.
        pub start: Option<PartialDate>,
        /// When it ended.
        pub end: Option<EndDate>,
    }
}

record! {
    /// A professional certification or licence.
    pub struct Certification {
        /// The certificate, e.g. "Financial Risk Manager (FRM)".
        pub name: String,
        /// Who issued it.
        pub issuer: Option<String>,
        /// The year it was obtained.
        pub year: Option<u16>,
    }
}

record! {
    /// Where a profile's facts came from.
    pub struct Source {
        /// The source document, e.g. "seeds/000_8f7563a208fbcf78.txt" or "facts.md".
        pub document: String,
        /// Which facts it supplied.
        pub note: Option<String>,
    }
}
