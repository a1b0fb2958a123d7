//! What a paper read from an open source ([`crate::sources`]) carries beyond a BibTeX entry:
//! its id there, its authors' identifiers, its abstract and its citation count.

use research_atlas::model::{Citations, Origin};

/// A paper's facts only an open source gives. BibTeX entries have none.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Sourced {
    /// The source and the record's id there (`dblp`, `conf/nsdi/LuanXY23`).
    pub origin: Option<(Origin, String)>,
    /// Per author, in order: their identifiers in the sources (ORCID iD, dblp pid, OpenAlex
    /// id), which link them to directory members before any name does.
    pub author_ids: Vec<Vec<(Origin, String)>>,
    /// The abstract, plain text.
    pub abstract_text: Option<String>,
    /// The citation count, with its counter and day.
    pub citations: Option<Citations>,
    /// The venue's dblp key (`conf/nsdi`), given to a venue this paper creates.
    pub venue_dblp: Option<String>,
}
