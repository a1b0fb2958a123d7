//! Every text of a [`Record`] repaired as it comes through the door ([`crate::repair`]): names,
//! titles, venues and organizations as one-line text, the biography and abstracts as prose.
//! Identifiers, addresses and dates are left as the reader checked them. Runs once, on every
//! record read from the source folder ([`super::folder::read`]), whatever its source.

use std::borrow::Cow;

use research_atlas::model::EndDate;
use research_atlas::model::validate::MIN_YEAR;

use super::record::{Affiliation, Record, Skip};
use crate::authoring::max_year;
use crate::repair::{line, prose};
use crate::web_text::without_final_period;

/// Repairs `record`'s texts in place.
pub fn record(record: &mut Record) {
    let p = &mut record.profile;
    one(&mut p.name);
    p.other_names.iter_mut().for_each(|n| repair(n, line));
    p.other_names.retain(|n| !n.is_empty());
    if let Some(b) = &mut p.biography {
        repair(b, prose);
    }
    p.biography.take_if(|b| b.is_empty());
    p.keywords.iter_mut().for_each(|k| repair(k, line));
    p.keywords.retain(|k| !k.is_empty());
    for u in &mut p.urls {
        one(&mut u.label);
    }
    let mut dates = Vec::new();
    for (section, list) in [
        ("employments", &mut p.employments),
        ("educations", &mut p.educations),
    ] {
        for (i, a) in list.iter_mut().enumerate() {
            affiliation(a);
            dates.extend(plausible(a, &format!("{section}[{i}]")));
        }
    }
    record.skipped.extend(dates);
    for w in &mut record.works {
        // The reader took the final period off before the door took an invisible character
        // after it away: again, now it is last.
        if let Cow::Owned(title) = line(&w.title) {
            w.title = without_final_period(title);
        }
        for a in &mut w.authors {
            repair(&mut a.name, line);
        }
        w.authors.retain(|a| !a.name.is_empty());
        if let Some(v) = &mut w.venue {
            repair(&mut v.name, line);
        }
        w.venue.take_if(|v| v.name.is_empty());
        for f in [
            &mut w.imprint.volume,
            &mut w.imprint.number,
            &mut w.imprint.pages,
            &mut w.imprint.publisher,
            &mut w.school,
        ] {
            one(f);
        }
        if let Some(a) = &mut w.abstract_text {
            repair(a, prose);
        }
        w.abstract_text.take_if(|a| a.is_empty());
    }
}

fn affiliation(a: &mut Affiliation) {
    repair(&mut a.organization, line);
    for f in [&mut a.department, &mut a.role, &mut a.location] {
        one(f);
    }
}

/// An affiliation's start and end without a year the dataset's checks refuse (before
/// [`MIN_YEAR`], after next year): that date is unknown, the affiliation kept. Done here, not
/// left to the checks, so a rerun finds the affiliation it brought the first time.
fn plausible(a: &mut Affiliation, at: &str) -> Vec<Skip> {
    let (min, max) = (MIN_YEAR, max_year());
    let bad = |year: u16| {
        if year < min {
            Some(format!("{year} is before {min}"))
        } else if year > max {
            Some(format!("{year} is after {max}"))
        } else {
            None
        }
    };
    let mut skipped = Vec::new();
    if let Some(why) = a.start.and_then(|d| bad(d.year)) {
        a.start = None;
        skipped.push(Skip {
            at: format!("{at}.start"),
            reason: format!("{why}; the date left out"),
        });
    }
    let end_year = match a.end {
        Some(EndDate::Date(d)) => Some(d.year),
        _ => None,
    };
    if let Some(why) = end_year.and_then(bad) {
        a.end = None;
        skipped.push(Skip {
            at: format!("{at}.end"),
            reason: format!("{why}; the date left out"),
        });
    }
    skipped
}

/// An optional one-line text repaired; `None` when nothing is left of it.
fn one(field: &mut Option<String>) {
    if let Some(s) = field {
        repair(s, line);
    }
    field.take_if(|s| s.is_empty());
}

/// `text` repaired by `how`, replaced only when something changed.
fn repair(text: &mut String, how: fn(&str) -> Cow<'_, str>) {
    if let Cow::Owned(fixed) = how(text) {
        *text = fixed;
    }
}
