//! The dataset layer: serde types, loading, validation and lookups. Plain Rust, no web-sys.
//!
//! [`types`] is the single definition of the data format. [`load`] turns JSON text into a
//! [`LoadedDataset`](load::LoadedDataset) in two stages — the top-level shape first, then each record on
//! its own — so a bad value is reported with its JSON path and costs only itself (or its record,
//! when the record cannot do without it) instead of the whole file. [`validate`] holds the
//! semantic checks that serde cannot express. Both report a [`Problem`]: a path, what is wrong
//! there, and whether it is an error (the record is skipped), a dropped value (left out, the
//! record kept) or a warning (nothing left out). [`invisible`] knows the invisible characters that the checks warn
//! about and the exports leave out. [`Dataset`] answers lookups by id
//! (`dataset.researcher(id)`, `venue`, `publications_of`, …; see `lookup.rs`). [`cite`] writes
//! publications out as BibTeX and CSV. [`shares`] spreads the heavy passes of a large load (and
//! the search layer's build steps) over the cores.

pub mod bundled;
pub mod cite;
pub mod corrections;
pub mod date;
pub mod invisible;
pub mod load;
mod lookup;
mod problem;
pub mod shares;
pub mod sort;
pub mod types;
pub mod validate;

pub use load::{LoadedDataset, load};
pub use problem::{Problem, Severity};
pub use types::*;
pub use validate::validate;
