//! Publication lists: one researcher's papers or the whole dataset's, filtered, grouped and
//! sorted, with facet counts.
//!
//! The list's URL state is [`PubParams`](super::params::PubParams).
//! [`PublicationIndex`] folds every publication's searchable text once, and notes the
//! organizations each is credited to by the organizations ranking's rule
//! ([`super::organizations::affiliation`]), so a score links to exactly the papers behind it;
//! each [`list`] call is then one pass over the publications in scope.
//!
//! [`list`]: PublicationIndex::list

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::index::FacetValue;
use super::organizations::Affiliations;
use super::params::{GroupBy, Order, PubParams};
use super::text::{fold, tokenize};
use crate::model::{Dataset, PublicationId, PublicationType, Researcher};

/// One publication, prepared for filtering.
#[derive(Debug, Clone)]
struct Entry {
    /// Folded title, authors, venue names, booktitle, year, honours, DOI and arXiv id.
    haystack: String,
    year: u16,
    month: u8,
    kind: PublicationType,
    venue: Option<usize>,
    /// Topics, as positions in the topic vocabulary.
    topics: Box<[u32]>,
    /// Organizations credited with it, as positions in the organization vocabulary.
    orgs: Box<[u32]>,
    honoured: bool,
    /// Folded title, for a stable order within a year.
    title: String,
}

/// A venue of the vocabulary, as lists name it.
#[derive(Debug, Clone)]
struct VenueLabel {
    id: String,
    short: String,
    name: String,
}

/// One group of a list: its heading and its publications (indices into
/// `dataset.publications`), in display order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PubGroup {
    /// A stable key, e.g. `"2024"`, `"conference"`, `"nsdi"`, `"none"`.
    pub key: String,
    /// The heading, e.g. `"2024"`, `"Conference"`, `"NSDI"`, `"No venue"`.
    pub label: String,
    /// A longer description of the heading when there is one (a venue's full name).
    pub title: Option<String>,
    /// The publications, indices into `dataset.publications`.
    pub items: Vec<usize>,
}

/// Facet counts over a list's scope. Each count is what the list would hold with that value
/// added to its facet and every other filter as it is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PubFacets {
    /// Venues in scope (id = venue id), the most frequent first.
    pub venues: Vec<FacetValue>,
    /// Types in scope (id = type key), in [`PublicationType::ALL`] order.
    pub kinds: Vec<FacetValue>,
    /// Years in scope (id = the year), newest first; counted with the year range left out.
    pub years: Vec<FacetValue>,
    /// The "has an honour" toggle (id `"1"`).
    pub honoured: FacetValue,
    /// Earliest year in scope.
    pub year_min: Option<u16>,
    /// Latest year in scope.
    pub year_max: Option<u16>,
    /// The chosen topics (id = topic id), each with how many shown publications carry it.
    pub topics: Vec<FacetValue>,
    /// The chosen organization (id = its id, label = its short name), counting the shown
    /// publications.
    pub org: Option<FacetValue>,
}

/// The answer for one list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PubList {
    /// Publications in scope before filtering.
    pub total: usize,
    /// Publications that pass every filter.
    pub shown: usize,
    /// The shown publications, grouped and ordered.
    pub groups: Vec<PubGroup>,
    /// Facet counts.
    pub facets: PubFacets,
}

impl PubList {
    /// Every shown publication in display order (indices into `dataset.publications`).
    pub fn items(&self) -> impl Iterator<Item = usize> + '_ {
        self.groups.iter().flat_map(|g| g.items.iter().copied())
    }
}

/// Every publication of a dataset, folded once for fast filtering.
#[derive(Debug, Clone)]
pub struct PublicationIndex {
    entries: Vec<Entry>,
    venues: Vec<VenueLabel>,
    /// Topics (id, name), in vocabulary order.
    topics: Vec<(String, String)>,
    /// Organizations (id, label), in vocabulary order.
    orgs: Vec<(String, String)>,
    by_id: HashMap<PublicationId, usize>,
}

/// Which words of the filter pass the text test; folded query words.
fn query_words(query: &str) -> Vec<String> {
    tokenize(query).into_iter().map(|t| t.text).collect()
}

