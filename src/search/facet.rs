//! The directory's list facets, named once: [`Facet`] is which list of checkboxes a value belongs
//! to, its URL key and label, and how its selection is read and changed in [`SearchParams`].
//!
//! The index counts every facet's values ([`super::FacetCounts::get`]), the filter panel draws
//! one group per facet and the active-filter chips remove values through [`Facet::toggle`]: all
//! of them walk [`Facet::ALL`], so adding a facet is one variant here and its counting in
//! `index/facets.rs`. The award toggle and the year range are not list facets.
//! [`country_name`] labels the country facet's ISO codes.

use super::FacetValue;
use super::params::{SearchParams, Sector, Set};
use crate::lang::Catalogue;
use crate::model::{CareerStage, OpeningKind};

/// A facet whose values are a list of checkboxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Facet {
    /// Research topics, by topic id.
    Topic = 0,
    /// Organizations, by id: current ones, or current and past ones by the org scope.
    Organization = 1,
    /// Academia or industry.
    Sector = 2,
    /// Career stages, by snake_case name.
    Stage = 3,
    /// Whom researchers are taking on (PhD students, postdocs, …), by opening kind.
    Open = 4,
    /// Countries of current organizations, by ISO code.
    Country = 5,
    /// Publication venues, by venue id.
    Venue = 6,
}

impl Facet {
    /// Every list facet, in panel order (also the order of the index's per-facet tables).
    pub const ALL: [Facet; 7] = [
        Self::Topic,
        Self::Organization,
        Self::Sector,
        Self::Stage,
        Self::Open,
        Self::Country,
        Self::Venue,
    ];

    /// The position of the facet in [`Self::ALL`], for per-facet arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The URL key of its selection (`topic=a,b`), also used in test and element ids.
    pub fn key(self) -> &'static str {
        match self {
            Self::Topic => "topic",
            Self::Organization => "org",
            Self::Sector => "sector",
            Self::Stage => "stage",
            Self::Open => "open",
            Self::Country => "country",
            Self::Venue => "venue",
        }
    }

    /// The heading shown to users in `t`'s language, e.g. `"Career stage"`; also the prefix
    /// of its filter chips.
    pub fn label(self, t: &Catalogue) -> &'static str {
        let f = t.facets();
        match self {
            Self::Topic => f.topic(),
            Self::Organization => f.organization(),
            Self::Sector => f.sector(),
            Self::Stage => f.stage(),
            Self::Open => f.open(),
            Self::Country => f.country(),
            Self::Venue => f.venue(),
        }
    }

    /// The label of value `id` in `t`'s language: a sector, career stage, opening kind or
    /// country by its id; any other value (topics, organizations, venues: the dataset's names)
    /// as `label`, what the index holds.
    pub fn value_label(self, id: &str, label: &str, t: &Catalogue) -> String {
        let named = match self {
            Self::Sector => Sector::from_key(id).map(|s| s.label(t)),
            Self::Stage => CareerStage::from_key(id).map(|s| s.label(t)),
            Self::Open => (OpeningKind::ALL.into_iter())
                .find(|k| k.key() == id)
                .map(|k| k.label(t)),
            Self::Country => country_name(id, t),
            Self::Topic | Self::Organization | Self::Venue => None,
        };
        named.unwrap_or(label).to_owned()
    }

    /// Whether its values are a fixed list (sectors, career stages, opening kinds) rather than the
    /// dataset's ids.
    pub fn has_fixed_values(self) -> bool {
        matches!(self, Self::Sector | Self::Stage | Self::Open)
    }

    /// The selected value ids in `p`, as written in the URL, in sorted order.
    pub fn selected(self, p: &SearchParams) -> Vec<&str> {
        match self {
            Self::Topic => p.topics.iter().map(String::as_str).collect(),
            Self::Organization => p.orgs.iter().map(String::as_str).collect(),
            Self::Sector => p.sectors.iter().map(|s| s.key()).collect(),
            Self::Stage => p.stages.iter().map(|s| s.key()).collect(),
            Self::Open => p.openings.iter().map(|k| k.key()).collect(),
            Self::Country => p.countries.iter().map(String::as_str).collect(),
            Self::Venue => p.venues.iter().map(String::as_str).collect(),
        }
    }

    /// Adds `id` to the facet's selection, or removes it if present. An id that is not a sector,
    /// career stage or opening kind key leaves those facets unchanged.
    pub fn toggle(self, p: &mut SearchParams, id: &str) {
        fn flip<T: Ord>(set: &mut Set<T>, v: T) {
            if !set.remove(&v) {
                set.insert(v);
            }
        }
        match self {
            Self::Topic => flip(&mut p.topics, id.to_owned()),
            Self::Organization => flip(&mut p.orgs, id.to_owned()),
            Self::Country => flip(&mut p.countries, id.to_owned()),
            Self::Venue => flip(&mut p.venues, id.to_owned()),
            Self::Sector => {
                if let Some(s) = Sector::ALL.into_iter().find(|s| s.key() == id) {
                    flip(&mut p.sectors, s);
                }
            }
            Self::Stage => {
                if let Some(s) = CareerStage::from_key(id) {
                    flip(&mut p.stages, s);
                }
            }
            Self::Open => {
                if let Some(k) = OpeningKind::ALL.into_iter().find(|k| k.key() == id) {
                    flip(&mut p.openings, k);
                }
            }
        }
    }

    /// Keeps only the selected ids for which `keep` is true.
    pub fn retain(self, p: &mut SearchParams, mut keep: impl FnMut(&str) -> bool) {
        match self {
            Self::Topic => p.topics.retain(|id| keep(id)),
            Self::Organization => p.orgs.retain(|id| keep(id)),
            Self::Sector => p.sectors.retain(|s| keep(s.key())),
            Self::Stage => p.stages.retain(|s| keep(s.key())),
            Self::Open => p.openings.retain(|k| keep(k.key())),
            Self::Country => p.countries.retain(|id| keep(id)),
            Self::Venue => p.venues.retain(|id| keep(id)),
        }
    }
}

