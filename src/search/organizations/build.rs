//! Building the [`OrgTable`] from a dataset: organizations and their people now and before (now
//! by seniority, then name; before, the latest leavers first), then every paper with the
//! organizations credited with it, in year order.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::affiliation::{Affiliations, span_years};
use super::page::seniority;
use super::{Member, NO_VENUE, OrgEntry, OrgTable, Papers, PersonLabel, Until, VenueLabel};
use crate::model::{Dataset, EndDate, Publication, Researcher};
use crate::search::text::fold;

/// How many venues and topics an organization's row names.
const TOP: usize = 3;

/// One degree or job of a person at an organization, as the table needs it.
struct Record<'a> {
    org: u32,
    years: Option<(u16, u16)>,
    start: Option<u16>,
    end: Option<EndDate>,
    role: &'a str,
}

impl OrgTable {
    /// The table of `dataset`.
    pub fn build(dataset: &Dataset) -> Self {
        let org_pos: HashMap<&str, u32> = (dataset.organizations.iter().enumerate())
            .map(|(i, o)| (o.id.as_str(), i as u32))
            .collect();
        let mut table = Self {
            orgs: (dataset.organizations.iter())
                .map(|o| OrgEntry {
                    id: o.id.0.clone(),
                    name: o.name.clone(),
                    short_name: o.short_name.clone(),
                    aliases: o.aliases.clone(),
                    kind: o.kind,
                    country: o.country.clone(),
                    url: o.url.clone(),
                    members: Vec::new(),
                    topics: Vec::new(),
                    top_venues: Vec::new(),
                    top_topics: Vec::new(),
                    papers: 0,
                })
                .collect(),
            venues: VenueLabel::all(dataset),
            topics: (dataset.topics.iter())
                .map(|t| (t.id.0.clone(), t.name.clone()))
                .collect(),
            names: crate::search::VocabNames::of(dataset),
            ..Self::default()
        };
        table.add_people(dataset, &org_pos);
        table.add_papers(dataset, &org_pos);
        table.derive();
        table
    }

