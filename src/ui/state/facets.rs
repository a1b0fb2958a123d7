//! The directory's active filters, for the chips above the results and the empty state: each
//! one's label and how removing it changes the params. The facets themselves (keys, labels,
//! toggling) are [`crate::search::Facet`].

use crate::search::{Facet, FacetCounts, SearchParams};

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
    Value(Facet, String),
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
    for f in Facet::ALL {
        for v in counts.get(f).iter().filter(|v| v.selected) {
            out.push(ActiveFilter {
                label: format!("{}: {}", f.label(), v.label),
                remove: Removal::Value(f, v.id.clone()),
            });
        }
    }
    let years = match (p.year_from, p.year_to) {
        (Some(a), Some(b)) => Some(format!("Published {}", crate::model::date::year_span(a, b))),
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
