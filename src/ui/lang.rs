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

/// The organizations' and topics' names in other languages the app has read so far (from the
/// compiled directory, its first page, the organizations table): each file that carries them is
/// read before the views that show its organizations and topics. (Shared by the pre-renderer's
/// threads, which render from one dataset.)
static NAMES: std::sync::RwLock<crate::search::VocabNames> =
    std::sync::RwLock::new(crate::search::VocabNames::new());

/// Keeps `names` (a file's) for the views.
pub fn learn_names(names: &crate::search::VocabNames) {
    if !names.is_empty()
        && let Ok(mut known) = NAMES.write()
    {
        known.merge(names);
    }
}

fn with_names<R>(read: impl FnOnce(&crate::search::VocabNames) -> R) -> R {
    match NAMES.read() {
        Ok(names) => read(&names),
        Err(poisoned) => read(&poisoned.into_inner()),
    }
}

/// A name as the page shows it: the text and the `lang` it needs ([`data_lang`]).
pub type Named = (String, Option<&'static str>);

fn named(shown: crate::model::Shown<'_>) -> Named {
    (shown.text.to_owned(), data_lang(&shown))
}

/// Topic `id`'s name on this page; `own` is the dataset's.
pub fn topic_name(id: &str, own: &str) -> Named {
    with_names(|n| named(n.topic(page_lang().code(), id, own)))
}

/// Organization `id`'s label (short name) on this page; `own` is the dataset's.
pub fn org_label(id: &str, own: &str) -> Named {
    with_names(|n| named(n.org_label(page_lang().code(), id, own)))
}

/// Organization `id`'s full name on this page; `own` is the dataset's.
pub fn org_name(id: &str, own: &str) -> Named {
    with_names(|n| named(n.org_name(page_lang().code(), id, own)))
}
