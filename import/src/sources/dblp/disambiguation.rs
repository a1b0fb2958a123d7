//! dblp's disambiguation pages: the page of a bare name that several people share ("Wei
//! Wang"), marked `<person publtype="disambiguation">`. dblp keeps each of those people on a
//! page of their own, the name numbered ("Wei Wang 0001", pid `12/3456-1`), and leaves on the
//! bare name's page only the publications not yet assigned to any of them: read as one person,
//! it would give one researcher the papers of many. So [`read`](super::read) refuses it, and
//! the refusal names the people it could have meant.
//!
//! They are listed from the page itself: each `<person>` inside `<homonyms>` (dblp's list of
//! the numbered pages, with their `<note type="affiliation">`), and each author or editor of the
//! page's records printed with the page's name and a number (one of the people writing with a
//! paper still on the bare name), by pid, once, in the order of their numbers.

use std::fmt;

use super::schema::{Author, DblpPerson, Person};
use super::work::without_number;

/// A disambiguation page: the shared name and the people dblp tells apart under it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Disambiguation {
    /// The shared name: "Wei Wang".
    pub(super) name: String,
    /// The numbered people of that name the page lists.
    pub(super) homonyms: Vec<Homonym>,
}

/// One person of the shared name: what a roster names instead of the bare name.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Homonym {
    /// The name as dblp prints it, number included: "Wei Wang 0001".
    pub(super) name: String,
    /// Their pid: `12/3456-1`.
    pub(super) pid: String,
    /// Their affiliation where the page says it: the first current one, else the first with its
    /// label ("Example University (former)").
    pub(super) affiliation: Option<String>,
}

impl Disambiguation {
    /// The document as a disambiguation page, or `None` for one person's page (which may
    /// have homonyms of its own: those are other people, not a reason to refuse it).
    pub(super) fn of(doc: &DblpPerson) -> Option<Self> {
        let person = doc.person.as_ref()?;
        if !is_disambiguation(person) {
            return None;
        }
        let name = doc
            .name
            .as_deref()
            .or_else(|| person.authors.first().map(|a| a.name.as_str()))
            .map(|n| without_number(n).to_owned())
            .unwrap_or_default();
        let page_pid = doc.pid.clone().or_else(|| pid_of(person));
        let mut homonyms: Vec<Homonym> = Vec::new();
        let mut add = |h: Homonym| {
            if Some(&h.pid) != page_pid.as_ref() && !homonyms.iter().any(|o| o.pid == h.pid) {
                homonyms.push(h);
            }
        };
        for p in doc.homonyms.iter().filter(|p| !is_disambiguation(p)) {
            if let Some(h) = Homonym::from_person(p) {
                add(h);
            }
        }
        let people = doc
            .r
            .iter()
            .flatten()
            .flat_map(|p| p.authors.iter().chain(&p.editors));
        for a in people.filter(|a| is_numbered(a, &name)) {
            if let Some(pid) = &a.pid {
                add(Homonym {
                    name: a.name.clone(),
                    pid: pid.clone(),
                    affiliation: None,
                });
            }
        }
        // Stable: unnumbered names (a similar name dblp lists) after the numbered ones.
        homonyms.sort_by_key(|h| number(&h.name).map_or((1, 0), |n| (0, n)));
        Some(Disambiguation { name, homonyms })
    }
}

impl Homonym {
    /// A `<person>` of `<homonyms>`: its first `<author>`'s name and pid (or the key's), and
    /// its affiliation. `None` without a pid: there is nothing to put on a roster.
    fn from_person(person: &Person) -> Option<Self> {
        let pid = pid_of(person)?;
        let name = person
            .authors
            .first()
            .map(|a| a.name.clone())
            .unwrap_or_default();
        let affiliations = || {
            person
                .notes
                .iter()
                .filter(|n| n.kind.as_deref() == Some("affiliation") && !n.text.is_empty())
        };
        let affiliation = affiliations()
            .find(|n| n.label.is_none())
            .map(|n| n.text.clone())
            .or_else(|| {
                affiliations().next().map(|n| match &n.label {
                    Some(label) => format!("{} ({label})", n.text),
                    None => n.text.clone(),
                })
            });
        Some(Homonym {
            name,
            pid,
            affiliation,
        })
    }
}

impl fmt::Display for Disambiguation {
    /// `a dblp disambiguation page for "Wei Wang", not one person; put the pid of the right
    /// one on the roster: Wei Wang 0001 (12/3456-1), Example University; Wei Wang 0002 (…)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a dblp disambiguation page for {:?}, not one person; ",
            self.name
        )?;
        if self.homonyms.is_empty() {
            return write!(
                f,
                "it names none of the people who share the name: find the right one on dblp \
                 and put their pid on the roster"
            );
        }
        write!(f, "put the pid of the right one on the roster: ")?;
        for (i, h) in self.homonyms.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            if h.name.is_empty() {
                write!(f, "{}", h.pid)?;
            } else {
                write!(f, "{} ({})", h.name, h.pid)?;
            }
            if let Some(affiliation) = &h.affiliation {
                write!(f, ", {affiliation}")?;
            }
        }
        Ok(())
    }
}

/// `<person publtype="disambiguation">`.
fn is_disambiguation(person: &Person) -> bool {
    person.publtype.iter().any(|t| t == "disambiguation")
}

/// A person record's pid: its first `<author>`'s, else its key's (`homepages/12/3456-1`).
fn pid_of(person: &Person) -> Option<String> {
    person
        .authors
        .first()
        .and_then(|a| a.pid.clone())
        .or_else(|| {
            person
                .key
                .as_deref()
                .and_then(|k| k.strip_prefix("homepages/"))
                .filter(|k| !k.is_empty())
                .map(str::to_owned)
        })
}

/// An author printed with the page's name and a homonym number ("Wei Wang 0002").
fn is_numbered(author: &Author, name: &str) -> bool {
    !name.is_empty() && without_number(&author.name) == name && number(&author.name).is_some()
}

/// The homonym number of a printed name: "Wei Wang 0002" → 2.
fn number(name: &str) -> Option<u16> {
    let trimmed = name.trim();
    if without_number(trimmed) == trimmed {
        return None;
    }
    trimmed.rsplit_once(' ').and_then(|(_, n)| n.parse().ok())
}
