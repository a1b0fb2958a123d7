//! What an organization's page shows beyond its row: publications per year, venue and topic
//! mix, where it stands in a ranking, and its people's years and stages in words.

use super::{Member, NO_VENUE, OrgTable, Until};
use crate::model::CareerStage;
use crate::model::date::{span, year_span};
use crate::model::sort;
use crate::search::params::{Credit, OrgParams, Selection};
use crate::search::summary::{Activity, Share};

/// An organization's output over every paper credited to it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrgSummary {
    /// Papers per year.
    pub activity: Activity,
    /// Venues (short names; "No venue" for the rest), most papers first.
    pub venues: Vec<Share>,
    /// Paper topics, most papers first (a paper with several counts for each).
    pub topics: Vec<Share>,
}

/// Where an organization stands in the ranking of some params.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    /// Its rank.
    pub rank: u32,
    /// Among how many organizations.
    pub of: usize,
    /// Papers in the selection credited to it.
    pub papers: u32,
    /// Its fractional share of them.
    pub share: f64,
    /// False when the list's filters leave it out: the rank is then among all organizations.
    pub filtered: bool,
}

impl OrgTable {
    /// The figures of organization `org` over every paper credited to it.
    pub fn summary(&self, org: usize) -> OrgSummary {
        let mut years = Vec::new();
        let mut venues = vec![0u32; self.venues.len() + 1];
        let mut topics = vec![0u32; self.topics.len()];
        let p = &self.papers;
        for i in 0..p.len() {
            if !self.paper_credits(i).any(|c| p.org[c] as usize == org) {
                continue;
            }
            years.push(p.year[i]);
            let v = p.venue[i];
            venues[if v == NO_VENUE {
                self.venues.len()
            } else {
                v as usize
            }] += 1;
            for &t in self.paper_topics(i) {
                topics[t as usize] += 1;
            }
        }
        let shares = |counts: Vec<u32>, label: &dyn Fn(usize) -> String| {
            let mut out: Vec<Share> = (counts.into_iter().enumerate())
                .filter(|(_, count)| *count > 0)
                .map(|(i, count)| Share {
                    label: label(i),
                    count,
                })
                .collect();
            sort::by(&mut out, |a, b| {
                b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label))
            });
            out
        };
        OrgSummary {
            activity: Activity::from_years(years),
            venues: shares(venues, &|v| {
                self.venues
                    .get(v)
                    .map_or_else(|| "No venue".to_owned(), |v| v.short.clone())
            }),
            topics: shares(topics, &|t| self.topic_name(t as u32).to_owned()),
        }
    }

    /// Where organization `org` stands for `params` (sanitized): among the listed organizations
    /// when the filters keep it, else among all of them.
    pub fn standing(&self, org: usize, params: &OrgParams) -> Option<Standing> {
        let find = |params: &OrgParams, filtered: bool| {
            let ranking = self.rank(params);
            let of = ranking.rows.len();
            (ranking.rows.into_iter())
                .find(|r| r.org as usize == org)
                .map(|r| Standing {
                    rank: r.rank,
                    of,
                    papers: r.papers,
                    share: r.share,
                    filtered,
                })
        };
        find(params, true).or_else(|| find(&params.without_filters(), false))
    }
}

impl Member {
    /// Their years there in words: "2016–2021", "2020–present", "2019", "from 2020",
    /// "until 2018"; `None` when no record says.
    pub fn years(&self) -> Option<String> {
        match (self.from, self.until) {
            (Some(a), Until::Present) => Some(span(&a.to_string(), "present")),
            (Some(a), Until::Year(b)) => Some(year_span(a, b)),
            (Some(a), Until::Unknown) => Some(format!("from {a}")),
            (None, Until::Year(b)) => Some(format!("until {b}")),
            (None, _) => None,
        }
    }
}

/// The stages in the order pages list people: most senior first, industry last.
pub const SENIORITY: [CareerStage; 5] = [
    CareerStage::Faculty,
    CareerStage::Postdoc,
    CareerStage::PhdStudent,
    CareerStage::Student,
    CareerStage::Industry,
];

/// A stage's place in [`SENIORITY`].
pub fn seniority(stage: CareerStage) -> usize {
    SENIORITY.iter().position(|s| *s == stage).unwrap_or(0)
}

