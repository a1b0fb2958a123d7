//! Ranking organizations, CSRankings-style: score every organization by the papers credited to
//! it ([`super::affiliation`]) that the [`Selection`] counts, list those the filters keep, and
//! number them.
//!
//! A paper counts when its year is in the range and, if any venue or topic is chosen, its venue
//! is one of them or it carries one of the topics. Its score for an organization is 1 (plain
//! count) or the organization's share (fractional). Scores are compared at two decimals, as
//! shown: equal scores share a rank (1, 2, 2, 4), and within a score organizations go by name,
//! then id, so the order never depends on anything but the data. Ranks are among the listed
//! organizations, whatever order the list is shown in.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use super::OrgTable;
use crate::lang::{Catalogue, EN};
use crate::model::sort;
use crate::search::facet::country_name;
use crate::search::index::FacetValue;
use crate::search::params::{
    Credit, ORG_KINDS, OrgParams, OrgSort, Sector, Selection, Set, kind_from_key, kind_key,
    kind_label,
};
use crate::search::text::tokenize;

/// One listed organization.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankedOrg {
    /// Its position in [`OrgTable::orgs`].
    pub org: u32,
    /// Its rank among the listed organizations (1 is the highest score; ties share one).
    pub rank: u32,
    /// Papers in the selection credited to it.
    pub papers: u32,
    /// The sum of its fractional shares of those papers.
    pub share: f64,
}

impl RankedOrg {
    /// Its score under `credit`.
    pub fn score(&self, credit: Credit) -> f64 {
        match credit {
            Credit::Count => f64::from(self.papers),
            Credit::Fractional => self.share,
        }
    }
}

/// The score compared for ranks: whole papers, or the share at two decimals, in hundredths.
pub fn score_key(papers: u32, share: f64, credit: Credit) -> i64 {
    match credit {
        Credit::Count => i64::from(papers) * 100,
        Credit::Fractional => (share * 100.0).round() as i64,
    }
}

/// Facet values of the list, each counted as if added to its facet's selection.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrgFacets {
    /// Countries (id = ISO code), most organizations first.
    pub countries: Vec<FacetValue>,
    /// Academia and industry.
    pub sectors: Vec<FacetValue>,
    /// University, lab, company, non-profit.
    pub kinds: Vec<FacetValue>,
    /// Topics organizations work on, most organizations first.
    pub topics: Vec<FacetValue>,
}

impl OrgFacets {
    /// The facets with countries, sectors and kinds labelled in `t`'s language (ranking labels
    /// them in English); countries then go by count, then their name in that language.
    pub fn localized(&self, t: &Catalogue) -> Self {
        let mut out = self.clone();
        for v in &mut out.countries {
            v.label = country_name(&v.id, t).unwrap_or(&v.id).to_owned();
        }
        sort::by(&mut out.countries, |a, b| {
            b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label))
        });
        for v in &mut out.sectors {
            if let Some(s) = Sector::from_key(&v.id) {
                v.label = s.label(t).to_owned();
            }
        }
        for v in &mut out.kinds {
            if let Some(k) = kind_from_key(&v.id) {
                v.label = kind_label(k, t).to_owned();
            }
        }
        out
    }
}

/// The answer for one [`OrgParams`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ranking {
    /// The listed organizations, in the order asked for.
    pub rows: Vec<RankedOrg>,
    /// Organizations in the table.
    pub total: usize,
    /// Papers the selection counts (credited to at least one organization).
    pub papers: u32,
    /// Facet counts.
    pub facets: OrgFacets,
}

/// Every organization's papers and share under one selection.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Scores {
    /// Papers counted, per organization.
    pub papers: Vec<u32>,
    /// Fractional shares summed, per organization.
    pub share: Vec<f64>,
    /// Papers the selection counts.
    pub counted: u32,
}

impl OrgTable {
    /// `params` with venue and topic ids the table does not know dropped (rather than matching
    /// nothing), as the publication list drops them.
    pub fn sanitize(&self, params: &OrgParams) -> OrgParams {
        let mut p = params.clone();
        let venue = |id: &String| self.venues.iter().any(|v| &v.id == id);
        let topic = |id: &String| self.topics.iter().any(|(t, _)| t == id);
        p.selection.venues.retain(venue);
        p.selection.topics.retain(topic);
        p.topics.retain(topic);
        p
    }