/// For each of `filters` (`None`: not active), `base` narrowed by every active filter but that
/// one, with `and`: what a facet's counts "as if added" are taken over. The directory's facets
/// use it on sets of researchers, a publication list's on one entry's tests (`bool`s).
pub fn all_but_each<T: Clone, const N: usize>(
    base: &T,
    filters: &[Option<T>; N],
    and: impl Fn(&mut T, &T),
) -> [T; N] {
    std::array::from_fn(|f| {
        let mut set = base.clone();
        for (g, c) in filters.iter().enumerate() {
            if let Some(c) = c.as_ref().filter(|_| g != f) {
                and(&mut set, c);
            }
        }
        set
    })
}

/// The country's name in `t`'s language for common ISO 3166-1 alpha-2 codes
/// (case-insensitive).
pub fn country_name(code: &str, t: &Catalogue) -> Option<&'static str> {
    let c = t.countries();
    Some(match code.to_ascii_uppercase().as_str() {
        "US" => c.united_states(),
        "GB" | "UK" => c.united_kingdom(),
        "CN" => c.china(),
        "CA" => c.canada(),
        "DE" => c.germany(),
        "FR" => c.france(),
        "CH" => c.switzerland(),
        "NL" => c.netherlands(),
        "BE" => c.belgium(),
        "AT" => c.austria(),
        "IT" => c.italy(),
        "ES" => c.spain(),
        "PT" => c.portugal(),
        "IE" => c.ireland(),
        "SE" => c.sweden(),
        "DK" => c.denmark(),
        "NO" => c.norway(),
        "FI" => c.finland(),
        "PL" => c.poland(),
        "CZ" => c.czechia(),
        "IL" => c.israel(),
        "IN" => c.india(),
        "JP" => c.japan(),
        "KR" => c.south_korea(),
        "SG" => c.singapore(),
        "HK" => c.hong_kong(),
        "TW" => c.taiwan(),
        "AU" => c.australia(),
        "NZ" => c.new_zealand(),
        "BR" => c.brazil(),
        "AE" => c.united_arab_emirates(),
        "SA" => c.saudi_arabia(),
        _ => return None,
    })
}

