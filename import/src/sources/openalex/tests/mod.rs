//! The reader against its fixtures (`import/tests/fixtures/sources/openalex/`: an author with
//! their works as two API pages, another with a plain array), the documents it refuses, the
//! mapping's pieces one by one, and proptests that nothing panics.

mod fixtures;
mod props;
mod units;

use std::path::Path;

use research_atlas::model::PublicationType;

use crate::sources::record::{Identifiers, Imprint, Origin, Work, WorkAuthor, WorkVenue};

/// A fixture's text.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sources/openalex")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A work with only what every work has; tests fill in the rest.
fn work(id: &str, title: &str, kind: PublicationType, year: u16) -> Work {
    Work {
        origin: Origin::Openalex,
        id: id.into(),
        title: title.into(),
        authors: Vec::new(),
        authors_incomplete: false,
        kind,
        venue: None,
        year,
        month: None,
        imprint: Imprint::default(),
        school: None,
        ids: Identifiers::default(),
        abstract_text: None,
        citations: None,
        notes: Vec::new(),
    }
}

/// An author by name, OpenAlex id and ORCID.
fn author(name: &str, openalex: Option<&str>, orcid: Option<&str>) -> WorkAuthor {
    WorkAuthor {
        name: name.into(),
        orcid: orcid.map(Into::into),
        dblp: None,
        openalex: openalex.map(Into::into),
    }
}

/// A venue by name and `S…` id.
fn venue(name: &str, id: &str) -> Option<WorkVenue> {
    Some(WorkVenue {
        name: name.into(),
        dblp: None,
        id: Some(id.into()),
    })
}
