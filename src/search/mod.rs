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
