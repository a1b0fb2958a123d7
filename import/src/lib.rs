//! Changing the authoring dataset (`data/researchers.json`) from outside sources.
//!
//! [`authoring`] reads a dataset file, and writes a changed dataset back only when the app's own
//! loader finds no problem in it, atomically; every importer and `add-researcher` go through it.
//! [`names`] decides when two spellings of a person, a title or a venue are the same, and makes
//! new ids. [`researchers`] holds what every way of adding a person shares (their id, career
//! stage and organization). [`bibtex`] adds a researcher's publication list from a `.bib` file;
//! [`roster`] adds and updates a whole department from a CSV file, with each person's `.bib`.
//!
//! `cargo xtask import-bib`, `cargo xtask import` and `cargo xtask add-researcher` are the
//! command lines over this crate. It prints nothing: a command returns its report as data
//! ([`authoring::Run`]), and fails with the crate's one [`Error`]; the binary prints both.

pub mod add;
pub mod authoring;
pub mod bibtex;
mod error;
pub mod names;
pub mod repair;
pub mod researchers;
pub mod roster;
pub mod sources;
pub(crate) mod web_text;

pub use error::{Change, Error};

use std::path::{Path, PathBuf};

/// The workspace root (the parent of this crate): where the bundled dataset lives.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the importer lives inside the workspace")
        .to_path_buf()
}

/// The bundled dataset, relative to the workspace root.
pub use research_atlas::files::paths::DATASET;
