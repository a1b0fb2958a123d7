//! The directory's list facets, named once: their titles, where their counts are, and how a
//! value is toggled in the params.

use std::collections::BTreeSet;

use crate::model::CareerStage;
use crate::search::{FacetCounts, FacetValue, SearchParams, Sector};

/// A facet whose values are a list of checkboxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListFacet {
    /// Research topics.
    Topic,
    /// Organizations (current, or current and past).
    Organization,
    /// Academia or industry.
    Sector,
    /// Career stage.
    Stage,
    /// Country of the current organization.
    Country,
    /// Publication venues.
    Venue,
}

impl ListFacet {
    /// Every list facet, in panel order.
    pub const ALL: [ListFacet; 6] = [
        Self::Topic,
        Self::Organization,
        Self::Sector,
        Self::Stage,
        Self::Country,
        Self::Venue,
    ];

    /// The panel heading and chip prefix.
    pub fn title(self) -> &'static str {
        match self {
            Self::Topic => "Topic",
            Self::Organization => "Organization",
            Self::Sector => "Sector",
            Self::Stage => "Career stage",
            Self::Country => "Country",
            Self::Venue => "Publication venue",
        }
    }

    /// A stable key for test ids and element ids.
    pub fn key(self) -> &'static str {
        match self {
            Self::Topic => "topic",
            Self::Organization => "org",
            Self::Sector => "sector",
            Self::Stage => "stage",
            Self::Country => "country",
            Self::Venue => "venue",
        }
    }

    /// This facet's values and counts.
    pub fn values(self, counts: &FacetCounts) -> &[FacetValue] {
        match self {
            Self::Topic => &counts.topics,
            Self::Organization => &counts.orgs,
            Self::Sector => &counts.sectors,
            Self::Stage => &counts.stages,
            Self::Country => &counts.countries,
            Self::Venue => &counts.venues,
        }
    }

    /// Adds `id` to the facet's selection, or removes it if present.
    pub fn toggle(self, p: &mut SearchParams, id: &str) {
        fn flip<T: Ord>(set: &mut BTreeSet<T>, v: T) {
            if !set.remove(&v) {
                set.insert(v);
            }
        }
        match self {
            Self::Topic => flip(&mut p.topics, id.to_owned()),
            Self::Organization => flip(&mut p.orgs, id.to_owned()),
            Self::Country => flip(&mut p.countries, id.to_owned()),
            Self::Venue => flip(&mut p.venues, id.to_owned()),
            Self::Sector => {
                if let Some(s) = Sector::ALL.into_iter().find(|s| s.key() == id) {
                    flip(&mut p.sectors, s);
                }
            }
            Self::Stage => {
                if let Some(s) = CareerStage::from_key(id) {
                    flip(&mut p.stages, s);
                }
            }
        }
    }
}

/// One active filter, for chips and the empty state: its label and how to remove it.
#[derive(Debug, Clone, PartialEq)]
pub struct ActiveFilter {
    /// "Topic: LLM serving"
    pub label: String,
    /// What removing it means.
    pub remove: Removal,
}

/// How to remove one active filter.
#[derive(Debug, Clone, PartialEq)]
pub enum Removal {
    /// A value of a list facet.
    Value(ListFacet, String),
    /// The publication year range.
    Years,
    /// The award filter.
    Award,
}

impl Removal {
    /// Applies the removal to `p`.
    pub fn apply(&self, p: &mut SearchParams) {
        match self {
            Self::Value(f, id) => f.toggle(p, id),
            Self::Years => {
                p.year_from = None;
                p.year_to = None;
            }
            Self::Award => p.has_award = false,
        }
    }
}

/// The active filters in panel order, labelled from the facet counts.
pub fn active_filters(p: &SearchParams, counts: &FacetCounts) -> Vec<ActiveFilter> {
    let mut out = Vec::new();
    for f in ListFacet::ALL {
        for v in f.values(counts).iter().filter(|v| v.selected) {
            out.push(ActiveFilter {
                label: format!("{}: {}", f.title(), v.label),
                remove: Removal::Value(f, v.id.clone()),
            });
        }
    }
    let years = match (p.year_from, p.year_to) {
        (Some(a), Some(b)) => Some(format!("Published {a}–{b}")),
        (Some(a), None) => Some(format!("Published from {a}")),
        (None, Some(b)) => Some(format!("Published until {b}")),
        (None, None) => None,
    };
    if let Some(label) = years {
        out.push(ActiveFilter {
            label,
            remove: Removal::Years,
        });
    }
    if p.has_award {
        out.push(ActiveFilter {
            label: "Has an award".into(),
            remove: Removal::Award,
        });
    }
    out
}
