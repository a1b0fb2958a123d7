//! The interface's languages: which there are ([`Lang`]), each one's catalogue of texts
//! ([`Catalogue`], compiled from `locales/<code>.toml` by `build.rs`), and how each writes
//! numbers, counts, lists and year spans ([`format`]). Below every layer, like [`crate::error`]:
//! the model validates `config.languages` with it, `site` writes titles and `hreflang` links with
//! it, the views take every text from it.
//!
//! A translator edits one file per language, `locales/<code>.toml`; English's file is the list of
//! keys, and the build fails on a key missing or added in another file, a plural without the
//! forms its language needs, or placeholders (`{name}`) that differ from English's.

mod catalogue;
pub mod format;

pub use catalogue::*;
pub use format::{Form, fill};

/// A language the interface speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Lang {
    /// English, the language of a dataset that names none.
    #[default]
    En,
    /// German.
    De,
    /// Simplified Chinese.
    Zh,
    /// Spanish.
    Es,
    /// Arabic, written right to left.
    Ar,
}

impl Lang {
    /// Every language, in the order of `locales/`.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::De, Lang::Zh, Lang::Es, Lang::Ar];

    /// The language's code as a dataset, a URL and `<html lang>` write it: `de`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Zh => "zh",
            Lang::Es => "es",
            Lang::Ar => "ar",
        }
    }

    /// The language of a code the site uses (`de`), exactly; `None` for any other.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language of a browser's language tag (`de-AT`, `zh-Hans-CN`, `ES`): its primary
    /// subtag, in any case. Traditional Chinese (`zh-TW`, `zh-Hant`) is not Simplified: `None`.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let lower = tag.trim().to_ascii_lowercase();
        let mut parts = lower.split(['-', '_']);
        let lang = Lang::from_code(parts.next()?)?;
        let traditional = lang == Lang::Zh
            && parts.any(|p| matches!(p, "hant" | "tw" | "hk" | "mo"))
            && !lower.contains("hans");
        (!traditional).then_some(lang)
    }

    /// `rtl` for a language written right to left, else `ltr` (`<html dir>`).
    pub fn dir(self) -> &'static str {
        if self == Lang::Ar { "rtl" } else { "ltr" }
    }

    /// The language's name in itself, for the language switcher: `Deutsch`.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Zh => "中文",
            Lang::Es => "Español",
            Lang::Ar => "العربية",
        }
    }

    /// Every text of the interface in this language.
    pub fn text(self) -> &'static Catalogue {
        match self {
            Lang::En => &EN,
            Lang::De => &DE,
            Lang::Zh => &ZH,
            Lang::Es => &ES,
            Lang::Ar => &AR,
        }
    }
}

/// A text that depends on a count, in each plural form of its language (an empty form is the
/// language's `other`).
#[derive(Debug, Clone, Copy)]
pub struct Plural {
    /// The language whose rules pick the form.
    pub lang: Lang,
    /// The forms in the order of [`Form`]: zero, one, two, few, many, other.
    pub forms: [&'static str; 6],
}

impl Plural {
    /// The text for `n`, its `{n}` written as the language writes numbers: `3 researchers`,
    /// `3 Forschende`, `٣ باحثين`.
    pub fn count(&self, n: usize) -> String {
        self.count_with(n, &[])
    }

    /// [`Self::count`] with other placeholders filled too.
    pub fn count_with(&self, n: usize, args: &[(&str, &str)]) -> String {
        let form = self.forms[self.lang.plural(n as u64) as usize];
        let template = if form.is_empty() { self.forms[5] } else { form };
        let number = self.lang.number(n as u64);
        let mut all = vec![("n", number.as_str())];
        all.extend_from_slice(args);
        fill(template, &all)
    }
}

#[cfg(test)]
mod tests;
