//! One person in the directory: the [`Researcher`] record that ties the profile sections together.

use serde::{Deserialize, Serialize};

use super::skip;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::translation::{ResearcherText, Shown, Translations, pick};
use super::{
    Advisor, Award, CareerStage, Certification, Education, GroupMember, Leadership, Link, Openings,
    OrgId, Position, Project, PublicationId, ResearcherId, Service, SkillGroup, Source, Talk,
    Teaching, TopicId,
};

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
    #[serde(default, skip_serializing_if = "skip::none")]
    pub native_name: Option<String>,
    /// The BCP 47 language of `native_name`, e.g. "zh", so browsers pick the right glyphs.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub native_name_lang: Option<String>,
    /// Other spellings found on papers and pages, e.g. "Sifei Luan", "Amber Liu".
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub alternative_names: Vec<String>,
    /// Current title, e.g. "Assistant Professor".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub title: Option<String>,
    /// Current organization.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub organization: Option<OrgId>,
    /// Department, school or team within the current organization.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub department: Option<String>,
    /// Where they are based, e.g. "Berkeley, CA".
    #[serde(default, skip_serializing_if = "skip::none")]
    pub location: Option<String>,
    /// Career stage for the facet.
    pub career_stage: CareerStage,
    /// Their doctoral or current advisors.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub advisors: Vec<Advisor>,
    /// A short third-person summary written from their own profile.
    pub summary: String,
    /// Homepage, GitHub, LinkedIn, Scholar, email. Never a phone number.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub links: Vec<Link>,
    /// Research interests in their own words.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub interests: Vec<String>,
    /// Taxonomy topics, for facets.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub topics: Vec<TopicId>,
    /// Skills, grouped as the source groups them.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub skills: Vec<SkillGroup>,
    /// Degrees, newest first.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub education: Vec<Education>,
    /// Jobs and appointments, newest first.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub positions: Vec<Position>,
    /// The publications on their profile, by id, in the source's order.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub publications: Vec<PublicationId>,
    /// Awards and honours.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub awards: Vec<Award>,
    /// Invited talks.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub talks: Vec<Talk>,
    /// Software and research projects.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub projects: Vec<Project>,
    /// Reviewing, committees, chairing.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub service: Vec<Service>,
    /// Courses taught or assisted.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub teaching: Vec<Teaching>,
    /// Group members and advisees.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub group: Vec<GroupMember>,
    /// Leadership roles in student bodies, societies and programmes.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub leadership: Vec<Leadership>,
    /// Certifications and licences.
    #[serde(default, skip_serializing_if = "skip::empty")]
    pub certifications: Vec<Certification>,
    /// A postal or office address, when the profile publishes one.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub office: Option<String>,
    /// Whom they say they are taking on (PhD students, postdocs, …), with where it is stated.
    #[serde(default, skip_serializing_if = "skip::none")]
    pub openings: Option<Openings>,
    /// Where the facts came from.
    pub sources: Vec<Source>,
    /// The title and summary in other languages of `config.languages`, by code: `{"de":
    /// {"summary": "…"}}`.
    #[serde(default, skip_serializing_if = "skip::empty_map")]
    pub translations: Translations<ResearcherText>,
}

impl Researcher {
    /// The title a page in `lang` shows: its translation, else the dataset's own.
    pub fn title_in(&self, lang: &str) -> Option<Shown<'_>> {
        pick(
            &self.translations,
            lang,
            |t| t.title.as_ref(),
            self.title.as_deref(),
        )
    }

    /// The summary a page in `lang` shows: its translation, else the dataset's own.
    pub fn summary_in(&self, lang: &str) -> Shown<'_> {
        pick(
            &self.translations,
            lang,
            |t| t.summary.as_ref(),
            Some(&self.summary),
        )
        .unwrap_or(Shown::own(""))
    }

    /// A researcher with their id, name and stage and nothing else: every optional fact
    /// unknown, every section empty, no summary and no source. Set the rest with struct update
    /// syntax, `Researcher { topics, ..Researcher::new(…) }`.
    pub fn new(id: impl Into<ResearcherId>, name: impl Into<String>, stage: CareerStage) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            native_name: None,
            native_name_lang: None,
            alternative_names: Vec::new(),
            title: None,
            organization: None,
            department: None,
            location: None,
            career_stage: stage,
            advisors: Vec::new(),
            summary: String::new(),
            links: Vec::new(),
            interests: Vec::new(),
            topics: Vec::new(),
            skills: Vec::new(),
            education: Vec::new(),
            positions: Vec::new(),
            publications: Vec::new(),
            awards: Vec::new(),
            talks: Vec::new(),
            projects: Vec::new(),
            service: Vec::new(),
            teaching: Vec::new(),
            group: Vec::new(),
            leadership: Vec::new(),
            certifications: Vec::new(),
            office: None,
            openings: None,
            sources: Vec::new(),
            translations: Translations::new(),
        }
    }
}
