//! The search layer: text folding, URL state, and the indexes that answer queries.
//!
//! Plain Rust over model types, no web-sys: the UI asks it questions and renders the answers.
//! [`text`] decides what a word is, [`params`] parses and writes every page's URL state,
//! [`index`] pre-computes everything once so each search is one pass over the researchers,
//! [`facet`] names the directory's list facets,
//! [`publications`] does the same for publication lists, and [`suggest`] finds close names.
//! [`cards`] is what the directory page answers from (a card per researcher and the index),
//! [`titles`] the publication-title shards fetched per query; how each is written to a file
//! and read back is [`crate::files`]'s. [`network`] answers who is
//! connected to whom and how, and [`layout`] places those people in a drawing.
//! [`organizations`] lists organizations with their people and ranks them by their members'
//! papers. [`counts`] prints counts as pages do ("5,853 researchers"), and [`citations`] citation
//! counts and the h-index with their source and day. What each page says
//! about itself in `<head>`, and every path, are [`crate::site`]'s.

pub mod bits;
pub mod cards;
pub mod citations;
pub mod compare;
pub mod counts;
pub mod experts;
pub mod facet;
pub mod index;
pub mod layout;
pub mod names;
pub mod network;
pub mod organizations;
pub mod params;
pub mod publications;
pub mod shortlist;
pub mod suggest;
pub mod summary;
pub mod text;
pub mod timeline;
pub mod titles;

pub use cards::{Card, CardIndex};
pub use facet::Facet;
pub use index::{
    FacetCounts, FacetValue, FieldKind, Found, Hit, MatchReason, QueryMemory, SearchIndex,
    SearchResults, Stats,
};
pub use layout::{LayoutParams, force_layout};
pub use names::VocabNames;
pub use network::{
    AdvisedEdge, CoauthorEdge, Edge, EdgeKind, EdgeKinds, Group, GroupKind, Member, Network,
    Reason, Records, SharedPaper, Step, Via,
};
pub use organizations::{OrgTable, Ranking};
pub use params::{
    ConnectionsParams, Credit, ExpertParams, GroupBy, IdList, Order, OrgParams, OrgScope, OrgSort,
    PubParams, SearchParams, Sector, Selection, Sort, encode_query,
};
pub use publications::{PubFacets, PubGroup, PubList, PublicationIndex};
pub use suggest::close_researchers;
pub use titles::{TitleShard, TitleShards};
