//! Filters and facet counts: who has each facet value (as bitsets, [`FacetSets`]), the
//! selection of one search ([`Filters`]), and each value's count "as if added": for a value of
//! facet F, the researchers passing the query and every filter except F's selection, who have
//! that value or one already selected in F. A selected value shows the results as they are.
//! Also [`SearchIndex::sanitize`], which drops selected ids the dataset does not know.

use std::collections::BTreeMap;

use super::{FacetCounts, FacetValue, SearchIndex, Values};
use crate::search::bits::Bits;
use crate::search::facet::{Facet, all_but_each};
use crate::search::params::{OrgScope, SearchParams};

/// The researchers of each facet value, publication year and the award toggle, as bitsets.
#[derive(Debug, Clone, Default)]
pub(super) struct FacetSets {
    /// Per list facet, per value (Organization: current organization).
    values: [Vec<Bits>; Facet::ALL.len()],
    /// Per organization, as current or past one.
    org_any: Vec<Bits>,
    /// Per year that some researcher published in.
    years: Vec<(u16, Bits)>,
    /// Those with an award.
    award: Bits,
}

/// One facet's selection, as flags over the facet's value positions.
struct Selection {
    active: bool,
    members: Vec<bool>,
}

impl Selection {
    fn new<'a>(values: &Values, ids: impl IntoIterator<Item = &'a str>) -> Self {
        let mut members = vec![false; values.len()];
        let mut active = false;
        for id in ids {
            active = true;
            if let Some(i) = values.get(id) {
                members[i as usize] = true;
            }
        }
        Self { active, members }
    }
}

/// One search's filters, as sets of researchers.
pub(super) struct Filters {
    /// Per list facet, the selected values.
    selections: [Selection; Facet::ALL.len()],
    scope: OrgScope,
    /// Per active list facet, who has one of its selected values (values ORed within a facet).
    chosen: [Option<Bits>; Facet::ALL.len()],
    /// Per list facet, who passes every other filter (so its counts are "as if added").
    others: [Bits; Facet::ALL.len()],
    /// Who passes every filter but the award toggle.
    but_award: Bits,
}

impl Filters {
    /// Who passes every filter.
    pub(super) fn passing(&self) -> Bits {
        let mut passing = self.others[0].clone();
        if let Some(c) = &self.chosen[0] {
            passing.and_with(c);
        }
        passing
    }
}

/// The year range of `params`, ordered, when either end is set.
fn year_range(params: &SearchParams) -> Option<(u16, u16)> {
    match (params.year_from, params.year_to) {
        (None, None) => None,
        (from, to) => {
            let (lo, hi) = (from.unwrap_or(0), to.unwrap_or(u16::MAX));
            Some((lo.min(hi), lo.max(hi)))
        }
    }
}

impl SearchIndex {
    /// Drops ids unknown to the dataset from params (topics, orgs, countries, venues).
    pub fn sanitize(&self, params: &SearchParams) -> SearchParams {
        let mut p = params.clone();
        for f in Facet::ALL.into_iter().filter(|f| !f.has_fixed_values()) {
            f.retain(&mut p, |id| self.facets[f.index()].get(id).is_some());
        }
        p
    }

    /// The facet sets, from each researcher's values.
    pub(super) fn facet_sets(&self) -> FacetSets {
        let n = self.people.len();
        let mut sets = FacetSets {
            values: std::array::from_fn(|f| vec![Bits::empty(n); self.facets[f].len()]),
            org_any: vec![Bits::empty(n); self.facets[Facet::Organization.index()].len()],
            years: Vec::new(),
            award: Bits::empty(n),
        };
        let mut years: BTreeMap<u16, Bits> = Default::default();
        for (i, p) in self.people.iter().enumerate() {
            for (f, values) in p.values.iter().enumerate() {
                for &v in values {
                    sets.values[f][v as usize].insert(i);
                }
            }
            for &v in &p.org_any {
                sets.org_any[v as usize].insert(i);
            }
            for &y in &p.years {
                years.entry(y).or_insert_with(|| Bits::empty(n)).insert(i);
            }
            if p.has_award {
                sets.award.insert(i);
            }
        }
        sets.years = years.into_iter().collect();
        sets
    }

