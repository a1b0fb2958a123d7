//! The directory's URL state: the query and every facet selection, as [`SearchParams`].
//!
//! The query string is parsed in one place ([`SearchParams::from_pairs`]) and written in one place
//! ([`SearchParams::to_pairs`]). Parsing never fails: unknown keys and malformed values are
//! ignored, so any URL someone shares opens a working directory. Writing is canonical (fixed key
//! order, sorted lists, defaults left out), so equal states give equal URLs.

use super::{Set, items};
use crate::model::{CareerStage, OpeningKind};
use crate::search::text::tokenize;

/// Everything that decides what the directory shows: the query, the filters and the sort.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchParams {
    /// Free-text query (`q`).
    pub query: String,
    /// Selected topic ids (`topic=a,b`).
    pub topics: Set<String>,
    /// Selected organization ids (`org=a,b`).
    pub orgs: Set<String>,
    /// Whether `orgs` match the current organization only or any past one too (`scope=any`).
    pub org_scope: OrgScope,
    /// Selected sectors (`sector=academia,industry`).
    pub sectors: Set<Sector>,
    /// Selected career stages (`stage=phd_student,faculty`).
    pub stages: Set<CareerStage>,
    /// Selected kinds of openings: researchers taking on any of them (`open=phd,postdoc`).
    pub openings: Set<OpeningKind>,
    /// Selected ISO country codes of the current organization (`country=US,GB`).
    pub countries: Set<String>,
    /// Selected venue ids (`venue=nsdi,osdi`).
    pub venues: Set<String>,
    /// Earliest publication year of the range, inclusive (`from=2020`).
    pub year_from: Option<u16>,
    /// Latest publication year of the range, inclusive (`to=2024`).
    pub year_to: Option<u16>,
    /// Only researchers with at least one award (`award=1`).
    pub has_award: bool,
    /// The chosen sort (`sort=…`); `None` means the default, see [`SearchParams::effective_sort`].
    pub sort: Option<Sort>,
}

/// Which organizations the organization facet looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum OrgScope {
    /// The researcher's current organization only.
    #[default]
    Current,
    /// The current organization and every position's and degree's organization.
    Any,
}

impl OrgScope {
    /// Both scopes, default first.
    pub const ALL: [OrgScope; 2] = [Self::Current, Self::Any];

    /// The URL value, e.g. `"any"`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Current => "current",
            Self::Any => "any",
        }
    }

    /// The label shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Self::Current => "Current",
            Self::Any => "Current or past",
        }
    }
}

/// Academia or industry, derived from the current organization (and the career stage).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sector {
    /// Universities and labs.
    Academia,
    /// Companies.
    Industry,
}

impl Sector {
    /// Both sectors, in URL order.
    pub const ALL: [Sector; 2] = [Self::Academia, Self::Industry];

    /// The URL value, e.g. `"academia"`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Academia => "academia",
            Self::Industry => "industry",
        }
    }

    /// The label shown to users in `t`'s language, e.g. `"Academia"`.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        match self {
            Self::Academia => t.facets().academia(),
            Self::Industry => t.facets().industry(),
        }
    }

    /// The sector whose [`key`](Self::key) is `key` (ASCII case-insensitive).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.key().eq_ignore_ascii_case(key))
    }
}

/// The order of the result list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sort {
    /// Best match first (score descending, then name).
    Relevance,
    /// By name, case- and accent-insensitively.
    Name,
    /// Most publications first.
    Publications,
    /// Most recent publication year first; researchers without publications last.
    Recent,
}

impl Sort {
    /// Every sort, in menu order.
    pub const ALL: [Sort; 4] = [
        Self::Relevance,
        Self::Name,
        Self::Publications,
        Self::Recent,
    ];

    /// The URL value, e.g. `"publications"`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Relevance => "relevance",
            Self::Name => "name",
            Self::Publications => "publications",
            Self::Recent => "recent",
        }
    }

    /// The label shown to users in `t`'s language, e.g. `"Most publications"`.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        let t = t.search_text();
        match self {
            Self::Relevance => t.sort_relevance(),
            Self::Name => t.sort_name(),
            Self::Publications => t.sort_publications(),
            Self::Recent => t.sort_recent(),
        }
    }

    /// The sort whose [`key`](Self::key) is `key` (ASCII case-insensitive).
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|s| s.key().eq_ignore_ascii_case(key))
    }
}

/// The career stage whose [`CareerStage::key`] is `key` (ASCII case-insensitive).
pub fn stage_from_key(key: &str) -> Option<CareerStage> {
    CareerStage::ALL
        .into_iter()
        .find(|s| s.key().eq_ignore_ascii_case(key))
}

