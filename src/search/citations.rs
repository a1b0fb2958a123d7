//! Citation counts as pages say them: a paper's count with who counted and when, and a
//! researcher's h-index with its definition and basis.
//!
//! A count is never shown without its source and day (counts differ between counters and grow
//! with time), and an unknown count is never shown as 0: a paper without [`Citations`] has no
//! line at all, and an h-index is computed only from the listed papers that have a count, saying
//! how many of them that is.

use std::collections::HashSet;

use crate::lang::{Catalogue, fill};
use crate::model::{CitationSource, Citations, Dataset, Researcher};

/// "1 citation", "1,204 citations", "0 citations" (a real count of zero), in `t`'s language.
pub fn citations_count(t: &Catalogue, count: u32) -> String {
    t.search_text().citations().count(count as usize)
}

/// What a paper's citation line says: "1,204 citations, counted by OpenAlex on 2026-11-01".
pub fn citations_said(t: &Catalogue, c: &Citations) -> String {
    fill(
        t.search_text().citations_said(),
        &[
            ("count", &citations_count(t, c.count)),
            ("source", c.source.label(t)),
            ("day", &c.as_of),
        ],
    )
}

/// The h-index of a list of citation counts: the largest `h` such that `h` of them are at least
/// `h` each (0 for none).
pub fn h_index(counts: impl IntoIterator<Item = u32>) -> u32 {
    let mut counts: Vec<u32> = counts.into_iter().collect();
    // Most cited first: the h-th paper (from 1) is the last one with at least h citations.
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts
        .iter()
        .enumerate()
        .take_while(|&(i, &c)| c as usize > i)
        .count() as u32
}

/// A researcher's h-index over their listed papers that have a citation count, with what it
/// rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitationSummary {
    /// The h-index of the counted papers.
    pub h: u32,
    /// Listed papers with a count.
    pub counted: usize,
    /// Listed papers, each once.
    pub listed: usize,
    /// Who counted, each once, in [`CitationSource`] order.
    pub sources: Vec<CitationSource>,
    /// The earliest and latest day of the counts (equal when they agree).
    pub days: (String, String),
}

impl CitationSummary {
    /// The summary of `r`'s listed papers in `dataset`; `None` when none has a count.
    pub fn of(dataset: &Dataset, r: &Researcher) -> Option<Self> {
        let wanted: HashSet<&str> = r.publications.iter().map(|id| id.as_str()).collect();
        // Each listed paper once, in one pass over the dataset (a profile's pack, or all of it).
        let listed: Vec<_> = (dataset.publications.iter())
            .filter(|p| wanted.contains(p.id.as_str()))
            .collect();
        Self::from_counts(listed.len(), listed.iter().map(|p| p.citations.as_ref()))
    }

