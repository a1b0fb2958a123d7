//! The directory's active filters, for the chips above the results and the empty state: each
//! one's label and how removing it changes the params. The facets themselves (keys, labels,
//! toggling) are [`crate::search::Facet`].

use crate::lang::{Catalogue, fill};
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

/// The active filters in panel order, labelled from the facet counts in `t`'s language.
pub fn active_filters(p: &SearchParams, counts: &FacetCounts, t: &Catalogue) -> Vec<ActiveFilter> {
    let f_text = t.facets();
    let mut out = Vec::new();
    for f in Facet::ALL {
        for v in counts.get(f).iter().filter(|v| v.selected) {
            let value = f.value_label(&v.id, &v.label, t);
            out.push(ActiveFilter {
                label: fill(f_text.chip(), &[("facet", f.label(t)), ("value", &value)]),
                remove: Removal::Value(f, v.id.clone()),
            });
        }
    }
    let year = |y: u16| t.lang.year(i64::from(y));
    let years = match (p.year_from, p.year_to) {
        (Some(a), Some(b)) => {
            let span = crate::model::date::span(&year(a), &year(b));
            Some(fill(f_text.published_years(), &[("years", &span)]))
        }
        (Some(a), None) => Some(fill(f_text.published_from(), &[("year", &year(a))])),
        (None, Some(b)) => Some(fill(f_text.published_until(), &[("year", &year(b))])),
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
            label: f_text.has_award().into(),
            remove: Removal::Award,
        });
    }
    out
}
