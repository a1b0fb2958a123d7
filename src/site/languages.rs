//! The languages a site publishes (`config.languages`): the first at the site's root, each other
//! under `/<code>/` (`/de/researchers/luo-mai`). The one place a language's path prefix is written
//! and read; the routes below it are [`super::route`]'s.

use super::route::AppRoute;
use crate::lang::Lang;

/// The languages of a site, its own (the root's) first; never empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Languages(Vec<Lang>);

impl Default for Languages {
    fn default() -> Self {
        Self(vec![Lang::En])
    }
}

impl Languages {
    /// The site's languages in the given order, each once; English alone when none is given.
    pub fn new(list: impl IntoIterator<Item = Lang>) -> Self {
        let mut out: Vec<Lang> = Vec::new();
        for lang in list {
            if !out.contains(&lang) {
                out.push(lang);
            }
        }
        if out.is_empty() {
            Self::default()
        } else {
            Self(out)
        }
    }

    /// The language of the site's root.
    pub fn first(&self) -> Lang {
        self.0[0]
    }

    /// Every language, the root's first.
    pub fn all(&self) -> &[Lang] {
        &self.0
    }

    /// Whether the site has more than one language (pages then link to each other's).
    pub fn several(&self) -> bool {
        self.0.len() > 1
    }

    /// The path prefix of `lang`'s pages: `""` for the root's language, `/de` for another.
    pub fn prefix(&self, lang: Lang) -> String {
        if lang == self.first() {
            String::new()
        } else {
            format!("/{}", lang.code())
        }
    }

    /// The path of `route` in `lang` below the site's base: `/de/researchers/luo-mai?q=x`.
    pub fn path(&self, lang: Lang, route: &AppRoute) -> String {
        format!("{}{}", self.prefix(lang), route.path())
    }

    /// The language of a path below the site's base, and the path below its prefix:
    /// `/de/researchers/x` → (German, `/researchers/x`), `/de` → (German, `/`). A path with no
    /// prefix of one of the site's other languages is the root's language's.
    pub fn split<'a>(&self, path: &'a str) -> (Lang, &'a str) {
        for &lang in &self.0[1..] {
            let Some(rest) = path
                .strip_prefix('/')
                .and_then(|p| p.strip_prefix(lang.code()))
            else {
                continue;
            };
            if rest.is_empty() {
                return (lang, "/");
            }
            if rest.starts_with('/') {
                return (lang, rest);
            }
        }
        (self.first(), path)
    }

    /// The languages as the page's `<html data-languages>` lists them: `en de ar`.
    pub fn attribute(&self) -> String {
        let codes: Vec<&str> = self.0.iter().map(|l| l.code()).collect();
        codes.join(" ")
    }

    /// The languages a page's `<html data-languages>` lists; codes that are no language of the
    /// interface are left out, and with none `fallback` alone (the page's `<html lang>`).
    pub fn from_attribute(value: &str, fallback: Lang) -> Self {
        let list: Vec<Lang> = value
            .split_whitespace()
            .filter_map(Lang::from_code)
            .collect();
        if list.is_empty() {
            Self(vec![fallback])
        } else {
            Self::new(list)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::route::profile;

    #[test]
    fn the_first_language_is_at_the_root_and_the_others_under_their_code() {
        let site = Languages::new([Lang::De, Lang::En, Lang::Ar, Lang::De]);
        assert_eq!(site.all(), [Lang::De, Lang::En, Lang::Ar]);
        assert_eq!(site.path(Lang::De, &AppRoute::home()), "/");
        assert_eq!(site.path(Lang::En, &AppRoute::home()), "/en/");
        assert_eq!(
            site.path(Lang::Ar, &profile("luo-mai")),
            "/ar/researchers/luo-mai"
        );
        assert_eq!(
            site.split("/ar/researchers/luo-mai"),
            (Lang::Ar, "/researchers/luo-mai")
        );
        assert_eq!(site.split("/en"), (Lang::En, "/"));
        assert_eq!(site.split("/en/"), (Lang::En, "/"));
        assert_eq!(
            site.split("/de/researchers/x"),
            (Lang::De, "/de/researchers/x")
        );
        assert_eq!(site.split("/english"), (Lang::De, "/english"));
        assert_eq!(site.split("/zh/"), (Lang::De, "/zh/"));
    }

    #[test]
    fn a_page_s_attribute_lists_the_languages() {
        let site = Languages::new([Lang::En, Lang::Zh]);
        assert_eq!(site.attribute(), "en zh");
        assert_eq!(Languages::from_attribute("en zh", Lang::En), site);
        assert_eq!(Languages::from_attribute("xx", Lang::Es).all(), [Lang::Es]);
        assert_eq!(Languages::new([]).all(), [Lang::En]);
    }
}
