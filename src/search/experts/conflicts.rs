//! Who may not review a paper, from the data only, each rule named:
//!
//! | rule | when |
//! | --- | --- |
//! | [`Rule::Author`] | they are one of its authors |
//! | [`Rule::Coauthor`] | they wrote a paper with an author in the last N years (this year − N ≤ its year; a paper exactly N years old counts) |
//! | [`Rule::Advised`], [`Rule::AdvisedBy`] | they advised an author, or an author advised them (either record saying so, by id or by name) |
//! | [`Rule::SameOrganizationNow`] | their current organization is an author's |
//! | [`Rule::Organization`] | a job or degree of theirs and one of an author's at one organization overlap in time |
//!
//! An overlap that depends on years the data does not give (a stint with no start, or an end
//! that is not known) is never silent: it is reported as *possibly*, with the reason. An
//! author given only by name (not in the directory) can match by co-authorship (their printed
//! name on a paper) and advising (an advisor's name); the directory knows nothing else of them.

use std::fmt;

use super::corpus::Corpus;
use crate::lang::{Catalogue, EN, fill};
use crate::model::{Dataset, EndDate, OrgId, PartialDate, Researcher, ResearcherId};
use crate::search::text::fold;

/// A submission's author: a directory member, or a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Author {
    /// A member, by index in the dataset's researchers.
    Member(u32),
    /// A name typed in (not found in the directory).
    Named(String),
}

/// Which rule a conflict comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// One of the submission's authors.
    Author,
    /// A recent co-author of an author.
    Coauthor,
    /// Advised an author.
    Advised,
    /// Advised by an author.
    AdvisedBy,
    /// At an author's current organization.
    SameOrganizationNow,
    /// At an organization with an author at the same time.
    Organization,
}

/// One conflict: its rule, the author it is with, why in words, and whether the data is sure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The rule.
    pub rule: Rule,
    /// The author's name.
    pub author: String,
    /// Why, e.g. `co-authored "X" with A. Author in 2024` ([`Reason::text`] in words; its
    /// `Display` is English).
    pub reason: Reason,
    /// False when it rests on years the data does not give ("possibly").
    pub certain: bool,
}

/// Why a conflict is one, with the names, title and year it rests on: [`Self::text`] says it
/// in a language, `Display` in English (`co-authored "X" with A. Author in 2024`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// They are one of the submission's authors.
    Author,
    /// They wrote `title` with `name` in `year` (the most recent such paper in the window).
    Coauthored {
        /// The paper's title.
        title: String,
        /// The author's name.
        name: String,
        /// The paper's year.
        year: u16,
    },
    /// They advised `name`.
    Advised {
        /// The author's name.
        name: String,
    },
    /// `name` advised them.
    AdvisedBy {
        /// The author's name.
        name: String,
    },
    /// They are at `organization` now, as `name` is.
    SameOrganizationNow {
        /// The organization's label.
        organization: String,
        /// The author's name.
        name: String,
    },
    /// They were at `organization` at the same time as `name`, `since` a year when known.
    Organization {
        /// The organization's label.
        organization: String,
        /// The author's name.
        name: String,
        /// The year the overlap began.
        since: Option<i32>,
    },
    /// Perhaps at `organization` at the same time as `name`: the data does not give all
    /// their years there.
    PossiblyOrganization {
        /// The organization's label.
        organization: String,
        /// The author's name.
        name: String,
    },
}

