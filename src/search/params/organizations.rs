//! The organizations page's URL state, as [`OrgParams`]: which organizations are listed (text,
//! country, sector, kind, topic), in what order, and the ranking [`Selection`] (venues or
//! topics, years, plain or fractional credit).
//!
//! Its keys differ from the directory's and the publication list's, so one URL never means two
//! things: the list's are `oq`, `ocountry`, `osector`, `okind`, `otopic`, `osort`; the
//! selection's `rvenue`, `rtopic`, `rfrom`, `rto`, `credit`. An organization's own page carries
//! the same params, so it can say where the organization stands in the ranking the user came
//! from, and link back to it.

use super::{PubParams, Sector, Set, items};
use crate::model::OrgKind;

/// Every organization kind, in menu order.
pub const ORG_KINDS: [OrgKind; 4] = [
    OrgKind::University,
    OrgKind::Lab,
    OrgKind::Company,
    OrgKind::Nonprofit,
];

/// The URL and JSON spelling of an organization kind, e.g. `"university"`.
pub fn kind_key(kind: OrgKind) -> &'static str {
    match kind {
        OrgKind::University => "university",
        OrgKind::Company => "company",
        OrgKind::Lab => "lab",
        OrgKind::Nonprofit => "nonprofit",
    }
}

/// The label of an organization kind in `t`'s language, e.g. `"University"`.
pub fn kind_label(kind: OrgKind, t: &crate::lang::Catalogue) -> &'static str {
    match kind {
        OrgKind::University => t.org_text().kind_university(),
        OrgKind::Company => t.org_text().kind_company(),
        OrgKind::Lab => t.org_text().kind_lab(),
        OrgKind::Nonprofit => t.org_text().kind_nonprofit(),
    }
}

/// The kind whose [`kind_key`] is `key` (ASCII case-insensitive).
pub fn kind_from_key(key: &str) -> Option<OrgKind> {
    ORG_KINDS
        .into_iter()
        .find(|k| kind_key(*k).eq_ignore_ascii_case(key))
}

/// The sector an organization kind belongs to: universities and labs are academia, companies
/// industry (as the directory's sector facet reads a current organization); non-profits neither.
pub fn kind_sector(kind: OrgKind) -> Option<Sector> {
    match kind {
        OrgKind::University | OrgKind::Lab => Some(Sector::Academia),
        OrgKind::Company => Some(Sector::Industry),
        OrgKind::Nonprofit => None,
    }
}

/// The order of the organizations list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum OrgSort {
    /// By the ranking's score, highest first (the default).
    #[default]
    Rank,
    /// By name.
    Name,
    /// Most people there now first.
    People,
}

impl OrgSort {
    /// Every order, in menu order.
    pub const ALL: [OrgSort; 3] = [Self::Rank, Self::Name, Self::People];

    /// The URL value, e.g. `"people"`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Rank => "rank",
            Self::Name => "name",
            Self::People => "people",
        }
    }

    /// The label shown to users, in `t`'s language.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        match self {
            Self::Rank => t.org_text().sort_rank(),
            Self::Name => t.org_text().sort_name(),
            Self::People => t.org_text().sort_people(),
        }
    }

    /// The order whose [`key`](Self::key) is `key` (ASCII case-insensitive).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.key().eq_ignore_ascii_case(key))
    }
}

/// How a paper is credited to the organizations of its authors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Credit {
    /// One per paper and organization, however many of its authors were there (the default).
    #[default]
    Count,
    /// Each paper's one unit split evenly among its credited authors, as CSRankings' adjusted
    /// count does.
    Fractional,
}

impl Credit {
    /// Both modes, default first.
    pub const ALL: [Credit; 2] = [Self::Count, Self::Fractional];

