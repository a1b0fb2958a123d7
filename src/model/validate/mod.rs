//! Semantic checks that serde cannot express: unique ids, references that resolve, plausible
//! years, safe links, well-formed DOIs, arXiv ids and ORCIDs, no phone numbers, a warning for
//! invisible characters, and the site's own address and languages (`site_url.rs`).
//!
//! Every problem is one line — the JSON path, the bad value and the reason — so a maintainer can
//! jump straight to it: `publications[4].year: 3024 is after 2027`.
//!
//! This file runs the checks over the whole dataset and checks the vocabularies; the
//! `Checker` that collects findings and the checks every record shares are in
//! `checker.rs` and `dates.rs`, the per-record checks in `researcher.rs` (with its openings in
//! `openings.rs`), `publication.rs` and `translations.rs` (a record's texts in other languages), and
//! the format rules (slugs, language tags, DOIs, arXiv ids, ORCIDs, URLs, phone numbers) in
//! `rules.rs` and `phone.rs`.
//!
//! A finding is an error unless it is a warning, which keeps the record: see
//! [`Severity`](super::Severity). The checks only say where each error is; loading
//! ([`load`](super::load())) decides what it costs: the value, when its record can do without
//! it, or else the record.

mod checker;
mod dates;
mod identifiers;
mod openings;
mod phone;
mod publication;
mod researcher;
mod rules;
mod site_url;
mod translations;

pub use super::problem::Problem;
pub use identifiers::{
    check_arxiv, check_day, check_dblp_url, check_dblp_venue, check_doi, check_identifier_link,
    check_openalex_url, check_orcid_url, check_source_id, orcid_check_digit,
};
pub use phone::{find_phone_number, hide_phone_numbers};
pub(crate) use rules::is_uri_char;
pub use rules::{check_corrections_target, check_url, is_language_tag, is_slug};
pub use site_url::check_site_url;
pub(crate) use site_url::{settle_languages, settle_site_url};

use super::types::*;
use checker::{Checker, Ids};

/// The earliest year any dated fact may carry.
pub const MIN_YEAR: u16 = 1900;

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
/// An empty result means the dataset is valid and clean; a result of warnings only, that it is
/// valid.
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
        if let Err(reason) = check_corrections_target(target) {
            c.push_at("config.corrections".into(), format!("{target:?} {reason}"));
        }
        c.text("config.corrections", target);
    }
    if let Some(url) = dataset.config.as_ref().and_then(|c| c.site_url.as_ref())
        && let Err(reason) = check_site_url(url)
    {
        c.push_at(site_url::PATH.into(), format!("{url:?} {reason}"));
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
        c.texts(&format!("{p}.aliases"), &o.aliases);
        c.translations(&p, &o.translations, &ids);
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
        c.translations(&p, &t.translations, &ids);
    }
    for (i, v) in dataset.venues.iter().enumerate() {
        let p = c.enter(Collection::Venues, i);
        c.non_empty(&format!("{p}.short_name"), &v.short_name);
        c.non_empty(&format!("{p}.name"), &v.name);
        c.texts(&format!("{p}.aliases"), &v.aliases);
        if let Some(key) = &v.dblp
            && let Err(reason) = check_dblp_venue(key)
        {
            c.push_at(format!("{p}.dblp"), format!("{key:?} {reason}"));
        }
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
