//! Tests of the organizations: `rules` on hand-made datasets (with property tests, natively),
//! `bundled` on the bundled dataset.

mod bundled;
#[cfg(not(target_arch = "wasm32"))]
mod rules;