impl SearchParams {
    /// Parses the (already percent-decoded) key/value pairs of a query string.
    ///
    /// Unknown keys and malformed values (`from=abc`, `award=maybe`, `stage=wizard`, `open=tenure`,
    /// `sort=xyz`) are ignored, never an error. A key given twice adds to its list (lists) or
    /// replaces the earlier value (single values). Empty list items are ignored and ids are
    /// trimmed. A `from` later than `to` is swapped.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut p = Self::default();
        for (key, value) in pairs {
            match key {
                "q" => p.query = value.to_owned(),
                "topic" => p.topics.extend(items(value).map(str::to_owned)),
                "org" => p.orgs.extend(items(value).map(str::to_owned)),
                "scope" => {
                    if let Some(scope) = OrgScope::ALL
                        .into_iter()
                        .find(|s| s.key().eq_ignore_ascii_case(value.trim()))
                    {
                        p.org_scope = scope;
                    }
                }
                "sector" => p.sectors.extend(items(value).filter_map(Sector::from_key)),
                "stage" => p.stages.extend(items(value).filter_map(stage_from_key)),
                "open" => p
                    .openings
                    .extend(items(value).filter_map(OpeningKind::from_key)),
                "country" => p.countries.extend(items(value).map(str::to_owned)),
                "venue" => p.venues.extend(items(value).map(str::to_owned)),
                "from" => {
                    if let Ok(year) = value.trim().parse() {
                        p.year_from = Some(year);
                    }
                }
                "to" => {
                    if let Ok(year) = value.trim().parse() {
                        p.year_to = Some(year);
                    }
                }
                "award" => match value.trim().to_ascii_lowercase().as_str() {
                    "1" | "true" | "yes" => p.has_award = true,
                    "0" | "false" | "no" => p.has_award = false,
                    _ => {}
                },
                "sort" => {
                    if let Some(sort) = Sort::from_key(value.trim()) {
                        p.sort = Some(sort);
                    }
                }
                _ => {}
            }
        }
        if let (Some(from), Some(to)) = (p.year_from, p.year_to)
            && from > to
        {
            p.year_from = Some(to);
            p.year_to = Some(from);
        }
        p
    }

    /// The canonical pairs for the URL: only non-default values, in the fixed key order
    /// q, topic, org, scope, sector, stage, open, country, venue, from, to, award, sort; list
    /// values comma-joined in sorted order.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        fn join<'a>(values: impl IntoIterator<Item = &'a str>) -> String {
            values.into_iter().collect::<Vec<_>>().join(",")
        }
        let mut out = Vec::new();
        if !self.query.is_empty() {
            out.push(("q", self.query.clone()));
        }
        if !self.topics.is_empty() {
            out.push(("topic", join(self.topics.iter().map(String::as_str))));
        }
        if !self.orgs.is_empty() {
            out.push(("org", join(self.orgs.iter().map(String::as_str))));
        }
        if self.org_scope != OrgScope::default() {
            out.push(("scope", self.org_scope.key().to_owned()));
        }
        if !self.sectors.is_empty() {
            out.push(("sector", join(self.sectors.iter().map(|s| s.key()))));
        }
        if !self.stages.is_empty() {
            out.push(("stage", join(self.stages.iter().map(|s| s.key()))));
        }
        if !self.openings.is_empty() {
            out.push(("open", join(self.openings.iter().map(|k| k.key()))));
        }
        if !self.countries.is_empty() {
            out.push(("country", join(self.countries.iter().map(String::as_str))));
        }
        if !self.venues.is_empty() {
            out.push(("venue", join(self.venues.iter().map(String::as_str))));
        }
        if let Some(year) = self.year_from {
            out.push(("from", year.to_string()));
        }
        if let Some(year) = self.year_to {
            out.push(("to", year.to_string()));
        }
        if self.has_award {
            out.push(("award", "1".to_owned()));
        }
        if let Some(sort) = self.sort {
            out.push(("sort", sort.key().to_owned()));
        }
        out
    }

    /// True when the query has at least one word (a query of only punctuation has none).
    pub fn has_query(&self) -> bool {
        !tokenize(&self.query).is_empty()
    }

    /// The sort in effect: the explicit one, else Relevance when the query has a word, else Name.
    ///
    /// An explicit Relevance without a query is kept; the index then orders exactly as by Name.
    pub fn effective_sort(&self) -> Sort {
        match self.sort {
            Some(sort) => sort,
            None if self.has_query() => Sort::Relevance,
            None => Sort::Name,
        }
    }

    /// True when there is no query (no word in it) and no filter; the sort and scope do not count.
    pub fn is_empty(&self) -> bool {
        !self.has_query() && self.filter_count() == 0
    }

    /// Number of active filters: one per selected value, one for a year range, one for awards.
    pub fn filter_count(&self) -> usize {
        self.topics.len()
            + self.orgs.len()
            + self.sectors.len()
            + self.stages.len()
            + self.openings.len()
            + self.countries.len()
            + self.venues.len()
            + usize::from(self.year_from.is_some() || self.year_to.is_some())
            + usize::from(self.has_award)
    }

    /// A copy with every filter cleared, keeping the query and the sort.
    pub fn without_filters(&self) -> Self {
        Self {
            query: self.query.clone(),
            sort: self.sort,
            ..Self::default()
        }
    }
}
