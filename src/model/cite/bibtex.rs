//! BibTeX entries: the entry type of each publication type, the fields in their fixed order, the
//! author list and the link to the work itself.

use std::collections::HashMap;
use std::fmt::Write;

use super::keys::key_of;
use super::latex::{latex, uri_verbatim};
use crate::model::types::{Dataset, LinkKind, Publication, PublicationId, PublicationType};

/// One BibTeX entry (ends with "}\n").
pub fn bibtex_entry(dataset: &Dataset, publication: &Publication, key: &str) -> String {
    let p = publication;
    let kind = EntryType::of(p);
    let venue = dataset.venue_of(p);
    let container = p.booktitle.as_deref().or(venue.map(|v| v.name.as_str()));
    let school = (p.school.as_ref())
        .and_then(|id| dataset.organization(id))
        .map(|o| o.name.as_str());
    let howpublished = match (kind, p.kind) {
        (EntryType::Misc, PublicationType::Blog) => Some(match container {
            Some(blog) => format!("Blog post, {blog}"),
            None => "Blog post".to_owned(),
        }),
        (EntryType::Misc, PublicationType::Thesis) => Some(match school {
            Some(s) => format!("Thesis, {s}"),
            None => "Thesis".to_owned(),
        }),
        (EntryType::Misc, _) if p.arxiv.is_none() => container.map(str::to_owned),
        _ => None,
    };
    let is_thesis = matches!(kind, EntryType::PhdThesis | EntryType::MastersThesis);

    let key: String = key.chars().filter(|&c| is_key_char(c)).collect();
    let mut out = format!("@{}{{{key},\n", kind.name());
    let mut field = |name: &str, value: Option<String>| {
        if let Some(v) = value {
            let _ = writeln!(out, "  {name} = {v},");
        }
    };
    let braced = |s: String| format!("{{{s}}}");
    let text = |s: Option<&str>| {
        s.map(|s| latex(s, false))
            .filter(|s| !s.is_empty())
            .map(braced)
    };

    field("author", authors(p).map(braced));
    field("title", Some(braced(latex(&p.title, true))));
    field(
        "booktitle",
        text(container.filter(|_| kind == EntryType::InProceedings)),
    );
    field(
        "journal",
        text(container.filter(|_| kind == EntryType::Article)),
    );
    field("howpublished", text(howpublished.as_deref()));
    field("school", text(school.filter(|_| is_thesis)));
    field("year", Some(braced(p.year.to_string())));
    field("month", p.month.and_then(month_macro).map(str::to_owned));
    field("volume", text(p.volume.as_deref()));
    field("number", text(p.number.as_deref()));
    field("pages", text(p.pages.as_deref()));
    field("publisher", text(p.publisher.as_deref()));
    field("address", text(p.location.as_deref()));
    // A verbatim value with nothing left once invisible characters are gone is no value.
    let verbatim = |s: Option<&str>| s.map(uri_verbatim).filter(|v| !v.is_empty());
    let eprint = verbatim(p.arxiv.as_deref());
    field("doi", verbatim(p.doi.as_deref()).map(braced));
    field("eprint", eprint.clone().map(braced));
    field("archiveprefix", eprint.map(|_| braced("arXiv".into())));
    field("url", work_url(p).map(|u| braced(uri_verbatim(&u))));
    field("note", text(Some(&p.honours.join("; "))));
    out.push_str("}\n");
    out
}

/// Entries for `publications` in the given order, separated by blank lines (a .bib file).
///
/// A publication missing from `keys` gets its unsuffixed key, which may then not be unique.
pub fn bibtex_file(
    dataset: &Dataset,
    publications: &[&Publication],
    keys: &HashMap<PublicationId, String>,
) -> String {
    publications
        .iter()
        .map(|p| bibtex_entry(dataset, p, &key_of(p, keys)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The BibTeX entry types this module writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntryType {
    InProceedings,
    Article,
    PhdThesis,
    MastersThesis,
    Misc,
}

impl EntryType {
    fn of(p: &Publication) -> Self {
        match p.kind {
            PublicationType::Conference | PublicationType::Workshop => Self::InProceedings,
            PublicationType::Journal => Self::Article,
            PublicationType::Preprint | PublicationType::Blog => Self::Misc,
            PublicationType::Thesis => {
                // The degree is only ever stated in prose, e.g. "PhD thesis, EECS Department".
                let said =
                    format!("{} {}", p.note.as_deref().unwrap_or(""), p.title).to_ascii_lowercase();
                let says = |words: &[&str]| words.iter().any(|w| said.contains(w));
                if says(&["phd", "ph.d", "doctoral", "doctorate"]) {
                    Self::PhdThesis
                } else if says(&[
                    "master's",
                    "master’s",
                    "masters",
                    "master thesis",
                    "msc",
                    "m.sc",
                    "m.s. thesis",
                    "mphil",
                ]) {
                    Self::MastersThesis
                } else {
                    Self::Misc
                }
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::InProceedings => "inproceedings",
            Self::Article => "article",
            Self::PhdThesis => "phdthesis",
            Self::MastersThesis => "mastersthesis",
            Self::Misc => "misc",
        }
    }
}

/// The unquoted BibTeX month macro of `month` (1 → `jan`).
fn month_macro(month: u8) -> Option<&'static str> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    MONTHS.get(usize::from(month).checked_sub(1)?).copied()
}

/// The author field's value, or `None` when no author is known.
///
/// A name with nothing left to print (white space, invisible characters) is left out, since
/// BibTeX would read it as a name of its own or as none.
fn authors(p: &Publication) -> Option<String> {
    let mut names: Vec<String> = p
        .authors
        .iter()
        .map(|a| latex(&a.name, false))
        .filter(|name| !name.is_empty())
        .map(|name| {
            // A comma or a lone "and" would split the name, and a name "others" would read as
            // "and others"; braces keep it one (corporate) name.
            let splits = name.contains(',')
                || name.eq_ignore_ascii_case("others")
                || name.split(' ').any(|w| w.eq_ignore_ascii_case("and"));
            if splits { format!("{{{name}}}") } else { name }
        })
        .collect();
    if names.is_empty() {
        return None;
    }
    if p.authors_incomplete {
        names.push("others".to_owned());
    }
    Some(names.join(" and "))
}

/// Characters a key keeps: BibTeX ends a key at a comma, a brace or white space.
fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-_:.+/".contains(c)
}

/// The link to the work itself; see the module docs for the order.
pub(super) fn work_url(p: &Publication) -> Option<String> {
    let web = |kinds: &[LinkKind]| {
        p.links.iter().find(|l| {
            kinds.contains(&l.kind)
                && (l.url.starts_with("https://") || l.url.starts_with("http://"))
        })
    };
    web(&[LinkKind::Pdf])
        .or_else(|| {
            web(&[
                LinkKind::Arxiv,
                LinkKind::Blog,
                LinkKind::Homepage,
                LinkKind::Other,
            ])
        })
        .map(|l| l.url.clone())
        .or_else(|| {
            p.arxiv
                .as_ref()
                .map(|id| format!("https://arxiv.org/abs/{id}"))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn month_macros() {
        assert_eq!(month_macro(4), Some("apr"));
        assert_eq!(month_macro(0), None);
        assert_eq!(month_macro(13), None);
    }
}
