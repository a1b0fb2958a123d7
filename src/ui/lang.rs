//! The page's language in the views: its catalogue ([`text`]), which every text of a view comes
//! from. The language is the URL's ([`page_lang`]: `/de/…` is German, the root the site's first
//! language) and does not change while the page is open.

pub use super::router::url::{href_in_lang, page_lang, site_languages};
use crate::lang::Catalogue;

/// Every text of the interface in the page's language.
pub fn text() -> &'static Catalogue {
    page_lang().text()
}

/// The `lang` a text of the dataset needs on this page: the dataset's own language (the site's
/// first) when the page speaks another and the record gives no translation, else none.
pub fn data_lang(shown: &crate::model::Shown<'_>) -> Option<&'static str> {
    shown.lang(page_lang().code(), site_languages().first().code())
}
