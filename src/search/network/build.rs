//! Building the [`Network`] from a [`Dataset`]: shared papers and their co-author pairs,
//! shared-advisor and shared-organization groups with each member's part, and advising links
//! inside the directory.

use std::collections::{BTreeMap, HashMap};

use super::periods::{self, Stretch};
use super::{
    AdvisedEdge, CoauthorEdge, Group, GroupKind, Member, Network, Records, SharedPaper, Whole,
};
use crate::model::Dataset;
use crate::search::text::tokenize;

impl Network {
    /// Builds the network of `dataset`'s researchers.
    ///
    /// Authors, advisors and members are matched by researcher id; ids that name nobody in the
    /// directory are left out. Advisors without an id are matched by folded name, so two people
    /// who both name "Ion Stoica" share one group.
    pub fn build(dataset: &Dataset) -> Self {
        let people: Vec<String> = (dataset.researchers.iter())
            .map(|r| r.id.0.clone())
            .collect();
        let names: Vec<String> = (dataset.researchers.iter())
            .map(|r| r.name.clone())
            .collect();
        let position: HashMap<&str, u32> = (people.iter().enumerate())
            .map(|(i, id)| (id.as_str(), i as u32))
            .collect();
        let (papers, coauthors) = shared_papers(dataset, &position);
        let (mut groups, advised) = advisor_groups(dataset, &position, &names);
        let first = groups.len();
        groups.extend(organization_groups(dataset, first));
        let records = Records {
            people,
            names,
            papers,
            coauthors,
            groups,
            advised,
        };
        Self::of(records, None)
    }
}

/// The publications with two or more directory authors, and the co-author edges they make.
fn shared_papers(
    dataset: &Dataset,
    position: &HashMap<&str, u32>,
) -> (Vec<SharedPaper>, Vec<CoauthorEdge>) {
    let venues: HashMap<&str, &str> = (dataset.venues.iter())
        .map(|v| (v.id.as_str(), v.short_name.as_str()))
        .collect();
    let mut papers = Vec::new();
    let mut pairs: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    for p in &dataset.publications {
        let mut authors: Vec<u32> = (p.authors.iter())
            .filter_map(|a| position.get(a.researcher.as_ref()?.as_str()).copied())
            .collect();
        authors.sort_unstable();
        authors.dedup();
        if authors.len() < 2 {
            continue;
        }
        let paper = papers.len() as u32;
        papers.push(SharedPaper {
            id: p.id.0.clone(),
            title: p.title.clone(),
            short_title: short_title(&p.title),
            venue: (p.venue.as_ref())
                .and_then(|v| venues.get(v.as_str()))
                .map(|v| v.to_string()),
            year: p.year,
        });
        for (i, &a) in authors.iter().enumerate() {
            for &b in &authors[i + 1..] {
                // Papers are numbered in order, so each list comes out sorted.
                pairs.entry((a, b)).or_default().push(paper);
            }
        }
    }
    let coauthors = (pairs.into_iter())
        .map(|((a, b), papers)| CoauthorEdge { a, b, papers })
        .collect();
    (papers, coauthors)
}

/// The title up to its first `:` (`"SkyPilot: An Intercloud Broker"` → `"SkyPilot"`).
pub fn short_title(title: &str) -> String {
    match title.split_once(':') {
        Some((head, _)) if !head.trim().is_empty() => head.trim().to_owned(),
        _ => title.trim().to_owned(),
    }
}

/// Who an advisor group is keyed by.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum AdvisorKey {
    /// The advisor's researcher id.
    Id(String),
    /// Their name, folded and with punctuation and spacing dropped (`"alexander l wolf"`).
    Name(String),
}

/// A group being collected: its label, advisor and each member's role parts.
struct DraftGroup {
    label: String,
    advisor: Option<u32>,
    members: BTreeMap<u32, Vec<String>>,
}

impl DraftGroup {
    fn new(label: String, advisor: Option<u32>) -> Self {
        Self {
            label,
            advisor,
            members: BTreeMap::new(),
        }
    }

    /// The group, when it has two members or more.
    fn finish(self, kind: GroupKind, key: String) -> Option<Group> {
        (self.members.len() >= 2).then(|| Group {
            kind,
            key,
            label: self.label,
            advisor: self.advisor,
            whole: None,
            members: (self.members.into_iter())
                .map(|(person, parts)| Member {
                    person,
                    role: parts.join("; "),
                })
                .collect(),
        })
    }
}

