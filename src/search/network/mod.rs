//! Who is connected to whom: co-authorship, shared advisors, shared organizations, advising.
//!
//! The build step turns the whole dataset into one [`Network`] and writes it in parts
//! ([`crate::files::network`]: one record per person and per group in `data/net/`, fetched by byte range), so
//! the Connections page never parses the authoring file and fetches only what its question
//! needs. A network assembled from some of the parts answers as the whole one wherever it has
//! what the question reads; [`drawing::needs`] and [`Network::chain_needs`] say what it lacks
//! ([`Missing`]). People are numbered in dataset order. Co-authorship and advising are person–person edges; shared advisors and shared
//! organizations are kept *bipartite* — a [`Group`] and its members — because an organization
//! may have thousands of members, and the pairs of its members would be millions of edges.
//!
//! The questions ([`Network::shortest_path`], [`Network::neighbourhood`],
//! [`Network::degrees`]) walk that bipartite structure and enter each group once, so they stay
//! linear in the size of the network. A drawing shows a group as one hub its members attach to
//! ([`drawing::hubs`]). Only [`Network::edges`] lists member pairs, which is what a
//! drawing needs: ask it for the few hundred people on screen, not for a whole big directory.
//!
//! Every explanation ([`Reason`]) is assembled from the dataset's own words — a paper's title,
//! venue and year, an advisor's name and role, an organization's name, a degree or job title and
//! its years — and never from anything the data does not say.
//!
//! This file holds the public types; the work is split by question: `build` (the network from a
//! dataset), [`crate::files::network`] (its files, and a network assembled from some of them), `walk`
//! (neighbourhoods, degrees, shortest chains from both ends), `reasons` (why two people are
//! linked, the edges a drawing shows) and [`drawing`] (who a drawing shows and names, which
//! groups are hubs, and where).

use serde::{Deserialize, Serialize};

use walk::Lookup;

mod build;
pub use build::short_title;
pub mod drawing;
mod periods;
mod reasons;
mod walk;

#[cfg(test)]
pub(crate) mod tests;

/// The connections among the directory's researchers, built once from the whole dataset.
///
/// Its [`Records`] are the file's contents, read through it (`network.people`); treat them as
/// read-only once built or decoded (the questions keep a lookup derived from them on first use).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Network {
    /// What the network holds.
    #[serde(flatten)]
    records: Records,
    /// Per-person adjacency, derived on first use (not part of the file).
    #[serde(skip)]
    lookup: Lookup,
    /// For a network assembled from some of its parts, which parts it has; `None` when whole.
    #[serde(skip)]
    loaded: Option<Loaded>,
}

impl std::ops::Deref for Network {
    type Target = Records;

    fn deref(&self) -> &Records {
        &self.records
    }
}

/// Which parts a network assembled from [`crate::files::network`] holds, and what the build computed over the
/// whole network.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Loaded {
    /// Per person: whether their record (every link they have) is here.
    pub people: Vec<bool>,
    /// Per group: whether its whole member list is here.
    pub groups: Vec<bool>,
    /// The best-connected person under each set of kinds, by [`EdgeKinds::bits`].
    pub focus: Vec<u32>,
}

/// The parts a question still needs before a partly loaded network answers it as the whole one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Missing {
    /// People whose records are needed, sorted.
    pub people: Vec<u32>,
    /// Groups whose member lists are needed, sorted.
    pub groups: Vec<u32>,
}

/// A network's records: built from the whole dataset, or assembled from some of its files
/// ([`crate::files::network`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Records {
    /// Researcher ids in dataset order; the position is the person number used everywhere else.
    pub people: Vec<String>,
    /// Their names, in the same order.
    pub names: Vec<String>,
    /// The publications with at least two directory authors (among the records fetched, when
    /// assembled).
    pub papers: Vec<SharedPaper>,
    /// Co-author pairs, sorted by `(a, b)`.
    pub coauthors: Vec<CoauthorEdge>,
    /// Shared advisors and shared organizations with at least two members, advisors first
    /// (member lists as far as fetched, when assembled).
    pub groups: Vec<Group>,
    /// Advisor → student links where the advisor is in the directory, sorted.
    pub advised: Vec<AdvisedEdge>,
}

