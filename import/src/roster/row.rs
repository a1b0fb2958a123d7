//! The second stage, for one row on its own: each cell read into the value the dataset holds
//! (a career stage, a homepage link, identifier links, the `.bib` file's text), or the reasons
//! the row is bad. Whether the person is in the dataset is decided later ([`super::person`]).

use std::path::Path;

use research_atlas::model::validate::{
    check_dblp_url, check_openalex_url, check_orcid_url, check_url, is_slug,
};
use research_atlas::model::{CareerStage, Link, LinkKind, ResearcherId};

use super::table::RawRow;
use crate::Error;
use crate::bibtex::decode;
use crate::names::clean_author;
use crate::researchers::career_stage;

/// A row whose cells are all readable.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The line it starts on.
    pub line: usize,
    /// The name, in "First Last" order and single-spaced.
    pub name: String,
    /// What reading the name did, when it changed more than spacing.
    pub name_note: Option<String>,
    /// The id the roster gives.
    pub id: Option<ResearcherId>,
    /// The organization as written (looked up against the dataset later).
    pub organization: Option<String>,
    /// The career stage.
    pub stage: Option<CareerStage>,
    /// The stage a new person gets when the roster gives none, and what says it (their ORCID
    /// record's current job or degree); set after reading, from the sources.
    pub stage_hint: Option<(CareerStage, String)>,
    /// The homepage link.
    pub homepage: Option<Link>,
    /// ORCID, dblp and OpenAlex links, in that order, for the cells that have one.
    pub identifiers: Vec<Link>,
    /// The `.bib` file.
    pub bib: Option<Bib>,
    /// The cells that could not be read, each left out with its reason; the rest of the row
    /// goes in.
    pub dropped: Vec<Error>,
}

/// A person's `.bib` file, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Bib {
    /// The path as the roster writes it, for messages.
    pub path: String,
    /// Its text.
    pub source: String,
}

impl Row {
    /// Reads `raw` (on `line`); a `bib` path is relative to `dir`, the roster's folder. A cell
    /// that cannot be read is left out, with its reason in `dropped`. `Err` only when the row
    /// has no name: nothing identifies the person.
    pub fn read(raw: &RawRow, line: usize, dir: &Path) -> Result<Row, Error> {
        let mut bad: Vec<Error> = Vec::new();
        let written = raw.name.as_deref().unwrap_or("");
        let spaced = written.split_whitespace().collect::<Vec<_>>().join(" ");
        let (name, _) = clean_author(written);
        if name.is_empty() {
            return Err(Error::NoName);
        }
        let name_note = (name != spaced).then(|| format!("name {written:?} read as {name:?}"));
        let id = raw
            .id
            .as_deref()
            .and_then(|id| keep(&mut bad, researcher_id(id)));
        let stage = raw
            .stage
            .as_deref()
            .and_then(|s| keep(&mut bad, career_stage(s)));
        let homepage = raw
            .homepage
            .as_deref()
            .and_then(|h| keep(&mut bad, homepage(h)));
        let identifiers: Vec<Link> = [
            (
                raw.orcid.as_deref(),
                orcid as fn(&str) -> Result<Link, Error>,
            ),
            (raw.dblp.as_deref(), dblp),
            (raw.openalex.as_deref(), openalex),
        ]
        .into_iter()
        .filter_map(|(cell, read)| cell.and_then(|c| keep(&mut bad, read(c))))
        .collect();
        let bib = raw.bib.as_deref().and_then(|b| keep(&mut bad, bib(b, dir)));
        Ok(Row {
            line,
            name,
            name_note,
            id,
            organization: raw.organization.clone(),
            stage,
            stage_hint: None,
            homepage,
            identifiers,
            bib,
            dropped: bad,
        })
    }
}

/// The value, or `None` with its reason added to `bad`.
fn keep<T>(bad: &mut Vec<Error>, read: Result<T, Error>) -> Option<T> {
    read.map_err(|e| bad.push(e)).ok()
}

/// The cell of `column` refused, and why (the row's own words, or the model's rule).
fn refused(column: &'static str, cell: &str, reason: impl std::fmt::Display) -> Error {
    Error::Cell {
        column,
        value: cell.to_owned(),
        reason: reason.to_string(),
    }
}