impl PublicationIndex {
    /// Prepares every publication of `dataset`.
    pub fn new(dataset: &Dataset) -> Self {
        let venues: Vec<VenueLabel> = dataset
            .venues
            .iter()
            .map(|v| VenueLabel {
                id: v.id.0.clone(),
                short: v.short_name.clone(),
                name: v.name.clone(),
            })
            .collect();
        let venue_pos: HashMap<&str, usize> = venues
            .iter()
            .enumerate()
            .map(|(i, v)| (v.id.as_str(), i))
            .collect();
        let topic_pos: HashMap<&str, u32> = (dataset.topics.iter().enumerate())
            .map(|(i, t)| (t.id.as_str(), i as u32))
            .collect();
        let org_pos: HashMap<&str, u32> = (dataset.organizations.iter().enumerate())
            .map(|(i, o)| (o.id.as_str(), i as u32))
            .collect();
        let affiliations = Affiliations::new(dataset, &org_pos);
        let entries = dataset
            .publications
            .iter()
            .map(|p| {
                let venue = p
                    .venue
                    .as_ref()
                    .and_then(|v| venue_pos.get(v.0.as_str()).copied());
                let mut text = p.title.clone();
                for a in &p.authors {
                    text.push(' ');
                    text.push_str(&a.name);
                }
                if let Some(v) = venue.map(|i| &venues[i]) {
                    text.push_str(&format!(" {} {}", v.short, v.name));
                }
                for extra in [&p.booktitle, &p.doi, &p.arxiv].into_iter().flatten() {
                    text.push(' ');
                    text.push_str(extra);
                }
                text.push_str(&format!(" {} {}", p.year, p.kind.label()));
                for h in &p.honours {
                    text.push(' ');
                    text.push_str(h);
                }
                Entry {
                    haystack: fold(&text),
                    year: p.year,
                    month: p.month.unwrap_or(0),
                    kind: p.kind,
                    venue,
                    topics: (p.topics.iter())
                        .filter_map(|t| topic_pos.get(t.as_str()).copied())
                        .collect(),
                    orgs: affiliations.credit(p).iter().map(|c| c.org).collect(),
                    honoured: !p.honours.is_empty(),
                    title: fold(&p.title),
                }
            })
            .collect();
        let by_id = dataset
            .publications
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        Self {
            entries,
            venues,
            topics: (dataset.topics.iter())
                .map(|t| (t.id.0.clone(), t.name.clone()))
                .collect(),
            orgs: (dataset.organizations.iter())
                .map(|o| (o.id.0.clone(), o.label().to_owned()))
                .collect(),
            by_id,
        }
    }

    /// The index of the publication with this id in `dataset.publications`.
    pub fn position(&self, id: &PublicationId) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// The scope of a researcher's list: their publications, each once, unknown ids left out.
    pub fn scope_of(&self, researcher: &Researcher) -> Vec<usize> {
        let mut seen = BTreeSet::new();
        researcher
            .publications
            .iter()
            .filter_map(|id| self.position(id))
            .filter(|i| seen.insert(*i))
            .collect()
    }

    /// Every publication of the dataset, once.
    pub fn scope_all(&self) -> Vec<usize> {
        (0..self.entries.len()).collect()
    }

    /// `params` with venue, topic and organization ids unknown to the dataset dropped.
    pub fn sanitize(&self, params: &PubParams) -> PubParams {
        let mut p = params.clone();
        p.venues.retain(|v| self.venues.iter().any(|x| &x.id == v));
        p.topics
            .retain(|t| self.topics.iter().any(|(id, _)| id == t));
        p.org = p.org.filter(|o| self.orgs.iter().any(|(id, _)| id == o));
        p
    }

