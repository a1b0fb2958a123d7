//! Whose a document is. A record names its holder in `orcid-identifier`. A `/works` or
//! `/activities` answer has none, so the iD is the one the `path`s ORCID writes name: the
//! answer's (`/0000-0002-1825-0097/works`), its sections' and its items'
//! (`/0000-0002-1825-0097/work/1234`), the first that names one; else an item the person added
//! themselves, by its `source` (`source-orcid`, or v3.0's `assertion-origin-orcid`). Their
//! name is that item's `source-name`. The iD found is checked as a record's is: a wrong check
//! digit refuses the document. None found is an empty iD, which the caller accepts.

use research_atlas::error::Invalid;
use research_atlas::model::validate::check_orcid_url;

use super::affiliations::{Section, flat};
use super::schema::{
    ActivitiesSummary, AffiliationSummary, Affiliations, Lenient, OrcidIdentifier, Source, Value,
    Works, list,
};
use super::text::some;
use super::under;
use crate::Error;

/// The iD in a record's `orcid-identifier.path`, checked; `Err` when it is none.
pub(super) fn recorded(identifier: &Lenient<OrcidIdentifier>) -> Result<String, Error> {
    let identifier = match identifier {
        Lenient::Ok(identifier) => identifier,
        Lenient::Bad(why) => {
            return Err(Error::document(format!(
                "not an ORCID record: `orcid-identifier`: {why}"
            )));
        }
    };
    let path = identifier.path.as_deref().map(str::trim).unwrap_or("");
    if path.is_empty() {
        return Err(Error::document(
            "not an ORCID record: `orcid-identifier.path` is missing",
        ));
    }
    // The check below wants ASCII (it slices by bytes).
    let shaped = path.len() == 19
        && path
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'-' || b == b'X');
    let refused = |why: &dyn std::fmt::Display| {
        Error::document(format!(
            "`orcid-identifier.path` {path:?} is not an ORCID iD: it {why}"
        ))
    };
    if !shaped {
        return Err(refused(
            &"is not four groups of four digits (0000-0002-1825-0097)",
        ));
    }
    check(path).map_err(|why| refused(&why))?;
    Ok(path.to_owned())
}

