//! The dataset's types: the single definition of `data/researchers.json`.
//!
//! Everything else — the JSON Schema in `data/`, the validator, the search index and the views —
//! is derived from these structs. Optional facts are `Option` or empty lists and are left out of
//! the JSON when unknown: the directory never invents a value to fill a field.

use serde::{Deserialize, Serialize};

pub use super::date::{EndDate, PartialDate};

#[cfg(feature = "schema")]
use schemars::JsonSchema;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(JsonSchema))]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            /// The id as written in the dataset.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                Self(s.to_owned())
            }
        }
    };
}

id_type!(
    /// A researcher's slug, e.g. `michael-luo`; also the profile's URL segment.
    ResearcherId
);
id_type!(
    /// A publication's slug, e.g. `skypilot-nsdi-2023`.
    PublicationId
);
id_type!(
    /// An organization's slug in the `organizations` vocabulary, e.g. `uc-berkeley`.
    OrgId
);
id_type!(
    /// A topic's slug in the `topics` vocabulary, e.g. `llm-serving`.
    TopicId
);
id_type!(
    /// A venue's slug in the `venues` vocabulary, e.g. `nsdi`.
    VenueId
);

/// The schema version this build reads and writes.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole directory: vocabularies, researchers and the publications they share.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Dataset {
    /// The JSON Schema of this file, for editors (`./researchers.schema.json`); ignored by the app.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The version of this format; this build reads version 1.
    pub schema_version: u32,
    /// Settings of the directory published from this file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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

/// Settings of the directory published from a dataset file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Where each profile's "Suggest a correction" links lead: an issue tracker's new-issue
    /// page (`https://github.com/org/repo/issues/new`, given `title` and `body` parameters, or a
    /// URL with `{title}` and `{body}` placeholders) or an address (`mailto:fixes@example.org`).
    /// Without it, profiles show no such link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrections: Option<String>,
}

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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_name: Option<String>,
    /// Other spellings found in sources, so search and import recognise them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// University, company, lab or non-profit.
    pub kind: OrgKind,
    /// ISO 3166-1 alpha-2 country code of its main site, e.g. "US", "GB".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// The organization's own website.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

impl Organization {
    /// What cards and charts call it: the short name when there is one (`"UC Berkeley"`).
    pub fn label(&self) -> &str {
        self.short_name.as_deref().unwrap_or(&self.name)
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
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
}

/// Where a researcher is in their career, for the career-stage facet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CareerStage {
    /// Undergraduate or master's student.
    Student,
    /// PhD student or candidate.
    PhdStudent,
    /// Postdoctoral researcher or research associate.
    Postdoc,
    /// Faculty member (assistant, associate or full professor, lecturer).
    Faculty,
    /// Working in industry (engineer, scientist, founder).
    Industry,
}

impl CareerStage {
    /// Every stage, in career order.
    pub const ALL: [CareerStage; 5] = [
        Self::Student,
        Self::PhdStudent,
        Self::Postdoc,
        Self::Faculty,
        Self::Industry,
    ];

    /// The JSON and URL spelling, e.g. `phd_student`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Student => "student",
            Self::PhdStudent => "phd_student",
            Self::Postdoc => "postdoc",
            Self::Faculty => "faculty",
            Self::Industry => "industry",
        }
    }

    /// The stage whose [`key`](Self::key) is `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The label shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Self::Student => "Student",
            Self::PhdStudent => "PhD student",
            Self::Postdoc => "Postdoc",
            Self::Faculty => "Faculty",
            Self::Industry => "Industry",
        }
    }
}

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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// A person who advised or supervised someone; linked when they are in the directory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Advisor {
    /// The advisor's name.
    pub name: String,
    /// Their id when they are in the directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub researcher: Option<ResearcherId>,
    /// The stage the advice was for, e.g. "PhD", "M.S.", "Research internship".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

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

/// A degree or course of study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Education {
    /// The school.
    pub organization: OrgId,
    /// The degree as the source gives it, e.g. "Ph.D. in Computer Science".
    pub degree: String,
    /// Where, e.g. "Berkeley, CA".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// When it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<PartialDate>,
    /// When it ended (or is expected to end); `present` while ongoing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDate>,
    /// Advisors or supervisors for this degree.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advisors: Vec<Advisor>,
    /// Further facts: research topics, GPA, thesis, honours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
}

/// A job or appointment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The employer or host.
    pub organization: OrgId,
    /// The organization's name as it was at the time, when it differs (e.g. "Facebook").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization_name: Option<String>,
    /// Job title, e.g. "Member of Technical Staff".
    pub title: String,
    /// Team, group or department.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// Where, e.g. "Palo Alto, CA".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// When it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<PartialDate>,
    /// When it ended; `present` for a current position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDate>,
    /// What the person did there, one point per entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bullets: Vec<String>,
}

