//! The publication lists of a loaded dataset: a profile's, or `/publications` on a site
//! without compiled files.

use std::collections::{BTreeSet, HashMap};

use super::{
    PubAttrs, PubCore, PubList, PubParams, PubVocab, TextQuery, VenueLabel, kind_index, words_of,
};
use crate::model::shares::map_in_order;
use crate::model::sort;
use crate::model::{Dataset, Publication, PublicationId, Researcher};
use crate::search::organizations::Affiliations;
use crate::search::text::fold;

/// Every publication of a dataset, in list order, with its filter attributes and words.
#[derive(Debug, Clone)]
pub struct PublicationIndex {
    core: PubCore,
    /// The dataset index of each entry, in list order.
    order: Vec<usize>,
    /// The list position of each publication of the dataset.
    position_of: Vec<usize>,
    /// Each entry's words, in list order.
    words: Vec<Vec<String>>,
    by_id: HashMap<PublicationId, usize>,
    ids: Vec<PublicationId>,
}

/// The searchable text of a publication: title, authors, venue names, booktitle, DOI, arXiv
/// id, year, type and honours.
pub fn searchable_text(p: &Publication, venue: Option<&VenueLabel>) -> String {
    let mut text = p.title.clone();
    for a in &p.authors {
        text.push(' ');
        text.push_str(&a.name);
    }
    if let Some(v) = venue {
        text.push_str(&format!(" {} {}", v.short, v.name));
    }
    for extra in [&p.booktitle, &p.doi, &p.arxiv].into_iter().flatten() {
        text.push(' ');
        text.push_str(extra);
    }
    text.push_str(&format!(" {} {}", p.year, p.kind.label(&crate::lang::EN)));
    for h in &p.honours {
        text.push(' ');
        text.push_str(h);
    }
    text
}

/// The dataset's publications in list order: newest first by year and month, then by folded
/// title, then in dataset order.
pub fn list_order(dataset: &Dataset) -> Vec<usize> {
    let titles: Vec<String> = dataset
        .publications
        .iter()
        .map(|p| fold(&p.title))
        .collect();
    let mut order: Vec<usize> = (0..dataset.publications.len()).collect();
    sort::by(&mut order, |&a, &b| {
        let (x, y) = (&dataset.publications[a], &dataset.publications[b]);
        (y.year, y.month.unwrap_or(0))
            .cmp(&(x.year, x.month.unwrap_or(0)))
            .then_with(|| titles[a].cmp(&titles[b]))
            .then(a.cmp(&b))
    });
    order
}

impl PublicationIndex {
    /// Prepares every publication of `dataset`.
    pub fn new(dataset: &Dataset) -> Self {
        let vocab = PubVocab {
            venues: VenueLabel::all(dataset),
            topics: (dataset.topics.iter())
                .map(|t| (t.id.0.clone(), t.name.clone()))
                .collect(),
            orgs: (dataset.organizations.iter())
                .map(|o| (o.id.0.clone(), o.label().to_owned()))
                .collect(),
        };
        let venue_pos: HashMap<&str, usize> = (vocab.venues.iter().enumerate())
            .map(|(i, v)| (v.id.as_str(), i))
            .collect();
        let topic_pos: HashMap<&str, u32> = (dataset.topics.iter().enumerate())
            .map(|(i, t)| (t.id.as_str(), i as u32))
            .collect();
        let org_pos: HashMap<&str, u32> = (dataset.organizations.iter().enumerate())
            .map(|(i, o)| (o.id.as_str(), i as u32))
            .collect();
        let affiliations = Affiliations::new(dataset, &org_pos);
        let order = list_order(dataset);
        let mut position_of = vec![0; order.len()];
        for (pos, &i) in order.iter().enumerate() {
            position_of[i] = pos;
        }
        // Each entry's words and attributes on every core (a million at 100,000 researchers).
        let rows = map_in_order(order.clone(), |i| {
            let p = &dataset.publications[i];
            let venue = (p.venue.as_ref()).and_then(|v| venue_pos.get(v.as_str()).copied());
            let words = words_of(&searchable_text(p, venue.map(|v| &vocab.venues[v])));
            let topics: Vec<u32> = (p.topics.iter())
                .filter_map(|t| topic_pos.get(t.as_str()).copied())
                .collect();
            let orgs: Vec<u32> = affiliations.credit(p).iter().map(|c| c.org).collect();
            (words, venue, topics, orgs)
        });
        let mut attrs = PubAttrs::default();
        let mut words = Vec::with_capacity(order.len());
        for (&i, (w, venue, topics, orgs)) in order.iter().zip(rows) {
            let p = &dataset.publications[i];
            words.push(w);
            attrs.year.push(p.year);
            attrs.month.push(p.month.unwrap_or(0));
            attrs.kind.push(kind_index(p.kind));
            attrs.venue.push(venue.map_or(0, |v| v as u32 + 1));
            attrs.honoured.push(!p.honours.is_empty());
            attrs.topics.push(topics);
            attrs.orgs.push(orgs);
        }
        attrs.cited = PubAttrs::cited_column(
            (order.iter()).map(|&i| dataset.publications[i].citations.as_ref().map(|c| c.count)),
        );
        let by_id = (dataset.publications.iter().enumerate())
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        Self {
            core: PubCore { attrs, vocab },
            order,
            position_of,
            words,
            by_id,
            ids: dataset.publications.iter().map(|p| p.id.clone()).collect(),
        }
    }

    /// The attributes and vocabularies, in list order.
    pub fn core(&self) -> &PubCore {
        &self.core
    }

    /// The dataset index of each entry, in list order.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Each entry's words, in list order.
    pub fn words(&self) -> &[Vec<String>] {
        &self.words
    }

    /// The id of `dataset.publications[i]`.
    pub fn id_at(&self, i: usize) -> Option<&PublicationId> {
        self.ids.get(i)
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
        (0..self.order.len()).collect()
    }

    /// `params` with venue, topic and organization ids unknown to the dataset dropped.
    pub fn sanitize(&self, params: &PubParams) -> PubParams {
        self.core.sanitize(params)
    }

    /// Filters, groups, orders and pages the publications of `scope` (indices into
    /// `dataset.publications`, e.g. from [`scope_of`](Self::scope_of)) and counts the facets;
    /// the answer's entries are indices into `dataset.publications` too.
    pub fn list(&self, scope: &[usize], params: &PubParams) -> PubList {
        let mut positions: Vec<usize> = (scope.iter())
            .filter_map(|&i| self.position_of.get(i).copied())
            .collect();
        positions.sort_unstable();
        positions.dedup();
        let query = TextQuery::new(&params.query);
        let text: Option<Vec<usize>> = (!query.is_empty()).then(|| {
            (positions.iter().copied())
                .filter(|&pos| query.matches(&self.words[pos]))
                .collect()
        });
        let mut list = self.core.list(Some(&positions), text.as_deref(), params);
        // The scope as given, so a researcher listing an id twice still counts it once.
        list.total = positions.len();
        list.map(|pos| self.order[pos])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::bundled::dataset as bundled;

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
