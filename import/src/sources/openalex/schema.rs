//! OpenAlex's JSON as the API writes it: the Author object (`/authors/<id>`), the works list's
//! pages (`{"meta": …, "results": […]}`) and the Work object, with only the fields the mapping
//! reads. Every field may be null or absent (`Option`, `#[serde(default)]`); unknown fields are
//! ignored. Identifiers stay as written (`https://openalex.org/W…`); the mapping trims them.

use serde::Deserialize;
use serde_json::Value;

/// An Author object.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Author {
    /// `https://openalex.org/A…`.
    pub id: Option<String>,
    /// `https://orcid.org/…`.
    pub orcid: Option<String>,
    /// The name OpenAlex shows.
    pub display_name: Option<String>,
    /// Other spellings seen on papers ("Priem, Jason", "J. Priem").
    pub display_name_alternatives: Option<Vec<Option<String>>>,
    /// The author's ids in other systems (`orcid`, `scopus`, …).
    pub ids: Option<AuthorIds>,
    /// Institutions named on the author's papers, each with the years seen; read one by one
    /// (`Value`) so that one odd entry is skipped alone.
    pub affiliations: Option<Vec<Value>>,
}

/// `Author.ids`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct AuthorIds {
    /// `https://orcid.org/…`.
    pub orcid: Option<String>,
}

/// One of `Author.affiliations`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Affiliation {
    /// The institution, dehydrated.
    pub institution: Option<Institution>,
    /// Years in which the author's papers named it.
    pub years: Option<Vec<Option<i64>>>,
}

/// A dehydrated Institution object.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Institution {
    /// `https://openalex.org/I…`.
    pub id: Option<String>,
    /// `https://ror.org/…`.
    pub ror: Option<String>,
    /// Its name.
    pub display_name: Option<String>,
    /// ISO 3166-1 alpha-2 code of its country, e.g. `US`.
    pub country_code: Option<String>,
}

/// A Work object.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Work {
    /// `https://openalex.org/W…`.
    pub id: Option<String>,
    /// `https://doi.org/…`, lower-case.
    pub doi: Option<String>,
    /// The title, possibly with HTML markup.
    pub title: Option<String>,
    /// The same as `title`.
    pub display_name: Option<String>,
    /// The year.
    pub publication_year: Option<i64>,
    /// `YYYY-MM-DD`.
    pub publication_date: Option<String>,
    /// OpenAlex's type: `article`, `preprint`, `dissertation`, `book-chapter`, …
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Crossref's type: `journal-article`, `proceedings-article`, `posted-content`, …
    pub type_crossref: Option<String>,
    /// Other identifiers.
    pub ids: Option<WorkIds>,
    /// The copy closest to the version of record.
    pub primary_location: Option<Location>,
    /// Every copy known.
    pub locations: Option<Vec<Option<Location>>>,
    /// The best open-access copy.
    pub best_oa_location: Option<Location>,
    /// Authors in order (at most 100 in the API).
    pub authorships: Option<Vec<Option<Authorship>>>,
    /// True when `authorships` was cut at 100.
    pub is_authors_truncated: Option<bool>,
    /// Volume, issue, pages.
    pub biblio: Option<Biblio>,
    /// How many works cite it.
    pub cited_by_count: Option<i64>,
    /// The abstract as word → positions.
    pub abstract_inverted_index: Option<Value>,
    /// Retracted (Retraction Watch).
    pub is_retracted: Option<bool>,
    /// Front matter, a table of contents, an index: not a paper.
    pub is_paratext: Option<bool>,
}

/// `Work.ids`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct WorkIds {
    /// `https://doi.org/…`.
    pub doi: Option<String>,
}

/// A Location object.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Location {
    /// Where it is hosted.
    pub source: Option<Source>,
    /// Its page.
    pub landing_page_url: Option<String>,
    /// Its PDF.
    pub pdf_url: Option<String>,
}

/// A dehydrated Source object.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Source {
    /// `https://openalex.org/S…`.
    pub id: Option<String>,
    /// Its name.
    pub display_name: Option<String>,
    /// `journal`, `conference`, `repository`, `book series`, `ebook platform`, `other`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Who publishes it.
    pub host_organization_name: Option<String>,
}

/// An Authorship object.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Authorship {
    /// The author, dehydrated.
    pub author: Option<DehydratedAuthor>,
    /// The name as printed on the work.
    pub raw_author_name: Option<String>,
    /// Institutions named with this author on the work.
    pub institutions: Option<Vec<Option<Institution>>>,
}

/// A dehydrated Author object.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DehydratedAuthor {
    /// `https://openalex.org/A…`.
    pub id: Option<String>,
    /// The name OpenAlex shows.
    pub display_name: Option<String>,
    /// `https://orcid.org/…`.
    pub orcid: Option<String>,
}

/// `Work.biblio`: strings as the API writes them, numbers taken too.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Biblio {
    /// Journal volume.
    pub volume: Option<Value>,
    /// Journal issue.
    pub issue: Option<Value>,
    /// First page.
    pub first_page: Option<Value>,
    /// Last page.
    pub last_page: Option<Value>,
}
