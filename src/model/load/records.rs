//! The records of a file being loaded, each with its index in the file, and what happens to
//! them as problems are found: a value left out ([`Records::drop_value`]), a record skipped
//! ([`Records::drop_records`]), and the references to skipped records removed.

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::fields::{FieldPath, Removed};
use crate::model::types::*;
use crate::model::validate::Collection;

/// The typed records with the index each had in the file, and what each has lost.
#[derive(Default)]
pub(super) struct Records {
    pub(super) organizations: Vec<(usize, Organization)>,
    pub(super) topics: Vec<(usize, Topic)>,
    pub(super) venues: Vec<(usize, Venue)>,
    pub(super) researchers: Vec<(usize, Researcher)>,
    pub(super) publications: Vec<(usize, Publication)>,
    /// What was left out of each record, by collection and index in the file.
    pub(super) removed: HashMap<(Collection, usize), Removed>,
}

impl Records {
    /// The records as a dataset, with the file-level fields of `frame`.
    pub(super) fn dataset(&self, frame: &Dataset) -> Dataset {
        fn values<T: Clone>(v: &[(usize, T)]) -> Vec<T> {
            v.iter().map(|(_, t)| t.clone()).collect()
        }
        Dataset {
            schema: frame.schema.clone(),
            schema_version: frame.schema_version,
            config: frame.config.clone(),
            organizations: values(&self.organizations),
            topics: values(&self.topics),
            venues: values(&self.venues),
            researchers: values(&self.researchers),
            publications: values(&self.publications),
        }
    }

    /// The index in the file of the record at position `i` of `c`.
    pub(super) fn origin(&self, c: Collection, i: usize) -> usize {
        let index = match c {
            Collection::Organizations => self.organizations.get(i).map(|x| x.0),
            Collection::Topics => self.topics.get(i).map(|x| x.0),
            Collection::Venues => self.venues.get(i).map(|x| x.0),
            Collection::Researchers => self.researchers.get(i).map(|x| x.0),
            Collection::Publications => self.publications.get(i).map(|x| x.0),
        };
        index.unwrap_or(i)
    }

    /// `current`, a path in the record at file index `origin` of `c` as it is now, in the
    /// file's positions.
    pub(super) fn to_file(&self, c: Collection, origin: usize, current: &FieldPath) -> FieldPath {
        self.removed
            .get(&(c, origin))
            .map_or_else(|| current.clone(), |r| r.to_file(current))
    }

    /// Leaves out the value at `file` (the file's positions) of the record at position `i` of
    /// `c`; false when it cannot be, and then the record must go.
    pub(super) fn drop_value(&mut self, c: Collection, i: usize, file: &FieldPath) -> bool {
        fn drop_in<T: Serialize + DeserializeOwned>(
            c: Collection,
            items: &mut [(usize, T)],
            i: usize,
            removed: &mut HashMap<(Collection, usize), Removed>,
            file: &FieldPath,
        ) -> bool {
            let Some((origin, record)) = items.get_mut(i) else {
                return false;
            };
            let log = removed.entry((c, *origin)).or_default();
            log.without(record, file).map(|r| *record = r).is_some()
        }
        let removed = &mut self.removed;
        match c {
            Collection::Organizations => drop_in(c, &mut self.organizations, i, removed, file),
            Collection::Topics => drop_in(c, &mut self.topics, i, removed, file),
            Collection::Venues => drop_in(c, &mut self.venues, i, removed, file),
            Collection::Researchers => drop_in(c, &mut self.researchers, i, removed, file),
            Collection::Publications => drop_in(c, &mut self.publications, i, removed, file),
        }
    }

    /// Drops the bad records, then unlinks what pointed at dropped researchers and publications
    /// (a skipped paper must not take its authors with it).
    pub(super) fn drop_records(
        &mut self,
        bad: &HashSet<(Collection, usize)>,
        skipped: &mut Vec<String>,
    ) {
        fn retain<T>(
            c: Collection,
            items: &mut Vec<(usize, T)>,
            bad: &HashSet<(Collection, usize)>,
            label: impl Fn(&T) -> String,
            skipped: &mut Vec<String>,
        ) -> Vec<String> {
            let mut gone = Vec::new();
            let mut pos = 0;
            items.retain(|(orig, item)| {
                let keep = !bad.contains(&(c, pos));
                pos += 1;
                if !keep {
                    skipped.push(format!("{}[{orig}] ({:?})", c.key(), label(item)));
                    gone.push(label(item));
                }
                keep
            });
            gone
        }
        let mut gone_vocab = retain(
            Collection::Organizations,
            &mut self.organizations,
            bad,
            |o| o.id.0.clone(),
            skipped,
        );
        gone_vocab.extend(retain(
            Collection::Topics,
            &mut self.topics,
            bad,
            |t| t.id.0.clone(),
            skipped,
        ));
        gone_vocab.extend(retain(
            Collection::Venues,
            &mut self.venues,
            bad,
            |v| v.id.0.clone(),
            skipped,
        ));
        self.unlink_vocabulary(&gone_vocab);
        let gone_people = retain(
            Collection::Researchers,
            &mut self.researchers,
            bad,
            |r| r.id.0.clone(),
            skipped,
        );
        let gone_papers = retain(
            Collection::Publications,
            &mut self.publications,
            bad,
            |p| p.id.0.clone(),
            skipped,
        );
        self.unlink(gone_people, gone_papers);
    }

