//! The dataset's types: the single definition of `data/researchers.json`.
//!
//! Everything else — the JSON Schema in `data/`, the validator, the search index and the views —
//! is derived from these structs. Optional facts are `Option` or empty lists and are left out of
//! the JSON when unknown: the directory never invents a value to fill a field.
//!
//! One file per part of the file: [`Dataset`] and its settings, the id newtypes, the
//! vocabularies (organizations, topics, venues), links, a researcher's career and other profile
//! sections, whom they are taking on ([`Openings`]), the [`Researcher`] record, and
//! publications. Everything is re-exported here, so `model::types::Researcher` and
//! `model::Researcher` name the same type.

#[macro_use]
mod record;

mod career;
mod dataset;
mod ids;
mod link;
mod openings;
mod provenance;
mod publication;
mod researcher;
mod sections;
mod skip;
mod translation;
mod vocabulary;

pub use super::date::{EndDate, PartialDate};
pub use career::{Advisor, CareerStage, Education, Position};
pub use dataset::{Config, Dataset, SCHEMA_VERSION};
pub use ids::{OrgId, PublicationId, ResearcherId, TopicId, VenueId};
pub use link::{Link, LinkKind};
pub use openings::{OpeningKind, Openings, taking_line};
pub use provenance::{CitationSource, Citations, Origin, SOURCED_FIELDS};
pub use publication::{Author, Publication, PublicationType};
pub use researcher::Researcher;
pub use sections::{
    Award, Certification, GroupMember, Leadership, Project, Service, ServiceKind, SkillGroup,
    Source, Talk, Teaching,
};
pub use skip::every_field;
pub use translation::{OrgText, ResearcherText, Shown, TopicText, Translations};
pub use vocabulary::{OrgKind, Organization, Topic, Venue, VenueKind};
