//! Who was at an organization at the same time.
//!
//! Two people are linked by an organization only when their years there overlap, as far as the
//! data says: a degree or job without a start or an end is open on that side, and one without
//! years (or the current organization, with no degree or job there) could be any time, so it
//! overlaps everyone's. The groups of an organization are then the largest sets of people who
//! were all there at one moment: the maximal cliques of the overlap graph of their stretches of
//! time, which a sweep over the stretches' ends finds in order. Two people overlap exactly when
//! some group holds both, so a chain through a group always means "there at the same time".

use crate::model::date::{span, year_span};
use crate::model::{EndDate, PartialDate};

/// A stretch of time at an organization, in months (`year * 12 + month - 1`), both ends
/// included; `None` where the data does not say (open on that side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stretch {
    /// The first month (January when only the year is known).
    pub from: Option<i32>,
    /// The last month (December when only the year is known; open when it lasts to the present).
    pub to: Option<i32>,
}

impl Stretch {
    /// The stretch a degree or job spans.
    pub fn new(start: Option<PartialDate>, end: Option<EndDate>) -> Self {
        let month = |d: PartialDate, unknown: u8| {
            i32::from(d.year) * 12 + i32::from(d.month.unwrap_or(unknown).clamp(1, 12)) - 1
        };
        Self {
            from: start.map(|d| month(d, 1)),
            to: match end {
                Some(EndDate::Date(d)) => Some(month(d, 12)),
                Some(EndDate::Present) | None => None,
            },
        }
    }

    /// Any time at all (nothing known).
    pub const ANY: Self = Self {
        from: None,
        to: None,
    };
}

/// One group of an organization: who was there together, and when they all were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Together {
    /// The people, sorted.
    pub people: Vec<u32>,
    /// When they were all there (the shared part of their stretches; open where unknown).
    pub when: Stretch,
}

/// The groups of two or more among `stretches` (a person and one of their stretches at the
/// organization; a person may have several), in time order. One group holding everyone means
/// they all overlapped (or nothing is known).
pub fn together(stretches: &[(u32, Stretch)]) -> Vec<Together> {
    // Starts before ends at the same month: both ends are included.
    #[derive(PartialEq, Eq, PartialOrd, Ord)]
    enum Edge {
        Start,
        End,
    }
    let mut events: Vec<(i64, Edge, usize)> = Vec::with_capacity(stretches.len() * 2);
    for (i, (_, s)) in stretches.iter().enumerate() {
        events.push((s.from.map_or(i64::MIN, i64::from), Edge::Start, i));
        events.push((s.to.map_or(i64::MAX, i64::from), Edge::End, i));
    }
    events.sort_unstable();
    let mut open: Vec<usize> = Vec::new();
    let mut grew = false;
    let mut out: Vec<Together> = Vec::new();
    for (_, edge, i) in events {
        match edge {
            Edge::Start => {
                open.push(i);
                grew = true;
            }
            Edge::End => {
                if grew {
                    // The open stretches are a largest set: something just joined, and this
                    // end is the first to leave.
                    push_group(&mut out, stretches, &open);
                    grew = false;
                }
                open.retain(|&j| j != i);
            }
        }
    }
    out
}

/// Adds the group of the `open` stretches, when it has two people or more and says something
/// new: the same people again widen the group's time; a set inside the one before or after it
/// in time is left out.
fn push_group(out: &mut Vec<Together>, stretches: &[(u32, Stretch)], open: &[usize]) {
    let mut people: Vec<u32> = open.iter().map(|&i| stretches[i].0).collect();
    people.sort_unstable();
    people.dedup();
    if people.len() < 2 {
        return;
    }
    // Each person's time there (the hull of their open stretches; open where one is), then
    // the part everyone shares.
    let (mut from, mut to) = (None, None);
    for &p in &people {
        let mine = || {
            (open.iter())
                .filter(|&&i| stretches[i].0 == p)
                .map(|&i| stretches[i].1)
        };
        let first = mine().map(|s| s.from).min().flatten();
        let last = mine()
            .map(|s| s.to)
            .try_fold(i32::MIN, |a, b| b.map(|b| a.max(b)));
        from = from.max(first);
        to = match (to, last) {
            (Some(a), Some(b)) => Some(b.min(a)),
            (a, b) => a.or(b),
        };
    }
    let when = Stretch { from, to };
    if let Some(last) = out.last_mut() {
        if last.people == people {
            // The union of the two times (`None` is open: before all, after all).
            last.when = Stretch {
                from: last.when.from.min(from),
                to: last.when.to.zip(to).map(|(a, b)| a.max(b)),
            };
            return;
        }
        if is_subset(&people, &last.people) {
            return;
        }
        if is_subset(&last.people, &people) {
            *last = Together { people, when };
            return;
        }
    }
    out.push(Together { people, when });
}

/// Whether sorted `a` is within sorted `b`.
fn is_subset(a: &[u32], b: &[u32]) -> bool {
    a.len() <= b.len() && a.iter().all(|x| b.binary_search(x).is_ok())
}

/// `"2020–2024"`, `"2021"`, `"from 2015"`, `"until 2010"`, or `None` when nothing is known.
pub fn years(when: Stretch) -> Option<String> {
    // Back to years, in the words the members' roles use.
    let year = |m: i32| PartialDate {
        year: u16::try_from(m.div_euclid(12)).unwrap_or(0),
        month: None,
    };
    let text = with_years(
        "",
        when.from.map(year),
        when.to.map(|m| EndDate::Date(year(m))),
    );
    (!text.is_empty()).then_some(text)
}

