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

    /// Every text of the interface in this language. The release app has English alone in it
    /// and is given another language's texts by [`install`] (from the file [`file_text`]
    /// writes) before it renders: until then, and if that fails, English.
    pub fn text(self) -> &'static Catalogue {
        #[cfg(any(not(target_arch = "wasm32"), feature = "json-host", test))]
        return match self {
            Lang::En => &EN,
            Lang::De => &DE,
            Lang::Zh => &ZH,
            Lang::Es => &ES,
            Lang::Ar => &AR,
        };
        #[cfg(all(target_arch = "wasm32", not(feature = "json-host"), not(test)))]
        INSTALLED[self as usize].get().unwrap_or(&EN)
    }

    /// Whether this language's texts are in the app (English, every language natively and in a
    /// development build) or were installed.
    pub fn has_text(self) -> bool {
        #[cfg(any(not(target_arch = "wasm32"), feature = "json-host", test))]
        return true;
        #[cfg(all(target_arch = "wasm32", not(feature = "json-host"), not(test)))]
        return self == Lang::En || INSTALLED[self as usize].get().is_some();
    }
}

/// The catalogues [`install`]ed, by language.
#[cfg(all(target_arch = "wasm32", not(feature = "json-host"), not(test)))]
static INSTALLED: [std::sync::OnceLock<Catalogue>; 5] = [const { std::sync::OnceLock::new() }; 5];

/// What a catalogue file holds: `lang`'s texts in [`Catalogue::texts`]' order, each ended by a
/// NUL (no text holds one). Written natively by the release build, one file per language
/// (its name has [`Catalogue::KEYS`], so a file is read only by a build of the same keys).
pub fn file_text(lang: Lang) -> String {
    let mut out = String::new();
    for text in lang.text().texts() {
        out.push_str(text);
        out.push('\0');
    }
    out
}

/// Why a catalogue file was not installed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallError {
    /// It holds another number of texts than this build's keys have.
    Texts {
        /// How many it holds.
        found: usize,
        /// How many the keys need ([`Catalogue::LEN`]).
        want: usize,
    },
}

/// Makes `file` (what [`file_text`] wrote) the texts of `lang` for the rest of the app's life.
/// The text is kept for good (a page's language does not change while it is open).
pub fn install(lang: Lang, file: String) -> Result<(), InstallError> {
    let file: &'static str = Box::leak(file.into_boxed_str());
    let texts: Vec<&'static str> = file
        .strip_suffix('\0')
        .unwrap_or(file)
        .split('\0')
        .collect();
    let found = texts.len();
    let catalogue = Catalogue::from_texts(lang, texts.leak()).ok_or(InstallError::Texts {
        found,
        want: Catalogue::LEN,
    })?;

    #[cfg(all(target_arch = "wasm32", not(feature = "json-host"), not(test)))]
    {
        let _ = INSTALLED[lang as usize].set(catalogue);
    }
    #[cfg(any(not(target_arch = "wasm32"), feature = "json-host", test))]
    let _ = catalogue;
    Ok(())
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