    /// Filters, groups and orders the publications of `scope` (indices into
    /// `dataset.publications`, e.g. from [`scope_of`](Self::scope_of)) and counts the facets.
    pub fn list(&self, scope: &[usize], params: &PubParams) -> PubList {
        let words = query_words(&params.query);
        let venue_ids: BTreeSet<usize> = params
            .venues
            .iter()
            .filter_map(|v| self.venues.iter().position(|x| &x.id == v))
            .collect();
        let topic_ids: BTreeSet<u32> = (params.topics.iter())
            .filter_map(|t| self.topics.iter().position(|(id, _)| id == t))
            .map(|i| i as u32)
            .collect();
        let org = (params.org.as_ref())
            .and_then(|o| self.orgs.iter().position(|(id, _)| id == o))
            .map(|i| i as u32);
        let year_ok = |y: u16| {
            params.year_from.is_none_or(|f| y >= f) && params.year_to.is_none_or(|t| y <= t)
        };

        let mut shown = Vec::new();
        let mut venue_counts: BTreeMap<Option<usize>, usize> = BTreeMap::new();
        let mut kind_counts: BTreeMap<PublicationType, usize> = BTreeMap::new();
        let mut year_counts: BTreeMap<u16, usize> = BTreeMap::new();
        let mut honoured_count = 0;
        let mut year_min: Option<u16> = None;
        let mut year_max: Option<u16> = None;
        for &i in scope {
            let Some(e) = self.entries.get(i) else {
                continue;
            };
            year_min = Some(year_min.map_or(e.year, |m| m.min(e.year)));
            year_max = Some(year_max.map_or(e.year, |m| m.max(e.year)));
            // Each test on its own, so every facet can count with its own test left out. The
            // organization narrows the scope, so it goes with the text; venues and topics are one
            // selection (either matches), counted per venue with the whole selection left out.
            let text = org.is_none_or(|o| e.orgs.contains(&o))
                && words.iter().all(|w| e.haystack.contains(w.as_str()));
            let year = year_ok(e.year);
            let venue = (venue_ids.is_empty() && topic_ids.is_empty())
                || e.venue.is_some_and(|v| venue_ids.contains(&v))
                || e.topics.iter().any(|t| topic_ids.contains(t));
            let kind = params.kinds.is_empty() || params.kinds.contains(&e.kind);
            let honour = !params.honoured || e.honoured;
            if text && year && kind && honour {
                *venue_counts.entry(e.venue).or_default() += 1;
            }
            if text && year && venue && honour {
                *kind_counts.entry(e.kind).or_default() += 1;
            }
            if text && venue && kind && honour {
                *year_counts.entry(e.year).or_default() += 1;
            }
            if text && year && venue && kind && e.honoured {
                honoured_count += 1;
            }
            if text && year && venue && kind && honour {
                shown.push(i);
            }
        }

        let newest = params.order == Order::Newest;
        shown.sort_by(|&a, &b| {
            let (x, y) = (&self.entries[a], &self.entries[b]);
            let by_date = (x.year, x.month).cmp(&(y.year, y.month));
            let by_date = if newest { by_date.reverse() } else { by_date };
            by_date.then_with(|| x.title.cmp(&y.title)).then(a.cmp(&b))
        });
        let groups = self.group(&shown, params);

        let mut venues: Vec<FacetValue> = venue_counts
            .iter()
            .filter_map(|(v, &count)| v.map(|v| (v, count)))
            .map(|(v, count)| FacetValue {
                id: self.venues[v].id.clone(),
                label: self.venues[v].short.clone(),
                count,
                selected: venue_ids.contains(&v),
            })
            .collect();
        // Selected venues stay listed even when nothing else matches them.
        for &v in &venue_ids {
            if !venue_counts.contains_key(&Some(v)) {
                venues.push(FacetValue {
                    id: self.venues[v].id.clone(),
                    label: self.venues[v].short.clone(),
                    count: 0,
                    selected: true,
                });
            }
        }
        venues.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
        let mut kinds: Vec<FacetValue> = PublicationType::ALL
            .into_iter()
            .filter(|k| kind_counts.contains_key(k) || params.kinds.contains(k))
            .map(|k| FacetValue {
                id: k.key().into(),
                label: k.label().into(),
                count: kind_counts.get(&k).copied().unwrap_or(0),
                selected: params.kinds.contains(&k),
            })
            .collect();
        kinds.sort_by_key(|k| PublicationType::from_key(&k.id));
        let years = year_counts
            .iter()
            .rev()
            .map(|(&y, &count)| FacetValue {
                id: y.to_string(),
                label: y.to_string(),
                count,
                selected: year_ok(y) && (params.year_from.is_some() || params.year_to.is_some()),
            })
            .collect();
        PubList {
            total: scope.len(),
            shown: shown.len(),
            groups,
            facets: PubFacets {
                venues,
                kinds,
                years,
                honoured: FacetValue {
                    id: "1".into(),
                    label: "Has an honour".into(),
                    count: honoured_count,
                    selected: params.honoured,
                },
                year_min,
                year_max,
                topics: (topic_ids.iter())
                    .map(|&t| FacetValue {
                        id: self.topics[t as usize].0.clone(),
                        label: self.topics[t as usize].1.clone(),
                        count: (shown.iter())
                            .filter(|&&i| self.entries[i].topics.contains(&t))
                            .count(),
                        selected: true,
                    })
                    .collect(),
                org: org.map(|o| FacetValue {
                    id: self.orgs[o as usize].0.clone(),
                    label: self.orgs[o as usize].1.clone(),
                    count: shown.len(),
                    selected: true,
                }),
            },
        }
    }