/// Where an answer says whose it is, in the order they are trusted: `path`s, then the
/// `source`s of items; each with its JSON path, for a message.
#[derive(Debug, Default)]
pub(super) struct Clues<'a> {
    paths: Vec<(String, &'a str)>,
    sources: Vec<(String, &'a Source)>,
}

impl<'a> Clues<'a> {
    /// A `path` at `at`, when it is text.
    pub(super) fn path(&mut self, at: String, path: Option<&'a Lenient<String>>) {
        if let Some(Lenient::Ok(path)) = path {
            self.paths.push((at, path));
        }
    }

    /// An `/activities` answer or `activities-summary` at `at`: its path, then its sections'.
    pub(super) fn activities(&mut self, at: &str, activities: &'a ActivitiesSummary) {
        self.path(under(at, "path"), activities.path.as_ref());
        self.works(&under(at, "works"), activities.works.as_ref());
        let sections = [
            (Section::Employments, &activities.employments),
            (Section::Educations, &activities.educations),
        ];
        for (which, section) in sections {
            self.affiliations(&under(at, which.name()), which, section.as_ref());
        }
    }

    /// A works section or `/works` answer at `at`: its path, then each summary's.
    pub(super) fn works(&mut self, at: &str, works: Option<&'a Lenient<Works>>) {
        let Some(Lenient::Ok(works)) = works else {
            return;
        };
        self.path(under(at, "path"), works.path.as_ref());
        for (i, group) in list(&works.group).iter().enumerate() {
            let Lenient::Ok(group) = group else { continue };
            for (j, summary) in list(&group.work_summary).iter().enumerate() {
                if let Lenient::Ok(s) = summary {
                    let at = under(at, &format!("group[{i}].work-summary[{j}]"));
                    self.item(&at, s.path.as_ref(), s.source.as_ref());
                }
            }
        }
    }

    /// An affiliation section at `at`: its path, then each summary's, grouped (v3.0) or flat
    /// (v2.x).
    fn affiliations(
        &mut self,
        at: &str,
        which: Section,
        section: Option<&'a Lenient<Affiliations>>,
    ) {
        let Some(Lenient::Ok(section)) = section else {
            return;
        };
        self.path(under(at, "path"), section.path.as_ref());
        for (i, group) in list(&section.affiliation_group).iter().enumerate() {
            let Lenient::Ok(group) = group else { continue };
            for (j, summaries) in list(&group.summaries).iter().enumerate() {
                let Lenient::Ok(s) = summaries else { continue };
                let found = [
                    ("employment-summary", &s.employment_summary),
                    ("education-summary", &s.education_summary),
                ];
                for (key, summary) in found {
                    if let Some(summary) = summary {
                        let at = format!("{at}.affiliation-group[{i}].summaries[{j}].{key}");
                        self.affiliation(&at, summary);
                    }
                }
            }
        }
        for (i, summary) in flat(section, which).iter().enumerate() {
            if let Lenient::Ok(summary) = summary {
                let key = match which {
                    Section::Employments => "employment-summary",
                    Section::Educations => "education-summary",
                };
                self.affiliation(&format!("{at}.{key}[{i}]"), summary);
            }
        }
    }

    fn affiliation(&mut self, at: &str, s: &'a AffiliationSummary) {
        self.item(at, s.path.as_ref(), s.source.as_ref());
    }

    fn item(
        &mut self,
        at: &str,
        path: Option<&'a Lenient<String>>,
        source: Option<&'a Lenient<Source>>,
    ) {
        self.path(format!("{at}.path"), path);
        if let Some(Lenient::Ok(source)) = source {
            self.sources.push((format!("{at}.source"), source));
        }
    }

    /// The holder's iD: the first path's that names one, else the first source's; empty when
    /// none does. `Err` when the one found has a wrong check digit.
    pub(super) fn id(&self) -> Result<String, Error> {
        for (at, path) in &self.paths {
            if let Some(id) = named(path) {
                return check(id).map(|()| id.to_owned()).map_err(|why| {
                    Error::document({
                        format!("`{at}` {path:?} does not name an ORCID iD: {id} {why}")
                    })
                });
            }
        }
        for (at, source) in &self.sources {
            let who = [
                ("source-orcid", &source.source_orcid),
                ("assertion-origin-orcid", &source.assertion_origin_orcid),
            ];
            for (key, orcid) in who {
                if let Some(id) = orcid_of(orcid) {
                    return check(id).map(|()| id.to_owned()).map_err(|why| {
                        Error::document(format!(
                            "`{at}.{key}` does not name an ORCID iD: {id} {why}"
                        ))
                    });
                }
            }
        }
        Ok(String::new())
    }

    /// The holder's name, as an item they added themselves gives it (`source-name`, or
    /// `assertion-origin-name` for what a system added on their word); `None` without an iD.
    pub(super) fn name(&self, id: &str) -> Option<String> {
        if id.is_empty() {
            return None;
        }
        let by = |orcid: &Option<Lenient<OrcidIdentifier>>,
                  name: &Option<Lenient<Value<String>>>| {
            match name {
                Some(Lenient::Ok(name)) if orcid_of(orcid) == Some(id) => {
                    some(name.value.as_deref())
                }
                _ => None,
            }
        };
        self.sources.iter().find_map(|(_, s)| {
            by(&s.source_orcid, &s.source_name)
                .or_else(|| by(&s.assertion_origin_orcid, &s.assertion_origin_name))
        })
    }
}

/// The iD an item's `source-orcid` gives, by its `path` or else its `uri`.
fn orcid_of(orcid: &Option<Lenient<OrcidIdentifier>>) -> Option<&str> {
    let Some(Lenient::Ok(orcid)) = orcid else {
        return None;
    };
    (orcid.path.as_deref().and_then(named)).or_else(|| orcid.uri.as_deref().and_then(named))
}

/// The iD a path (`/0000-0002-1825-0097/works`, `0000-0002-1825-0097`) or an address
/// (`https://orcid.org/0000-0002-1825-0097`) begins with, when it has an iD's shape.
pub(super) fn named(path: &str) -> Option<&str> {
    let path = path.trim();
    let path = match path.find("://") {
        // After the host.
        Some(at) => path[at + 3..].split_once('/').map_or("", |(_, rest)| rest),
        None => path,
    };
    let first = path.trim_start_matches('/').split('/').next()?;
    shaped(first).then_some(first)
}

/// Four groups of four digits, the last maybe `X`.
pub(super) fn shaped(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 19
        && b.iter().enumerate().all(|(i, &c)| match i {
            4 | 9 | 14 => c == b'-',
            18 => c.is_ascii_digit() || c == b'X',
            _ => c.is_ascii_digit(),
        })
}

/// An iD's check digit, as the dataset checks an ORCID link.
fn check(id: &str) -> Result<(), Invalid> {
    check_orcid_url(&format!("https://orcid.org/{id}"))
}
