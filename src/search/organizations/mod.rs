//! Organizations: who is and was at each one, and a CSRankings-style ranking by the papers their
//! members published, as one compiled table ([`OrgTable`], `data/organizations.bin`).
//!
//! [`OrgTable::build`] derives it from a loaded dataset once (`cargo xtask build-data`, or the
//! browser when the host has only the JSON): per organization its labels, kind, country and
//! people now and before; per paper its year, venue, topics and the organizations credited with
//! it ([`affiliation`] states the rule), with their shares. Ranking ([`rank`]) is then one pass
//! over those compact paper records per change of selection, and an organization's page
//! ([`page`]) one more.
//!
//! **Now and before.** A person is *now* at their current organization and wherever a degree or
//! job of theirs ends `present`; they were there *before* when another degree or job of theirs
//! was there. Their years there run from the earliest known start to `present` (now) or the
//! latest known end.

pub mod affiliation;
mod build;
pub mod page;
pub mod rank;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::model::{CareerStage, Dataset, OpeningKind, OrgKind};
use crate::search::params::{Sector, kind_sector};

pub use affiliation::{Affiliations, OrgCredit};
pub use page::{OrgSummary, Standing};
pub use rank::{OrgFacets, RankedOrg, Ranking};

/// "No venue" in [`Papers::venue`].
pub const NO_VENUE: u32 = u32::MAX;

/// Every organization, its people and the papers credited to it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OrgTable {
    /// Every organization of the vocabulary, in its order.
    pub orgs: Vec<OrgEntry>,
    /// The venue vocabulary.
    pub venues: Vec<VenueLabel>,
    /// The topic vocabulary: (id, name).
    pub topics: Vec<(String, String)>,
    /// Organizations' and topics' names in the site's other languages.
    pub names: crate::search::VocabNames,
    /// Everyone who is or was at an organization.
    pub people: Vec<PersonLabel>,
    /// Distinct job titles and degrees, which [`Member::roles`] point into.
    pub roles: Vec<String>,
    /// The papers credited to at least one organization.
    pub papers: Papers,
    /// Figures derived after building or decoding, never stored.
    #[serde(skip)]
    derived: Derived,
}

/// One organization.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrgEntry {
    /// Its id in the vocabulary; its page's URL segment.
    pub id: String,
    /// Its name, e.g. "University of California, Berkeley".
    pub name: String,
    /// Its short name, e.g. "UC Berkeley".
    pub short_name: Option<String>,
    /// Other spellings, for search.
    pub aliases: Vec<String>,
    /// University, company, lab or non-profit.
    pub kind: OrgKind,
    /// ISO country code, when known.
    pub country: Option<String>,
    /// Its own website.
    pub url: Option<String>,
    /// Its people: now first (most senior first, then by name), then before (latest leavers
    /// first).
    pub members: Vec<Member>,
    /// Topics it works on (positions in [`OrgTable::topics`], ascending): those of its people
    /// now and of every paper credited to it.
    pub topics: Vec<u32>,
    /// Its most frequent venues over every credited paper: (venue, papers), at most three.
    pub top_venues: Vec<(u32, u32)>,
    /// Its most frequent paper topics: (topic, papers), at most three.
    pub top_topics: Vec<(u32, u32)>,
    /// Papers credited to it, all years.
    pub papers: u32,
}

impl OrgEntry {
    /// What lists call it: the short name when there is one.
    pub fn label(&self) -> &str {
        self.short_name.as_deref().unwrap_or(&self.name)
    }

    /// Academia or industry, from its kind; `None` for a non-profit.
    pub fn sector(&self) -> Option<Sector> {
        kind_sector(self.kind)
    }
}

/// A venue as lists name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VenueLabel {
    /// Its id.
    pub id: String,
    /// Its short name, e.g. "NSDI".
    pub short: String,
    /// Its full name.
    pub name: String,
}

impl VenueLabel {
    /// The dataset's venues, in its order.
    pub fn all(dataset: &Dataset) -> Vec<Self> {
        (dataset.venues.iter())
            .map(|v| Self {
                id: v.id.0.clone(),
                short: v.short_name.clone(),
                name: v.name.clone(),
            })
            .collect()
    }
}

