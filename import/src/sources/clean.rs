//! Every text of a [`Record`] repaired as it comes through the door ([`crate::repair`]): names,
//! titles, venues and organizations as one-line text, the biography and abstracts as prose.
//! Identifiers, addresses and dates are left as the reader checked them. Runs once, on every
//! record read from the source folder ([`super::folder::read`]), whatever its source.

use super::record::{Affiliation, Record};
use crate::repair::{line, prose};

/// Repairs `record`'s texts in place.
pub fn record(record: &mut Record) {
    let p = &mut record.profile;
    one(&mut p.name);
    p.other_names.iter_mut().for_each(|n| *n = line(n));
    p.other_names.retain(|n| !n.is_empty());
    if let Some(b) = &mut p.biography {
        *b = prose(b);
    }
    p.biography.take_if(|b| b.is_empty());
    p.keywords.iter_mut().for_each(|k| *k = line(k));
    p.keywords.retain(|k| !k.is_empty());
    for u in &mut p.urls {
        one(&mut u.label);
    }
    for a in p.employments.iter_mut().chain(&mut p.educations) {
        affiliation(a);
    }
    for w in &mut record.works {
        w.title = line(&w.title);
        for a in &mut w.authors {
            a.name = line(&a.name);
        }
        w.authors.retain(|a| !a.name.is_empty());
        if let Some(v) = &mut w.venue {
            v.name = line(&v.name);
        }
        w.venue.take_if(|v| v.name.is_empty());
        for f in [
            &mut w.volume,
            &mut w.number,
            &mut w.pages,
            &mut w.publisher,
            &mut w.school,
        ] {
            one(f);
        }
        if let Some(a) = &mut w.abstract_text {
            *a = prose(a);
        }
        w.abstract_text.take_if(|a| a.is_empty());
    }
}

fn affiliation(a: &mut Affiliation) {
    a.organization = line(&a.organization);
    for f in [&mut a.department, &mut a.role, &mut a.location] {
        one(f);
    }
}

/// An optional one-line text repaired; `None` when nothing is left of it.
fn one(field: &mut Option<String>) {
    if let Some(s) = field {
        *s = line(s);
    }
    field.take_if(|s| s.is_empty());
}
