//! Research Atlas: a directory of researchers that runs entirely in the browser.
//!
//! Three layers, each readable alone; data flows one way, JSON → [`model`] → [`search`] → `ui`.

// The pre-renderer (`ssr`) resolves deep view types; the default limit of 128 is too low for them.
#![cfg_attr(feature = "ssr", recursion_limit = "512")]

pub mod model;
pub mod search;
#[cfg(feature = "ui")]
pub mod ui;
