//! The vocabularies' names in the site's other languages: an organization's name and label, a
//! topic's name, as the dataset translates them ([`crate::model::Translations`]). The compiled
//! directory, its first page and the organizations table carry them, so a page in another
//! language names organizations and topics in it wherever it shows one (cards, facets, rows),
//! and the dataset's own name, marked as such ([`Shown`]), where the dataset gives none.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::model::{Dataset, Shown};

/// Every translated name, by language code.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct VocabNames(BTreeMap<String, LangNames>);

/// One language's names: only the entries the dataset translates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LangNames {
    /// Organization id → its name and label in the language, when translated.
    orgs: BTreeMap<String, OrgNames>,
    /// Topic id → its name in the language.
    topics: BTreeMap<String, String>,
}

/// An organization's name and label in one language, each when the record translates it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct OrgNames {
    name: Option<String>,
    label: Option<String>,
}

impl VocabNames {
    /// No names.
    pub const fn new() -> Self {
        Self(BTreeMap::new())
    }

    /// The names `dataset`'s organizations and topics give in other languages.
    pub fn of(dataset: &Dataset) -> Self {
        let mut out = Self::default();
        for o in &dataset.organizations {
            for lang in o.translations.keys() {
                let name = Some(o.name_in(lang)).filter(|s| s.translated);
                let label = Some(o.label_in(lang)).filter(|s| s.translated);
                let names = OrgNames {
                    name: name.map(|s| s.text.to_owned()),
                    label: label.map(|s| s.text.to_owned()),
                };
                if names != OrgNames::default() {
                    out.lang(lang).orgs.insert(o.id.0.clone(), names);
                }
            }
        }
        for t in &dataset.topics {
            for (lang, text) in &t.translations {
                if let Some(name) = &text.name {
                    out.lang(lang).topics.insert(t.id.0.clone(), name.clone());
                }
            }
        }
        out
    }

    fn lang(&mut self, code: &str) -> &mut LangNames {
        self.0.entry(code.to_owned()).or_default()
    }

    /// Whether no name is translated.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The names of the organizations and topics listed alone (a first page's).
    pub fn only(&self, orgs: &BTreeSet<&str>, topics: &BTreeSet<&str>) -> Self {
        let langs = self.0.iter().map(|(lang, names)| {
            let names = LangNames {
                orgs: (names.orgs.iter())
                    .filter(|(id, _)| orgs.contains(id.as_str()))
                    .map(|(id, n)| (id.clone(), n.clone()))
                    .collect(),
                topics: (names.topics.iter())
                    .filter(|(id, _)| topics.contains(id.as_str()))
                    .map(|(id, n)| (id.clone(), n.clone()))
                    .collect(),
            };
            (lang.clone(), names)
        });
        Self(
            langs
                .filter(|(_, n)| !n.orgs.is_empty() || !n.topics.is_empty())
                .collect(),
        )
    }

    /// Adds `other`'s names (a later file's, which knows as much or more).
    pub fn merge(&mut self, other: &VocabNames) {
        for (lang, names) in &other.0 {
            let mine = self.lang(lang);
            mine.orgs.extend(names.orgs.clone());
            mine.topics.extend(names.topics.clone());
        }
    }

    /// Every name and label organization `id` has in other languages, for search.
    pub fn org_texts<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        (self.0.values())
            .filter_map(move |n| n.orgs.get(id))
            .flat_map(|n| [&n.name, &n.label])
            .flatten()
            .map(String::as_str)
    }

    /// The name of topic `id` a page in `lang` shows; `own` is the dataset's.
    pub fn topic<'a>(&'a self, lang: &str, id: &str, own: &'a str) -> Shown<'a> {
        match self.0.get(lang).and_then(|n| n.topics.get(id)) {
            Some(text) => Shown {
                text,
                translated: true,
            },
            None => Shown::own(own),
        }
    }

    /// The label (short name) of organization `id` a page in `lang` shows; `own` is the
    /// dataset's.
    pub fn org_label<'a>(&'a self, lang: &str, id: &str, own: &'a str) -> Shown<'a> {
        self.org(lang, id, own, |n| n.label.as_ref())
    }

    /// The full name of organization `id` a page in `lang` shows; `own` is the dataset's.
    pub fn org_name<'a>(&'a self, lang: &str, id: &str, own: &'a str) -> Shown<'a> {
        self.org(lang, id, own, |n| n.name.as_ref())
    }

    fn org<'a>(
        &'a self,
        lang: &str,
        id: &str,
        own: &'a str,
        field: impl Fn(&'a OrgNames) -> Option<&'a String>,
    ) -> Shown<'a> {
        match (self.0.get(lang))
            .and_then(|n| n.orgs.get(id))
            .and_then(field)
        {
            Some(text) => Shown {
                text,
                translated: true,
            },
            None => Shown::own(own),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{OrgText, TopicText, bundled};

    #[test]
    fn names_are_the_translated_ones_and_the_rest_the_dataset_s() {
        let mut d = bundled::dataset();
        let ed = d
            .organizations
            .iter_mut()
            .find(|o| o.id.as_str() == "edinburgh")
            .unwrap();
        ed.translations.insert(
            "zh".into(),
            OrgText {
                name: Some("爱丁堡大学".into()),
                short_name: Some("爱丁堡".into()),
            },
        );
        ed.translations.insert(
            "de".into(),
            OrgText {
                name: Some("Universität Edinburgh".into()),
                short_name: None,
            },
        );
        let topic = &mut d.topics[0];
        topic.translations.insert(
            "de".into(),
            TopicText {
                name: Some("Thema".into()),
            },
        );
        let topic_id = topic.id.0.clone();
        let names = VocabNames::of(&d);
        assert_eq!(
            names.org_label("zh", "edinburgh", "Edinburgh"),
            Shown {
                text: "爱丁堡",
                translated: true
            }
        );
        assert_eq!(
            names
                .org_name("de", "edinburgh", "University of Edinburgh")
                .text,
            "Universität Edinburgh"
        );
        // German translates the name only: the label is the dataset's short name.
        assert_eq!(
            names.org_label("de", "edinburgh", "Edinburgh"),
            Shown::own("Edinburgh")
        );
        assert_eq!(
            names.org_label("es", "edinburgh", "Edinburgh"),
            Shown::own("Edinburgh")
        );
        assert_eq!(
            names.topic("de", &topic_id, "x"),
            Shown {
                text: "Thema",
                translated: true
            }
        );
        assert_eq!(names.topic("zh", &topic_id, "x"), Shown::own("x"));

        let some = names.only(&BTreeSet::from(["edinburgh"]), &BTreeSet::new());
        assert_eq!(some.topic("de", &topic_id, "x"), Shown::own("x"));
        assert_eq!(some.org_label("zh", "edinburgh", "E").text, "爱丁堡");
        let mut merged = some.clone();
        merged.merge(&names);
        assert_eq!(merged, names);
        assert!(VocabNames::of(&bundled::dataset()).is_empty());
    }
}