    /// Scores every organization: one pass over the papers the selection counts (a run of years,
    /// or the chosen venues' and topics' papers in it), nothing allocated per paper.
    pub fn scores(&self, selection: &Selection) -> Scores {
        let n = self.orgs.len();
        let mut out = Scores {
            papers: vec![0; n],
            share: vec![0.0; n],
            counted: 0,
        };
        let run = self.year_run(selection);
        let mut count = |i: usize| {
            out.counted += 1;
            for c in self.paper_credits(i) {
                let org = self.papers.org[c] as usize;
                out.papers[org] += 1;
                out.share[org] += f64::from(self.papers.share[c]);
            }
        };
        if selection.all_papers() {
            run.clone().for_each(&mut count);
        } else {
            let mut picked: Vec<u32> = Vec::new();
            for (i, v) in self.venues.iter().enumerate() {
                if selection.venues.contains(&v.id) {
                    picked.extend(self.papers_of(i, false, &run));
                }
            }
            for (i, (id, _)) in self.topics.iter().enumerate() {
                if selection.topics.contains(id) {
                    picked.extend(self.papers_of(i, true, &run));
                }
            }
            // A paper at a chosen venue and on a chosen topic counts once.
            picked.sort_unstable();
            picked.dedup();
            picked.into_iter().for_each(|i| count(i as usize));
        }
        out
    }

    /// Lists, ranks and orders the organizations for `params` (sanitize them first), with
    /// facet counts.
    pub fn rank(&self, params: &OrgParams) -> Ranking {
        let scores = self.scores(&params.selection);
        let tests = Tests::new(self, params);
        let mut listed: Vec<u32> = (0..self.orgs.len())
            .filter(|&o| tests.all(o))
            .map(|o| o as u32)
            .collect();
        let credit = params.selection.credit;
        let key = |o: u32| score_key(scores.papers[o as usize], scores.share[o as usize], credit);
        sort::by(&mut listed, |&a, &b| {
            (key(b).cmp(&key(a)))
                .then_with(|| self.sort_name(a as usize).cmp(self.sort_name(b as usize)))
                .then_with(|| self.orgs[a as usize].id.cmp(&self.orgs[b as usize].id))
        });
        let mut rows: Vec<RankedOrg> = Vec::with_capacity(listed.len());
        for (i, &org) in listed.iter().enumerate() {
            let rank = match rows.last() {
                Some(last) if key(last.org) == key(org) => last.rank,
                _ => i as u32 + 1,
            };
            rows.push(RankedOrg {
                org,
                rank,
                papers: scores.papers[org as usize],
                share: scores.share[org as usize],
            });
        }
        match params.sort {
            OrgSort::Rank => {}
            OrgSort::Name => sort::by(&mut rows, |a, b| {
                (self
                    .sort_name(a.org as usize)
                    .cmp(self.sort_name(b.org as usize)))
                .then_with(|| {
                    self.orgs[a.org as usize]
                        .id
                        .cmp(&self.orgs[b.org as usize].id)
                })
            }),
            // Stable: equal head counts keep their rank order.
            OrgSort::People => {
                sort::by_key(&mut rows, |r| Reverse(self.people_now(r.org as usize)))
            }
        }
        Ranking {
            rows,
            total: self.orgs.len(),
            papers: scores.counted,
            facets: tests.facets(self, params),
        }
    }
}

/// Each filter's verdict per organization, so every facet can count with its own left out.
struct Tests {
    text: Vec<bool>,
    /// Per facet, in [`Tests::COUNTRY`]… order.
    facet: [Vec<bool>; 4],
}

impl Tests {
    const COUNTRY: usize = 0;
    const SECTOR: usize = 1;
    const KIND: usize = 2;
    const TOPIC: usize = 3;

    fn new(table: &OrgTable, p: &OrgParams) -> Self {
        let words: Vec<String> = tokenize(&p.query).into_iter().map(|t| t.text).collect();
        let topics: Vec<u32> = (table.topics.iter().enumerate())
            .filter(|(_, (id, _))| p.topics.contains(id))
            .map(|(i, _)| i as u32)
            .collect();
        let each = |test: &dyn Fn(usize) -> bool| (0..table.orgs.len()).map(test).collect();
        let org = |o: usize| &table.orgs[o];
        Self {
            text: each(&|o| {
                let hay = &table.derived.haystack[o];
                words.iter().all(|w| hay.contains(w.as_str()))
            }),
            facet: [
                each(&|o| {
                    p.countries.is_empty()
                        || (org(o).country.as_ref())
                            .is_some_and(|c| p.countries.contains(&c.to_ascii_uppercase()))
                }),
                each(&|o| {
                    p.sectors.is_empty() || org(o).sector().is_some_and(|s| p.sectors.contains(&s))
                }),
                each(&|o| p.kinds.is_empty() || p.kinds.contains(&org(o).kind)),
                each(&|o| {
                    topics.is_empty()
                        || (topics.iter()).any(|t| org(o).topics.binary_search(t).is_ok())
                }),
            ],
        }
    }

    fn all(&self, o: usize) -> bool {
        self.text[o] && self.facet.iter().all(|t| t[o])
    }

    /// Whether organization `o` passes every test but facet `skip`'s.
    fn all_but(&self, o: usize, skip: usize) -> bool {
        self.text[o] && (self.facet.iter().enumerate()).all(|(i, t)| i == skip || t[o])
    }

