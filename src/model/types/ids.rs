//! The id newtypes: one per collection, so a researcher's id cannot be passed where a venue's
//! is expected. Each is the slug exactly as written in the dataset.

use serde::{Deserialize, Serialize};

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

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
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
