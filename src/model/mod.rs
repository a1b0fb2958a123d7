//! The dataset layer: serde types, loading and validation. Plain Rust, no web-sys.
//!
//! [`types`] is the single definition of the data format. [`load`] turns JSON text into a
//! [`Directory`](load::Directory) in two stages — the top-level shape first, then each record on
//! its own — so one bad record is reported with its JSON path and skipped instead of losing the
//! whole file. [`validate`] holds the semantic checks that serde cannot express. [`cite`] writes
//! publications out as BibTeX and CSV.

pub mod cite;
pub mod corrections;
pub mod date;
pub mod load;
pub mod types;
pub mod validate;

pub use load::{Directory, LoadError, load};
pub use types::*;
pub use validate::{Problem, validate};
