//! The first stage: dblp's own schema as typed structs (after `dblp.dtd` and the person
//! pages at `https://dblp.org/pid/<pid>.xml`), read from the XML layer's elements. Values are
//! as written, trimmed; nothing is judged here.

use super::xml::{Attrs, RawDoc, RawField, RawRecord, attr};
use crate::web_text::collapse;

/// `<dblpperson name="…" pid="…" n="…">`: a person and their records.
#[derive(Debug, Default)]
pub(super) struct DblpPerson {
    /// `name`: the person's name, with its homonym number.
    pub(super) name: Option<String>,
    /// `pid`: `12/3456`, `l/JohnLong`, `95/7448-1`.
    pub(super) pid: Option<String>,
    /// `<person>`, the profile.
    pub(super) person: Option<Person>,
    /// The `<person>`s inside `<homonyms>`: the other persons of the same name.
    pub(super) homonyms: Vec<Person>,
    /// Each `<r>`, with the records it holds.
    pub(super) r: Vec<Vec<Publication>>,
}

/// `<person key="homepages/…">`: the person's names, web addresses and notes.
#[derive(Debug, Default)]
pub(super) struct Person {
    /// `key`: `homepages/12/3456`.
    pub(super) key: Option<String>,
    /// `publtype`'s tokens: `disambiguation` on a page of several persons of one name.
    pub(super) publtype: Vec<String>,
    /// `<author>`: the name first, then aliases.
    pub(super) authors: Vec<Author>,
    /// `<url>`: homepages, ORCID, Wikidata, Scholar …
    pub(super) urls: Vec<Labelled>,
    /// `<note type="affiliation">` and other notes.
    pub(super) notes: Vec<Note>,
}

/// A name with dblp's identifiers: `<author pid="…" orcid="…">Wei Wang 0001</author>`.
#[derive(Debug, Default, Clone)]
pub(super) struct Author {
    /// The name as written, homonym number included.
    pub(super) name: String,
    /// `pid`.
    pub(super) pid: Option<String>,
    /// `orcid`.
    pub(super) orcid: Option<String>,
}

/// A text with its `type` and `label` attributes (`<ee type="oa">`, `<url label="…">`).
#[derive(Debug, Default, Clone)]
pub(super) struct Labelled {
    /// The text.
    pub(super) text: String,
    /// `type`.
    pub(super) kind: Option<String>,
    /// `label`.
    pub(super) label: Option<String>,
}

/// `<note type="affiliation" label="former">…</note>`.
pub(super) type Note = Labelled;

/// One publication record: `<article>`, `<inproceedings>`, `<proceedings>`, `<book>`,
/// `<incollection>`, `<phdthesis>`, `<mastersthesis>`, `<data>`, `<www>`, or another.
#[derive(Debug, Default)]
pub(super) struct Publication {
    /// The element's name.
    pub(super) element: String,
    /// `key`: `conf/osdi/LuanXY23`, `journals/corr/abs-2301-03734`.
    pub(super) key: Option<String>,
    /// `publtype`'s tokens: `informal`, `withdrawn`, `encyclopedia` …
    pub(super) publtype: Vec<String>,
    /// `<author>`s in order.
    pub(super) authors: Vec<Author>,
    /// `<editor>`s in order.
    pub(super) editors: Vec<Author>,
    /// `<title>`, inline markup's text included.
    pub(super) title: Option<String>,
    /// `<year>`.
    pub(super) year: Option<String>,
    /// `<month>`.
    pub(super) month: Option<String>,
    /// `<pages>`.
    pub(super) pages: Option<String>,
    /// `<volume>`.
    pub(super) volume: Option<String>,
    /// `<number>`.
    pub(super) number: Option<String>,
    /// `<journal>`.
    pub(super) journal: Option<String>,
    /// `<booktitle>`.
    pub(super) booktitle: Option<String>,
    /// `<ee>`s: electronic editions.
    pub(super) ee: Vec<Labelled>,
    /// `<crossref>`: the proceedings' key, `conf/osdi/2023`.
    pub(super) crossref: Option<String>,
    /// `<publisher>`.
    pub(super) publisher: Option<String>,
    /// `<school>`.
    pub(super) school: Option<String>,
    /// `<note>`s.
    pub(super) notes: Vec<Note>,
    /// References the document does not declare, kept as written.
    pub(super) unknown_entities: Vec<String>,
}

