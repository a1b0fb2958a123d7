//! What a paper from an open source brings beyond a BibTeX entry, into a new record or the
//! record it duplicates: its id in the source, its abstract and citation count, the fields it
//! fills, and which source gave each ([`Publication::provenance`]).
//!
//! The rule of refreshing in place: a source only ever fills what is empty. A value already in
//! the record — written by hand, by a BibTeX import, or by another source first (dblp, then
//! ORCID, then OpenAlex, in that order per person) — is kept, and a source that says otherwise
//! is reported as a conflict with both values and their sources. Two exceptions, both values
//! a source owns: a citation count is replaced by a newer count from the same counter (a count
//! someone else gave is kept), and a preprint whose type a source gave becomes the published
//! paper when a source finds it published (its arXiv id stays).

use research_atlas::model::{Origin, Publication, PublicationType, VenueId};

use super::super::paper::{Paper, Sourced};

/// The source behind a paper, if it came from one.
pub(super) fn origin(paper: &Paper) -> Option<Origin> {
    paper.sourced.origin.as_ref().map(|(o, _)| *o)
}

/// Gives a new `record` made from a paper with `extra` its source id, abstract and citations, and marks
/// every field it has as the source's.
pub(super) fn fill_new(record: &mut Publication, extra: &Sourced) {
    let Some((origin, id)) = extra.origin.clone() else {
        return;
    };
    record.sources.insert(origin, id);
    record.abstract_text = extra.abstract_text.clone();
    record.citations = extra.citations.clone();
    let given = [
        ("title", true),
        ("authors", true),
        ("type", true),
        ("year", true),
        ("venue", record.venue.is_some()),
        ("booktitle", record.booktitle.is_some()),
        ("month", record.month.is_some()),
        ("volume", record.volume.is_some()),
        ("number", record.number.is_some()),
        ("pages", record.pages.is_some()),
        ("publisher", record.publisher.is_some()),
        ("school", record.school.is_some()),
        ("doi", record.doi.is_some()),
        ("arxiv", record.arxiv.is_some()),
        ("links", !record.links.is_empty()),
        ("abstract", record.abstract_text.is_some()),
        ("citations", record.citations.is_some()),
    ];
    for (field, has) in given {
        if has {
            record.provenance.insert(field.to_owned(), origin);
        }
    }
}

/// Whether `record`, a preprint whose type a source gave, is to become the published `paper`.
pub(super) fn may_upgrade(record: &Publication, paper: &Paper) -> bool {
    record.kind == PublicationType::Preprint
        && paper.kind != PublicationType::Preprint
        && record.provenance.contains_key("type")
}

/// Folds what a source's `paper` has into the `record` it duplicates, by the rule above:
/// `changes` says what changed, `conflicts` where the record's value was kept against the
/// paper's, `notes` what else to check. `venue` is the venue the paper names,
/// found in the dataset, for an upgrade from preprint.
pub(super) fn merge_into(
    record: &mut Publication,
    paper: &Paper,
    venue: Option<VenueId>,
    changes: &mut Vec<String>,
    conflicts: &mut Vec<String>,
    notes: &mut Vec<String>,
) {
    let Some((origin, id)) = &paper.sourced.origin else {
        return;
    };
    let origin = *origin;
    let label = origin.label(&research_atlas::lang::EN);
    if let std::collections::btree_map::Entry::Vacant(e) = record.sources.entry(origin) {
        e.insert(id.clone());
        changes.push(format!("recorded its {label} record {id}"));
    }
    let by = |record: &Publication, field: &str| match record.provenance.get(field) {
        Some(o) => o.label(&research_atlas::lang::EN).to_owned(),
        None => "by hand".to_owned(),
    };
    let upgrade = may_upgrade(record, paper) && venue.is_some();
    if upgrade {
        changes.push(format!(
            "the {} preprint is now the {} {} paper ({label})",
            record.year,
            paper.year,
            paper.kind.key()
        ));
        record.kind = paper.kind;
        record.year = paper.year;
        record.venue = venue;
        record.booktitle = paper.booktitle.clone();
        for field in ["type", "year", "venue", "booktitle"] {
            record.provenance.insert(field.to_owned(), origin);
        }
    } else if record.year != paper.year
        && (record.kind == PublicationType::Preprint) == (paper.kind == PublicationType::Preprint)
    {
        conflicts.push(format!(
            "year {} ({}) against {} ({label}); kept {}",
            record.year,
            by(record, "year"),
            paper.year,
            record.year
        ));
    }
    let mut fill =
        |field: &str, have: &mut Option<String>, give: &Option<String>| match (have.as_ref(), give)
        {
            (None, Some(value)) => {
                *have = Some(value.clone());
                record_fill(field, origin, changes);
                true
            }
            (Some(kept), Some(value)) if !same_text(kept, value) && field != "abstract" => {
                conflicts.push(format!(
                    "{field} {kept:?} against {value:?} ({label}); kept {kept:?}"
                ));
                false
            }
            _ => false,
        };
    let mut filled = Vec::new();
    for (field, have, give) in [
        ("volume", &mut record.volume, &paper.imprint.volume),
        ("number", &mut record.number, &paper.imprint.number),
        ("pages", &mut record.pages, &paper.imprint.pages),
        ("publisher", &mut record.publisher, &paper.imprint.publisher),
        (
            "abstract",
            &mut record.abstract_text,
            &paper.sourced.abstract_text,
        ),
    ] {
        if fill(field, have, give) {
            filled.push(field);
        }
    }
    if record.month.is_none() && paper.month.is_some() && record.year == paper.year {
        record.month = paper.month;
        record_fill("month", origin, changes);
        filled.push("month");
    }
    for field in filled {
        record.provenance.insert(field.to_owned(), origin);
    }
    // A count is the count of one work: another work of the same source that merged into
    // this record (OpenAlex lists a preprint apart from its paper) does not replace it.
    let own_work = record.sources.get(&origin) == Some(id);
    if let Some(count) = paper.sourced.citations.as_ref().filter(|_| own_work) {
        match &record.citations {
            None => {
                changes.push(format!(
                    "{} citations ({}, {})",
                    count.count,
                    count.source.label(&research_atlas::lang::EN),
                    count.as_of
                ));
                record.citations = Some(count.clone());
                record.provenance.insert("citations".into(), origin);
            }
            Some(have) if have.source == count.source && have.count != count.count => {
                changes.push(format!(
                    "citations {} → {} ({}, {})",
                    have.count,
                    count.count,
                    count.source.label(&research_atlas::lang::EN),
                    count.as_of
                ));
                record.citations = Some(count.clone());
                record.provenance.insert("citations".into(), origin);
            }
            Some(have) if have.source != count.source => {
                notes.push(format!(
                    "{label} counts {} citations; kept the record's {} ({})",
                    count.count,
                    have.count,
                    have.source.label(&research_atlas::lang::EN)
                ));
            }
            _ => {}
        }
    }
}

fn record_fill(field: &str, origin: Origin, changes: &mut Vec<String>) {
    changes.push(format!(
        "added {field} ({})",
        origin.label(&research_atlas::lang::EN)
    ));
}

/// Two spellings of one value: the same but for case, spaces and dashes.
fn same_text(a: &str, b: &str) -> bool {
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    fold(a) == fold(b)
}
