//! Research Atlas: a directory of researchers that runs entirely in the browser.
//!
//! Three layers, each readable alone; data flows one way, JSON → [`model`] → [`search`] → `ui`.

pub mod model;
pub mod search;
#[cfg(feature = "ui")]
pub mod ui;