/// `"Research Intern, 2023"`: a degree or job title with the years it spans, as far as known.
pub(super) fn with_years(what: &str, start: Option<PartialDate>, end: Option<EndDate>) -> String {
    let years = match (start.map(|d| d.year), end) {
        (Some(s), Some(EndDate::Date(e))) => Some(year_span(s, e.year)),
        (Some(s), Some(EndDate::Present)) => Some(span(&s.to_string(), "present")),
        (Some(s), None) => Some(format!("from {s}")),
        (None, Some(EndDate::Date(e))) => Some(format!("until {}", e.year)),
        (None, Some(EndDate::Present)) => Some("current".to_owned()),
        (None, None) => None,
    };
    match (what.trim(), years) {
        ("", Some(years)) => years,
        (what, Some(years)) => format!("{what}, {years}"),
        (what, None) => what.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(from: Option<u16>, to: Option<u16>) -> Stretch {
        let date = |y: u16| PartialDate {
            year: y,
            month: None,
        };
        Stretch::new(from.map(date), to.map(|y| EndDate::Date(date(y))))
    }

    fn groups(stretches: &[(u32, Stretch)]) -> Vec<(Vec<u32>, Option<String>)> {
        (together(stretches).into_iter())
            .map(|t| (t.people, years(t.when)))
            .collect()
    }

    fn g(people: &[u32], years: &str) -> (Vec<u32>, Option<String>) {
        (
            people.to_vec(),
            (!years.is_empty()).then(|| years.to_owned()),
        )
    }

    #[test]
    fn people_who_were_never_there_together_share_no_group() {
        // Frank at Meta 2016 and 2017–2019; Jiachen there 2024 and 2025–2026.
        let s = [
            (0, at(Some(2016), Some(2016))),
            (0, at(Some(2017), Some(2019))),
            (1, at(Some(2024), Some(2024))),
            (1, at(Some(2025), Some(2026))),
        ];
        assert!(together(&s).is_empty());
    }

    #[test]
    fn a_chain_of_overlaps_is_two_groups_not_one() {
        let s = [
            (0, at(Some(2010), Some(2014))),
            (1, at(Some(2014), Some(2018))),
            (2, at(Some(2016), Some(2020))),
        ];
        assert_eq!(groups(&s), [g(&[0, 1], "2014"), g(&[1, 2], "2016–2018")]);
    }

    #[test]
    fn unknown_years_overlap_everyone() {
        let s = [
            (0, at(Some(2000), Some(2004))),
            (1, Stretch::ANY),
            (2, at(Some(2010), None)),
            (3, at(None, Some(2001))),
        ];
        assert_eq!(
            groups(&s),
            [g(&[0, 1, 3], "2000–2001"), g(&[1, 2], "from 2010")]
        );
        // Nobody's years known: one group, no years.
        assert_eq!(
            groups(&[(4, Stretch::ANY), (5, Stretch::ANY), (6, Stretch::ANY)]),
            [g(&[4, 5, 6], "")]
        );
    }

    #[test]
    fn months_decide_within_a_year_and_a_year_alone_spans_it() {
        let month = |y: u16, m: u8| PartialDate {
            year: y,
            month: Some(m),
        };
        // Michael at Anyscale 2020-06 to 2021-01, Frank there in 2021: both in January 2021.
        let s = [
            (
                0,
                Stretch::new(Some(month(2020, 6)), Some(EndDate::Date(month(2021, 1)))),
            ),
            (1, at(Some(2021), Some(2021))),
        ];
        assert_eq!(groups(&s), [g(&[0, 1], "2021")]);
        // An internship that ended in March and one that began in June of the same year.
        let s = [
            (
                0,
                Stretch::new(Some(month(2019, 1)), Some(EndDate::Date(month(2019, 3)))),
            ),
            (
                1,
                Stretch::new(Some(month(2019, 6)), Some(EndDate::Date(month(2019, 8)))),
            ),
        ];
        assert!(together(&s).is_empty());
    }

    #[test]
    fn several_stretches_of_one_person_count_once() {
        // A master's then a PhD at the same place, and a colleague through both.
        let s = [
            (0, at(Some(2016), Some(2021))),
            (0, at(Some(2021), Some(2025))),
            (1, at(Some(2020), Some(2024))),
        ];
        assert_eq!(groups(&s), [g(&[0, 1], "2020–2024")]);
    }

    #[test]
    fn every_overlapping_pair_shares_a_group_and_no_other_pair_does() {
        // A deterministic spread of stretches, checked pair by pair against plain overlap.
        let mut seed = 7_u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % n
        };
        for _ in 0..200 {
            let people = 2 + next(7) as u32;
            let mut s = Vec::new();
            for p in 0..people {
                for _ in 0..1 + next(2) {
                    let from = (next(5) > 0).then(|| 2000 + next(20) as u16);
                    let to = (next(5) > 0).then(|| from.unwrap_or(2000) + next(8) as u16);
                    s.push((p, at(from, to)));
                }
            }
            let overlap = |a: &Stretch, b: &Stretch| {
                a.from.unwrap_or(i32::MIN) <= b.to.unwrap_or(i32::MAX)
                    && b.from.unwrap_or(i32::MIN) <= a.to.unwrap_or(i32::MAX)
            };
            let groups = together(&s);
            for a in 0..people {
                for b in a + 1..people {
                    let met = (s.iter().filter(|x| x.0 == a))
                        .any(|x| (s.iter().filter(|y| y.0 == b)).any(|y| overlap(&x.1, &y.1)));
                    let grouped =
                        (groups.iter()).any(|t| t.people.contains(&a) && t.people.contains(&b));
                    assert_eq!(met, grouped, "{a} and {b} in {s:?}: {groups:?}");
                }
            }
        }
    }
}
