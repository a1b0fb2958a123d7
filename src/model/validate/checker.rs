//! The [`Checker`] that collects findings as it walks a dataset, and the checks every kind of
//! record shares: unique slugs, free text, URLs and links, references to other records.

use std::collections::{HashMap, HashSet};

use super::identifiers::check_identifier_link;
use super::rules::{check_url, is_slug};
use super::{Collection, Finding, Problem, find_phone_number};
use crate::model::invisible::describe_invisible;
use crate::model::types::{
    Dataset, Link, LinkKind, OrgId, Publication, PublicationId, ResearcherId, TopicId,
};

/// The ids each vocabulary defines, for reference checks.
pub(super) struct Ids<'a> {
    pub(super) orgs: HashSet<&'a str>,
    pub(super) topics: HashSet<&'a str>,
    pub(super) venues: HashSet<&'a str>,
    pub(super) researchers: HashSet<&'a str>,
    pub(super) publications: HashSet<&'a str>,
    /// Publications by id, for the checks that look inside the one a record refers to.
    pub(super) publication: HashMap<&'a str, &'a Publication>,
    /// The languages a record may give translations in: the site's, but its first (the
    /// dataset's own).
    pub(super) translated: Vec<&'static str>,
}

impl<'a> Ids<'a> {
    pub(super) fn of(d: &'a Dataset) -> Self {
        Self {
            orgs: d.organizations.iter().map(|x| x.id.as_str()).collect(),
            topics: d.topics.iter().map(|x| x.id.as_str()).collect(),
            venues: d.venues.iter().map(|x| x.id.as_str()).collect(),
            researchers: d.researchers.iter().map(|x| x.id.as_str()).collect(),
            publications: d.publications.iter().map(|x| x.id.as_str()).collect(),
            publication: d.publications.iter().map(|x| (x.id.as_str(), x)).collect(),
            translated: d
                .config
                .clone()
                .unwrap_or_default()
                .site_languages()
                .iter()
                .skip(1)
                .map(|l| l.code())
                .collect(),
        }
    }
}

/// Walks a dataset, remembering which record it is in, and collects what it finds.
pub(super) struct Checker<'o> {
    pub(super) max_year: u16,
    pub(super) findings: Vec<Finding>,
    pub(super) record: Option<(Collection, usize)>,
    pub(super) origin: &'o dyn Fn(Collection, usize) -> usize,
}

impl Checker<'_> {
    /// Starts checking one record; returns its path (`researchers[3]`).
    pub(super) fn enter(&mut self, coll: Collection, i: usize) -> String {
        self.record = Some((coll, i));
        format!("{}[{}]", coll.key(), (self.origin)(coll, i))
    }

    /// An error: the record being checked is invalid.
    pub(super) fn push_at(&mut self, path: String, message: String) {
        self.findings.push(Finding {
            problem: Problem::error(path, message),
            record: self.record,
        });
    }

    /// A warning: worth a look, but the record stays.
    pub(super) fn warn_at(&mut self, path: String, message: String) {
        self.findings.push(Finding {
            problem: Problem::warning(path, message),
            record: self.record,
        });
    }

    pub(super) fn unique<'a>(&mut self, coll: Collection, ids: impl Iterator<Item = &'a str>) {
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

    pub(super) fn non_empty(&mut self, path: &str, value: &str) {
        if value.trim().is_empty() {
            self.push_at(path.into(), "must not be empty".into());
        }
        self.text(path, value);
    }

    /// Every free text: no phone numbers, no control characters, and a warning for invisible
    /// characters (see [`crate::model::invisible`]).
    pub(super) fn text(&mut self, path: &str, value: &str) {
        // The number is not quoted: the message is shown, and phone numbers are never published.
        if find_phone_number(value).is_some() {
            self.push_at(
                path.into(),
                "holds what looks like a phone number; phone numbers are never published".into(),
            );
        }
        self.characters(path, value);
    }

    /// No control characters, and a warning for invisible ones: what every text and URL gets.
    fn characters(&mut self, path: &str, value: &str) {
        if value.chars().any(|c| c.is_control() && c != '\n') {
            self.push_at(
                path.into(),
                format!("{value:?} contains control characters"),
            );
        }
        let invisible = describe_invisible(value);
        if !invisible.is_empty() {
            self.warn_at(
                path.into(),
                format!(
                    "{value:?} contains invisible characters that can change how the text reads \
                     ({}); it is shown isolated from the text around it, and exports leave \
                     them out",
                    invisible.join(", ")
                ),
            );
        }
    }

    /// Each of `values` is text, at `path[i]`.
    pub(super) fn texts(&mut self, path: &str, values: &[String]) {
        for (i, v) in values.iter().enumerate() {
            self.non_empty(&format!("{path}[{i}]"), v);
        }
    }

    pub(super) fn opt_text(&mut self, path: &str, value: &Option<String>) {
        if let Some(v) = value {
            self.non_empty(path, v);
        }
    }

    pub(super) fn url(&mut self, path: &str, url: &str) {
        if let Err(reason) = check_url(url) {
            self.push_at(path.into(), format!("{url:?} {reason}"));
        }
        // A URL is not free text: its digits are ids, ports and addresses, not phone numbers.
        self.characters(path, url);
    }

    pub(super) fn links(&mut self, path: &str, links: &[Link]) {
        for (i, l) in links.iter().enumerate() {
            let p = format!("{path}[{i}]");
            self.url(&format!("{p}.url"), &l.url);
            if let Err(reason) = check_identifier_link(l.kind, &l.url) {
                self.push_at(format!("{p}.url"), format!("{:?} {reason}", l.url));
            }
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

    pub(super) fn refers(&mut self, path: &str, set: &HashSet<&str>, id: &str, what: &str) {
        if !set.contains(id) {
            self.push_at(path.into(), format!("{id:?} is not a known {what} id"));
        }
    }

    /// `id` at `path` names an organization of the dataset.
    pub(super) fn known_organization(&mut self, path: &str, id: &OrgId, ids: &Ids<'_>) {
        self.refers(path, &ids.orgs, id.as_str(), "organization");
    }

    /// `id` at `path` names a topic of the dataset.
    pub(super) fn known_topic(&mut self, path: &str, id: &TopicId, ids: &Ids<'_>) {
        self.refers(path, &ids.topics, id.as_str(), "topic");
    }

    /// `id` at `path` names a researcher of the dataset.
    pub(super) fn known_researcher(&mut self, path: &str, id: &ResearcherId, ids: &Ids<'_>) {
        self.refers(path, &ids.researchers, id.as_str(), "researcher");
    }

    /// `id` at `path` names a publication of the dataset.
    pub(super) fn known_publication(&mut self, path: &str, id: &PublicationId, ids: &Ids<'_>) {
        self.refers(path, &ids.publications, id.as_str(), "publication");
    }
}