impl DblpPerson {
    /// The schema's view of the XML layer's elements.
    pub(super) fn from_raw(raw: RawDoc) -> Self {
        let text = |name| {
            attr(&raw.attrs, name)
                .map(trimmed)
                .filter(|s| !s.is_empty())
        };
        DblpPerson {
            name: text("name"),
            pid: text("pid"),
            person: raw.person.map(Person::from_raw),
            homonyms: raw.homonyms.into_iter().map(Person::from_raw).collect(),
            r: raw
                .r
                .into_iter()
                .map(|records| records.into_iter().map(Publication::from_raw).collect())
                .collect(),
        }
    }
}

impl Person {
    fn from_raw(raw: RawRecord) -> Self {
        let mut person = Person {
            key: attr(&raw.attrs, "key").map(trimmed),
            publtype: tokens(&raw.attrs, "publtype"),
            ..Person::default()
        };
        for f in &raw.fields {
            match f.name.as_str() {
                "author" => person.authors.push(Author::from_raw(f)),
                "url" => person.urls.push(Labelled::from_raw(f)),
                "note" => person.notes.push(Labelled::from_raw(f)),
                _ => {}
            }
        }
        person
    }
}

impl Publication {
    fn from_raw(raw: RawRecord) -> Self {
        let mut p = Publication {
            element: raw.name.clone(),
            key: attr(&raw.attrs, "key").map(trimmed),
            publtype: tokens(&raw.attrs, "publtype"),
            unknown_entities: raw.unknown_entities,
            ..Publication::default()
        };
        for f in &raw.fields {
            let single = match f.name.as_str() {
                "author" => {
                    p.authors.push(Author::from_raw(f));
                    continue;
                }
                "editor" => {
                    p.editors.push(Author::from_raw(f));
                    continue;
                }
                "ee" => {
                    p.ee.push(Labelled::from_raw(f));
                    continue;
                }
                "note" => {
                    p.notes.push(Labelled::from_raw(f));
                    continue;
                }
                "title" => &mut p.title,
                "year" => &mut p.year,
                "month" => &mut p.month,
                "pages" => &mut p.pages,
                "volume" => &mut p.volume,
                "number" => &mut p.number,
                "journal" => &mut p.journal,
                "booktitle" => &mut p.booktitle,
                "crossref" => &mut p.crossref,
                "publisher" => &mut p.publisher,
                "school" => &mut p.school,
                // `<url>` (a dblp `db/…` path), `<stream>`, `<rel>`, `<isbn>`, `<series>` …
                _ => continue,
            };
            // The first of a field written twice.
            if single.is_none() {
                *single = Some(trimmed(&f.text)).filter(|s| !s.is_empty());
            }
        }
        p
    }
}

impl Author {
    fn from_raw(f: &RawField) -> Self {
        let text = |name| attr(&f.attrs, name).map(trimmed).filter(|s| !s.is_empty());
        Author {
            name: collapse(&f.text),
            pid: text("pid"),
            orcid: text("orcid"),
        }
    }
}

impl Labelled {
    fn from_raw(f: &RawField) -> Self {
        let text = |name| attr(&f.attrs, name).map(trimmed).filter(|s| !s.is_empty());
        Labelled {
            text: collapse(&f.text),
            kind: text("type"),
            label: text("label"),
        }
    }
}

/// An attribute's space-separated tokens (`publtype="informal withdrawn"`).
fn tokens(attrs: &Attrs, name: &str) -> Vec<String> {
    attr(attrs, name)
        .map(|t| t.split_whitespace().map(str::to_owned).collect())
        .unwrap_or_default()
}

fn trimmed(s: &str) -> String {
    s.trim().to_owned()
}