    /// Removes references to skipped organizations, topics and venues (unless an entry with the
    /// same id survived): a bad vocabulary entry must not take every record that uses it along.
    /// Optional references are cleared; an education or position entry, which needs its
    /// organization, goes with it.
    pub(super) fn unlink_vocabulary(&mut self, gone: &[String]) {
        let orgs: HashSet<&str> = self
            .organizations
            .iter()
            .map(|(_, o)| o.id.as_str())
            .collect();
        let topics: HashSet<&str> = self.topics.iter().map(|(_, t)| t.id.as_str()).collect();
        let venues: HashSet<&str> = self.venues.iter().map(|(_, v)| v.id.as_str()).collect();
        let gone_org = |id: &OrgId| gone.contains(&id.0) && !orgs.contains(id.as_str());
        let gone_topic = |id: &TopicId| gone.contains(&id.0) && !topics.contains(id.as_str());
        let gone_venue = |id: &VenueId| gone.contains(&id.0) && !venues.contains(id.as_str());
        if gone.is_empty() {
            return;
        }
        for (_, r) in &mut self.researchers {
            if r.organization.as_ref().is_some_and(gone_org) {
                r.organization = None;
            }
            r.topics.retain(|t| !gone_topic(t));
            r.education.retain(|e| !gone_org(&e.organization));
            r.positions.retain(|p| !gone_org(&p.organization));
            for p in &mut r.projects {
                if p.organization.as_ref().is_some_and(gone_org) {
                    p.organization = None;
                }
            }
            for t in &mut r.teaching {
                if t.organization.as_ref().is_some_and(gone_org) {
                    t.organization = None;
                }
            }
            for l in &mut r.leadership {
                if l.organization.as_ref().is_some_and(gone_org) {
                    l.organization = None;
                }
            }
            for s in &mut r.service {
                if s.venue.as_ref().is_some_and(gone_venue) {
                    s.venue = None;
                }
            }
        }
        for (_, p) in &mut self.publications {
            p.topics.retain(|t| !gone_topic(t));
            if p.venue.as_ref().is_some_and(gone_venue) {
                p.venue = None;
            }
            if p.school.as_ref().is_some_and(gone_org) {
                p.school = None;
            }
        }
    }

    /// Removes references to skipped researchers and publications, unless another record with
    /// the same id survived (a duplicate id is still defined once).
    pub(super) fn unlink(&mut self, gone_people: Vec<String>, gone_papers: Vec<String>) {
        let people: HashSet<String> = gone_people
            .into_iter()
            .filter(|id| !self.researchers.iter().any(|(_, r)| &r.id.0 == id))
            .collect();
        let papers: HashSet<String> = gone_papers
            .into_iter()
            .filter(|id| !self.publications.iter().any(|(_, p)| &p.id.0 == id))
            .collect();
        if people.is_empty() && papers.is_empty() {
            return;
        }
        let unlink = |id: &mut Option<ResearcherId>| {
            if id.as_ref().is_some_and(|r| people.contains(&r.0)) {
                *id = None;
            }
        };
        for (_, p) in &mut self.publications {
            for a in &mut p.authors {
                unlink(&mut a.researcher);
            }
        }
        for (_, r) in &mut self.researchers {
            r.publications.retain(|p| !papers.contains(&p.0));
            for a in &mut r.awards {
                if a.publication
                    .as_ref()
                    .is_some_and(|p| papers.contains(&p.0))
                {
                    a.publication = None;
                }
            }
            for pr in &mut r.projects {
                pr.publications.retain(|p| !papers.contains(&p.0));
            }
            for a in r
                .advisors
                .iter_mut()
                .chain(r.education.iter_mut().flat_map(|e| e.advisors.iter_mut()))
            {
                unlink(&mut a.researcher);
            }
            for g in &mut r.group {
                unlink(&mut g.researcher);
            }
        }
    }
}
