//! The year-aware affiliation rule: which organizations a paper is credited to, and how its one
//! unit of credit is shared among them. The ranking ([`super::OrgTable`]) and the publication
//! list's organization filter (`porg`, [`crate::search::PublicationIndex`]) both ask here, so a
//! score and the list behind it never disagree.
//!
//! **Where an author was in year Y.** A degree or a job *gives years* when its start year is
//! known; it then spans from its start year to its end year (`present`: open-ended; no end: the
//! start year only, since nothing more is known). An author is credited, for a paper of year Y,
//! to the organization of every degree and job spanning Y; when none does, to their current
//! organization; when they have none, nowhere. Years only: a summer internship spans the whole
//! year. Records naming an organization the vocabulary lacks are left out.
//!
//! **Credit.** A paper's *credited authors* are its distinct directory members credited
//! somewhere. Plainly counted, the paper counts once for each organization any of them was at,
//! however many of them were there. Fractionally, its one unit is split evenly among its
//! credited authors, and each author's part evenly among their organizations that year: an
//! organization's share is the sum of its authors' parts, and the shares of a paper add up to 1.

use std::collections::HashMap;

use crate::model::sort;
use crate::model::{Dataset, EndDate, PartialDate, Publication};

/// An organization a researcher was at, for a span of years (inclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct YearSpan {
    /// The organization's position in the vocabulary.
    org: u32,
    from: u16,
    /// `u16::MAX` for `present`.
    to: u16,
}

/// One organization's part of a paper.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrgCredit {
    /// The organization's position in the vocabulary.
    pub org: u32,
    /// Its share of the paper's one unit: the sum of its credited authors' parts.
    pub share: f64,
}

/// Every researcher's spans and current organization, ready to credit papers.
#[derive(Debug, Clone)]
pub struct Affiliations<'a> {
    spans: Vec<Vec<YearSpan>>,
    current: Vec<Option<u32>>,
    position: HashMap<&'a str, usize>,
}

/// The years a degree or job spans, when its start is known.
pub fn span_years(start: Option<PartialDate>, end: Option<EndDate>) -> Option<(u16, u16)> {
    let from = start?.year;
    let to = match end {
        Some(EndDate::Present) => u16::MAX,
        Some(EndDate::Date(d)) => d.year.max(from),
        None => from,
    };
    Some((from, to))
}

impl<'a> Affiliations<'a> {
    /// The spans of every researcher of `dataset`, organizations numbered by `org_pos`.
    pub fn new(dataset: &'a Dataset, org_pos: &HashMap<&str, u32>) -> Self {
        let org = |id: &str| org_pos.get(id).copied();
        let spans = (dataset.researchers.iter())
            .map(|r| {
                let records = (r.education.iter())
                    .map(|e| (&e.organization, e.start, e.end))
                    .chain((r.positions.iter()).map(|p| (&p.organization, p.start, p.end)));
                records
                    .filter_map(|(id, start, end)| {
                        let (from, to) = span_years(start, end)?;
                        Some(YearSpan {
                            org: org(id.as_str())?,
                            from,
                            to,
                        })
                    })
                    .collect()
            })
            .collect();
        Self {
            spans,
            current: (dataset.researchers.iter())
                .map(|r| org(r.organization.as_ref()?.as_str()))
                .collect(),
            position: (dataset.researchers.iter().enumerate())
                .map(|(i, r)| (r.id.as_str(), i))
                .collect(),
        }
    }

    /// The organizations researcher `r` (dataset position) is credited to for `year`, each
    /// once, in vocabulary order, into `out` (cleared first).
    pub fn orgs_at(&self, r: usize, year: u16, out: &mut Vec<u32>) {
        out.clear();
        out.extend(
            (self.spans[r].iter())
                .filter(|s| s.from <= year && year <= s.to)
                .map(|s| s.org),
        );
        if out.is_empty() {
            out.extend(self.current[r]);
        }
        out.sort_unstable();
        out.dedup();
    }

    /// The organizations `p` is credited to, in vocabulary order, with their shares; empty when
    /// none of its authors is a credited directory member.
    pub fn credit(&self, p: &Publication) -> Vec<OrgCredit> {
        let mut authors: Vec<usize> = (p.authors.iter())
            .filter_map(|a| self.position.get(a.researcher.as_ref()?.as_str()).copied())
            .collect();
        authors.sort_unstable();
        authors.dedup();
        let mut orgs = Vec::new();
        let per_author: Vec<Vec<u32>> = (authors.into_iter())
            .filter_map(|r| {
                self.orgs_at(r, p.year, &mut orgs);
                (!orgs.is_empty()).then(|| orgs.clone())
            })
            .collect();
        let credited = per_author.len() as f64;
        let mut out: Vec<OrgCredit> = Vec::new();
        for orgs in &per_author {
            let part = 1.0 / (credited * orgs.len() as f64);
            for &org in orgs {
                match out.iter_mut().find(|c| c.org == org) {
                    Some(c) => c.share += part,
                    None => out.push(OrgCredit { org, share: part }),
                }
            }
        }
        sort::by_key(&mut out, |c| c.org);
        out
    }
}