    /// The filters of `params` over `matched`, those the query matches.
    pub(super) fn filter(&self, params: &SearchParams, matched: Bits) -> Filters {
        let scope = params.org_scope;
        let selections: [Selection; Facet::ALL.len()] = std::array::from_fn(|f| {
            Selection::new(&self.facets[f], Facet::ALL[f].selected(params))
        });
        let mut rest = matched;
        if let Some((lo, hi)) = year_range(params) {
            rest.and_with(&self.years_between(lo, hi));
        }
        let mut but_award = rest.clone();
        if params.has_award {
            rest.and_with(&self.sets.award);
        }
        let chosen: [Option<Bits>; Facet::ALL.len()] =
            std::array::from_fn(|f| self.chosen(Facet::ALL[f], &selections[f], scope));
        let others = all_but_each(&rest, &chosen, Bits::and_with);
        for c in chosen.iter().flatten() {
            but_award.and_with(c);
        }
        Filters {
            selections,
            scope,
            chosen,
            others,
            but_award,
        }
    }

    /// Who has one of the values selected in facet `f`; `None` when nothing is selected.
    fn chosen(&self, f: Facet, sel: &Selection, scope: OrgScope) -> Option<Bits> {
        sel.active.then(|| {
            let mut set = Bits::empty(self.people.len());
            for (v, _) in sel.members.iter().enumerate().filter(|(_, m)| **m) {
                set.or_with(self.value_set(f, v, scope));
            }
            set
        })
    }

    /// Every facet's values with their counts, under `filters`.
    pub(super) fn facet_counts(&self, params: &SearchParams, filters: &Filters) -> FacetCounts {
        FacetCounts {
            lists: Facet::ALL.map(|f| self.facet_values(f, filters)),
            award: FacetValue {
                id: "1".into(),
                label: crate::lang::EN.facets().has_award().into(),
                count: filters.but_award.count_and(&self.sets.award),
                selected: params.has_award,
            },
            year_min: self.year_min,
            year_max: self.year_max,
        }
    }

    /// The values of facet `f` that someone has or that are selected, with "if added" counts,
    /// by count descending, then folded label, label and id.
    fn facet_values(&self, f: Facet, filters: &Filters) -> Vec<FacetValue> {
        let values = &self.facets[f.index()];
        let sel = &filters.selections[f.index()];
        let occurs = match (f, filters.scope) {
            (Facet::Organization, OrgScope::Any) => &self.org_any_occurs,
            _ => &self.occurs[f.index()],
        };
        let mut out: Vec<(usize, FacetValue)> = (0..values.len())
            .filter(|&v| occurs[v] || sel.members[v])
            .map(|v| {
                let value = FacetValue {
                    id: values.ids[v].clone(),
                    label: values.labels[v].clone(),
                    count: self.count_if_added(f, v, filters),
                    selected: sel.members[v],
                };
                (v, value)
            })
            .collect();
        out.sort_by(|(a, x), (b, y)| {
            y.count
                .cmp(&x.count)
                .then_with(|| values.sort_keys[*a].cmp(&values.sort_keys[*b]))
                .then_with(|| x.label.cmp(&y.label))
                .then_with(|| x.id.cmp(&y.id))
        });
        out.into_iter().map(|(_, value)| value).collect()
    }

    /// The results if value `v` were added to facet `f`'s selection (as they are when it is
    /// selected already).
    fn count_if_added(&self, f: Facet, v: usize, filters: &Filters) -> usize {
        let selected = filters.selections[f.index()].members[v];
        let others = &filters.others[f.index()];
        match &filters.chosen[f.index()] {
            Some(c) if selected => others.count_and(c),
            Some(c) => {
                let values = self.value_set(f, v, filters.scope);
                others.count_and(c) + others.count_and_not(values, c)
            }
            None => others.count_and(self.value_set(f, v, filters.scope)),
        }
    }

    /// The researchers with value `v` of facet `f` (organizations depend on the scope).
    fn value_set(&self, f: Facet, v: usize, scope: OrgScope) -> &Bits {
        match (f, scope) {
            (Facet::Organization, OrgScope::Any) => &self.sets.org_any[v],
            _ => &self.sets.values[f.index()][v],
        }
    }

    /// The researchers with a publication in one of the years `lo..=hi`.
    fn years_between(&self, lo: u16, hi: u16) -> Bits {
        let mut set = Bits::empty(self.people.len());
        for (y, members) in &self.sets.years {
            if (lo..=hi).contains(y) {
                set.or_with(members);
            }
        }
        set
    }
}