fn researcher_id(cell: &str) -> Result<ResearcherId, Error> {
    if is_slug(cell) {
        Ok(ResearcherId(cell.to_owned()))
    } else {
        Err(refused(
            "id",
            cell,
            "is not a slug (lowercase letters and digits joined by hyphens, e.g. jane-doe)",
        ))
    }
}

/// An http or https link; any other scheme, or none, is refused.
fn homepage(cell: &str) -> Result<Link, Error> {
    let lower = cell.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return Err(refused(
            "homepage",
            cell,
            "is not an http or https address (https://…)",
        ));
    }
    check_url(cell).map_err(|e| refused("homepage", cell, e))?;
    Ok(Link {
        kind: LinkKind::Homepage,
        url: cell.to_owned(),
        label: None,
    })
}

/// `cell` without a scheme, `www.` and the first of `prefixes` it starts with (case aside),
/// and without a trailing `/`; `None` when it is a web address that starts with none of them.
fn without_prefix<'a>(cell: &'a str, prefixes: &[&str]) -> Option<&'a str> {
    let lower = cell.to_ascii_lowercase();
    let mut start = ["https://", "http://"]
        .iter()
        .find(|s| lower.starts_with(*s))
        .map_or(0, |s| s.len());
    if lower[start..].starts_with("www.") {
        start += 4;
    }
    let rest = &cell[start..];
    let found = prefixes
        .iter()
        .find(|p| rest.to_ascii_lowercase().starts_with(*p))
        .map(|p| &rest[p.len()..]);
    let id = match found {
        Some(id) => id,
        // Another site's address: no id of this source.
        None if start > 0 || rest.contains('.') => return None,
        None => rest,
    };
    Some(id.trim_end_matches('/'))
}

/// An ORCID iD (`0000-0002-1825-0097`) or its link, checked with its check digit.
fn orcid(cell: &str) -> Result<Link, Error> {
    let id = without_prefix(cell, &["orcid.org/"])
        .ok_or_else(|| refused("ORCID", cell, "is not an ORCID iD or link"))?;
    let id = match id.strip_suffix('x') {
        Some(digits) => format!("{digits}X"),
        None => id.to_owned(),
    };
    identifier(LinkKind::Orcid, &id, check_orcid_url).map_err(|e| refused("ORCID", cell, e))
}

/// A dblp pid (`56/2455`) or its person page.
fn dblp(cell: &str) -> Result<Link, Error> {
    let id = without_prefix(cell, &["dblp.org/pid/", "dblp.uni-trier.de/pid/"])
        .ok_or_else(|| refused("dblp", cell, "is not a dblp pid or person page"))?;
    let id = id.strip_suffix(".html").unwrap_or(id);
    identifier(LinkKind::Dblp, id, check_dblp_url).map_err(|e| refused("dblp", cell, e))
}

/// An OpenAlex author id (`A5023888391`) or its link.
fn openalex(cell: &str) -> Result<Link, Error> {
    let id = without_prefix(
        cell,
        &[
            "openalex.org/authors/",
            "api.openalex.org/authors/",
            "openalex.org/",
        ],
    )
    .ok_or_else(|| refused("OpenAlex", cell, "is not an OpenAlex author id or link"))?;
    let id = match id.strip_prefix('a') {
        Some(digits) => format!("A{digits}"),
        None => id.to_owned(),
    };
    identifier(LinkKind::Openalex, &id, check_openalex_url)
        .map_err(|e| refused("OpenAlex", cell, e))
}

/// The identifier link of `kind` for `id`, or what the model's rule for that kind says of it.
fn identifier<Why>(
    kind: LinkKind,
    id: &str,
    check: fn(&str) -> Result<(), Why>,
) -> Result<Link, Why> {
    let link = Link::for_identifier(kind, id).expect("an identifier kind");
    check(&link.url).map(|()| link)
}

/// The `.bib` file at `cell`, relative to `dir`, as text.
fn bib(cell: &str, dir: &Path) -> Result<Bib, Error> {
    let path = dir.join(cell);
    let in_file = |error| Error::BibFile {
        path: cell.to_owned(),
        error: Box::new(error),
    };
    let bytes = std::fs::read(&path).map_err(|e| in_file(Error::io(&e)))?;
    let source = decode(&bytes).map_err(in_file)?;
    Ok(Bib {
        path: cell.to_owned(),
        source,
    })
}