    /// The URL value.
    pub fn key(self) -> &'static str {
        match self {
            Self::Count => "count",
            Self::Fractional => "fractional",
        }
    }

    /// The label shown to users, in `t`'s language.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        match self {
            Self::Count => t.org_text().credit_count(),
            Self::Fractional => t.org_text().credit_fractional(),
        }
    }

    /// The mode whose [`key`](Self::key) is `key` (ASCII case-insensitive).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.key().eq_ignore_ascii_case(key))
    }
}

/// Which papers a ranking counts, and how.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Selection {
    /// Venue ids (`rvenue=nsdi,osdi`): a paper counts when its venue is one of them…
    pub venues: Set<String>,
    /// …or it carries one of these topic ids (`rtopic=llm-serving`). Both empty: every paper.
    pub topics: Set<String>,
    /// Earliest year, inclusive (`rfrom`).
    pub year_from: Option<u16>,
    /// Latest year, inclusive (`rto`).
    pub year_to: Option<u16>,
    /// Plain count or fractional credit (`credit=fractional`).
    pub credit: Credit,
}

impl Selection {
    /// True when `year` is inside the year range.
    pub fn has_year(&self, year: u16) -> bool {
        self.year_from.is_none_or(|f| year >= f) && self.year_to.is_none_or(|t| year <= t)
    }

    /// True when no venue or topic is chosen (every paper of the years counts).
    pub fn all_papers(&self) -> bool {
        self.venues.is_empty() && self.topics.is_empty()
    }

    /// The publication list of the papers behind organization `org`'s score: credited to it,
    /// of the selected venues or topics, in the years.
    pub fn publications(&self, org: &str) -> PubParams {
        PubParams {
            org: Some(org.to_owned()),
            venues: self.venues.clone(),
            topics: self.topics.clone(),
            year_from: self.year_from,
            year_to: self.year_to,
            ..PubParams::default()
        }
    }
}

/// The organizations page's state: the list's text, filters and order, and the ranking.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrgParams {
    /// Free text over names, short names, aliases and countries (`oq`).
    pub query: String,
    /// ISO country codes (`ocountry=US,GB`).
    pub countries: Set<String>,
    /// Sectors (`osector=academia`).
    pub sectors: Set<Sector>,
    /// Kinds (`okind=university,lab`).
    pub kinds: Set<OrgKind>,
    /// Topic ids an organization works on (`otopic=llm-serving`).
    pub topics: Set<String>,
    /// The order (`osort`).
    pub sort: OrgSort,
    /// What the ranking counts.
    pub selection: Selection,
}

/// The URL keys [`OrgParams`] reads and writes, in canonical order.
pub const ORG_KEYS: [&str; 11] = [
    "oq", "ocountry", "osector", "okind", "otopic", "osort", "rvenue", "rtopic", "rfrom", "rto",
    "credit",
];

