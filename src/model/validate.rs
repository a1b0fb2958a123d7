//! Semantic checks that serde cannot express: unique ids, references that resolve, plausible
//! years, safe links, no phone numbers.
//!
//! Every problem is one line — the JSON path, the bad value and the reason — so a maintainer can
//! jump straight to it: `publications[4].year: 3024 is after 2027`.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::types::*;

/// The earliest year any dated fact may carry.
pub const MIN_YEAR: u16 = 1950;

/// One problem found in a dataset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON path of the offending value, e.g. `researchers[2].links[0].url`.
    pub path: String,
    /// What is wrong, quoting the bad value.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// The top-level collections, for locating the record a problem belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Collection {
    /// `organizations`
    Organizations,
    /// `topics`
    Topics,
    /// `venues`
    Venues,
    /// `researchers`
    Researchers,
    /// `publications`
    Publications,
}

impl Collection {
    /// The JSON key of the collection.
    pub fn key(self) -> &'static str {
        match self {
            Self::Organizations => "organizations",
            Self::Topics => "topics",
            Self::Venues => "venues",
            Self::Researchers => "researchers",
            Self::Publications => "publications",
        }
    }
}

/// A problem and the record (collection, position in the checked dataset) it makes invalid.
#[derive(Debug, Clone)]
pub(crate) struct Finding {
    pub problem: Problem,
    pub record: Option<(Collection, usize)>,
}

/// Checks a whole dataset; `max_year` is the latest acceptable year (next year, usually).
///
/// An empty result means the dataset is valid.
pub fn validate(dataset: &Dataset, max_year: u16) -> Vec<Problem> {
    check(dataset, max_year, &|_, i| i)
        .into_iter()
        .map(|f| f.problem)
        .collect()
}

/// The checks, with `origin` mapping a record's position to its index in the source file so that
/// paths stay true after invalid records were dropped.
pub(crate) fn check(
    dataset: &Dataset,
    max_year: u16,
    origin: &dyn Fn(Collection, usize) -> usize,
) -> Vec<Finding> {
    let mut c = Checker {
        max_year,
        findings: Vec::new(),
        record: None,
        origin,
    };
    if dataset.schema_version != SCHEMA_VERSION {
        c.push_at(
            "schema_version".into(),
            format!(
                "{} is not supported (this build reads version {SCHEMA_VERSION})",
                dataset.schema_version
            ),
        );
    }
    if let Some(target) = dataset.config.as_ref().and_then(|c| c.corrections.as_ref()) {
        c.url("config.corrections", target);
    }
    let ids = Ids::of(dataset);
    c.unique(
        Collection::Organizations,
        dataset.organizations.iter().map(|o| o.id.as_str()),
    );
    c.unique(
        Collection::Topics,
        dataset.topics.iter().map(|t| t.id.as_str()),
    );
    c.unique(
        Collection::Venues,
        dataset.venues.iter().map(|v| v.id.as_str()),
    );
    c.unique(
        Collection::Researchers,
        dataset.researchers.iter().map(|r| r.id.as_str()),
    );
    c.unique(
        Collection::Publications,
        dataset.publications.iter().map(|p| p.id.as_str()),
    );
    for (i, o) in dataset.organizations.iter().enumerate() {
        let p = c.enter(Collection::Organizations, i);
        c.non_empty(&format!("{p}.name"), &o.name);
        c.opt_text(&format!("{p}.short_name"), &o.short_name);
        for (j, a) in o.aliases.iter().enumerate() {
            c.non_empty(&format!("{p}.aliases[{j}]"), a);
        }
        if let Some(cc) = &o.country
            && (cc.len() != 2 || !cc.bytes().all(|b| b.is_ascii_uppercase()))
        {
            c.push_at(
                format!("{p}.country"),
                format!("{cc:?} is not an ISO 3166-1 alpha-2 code such as \"US\""),
            );
        }
        if let Some(url) = &o.url {
            c.url(&format!("{p}.url"), url);
        }
    }
    for (i, t) in dataset.topics.iter().enumerate() {
        let p = c.enter(Collection::Topics, i);
        c.non_empty(&format!("{p}.name"), &t.name);
        c.opt_text(&format!("{p}.description"), &t.description);
    }
    for (i, v) in dataset.venues.iter().enumerate() {
        let p = c.enter(Collection::Venues, i);
        c.non_empty(&format!("{p}.short_name"), &v.short_name);
        c.non_empty(&format!("{p}.name"), &v.name);
    }
    for (i, r) in dataset.researchers.iter().enumerate() {
        let p = c.enter(Collection::Researchers, i);
        c.researcher(&p, r, &ids);
    }
    for (i, pb) in dataset.publications.iter().enumerate() {
        let p = c.enter(Collection::Publications, i);
        c.publication(&p, pb, &ids);
    }
    c.record = None;
    c.findings
}

