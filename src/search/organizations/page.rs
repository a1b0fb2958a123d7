//! What an organization's page shows beyond its row: publications per year, venue and topic
//! mix, where it stands in a ranking, and its people's years and stages in words.

use super::{Member, NO_VENUE, OrgTable, Until};
use crate::lang::{Catalogue, Plural, fill};
use crate::model::CareerStage;
use crate::model::date::span;
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
    /// The figures of organization `org` over every paper credited to it ("No venue" in `t`'s
    /// language).
    pub fn summary(&self, org: usize, t: &Catalogue) -> OrgSummary {
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
                    .map_or_else(|| t.org_text().no_venue().to_owned(), |v| v.short.clone())
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
    /// Their years there in words, in `t`'s language: "2016–2021", "2020–present", "2019",
    /// "from 2020", "until 2018"; `None` when no record says.
    pub fn years(&self, t: &Catalogue) -> Option<String> {
        let year = |y: u16| t.lang.year(i64::from(y));
        let o = t.org_text();
        match (self.from, self.until) {
            (Some(a), Until::Present) => Some(span(&year(a), o.present())),
            (Some(a), Until::Year(b)) => Some(span(&year(a), &year(b))),
            (Some(a), Until::Unknown) => Some(fill(o.years_from(), &[("year", &year(a))])),
            (None, Until::Year(b)) => Some(fill(o.years_until(), &[("year", &year(b))])),
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

/// `plural`'s text for `n` with `{n}` in the language's digits, ungrouped as English has always
/// written these counts ("1204 researchers"), and other placeholders from `args`.
pub fn ungrouped(plural: &Plural, n: usize, args: &[(&str, &str)]) -> String {
    let form = plural.forms[plural.lang.plural(n as u64) as usize];
    let template = if form.is_empty() {
        plural.forms[5]
    } else {
        form
    };
    let number = plural.lang.year(n as i64);
    let mut all = vec![("n", number.as_str())];
    all.extend_from_slice(args);
    fill(template, &all)
}

/// "1 PhD student", "3 faculty", "2 in industry", in `t`'s language.
pub fn stage_count(stage: CareerStage, n: u32, t: &Catalogue) -> String {
    let o = t.org_text();
    let plural = match stage {
        CareerStage::Student => &o.count_student(),
        CareerStage::PhdStudent => &o.count_phd_student(),
        CareerStage::Postdoc => &o.count_postdoc(),
        CareerStage::Faculty => &o.count_faculty(),
        CareerStage::Industry => &o.count_industry(),
    };
    ungrouped(plural, n as usize, &[])
}

/// A stage as the end of "now …", in `t`'s language: "a PhD student", "faculty", "in industry".
pub fn stage_phrase(stage: CareerStage, t: &Catalogue) -> &'static str {
    let o = t.org_text();
    match stage {
        CareerStage::Student => o.now_student(),
        CareerStage::PhdStudent => o.now_phd_student(),
        CareerStage::Postdoc => o.now_postdoc(),
        CareerStage::Faculty => o.now_faculty(),
        CareerStage::Industry => o.now_industry(),
    }
}

/// People per stage in words, most senior first, in `t`'s language: "2 faculty, 1 postdoc,
/// 5 PhD students"; `None` for nobody.
pub fn stages_line(counts: &[u32; 5], t: &Catalogue) -> Option<String> {
    let parts: Vec<String> = (SENIORITY.into_iter())
        .map(|s| (s, counts[super::stage_index(s)]))
        .filter(|(_, n)| *n > 0)
        .map(|(s, n)| stage_count(s, n, t))
        .collect();
    (!parts.is_empty()).then(|| parts.join(t.org_text().separator()))
}

impl OrgTable {
    /// What a selection counts, as a sentence in `t`'s language: "Ranked by the number of
    /// papers at NSDI or OSDI since 2020." (venue and topic ids the table lacks are left out).
    pub fn describe(&self, s: &Selection, t: &Catalogue) -> String {
        let o = t.org_text();
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
        let (venues, topics) = (venues.join(o.or()), topics.join(o.or()));
        let what = match (venues.is_empty(), topics.is_empty()) {
            (true, true) => o.any_venue().to_owned(),
            (false, true) => fill(o.at_venues(), &[("venues", &venues)]),
            (true, false) => fill(o.on_topics(), &[("topics", &topics)]),
            (false, false) => fill(
                o.at_venues_or_on_topics(),
                &[("venues", &venues), ("topics", &topics)],
            ),
        };
        let year = |y: u16| t.lang.year(i64::from(y));
        let years = match (s.year_from, s.year_to) {
            (Some(a), Some(b)) if a == b => fill(o.in_year(), &[("year", &year(a))]),
            (Some(a), Some(b)) => fill(o.from_to(), &[("from", &year(a)), ("to", &year(b))]),
            (Some(a), None) => fill(o.since(), &[("year", &year(a))]),
            (None, Some(b)) => fill(o.up_to(), &[("year", &year(b))]),
            (None, None) => o.any_year().to_owned(),
        };
        let sentence = match s.credit {
            Credit::Count => o.ranked_by_count(),
            Credit::Fractional => o.ranked_by_credit(),
        };
        fill(sentence, &[("what", &what), ("years", &years)])
    }
}

/// How a score is computed, in words, paragraph by paragraph, in `t`'s language; the rule of
/// [`super::affiliation`].
pub fn rules(credit: Credit, t: &Catalogue) -> [&'static str; 3] {
    let o = t.org_text();
    [
        o.rule_credit(),
        match credit {
            Credit::Count => o.rule_count(),
            Credit::Fractional => o.rule_fractional(),
        },
        o.rule_ties(),
    ]
}