impl Network {
    /// A network of `records`: the whole one (`loaded` is `None`), or one assembled from the
    /// parts `loaded` says.
    pub fn of(records: Records, loaded: Option<Loaded>) -> Self {
        Self {
            records,
            lookup: Lookup::default(),
            loaded,
        }
    }
}

impl Missing {
    /// True when nothing is missing.
    pub fn is_empty(&self) -> bool {
        self.people.is_empty() && self.groups.is_empty()
    }
}

/// A publication that links two or more directory members.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SharedPaper {
    /// The publication's id.
    pub id: String,
    /// The full title.
    pub title: String,
    /// The title up to its first `:` when it has one (`"SkyPilot"`), else the whole title.
    /// Derived from `title` on decoding rather than stored: a fifth of a big directory's file.
    #[serde(skip)]
    pub short_title: String,
    /// The venue's short name, e.g. `"NSDI"`, when the venue is in the vocabulary.
    pub venue: Option<String>,
    /// The year of publication.
    pub year: u16,
}

/// Two directory members who co-authored at least one paper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoauthorEdge {
    /// The lower person number.
    pub a: u32,
    /// The higher person number.
    pub b: u32,
    /// Their shared papers, as sorted positions in [`Network::papers`].
    pub papers: Vec<u32>,
}

/// What the members of a [`Group`] share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GroupKind {
    /// They were advised by the same person.
    Advisor,
    /// They studied or worked at the same organization (at any time).
    Organization,
}

/// People who share an advisor or an organization.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Group {
    /// Shared advisor or shared organization.
    pub kind: GroupKind,
    /// The advisor's researcher id, or their folded name when they have none; or the org's id.
    pub key: String,
    /// What to call the group: the advisor's name, or the organization's short name or name.
    pub label: String,
    /// For an advisor who is in the directory, their person number.
    pub advisor: Option<u32>,
    /// For one of several times together at an organization, the organization as a whole.
    pub whole: Option<Whole>,
    /// The members, sorted by person number.
    pub members: Vec<Member>,
}

/// The organization that a group of one time together there belongs to (when its people were
/// not all there at once, an organization has a group per time they were). A drawing
/// shows the organization's groups as one hub.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Whole {
    /// The number of the organization's first group: the same for all its groups.
    pub first: u32,
    /// How much of each group's label is the organization's name (the years follow it).
    pub name_len: u32,
}

impl Group {
    /// What a drawing calls the group: the organization's name without the years for one time
    /// together there, else the label.
    pub fn whole_label(&self) -> &str {
        (self.whole)
            .and_then(|w| self.label.get(..w.name_len as usize))
            .unwrap_or(&self.label)
    }
}

/// One member of a [`Group`] and what they did there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    /// The person number.
    pub person: u32,
    /// Their part, as the dataset gives it: `"PhD advisee"`, or for an organization each degree
    /// and job there with its years, e.g. `"Ph.D. in Computer Science, 2020–2024; Research Intern, 2023"`.
    pub role: String,
}

/// An advisor in the directory and someone they advised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvisedEdge {
    /// The advisor's person number.
    pub advisor: u32,
    /// The student's person number.
    pub student: u32,
    /// The stage the advice was for, e.g. `"PhD"`; several are joined with `", "`.
    pub role: Option<String>,
}

/// Which kinds of connection a question uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EdgeKinds {
    /// Co-authored papers.
    pub coauthor: bool,
    /// Shared advisors, and advising itself.
    pub advisor: bool,
    /// Shared organizations.
    pub organization: bool,
}

impl EdgeKinds {
    /// Every kind of connection.
    pub const ALL: Self = Self {
        coauthor: true,
        advisor: true,
        organization: true,
    };