/// Adds `item` to `list` unless it is there already.
fn push_new(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// Shared-advisor groups, and the advising links whose advisor is in the directory.
fn advisor_groups(
    dataset: &Dataset,
    position: &HashMap<&str, u32>,
    names: &[String],
) -> (Vec<Group>, Vec<AdvisedEdge>) {
    let mut drafts: BTreeMap<AdvisorKey, DraftGroup> = BTreeMap::new();
    let mut advised: BTreeMap<(u32, u32), Vec<String>> = BTreeMap::new();
    for (student, r) in dataset.researchers.iter().enumerate() {
        let student = student as u32;
        let advisors = (r.advisors.iter()).chain(r.education.iter().flat_map(|e| &e.advisors));
        for a in advisors {
            let in_directory = (a.researcher.as_ref()).and_then(|id| position.get(id.as_str()));
            let key = match &a.researcher {
                Some(id) => AdvisorKey::Id(id.0.clone()),
                None => {
                    let words: Vec<String> =
                        tokenize(&a.name).into_iter().map(|t| t.text).collect();
                    if words.is_empty() {
                        continue;
                    }
                    AdvisorKey::Name(words.join(" "))
                }
            };
            if in_directory == Some(&student) {
                continue;
            }
            let label = match in_directory {
                Some(&p) => names[p as usize].clone(),
                None => a.name.trim().to_owned(),
            };
            let draft = (drafts.entry(key))
                .or_insert_with(|| DraftGroup::new(label, in_directory.copied()));
            let role = match &a.role {
                Some(role) => format!("{role} advisee"),
                None => "advisee".to_owned(),
            };
            push_new(draft.members.entry(student).or_default(), role);
            if let Some(&advisor) = in_directory {
                let roles = advised.entry((advisor, student)).or_default();
                if let Some(role) = &a.role {
                    push_new(roles, role.clone());
                }
            }
        }
    }
    let groups = (drafts.into_iter())
        .filter_map(|(key, draft)| {
            let key = match key {
                AdvisorKey::Id(k) | AdvisorKey::Name(k) => k,
            };
            draft.finish(GroupKind::Advisor, key)
        })
        .collect();
    let advised = (advised.into_iter())
        .map(|((advisor, student), roles)| AdvisedEdge {
            advisor,
            student,
            role: (!roles.is_empty()).then(|| roles.join(", ")),
        })
        .collect();
    (groups, advised)
}

/// Shared-organization groups: the people who studied or worked at an organization, or are
/// there now, at the same time ([`periods`]). An organization whose people were not all there
/// together has a group per time they were, labelled with its years (`"Meta, 2017–2019"`), and
/// each of them names the organization's first ([`Whole`]). The groups are numbered from
/// `offset` in the network.
fn organization_groups(dataset: &Dataset, offset: usize) -> Vec<Group> {
    let labels: HashMap<&str, &str> = (dataset.organizations.iter())
        .map(|o| (o.id.as_str(), o.label()))
        .collect();
    let mut drafts: BTreeMap<&str, OrgDraft> = BTreeMap::new();
    for (person, r) in dataset.researchers.iter().enumerate() {
        let person = person as u32;
        let entries = (r.education.iter())
            .map(|e| (&e.organization, &e.degree, e.start, e.end))
            .chain((r.positions.iter()).map(|p| (&p.organization, &p.title, p.start, p.end)));
        let mut mine: Vec<&str> = Vec::new();
        for (org, what, start, end) in entries {
            let (draft, stretches) = org_draft(&mut drafts, &labels, org.as_str());
            let role = periods::with_years(what, start, end);
            push_new(draft.members.entry(person).or_default(), role);
            stretches.push((person, Stretch::new(start, end)));
            mine.push(org.as_str());
        }
        // The current organization, when no degree or job there says more: since when, unknown.
        if let Some(org) = r.organization.as_ref().map(|o| o.as_str())
            && !mine.contains(&org)
        {
            let (draft, stretches) = org_draft(&mut drafts, &labels, org);
            let role = r
                .title
                .clone()
                .filter(|t| !t.trim().is_empty())
                .unwrap_or_else(|| "Current organization".to_owned());
            push_new(draft.members.entry(person).or_default(), role);
            stretches.push((person, Stretch::ANY));
        }
    }
    let mut groups = Vec::new();
    for (org, (draft, stretches)) in drafts {
        let times = periods::together(&stretches);
        let everyone = times.len() == 1 && times[0].people.len() == draft.members.len();
        if everyone {
            groups.extend(draft.finish(GroupKind::Organization, org.to_owned()));
            continue;
        }
        // The first of them to have two members or more lands here.
        let whole = Whole {
            first: (offset + groups.len()) as u32,
            name_len: draft.label.len() as u32,
        };
        for (n, time) in times.into_iter().enumerate() {
            let label = match periods::years(time.when) {
                Some(years) => format!("{}, {years}", draft.label),
                None => draft.label.clone(),
            };
            let mut group = DraftGroup::new(label, None);
            for person in time.people {
                let role = draft.members.get(&person).cloned().unwrap_or_default();
                group.members.insert(person, role);
            }
            let finished = group.finish(GroupKind::Organization, format!("{org}~{n}"));
            groups.extend(finished.map(|g| Group {
                whole: Some(whole),
                ..g
            }));
        }
    }
    groups
}

/// An organization's group being collected, and each member's stretches of time there.
type OrgDraft = (DraftGroup, Vec<(u32, Stretch)>);

/// The draft of `org`, begun when first met (labelled with the organization's short name).
fn org_draft<'d, 'a>(
    drafts: &'d mut BTreeMap<&'a str, OrgDraft>,
    labels: &HashMap<&str, &str>,
    org: &'a str,
) -> &'d mut OrgDraft {
    drafts.entry(org).or_insert_with(|| {
        let label = labels.get(org).unwrap_or(&org).to_string();
        (DraftGroup::new(label, None), Vec::new())
    })
}
