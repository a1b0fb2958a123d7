//! A researcher's career: the stage facet, advisors, degrees and jobs.

use serde::{Deserialize, Serialize};

use super::skip;
use crate::lang::Catalogue;

#[cfg(feature = "schema")]
use schemars::JsonSchema;

use super::{EndDate, OrgId, PartialDate, ResearcherId};

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

    /// The label shown to users, in `t`'s language: "PhD student".
    pub fn label(self, t: &Catalogue) -> &'static str {
        match self {
            Self::Student => t.stages().student(),
            Self::PhdStudent => t.stages().phd_student(),
            Self::Postdoc => t.stages().postdoc(),
            Self::Faculty => t.stages().faculty(),
            Self::Industry => t.stages().industry(),
        }
    }
}

record! {
    /// A person who advised or supervised someone; linked when they are in the directory.
    pub struct Advisor {
        /// The advisor's name.
        pub name: String,
        /// Their id when they are in the directory.
        pub researcher: Option<ResearcherId>,
        /// The stage the advice was for, e.g. "PhD", "M.S.", "Research internship".
        pub role: Option<String>,
    }
}

record! {
    /// A degree or course of study.
    pub struct Education {
        /// The school.
        pub organization: OrgId,
        /// The degree as the source gives it, e.g. "Ph.D. in Computer Science".
        pub degree: String,
        /// Where, e.g. "Berkeley, CA".
        pub location: Option<String>,
        /// When it started.
        pub start: Option<PartialDate>,
        /// When it ended (or is expected to end); `present` while ongoing.
        pub end: Option<EndDate>,
        /// Advisors or supervisors for this degree.
        #[serde(default, skip_serializing_if = "skip::empty")]
        pub advisors: Vec<Advisor>,
        /// Further facts: research topics, GPA, thesis, honours.
        #[serde(default, skip_serializing_if = "skip::empty")]
        pub details: Vec<String>,
    }
}

record! {
    /// A job or appointment.
    pub struct Position {
        /// The employer or host.
        pub organization: OrgId,
        /// The organization's name as it was at the time, when it differs (e.g. "Facebook").
        pub organization_name: Option<String>,
        /// Job title, e.g. "Member of Technical Staff".
        pub title: String,
        /// Team, group or department.
        pub team: Option<String>,
        /// Where, e.g. "Palo Alto, CA".
        pub location: Option<String>,
        /// When it started.
        pub start: Option<PartialDate>,
        /// When it ended; `present` for a current position.
        pub end: Option<EndDate>,
        /// What the person did there, one point per entry.
        #[serde(default, skip_serializing_if = "skip::empty")]
        pub bullets: Vec<String>,
    }
}
