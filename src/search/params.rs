//! The directory's URL state: the query and every facet selection, as [`SearchParams`].
//!
//! The query string is parsed in one place ([`SearchParams::from_pairs`]) and written in one place
//! ([`SearchParams::to_pairs`]). Parsing never fails: unknown keys and malformed values are
//! ignored, so any URL someone shares opens a working directory. Writing is canonical (fixed key
//! order, sorted lists, defaults left out), so equal states give equal URLs.

use std::collections::BTreeSet;

use super::text::tokenize;
use crate::model::CareerStage;

/// Everything that decides what the directory shows: the query, the filters and the sort.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchParams {
    /// Free-text query (`q`).
    pub query: String,
    /// Selected topic ids (`topic=a,b`).
    pub topics: BTreeSet<String>,
    /// Selected organization ids (`org=a,b`).
    pub orgs: BTreeSet<String>,
    /// Whether `orgs` match the current organization only or any past one too (`scope=any`).
    pub org_scope: OrgScope,
    /// Selected sectors (`sector=academia,industry`).
    pub sectors: BTreeSet<Sector>,
    /// Selected career stages (`stage=phd_student,faculty`).
    pub stages: BTreeSet<CareerStage>,
    /// Selected ISO country codes of the current organization (`country=US,GB`).
    pub countries: BTreeSet<String>,
    /// Selected venue ids (`venue=nsdi,osdi`).
    pub venues: BTreeSet<String>,
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

    /// The label shown to users, e.g. `"Academia"`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Academia => "Academia",
            Self::Industry => "Industry",
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

    /// The label shown to users, e.g. `"Most publications"`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Relevance => "Relevance",
            Self::Name => "Name",
            Self::Publications => "Most publications",
            Self::Recent => "Most recent publication",
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

/// The non-empty, trimmed items of a comma-separated list.
fn items(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|s| !s.is_empty())
}

impl SearchParams {
    /// Parses the (already percent-decoded) key/value pairs of a query string.
    ///
    /// Unknown keys and malformed values (`from=abc`, `award=maybe`, `stage=wizard`, `sort=xyz`)
    /// are ignored, never an error. A key given twice adds to its list (lists) or replaces the
    /// earlier value (single values). Empty list items are ignored and ids are trimmed. A `from`
    /// later than `to` is swapped.
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
    /// q, topic, org, scope, sector, stage, country, venue, from, to, award, sort; list values
    /// comma-joined in sorted order.
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A query string's pairs, for case tables.
    type Pairs = &'static [(&'static str, &'static str)];

    fn parse(q: &[(&str, &str)]) -> SearchParams {
        SearchParams::from_pairs(q.iter().copied())
    }

    fn set<T: Ord + Clone>(xs: &[T]) -> BTreeSet<T> {
        xs.iter().cloned().collect()
    }

