//! dblp's person record (`https://dblp.org/pid/<pid>.xml`): a `<dblpperson>` document read
//! into a [`Record`] — the person from `<person>`, their works from the `<r>` records, and
//! every record left out with where (`r[12] <article key="…">`, `<r>`s counted from 0) and why.
//!
//! Two stages. [`xml`](self::xml) reads the document with quick-xml's event reader into
//! records of fields, and [`schema`] types them after dblp's DTD; the event reader and not
//! serde, because titles are mixed content (`A <i>B</i><sub>2</sub> C`, which serde's
//! structs take only as a list of text and element pieces), the DTD's entities (`&uuml;`) must
//! be resolved as text arrives, and one odd record must not fail the others. Then the mapping
//! here and in [`work`]: [`read`] returns `Err` only for a document that is no XML (with the
//! line and column), whose root is not `<dblpperson>`, or that is a disambiguation page.
//!
//! A disambiguation page (`<person publtype="disambiguation">`, the page of a bare name such
//! as "Wei Wang") is no person: dblp keeps each person of that name on a numbered page of
//! their own ("Wei Wang 0001", pid `12/3456-1`) and leaves on the bare name only the papers it
//! has not yet assigned to one of them. It is never read as one person; the `Err` lists the
//! people it names ([`disambiguation`]: the `<person>`s of its `<homonyms>` and the numbered
//! authors of its records), each with the name, pid and, where the page says it, affiliation:
//! `a dblp disambiguation page for "Wei Wang", not one person; put the pid of the right one on
//! the roster: Wei Wang 0001 (12/3456-1), Example University; Wei Wang 0002 (12/3456-2)`. A
//! person's own page that merely has homonyms (its `<homonyms>` lists the bare name's page and
//! the others) is read as usual.
//!
//! The profile: `id` is the root's `pid`; the name is `<person>`'s first `<author>` without
//! its homonym number ("Wei Wang 0001" → "Wei Wang"), the other `<author>`s its other names;
//! each `<url>` is a web address, but an ORCID page (`https://orcid.org/0000-…`) becomes the
//! identifier `(Origin::Orcid, "0000-…")`; each `<note type="affiliation">` is an employment
//! with the note's text as the organization and no role or dates (a note's `label`, such as
//! "former", has no place in [`Affiliation`] and is not read). Other notes (awards) are not
//! read; on a person's page `<homonyms>` (other people of the same name) and `<coauthors>`
//! are passed over.
//!
//! Records map to publication types:
//!
//! | dblp record | publication type |
//! | --- | --- |
//! | `inproceedings` | conference; workshop when the booktitle says "workshop" or has an `@` (`NetAI@SIGCOMM`), or the crossref's last part does (`conf/cvpr/2023w`, `…/2023workshops`) |
//! | `article`, `publtype` `informal` or key `journals/corr/…` | preprint (dblp's CoRR and other repositories) |
//! | `article`, any other | journal |
//! | `phdthesis`, `mastersthesis` | thesis, with its school |
//! | `incollection`, key `conf/…` | conference or workshop, as `inproceedings` (a paper in proceedings published as a book) |
//! | `incollection`, any other | skipped: a chapter, not a publication type of the directory |
//! | `proceedings` | skipped: an editorship |
//! | `book` | skipped: a book |
//! | `data`, `www`, any other | skipped, naming the element |
//! | any, `publtype` `withdrawn` | skipped: withdrawn |
//!
//! A work's `id` is the record's `key`. A record with no key, no title or no four-digit year
//! is skipped, saying so. The venue is the `booktitle` (conference, workshop) or `journal`;
//! its dblp key is the record key's first two parts (`conf/osdi/LuanXY23` → `conf/osdi`,
//! `journals/pvldb/…` → `journals/pvldb`), or the `crossref`'s; preprints and theses have
//! none. Authors keep their `pid` and `orcid` attributes, names without homonym numbers.
//! Each `<ee>`: a DOI resolver's address (`doi.org`, `dx.doi.org`, `doi.acm.org`) gives the
//! DOI, percent-decoded, case kept; arXiv's (`arxiv.org/abs/…`, `/pdf/…`) or arXiv's DOI
//! `10.48550/arXiv.…` gives the arXiv id without version (and no DOI), as does a CoRR volume
//! `abs/2301.03734`; any other `http(s)` address is a link. A second DOI, an old-style arXiv
//! id, an address the dataset would refuse, a month not understood, a `<note>` of dblp's and
//! an entity the reader does not know (kept as written) are each noted on the work. The
//! title is its text with markup flattened, spaces collapsed, dblp's trailing period gone;
//! pages' hyphens become an en dash (`12-34` → `12–34`), months' names 1 to 12. A CoRR
//! preprint and the conference paper it became are two works, as dblp lists them: bringing
//! records in matches them, not the reader.

