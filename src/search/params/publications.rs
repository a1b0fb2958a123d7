//! A publication list's URL state, as [`PubParams`].
//!
//! Its keys (`pq`, `pfrom`, `pto`, `pvenue`, `ptopic`, `porg`, `ptype`, `honours`, `group`,
//! `order`) differ from the directory's, so a profile URL can carry both: the directory's query
//! (for "back" and previous / next) and the list's own filters. `ptopic` and `porg` come from the
//! organizations ranking, whose every score links to the papers behind it.

use super::{Set, items};
use crate::model::PublicationType;

/// How a publication list is grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum GroupBy {
    /// One group per year (the default).
    #[default]
    Year,
    /// One group per publication type, in [`PublicationType::ALL`] order.
    Type,
    /// One group per venue, the largest first.
    Venue,
}

impl GroupBy {
    /// Every grouping, in menu order.
    pub const ALL: [GroupBy; 3] = [Self::Year, Self::Type, Self::Venue];

    /// The URL value, e.g. `"venue"`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Year => "year",
            Self::Type => "type",
            Self::Venue => "venue",
        }
    }

    /// The label shown to users in `t`'s language.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        let t = t.list_text();
        match self {
            Self::Year => t.group_year(),
            Self::Type => t.group_type(),
            Self::Venue => t.group_venue(),
        }
    }

    /// The grouping whose [`key`](Self::key) is `key` (ASCII case-insensitive).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|g| g.key().eq_ignore_ascii_case(key))
    }
}

/// The order of the entries inside every group: newest or oldest first (year groups follow it
/// too), or most cited first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Order {
    /// Latest year (and month) first (the default).
    #[default]
    Newest,
    /// Earliest first.
    Oldest,
    /// The highest citation count first; papers without a count after every counted one, newest
    /// first. Grouped by year, the list has two groups instead: counted, then not.
    Cited,
}

impl Order {
    /// Every order, default first.
    pub const ALL: [Order; 3] = [Self::Newest, Self::Oldest, Self::Cited];

    /// The URL value.
    pub fn key(self) -> &'static str {
        match self {
            Self::Newest => "newest",
            Self::Oldest => "oldest",
            Self::Cited => "cited",
        }
    }

    /// The label shown to users in `t`'s language.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        let t = t.list_text();
        match self {
            Self::Newest => t.order_newest(),
            Self::Oldest => t.order_oldest(),
            Self::Cited => t.order_cited(),
        }
    }

    /// The order whose [`key`](Self::key) is `key` (ASCII case-insensitive).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|o| o.key().eq_ignore_ascii_case(key))
    }
}

/// What a publication list shows: text, year range, venues, types, honours, grouping, order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PubParams {
    /// Free text over title, authors, venue, year, honours and identifiers (`pq`).
    pub query: String,
    /// Earliest year, inclusive (`pfrom`).
    pub year_from: Option<u16>,
    /// Latest year, inclusive (`pto`).
    pub year_to: Option<u16>,
    /// Venue ids; a publication matches any of them (`pvenue=nsdi,osdi`).
    pub venues: Set<String>,
    /// Topic ids; a publication matches when it carries any of them (`ptopic=llm-serving`). With
    /// venues too, the two name one selection, as a ranking does: a publication matches when
    /// its venue is one of them *or* it carries one of the topics.
    pub topics: Set<String>,
    /// An organization id: only publications credited to it by the organizations ranking's
    /// rule (`porg=uc-berkeley`; see [`crate::search::organizations`]).
    pub org: Option<String>,
    /// Publication types; a publication matches any of them (`ptype=conference,journal`).
    pub kinds: Set<PublicationType>,
    /// Only publications with an honour such as a best-paper award (`honours=1`).
    pub honoured: bool,
    /// The grouping (`group`).
    pub group: GroupBy,
    /// The order (`order`).
    pub order: Order,
    /// The page, from 0 (`ppage`, from 1 in the URL).
    pub page: usize,
}

/// The URL keys [`PubParams`] reads and writes, in canonical order.
pub const PUB_KEYS: [&str; 11] = [
    "pq", "pfrom", "pto", "pvenue", "ptopic", "porg", "ptype", "honours", "group", "order", "ppage",
];