    /// Splits the ordered `shown` publications into groups.
    fn group(&self, shown: &[usize], params: &PubParams) -> Vec<PubGroup> {
        let mut groups: Vec<PubGroup> = Vec::new();
        let mut push = |key: String, label: String, title: Option<String>, i: usize| match groups
            .iter_mut()
            .find(|g| g.key == key)
        {
            Some(g) => g.items.push(i),
            None => groups.push(PubGroup {
                key,
                label,
                title,
                items: vec![i],
            }),
        };
        for &i in shown {
            let e = &self.entries[i];
            match params.group {
                GroupBy::Year => push(e.year.to_string(), e.year.to_string(), None, i),
                GroupBy::Type => push(e.kind.key().into(), e.kind.label().into(), None, i),
                GroupBy::Venue => match e.venue.map(|v| &self.venues[v]) {
                    Some(v) => push(v.id.clone(), v.short.clone(), Some(v.name.clone()), i),
                    None => push("none".into(), "No venue".into(), None, i),
                },
            }
        }
        match params.group {
            // Year groups already follow the order of their entries.
            GroupBy::Year => {}
            GroupBy::Type => groups.sort_by_key(|g| PublicationType::from_key(&g.key)),
            GroupBy::Venue => groups.sort_by(|a, b| {
                (a.key == "none")
                    .cmp(&(b.key == "none"))
                    .then(b.items.len().cmp(&a.items.len()))
                    .then_with(|| fold(&a.label).cmp(&fold(&b.label)))
            }),
        }
        groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::load;

    fn bundled() -> Dataset {
        load(include_str!("../../data/researchers.json"), 2027)
            .expect("the bundled dataset loads")
            .dataset
    }

    fn shown(ix: &PublicationIndex, query: &[(&str, &str)]) -> usize {
        let p = ix.sanitize(&PubParams::from_pairs(query.iter().copied()));
        ix.list(&ix.scope_all(), &p).shown
    }

    #[test]
    fn an_organization_keeps_the_papers_credited_to_it() {
        let d = bundled();
        let ix = PublicationIndex::new(&d);
        // Luo Mai's ten, all at Edinburgh (no record gives years; his current organization).
        assert_eq!(shown(&ix, &[("porg", "edinburgh")]), 10);
        assert_eq!(shown(&ix, &[("porg", "edinburgh"), ("pvenue", "osdi")]), 2);
        let p = ix.sanitize(&PubParams::from_pairs([
            ("porg", "edinburgh"),
            ("ptopic", "ml-systems"),
        ]));
        let facets = ix.list(&ix.scope_all(), &p).facets;
        let org = facets
            .org
            .expect("the chosen organization is a facet value");
        assert_eq!((org.id.as_str(), org.selected), ("edinburgh", true));
        assert_eq!(facets.topics.len(), 1);
        assert_eq!(facets.topics[0].label, "ML systems");
        assert_eq!(
            facets.topics[0].count, org.count,
            "every one shown carries it"
        );
        // An organization nobody was at has nothing; one the vocabulary lacks is dropped.
        assert_eq!(shown(&ix, &[("porg", "columbia")]), 0);
        assert_eq!(shown(&ix, &[("porg", "nowhere")]), d.publications.len());
    }

    #[test]
    fn venues_and_topics_together_match_either() {
        let d = bundled();
        let ix = PublicationIndex::new(&d);
        let by_venue = shown(&ix, &[("pvenue", "nsdi")]);
        let by_topic = shown(&ix, &[("ptopic", "llm-serving")]);
        let both = (d.publications.iter())
            .filter(|p| {
                p.venue.as_ref().is_some_and(|v| v.as_str() == "nsdi")
                    && p.topics.iter().any(|t| t.as_str() == "llm-serving")
            })
            .count();
        assert!(by_venue > 0 && by_topic > 0);
        assert_eq!(
            shown(&ix, &[("pvenue", "nsdi"), ("ptopic", "llm-serving")]),
            by_venue + by_topic - both
        );
        let p = PubParams::from_pairs([("ptopic", "llm-serving"), ("porg", "x")]);
        assert_eq!(p.filter_count(), 2);
        assert_eq!(p.without_filters().filter_count(), 0);
    }
}
