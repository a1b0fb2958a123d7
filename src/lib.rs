//! Research Atlas: a directory of researchers that runs entirely in the browser.
//!
//! Five layers, each readable alone, none pointing up; data flows one way, JSON → [`model`] →
//! [`search`] → [`files`] → `ui`. Beside them, [`site`]: the routes and every path of the site,
//! and what each page says about itself in `<head>` — plain Rust, for the app and the
//! pre-renderer alike. Below them all, [`error`]: the crate's one error type. ARCHITECTURE.md is
//! the map.

// The pre-renderer (`ssr`) resolves deep view types; the default limit of 128 is too low for them.
#![cfg_attr(feature = "ssr", recursion_limit = "512")]

pub mod error;
pub mod files;
pub mod lang;
pub mod model;
pub mod search;
pub mod site;
#[cfg(feature = "ui")]
pub mod ui;

pub use error::Error;
