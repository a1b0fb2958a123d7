//! What an import did, as data: one [`Outcome`] per entry, the venues it created ([`NewVenue`]),
//! and the [`Report`] that gathers them with the entries that stop it.

use std::collections::HashMap;
use std::fmt;

use research_atlas::model::{PublicationId, VenueId, VenueKind};

use super::super::venue::Origin;

/// What happened to one entry: `key` is its BibTeX key, `id` the record it became or joined,
/// `why` the rule that found the duplicate, `changes` what a merge did, `notes` what to check,
/// `matched` how the importing researcher was found among the authors when not by an exact
/// spelling.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A new record.
    Added {
        key: String,
        id: PublicationId,
        matched: Option<String>,
        notes: Vec<String>,
    },
    /// Folded into an existing record, which changed.
    Merged {
        key: String,
        id: PublicationId,
        why: String,
        changes: Vec<String>,
        notes: Vec<String>,
        /// Where the record's value was kept against the entry's.
        conflicts: Vec<String>,
    },
    /// Already in the dataset with nothing to add.
    Unchanged {
        key: String,
        id: PublicationId,
        why: String,
        notes: Vec<String>,
        /// Where the record's value was kept against the entry's.
        conflicts: Vec<String>,
    },
    /// Left out, with the reason.
    Skipped { key: String, reason: String },
}

impl Outcome {
    /// The record the entry became or joined; none when it was skipped.
    pub fn id(&self) -> Option<&PublicationId> {
        match self {
            Outcome::Added { id, .. }
            | Outcome::Merged { id, .. }
            | Outcome::Unchanged { id, .. } => Some(id),
            Outcome::Skipped { .. } => None,
        }
    }

    /// What to check about the entry's record; none when it was skipped.
    pub fn notes(&self) -> &[String] {
        match self {
            Outcome::Added { notes, .. }
            | Outcome::Merged { notes, .. }
            | Outcome::Unchanged { notes, .. } => notes,
            Outcome::Skipped { .. } => &[],
        }
    }

    /// Where the record's value was kept against the entry's: none for a new record.
    pub fn conflicts(&self) -> &[String] {
        match self {
            Outcome::Merged { conflicts, .. } | Outcome::Unchanged { conflicts, .. } => conflicts,
            Outcome::Added { .. } | Outcome::Skipped { .. } => &[],
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Added {
                key, id, matched, ..
            } => {
                write!(f, "added:     {id} (from {key}")?;
                if let Some(matched) = matched {
                    write!(f, "; {matched}")?;
                }
                write!(f, ")")?;
            }
            Outcome::Merged {
                key,
                id,
                why,
                changes,
                ..
            } => write!(
                f,
                "merged:    {id} (from {key}; {why}): {}",
                changes.join("; ")
            )?,
            Outcome::Unchanged { key, id, why, .. } => write!(
                f,
                "unchanged: {id} (from {key}; {why}): already linked and listed"
            )?,
            Outcome::Skipped { key, reason } => write!(f, "skipped:   {key}: {reason}")?,
        }
        for note in self.notes() {
            write!(f, "\n             note: {note}")?;
        }
        for c in self.conflicts() {
            write!(f, "\n             note: conflict: {c}")?;
        }
        Ok(())
    }
}

/// Everything an import did to the dataset, and the entries that stop it.
#[derive(Debug, Default)]
pub struct Report {
    /// One outcome per importable entry, in file order.
    pub outcomes: Vec<Outcome>,
    /// Bad entries: `(line, key, reason)`, each skipped (with `--strict`, any stops the import).
    pub errors: Vec<(usize, String, String)>,
    /// The BibTeX key behind each record this run created or changed, by collection and id
    /// (`("venues", "hotos")`), so a validation problem can name the entry that caused it.
    pub sources: HashMap<(&'static str, String), String>,
    /// Every venue this run added to the dataset, in order, with where it came from.
    pub venues_created: Vec<NewVenue>,
}

/// A venue an import added, and where it came from: the known list, or the booktitle or
/// journal an entry printed.
#[derive(Debug, Clone, PartialEq)]
pub struct NewVenue {
    /// Its id in the dataset.
    pub id: VenueId,
    /// Its short name.
    pub short_name: String,
    /// Its full name.
    pub name: String,
    /// Its kind.
    pub kind: VenueKind,
    /// The known list, or the entry's printed venue.
    pub origin: Origin,
    /// The BibTeX key of the entry that named it.
    pub key: String,
    /// "booktitle" or "journal": the field it was read from.
    pub field: &'static str,
}

impl fmt::Display for NewVenue {
    /// `new venue sigir "SIGIR" (ACM SIGIR Conference on …, conference) from the known list`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "new venue {} {:?} ({}, {}) ",
            self.id,
            self.short_name,
            self.name,
            venue_kind_key(self.kind)
        )?;
        match self.origin {
            Origin::KnownList => write!(f, "from the known list"),
            Origin::Printed => write!(
                f,
                "from the {} of entry {}; check it, or rename it to an existing one",
                self.field, self.key
            ),
        }
    }
}

/// The JSON spelling of a venue kind, e.g. `conference`.
fn venue_kind_key(kind: VenueKind) -> &'static str {
    match kind {
        VenueKind::Conference => "conference",
        VenueKind::Journal => "journal",
        VenueKind::Workshop => "workshop",
        VenueKind::Preprint => "preprint",
        VenueKind::Blog => "blog",
    }
}