/// An award, honour, fellowship or scholarship.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Award {
    /// The award's name, e.g. "Best Paper Award".
    pub name: String,
    /// The year it was given, or the first year of a multi-year award.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// The last year of a multi-year award (e.g. a fellowship 2012–2016).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_year: Option<u16>,
    /// Who gave it, e.g. "USENIX Annual Technical Conference".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awarded_by: Option<String>,
    /// The publication it was for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publication: Option<PublicationId>,
    /// Further detail, e.g. "Pacific Northwest Regional Division I" or "Nominated".
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// Where, e.g. "Mountain View, CA".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// The year it was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// Recordings or slides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// Further detail, e.g. "A video recording exists; the source gives no link".
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The person's role, e.g. "Co-founder", "Lead".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Where it was done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization: Option<OrgId>,
    /// The year it started, when stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// Home page or repository.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// Papers that describe it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub publications: Vec<PublicationId>,
    /// What was achieved, one point per entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<VenueId>,
    /// The first year served.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// The last year served, for a span such as 2021–2025.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The role, e.g. "Teaching Assistant".
    pub role: String,
    /// Where.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization: Option<OrgId>,
    /// When it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<PartialDate>,
    /// When it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub researcher: Option<ResearcherId>,
    /// Further detail, e.g. "Primary supervisor: Mahesh Marina".
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization: Option<OrgId>,
    /// Where.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// When it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<PartialDate>,
    /// When it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// The year it was obtained.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One person in the directory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Researcher {
    /// Slug, unique among researchers; the profile URL is `/researchers/<id>`.
    pub id: ResearcherId,
    /// The name they go by, e.g. "Frank Sifei Luan".
    pub name: String,
    /// The name in its native script, e.g. "栾思飞".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native_name: Option<String>,
    /// The BCP 47 language of `native_name`, e.g. "zh", so browsers pick the right glyphs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native_name_lang: Option<String>,
    /// Other spellings found on papers and pages, e.g. "Sifei Luan", "Amber Liu".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternative_names: Vec<String>,
    /// Current title, e.g. "Assistant Professor".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Current organization.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization: Option<OrgId>,
    /// Department, school or team within the current organization.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub department: Option<String>,
    /// Where they are based, e.g. "Berkeley, CA".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// Career stage for the facet.
    pub career_stage: CareerStage,
    /// Their doctoral or current advisors.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advisors: Vec<Advisor>,
    /// A short third-person summary written from their own profile.
    pub summary: String,
    /// Homepage, GitHub, LinkedIn, Scholar, email. Never a phone number.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// Research interests in their own words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interests: Vec<String>,
    /// Taxonomy topics, for facets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topics: Vec<TopicId>,
    /// Skills, grouped as the source groups them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<SkillGroup>,
    /// Degrees, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub education: Vec<Education>,
    /// Jobs and appointments, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<Position>,
    /// The publications on their profile, by id, in the source's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub publications: Vec<PublicationId>,
    /// Awards and honours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awards: Vec<Award>,
    /// Invited talks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub talks: Vec<Talk>,
    /// Software and research projects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub projects: Vec<Project>,
    /// Reviewing, committees, chairing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub service: Vec<Service>,
    /// Courses taught or assisted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teaching: Vec<Teaching>,
    /// Group members and advisees.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub group: Vec<GroupMember>,
    /// Leadership roles in student bodies, societies and programmes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leadership: Vec<Leadership>,
    /// Certifications and licences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub certifications: Vec<Certification>,
    /// A postal or office address, when the profile publishes one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office: Option<String>,
    /// Where the facts came from.
    pub sources: Vec<Source>,
}

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

    /// The label shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Self::Conference => "Conference",
            Self::Journal => "Journal",
            Self::Workshop => "Workshop",
            Self::Preprint => "Preprint",
            Self::Thesis => "Thesis",
            Self::Blog => "Blog",
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub researcher: Option<ResearcherId>,
    /// Marked as an equal-contribution author.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub equal_contribution: bool,
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
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub authors_incomplete: bool,
    /// Conference, journal, workshop, preprint, thesis or blog.
    #[serde(rename = "type")]
    pub kind: PublicationType,
    /// The venue, when it is in the vocabulary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<VenueId>,
    /// The venue as the citation prints it, e.g. "20th USENIX Symposium on … (NSDI 23)".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub booktitle: Option<String>,
    /// The year of publication.
    pub year: u16,
    /// The month of publication, 1 to 12, when stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub month: Option<u8>,
    /// Journal volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume: Option<String>,
    /// Journal issue number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// Pages, e.g. "437–455".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pages: Option<String>,
    /// Publisher, e.g. "USENIX Association".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher: Option<String>,
    /// Where the conference took place, e.g. "Boston, MA".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// For a thesis: the school.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub school: Option<OrgId>,
    /// DOI without the resolver, e.g. "10.1145/3603269.3604848".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doi: Option<String>,
    /// arXiv identifier, e.g. "2502.13965".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arxiv: Option<String>,
    /// Honours such as "Best Paper Award", "Oral", "Spotlight".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub honours: Vec<String>,
    /// PDF, code, video, blog links.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// Taxonomy topics.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topics: Vec<TopicId>,
    /// Anything else worth knowing, e.g. "Open-source Software Competition".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}
