//! Side-by-side comparison of 2–4 researchers: their careers on one time axis, their output, and
//! what they share (papers, co-authors, advisors, organizations, topics).
//!
//! Each subject comes with the dataset its records are in: the whole dataset, or the researcher's
//! own detail file. Facts are matched by id where the data has ids (publications, organizations,
//! directory members) and by folded name otherwise (co-authors and advisors outside the
//! directory).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::summary::{Activity, Share, activity, topic_mix, venue_mix};
use super::text::fold;
use crate::lang::{Catalogue, Plural, fill};
use crate::model::date::period;
use crate::model::sort;
use crate::model::{Dataset, EndDate, PartialDate, Researcher};

/// One researcher to compare, and the records their facts point into.
#[derive(Clone, Copy)]
pub struct Subject<'a> {
    /// The researcher.
    pub researcher: &'a Researcher,
    /// A dataset holding their publications and the vocabularies they use.
    pub dataset: &'a Dataset,
}

/// Whether a career span is a degree or a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpanKind {
    /// A degree or course of study.
    Education,
    /// A job or appointment.
    Position,
}

/// A dated stretch of a career, in fractional years (2020.5 is July 2020).
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    /// Degree or job.
    pub kind: SpanKind,
    /// What and where, e.g. "Ph.D. in Computer Science, UC Berkeley".
    pub label: String,
    /// The dates as the record gives them, e.g. "2020 – present".
    pub dates: String,
    /// Start of the span.
    pub start: f32,
    /// End of the span (now, when ongoing).
    pub end: f32,
    /// Still going on.
    pub ongoing: bool,
}

/// One compared researcher's column.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// Their id.
    pub id: String,
    /// Their name.
    pub name: String,
    /// Title and organization.
    pub role: Option<String>,
    /// Publications per year.
    pub activity: Activity,
    /// Venue mix, most frequent first.
    pub venues: Vec<Share>,
    /// What their publications are about, most frequent first.
    pub topic_mix: Vec<Share>,
    /// Their taxonomy topics, by name.
    pub topics: Vec<String>,
    /// Awards, as "name (year)".
    pub awards: Vec<String>,
    /// Degrees and jobs with a start date, oldest first.
    pub spans: Vec<Span>,
    /// Degrees and jobs without a start date, which the timeline cannot place.
    pub undated: Vec<String>,
}

/// Something several of the compared researchers have in common.
#[derive(Debug, Clone, PartialEq)]
pub struct Common {
    /// What they share, e.g. a paper's title or an organization's name.
    pub label: String,
    /// A detail about it, e.g. "NSDI 2023".
    pub detail: Option<String>,
    /// Who shares it: (column, how, e.g. "PhD advisee" or ""), in column order.
    pub who: Vec<(usize, String)>,
}

/// The comparison of 2–4 researchers.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// One column per researcher, in the order asked for.
    pub columns: Vec<Column>,
    /// The years the timeline spans: from the earliest start or publication to the latest end.
    pub axis: (u16, u16),
    /// Papers on two or more of the profiles.
    pub papers: Vec<Common>,
    /// People outside the comparison who wrote papers with two or more of them.
    pub coauthors: Vec<Common>,
    /// Advisors of two or more of them.
    pub advisors: Vec<Common>,
    /// Organizations two or more of them studied or worked at.
    pub organizations: Vec<Common>,
    /// Topics two or more of them work on.
    pub topics: Vec<Common>,
}