/// A person of the directory, as organization pages name them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonLabel {
    /// Their id, their profile's URL segment.
    pub id: String,
    /// Their name.
    pub name: String,
    /// Their career stage now.
    pub stage: CareerStage,
    /// Their current organization, when the vocabulary has it.
    pub current: Option<u32>,
    /// Whom they say they are taking on; empty when their record states no openings.
    pub openings: Vec<OpeningKind>,
}

/// The end of someone's time at an organization.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Until {
    /// Still there.
    Present,
    /// The last year a record of theirs there names.
    Year(u16),
    /// No record says.
    Unknown,
}

/// Someone's time at one organization.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Who, as a position in [`OrgTable::people`].
    pub person: u32,
    /// Whether they are there now.
    pub now: bool,
    /// The earliest known start year there.
    pub from: Option<u16>,
    /// Until when.
    pub until: Until,
    /// Their job titles and degrees there (positions in [`OrgTable::roles`]), newest first.
    pub roles: Vec<u32>,
}

/// The credited papers in year order, one column per field (compact to store, fast to scan).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Papers {
    /// Year of each paper.
    pub year: Vec<u16>,
    /// Venue of each paper (position in [`OrgTable::venues`]), or [`NO_VENUE`].
    pub venue: Vec<u32>,
    /// How many topics each paper has in [`Self::topics`].
    pub topic_count: Vec<u8>,
    /// The papers' topics (positions in [`OrgTable::topics`]), paper after paper.
    pub topics: Vec<u32>,
    /// How many organizations each paper is credited to in [`Self::org`].
    pub credit_count: Vec<u16>,
    /// The organizations credited, paper after paper, each once per paper.
    pub org: Vec<u32>,
    /// Each credit's fractional share ([`affiliation`]).
    pub share: Vec<f32>,
}

impl Papers {
    /// How many papers.
    pub fn len(&self) -> usize {
        self.year.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.year.is_empty()
    }
}

/// What decoding or building adds: offsets into the flat columns, search text and sort keys.
#[derive(Debug, Clone, Default)]
struct Derived {
    /// Where each paper's topics start in [`Papers::topics`] (one more entry than papers).
    topic_start: Vec<u32>,
    /// Where each paper's credits start in [`Papers::org`] (one more entry than papers).
    credit_start: Vec<u32>,
    /// Per organization: folded name, short name, aliases, id and country, for the text filter.
    haystack: Vec<String>,
    /// Per organization: its folded name, the order of names.
    sort_name: Vec<String>,
    /// Per organization: people now and before, per [`CareerStage::ALL`] stage.
    stages: Vec<([u32; 5], [u32; 5])>,
    /// Per organization: people there now who say they are taking PhD students.
    taking_phd: Vec<u32>,
    /// Per venue: its papers, ascending (so in year order).
    venue_papers: Vec<Vec<u32>>,
    /// Per topic: its papers, ascending.
    topic_papers: Vec<Vec<u32>>,
}

/// A stage's place in [`CareerStage::ALL`].
pub fn stage_index(stage: CareerStage) -> usize {
    CareerStage::ALL
        .iter()
        .position(|s| *s == stage)
        .unwrap_or(0)
}

impl OrgTable {
    /// The position of organization `id`.
    pub fn position(&self, id: &str) -> Option<usize> {
        self.orgs.iter().position(|o| o.id == id)
    }

    /// The papers of the years `selection` asks for: one run, as papers are in year order.
    pub fn year_run(&self, selection: &crate::search::params::Selection) -> std::ops::Range<usize> {
        let years = &self.papers.year;
        let lo = selection
            .year_from
            .map_or(0, |f| years.partition_point(|&y| y < f));
        let hi = selection
            .year_to
            .map_or(years.len(), |t| years.partition_point(|&y| y <= t));
        lo..hi.max(lo)
    }

    /// The papers of venue `v` (or, with `topic`, of topic `v`) inside the run `run`.
    pub fn papers_of(&self, v: usize, topic: bool, run: &std::ops::Range<usize>) -> &[u32] {
        let d = &self.derived;
        let list = if topic {
            &d.topic_papers[v]
        } else {
            &d.venue_papers[v]
        };
        let a = list.partition_point(|&i| (i as usize) < run.start);
        let b = list.partition_point(|&i| (i as usize) < run.end);
        &list[a..b]
    }

