//! The site as plain Rust: every page's route and path ([`route`]), what each page says about
//! itself in `<head>` and its document title ([`meta`]), and which pages are pre-rendered
//! ([`pages`]), and the languages it is published in ([`languages`]: each language's path
//! prefix). The app (`ui`), the pre-renderer (`src/bin/prerender/`) and the tests spell the
//! site's paths only through these; `search` answers the pages' questions, `site` names them.

pub mod languages;
pub mod meta;
pub mod pages;
pub mod route;

pub use languages::Languages;
pub use route::{AppRoute, PageKind};