    /// No connection at all.
    pub const NONE: Self = Self {
        coauthor: false,
        advisor: false,
        organization: false,
    };

    /// True when `kind` is one of the kinds asked for.
    pub fn allows(self, kind: EdgeKind) -> bool {
        match kind {
            EdgeKind::Coauthor => self.coauthor,
            EdgeKind::Advisor => self.advisor,
            EdgeKind::Organization => self.organization,
        }
    }

    /// The kinds as three bits (co-authorship 1, advisors 2, organizations 4), for tables
    /// computed per set of kinds.
    pub fn bits(self) -> usize {
        usize::from(self.coauthor)
            | usize::from(self.advisor) << 1
            | usize::from(self.organization) << 2
    }

    /// The kinds of [`Self::bits`].
    pub fn from_bits(bits: usize) -> Self {
        Self {
            coauthor: bits & 1 != 0,
            advisor: bits & 2 != 0,
            organization: bits & 4 != 0,
        }
    }

    /// The same kinds with `kind` switched on or off.
    pub fn with(mut self, kind: EdgeKind, on: bool) -> Self {
        match kind {
            EdgeKind::Coauthor => self.coauthor = on,
            EdgeKind::Advisor => self.advisor = on,
            EdgeKind::Organization => self.organization = on,
        }
        self
    }
}

impl Default for EdgeKinds {
    fn default() -> Self {
        Self::ALL
    }
}

/// The kind of one reason two people are linked, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EdgeKind {
    /// A co-authored paper.
    Coauthor,
    /// A shared advisor, or one advised the other.
    Advisor,
    /// A shared organization.
    Organization,
}

impl EdgeKind {
    /// Every kind, strongest first (the order of the page's toggles).
    pub const ALL: [EdgeKind; 3] = [Self::Coauthor, Self::Advisor, Self::Organization];

    /// The URL value, e.g. `"coauthor"`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Coauthor => "coauthor",
            Self::Advisor => "advisor",
            Self::Organization => "organization",
        }
    }

    /// The kind whose [`key`](Self::key) is exactly `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.key() == key)
    }

    /// The label shown to users in `t`'s language, e.g. `"Co-authorship"`.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        match self {
            Self::Coauthor => t.network_text().kind_coauthor(),
            Self::Advisor => t.network_text().kind_advisor(),
            Self::Organization => t.network_text().kind_organization(),
        }
    }
}

impl From<GroupKind> for EdgeKind {
    fn from(kind: GroupKind) -> Self {
        match kind {
            GroupKind::Advisor => Self::Advisor,
            GroupKind::Organization => Self::Organization,
        }
    }
}

/// One person–person edge for display, with every reason that links the two.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge {
    /// The lower person number.
    pub a: u32,
    /// The higher person number.
    pub b: u32,
    /// Shared papers, plus one per shared advisor, shared organization and advising link.
    pub weight: u32,
    /// Why they are linked, co-authorship first.
    pub reasons: Vec<Reason>,
}

/// One fact linking two people; [`Reason::text`] words it for display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reason {
    /// What kind of link it is.
    pub kind: EdgeKind,
    /// The record the fact comes from, so a view can word it and link to it.
    pub via: Via,
}

/// The record a [`Reason`] rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Via {
    /// A position in [`Network::papers`].
    Paper(u32),
    /// A position in [`Network::groups`].
    Group(u32),
    /// A position in [`Network::advised`].
    Advised(u32),
}

/// One hop of a chain between two people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The person the hop starts at.
    pub from: u32,
    /// The person it reaches.
    pub to: u32,
    /// Everything linking the two, under the kinds asked for.
    pub reasons: Vec<Reason>,
}

impl Network {
    /// The person number of the researcher with `id`.
    pub fn position(&self, id: &str) -> Option<u32> {
        self.people.iter().position(|p| p == id).map(|i| i as u32)
    }
}
