//! What one run asks for: each person's identifiers checked, then turned into the files of the
//! source folder and the URLs that fill them; an identifier that cannot be either costs its own
//! documents only. Nothing here touches the network or the disk.

use std::path::PathBuf;

use super::{Endpoints, NotFetched, Person, Why};
use crate::Error;

/// One API document, and so one file of the source folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Source {
    /// `orcid/<iD>.json`: the whole public ORCID record.
    Orcid,
    /// `dblp/<pid with / as _>.xml`: the person's dblp page as XML.
    Dblp,
    /// `openalex/<id>.json`: the OpenAlex author.
    OpenAlexAuthor,
    /// `openalex/<id>.works.json`: the author's works, one list page a line.
    OpenAlexWorks,
}

impl Source {
    /// What the identifier is called in messages.
    fn id_name(self) -> &'static str {
        match self {
            Source::Orcid => "ORCID iD",
            Source::Dblp => "dblp pid",
            Source::OpenAlexAuthor | Source::OpenAlexWorks => "OpenAlex author id",
        }
    }

    /// The `Accept` header the API is asked with.
    pub(super) fn accept(self) -> &'static str {
        match self {
            Source::Dblp => "application/xml",
            _ => "application/json",
        }
    }
}

/// One file to have: whose it is, from where, and where it goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Target {
    /// The person's label, for messages.
    pub label: String,
    /// Which document.
    pub source: Source,
    /// The identifier as given (checked).
    pub id: String,
    /// The file, relative to the source folder (and to the staging folder).
    pub file: PathBuf,
}

impl Target {
    /// The person's document of `source`; `Err` says what is wrong with the identifier.
    fn new(person: &Person, source: Source, id: &str) -> Result<Target, Error> {
        check_id(source, id)?;
        let file = match source {
            Source::Orcid => PathBuf::from("orcid").join(format!("{id}.json")),
            Source::Dblp => PathBuf::from("dblp").join(format!("{}.xml", id.replace('/', "_"))),
            Source::OpenAlexAuthor => PathBuf::from("openalex").join(format!("{id}.json")),
            Source::OpenAlexWorks => PathBuf::from("openalex").join(format!("{id}.works.json")),
        };
        Ok(Target {
            label: person.label.to_string(),
            source,
            id: id.to_string(),
            file,
        })
    }

    /// The URL of the document; for OpenAlex works, of the page at `cursor` (`*`: the first).
    pub(super) fn url(&self, endpoints: &Endpoints, mailto: Option<&str>, cursor: &str) -> String {
        let base = |b: &str| b.trim_end_matches('/').to_string();
        let polite = mailto.map_or(String::new(), |m| format!("mailto={}", encode(m)));
        match self.source {
            Source::Orcid => format!("{}/v3.0/{}/record", base(&endpoints.orcid), self.id),
            Source::Dblp => format!("{}/pid/{}.xml", base(&endpoints.dblp), self.id),
            Source::OpenAlexAuthor => {
                let query = if polite.is_empty() {
                    String::new()
                } else {
                    format!("?{polite}")
                };
                format!("{}/authors/{}{query}", base(&endpoints.openalex), self.id)
            }
            Source::OpenAlexWorks => {
                let mut url = format!(
                    "{}/works?filter=author.id:{}&per-page={WORKS_PER_PAGE}&cursor={}",
                    base(&endpoints.openalex),
                    self.id,
                    encode(cursor)
                );
                if !polite.is_empty() {
                    url = format!("{url}&{polite}");
                }
                url
            }
        }
    }

    /// What a `404` most likely means.
    pub(super) fn not_found(&self) -> String {
        format!(
            "the {} {:?} was not found; it is probably wrong",
            self.source.id_name(),
            self.id
        )
    }
}

/// Works asked for per OpenAlex list page (the most the API's `per-page` allows).
pub(super) const WORKS_PER_PAGE: u32 = 100;

/// Every file the people need, in roster order, each once; and, apart, each identifier that
/// cannot be fetched (once, though an OpenAlex id names two files), which costs only its
/// person's documents of that source.
pub(super) fn targets(people: &[Person]) -> (Vec<Target>, Vec<NotFetched>) {
    let mut all: Vec<Target> = Vec::new();
    let mut bad: Vec<NotFetched> = Vec::new();
    for person in people {
        let wanted = [
            (Source::Orcid, person.orcid),
            (Source::Dblp, person.dblp),
            (Source::OpenAlexAuthor, person.openalex),
            (Source::OpenAlexWorks, person.openalex),
        ];
        for (source, id) in wanted {
            let Some(id) = id else { continue };
            match Target::new(person, source, id) {
                Ok(target) if !all.iter().any(|t| t.file == target.file) => all.push(target),
                Ok(_) => {}
                Err(problem) => {
                    let refused = NotFetched {
                        label: person.label.to_string(),
                        file: None,
                        url: None,
                        why: Why::BadIdentifier(problem.to_string()),
                        kept: false,
                    };
                    if !bad.contains(&refused) {
                        bad.push(refused);
                    }
                }
            }
        }
    }
    (all, bad)
}

/// Refuses an identifier that could leave its folder or change its URL, saying why. The roster
/// has normalized identifiers already; this is the last guard before one becomes a path.
fn check_id(source: Source, id: &str) -> Result<(), Error> {
    let refused = |problem| Error::Unfetchable {
        name: source.id_name(),
        id: id.to_owned(),
        problem,
    };
    if id.is_empty() {
        return Err(refused(None));
    }
    let problem = if let Some(c) = id.chars().find(|c| !c.is_ascii_graphic()) {
        Some(format!("it contains {c:?}"))
    } else if id.contains("..") {
        Some("it contains \"..\"".to_string())
    } else if let Some(c) = id
        .chars()
        .find(|c| matches!(c, '\\' | '?' | '#' | '%' | '&'))
    {
        Some(format!("it contains {c:?}"))
    } else if source == Source::Dblp && (id.starts_with('/') || id.ends_with('/')) {
        Some("it starts or ends with \"/\"".to_string())
    } else if source != Source::Dblp && id.contains('/') {
        Some("it contains \"/\"".to_string())
    } else if id.starts_with('.') {
        Some("it starts with \".\"".to_string())
    } else {
        None
    };
    match problem {
        Some(problem) => Err(refused(Some(problem))),
        None => Ok(()),
    }
}

/// Percent-encodes a query value, keeping the characters a query may hold as they are.
pub(super) fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~@*:".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