    /// The topics of paper `i`.
    pub fn paper_topics(&self, i: usize) -> &[u32] {
        let d = &self.derived;
        &self.papers.topics[d.topic_start[i] as usize..d.topic_start[i + 1] as usize]
    }

    /// The credits of paper `i`: positions into [`Papers::org`] and [`Papers::share`].
    pub fn paper_credits(&self, i: usize) -> std::ops::Range<usize> {
        let d = &self.derived;
        d.credit_start[i] as usize..d.credit_start[i + 1] as usize
    }

    /// Organization `org`'s people now and before, counted per stage (in [`CareerStage::ALL`]
    /// order; a person before is counted at their stage now).
    pub fn stage_counts(&self, org: usize) -> ([u32; 5], [u32; 5]) {
        self.derived.stages[org]
    }

    /// How many people at organization `org` now say they are taking PhD students.
    pub fn taking_phd(&self, org: usize) -> u32 {
        self.derived.taking_phd[org]
    }

    /// How many people are at organization `org` now.
    pub fn people_now(&self, org: usize) -> u32 {
        self.derived.stages[org].0.iter().sum()
    }

    /// Organization `org`'s folded name, the order of names.
    pub fn sort_name(&self, org: usize) -> &str {
        &self.derived.sort_name[org]
    }

    /// The label of topic `t`.
    pub fn topic_name(&self, t: u32) -> &str {
        self.topics.get(t as usize).map_or("", |(_, n)| n.as_str())
    }

    /// Computes what is derived from the stored fields.
    pub(crate) fn derive(&mut self) {
        use crate::search::facet::country_name;
        use crate::search::text::fold;
        let offsets = |counts: &mut dyn Iterator<Item = u32>| {
            let mut at = 0u32;
            let mut out = vec![0];
            for c in counts {
                at += c;
                out.push(at);
            }
            out
        };
        let p = &self.papers;
        self.derived.topic_start = offsets(&mut p.topic_count.iter().map(|&c| u32::from(c)));
        self.derived.credit_start = offsets(&mut p.credit_count.iter().map(|&c| u32::from(c)));
        self.derived.haystack = (self.orgs.iter())
            .map(|o| {
                let mut text = format!("{} {} {}", o.name, o.label(), o.id);
                // Its names in every language the dataset translates them into.
                for a in o
                    .aliases
                    .iter()
                    .map(String::as_str)
                    .chain(self.names.org_texts(&o.id))
                {
                    text.push(' ');
                    text.push_str(a);
                }
                if let Some(c) = &o.country {
                    // The country's name in every language, so a filter in any finds it.
                    text.push_str(&format!(" {c}"));
                    for lang in crate::lang::Lang::ALL {
                        text.push(' ');
                        text.push_str(country_name(c, lang.text()).unwrap_or(""));
                    }
                }
                fold(&text)
            })
            .collect();
        self.derived.sort_name = self.orgs.iter().map(|o| fold(&o.name)).collect();
        let (mut venue_papers, mut topic_papers) = (
            vec![Vec::new(); self.venues.len()],
            vec![Vec::new(); self.topics.len()],
        );
        for i in 0..self.papers.len() {
            if let Some(list) = venue_papers.get_mut(self.papers.venue[i] as usize) {
                list.push(i as u32);
            }
            for &t in self.paper_topics(i) {
                topic_papers[t as usize].push(i as u32);
            }
        }
        (self.derived.venue_papers, self.derived.topic_papers) = (venue_papers, topic_papers);
        let people = &self.people;
        self.derived.taking_phd = (self.orgs.iter())
            .map(|o| {
                let phd = |m: &&Member| {
                    people[m.person as usize]
                        .openings
                        .contains(&OpeningKind::Phd)
                };
                o.members.iter().filter(|m| m.now).filter(phd).count() as u32
            })
            .collect();
        self.derived.stages = (self.orgs.iter())
            .map(|o| {
                let (mut now, mut before) = ([0u32; 5], [0u32; 5]);
                for m in &o.members {
                    let stage = stage_index(people[m.person as usize].stage);
                    if m.now {
                        now[stage] += 1;
                    } else {
                        before[stage] += 1;
                    }
                }
                (now, before)
            })
            .collect();
    }
}