    fn strings(xs: &[&str]) -> BTreeSet<String> {
        xs.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn each_key_parses() {
        let d = SearchParams::default;
        let cases: Vec<(Pairs, SearchParams)> = vec![
            (&[], d()),
            (
                &[("q", "sky pilot")],
                SearchParams {
                    query: "sky pilot".into(),
                    ..d()
                },
            ),
            (
                &[("topic", "llm-serving,ml-systems")],
                SearchParams {
                    topics: strings(&["llm-serving", "ml-systems"]),
                    ..d()
                },
            ),
            (
                &[("org", " uc-berkeley , ,mit,")],
                SearchParams {
                    orgs: strings(&["mit", "uc-berkeley"]),
                    ..d()
                },
            ),
            (
                &[("scope", "any")],
                SearchParams {
                    org_scope: OrgScope::Any,
                    ..d()
                },
            ),
            (&[("scope", "current")], d()),
            (
                &[("sector", "industry,academia")],
                SearchParams {
                    sectors: set(&[Sector::Academia, Sector::Industry]),
                    ..d()
                },
            ),
            (
                &[("stage", "phd_student,faculty")],
                SearchParams {
                    stages: set(&[CareerStage::PhdStudent, CareerStage::Faculty]),
                    ..d()
                },
            ),
            (
                &[("country", "US,GB")],
                SearchParams {
                    countries: strings(&["GB", "US"]),
                    ..d()
                },
            ),
            (
                &[("venue", "nsdi,osdi")],
                SearchParams {
                    venues: strings(&["nsdi", "osdi"]),
                    ..d()
                },
            ),
            (
                &[("from", "2020"), ("to", "2024")],
                SearchParams {
                    year_from: Some(2020),
                    year_to: Some(2024),
                    ..d()
                },
            ),
            (
                &[("to", "2019")],
                SearchParams {
                    year_to: Some(2019),
                    ..d()
                },
            ),
            (
                &[("from", "2024"), ("to", "2020")],
                SearchParams {
                    year_from: Some(2020),
                    year_to: Some(2024),
                    ..d()
                },
            ),
            (
                &[("award", "1")],
                SearchParams {
                    has_award: true,
                    ..d()
                },
            ),
            (
                &[("award", "true")],
                SearchParams {
                    has_award: true,
                    ..d()
                },
            ),
            (&[("award", "0")], d()),
            (
                &[("sort", "recent")],
                SearchParams {
                    sort: Some(Sort::Recent),
                    ..d()
                },
            ),
            (
                &[("sort", "relevance")],
                SearchParams {
                    sort: Some(Sort::Relevance),
                    ..d()
                },
            ),
            // Repeated list keys accumulate; repeated single keys: the last valid one wins.
            (
                &[
                    ("topic", "a"),
                    ("topic", "b"),
                    ("q", "x"),
                    ("q", "y"),
                    ("sort", "name"),
                    ("sort", "bogus"),
                ],
                SearchParams {
                    query: "y".into(),
                    topics: strings(&["a", "b"]),
                    sort: Some(Sort::Name),
                    ..d()
                },
            ),
        ];
        for (pairs, want) in cases {
            assert_eq!(parse(pairs), want, "from_pairs({pairs:?})");
        }
    }

    #[test]
    fn garbage_is_ignored() {
        let garbage: &[(&str, &str)] = &[
            ("from", "abc"),
            ("to", "-3"),
            ("to", "99999"),
            ("award", "maybe"),
            ("stage", "wizard"),
            ("sector", "government"),
            ("sort", "xyz"),
            ("scope", "everywhere"),
            ("utm_source", "newsletter"),
            ("topic", ""),
            ("org", ",,"),
            ("", ""),
        ];
        assert_eq!(parse(garbage), SearchParams::default());
        // Good items in a list survive their bad neighbours.
        let p = parse(&[("stage", "wizard,faculty,"), ("sector", "Academia,x")]);
        assert_eq!(p.stages, set(&[CareerStage::Faculty]));
        assert_eq!(p.sectors, set(&[Sector::Academia]));
    }

    #[test]
    fn to_pairs_is_canonical() {
        assert!(SearchParams::default().to_pairs().is_empty());
        let p = parse(&[
            ("sort", "publications"),
            ("award", "1"),
            ("to", "2024"),
            ("from", "2020"),
            ("venue", "osdi,nsdi"),
            ("country", "US,GB"),
            ("stage", "faculty,phd_student"),
            ("sector", "industry,academia"),
            ("scope", "any"),
            ("org", "mit,uc-berkeley"),
            ("topic", "ml-systems,llm-serving"),
            ("q", "sky pilot"),
        ]);
        let want: Vec<(&str, String)> = [
            ("q", "sky pilot"),
            ("topic", "llm-serving,ml-systems"),
            ("org", "mit,uc-berkeley"),
            ("scope", "any"),
            ("sector", "academia,industry"),
            ("stage", "phd_student,faculty"),
            ("country", "GB,US"),
            ("venue", "nsdi,osdi"),
            ("from", "2020"),
            ("to", "2024"),
            ("award", "1"),
            ("sort", "publications"),
        ]
        .into_iter()
        .map(|(k, v)| (k, v.to_owned()))
        .collect();
        assert_eq!(p.to_pairs(), want);
        // Only one bound of the range.
        let p = SearchParams {
            year_to: Some(2019),
            ..SearchParams::default()
        };
        assert_eq!(p.to_pairs(), vec![("to", "2019".to_owned())]);
    }

    #[test]
    fn effective_sort() {
        let cases = [
            ("", None, Sort::Name),
            ("   ", None, Sort::Name),
            ("?!", None, Sort::Name),
            ("sky", None, Sort::Relevance),
            ("sky", Some(Sort::Recent), Sort::Recent),
            ("", Some(Sort::Publications), Sort::Publications),
            ("", Some(Sort::Relevance), Sort::Relevance),
        ];
        for (query, sort, want) in cases {
            let p = SearchParams {
                query: query.into(),
                sort,
                ..SearchParams::default()
            };
            assert_eq!(p.effective_sort(), want, "{query:?} {sort:?}");
        }
    }

    #[test]
    fn filter_count_and_is_empty() {
        let cases: Vec<(Pairs, usize, bool)> = vec![
            (&[], 0, true),
            (&[("sort", "name")], 0, true),
            (&[("scope", "any")], 0, true),
            (&[("q", " - ")], 0, true),
            (&[("q", "sky")], 0, false),
            (&[("topic", "a,b"), ("org", "c")], 3, false),
            (&[("sector", "academia,industry")], 2, false),
            (&[("stage", "faculty"), ("country", "US")], 2, false),
            (&[("venue", "nsdi")], 1, false),
            (&[("from", "2020"), ("to", "2024")], 1, false),
            (&[("from", "2020")], 1, false),
            (&[("award", "1")], 1, false),
            (
                &[
                    ("q", "x"),
                    ("topic", "a"),
                    ("from", "2000"),
                    ("award", "1"),
                    ("sort", "recent"),
                ],
                3,
                false,
            ),
        ];
        for (pairs, count, empty) in cases {
            let p = parse(pairs);
            assert_eq!(p.filter_count(), count, "filter_count of {pairs:?}");
            assert_eq!(p.is_empty(), empty, "is_empty of {pairs:?}");
        }
    }

    #[test]
    fn keys_round_trip() {
        for s in Sort::ALL {
            assert_eq!(Sort::from_key(s.key()), Some(s));
        }
        for s in Sector::ALL {
            assert_eq!(Sector::from_key(s.key()), Some(s));
        }
        for s in CareerStage::ALL {
            assert_eq!(stage_from_key(s.key()), Some(s));
            // The URL spelling is the JSON spelling.
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.key()));
        }
        assert_eq!(Sort::Recent.label(), "Most recent publication");
        assert_eq!(Sector::Academia.label(), "Academia");
    }

    #[test]
    fn without_filters_keeps_query_and_sort() {
        let p = parse(&[
            ("q", "x"),
            ("topic", "a"),
            ("scope", "any"),
            ("sort", "name"),
        ]);
        let cleared = p.without_filters();
        assert_eq!(cleared.query, "x");
        assert_eq!(cleared.sort, Some(Sort::Name));
        assert_eq!(cleared.filter_count(), 0);
        assert_eq!(cleared.org_scope, OrgScope::Current);
    }

    fn slug() -> impl Strategy<Value = String> {
        "[a-z0-9]{1,6}(-[a-z0-9]{1,4}){0,2}"
    }

    prop_compose! {
        fn params()(
            query in "\\PC{0,12}",
            topics in prop::collection::btree_set(slug(), 0..4),
            orgs in prop::collection::btree_set(slug(), 0..4),
            any in any::<bool>(),
            sectors in prop::collection::btree_set(prop::sample::select(Sector::ALL.to_vec()), 0..3),
            stages in prop::collection::btree_set(prop::sample::select(CareerStage::ALL.to_vec()), 0..6),
            countries in prop::collection::btree_set("[A-Z]{2}", 0..3),
            venues in prop::collection::btree_set(slug(), 0..4),
            from in prop::option::of(1900u16..2100),
            to in prop::option::of(1900u16..2100),
            has_award in any::<bool>(),
            sort in prop::option::of(prop::sample::select(Sort::ALL.to_vec())),
        ) -> SearchParams {
            let (year_from, year_to) = match (from, to) {
                (Some(a), Some(b)) if a > b => (Some(b), Some(a)),
                other => other,
            };
            SearchParams {
                query, topics, orgs,
                org_scope: if any { OrgScope::Any } else { OrgScope::Current },
                sectors, stages, countries, venues, year_from, year_to, has_award, sort,
            }
        }
    }

    proptest! {
        #[test]
        fn round_trip(p in params()) {
            let pairs = p.to_pairs();
            let back = SearchParams::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.to_pairs(), pairs);
        }

        #[test]
        fn parsing_never_panics(pairs in prop::collection::vec(("[a-z]{0,7}", "\\PC{0,16}"), 0..8)) {
            let p = SearchParams::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
            if let (Some(a), Some(b)) = (p.year_from, p.year_to) {
                prop_assert!(a <= b);
            }
            // What was parsed writes back to itself.
            let again = SearchParams::from_pairs(
                p.to_pairs().iter().map(|(k, v)| (*k, v.as_str())).collect::<Vec<_>>(),
            );
            prop_assert_eq!(again, p);
        }
    }
}
