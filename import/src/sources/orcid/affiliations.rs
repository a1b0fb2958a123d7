//! Employments and educations: each affiliation group's preferred summary (v3.0, the groups
//! walked by [`super::groups`]), or each summary of the flat list (v2.0, v2.1), becomes an
//! [`Affiliation`]; a group, summary or date that cannot be read is skipped with its path.

use research_atlas::model::{EndDate, PartialDate};

use super::groups::{unreadable, walk};
use super::schema::{
    AffiliationSummaries, AffiliationSummary, Affiliations, FuzzyDate, Lenient, Scalar, list,
};
use super::text::some;
use crate::sources::{Affiliation, Skip};

/// Which affiliation section: its name and its summaries' key.
#[derive(Debug, Clone, Copy)]
pub(super) enum Section {
    /// `employments`, `employment-summary`.
    Employments,
    /// `educations`, `education-summary`.
    Educations,
}

impl Section {
    /// The section's key in `activities-summary` or an `/activities` answer.
    pub(super) fn name(self) -> &'static str {
        match self {
            Section::Employments => "employments",
            Section::Educations => "educations",
        }
    }

    fn key(self) -> &'static str {
        match self {
            Section::Employments => "employment-summary",
            Section::Educations => "education-summary",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Section::Employments => "employment",
            Section::Educations => "education",
        }
    }
}

/// Every affiliation of the section, in the document's order (ORCID's: newest first): v3.0's
/// groups, each its preferred summary, and v2.x's flat list, each summary its own. `at` is the
/// section's path (`activities-summary.employments`, or `employments` in an `/activities`
/// answer).
pub(super) fn affiliations<'a>(
    section: Option<&'a Lenient<Affiliations>>,
    which: Section,
    at: &str,
    skipped: &mut Vec<Skip>,
) -> Vec<Affiliation> {
    let section = match section {
        None => return Vec::new(),
        Some(Lenient::Bad(why)) => {
            skipped.push(unreadable(at.to_owned(), why));
            return Vec::new();
        }
        Some(Lenient::Ok(s)) => s,
    };
    let mut out = Vec::new();
    let groups = list(&section.affiliation_group);
    let group_at = |i| format!("{at}.affiliation-group[{i}]");
    let summary = |s: &'a AffiliationSummaries, at: String| {
        let summary = match which {
            Section::Employments => s.employment_summary.as_ref(),
            Section::Educations => s.education_summary.as_ref(),
        };
        match summary {
            Some(summary) => Ok((format!("{at}.{}", which.key()), summary)),
            None => Err(skip(at, format!("no {}", which.key()))),
        }
    };
    walk(groups, group_at, summary, skipped, |group, skipped| {
        let Some(best) = group.best else {
            return;
        };
        let found = &group.found;
        for (k, (path, _)) in found.iter().enumerate() {
            if k != best {
                let reason = format!(
                    "another version of the {} read from {} (ORCID's preferred)",
                    which.noun(),
                    found[best].0
                );
                skipped.push(skip(path.clone(), reason));
            }
        }
        let (path, summary) = &found[best];
        out.extend(affiliation(summary, path, skipped));
    });
    for (i, s) in flat(section, which).iter().enumerate() {
        let at = format!("{at}.{}[{i}]", which.key());
        match s {
            Lenient::Bad(why) => skipped.push(unreadable(at, why)),
            Lenient::Ok(s) => out.extend(affiliation(s, &at, skipped)),
        }
    }
    out
}

/// v2.x's summaries of the section, listed flat.
pub(super) fn flat(section: &Affiliations, which: Section) -> &[Lenient<AffiliationSummary>] {
    match which {
        Section::Employments => list(&section.employment_summary),
        Section::Educations => list(&section.education_summary),
    }
}

/// One summary as an affiliation; `None` (skipped) without an organization's name.
fn affiliation(s: &AffiliationSummary, at: &str, skipped: &mut Vec<Skip>) -> Option<Affiliation> {
    let org = s.organization.as_ref();
    let Some(organization) = some(org.and_then(|o| o.name.as_deref())) else {
        skipped.push(skip(at.to_owned(), "no organization name".into()));
        return None;
    };
    let organization_ids = org
        .and_then(|o| o.disambiguated_organization.as_ref())
        .and_then(|d| {
            let id = some(d.disambiguated_organization_identifier.as_deref())?;
            Some(match some(d.disambiguation_source.as_deref()) {
                Some(source) => format!("{source} {id}"),
                None => id,
            })
        })
        .into_iter()
        .collect();
    let location = org.and_then(|o| o.address.as_ref()).and_then(|a| {
        let parts: Vec<String> = [&a.city, &a.region, &a.country]
            .into_iter()
            .filter_map(|p| some(p.as_deref()))
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    });
    let start = date(s.start_date.as_ref(), &format!("{at}.start-date"), skipped);
    let end = match date(s.end_date.as_ref(), &format!("{at}.end-date"), skipped) {
        Some(end) => Some(EndDate::Date(end)),
        // ORCID's form leaves the end empty for "present".
        None if start.is_some() && s.end_date.is_none() => Some(EndDate::Present),
        None => None,
    };
    Some(Affiliation {
        organization,
        organization_ids,
        department: some(s.department_name.as_deref()),
        role: some(s.role_title.as_deref()),
        location,
        start,
        end,
    })
}

/// A fuzzy date's year and month (the day is dropped); `None` without a year. A year or month
/// that is no number in range is left out with a skip.
pub(super) fn date(
    d: Option<&FuzzyDate>,
    at: &str,
    skipped: &mut Vec<Skip>,
) -> Option<PartialDate> {
    let d = d?;
    let year = d.given_year()?;
    let Some(year) = self::year(year) else {
        let reason = format!("{:?} is not a year; the date is left out", year.text());
        skipped.push(skip(format!("{at}.year"), reason));
        return None;
    };
    let month = d.month_number().and_then(|m| {
        m.map_err(|value| {
            let reason = format!("{:?} is not a month; the month is left out", value.text());
            skipped.push(skip(format!("{at}.month"), reason));
        })
        .ok()
    });
    Some(PartialDate { year, month })
}

impl FuzzyDate {
    /// The year as the date gives it, if it does.
    pub(super) fn given_year(&self) -> Option<&Scalar> {
        self.year.as_ref().and_then(|y| y.value.as_ref())
    }

    /// The month, 1 to 12; `None` when the date gives none, `Err` with the value of one that is
    /// no month.
    pub(super) fn month_number(&self) -> Option<Result<u8, &Scalar>> {
        let m = self.month.as_ref().and_then(|m| m.value.as_ref())?;
        let month = m.integer().filter(|m| (1..=12).contains(m));
        Some(month.and_then(|m| u8::try_from(m).ok()).ok_or(m))
    }
}

/// A year of four digits.
pub(super) fn year(y: &Scalar) -> Option<u16> {
    y.integer()
        .filter(|y| (1000..=9999).contains(y))
        .and_then(|y| u16::try_from(y).ok())
}

fn skip(at: String, reason: String) -> Skip {
    Skip { at, reason }
}