impl Comparison {
    /// Compares `subjects`, its words in `t`'s language; `now` is the current year as a
    /// fraction (for "present").
    pub fn new(subjects: &[Subject<'_>], now: f32, t: &Catalogue) -> Self {
        let columns: Vec<Column> = subjects.iter().map(|s| column(s, now, t)).collect();
        let mut lo = u16::MAX;
        let mut hi = 0u16;
        for c in &columns {
            for s in &c.spans {
                lo = lo.min(s.start.floor() as u16);
                hi = hi.max(s.end.ceil() as u16);
            }
            if let Some(last) = c.activity.last() {
                lo = lo.min(c.activity.first);
                hi = hi.max(last + 1);
            }
        }
        let axis = if lo > hi {
            (0, 0)
        } else {
            (lo, hi.max(lo + 1))
        };
        Self {
            axis,
            papers: shared_papers(subjects, t),
            coauthors: shared(subjects, |s| coauthors_of(s, t)),
            advisors: shared(subjects, advisors_of),
            organizations: shared(subjects, |s| organizations_of(s, t)),
            topics: shared(subjects, topics_of),
            columns,
        }
    }
}

fn column(s: &Subject<'_>, now: f32, t: &Catalogue) -> Column {
    let (r, d) = (s.researcher, s.dataset);
    let x = t.compare_text();
    let org_name = |id: &crate::model::OrgId| d.organization_label(id).to_owned();
    let role = role_line(t, d, r);
    let topics = (r.topics.iter())
        .map(|t| d.topic_name(t).to_owned())
        .collect();
    let awards = (r.awards.iter())
        .map(|a| match (a.year, a.end_year) {
            (Some(from), to) => fill(
                x.award(),
                &[
                    ("name", &a.name),
                    (
                        "years",
                        &t.lang.years(from.into(), to.unwrap_or(from).into()),
                    ),
                ],
            ),
            _ => a.name.clone(),
        })
        .collect();
    let mut spans = Vec::new();
    let mut undated = Vec::new();
    let entries = (r.education.iter())
        .map(|e| {
            let label = fill(
                x.span(),
                &[("what", &e.degree), ("where", &org_name(&e.organization))],
            );
            (SpanKind::Education, label, e.start, e.end)
        })
        .chain(r.positions.iter().map(|p| {
            let org = p
                .organization_name
                .clone()
                .unwrap_or_else(|| org_name(&p.organization));
            (
                SpanKind::Position,
                fill(x.span(), &[("what", &p.title), ("where", &org)]),
                p.start,
                p.end,
            )
        }));
    for (kind, label, start, end) in entries {
        let Some(start) = start else {
            undated.push(label);
            continue;
        };
        let (end_at, ongoing) = match end {
            Some(EndDate::Present) => (now, true),
            Some(EndDate::Date(e)) => (end_of(e), false),
            // No end given: the record only says when it began.
            None => (start_of(start) + 1.0 / 12.0, false),
        };
        let dates = match end {
            Some(_) => period(t, Some(start), end),
            None => fill(x.from(), &[("date", &start.human(t))]),
        };
        spans.push(Span {
            kind,
            label,
            dates,
            start: start_of(start),
            end: end_at.max(start_of(start) + 1.0 / 12.0),
            ongoing,
        });
    }
    sort::by(&mut spans, |a, b| {
        a.start.total_cmp(&b.start).then(a.end.total_cmp(&b.end))
    });
    Column {
        id: r.id.0.clone(),
        name: r.name.clone(),
        role,
        activity: activity(d, r),
        venues: venue_mix(d, r),
        topic_mix: topic_mix(d, r),
        topics,
        awards,
        spans,
        undated,
    }
}

/// Title and current organization in `t`'s language, e.g. `"PhD student, UC Berkeley"`: each
/// as the record translates it, else the dataset's.
pub fn role_line(t: &Catalogue, dataset: &Dataset, r: &Researcher) -> Option<String> {
    let lang = t.lang.code();
    let org = (r.organization.as_ref())
        .and_then(|id| dataset.organization(id))
        .map(|o| o.label_in(lang).text.to_owned());
    let title = r.title_in(lang).map(|s| s.text.to_owned());
    match (title, org) {
        (Some(title), Some(o)) => Some(fill(
            t.compare_text().role(),
            &[("title", &title), ("organization", &o)],
        )),
        (title, o) => title.or(o),
    }
}

/// A count in `p`'s words with its number written as English wrote it, ungrouped: `1204 papers`.
fn ungrouped(t: &Catalogue, p: &Plural, n: u32) -> String {
    let form = p.forms[p.lang.plural(u64::from(n)) as usize];
    let template = if form.is_empty() { p.forms[5] } else { form };
    fill(template, &[("n", &t.lang.year(n.into()))])
}

/// The first moment of a date.
fn start_of(d: PartialDate) -> f32 {
    f32::from(d.year)
        + d.month
            .map_or(0.0, |m| f32::from(m.saturating_sub(1)) / 12.0)
}

/// The last moment of a date (the end of its month, or of its year when no month is given).
fn end_of(d: PartialDate) -> f32 {
    f32::from(d.year) + d.month.map_or(1.0, |m| f32::from(m) / 12.0)
}

/// What one subject has, as key → (label, detail, how).
type Facts = BTreeMap<String, (String, Option<String>, String)>;

/// The facts that two or more subjects share, most shared first, then by label.
fn shared(subjects: &[Subject<'_>], facts: impl Fn(&Subject<'_>) -> Facts) -> Vec<Common> {
    let mut all: BTreeMap<String, Common> = BTreeMap::new();
    for (i, s) in subjects.iter().enumerate() {
        for (key, (label, detail, how)) in facts(s) {
            let c = all.entry(key).or_insert_with(|| Common {
                label,
                detail,
                who: Vec::new(),
            });
            c.who.push((i, how));
        }
    }
    let mut out: Vec<Common> = all.into_values().filter(|c| c.who.len() >= 2).collect();
    sort::by(&mut out, |a, b| {
        (b.who.len().cmp(&a.who.len())).then_with(|| fold(&a.label).cmp(&fold(&b.label)))
    });
    out
}

/// Papers on several profiles, newest first.
fn shared_papers(subjects: &[Subject<'_>], t: &Catalogue) -> Vec<Common> {
    let mut years: HashMap<String, u16> = HashMap::new();
    let mut out = shared(subjects, |s| {
        let venues: HashMap<&str, &str> = (s.dataset.venues.iter())
            .map(|v| (v.id.as_str(), v.short_name.as_str()))
            .collect();
        (s.dataset.publications_of(s.researcher).into_iter())
            .map(|p| {
                let venue = p.venue.as_ref().and_then(|v| venues.get(v.as_str()));
                let year = t.lang.year(p.year.into());
                let detail = match venue {
                    Some(v) => fill(
                        t.compare_text().paper_detail(),
                        &[("venue", v), ("year", &year)],
                    ),
                    None => year,
                };
                (
                    p.id.0.clone(),
                    (p.title.clone(), Some(detail), String::new()),
                )
            })
            .collect()
    });
    for s in subjects {
        for p in &s.dataset.publications {
            years.insert(p.title.clone(), p.year);
        }
    }
    sort::by(&mut out, |a, b| {
        (years.get(&b.label).cmp(&years.get(&a.label))).then_with(|| a.label.cmp(&b.label))
    });
    out
}

/// Whether an author entry is the subject themself.
fn is_subject(s: &Subject<'_>, id: Option<&str>, name: &str) -> bool {
    let r = s.researcher;
    id.is_some_and(|id| id == r.id.as_str())
        || fold(name) == fold(&r.name)
        || r.alternative_names.iter().any(|n| fold(n) == fold(name))
}

/// Co-authors of a subject, keyed by directory id or folded name; how = number of papers.
fn coauthors_of(s: &Subject<'_>, t: &Catalogue) -> Facts {
    let mut counts: BTreeMap<String, (String, u32)> = BTreeMap::new();
    for p in s.dataset.publications_of(s.researcher) {
        let mut on_paper = BTreeSet::new();
        for a in &p.authors {
            let id = a.researcher.as_ref().map(|i| i.as_str());
            if is_subject(s, id, &a.name) {
                continue;
            }
            let key = id.map_or_else(|| fold(&a.name), |i| format!("@{i}"));
            if on_paper.insert(key.clone()) {
                counts.entry(key).or_insert_with(|| (a.name.clone(), 0)).1 += 1;
            }
        }
    }
    (counts.into_iter())
        .map(|(k, (name, n))| {
            let how = ungrouped(t, &t.compare_text().papers(), n);
            (k, (name, None, how))
        })
        .collect()
}

/// Advisors of a subject (their own and their degrees'), keyed by directory id or folded name.
fn advisors_of(s: &Subject<'_>) -> Facts {
    let r = s.researcher;
    let mut out = Facts::new();
    let all = (r.advisors.iter()).chain(r.education.iter().flat_map(|e| e.advisors.iter()));
    for a in all {
        let key = (a.researcher.as_ref()).map_or_else(|| fold(&a.name), |i| format!("@{i}"));
        let how = a.role.clone().unwrap_or_default();
        out.entry(key)
            .and_modify(|e| {
                if e.2.is_empty() {
                    e.2 = how.clone();
                }
            })
            .or_insert((a.name.clone(), None, how));
    }
    out
}

/// Organizations a subject studied or worked at, with what they did there.
fn organizations_of(s: &Subject<'_>, t: &Catalogue) -> Facts {
    let (r, d) = (s.researcher, s.dataset);
    let mut roles: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in &r.education {
        roles
            .entry(e.organization.0.clone())
            .or_default()
            .push(e.degree.clone());
    }
    for p in &r.positions {
        roles
            .entry(p.organization.0.clone())
            .or_default()
            .push(p.title.clone());
    }
    if let Some(o) = &r.organization {
        let now = roles.entry(o.0.clone()).or_default();
        if now.is_empty() {
            now.push(
                r.title
                    .clone()
                    .unwrap_or_else(|| t.compare_text().current().into()),
            );
        }
    }
    (roles.into_iter())
        .map(|(id, mut what)| {
            what.dedup();
            let label = d.organization_label(&id).to_owned();
            (
                id,
                (label, None, what.join(t.compare_text().roles_separator())),
            )
        })
        .collect()
}

/// A subject's taxonomy topics.
fn topics_of(s: &Subject<'_>) -> Facts {
    (s.researcher.topics.iter())
        .map(|t| {
            let name = s.dataset.topic_name(t).to_owned();
            (t.0.clone(), (name, None, String::new()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::bundled::dataset as bundled;

    fn compare(d: &Dataset, ids: &[&str]) -> Comparison {
        let subjects: Vec<Subject<'_>> = (ids.iter())
            .map(|id| Subject {
                researcher: d.researcher(id).unwrap(),
                dataset: d,
            })
            .collect();
        Comparison::new(&subjects, 2026.9, &crate::lang::EN)
    }

    fn berkeley_pair(d: &Dataset) -> Vec<&str> {
        let frank = (d.researchers.iter())
            .find(|r| r.name.contains("Luan"))
            .unwrap();
        vec!["michael-luo", frank.id.as_str()]
    }

    #[test]
    fn the_berkeley_pair_share_papers_an_advisor_and_berkeley() {
        let d = bundled();
        let c = compare(&d, &berkeley_pair(&d));
        assert_eq!(c.columns.len(), 2);
        assert!(!c.papers.is_empty(), "they co-authored papers");
        assert!(
            c.papers.iter().any(|p| p.label.starts_with("SkyPilot")),
            "{:?}",
            c.papers
        );
        assert!(c.papers.iter().all(|p| p.who.len() == 2));
        assert!(
            c.advisors.iter().any(|a| a.label == "Ion Stoica"),
            "{:?}",
            c.advisors
        );
        assert!(
            c.organizations.iter().any(|o| o.label.contains("Berkeley")),
            "{:?}",
            c.organizations
        );
        // Shared papers are newest first.
        let years: Vec<&str> = c
            .papers
            .iter()
            .filter_map(|p| p.detail.as_deref())
            .collect();
        assert!(!years.is_empty());
        // The two are never listed as each other's common co-author.
        for co in &c.coauthors {
            assert!(!co.label.contains("Michael Luo") && !co.label.contains("Luan"));
        }
    }

    #[test]
    fn spans_sit_on_one_axis_and_are_ordered() {
        let d = bundled();
        let ids: Vec<&str> = d
            .researchers
            .iter()
            .map(|r| r.id.as_str())
            .take(4)
            .collect();
        let c = compare(&d, &ids);
        let (lo, hi) = c.axis;
        assert!(lo < hi);
        for col in &c.columns {
            for s in &col.spans {
                assert!(
                    s.start >= f32::from(lo) && s.end <= f32::from(hi) + 0.001,
                    "{s:?}"
                );
                assert!(s.end > s.start);
            }
            assert!(col.spans.windows(2).all(|w| w[0].start <= w[1].start));
            if let Some(last) = col.activity.last() {
                assert!(col.activity.first >= lo && last < hi);
            }
        }
    }

    #[test]
    fn ongoing_spans_end_now() {
        let d = bundled();
        let c = compare(&d, &berkeley_pair(&d));
        let ongoing: Vec<&Span> = c
            .columns
            .iter()
            .flat_map(|c| &c.spans)
            .filter(|s| s.ongoing)
            .collect();
        assert!(ongoing.iter().all(|s| (s.end - 2026.9).abs() < 1e-3));
    }

    #[test]
    fn nothing_is_common_to_one_person() {
        let d = bundled();
        let c = compare(&d, &["michael-luo"]);
        assert!(c.papers.is_empty() && c.coauthors.is_empty() && c.organizations.is_empty());
        assert!(c.advisors.is_empty() && c.topics.is_empty());
    }

    #[test]
    fn entries_without_a_start_are_listed_apart() {
        let mut d = bundled();
        let r = d
            .researchers
            .iter_mut()
            .find(|r| r.id.0 == "michael-luo")
            .unwrap();
        let all = r.education.len() + r.positions.len();
        let i = r.positions.iter().position(|p| p.start.is_some()).unwrap();
        r.positions[i].start = None;
        let title = r.positions[i].title.clone();
        let before = compare(&bundled(), &["michael-luo", "luo-mai"]).columns[0].clone();
        let c = compare(&d, &["michael-luo", "luo-mai"]);
        let col = &c.columns[0];
        assert_eq!(col.undated.len(), before.undated.len() + 1);
        assert!(
            col.undated.iter().any(|u| u.starts_with(&title)),
            "{:?}",
            col.undated
        );
        assert_eq!(col.spans.len() + col.undated.len(), all);
    }

    #[test]
    fn dates_become_fractional_years() {
        assert_eq!(start_of(PartialDate::year(2020)), 2020.0);
        assert_eq!(start_of(PartialDate::month(2020, 7)), 2020.5);
        assert_eq!(end_of(PartialDate::year(2020)), 2021.0);
        assert_eq!(end_of(PartialDate::month(2020, 6)), 2020.5);
    }
}