mod disambiguation;
mod entities;
mod ids;
mod schema;
mod work;
mod xml;

#[cfg(test)]
mod tests;

use research_atlas::model::validate::check_url;

use super::record::{Affiliation, Origin, Profile, Record, Skip, Url};
use crate::Error;
use disambiguation::Disambiguation;
use schema::{DblpPerson, Person};

/// Reads a dblp person record (`https://dblp.org/pid/<pid>.xml`); a disambiguation page is
/// refused, naming the people it lists.
pub fn read(xml: &str) -> Result<Record, Error> {
    let doc = DblpPerson::from_raw(xml::parse(xml)?);
    if let Some(page) = Disambiguation::of(&doc) {
        return Err(Error::document(page.to_string()));
    }
    let mut skipped = Vec::new();
    let profile = profile(&doc, &mut skipped);
    let mut works = Vec::new();
    for (i, records) in doc.r.iter().enumerate() {
        if records.is_empty() {
            skipped.push(Skip {
                at: format!("r[{i}]"),
                reason: "holds no record".into(),
            });
        }
        for p in records {
            match work::work(i, p) {
                Ok(w) => works.push(w),
                Err(skip) => skipped.push(skip),
            }
        }
    }
    Ok(Record {
        profile,
        works,
        skipped,
    })
}

/// The person: `pid`, names, web addresses and ORCID, affiliations.
fn profile(doc: &DblpPerson, skipped: &mut Vec<Skip>) -> Profile {
    let empty = Person::default();
    let person = doc.person.as_ref().unwrap_or(&empty);
    let id = doc
        .pid
        .clone()
        .or_else(|| person.authors.first().and_then(|a| a.pid.clone()))
        .or_else(|| {
            person
                .key
                .as_deref()
                .and_then(|k| k.strip_prefix("homepages/"))
                .map(str::to_owned)
        })
        .unwrap_or_default();
    let mut names = person
        .authors
        .iter()
        .map(|a| work::without_number(&a.name).to_owned())
        .filter(|n| !n.is_empty());
    let name = names.next().or_else(|| {
        doc.name
            .as_deref()
            .map(|n| work::without_number(n).to_owned())
    });
    let mut other_names: Vec<String> = Vec::new();
    for n in names {
        if Some(&n) != name.as_ref() && !other_names.contains(&n) {
            other_names.push(n);
        }
    }
    let mut urls = Vec::new();
    let mut identifiers = Vec::new();
    for (j, u) in person.urls.iter().enumerate() {
        if let Some(orcid) = orcid_in(&u.text) {
            if !identifiers.contains(&(Origin::Orcid, orcid.clone())) {
                identifiers.push((Origin::Orcid, orcid));
            }
            continue;
        }
        let web = u.text.starts_with("https://") || u.text.starts_with("http://");
        match check_url(&u.text) {
            Ok(()) if web => urls.push(Url {
                label: u.label.clone(),
                url: u.text.clone(),
            }),
            Ok(()) => skipped.push(Skip {
                at: format!("person url[{j}]"),
                reason: format!("{:?} is not an http(s) address", u.text),
            }),
            Err(why) => skipped.push(Skip {
                at: format!("person url[{j}]"),
                reason: format!("{:?} {why}", u.text),
            }),
        }
    }
    let employments = person
        .notes
        .iter()
        .filter(|n| n.kind.as_deref() == Some("affiliation") && !n.text.is_empty())
        .map(|n| Affiliation {
            organization: n.text.clone(),
            ..Affiliation::default()
        })
        .collect();
    Profile {
        id,
        name,
        other_names,
        urls,
        identifiers,
        employments,
        ..Profile::default()
    }
}

/// The iD of an ORCID page's address (`https://orcid.org/0000-0002-1825-0097`), or of an
/// `orcid` attribute written as one.
pub(super) fn orcid_in(text: &str) -> Option<String> {
    let lower = text.trim().to_ascii_lowercase();
    let rest = [
        "https://orcid.org/",
        "http://orcid.org/",
        "https://www.orcid.org/",
    ]
    .iter()
    .find_map(|p| lower.strip_prefix(p))?;
    let id = rest.trim_end_matches('/').to_ascii_uppercase();
    is_orcid(&id).then_some(id)
}

/// `0000-0002-1825-0097`: four groups of four digits, the last character a digit or `X`.
pub(super) fn is_orcid(id: &str) -> bool {
    let groups: Vec<&str> = id.split('-').collect();
    groups.len() == 4
        && groups.iter().enumerate().all(|(g, s)| {
            s.len() == 4
                && s.char_indices()
                    .all(|(i, c)| c.is_ascii_digit() || (g == 3 && i == 3 && c == 'X'))
        })
}
