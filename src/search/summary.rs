//! Figures about one researcher's record, for charts: publications per year, venue and topic mix.
//!
//! Plain counts over the model; the UI draws them (`ui::components::charts`) and the compare
//! page sets several side by side.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::model::sort;
use crate::model::{Dataset, Researcher};

/// Publications per year over a span of years, empty years included.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activity {
    /// The first year with a publication (meaningless when `counts` is empty).
    pub first: u16,
    /// Publications in `first`, `first + 1`, … up to the last year with one.
    pub counts: Vec<u16>,
}

impl Activity {
    /// The activity of a list of publication years.
    pub fn from_years(years: impl IntoIterator<Item = u16>) -> Self {
        let by_year: BTreeMap<u16, u16> = years.into_iter().fold(BTreeMap::new(), |mut m, y| {
            *m.entry(y).or_default() += 1;
            m
        });
        let (Some(&first), Some(&last)) = (by_year.keys().next(), by_year.keys().next_back())
        else {
            return Self::default();
        };
        Self {
            first,
            counts: (first..=last)
                .map(|y| by_year.get(&y).copied().unwrap_or(0))
                .collect(),
        }
    }

    /// True when there is no publication at all.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The last year with a publication.
    pub fn last(&self) -> Option<u16> {
        (!self.is_empty()).then(|| self.first + self.counts.len() as u16 - 1)
    }

    /// (year, count) for every year of the span.
    pub fn years(&self) -> impl Iterator<Item = (u16, u16)> + '_ {
        (self.counts.iter().enumerate()).map(|(i, &c)| (self.first + i as u16, c))
    }

    /// The count of `year` (0 outside the span).
    pub fn count(&self, year: u16) -> u16 {
        year.checked_sub(self.first)
            .and_then(|i| self.counts.get(i as usize).copied())
            .unwrap_or(0)
    }

    /// The largest count of a year.
    pub fn peak(&self) -> u16 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// All publications counted.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }
}

/// A researcher's publications per year.
pub fn activity(dataset: &Dataset, r: &Researcher) -> Activity {
    Activity::from_years(dataset.publications_of(r).iter().map(|p| p.year))
}

/// One slice of a mix: a label and how many publications have it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    /// What is counted, e.g. "NSDI" or "LLM serving".
    pub label: String,
    /// How many publications.
    pub count: u32,
}

/// Where a researcher published: venue short names (or the publication type when the venue is
/// not in the vocabulary), most frequent first, then by label.
pub fn venue_mix(dataset: &Dataset, r: &Researcher) -> Vec<Share> {
    let venues: HashMap<&str, &str> = (dataset.venues.iter())
        .map(|v| (v.id.as_str(), v.short_name.as_str()))
        .collect();
    mix(dataset.publications_of(r).into_iter().map(|p| {
        let venue = p.venue.as_ref().and_then(|v| venues.get(v.as_str()));
        vec![match venue {
            Some(v) => (*v).to_owned(),
            None => format!("Other {}", p.kind.label(&crate::lang::EN).to_lowercase()),
        }]
    }))
}

/// What a researcher's publications are about: taxonomy topic names, most frequent first. A
/// publication with several topics counts once for each.
pub fn topic_mix(dataset: &Dataset, r: &Researcher) -> Vec<Share> {
    let topics: HashMap<&str, &str> = (dataset.topics.iter())
        .map(|t| (t.id.as_str(), t.name.as_str()))
        .collect();
    mix(dataset.publications_of(r).into_iter().map(|p| {
        (p.topics.iter())
            .filter_map(|t| topics.get(t.as_str()).map(|n| (*n).to_owned()))
            .collect()
    }))
}

/// Counts labels, most frequent first, then alphabetically.
fn mix(labels: impl Iterator<Item = Vec<String>>) -> Vec<Share> {
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for label in labels.flatten() {
        *counts.entry(label).or_default() += 1;
    }
    let mut shares: Vec<Share> = (counts.into_iter())
        .map(|(label, count)| Share { label, count })
        .collect();
    sort::by(&mut shares, |a, b| {
        b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label))
    });
    shares
}

/// The first `n` shares, the rest summed as one, "k others" in `t`'s language.
pub fn top(t: &crate::lang::Catalogue, shares: &[Share], n: usize) -> Vec<Share> {
    if shares.len() <= n + 1 {
        return shares.to_vec();
    }
    let mut out = shares[..n].to_vec();
    let rest = &shares[n..];
    out.push(Share {
        label: t.charts().others().count(rest.len()),
        count: rest.iter().map(|s| s.count).sum(),
    });
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    use crate::model::bundled::dataset as bundled;

    #[test]
    fn activity_spans_first_to_last_year_with_gaps_as_zero() {
        let a = Activity::from_years([2019, 2021, 2021, 2024]);
        assert_eq!(a.first, 2019);
        assert_eq!(a.counts, vec![1, 0, 2, 0, 0, 1]);
        assert_eq!(a.last(), Some(2024));
        assert_eq!(a.count(2021), 2);
        assert_eq!(a.count(2010), 0);
        assert_eq!(a.count(2030), 0);
        assert_eq!(a.peak(), 2);
        assert_eq!(a.total(), 4);
        let empty = Activity::from_years([]);
        assert!(empty.is_empty());
        assert_eq!(empty.last(), None);
        assert_eq!(empty.peak(), 0);
    }

    #[test]
    fn a_profile_activity_counts_each_listed_paper_once() {
        let d = bundled();
        for r in &d.researchers {
            let a = activity(&d, r);
            assert_eq!(a.total() as usize, d.publications_of(r).len(), "{}", r.id);
            let years: Vec<u16> = d.publications_of(r).iter().map(|p| p.year).collect();
            assert_eq!(Some(a.first), years.iter().min().copied());
            assert_eq!(a.last(), years.iter().max().copied());
        }
    }

    #[test]
    fn venue_mix_counts_short_names_most_frequent_first() {
        let d = bundled();
        for r in &d.researchers {
            let mix = venue_mix(&d, r);
            let total: u32 = mix.iter().map(|s| s.count).sum();
            assert_eq!(total as usize, d.publications_of(r).len());
            assert!(mix.windows(2).all(|w| w[0].count >= w[1].count));
        }
        let luo = d
            .researchers
            .iter()
            .find(|r| r.id.0 == "michael-luo")
            .unwrap();
        assert!(venue_mix(&d, luo).iter().any(|s| s.label == "NSDI"));
    }

    #[test]
    fn topic_mix_uses_taxonomy_names() {
        let d = bundled();
        let names: BTreeSet<&str> = d.topics.iter().map(|t| t.name.as_str()).collect();
        for r in &d.researchers {
            for s in topic_mix(&d, r) {
                assert!(names.contains(s.label.as_str()), "{}", s.label);
                assert!(s.count > 0);
            }
        }
    }

    #[test]
    fn top_folds_the_tail_into_one_share() {
        let shares: Vec<Share> = (0..6)
            .map(|i| Share {
                label: format!("v{i}"),
                count: 10 - i,
            })
            .collect();
        let t = top(&crate::lang::EN, &shares, 3);
        assert_eq!(t.len(), 4);
        assert_eq!(t[3].label, "3 others");
        assert_eq!(t[3].count, 7 + 6 + 5);
        // One left over is shown, not folded.
        assert_eq!(top(&crate::lang::EN, &shares[..4], 3).len(), 4);
        assert_eq!(top(&crate::lang::EN, &shares[..4], 3)[3].label, "v3");
    }
}
