//! The part of a dataset that [`super::find`] reads, and the experts page shows: every
//! researcher with their names, stage, title, organizations over time, advisors and topics;
//! every paper with a directory author, with its title, abstract, year, authors, venue and
//! topics; and the vocabularies' names. The experts parts' blocks ([`super::parts`]) hold it,
//! cut by researcher, so the page reads what a question lists instead of the whole dataset,
//! with the same answer.

use std::collections::{BTreeMap, HashSet};

use crate::model::{Dataset, Education, Position, Publication, Researcher};

/// `dataset` reduced to what finding experts reads: [`super::find`] over it gives the same
/// answer as over the whole dataset.
pub fn subset(dataset: &Dataset) -> Dataset {
    let members: HashSet<&str> = dataset.researchers.iter().map(|r| r.id.as_str()).collect();
    let linked = |p: &Publication| {
        (p.authors.iter())
            .filter_map(|a| a.researcher.as_ref())
            .any(|id| members.contains(id.as_str()))
    };
    Dataset {
        schema: None,
        schema_version: dataset.schema_version,
        config: None,
        organizations: dataset.organizations.clone(),
        topics: dataset.topics.clone(),
        venues: dataset.venues.clone(),
        researchers: dataset.researchers.iter().map(researcher).collect(),
        publications: (dataset.publications.iter())
            .filter(|p| linked(p))
            .map(publication)
            .collect(),
    }
}

/// A researcher with what conflicts, names and the result cards read: names, title,
/// organizations over time, stage, advisors and topics.
fn researcher(r: &Researcher) -> Researcher {
    Researcher {
        native_name: r.native_name.clone(),
        native_name_lang: r.native_name_lang.clone(),
        alternative_names: r.alternative_names.clone(),
        title: r.title.clone(),
        organization: r.organization.clone(),
        advisors: r.advisors.clone(),
        topics: r.topics.clone(),
        education: r.education.iter().map(education).collect(),
        positions: r.positions.iter().map(position).collect(),
        ..Researcher::new(r.id.clone(), r.name.clone(), r.career_stage)
    }
}

/// A degree: where, when and who advised.
fn education(e: &Education) -> Education {
    Education {
        details: Vec::new(),
        location: None,
        ..e.clone()
    }
}

/// A job: where and when.
fn position(p: &Position) -> Position {
    Position {
        bullets: Vec::new(),
        location: None,
        team: None,
        ..p.clone()
    }
}

/// A paper with what ranking, conflicts and the cards read.
fn publication(p: &Publication) -> Publication {
    Publication {
        booktitle: None,
        volume: None,
        number: None,
        pages: None,
        publisher: None,
        location: None,
        doi: None,
        arxiv: None,
        honours: Vec::new(),
        links: Vec::new(),
        note: None,
        citations: None,
        sources: BTreeMap::new(),
        provenance: BTreeMap::new(),
        ..p.clone()
    }
}