/// The ids each vocabulary defines, for reference checks.
struct Ids<'a> {
    orgs: HashSet<&'a str>,
    topics: HashSet<&'a str>,
    venues: HashSet<&'a str>,
    researchers: HashSet<&'a str>,
    publications: HashSet<&'a str>,
    /// Publications by id, for the checks that look inside the one a record refers to.
    publication: HashMap<&'a str, &'a Publication>,
}

impl<'a> Ids<'a> {
    fn of(d: &'a Dataset) -> Self {
        Self {
            orgs: d.organizations.iter().map(|x| x.id.as_str()).collect(),
            topics: d.topics.iter().map(|x| x.id.as_str()).collect(),
            venues: d.venues.iter().map(|x| x.id.as_str()).collect(),
            researchers: d.researchers.iter().map(|x| x.id.as_str()).collect(),
            publications: d.publications.iter().map(|x| x.id.as_str()).collect(),
            publication: d.publications.iter().map(|x| (x.id.as_str(), x)).collect(),
        }
    }
}

struct Checker<'o> {
    max_year: u16,
    findings: Vec<Finding>,
    record: Option<(Collection, usize)>,
    origin: &'o dyn Fn(Collection, usize) -> usize,
}

impl Checker<'_> {
    /// Starts checking one record; returns its path (`researchers[3]`).
    fn enter(&mut self, coll: Collection, i: usize) -> String {
        self.record = Some((coll, i));
        format!("{}[{}]", coll.key(), (self.origin)(coll, i))
    }

    fn push_at(&mut self, path: String, message: String) {
        self.findings.push(Finding {
            problem: Problem { path, message },
            record: self.record,
        });
    }

    fn unique<'a>(&mut self, coll: Collection, ids: impl Iterator<Item = &'a str>) {
        let mut seen = HashSet::new();
        for (i, id) in ids.enumerate() {
            let p = self.enter(coll, i);
            if !is_slug(id) {
                self.push_at(
                    format!("{p}.id"),
                    format!("{id:?} is not a slug (lowercase letters, digits and single hyphens)"),
                );
            }
            if !seen.insert(id) {
                self.push_at(
                    format!("{p}.id"),
                    format!("{id:?} is used by an earlier record"),
                );
            }
        }
        self.record = None;
    }

    fn non_empty(&mut self, path: &str, value: &str) {
        if value.trim().is_empty() {
            self.push_at(path.into(), "must not be empty".into());
        }
        self.text(path, value);
    }

    /// Every free text: no phone numbers, no control characters.
    fn text(&mut self, path: &str, value: &str) {
        if let Some(phone) = find_phone_number(value) {
            self.push_at(
                path.into(),
                format!("{phone:?} looks like a phone number; phone numbers are never published"),
            );
        }
        if value.chars().any(|c| c.is_control() && c != '\n') {
            self.push_at(
                path.into(),
                format!("{value:?} contains control characters"),
            );
        }
    }

    fn opt_text(&mut self, path: &str, value: &Option<String>) {
        if let Some(v) = value {
            self.non_empty(path, v);
        }
    }

    fn url(&mut self, path: &str, url: &str) {
        if let Err(reason) = check_url(url) {
            self.push_at(path.into(), format!("{url:?} {reason}"));
        }
        self.text(path, url);
    }

    fn links(&mut self, path: &str, links: &[Link]) {
        for (i, l) in links.iter().enumerate() {
            let p = format!("{path}[{i}]");
            self.url(&format!("{p}.url"), &l.url);
            let is_mail = l.url.to_ascii_lowercase().starts_with("mailto:");
            if (l.kind == LinkKind::Email) != is_mail {
                self.push_at(
                    format!("{p}.url"),
                    format!("{:?}: email links and only email links use mailto:", l.url),
                );
            }
            self.opt_text(&format!("{p}.label"), &l.label);
        }
    }

    fn year(&mut self, path: &str, year: u16) {
        if year < MIN_YEAR {
            self.push_at(path.into(), format!("{year} is before {MIN_YEAR}"));
        } else if year > self.max_year {
            self.push_at(path.into(), format!("{year} is after {}", self.max_year));
        }
    }

    fn opt_year(&mut self, path: &str, year: Option<u16>) {
        if let Some(y) = year {
            self.year(path, y);
        }
    }

    /// A period: both ends plausible and the start not after the end.
    fn period(&mut self, path: &str, start: Option<PartialDate>, end: Option<EndDate>) {
        if let Some(s) = start {
            self.year(&format!("{path}.start"), s.year);
        }
        if let Some(EndDate::Date(e)) = end {
            self.year(&format!("{path}.end"), e.year);
            if let Some(s) = start
                && (s.year, s.month.unwrap_or(0)) > (e.year, e.month.unwrap_or(12))
            {
                self.push_at(
                    format!("{path}.end"),
                    format!("{e} is before the start {s}"),
                );
            }
        }
    }

    fn year_span(&mut self, path: &str, year: Option<u16>, end_year: Option<u16>) {
        self.opt_year(&format!("{path}.year"), year);
        self.opt_year(&format!("{path}.end_year"), end_year);
        match (year, end_year) {
            (Some(s), Some(e)) if e < s => {
                self.push_at(
                    format!("{path}.end_year"),
                    format!("{e} is before the start {s}"),
                );
            }
            (None, Some(_)) => {
                self.push_at(format!("{path}.end_year"), "is set but year is not".into());
            }
            _ => {}
        }
    }

    fn refers(&mut self, path: &str, set: &HashSet<&str>, id: &str, what: &str) {
        if !set.contains(id) {
            self.push_at(path.into(), format!("{id:?} is not a known {what} id"));
        }
    }

    fn researcher(&mut self, p: &str, r: &Researcher, ids: &Ids<'_>) {
        self.non_empty(&format!("{p}.name"), &r.name);
        self.opt_text(&format!("{p}.native_name"), &r.native_name);
        if let Some(lang) = &r.native_name_lang {
            let path = format!("{p}.native_name_lang");
            if r.native_name.is_none() {
                self.push_at(path, "is set but native_name is not".into());
            } else if !is_language_tag(lang) {
                self.push_at(
                    path,
                    format!("{lang:?} is not a language tag such as \"zh\" or \"zh-Hans\""),
                );
            }
        }
        for (i, n) in r.alternative_names.iter().enumerate() {
            self.non_empty(&format!("{p}.alternative_names[{i}]"), n);
        }
        self.opt_text(&format!("{p}.title"), &r.title);
        self.opt_text(&format!("{p}.department"), &r.department);
        self.opt_text(&format!("{p}.location"), &r.location);
        self.opt_text(&format!("{p}.office"), &r.office);
        self.non_empty(&format!("{p}.summary"), &r.summary);
        if let Some(o) = &r.organization {
            self.refers(
                &format!("{p}.organization"),
                &ids.orgs,
                o.as_str(),
                "organization",
            );
        }
        self.advisors(&format!("{p}.advisors"), &r.advisors, ids);
        self.links(&format!("{p}.links"), &r.links);
        for (i, s) in r.interests.iter().enumerate() {
            self.non_empty(&format!("{p}.interests[{i}]"), s);
        }
        for (i, t) in r.topics.iter().enumerate() {
            self.refers(
                &format!("{p}.topics[{i}]"),
                &ids.topics,
                t.as_str(),
                "topic",
            );
        }
        for (i, g) in r.skills.iter().enumerate() {
            self.non_empty(&format!("{p}.skills[{i}].category"), &g.category);
            for (j, s) in g.items.iter().enumerate() {
                self.non_empty(&format!("{p}.skills[{i}].items[{j}]"), s);
            }
        }
        for (i, e) in r.education.iter().enumerate() {
            let q = format!("{p}.education[{i}]");
            self.refers(
                &format!("{q}.organization"),
                &ids.orgs,
                e.organization.as_str(),
                "organization",
            );
            self.non_empty(&format!("{q}.degree"), &e.degree);
            self.opt_text(&format!("{q}.location"), &e.location);
            self.period(&q, e.start, e.end);
            self.advisors(&format!("{q}.advisors"), &e.advisors, ids);
            for (j, s) in e.details.iter().enumerate() {
                self.non_empty(&format!("{q}.details[{j}]"), s);
            }
        }
        for (i, e) in r.positions.iter().enumerate() {
            let q = format!("{p}.positions[{i}]");
            self.refers(
                &format!("{q}.organization"),
                &ids.orgs,
                e.organization.as_str(),
                "organization",
            );
            self.opt_text(&format!("{q}.organization_name"), &e.organization_name);
            self.non_empty(&format!("{q}.title"), &e.title);
            self.opt_text(&format!("{q}.team"), &e.team);
            self.opt_text(&format!("{q}.location"), &e.location);
            self.period(&q, e.start, e.end);
            for (j, s) in e.bullets.iter().enumerate() {
                self.non_empty(&format!("{q}.bullets[{j}]"), s);
            }
        }
        let mut seen = HashSet::new();
        for (i, id) in r.publications.iter().enumerate() {
            let q = format!("{p}.publications[{i}]");
            self.refers(&q, &ids.publications, id.as_str(), "publication");
            if !seen.insert(id) {
                self.push_at(q.clone(), format!("{id} is listed twice"));
            }
            if let Some(pb) = ids.publication.get(id.as_str())
                && !pb
                    .authors
                    .iter()
                    .any(|a| a.researcher.as_ref() == Some(&r.id))
            {
                self.push_at(q, format!("{id} does not list {} among its authors", r.id));
            }
        }
        for (i, a) in r.awards.iter().enumerate() {
            let q = format!("{p}.awards[{i}]");
            self.non_empty(&format!("{q}.name"), &a.name);
            self.year_span(&q, a.year, a.end_year);
            self.opt_text(&format!("{q}.awarded_by"), &a.awarded_by);
            self.opt_text(&format!("{q}.details"), &a.details);
            if let Some(pb) = &a.publication {
                self.refers(
                    &format!("{q}.publication"),
                    &ids.publications,
                    pb.as_str(),
                    "publication",
                );
            }
        }
        for (i, t) in r.talks.iter().enumerate() {
            let q = format!("{p}.talks[{i}]");
            self.non_empty(&format!("{q}.title"), &t.title);
            self.opt_text(&format!("{q}.host"), &t.host);
            self.opt_text(&format!("{q}.location"), &t.location);
            self.opt_text(&format!("{q}.details"), &t.details);
            self.opt_year(&format!("{q}.year"), t.year);
            self.links(&format!("{q}.links"), &t.links);
        }
        for (i, pr) in r.projects.iter().enumerate() {
            let q = format!("{p}.projects[{i}]");
            self.non_empty(&format!("{q}.name"), &pr.name);
            self.opt_text(&format!("{q}.description"), &pr.description);
            self.opt_text(&format!("{q}.role"), &pr.role);
            self.opt_year(&format!("{q}.year"), pr.year);
            if let Some(o) = &pr.organization {
                self.refers(
                    &format!("{q}.organization"),
                    &ids.orgs,
                    o.as_str(),
                    "organization",
                );
            }
            self.links(&format!("{q}.links"), &pr.links);
            for (j, pb) in pr.publications.iter().enumerate() {
                self.refers(
                    &format!("{q}.publications[{j}]"),
                    &ids.publications,
                    pb.as_str(),
                    "publication",
                );
            }
            for (j, s) in pr.bullets.iter().enumerate() {
                self.non_empty(&format!("{q}.bullets[{j}]"), s);
            }
        }
        for (i, s) in r.service.iter().enumerate() {
            let q = format!("{p}.service[{i}]");
            self.non_empty(&format!("{q}.role"), &s.role);
            self.non_empty(&format!("{q}.event"), &s.event);
            if let Some(v) = &s.venue {
                self.refers(&format!("{q}.venue"), &ids.venues, v.as_str(), "venue");
            }
            self.year_span(&q, s.year, s.end_year);
        }
        for (i, t) in r.teaching.iter().enumerate() {
            let q = format!("{p}.teaching[{i}]");
            self.non_empty(&format!("{q}.course"), &t.course);
            self.opt_text(&format!("{q}.code"), &t.code);
            self.non_empty(&format!("{q}.role"), &t.role);
            if let Some(o) = &t.organization {
                self.refers(
                    &format!("{q}.organization"),
                    &ids.orgs,
                    o.as_str(),
                    "organization",
                );
            }
            self.period(&q, t.start, t.end);
        }
        for (i, g) in r.group.iter().enumerate() {
            let q = format!("{p}.group[{i}]");
            self.non_empty(&format!("{q}.name"), &g.name);
            self.non_empty(&format!("{q}.role"), &g.role);
            self.opt_text(&format!("{q}.details"), &g.details);
            if let Some(id) = &g.researcher {
                self.refers(
                    &format!("{q}.researcher"),
                    &ids.researchers,
                    id.as_str(),
                    "researcher",
                );
            }
        }
        for (i, l) in r.leadership.iter().enumerate() {
            let q = format!("{p}.leadership[{i}]");
            self.non_empty(&format!("{q}.role"), &l.role);
            self.non_empty(&format!("{q}.body"), &l.body);
            self.opt_text(&format!("{q}.location"), &l.location);
            if let Some(o) = &l.organization {
                self.refers(
                    &format!("{q}.organization"),
                    &ids.orgs,
                    o.as_str(),
                    "organization",
                );
            }
            self.period(&q, l.start, l.end);
        }
        for (i, ce) in r.certifications.iter().enumerate() {
            let q = format!("{p}.certifications[{i}]");
            self.non_empty(&format!("{q}.name"), &ce.name);
            self.opt_text(&format!("{q}.issuer"), &ce.issuer);
            self.opt_year(&format!("{q}.year"), ce.year);
        }
        if r.sources.is_empty() {
            self.push_at(
                format!("{p}.sources"),
                "must name at least one source".into(),
            );
        }
        for (i, s) in r.sources.iter().enumerate() {
            self.non_empty(&format!("{p}.sources[{i}].document"), &s.document);
            self.opt_text(&format!("{p}.sources[{i}].note"), &s.note);
        }
    }

    fn advisors(&mut self, path: &str, advisors: &[Advisor], ids: &Ids<'_>) {
        for (i, a) in advisors.iter().enumerate() {
            let q = format!("{path}[{i}]");
            self.non_empty(&format!("{q}.name"), &a.name);
            self.opt_text(&format!("{q}.role"), &a.role);
            if let Some(id) = &a.researcher {
                self.refers(
                    &format!("{q}.researcher"),
                    &ids.researchers,
                    id.as_str(),
                    "researcher",
                );
            }
        }
    }

    fn publication(&mut self, p: &str, pb: &Publication, ids: &Ids<'_>) {
        self.non_empty(&format!("{p}.title"), &pb.title);
        if pb.authors.is_empty() {
            self.push_at(
                format!("{p}.authors"),
                "must list at least one author".into(),
            );
        }
        let mut linked = HashSet::new();
        for (i, a) in pb.authors.iter().enumerate() {
            let q = format!("{p}.authors[{i}]");
            self.non_empty(&format!("{q}.name"), &a.name);
            if let Some(id) = &a.researcher {
                self.refers(
                    &format!("{q}.researcher"),
                    &ids.researchers,
                    id.as_str(),
                    "researcher",
                );
                if !linked.insert(id) {
                    self.push_at(
                        format!("{q}.researcher"),
                        format!("{id} is linked to two authors"),
                    );
                }
            }
        }
        if let Some(v) = &pb.venue {
            self.refers(&format!("{p}.venue"), &ids.venues, v.as_str(), "venue");
        }
        if let Some(s) = &pb.school {
            self.refers(
                &format!("{p}.school"),
                &ids.orgs,
                s.as_str(),
                "organization",
            );
        }
        self.year(&format!("{p}.year"), pb.year);
        if let Some(m) = pb.month
            && !(1..=12).contains(&m)
        {
            self.push_at(
                format!("{p}.month"),
                format!("{m} is not a month (1 to 12)"),
            );
        }
        for (key, v) in [
            ("booktitle", &pb.booktitle),
            ("volume", &pb.volume),
            ("number", &pb.number),
            ("pages", &pb.pages),
            ("publisher", &pb.publisher),
            ("location", &pb.location),
            ("note", &pb.note),
        ] {
            self.opt_text(&format!("{p}.{key}"), v);
        }
        if let Some(doi) = &pb.doi
            && (!doi.starts_with("10.") || doi.contains(char::is_whitespace))
        {
            self.push_at(
                format!("{p}.doi"),
                format!("{doi:?} is not a DOI (10.xxxx/…)"),
            );
        }
        if let Some(ax) = &pb.arxiv
            && !is_arxiv_id(ax)
        {
            self.push_at(
                format!("{p}.arxiv"),
                format!("{ax:?} is not an arXiv id (e.g. 2502.13965)"),
            );
        }
        for (i, h) in pb.honours.iter().enumerate() {
            self.non_empty(&format!("{p}.honours[{i}]"), h);
        }
        self.links(&format!("{p}.links"), &pb.links);
        for (i, t) in pb.topics.iter().enumerate() {
            self.refers(
                &format!("{p}.topics[{i}]"),
                &ids.topics,
                t.as_str(),
                "topic",
            );
        }
    }
}

