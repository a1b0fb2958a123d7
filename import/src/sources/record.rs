//! What every source reader makes: a [`Record`] — the person as the source describes them
//! ([`Profile`]), their works ([`Work`]), and what was left out ([`Skip`]) — in plain values,
//! with no dataset ids. Readers never look at the dataset; [`super`] brings records in.

use research_atlas::model::{EndDate, PartialDate, PublicationType};

/// Which open scholarly source a record came from (the dataset's own name for it).
pub use research_atlas::model::Origin;

/// Where in print a work is: its volume, issue, pages and publisher.
pub use crate::bibtex::Imprint;

/// One person's record in one source.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Record {
    /// Who the record is about.
    pub profile: Profile,
    /// Their works, in the document's order; works the reader could not make sense of are in
    /// `skipped`, never here.
    pub works: Vec<Work>,
    /// What was left out, and why.
    pub skipped: Vec<Skip>,
}

/// A part of the document left out: where it is, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skip {
    /// Where in the document: a JSON path (`works[3].title`, `group[2].work-summary[0]`) or an
    /// XML element with its key (`r[12] <article key="journals/corr/abs-2301-00001">`).
    pub at: String,
    /// Why, in a phrase: "no title", "a book (not a publication type of the directory)".
    pub reason: String,
}

/// A person as a source describes them. Every field is what the document states; nothing is
/// guessed. Empty or `None` where the document says nothing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Profile {
    /// The person's identifier in this source: an ORCID iD `0000-0002-1825-0097`, a dblp pid
    /// `12/3456` or `l/JohnLong`, an OpenAlex id `A5023888391` (without the URL).
    pub id: String,
    /// Their name as the source shows it ("Given Family"), if given.
    pub name: Option<String>,
    /// Other names and spellings (ORCID's other names, dblp's aliases, OpenAlex's
    /// `display_name_alternatives`), without the name itself, without repeats.
    pub other_names: Vec<String>,
    /// A biography, as plain text.
    pub biography: Option<String>,
    /// Keywords.
    pub keywords: Vec<String>,
    /// Web addresses the person lists (`http`/`https` only), with their label when given.
    pub urls: Vec<Url>,
    /// Identifiers of the person in the other sources, as the record states them (dblp's
    /// `<url>` to an ORCID page, OpenAlex's `ids.orcid`).
    pub identifiers: Vec<(Origin, String)>,
    /// Jobs, newest first as the source orders them.
    pub employments: Vec<Affiliation>,
    /// Degrees and studies.
    pub educations: Vec<Affiliation>,
}

/// A labelled web address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    /// The label ("Homepage", "Lab"), if any.
    pub label: Option<String>,
    /// The address, `http` or `https`.
    pub url: String,
}

/// A time at an organization: a job, a degree, or a span OpenAlex saw papers from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Affiliation {
    /// The organization's name as the source gives it.
    pub organization: String,
    /// The organization's identifiers (ROR `https://ror.org/…`, GRID, an OpenAlex `I…` id),
    /// as given.
    pub organization_ids: Vec<String>,
    /// The department, if given.
    pub department: Option<String>,
    /// The role or degree ("Assistant Professor", "PhD").
    pub role: Option<String>,
    /// "City, Country" or what the source gives.
    pub location: Option<String>,
    /// When it began, as precisely as stated.
    pub start: Option<PartialDate>,
    /// When it ended; `Present` when the source says it goes on (an ORCID affiliation with a
    /// start and no end); `None` when unknown.
    pub end: Option<EndDate>,
}

/// One work, in plain text.
#[derive(Debug, Clone, PartialEq)]
pub struct Work {
    /// Which source.
    pub origin: Origin,
    /// Its id in that source: a dblp key `conf/osdi/LuanXY23`, an OpenAlex id `W2741809807`,
    /// an ORCID put-code `1234567`.
    pub id: String,
    /// The title, plain text, without a trailing period.
    pub title: String,
    /// Authors in order.
    pub authors: Vec<WorkAuthor>,
    /// True when the source lists only some authors (OpenAlex truncates at 100).
    pub authors_incomplete: bool,
    /// The directory's publication type (conference, journal, workshop, preprint, thesis).
    pub kind: PublicationType,
    /// Where it appeared; none for a preprint or a thesis.
    pub venue: Option<WorkVenue>,
    /// Year of publication.
    pub year: u16,
    /// Month, when stated.
    pub month: Option<u8>,
    /// Volume, issue, pages and publisher, as the BibTeX import's papers hold them.
    pub imprint: Imprint,
    /// A thesis's school.
    pub school: Option<String>,
    /// Its DOI, arXiv id and other web addresses.
    pub ids: Identifiers,
    /// The abstract, plain text.
    pub abstract_text: Option<String>,
    /// How many works cite it, by this source's count.
    pub citations: Option<u32>,
    /// What the reader noticed and left out of this work ("the second DOI was left out").
    pub notes: Vec<String>,
}

/// A work's own identifiers and web addresses, as its reader found them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Identifiers {
    /// DOI without the resolver, e.g. `10.1145/3603269.3604848`.
    pub doi: Option<String>,
    /// arXiv id without `arXiv:` and version, e.g. `2301.03734`.
    pub arxiv: Option<String>,
    /// Other web addresses for the work (`http`/`https`), in order, without repeats; not the
    /// DOI's or arXiv's page.
    pub links: Vec<String>,
}

#[cfg(test)]
impl Identifiers {
    /// A DOI alone.
    pub(crate) fn doi(doi: &str) -> Self {
        Self {
            doi: Some(doi.into()),
            ..Self::default()
        }
    }

    /// An arXiv id alone.
    pub(crate) fn arxiv(arxiv: &str) -> Self {
        Self {
            arxiv: Some(arxiv.into()),
            ..Self::default()
        }
    }

    /// A web address alone.
    pub(crate) fn link(url: &str) -> Self {
        Self {
            links: vec![url.into()],
            ..Self::default()
        }
    }
}

/// An author of a work, with their identifiers where the source gives them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WorkAuthor {
    /// The name as printed ("Given Family"; dblp's homonym numbers such as " 0001" removed).
    pub name: String,
    /// ORCID iD, e.g. `0000-0002-1825-0097`.
    pub orcid: Option<String>,
    /// dblp pid, e.g. `12/3456`.
    pub dblp: Option<String>,
    /// OpenAlex author id, e.g. `A5023888391`.
    pub openalex: Option<String>,
}

/// Where a work appeared, as the source names it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WorkVenue {
    /// The name as printed: dblp's `booktitle` or `journal` ("NSDI", "Proc. VLDB Endow."),
    /// OpenAlex's `primary_location.source.display_name`.
    pub name: String,
    /// The venue's dblp key (`conf/nsdi`, `journals/pvldb`), from a dblp record's key or
    /// `crossref`.
    pub dblp: Option<String>,
    /// The venue's id in another source (OpenAlex `S…`), for reports.
    pub id: Option<String>,
}
