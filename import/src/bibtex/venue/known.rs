//! The known computer-science venues the importer ships (`import/venues/cs.json`): the main
//! conferences, journals and workshops of each field, with the spellings sources print and
//! their dblp keys.
//!
//! The list is data in the dataset's own venue shape (plus `also`), so an entry becomes a
//! dataset venue by copying it, and a maintainer adds a venue or a spelling without touching
//! Rust. It is compiled into the importer (`include_str!`) and read once.

use std::sync::LazyLock;

use research_atlas::model::{Venue, VenueId, VenueKind};
use serde_json::Value;

use crate::Error;
use crate::names::unique;

/// One venue of the list: a dataset venue (its `id` the one it takes unless taken, `dblp` none
/// where dblp files it with another venue), and the other kinds of entry it takes.
#[derive(Debug, Clone, PartialEq)]
pub struct KnownVenue {
    /// The venue as it enters the dataset.
    pub venue: Venue,
    /// Other kinds of entry it takes: a conference whose papers appear as journal articles
    /// (PLDI, POPL, OOPSLA and ICFP in PACMPL; NeurIPS as Google Scholar exports it), or a
    /// journal whose papers are cited as a conference's (PVLDB as "VLDB").
    pub also: Vec<VenueKind>,
}

impl KnownVenue {
    /// The dataset venue it becomes, with an id no venue of `venues` holds.
    pub fn to_venue(&self, venues: &[Venue]) -> Venue {
        Venue {
            id: VenueId(unique(&self.venue.id.0, |s| {
                venues.iter().any(|v| v.id.0 == s)
            })),
            ..self.venue.clone()
        }
    }
}

/// The list's text, as shipped.
pub const SOURCE: &str = include_str!("../../../venues/cs.json");

/// Reads the list: each entry a dataset venue (read by the model's own reader, which refuses
/// an unknown field) with an optional `also`.
pub fn parse(source: &str) -> Result<Vec<KnownVenue>, Error> {
    let at = |at: String| {
        move |e: serde_json::Error| Error::VenueList {
            at,
            reason: e.to_string(),
        }
    };
    let entries: Vec<Value> = serde_json::from_str(source).map_err(at(String::new()))?;
    entries
        .into_iter()
        .enumerate()
        .map(|(i, mut entry)| {
            let also = entry
                .as_object_mut()
                .and_then(|o| o.remove("also"))
                .map(serde_json::from_value)
                .transpose()
                .map_err(at(format!("[{i}].also")))?
                .unwrap_or_default();
            let venue = serde_json::from_value(entry).map_err(at(format!("[{i}]")))?;
            Ok(KnownVenue { venue, also })
        })
        .collect()
}

static LIST: LazyLock<Vec<KnownVenue>> = LazyLock::new(|| {
    parse(SOURCE)
        .unwrap_or_else(|e| panic!("import/venues/cs.json{e} (its test names every problem)"))
});

/// Every known venue, in the list's order.
pub fn list() -> &'static [KnownVenue] {
    &LIST
}