/// "1 PhD student", "3 faculty", "2 in industry".
pub fn stage_count(stage: CareerStage, n: u32) -> String {
    let one = n == 1;
    let noun = match stage {
        CareerStage::Student if one => "student",
        CareerStage::Student => "students",
        CareerStage::PhdStudent if one => "PhD student",
        CareerStage::PhdStudent => "PhD students",
        CareerStage::Postdoc if one => "postdoc",
        CareerStage::Postdoc => "postdocs",
        CareerStage::Faculty => "faculty",
        CareerStage::Industry => "in industry",
    };
    format!("{n} {noun}")
}

/// A stage as the end of "now …": "a PhD student", "faculty", "in industry".
pub fn stage_phrase(stage: CareerStage) -> &'static str {
    match stage {
        CareerStage::Student => "a student",
        CareerStage::PhdStudent => "a PhD student",
        CareerStage::Postdoc => "a postdoc",
        CareerStage::Faculty => "faculty",
        CareerStage::Industry => "in industry",
    }
}

/// People per stage in words, most senior first: "2 faculty, 1 postdoc, 5 PhD students";
/// `None` for nobody.
pub fn stages_line(counts: &[u32; 5]) -> Option<String> {
    let parts: Vec<String> = (SENIORITY.into_iter())
        .map(|s| (s, counts[super::stage_index(s)]))
        .filter(|(_, n)| *n > 0)
        .map(|(s, n)| stage_count(s, n))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

impl OrgTable {
    /// What a selection counts, as a sentence: "Ranked by the number of papers at NSDI or OSDI
    /// since 2020." (venue and topic ids the table lacks are left out).
    pub fn describe(&self, s: &Selection) -> String {
        let mut venues: Vec<&str> = (self.venues.iter())
            .filter(|v| s.venues.contains(&v.id))
            .map(|v| v.short.as_str())
            .collect();
        venues.sort_unstable();
        let mut topics: Vec<&str> = (self.topics.iter())
            .filter(|(id, _)| s.topics.contains(id))
            .map(|(_, name)| name.as_str())
            .collect();
        topics.sort_unstable();
        let what = match (venues.is_empty(), topics.is_empty()) {
            (true, true) => "papers at any venue".to_owned(),
            (false, true) => format!("papers at {}", venues.join(" or ")),
            (true, false) => format!("papers on {}", topics.join(" or ")),
            (false, false) => format!(
                "papers at {}, or on {}",
                venues.join(" or "),
                topics.join(" or ")
            ),
        };
        let years = match (s.year_from, s.year_to) {
            (Some(a), Some(b)) if a == b => format!(" in {a}"),
            (Some(a), Some(b)) => format!(" from {a} to {b}"),
            (Some(a), None) => format!(" since {a}"),
            (None, Some(b)) => format!(" up to {b}"),
            (None, None) => " in any year".to_owned(),
        };
        let by = match s.credit {
            Credit::Count => "the number of",
            Credit::Fractional => "fractional credit for",
        };
        format!("Ranked by {by} {what}{years}.")
    }
}

/// How a score is computed, in words, paragraph by paragraph; the rule of
/// [`super::affiliation`].
pub fn rules(credit: Credit) -> [&'static str; 3] {
    [
        "A paper is credited to an organization when one of its authors in this directory was \
         there in the year it appeared: a degree or job there whose years span that year \
         (“present” is still there; a record with a start year but no end spans that year \
         alone). An author with no such record is credited to their current organization, and \
         one with neither to none.",
        match credit {
            Credit::Count => {
                "Papers: each paper counts once for each organization it is credited to, however \
                 many of its authors were there."
            }
            Credit::Fractional => {
                "Fractional credit: each paper's one point is split evenly among its credited \
                 authors in this directory, and each author's part evenly among their \
                 organizations that year, as CSRankings' adjusted count splits a paper among its \
                 authors. An organization's score is the sum of its authors' parts, so the scores \
                 of one paper add up to 1."
            }
        },
        "Scores are compared at two decimals: equal scores share a rank and are listed by name. \
         Each score links to the papers behind it.",
    ]
}
