//! The catalogues, compiled by `build.rs` from `locales/*.toml`: a [`Catalogue`] is a language
//! and its texts in one order; a method per section gives a small view of it with a method per
//! key (`t.nav().skip()`). [`EN`] is in every build; [`DE`], [`ZH`], [`ES`], [`AR`] natively, in
//! development builds and unit tests (the release app installs them from files it fetches).

#[allow(unused_imports)]
use super::{Lang, Plural};

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));