    /// The summary of `listed` papers whose counts are `counts` (one per paper, `None` when
    /// it has none); `None` when none has a count.
    pub fn from_counts<'a>(
        listed: usize,
        counts: impl IntoIterator<Item = Option<&'a Citations>>,
    ) -> Option<Self> {
        let counted: Vec<&Citations> = counts.into_iter().flatten().collect();
        let first = counted.first()?;
        let mut sources: Vec<CitationSource> = counted.iter().map(|c| c.source).collect();
        sources.sort_unstable();
        sources.dedup();
        // `YYYY-MM-DD` days compare as text.
        let day = |pick: fn(&str, &str) -> bool| {
            (counted.iter().map(|c| c.as_of.as_str()))
                .fold(first.as_of.as_str(), |a, b| if pick(b, a) { b } else { a })
                .to_owned()
        };
        Some(Self {
            h: h_index(counted.iter().map(|c| c.count)),
            counted: counted.len(),
            listed,
            sources,
            days: (day(|b, a| b < a), day(|b, a| b > a)),
        })
    }

    /// The definition with this researcher's numbers: "12 of their listed papers have at least
    /// 12 citations each".
    pub fn meaning(&self, t: &Catalogue) -> String {
        match self.h {
            0 => t.search_text().h_meaning_none().to_owned(),
            h => t.search_text().h_meaning().count(h as usize),
        }
    }

    /// What it rests on: "OpenAlex counts of 40 of 52 papers, as of 2026-11-01"; with several
    /// counters or days, "counts by OpenAlex and Crossref of 40 of 52 papers, counted from
    /// 2025-06-01 to 2026-11-01".
    pub fn basis(&self, t: &Catalogue) -> String {
        let x = t.search_text();
        let labels: Vec<&str> = self.sources.iter().map(|s| s.label(t)).collect();
        let who = match labels.as_slice() {
            [one] => fill(x.counts_by_one(), &[("source", one)]),
            [rest @ .., last] => {
                let sources = format!(
                    "{}{}{last}",
                    rest.join(x.sources_separator()),
                    x.sources_and()
                );
                fill(x.counts_by_many(), &[("sources", &sources)])
            }
            [] => x.counts_by_none().to_owned(),
        };
        let papers = match (self.counted, self.listed) {
            (_, 1) => x.papers_one().to_owned(),
            (c, l) if c == l => x.papers_all().count(l),
            (c, l) => x
                .papers_some()
                .count_with(l, &[("counted", &t.lang.number(c as u64))]),
        };
        let (from, to) = &self.days;
        let when = if from == to {
            fill(x.as_of(), &[("day", to)])
        } else {
            fill(x.counted_between(), &[("from", from), ("to", to)])
        };
        fill(
            x.basis(),
            &[("who", &who), ("papers", &papers), ("when", &when)],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::EN;

    fn counted_by(count: u32, source: CitationSource, as_of: &str) -> Citations {
        Citations {
            count,
            source,
            as_of: as_of.to_owned(),
        }
    }

    #[test]
    fn the_h_index_is_the_largest_h_with_h_papers_of_h_citations() {
        for (counts, h) in [
            (vec![], 0),
            (vec![0], 0),
            (vec![0, 0, 0], 0),
            (vec![1], 1),
            (vec![5], 1),
            (vec![1, 1, 1], 1),
            (vec![2, 2], 2),
            (vec![3, 0, 6, 1, 5], 3),
            (vec![10, 8, 5, 4, 3], 4),
            (vec![25, 8, 5, 3, 3], 3),
            (vec![100, 100, 100], 3),
            (vec![4, 4, 4, 4], 4),
            (vec![4, 4, 4, 4, 4], 4),
            (vec![u32::MAX], 1),
        ] {
            assert_eq!(h_index(counts.clone()), h, "{counts:?}");
        }
    }

    #[test]
    fn counts_are_grouped_and_never_zero_for_unknown() {
        for (n, text) in [
            (0, "0 citations"),
            (1, "1 citation"),
            (999, "999 citations"),
            (1_000, "1,000 citations"),
            (1_204, "1,204 citations"),
            (1_234_567, "1,234,567 citations"),
        ] {
            assert_eq!(citations_count(&EN, n), text);
        }
        let c = counted_by(1204, CitationSource::Openalex, "2026-11-01");
        assert_eq!(
            citations_said(&EN, &c),
            "1,204 citations, counted by OpenAlex on 2026-11-01"
        );
        assert_eq!(CitationSummary::from_counts(3, [None, None, None]), None);
    }

    #[test]
    fn the_summary_says_its_basis() {
        let a = counted_by(12, CitationSource::Openalex, "2026-11-01");
        let b = counted_by(3, CitationSource::Openalex, "2026-11-01");
        let s = CitationSummary::from_counts(3, [Some(&a), None, Some(&b)]).unwrap();
        assert_eq!((s.h, s.counted, s.listed), (2, 2, 3));
        assert_eq!(
            s.meaning(&EN),
            "2 of their listed papers have at least 2 citations each"
        );
        assert_eq!(
            s.basis(&EN),
            "OpenAlex counts of 2 of 3 papers, as of 2026-11-01"
        );

        let c = counted_by(0, CitationSource::Crossref, "2025-06-01");
        let s = CitationSummary::from_counts(2, [Some(&c), Some(&a)]).unwrap();
        assert_eq!(s.h, 1);
        assert_eq!(
            s.meaning(&EN),
            "1 of their listed papers has at least 1 citation"
        );
        assert_eq!(
            s.basis(&EN),
            "counts by OpenAlex and Crossref of all 2 papers, counted from 2025-06-01 to 2026-11-01"
        );

        let s = CitationSummary::from_counts(1, [Some(&c)]).unwrap();
        assert_eq!(s.h, 0);
        assert_eq!(
            s.meaning(&EN),
            "none of their listed papers has a citation yet"
        );
        assert_eq!(
            s.basis(&EN),
            "Crossref counts of their one paper, as of 2025-06-01"
        );
    }

    #[test]
    fn the_bundled_profiles_have_no_summary() {
        let d = crate::model::bundled::loaded().dataset;
        for r in &d.researchers {
            assert_eq!(CitationSummary::of(&d, r), None, "{}", r.id);
        }
    }

    #[test]
    fn a_summary_counts_each_listed_paper_once() {
        let mut d = crate::model::bundled::loaded().dataset;
        let mut r = d.researchers[0].clone();
        let first = r.publications[0].clone();
        r.publications.push(first.clone());
        let p = (d.publications.iter_mut()).find(|p| p.id == first).unwrap();
        p.citations = Some(counted_by(7, CitationSource::Openalex, "2026-11-01"));
        let s = CitationSummary::of(&d, &r).unwrap();
        assert_eq!((s.h, s.counted), (1, 1));
        assert_eq!(s.listed, d.researchers[0].publications.len());
    }
}
