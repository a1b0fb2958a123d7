//! The checks of one publication record: authors, references, year and month, DOI and arXiv
//! id, free texts and links.

use std::collections::HashSet;

use super::identifiers::{check_arxiv, check_day, check_doi, check_source_id};
use super::{Checker, Ids};
use crate::model::types::{Publication, SOURCED_FIELDS};

impl Checker<'_> {
    pub(super) fn publication(&mut self, p: &str, pb: &Publication, ids: &Ids<'_>) {
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
                self.known_researcher(&format!("{q}.researcher"), id, ids);
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
            self.known_organization(&format!("{p}.school"), s, ids);
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
            ("abstract", &pb.abstract_text),
        ] {
            self.opt_text(&format!("{p}.{key}"), v);
        }
        if let Some(doi) = &pb.doi
            && let Err(reason) = check_doi(doi)
        {
            self.push_at(
                format!("{p}.doi"),
                format!("{doi:?} is not a DOI: {reason}"),
            );
        }
        if let Some(ax) = &pb.arxiv
            && let Err(reason) = check_arxiv(ax)
        {
            self.push_at(
                format!("{p}.arxiv"),
                format!("{ax:?} is not an arXiv id such as 2502.13965: {reason}"),
            );
        }
        for (i, h) in pb.honours.iter().enumerate() {
            self.non_empty(&format!("{p}.honours[{i}]"), h);
        }
        self.links(&format!("{p}.links"), &pb.links);
        for (i, t) in pb.topics.iter().enumerate() {
            self.known_topic(&format!("{p}.topics[{i}]"), t, ids);
        }
        self.provenance(p, pb);
    }

    /// Citations with a real day; each source id in its source's shape; provenance naming only
    /// fields a source can give.
    fn provenance(&mut self, p: &str, pb: &Publication) {
        if let Some(c) = &pb.citations
            && let Err(reason) = check_day(&c.as_of)
        {
            self.push_at(
                format!("{p}.citations.as_of"),
                format!("{:?} is not a day such as 2026-11-01: {reason}", c.as_of),
            );
        }
        for (origin, id) in &pb.sources {
            if let Err(reason) = check_source_id(*origin, id) {
                self.push_at(
                    format!("{p}.sources.{}", origin.key()),
                    format!(
                        "{id:?} is not a {} record id: {reason}",
                        origin.label(&crate::lang::EN)
                    ),
                );
            }
        }
        for field in pb.provenance.keys() {
            if !SOURCED_FIELDS.contains(&field.as_str()) {
                self.push_at(
                    format!("{p}.provenance.{field}"),
                    format!(
                        "{field:?} is no field a source gives (one of {})",
                        SOURCED_FIELDS.join(", ")
                    ),
                );
            }
        }
    }
}
