//! The search layer: ordering and (in later issues) indexing, query parsing and facet counts.
//! Plain Rust over model types, no web-sys: the UI asks it questions and renders the answers.

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