/// Lowercase ASCII letters and digits in runs joined by single hyphens: safe in a URL path.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// A BCP 47 language tag in the common shape: a 2–3 letter language, then subtags of 2–8
/// letters or digits (`zh`, `zh-Hans`, `pt-BR`).
pub fn is_language_tag(s: &str) -> bool {
    let mut parts = s.split('-');
    let lang_ok = parts
        .next()
        .is_some_and(|l| (2..=3).contains(&l.len()) && l.bytes().all(|b| b.is_ascii_lowercase()));
    lang_ok
        && parts.all(|t| (2..=8).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// A new-style arXiv identifier, `YYMM.NNNNN` with an optional version.
fn is_arxiv_id(s: &str) -> bool {
    let s = s.split_once('v').map_or(s, |(id, v)| {
        if v.bytes().all(|b| b.is_ascii_digit()) && !v.is_empty() {
            id
        } else {
            s
        }
    });
    match s.split_once('.') {
        Some((a, b)) => {
            a.len() == 4
                && (4..=5).contains(&b.len())
                && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

/// Only `http`, `https` and `mailto` links are allowed, with something after the scheme.
pub fn check_url(url: &str) -> Result<(), &'static str> {
    let lower = url.to_ascii_lowercase();
    if let Some(address) = lower.strip_prefix("mailto:") {
        if !address.contains('@') {
            return Err("is not an email address");
        }
    } else if let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        if rest.split(['/', '?', '#']).next().unwrap_or("").is_empty() {
            return Err("has no host");
        }
    } else {
        return Err("is not an http, https or mailto URL");
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("contains white space");
    }
    Ok(())
}

/// Finds a phone-number-like run: 10 to 13 digits written as a phone number is written — three
/// or more groups of at most four digits, one of them shorter than four (`555 010 0199`, `+44 20 7946 0958`), or one unbroken
/// run of 10 or 11 digits.
///
/// Tuned not to fire on what the dataset legitimately holds: arXiv ids (9 digits), ORCIDs
/// (16 digits), DOIs (long groups, broken by `/`), page ranges and year spans (8 digits or fewer).
pub fn find_phone_number(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts_run = bytes[i].is_ascii_digit() || matches!(bytes[i], b'+' | b'(');
        if !starts_run || (i > 0 && bytes[i - 1].is_ascii_alphanumeric()) {
            i += 1;
            continue;
        }
        let (mut groups, mut group_len, mut longest, mut digits) = (0, 0, 0, 0);
        let mut shortest = usize::MAX;
        let (mut sep_run, mut j, mut end) = (0, i, i);
        while j < bytes.len() {
            let b = bytes[j];
            if b.is_ascii_digit() {
                if group_len == 0 {
                    groups += 1;
                }
                group_len += 1;
                longest = longest.max(group_len);
                digits += 1;
                sep_run = 0;
                end = j + 1;
            } else if matches!(b, b' ' | b'-' | b'.' | b'(' | b')' | b'+') && sep_run < 2 {
                if group_len > 0 {
                    shortest = shortest.min(group_len);
                }
                sep_run += 1;
                group_len = 0;
            } else {
                break;
            }
            j += 1;
        }
        if group_len > 0 {
            shortest = shortest.min(group_len);
        }
        let after_ok = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric();
        // Phone numbers nearly always have a group of two or three digits; lists of years do not.
        let grouped = groups >= 3 && longest <= 4 && shortest <= 3;
        let unbroken = groups == 1 && (10..=11).contains(&digits);
        if (10..=13).contains(&digits) && after_ok && (grouped || unbroken) {
            return Some(&text[i..end]);
        }
        i = j.max(i + 1);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_numbers_are_found_and_identifiers_are_not() {
        for phone in [
            "+1 (555) 010-0199",
            "555-010-0199",
            "(555) 010 0199",
            "5550100199",
            "call +44 20 7946 0958 now",
        ] {
            assert!(find_phone_number(phone).is_some(), "{phone:?} was missed");
        }
        for ok in [
            "arXiv:2502.13965",
            "0000-0003-2317-1956",
            "10.1145/3603269.3604848",
            "pp. 32888–32915",
            "2012 - 2016",
            "2021-2025",
            "vol. 34, 2021, pp. 5506–5517",
            "https://pretty-radio-b75.notion.site/DeepCoder-1cf81902c14680b3bee5eb349a512a51",
            "EH8 9AB",
            "https://doi.org/10.1109/LRA.2021.3070252",
            "2016 2017 2018",
        ] {
            assert_eq!(
                find_phone_number(ok),
                None,
                "{ok:?} was taken for a phone number"
            );
        }
    }

    #[test]
    fn only_http_https_and_mailto_urls_pass() {
        for ok in [
            "https://example.org",
            "http://example.org/a?b=c",
            "mailto:a@b.org",
            "HTTPS://EXAMPLE.ORG",
        ] {
            assert_eq!(check_url(ok), Ok(()), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:text/html,hi",
            "ftp://example.org",
            "//example.org",
            "example.org",
            "https://",
            "mailto:nobody",
            "https://exa mple.org",
        ] {
            assert!(check_url(bad).is_err(), "{bad} passed");
        }
    }

    #[test]
    fn language_tags() {
        for ok in ["zh", "zh-Hans", "pt-BR", "yue"] {
            assert!(is_language_tag(ok), "{ok}");
        }
        for bad in ["", "Chinese", "z", "zh_Hans", "zh-", "ZH"] {
            assert!(!is_language_tag(bad), "{bad}");
        }
    }

    #[test]
    fn slugs() {
        for ok in ["a", "michael-luo", "skypilot-nsdi-2023"] {
            assert!(is_slug(ok), "{ok}");
        }
        for bad in ["", "-a", "a-", "a--b", "A", "a b", "a_b", "é"] {
            assert!(!is_slug(bad), "{bad}");
        }
    }

    #[test]
    fn arxiv_ids() {
        assert!(is_arxiv_id("2502.13965"));
        assert!(is_arxiv_id("1706.0376"));
        assert!(is_arxiv_id("2301.03734v2"));
        assert!(!is_arxiv_id("arXiv:2502.13965"));
        assert!(!is_arxiv_id("cs/0101001"));
    }
}