impl Reason {
    /// The reason in `t`'s language.
    pub fn text(&self, t: &Catalogue) -> String {
        let x = t.experts_text();
        match self {
            Self::Author => x.author().to_owned(),
            Self::Coauthored { title, name, year } => fill(
                x.coauthored(),
                &[
                    ("title", title),
                    ("name", name),
                    ("year", &t.lang.year((*year).into())),
                ],
            ),
            Self::Advised { name } => fill(x.advised(), &[("name", name)]),
            Self::AdvisedBy { name } => fill(x.advised_by(), &[("name", name)]),
            Self::SameOrganizationNow { organization, name } => fill(
                x.same_organization_now(),
                &[("organization", organization), ("name", name)],
            ),
            Self::Organization {
                organization,
                name,
                since: Some(year),
            } => fill(
                x.organization_since(),
                &[
                    ("organization", organization),
                    ("name", name),
                    ("year", &t.lang.year((*year).into())),
                ],
            ),
            Self::Organization {
                organization,
                name,
                since: None,
            } => fill(
                x.organization(),
                &[("organization", organization), ("name", name)],
            ),
            Self::PossiblyOrganization { organization, name } => fill(
                x.organization_possibly(),
                &[("organization", organization), ("name", name)],
            ),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&EN))
    }
}

/// What the rules need besides the data.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    /// The current year.
    pub this_year: u16,
    /// How many years of co-authorship make a conflict.
    pub years: u16,
}

/// The conflicts of researcher `candidate` with the submission's `authors`, each rule at most
/// once per author, in the order of [`Rule`].
pub fn conflicts(
    dataset: &Dataset,
    corpus: &Corpus,
    candidate: u32,
    authors: &[Author],
    window: Window,
) -> Vec<Conflict> {
    let Some(c) = dataset.researchers.get(candidate as usize) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for author in authors {
        let (name, member) = match author {
            Author::Member(i) => match dataset.researchers.get(*i as usize) {
                Some(r) => (r.name.clone(), Some((*i, r))),
                None => continue,
            },
            Author::Named(n) => (n.clone(), None),
        };
        if member.is_some_and(|(i, _)| i == candidate) {
            out.push(conflict(Rule::Author, &name, Reason::Author, true));
            continue;
        }
        if let Some(reason) = coauthored(dataset, corpus, candidate, author, &name, window) {
            out.push(conflict(Rule::Coauthor, &name, reason, true));
        }
        let named = |r: &Researcher, n: &str| spellings(r).any(|s| s == fold(n));
        let advised_by = |advisee: &Researcher, advisor: Option<&ResearcherId>, name: &str| {
            advisors(advisee).any(|a| match (&a.researcher, advisor) {
                (Some(x), Some(id)) => x == id,
                _ => fold(&a.name) == fold(name),
            })
        };
        if let Some((_, a)) = member
            && advised_by(a, Some(&c.id), &c.name)
        {
            out.push(conflict(
                Rule::Advised,
                &name,
                Reason::Advised { name: name.clone() },
                true,
            ));
        }
        if advised_by(c, member.map(|(_, a)| &a.id), &name)
            || member.is_some_and(|(_, a)| {
                advisors(c).any(|x| named(a, &x.name) && x.researcher.is_none())
            })
        {
            out.push(conflict(
                Rule::AdvisedBy,
                &name,
                Reason::AdvisedBy { name: name.clone() },
                true,
            ));
        }
        if let Some((_, a)) = member {
            organizations(dataset, c, a, &name, &mut out);
        }
    }
    out.sort_by_key(|x| x.rule);
    out.dedup_by(|x, y| x.rule == y.rule && x.author == y.author);
    out
}

fn conflict(rule: Rule, author: &str, reason: Reason, certain: bool) -> Conflict {
    Conflict {
        rule,
        author: author.to_owned(),
        reason,
        certain,
    }
}

/// A researcher's spellings, folded.
fn spellings(r: &Researcher) -> impl Iterator<Item = String> + '_ {
    std::iter::once(&r.name)
        .chain(&r.alternative_names)
        .chain(&r.native_name)
        .map(|n| fold(n))
}

/// A researcher's advisors: their own and each degree's.
fn advisors(r: &Researcher) -> impl Iterator<Item = &crate::model::Advisor> {
    r.advisors
        .iter()
        .chain(r.education.iter().flat_map(|e| &e.advisors))
}