    fn facets(&self, table: &OrgTable, p: &OrgParams) -> OrgFacets {
        let n = table.orgs.len();
        let mut countries: BTreeMap<String, usize> =
            p.countries.iter().map(|c| (c.clone(), 0)).collect();
        let mut sectors: BTreeMap<Sector, usize> = BTreeMap::new();
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        let mut topics: BTreeMap<u32, usize> = BTreeMap::new();
        for o in 0..n {
            let org = &table.orgs[o];
            if let Some(c) = &org.country
                && self.all_but(o, Self::COUNTRY)
            {
                *countries.entry(c.to_ascii_uppercase()).or_default() += 1;
            }
            if let Some(s) = org.sector()
                && self.all_but(o, Self::SECTOR)
            {
                *sectors.entry(s).or_default() += 1;
            }
            if self.all_but(o, Self::KIND) {
                *kinds.entry(kind_key(org.kind)).or_default() += 1;
            }
            if self.all_but(o, Self::TOPIC) {
                for &t in &org.topics {
                    *topics.entry(t).or_default() += 1;
                }
            }
        }
        let value = |id: String, label: String, count: usize, selected: bool| FacetValue {
            id,
            label,
            count,
            selected,
        };
        let mut country_values: Vec<FacetValue> = (countries.into_iter())
            .map(|(c, count)| {
                let label = country_name(&c, &EN).unwrap_or(&c).to_owned();
                let selected = p.countries.contains(&c);
                value(c, label, count, selected)
            })
            .collect();
        let mut topic_values: Vec<FacetValue> = (table.topics.iter().enumerate())
            .filter_map(|(i, (id, name))| {
                let count = topics.get(&(i as u32)).copied().unwrap_or(0);
                let selected = p.topics.contains(id);
                (count > 0 || selected).then(|| value(id.clone(), name.clone(), count, selected))
            })
            .collect();
        for values in [&mut country_values, &mut topic_values] {
            sort::by(values, |a, b| {
                b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label))
            });
        }
        OrgFacets {
            countries: country_values,
            sectors: (Sector::ALL.into_iter())
                .map(|s| {
                    let count = sectors.get(&s).copied().unwrap_or(0);
                    value(
                        s.key().into(),
                        s.label(&EN).into(),
                        count,
                        p.sectors.contains(&s),
                    )
                })
                .collect(),
            kinds: (ORG_KINDS.into_iter())
                .map(|k| {
                    let count = kinds.get(kind_key(k)).copied().unwrap_or(0);
                    value(
                        kind_key(k).into(),
                        kind_label(k, &EN).into(),
                        count,
                        p.kinds.contains(&k),
                    )
                })
                .collect(),
            topics: topic_values,
        }
    }
}

impl RankedOrg {
    /// Its score as shown: whole papers, or the share at two decimals ("12.17").
    pub fn score_text(&self, credit: Credit) -> String {
        match credit {
            Credit::Count => self.papers.to_string(),
            Credit::Fractional => format!("{:.2}", self.share),
        }
    }
}

/// What the ranking controls offer: every venue and topic with the papers of the year range it
/// would add, the chosen ones marked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SelectionOptions {
    /// Venues with papers in the years, or chosen; most papers first.
    pub venues: Vec<FacetValue>,
    /// Topics with papers in the years, or chosen; most papers first.
    pub topics: Vec<FacetValue>,
}

impl OrgTable {
    /// The venues and topics a selection can choose from, counted over the credited papers of
    /// its year range.
    pub fn selection_options(&self, selection: &Selection) -> SelectionOptions {
        let run = self.year_run(selection);
        let venues: Vec<usize> = (0..self.venues.len())
            .map(|v| self.papers_of(v, false, &run).len())
            .collect();
        let topics: Vec<usize> = (0..self.topics.len())
            .map(|t| self.papers_of(t, true, &run).len())
            .collect();
        let options = |ids: &mut dyn Iterator<Item = (String, String)>,
                       counts: Vec<usize>,
                       chosen: &Set<String>| {
            let mut out: Vec<FacetValue> = (ids.zip(counts))
                .filter(|((id, _), count)| *count > 0 || chosen.contains(id))
                .map(|((id, label), count)| FacetValue {
                    selected: chosen.contains(&id),
                    id,
                    label,
                    count,
                })
                .collect();
            sort::by(&mut out, |a, b| {
                b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label))
            });
            out
        };
        let venue_labels = &mut self.venues.iter().map(|v| (v.id.clone(), v.short.clone()));
        SelectionOptions {
            venues: options(venue_labels, venues, &selection.venues),
            topics: options(&mut self.topics.iter().cloned(), topics, &selection.topics),
        }
    }
}

/// The values whose label contains every word of `text` (folded), chosen ones always kept.
pub fn matching(values: &[FacetValue], text: &str) -> Vec<FacetValue> {
    let words: Vec<String> = tokenize(text).into_iter().map(|t| t.text).collect();
    (values.iter())
        .filter(|v| {
            let label = crate::search::text::fold(&v.label);
            v.selected || words.iter().all(|w| label.contains(w.as_str()))
        })
        .cloned()
        .collect()
}