impl OrgParams {
    /// Parses percent-decoded query pairs. Never fails: unknown keys (other pages' among them)
    /// and malformed values are ignored; a list key given twice adds to its list, a single value
    /// given twice keeps the last; an `rfrom` later than `rto` is swapped.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut p = Self::default();
        let s = &mut p.selection;
        for (key, value) in pairs {
            let word = value.trim();
            match key {
                "oq" => p.query = value.to_owned(),
                "ocountry" => p
                    .countries
                    .extend(items(value).map(|c| c.to_ascii_uppercase())),
                "osector" => p.sectors.extend(items(value).filter_map(Sector::from_key)),
                "okind" => p.kinds.extend(items(value).filter_map(kind_from_key)),
                "otopic" => p.topics.extend(items(value).map(str::to_owned)),
                "osort" => p.sort = OrgSort::from_key(word).unwrap_or(p.sort),
                "rvenue" => s.venues.extend(items(value).map(str::to_owned)),
                "rtopic" => s.topics.extend(items(value).map(str::to_owned)),
                "rfrom" => s.year_from = word.parse().ok().or(s.year_from),
                "rto" => s.year_to = word.parse().ok().or(s.year_to),
                "credit" => s.credit = Credit::from_key(word).unwrap_or(s.credit),
                _ => {}
            }
        }
        if let (Some(from), Some(to)) = (s.year_from, s.year_to)
            && from > to
        {
            (s.year_from, s.year_to) = (Some(to), Some(from));
        }
        p
    }

    /// The canonical pairs: non-default values only, in [`ORG_KEYS`] order, lists sorted.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        fn join<'a>(values: impl IntoIterator<Item = &'a str>) -> String {
            values.into_iter().collect::<Vec<_>>().join(",")
        }
        let s = &self.selection;
        let mut out = Vec::new();
        if !self.query.is_empty() {
            out.push(("oq", self.query.clone()));
        }
        let lists: [(&'static str, String); 4] = [
            ("ocountry", join(self.countries.iter().map(String::as_str))),
            ("osector", join(self.sectors.iter().map(|s| s.key()))),
            ("okind", join(self.kinds.iter().map(|k| kind_key(*k)))),
            ("otopic", join(self.topics.iter().map(String::as_str))),
        ];
        out.extend(lists.into_iter().filter(|(_, v)| !v.is_empty()));
        if self.sort != OrgSort::default() {
            out.push(("osort", self.sort.key().to_owned()));
        }
        if !s.venues.is_empty() {
            out.push(("rvenue", join(s.venues.iter().map(String::as_str))));
        }
        if !s.topics.is_empty() {
            out.push(("rtopic", join(s.topics.iter().map(String::as_str))));
        }
        if let Some(y) = s.year_from {
            out.push(("rfrom", y.to_string()));
        }
        if let Some(y) = s.year_to {
            out.push(("rto", y.to_string()));
        }
        if s.credit != Credit::default() {
            out.push(("credit", s.credit.key().to_owned()));
        }
        out
    }

    /// How many filters narrow the list: one per selected value, one for a query with a word.
    /// (The ranking's selection is not a filter: it orders, it hides nothing.)
    pub fn filter_count(&self) -> usize {
        usize::from(!crate::search::text::tokenize(&self.query).is_empty())
            + self.countries.len()
            + self.sectors.len()
            + self.kinds.len()
            + self.topics.len()
    }

    /// The same params without the list's text and filters (order and ranking kept).
    pub fn without_filters(&self) -> Self {
        Self {
            sort: self.sort,
            selection: self.selection.clone(),
            ..Self::default()
        }
    }

    /// Selects the sector with this URL key, or deselects it; unknown keys do nothing.
    pub fn toggle_sector(&mut self, key: &str) {
        if let Some(s) = Sector::from_key(key)
            && !self.sectors.remove(&s)
        {
            self.sectors.insert(s);
        }
    }

    /// Selects the kind with this URL key, or deselects it; unknown keys do nothing.
    pub fn toggle_kind(&mut self, key: &str) {
        if let Some(k) = kind_from_key(key)
            && !self.kinds.remove(&k)
        {
            self.kinds.insert(k);
        }
    }

    /// Selects the country with this code, or deselects it.
    pub fn toggle_country(&mut self, code: &str) {
        toggle(&mut self.countries, &code.to_ascii_uppercase());
    }

    /// Selects the topic filter `id`, or deselects it.
    pub fn toggle_topic(&mut self, id: &str) {
        toggle(&mut self.topics, id);
    }

    /// Adds venue `id` to the ranking's selection, or takes it out.
    pub fn toggle_rank_venue(&mut self, id: &str) {
        toggle(&mut self.selection.venues, id);
    }

    /// Adds topic `id` to the ranking's selection, or takes it out.
    pub fn toggle_rank_topic(&mut self, id: &str) {
        toggle(&mut self.selection.topics, id);
    }
}

/// Inserts `value` into `set`, or removes it when it is there.
fn toggle(set: &mut Set<String>, value: &str) {
    if !set.remove(value) {
        set.insert(value.to_owned());
    }
}