impl PubParams {
    /// Parses percent-decoded query pairs. Never fails: unknown keys (the directory's among
    /// them) and malformed values are ignored; a `pfrom` later than `pto` is swapped.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut p = Self::default();
        for (key, value) in pairs {
            match key {
                "pq" => p.query = value.to_owned(),
                "pfrom" => p.year_from = value.trim().parse().ok().or(p.year_from),
                "pto" => p.year_to = value.trim().parse().ok().or(p.year_to),
                "pvenue" => p.venues.extend(items(value).map(str::to_owned)),
                "ptopic" => p.topics.extend(items(value).map(str::to_owned)),
                "porg" => {
                    let id = value.trim();
                    p.org = (!id.is_empty()).then(|| id.to_owned()).or(p.org);
                }
                "ptype" => p
                    .kinds
                    .extend(items(value).filter_map(PublicationType::from_key)),
                "honours" => match value.trim().to_ascii_lowercase().as_str() {
                    "1" | "true" | "yes" => p.honoured = true,
                    "0" | "false" | "no" => p.honoured = false,
                    _ => {}
                },
                "group" => p.group = GroupBy::from_key(value.trim()).unwrap_or(p.group),
                "order" => p.order = Order::from_key(value.trim()).unwrap_or(p.order),
                "ppage" => {
                    let page: Option<usize> = value.trim().parse().ok();
                    p.page = page.map_or(p.page, |n| n.saturating_sub(1));
                }
                _ => {}
            }
        }
        if let (Some(from), Some(to)) = (p.year_from, p.year_to)
            && from > to
        {
            (p.year_from, p.year_to) = (Some(to), Some(from));
        }
        p
    }

    /// The canonical pairs: non-default values only, in [`PUB_KEYS`] order, lists sorted.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if !self.query.is_empty() {
            out.push(("pq", self.query.clone()));
        }
        if let Some(y) = self.year_from {
            out.push(("pfrom", y.to_string()));
        }
        if let Some(y) = self.year_to {
            out.push(("pto", y.to_string()));
        }
        if !self.venues.is_empty() {
            let v: Vec<&str> = self.venues.iter().map(String::as_str).collect();
            out.push(("pvenue", v.join(",")));
        }
        if !self.topics.is_empty() {
            let v: Vec<&str> = self.topics.iter().map(String::as_str).collect();
            out.push(("ptopic", v.join(",")));
        }
        if let Some(org) = &self.org {
            out.push(("porg", org.clone()));
        }
        if !self.kinds.is_empty() {
            let v: Vec<&str> = self.kinds.iter().map(|k| k.key()).collect();
            out.push(("ptype", v.join(",")));
        }
        if self.honoured {
            out.push(("honours", "1".into()));
        }
        if self.group != GroupBy::default() {
            out.push(("group", self.group.key().into()));
        }
        if self.order != Order::default() {
            out.push(("order", self.order.key().into()));
        }
        if self.page > 0 {
            out.push(("ppage", (self.page + 1).to_string()));
        }
        out
    }

    /// Whether year `y` is within the year range (an open end holds every year).
    pub fn years_hold(&self, y: u16) -> bool {
        self.year_from.is_none_or(|f| y >= f) && self.year_to.is_none_or(|t| y <= t)
    }

    /// How many filters narrow the list (text, years, venues, topics, organization, types,
    /// honours).
    pub fn filter_count(&self) -> usize {
        usize::from(!self.query.trim().is_empty())
            + usize::from(self.year_from.is_some() || self.year_to.is_some())
            + self.venues.len()
            + self.topics.len()
            + usize::from(self.org.is_some())
            + self.kinds.len()
            + usize::from(self.honoured)
    }

    /// The same params without any filter (grouping and order kept, back to the first page).
    pub fn without_filters(&self) -> Self {
        Self {
            group: self.group,
            order: self.order,
            ..Self::default()
        }
    }

    /// Selects the publication type with this URL key, or deselects it; unknown keys do nothing.
    pub fn toggle_kind(&mut self, key: &str) {
        if let Some(k) = PublicationType::from_key(key)
            && !self.kinds.remove(&k)
        {
            self.kinds.insert(k);
        }
    }

    /// Selects the venue `id`, or deselects it.
    pub fn toggle_venue(&mut self, id: &str) {
        if !self.venues.remove(id) {
            self.venues.insert(id.to_owned());
        }
    }

    /// Narrows the years to `year` alone, or, when they are exactly that year already, lifts the
    /// year filter. A year that does not parse lifts it too.
    pub fn toggle_year(&mut self, year: &str) {
        let year = year.trim().parse().ok();
        if self.year_from == year && self.year_to == year {
            (self.year_from, self.year_to) = (None, None);
        } else {
            (self.year_from, self.year_to) = (year, year);
        }
    }
}