/// Values a facet shows before "Show all": the most frequent, plus any selected.
pub const FIRST_VALUES: usize = 10;

/// Which of a facet's `values` (as counted, count descending) its panel lists. A short facet
/// lists them all, values that would empty the results included (disabled: they say what the
/// data holds). A long one (hundreds of organizations) lists the selected values and those with
/// results, never a screenful of zeros: folded, the first [`FIRST_VALUES`] of them; `expanded`,
/// every one.
pub fn visible_values(values: &[FacetValue], expanded: bool) -> Vec<&FacetValue> {
    if values.len() <= FIRST_VALUES {
        return values.iter().collect();
    }
    let useful = values.iter().filter(|v| v.count > 0 || v.selected);
    if expanded {
        return useful.collect();
    }
    let mut shown = 0;
    useful
        .filter(|v| {
            shown += 1;
            shown <= FIRST_VALUES || v.selected
        })
        .collect()
}

/// How many values "Show all" would list: see [`visible_values`].
pub fn listable_values(values: &[FacetValue]) -> usize {
    visible_values(values, true).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keys_and_positions() {
        let table: Vec<(usize, &str, &str, bool)> = Facet::ALL
            .iter()
            .map(|f| {
                (
                    f.index(),
                    f.key(),
                    f.label(&crate::lang::EN),
                    f.has_fixed_values(),
                )
            })
            .collect();
        assert_eq!(
            table,
            [
                (0, "topic", "Topic", false),
                (1, "org", "Organization", false),
                (2, "sector", "Sector", true),
                (3, "stage", "Career stage", true),
                (4, "open", "Taking students", true),
                (5, "country", "Country", false),
                (6, "venue", "Publication venue", false),
            ]
        );
    }

    /// Each facet's key is the URL key the params parse and write, and `selected` reads what
    /// was parsed.
    #[test]
    fn keys_are_the_url_keys() {
        let cases: [(Facet, &str, &[&str]); 7] = [
            (Facet::Topic, "t-ml,t-sys", &["t-ml", "t-sys"]),
            (Facet::Organization, "uni-a", &["uni-a"]),
            (
                Facet::Sector,
                "industry,academia",
                &["academia", "industry"],
            ),
            (Facet::Stage, "phd_student", &["phd_student"]),
            (Facet::Open, "postdoc,phd", &["phd", "postdoc"]),
            (Facet::Country, "US,GB", &["GB", "US"]),
            (Facet::Venue, "v-x", &["v-x"]),
        ];
        for (f, value, want) in cases {
            let p = SearchParams::from_pairs([(f.key(), value)]);
            assert_eq!(f.selected(&p), want, "{f:?}");
            for g in Facet::ALL.into_iter().filter(|&g| g != f) {
                assert!(g.selected(&p).is_empty(), "{g:?} from {f:?}");
            }
            assert_eq!(p.to_pairs()[0].0, f.key(), "{f:?} is written back");
        }
    }

    #[test]
    fn toggle_adds_and_removes() {
        // (facet, id, selected after one toggle)
        let cases: [(Facet, &str, &[&str]); 10] = [
            (Facet::Topic, "t-ml", &["t-ml"]),
            (Facet::Organization, "uni-a", &["uni-a"]),
            (Facet::Sector, "academia", &["academia"]),
            (Facet::Stage, "postdoc", &["postdoc"]),
            (Facet::Open, "phd", &["phd"]),
            (Facet::Country, "DE", &["DE"]),
            (Facet::Venue, "v-y", &["v-y"]),
            // Fixed lists ignore ids that are not theirs (exact keys only).
            (Facet::Sector, "Academia", &[]),
            (Facet::Stage, "wizard", &[]),
            (Facet::Open, "phd_student", &[]),
        ];
        for (f, id, want) in cases {
            let mut p = SearchParams::default();
            f.toggle(&mut p, id);
            assert_eq!(f.selected(&p), want, "{f:?} {id:?} on");
            f.toggle(&mut p, id);
            assert_eq!(p, SearchParams::default(), "{f:?} {id:?} off");
        }
        let mut p = SearchParams::from_pairs([("topic", "a,b")]);
        Facet::Topic.toggle(&mut p, "a");
        assert_eq!(Facet::Topic.selected(&p), ["b"]);
    }

    #[test]
    fn retain_keeps_what_passes() {
        let mut p = SearchParams::from_pairs([
            ("topic", "a,b"),
            ("org", "a,c"),
            ("sector", "academia,industry"),
            ("stage", "faculty,postdoc"),
            ("open", "phd,intern"),
            ("country", "US,GB"),
            ("venue", "v,w"),
        ]);
        let keep = ["a", "industry", "postdoc", "intern", "GB", "w"];
        for f in Facet::ALL {
            f.retain(&mut p, |id| keep.contains(&id));
        }
        let got: Vec<Vec<&str>> = Facet::ALL.iter().map(|f| f.selected(&p)).collect();
        assert_eq!(
            got,
            [
                vec!["a"],
                vec!["a"],
                vec!["industry"],
                vec!["postdoc"],
                vec!["intern"],
                vec!["GB"],
                vec!["w"]
            ]
        );
    }

    fn value(id: &str, count: usize, selected: bool) -> FacetValue {
        FacetValue {
            id: id.into(),
            label: id.to_uppercase(),
            count,
            selected,
        }
    }

    fn ids(values: Vec<&FacetValue>) -> Vec<&str> {
        values.into_iter().map(|v| v.id.as_str()).collect()
    }

    #[test]
    fn a_short_facet_lists_every_value_zeros_included() {
        let values = [
            value("a", 3, false),
            value("b", 0, false),
            value("c", 0, true),
        ];
        assert_eq!(ids(visible_values(&values, false)), ["a", "b", "c"]);
        assert_eq!(listable_values(&values), 3);
    }

    #[test]
    fn a_long_facet_never_lists_a_screenful_of_zeros() {
        // 648 organizations, a query matching two people: two with results, one selected
        // that would empty them, the rest zero.
        let mut values = vec![value("x", 2, false), value("y", 1, false)];
        values.extend((0..646).map(|i| value(&format!("z{i:03}"), 0, i == 300)));
        assert_eq!(ids(visible_values(&values, false)), ["x", "y", "z300"]);
        assert_eq!(ids(visible_values(&values, true)), ["x", "y", "z300"]);
        assert_eq!(listable_values(&values), 3);
    }

    #[test]
    fn folded_a_long_facet_lists_the_first_values_and_the_selected_ones() {
        let mut values: Vec<FacetValue> = (0..30)
            .map(|i| value(&format!("v{i:02}"), 30 - i, i == 25))
            .collect();
        values.push(value("zero", 0, false));
        let folded = ids(visible_values(&values, false));
        assert_eq!(folded.len(), FIRST_VALUES + 1);
        assert_eq!(
            folded[..FIRST_VALUES],
            ids(values.iter().take(FIRST_VALUES).collect())
        );
        assert_eq!(folded[FIRST_VALUES], "v25");
        assert_eq!(visible_values(&values, true).len(), 30);
        assert_eq!(listable_values(&values), 30);
    }

    #[test]
    fn each_facet_counts_over_every_other_filter() {
        let base = 0b1111u8;
        let filters = [Some(0b0111u8), None, Some(0b1101u8)];
        let [a, b, c] = super::all_but_each(&base, &filters, |x, y| *x &= *y);
        assert_eq!((a, b, c), (0b1101, 0b0101, 0b0111));
    }
}
