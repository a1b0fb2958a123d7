//! The search layer: text folding, the directory's URL state, and the index that answers queries.
//!
//! Plain Rust over model types, no web-sys: the UI asks it questions and renders the answers.
//! [`text`] decides what a word is, [`params`] parses and writes the URL state, and [`index`]
//! pre-computes everything once so each search is one pass over the researchers.

pub mod index;
pub mod params;
pub mod text;

pub use index::{
    FacetCounts, FacetValue, FieldKind, Hit, MatchReason, SearchIndex, SearchResults, Stats,
};
pub use params::{OrgScope, SearchParams, Sector, Sort};

use crate::model::{Dataset, Researcher};

/// The researchers in directory order: by name, case-insensitively, then by id for stability.
pub fn researchers_by_name(dataset: &Dataset) -> Vec<&Researcher> {
    let mut out: Vec<&Researcher> = dataset.researchers.iter().collect();
    out.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then_with(|| a.id.cmp(&b.id))
    });
    out
}