    /// Every researcher's time at each organization, and the topics of those there now.
    fn add_people(&mut self, dataset: &Dataset, org_pos: &HashMap<&str, u32>) {
        let mut roles: HashMap<String, u32> = HashMap::new();
        let mut topics: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); self.orgs.len()];
        let topic_pos: HashMap<&str, u32> = (dataset.topics.iter().enumerate())
            .map(|(i, t)| (t.id.as_str(), i as u32))
            .collect();
        for r in &dataset.researchers {
            let current = r
                .organization
                .as_ref()
                .and_then(|o| org_pos.get(o.as_str()));
            let records = records(r, org_pos);
            let mut orgs: Vec<u32> = records.iter().map(|x| x.org).collect();
            orgs.extend(current);
            orgs.sort_unstable();
            orgs.dedup();
            if orgs.is_empty() {
                continue;
            }
            let person = self.people.len() as u32;
            self.people.push(PersonLabel {
                id: r.id.0.clone(),
                name: r.name.clone(),
                stage: r.career_stage,
                current: current.copied(),
                openings: (r.openings.iter()).flat_map(|o| o.kinds.clone()).collect(),
            });
            for org in orgs {
                let here: Vec<&Record> = records.iter().filter(|x| x.org == org).collect();
                let now =
                    current == Some(&org) || here.iter().any(|x| x.end == Some(EndDate::Present));
                let mut names: Vec<&str> = here.iter().map(|x| x.role).collect();
                if here.is_empty() {
                    names.extend(r.title.as_deref());
                }
                let mut role_ids: Vec<u32> = Vec::new();
                for name in names.into_iter().map(str::trim).filter(|n| !n.is_empty()) {
                    let next = roles.len() as u32;
                    let id = *roles.entry(name.to_owned()).or_insert(next);
                    if !role_ids.contains(&id) {
                        role_ids.push(id);
                    }
                }
                let last = here.iter().filter_map(|x| x.years.map(|y| y.1)).max();
                self.orgs[org as usize].members.push(Member {
                    person,
                    now,
                    from: here.iter().filter_map(|x| x.start).min(),
                    until: match (now, last) {
                        (true, _) => Until::Present,
                        (false, Some(year)) if year != u16::MAX => Until::Year(year),
                        _ => Until::Unknown,
                    },
                    roles: role_ids,
                });
                if now {
                    let theirs = r.topics.iter().filter_map(|t| topic_pos.get(t.as_str()));
                    topics[org as usize].extend(theirs);
                }
            }
        }
        let mut names: Vec<(String, u32)> = roles.into_iter().collect();
        names.sort_by_key(|(_, id)| *id);
        self.roles = names.into_iter().map(|(name, _)| name).collect();
        let folded: Vec<String> = self.people.iter().map(|p| fold(&p.name)).collect();
        let people = &self.people;
        for (o, topics) in self.orgs.iter_mut().zip(topics) {
            o.topics = topics.into_iter().collect();
            o.members.sort_by(|a, b| {
                let (pa, pb) = (a.person as usize, b.person as usize);
                let by_time = match (a.now, b.now) {
                    (true, true) => seniority(people[pa].stage).cmp(&seniority(people[pb].stage)),
                    (false, false) => until_key(b.until).cmp(&until_key(a.until)),
                    _ => b.now.cmp(&a.now),
                };
                by_time
                    .then_with(|| folded[pa].cmp(&folded[pb]))
                    .then(pa.cmp(&pb))
            });
        }
    }

    /// Every paper credited to an organization, and each organization's venue and topic mix.
    fn add_papers(&mut self, dataset: &Dataset, org_pos: &HashMap<&str, u32>) {
        let venue_pos: HashMap<&str, u32> = (dataset.venues.iter().enumerate())
            .map(|(i, v)| (v.id.as_str(), i as u32))
            .collect();
        let topic_pos: HashMap<&str, u32> = (dataset.topics.iter().enumerate())
            .map(|(i, t)| (t.id.as_str(), i as u32))
            .collect();
        let affiliations = Affiliations::new(dataset, org_pos);
        let mut papers = Papers::default();
        let mut venue_mix: Vec<BTreeMap<u32, u32>> = vec![BTreeMap::new(); self.orgs.len()];
        let mut topic_mix: Vec<BTreeMap<u32, u32>> = vec![BTreeMap::new(); self.orgs.len()];
        // In year order (stable), so a year range is one run of papers.
        let mut in_years: Vec<&Publication> = dataset.publications.iter().collect();
        in_years.sort_by_key(|p| p.year);
        for p in in_years {
            let credits = affiliations.credit(p);
            if credits.is_empty() {
                continue;
            }
            let venue = (p.venue.as_ref()).and_then(|v| venue_pos.get(v.as_str()).copied());
            let mut topics: Vec<u32> = (p.topics.iter())
                .filter_map(|t| topic_pos.get(t.as_str()).copied())
                .collect();
            topics.sort_unstable();
            topics.dedup();
            topics.truncate(usize::from(u8::MAX));
            papers.year.push(p.year);
            papers.venue.push(venue.unwrap_or(NO_VENUE));
            papers.topic_count.push(topics.len() as u8);
            papers.topics.extend(&topics);
            papers.credit_count.push(credits.len() as u16);
            for c in &credits {
                let org = c.org as usize;
                papers.org.push(c.org);
                papers.share.push(c.share as f32);
                self.orgs[org].papers += 1;
                if let Some(v) = venue {
                    *venue_mix[org].entry(v).or_default() += 1;
                }
                for &t in &topics {
                    *topic_mix[org].entry(t).or_default() += 1;
                }
            }
        }
        self.papers = papers;
        for ((o, venues), topics) in self.orgs.iter_mut().zip(venue_mix).zip(topic_mix) {
            o.topics.extend(topics.keys());
            o.topics.sort_unstable();
            o.topics.dedup();
            o.top_venues = top(venues, |v| fold(&self.venues[v as usize].short));
            o.top_topics = top(topics, |t| fold(&self.topics[t as usize].1));
        }
    }
}

/// A researcher's degrees and jobs at organizations of the vocabulary, in profile order.
fn records<'a>(r: &'a Researcher, org_pos: &HashMap<&str, u32>) -> Vec<Record<'a>> {
    let education =
        (r.education.iter()).map(|e| (&e.organization, e.start, e.end, e.degree.as_str()));
    let positions =
        (r.positions.iter()).map(|p| (&p.organization, p.start, p.end, p.title.as_str()));
    education
        .chain(positions)
        .filter_map(|(org, start, end, role)| {
            Some(Record {
                org: *org_pos.get(org.as_str())?,
                years: span_years(start, end),
                start: start.map(|d| d.year),
                end,
                role,
            })
        })
        .collect()
}

/// Orders leavers: the latest known year first, unknown last.
fn until_key(until: Until) -> u32 {
    match until {
        Until::Present => u32::MAX,
        Until::Year(y) => u32::from(y) + 1,
        Until::Unknown => 0,
    }
}

/// The `TOP` most frequent of `counts`, ties by `label`.
fn top(counts: BTreeMap<u32, u32>, label: impl Fn(u32) -> String) -> Vec<(u32, u32)> {
    let mut all: Vec<(u32, u32)> = counts.into_iter().collect();
    all.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| label(a.0).cmp(&label(b.0))));
    all.truncate(TOP);
    all
}
