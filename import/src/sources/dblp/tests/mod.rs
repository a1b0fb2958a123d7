//! The reader against the fixtures in `import/tests/fixtures/sources/dblp/` (hand-written
//! person records, no real person's): every record kind, aliases, homonym numbers, ORCIDs,
//! markup and entities in titles; disambiguation pages against the fixtures in `fixtures/`
//! here ([`disambiguation`]); then the mapping's parts table by table ([`mapping`]), and that
//! no input makes it panic ([`props`]).

mod disambiguation;
mod fixture;
mod mapping;
mod props;

use std::path::Path;

use research_atlas::model::PublicationType;

use crate::sources::record::{Identifiers, Imprint, Origin, Work, WorkAuthor, WorkVenue};

/// A fixture's text.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sources/dblp")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A dblp work with only its id, type, title and year; tests fill in the rest.
fn work(id: &str, kind: PublicationType, title: &str, year: u16) -> Work {
    Work {
        origin: Origin::Dblp,
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

/// An author with a dblp pid and maybe an ORCID.
fn author(name: &str, pid: Option<&str>, orcid: Option<&str>) -> WorkAuthor {
    WorkAuthor {
        name: name.into(),
        orcid: orcid.map(Into::into),
        dblp: pid.map(Into::into),
        openalex: None,
    }
}

/// A venue with its dblp key.
fn venue(name: &str, key: &str) -> Option<WorkVenue> {
    Some(WorkVenue {
        name: name.into(),
        dblp: Some(key.into()),
        id: None,
    })
}

/// A dblp person document around the given `<r>` records.
fn person_with(records: &str) -> String {
    format!(
        "<dblpperson name=\"Test Person\" pid=\"t/Test\" n=\"1\">\
         <person key=\"homepages/t/Test\"><author pid=\"t/Test\">Test Person</author></person>\
         {records}</dblpperson>"
    )
}