/// `co-authored "X" with A in 2024`: the most recent paper in the window.
fn coauthored(
    dataset: &Dataset,
    corpus: &Corpus,
    candidate: u32,
    author: &Author,
    name: &str,
    window: Window,
) -> Option<Reason> {
    let folded = fold(name);
    let papers = corpus.by_researcher.get(candidate as usize)?;
    let shared = papers
        .iter()
        .map(|&d| &corpus.papers[d as usize])
        .filter(|p| {
            window.this_year.saturating_sub(p.year) <= window.years
                && match author {
                    Author::Member(i) => p.authors.contains(i),
                    Author::Named(_) => dataset.publications[p.publication as usize]
                        .authors
                        .iter()
                        .any(|a| fold(&a.name) == folded),
                }
        });
    let latest = shared.max_by_key(|p| (p.year, std::cmp::Reverse(p.publication)))?;
    let title = &dataset.publications[latest.publication as usize].title;
    Some(Reason::Coauthored {
        title: title.clone(),
        name: name.to_owned(),
        year: latest.year,
    })
}

/// A stretch at an organization: start and end as far as known; `end` `None` when unknown.
struct Stint<'a> {
    org: &'a OrgId,
    start: Option<PartialDate>,
    end: Option<EndDate>,
}

fn stints(r: &Researcher) -> Vec<Stint<'_>> {
    let jobs = r.positions.iter().map(|p| Stint {
        org: &p.organization,
        start: p.start,
        end: p.end,
    });
    let degrees = r.education.iter().map(|e| Stint {
        org: &e.organization,
        start: e.start,
        end: e.end,
    });
    jobs.chain(degrees).collect()
}

/// The same organization now, else a time both were at one organization.
fn organizations(
    dataset: &Dataset,
    c: &Researcher,
    a: &Researcher,
    name: &str,
    out: &mut Vec<Conflict>,
) {
    if let (Some(x), Some(y)) = (&c.organization, &a.organization)
        && x == y
    {
        let org = dataset.organization_label(x);
        out.push(conflict(
            Rule::SameOrganizationNow,
            name,
            Reason::SameOrganizationNow {
                organization: org.to_owned(),
                name: name.to_owned(),
            },
            true,
        ));
        return;
    }
    let month = |d: PartialDate, last: bool| {
        i32::from(d.year) * 12 + i32::from(d.month.unwrap_or(if last { 12 } else { 1 })) - 1
    };
    let mut possible: Option<Conflict> = None;
    for s in stints(c) {
        for t in stints(a).into_iter().filter(|t| t.org == s.org) {
            let from = |x: &Stint<'_>| x.start.map(|d| month(d, false));
            let to = |x: &Stint<'_>| match x.end {
                Some(EndDate::Date(d)) => Some(month(d, true)),
                Some(EndDate::Present) => Some(i32::MAX),
                None => None,
            };
            let (lo, hi) = (
                from(&s).max(from(&t)),
                match (to(&s), to(&t)) {
                    (Some(p), Some(q)) => Some(p.min(q)),
                    (p, q) => p.or(q),
                },
            );
            let overlap = match (lo, hi) {
                (Some(lo), Some(hi)) => lo <= hi,
                _ => true,
            };
            if !overlap {
                continue;
            }
            let org = dataset.organization_label(s.org);
            let known = [from(&s), from(&t), to(&s), to(&t)]
                .iter()
                .all(Option::is_some);
            if known {
                out.push(conflict(
                    Rule::Organization,
                    name,
                    Reason::Organization {
                        organization: org.to_owned(),
                        name: name.to_owned(),
                        since: lo.map(|m| m.div_euclid(12)),
                    },
                    true,
                ));
                return;
            }
            possible.get_or_insert_with(|| {
                conflict(
                    Rule::Organization,
                    name,
                    Reason::PossiblyOrganization {
                        organization: org.to_owned(),
                        name: name.to_owned(),
                    },
                    false,
                )
            });
        }
    }
    out.extend(possible);
}
