//! The catalogues, compiled by `build.rs` from `locales/*.toml`: [`Catalogue`], one struct per
//! section, and [`EN`], [`DE`], [`ZH`], [`ES`], [`AR`].

#[allow(unused_imports)]
use super::{Lang, Plural};

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));
