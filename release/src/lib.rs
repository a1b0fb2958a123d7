//! The release pipeline, behind `cargo xtask dist`, `serve`, `test` and `bench`: everything
//! that turns the app and a dataset into a site a static host serves. It prints nothing: it
//! returns what it built ([`dist::Site`]) and tells what it is about to install
//! ([`tools::Installing`]); errors are [`Error`]s. Child programs (cargo, trunk, wasm-opt,
//! npm) print to the caller's terminal as they run.
//!
//! - [`tools`]: the pinned build and test tools, installed once per user outside the clone;
//! - [`dist`]: a release build — trunk, the wasm [`split`] by route, the [`page`] made safe,
//!   the data compiled into a [`generations`] folder, every route pre-rendered, the
//!   service worker stamped ([`offline`]);
//! - [`run`]: child processes with clear errors.

pub mod dist;
mod error;
pub mod generations;
pub mod offline;
pub mod page;
pub mod run;
pub mod split;
pub mod tools;

use std::path::{Path, PathBuf};

pub use error::Error;

/// The workspace root (the parent of this crate).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the release crate lives inside the workspace")
        .to_path_buf()
}

/// Cargo's target directory: `$CARGO_TARGET_DIR`, or the workspace's `target/`.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => std::env::current_dir().unwrap_or_default().join(dir),
        None => root().join("target"),
    }
}
