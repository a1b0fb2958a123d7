//! The checks of a record's `translations`: each language one the site publishes besides the
//! dataset's own, each text checked as the field it translates. A bad language costs that
//! language's entry, a bad text that text.

use super::{Checker, Ids};
use crate::model::types::{OrgText, ResearcherText, TopicText, Translations};

/// The texts of one translation, by field name.
pub(super) trait Texts {
    fn texts(&self) -> [(&'static str, &Option<String>); 2];
}

impl Texts for ResearcherText {
    fn texts(&self) -> [(&'static str, &Option<String>); 2] {
        [("title", &self.title), ("summary", &self.summary)]
    }
}

impl Texts for OrgText {
    fn texts(&self) -> [(&'static str, &Option<String>); 2] {
        [("name", &self.name), ("short_name", &self.short_name)]
    }
}

impl Texts for TopicText {
    fn texts(&self) -> [(&'static str, &Option<String>); 2] {
        [("name", &self.name), ("name", &None)]
    }
}

impl Checker<'_> {
    /// `{p}.translations`.
    pub(super) fn translations<T: Texts>(
        &mut self,
        p: &str,
        translations: &Translations<T>,
        ids: &Ids<'_>,
    ) {
        for (code, text) in translations {
            let path = format!("{p}.translations.{code}");
            if !ids.translated.contains(&code.as_str()) {
                let reason = if ids.translated.is_empty() {
                    "config.languages names no language besides the dataset's own".to_owned()
                } else {
                    format!(
                        "is not one of the site's other languages in config.languages ({})",
                        ids.translated.join(", ")
                    )
                };
                self.push_at(path, format!("{code:?} {reason}"));
                continue;
            }
            for (field, value) in text.texts() {
                self.opt_text(&format!("{path}.{field}"), value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{LoadedDataset, load};

    fn load_str(json: &str) -> LoadedDataset {
        load(json, 2026).unwrap()
    }

    fn problems(json: &str) -> Vec<String> {
        load_str(json)
            .problems
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    const CONFIG: &str = r#""config": {"languages": ["en", "de", "zh"]}"#;

    fn researcher(translations: &str) -> String {
        format!(
            r#"{{"schema_version": 1, {CONFIG}, "researchers": [{{"id": "ada", "name": "Ada Lovelace",
            "career_stage": "faculty", "title": "Professor", "summary": "Writes programs.",
            "sources": [{{"document": "ada.md"}}], "translations": {translations}}}]}}"#
        )
    }

    #[test]
    fn a_translation_in_a_site_language_is_kept() {
        let json =
            researcher(r#"{"de": {"title": "Professorin", "summary": "Schreibt Programme."}}"#);
        let loaded = load_str(&json);
        assert_eq!(problems(&json), Vec::<String>::new());
        let r = &loaded.dataset.researchers[0];
        assert_eq!(r.summary_in("de").text, "Schreibt Programme.");
        assert!(r.summary_in("de").translated);
        assert_eq!(r.summary_in("zh").text, "Writes programs.");
        assert!(!r.summary_in("zh").translated);
        assert_eq!(r.summary_in("zh").lang("zh", "en"), Some("en"));
        assert_eq!(r.summary_in("en").lang("en", "en"), None);
        assert_eq!(r.title_in("de").unwrap().text, "Professorin");
    }

    #[test]
    fn a_language_the_site_does_not_publish_costs_that_language_alone() {
        let json = researcher(
            r#"{"fr": {"summary": "Écrit des programmes."}, "en": {"summary": "x"}, "de": {"summary": "Schreibt."}}"#,
        );
        let loaded = load_str(&json);
        let got = problems(&json);
        assert_eq!(got.len(), 2, "{got:#?}");
        assert!(got[0].starts_with("researchers[0].translations.en: dropped: \"en\" is not one of the site's other languages in config.languages (de, zh)"), "{got:#?}");
        assert!(
            got[1].starts_with("researchers[0].translations.fr: dropped:"),
            "{got:#?}"
        );
        let r = &loaded.dataset.researchers[0];
        assert_eq!(r.translations.keys().collect::<Vec<_>>(), ["de"]);
        assert_eq!(r.summary_in("de").text, "Schreibt.");
    }

    #[test]
    fn a_bad_text_costs_that_text_alone() {
        let json = researcher(
            r#"{"de": {"title": "", "summary": "Rufen Sie +1 415 555 0100 an."}, "zh": {"title": "教授"}}"#,
        );
        let loaded = load_str(&json);
        let got = problems(&json);
        assert_eq!(got.len(), 2, "{got:#?}");
        assert!(
            got.iter().any(|p| p
                .starts_with("researchers[0].translations.de.title: dropped: must not be empty")),
            "{got:#?}"
        );
        assert!(
            got.iter()
                .any(|p| p.starts_with("researchers[0].translations.de.summary: dropped:")),
            "{got:#?}"
        );
        let r = &loaded.dataset.researchers[0];
        assert_eq!(r.summary_in("de").text, "Writes programs.");
        assert_eq!(r.title_in("de").unwrap().text, "Professor");
        assert_eq!(r.title_in("zh").unwrap().text, "教授");
        assert_eq!(loaded.dataset.researchers.len(), 1);
    }

    #[test]
    fn organizations_and_topics_translate_their_names() {
        let json = format!(
            r#"{{"schema_version": 1, {CONFIG},
            "organizations": [{{"id": "ed", "name": "University of Edinburgh", "short_name": "Edinburgh", "kind": "university",
                "translations": {{"de": {{"name": "Universität Edinburgh"}}, "zh": {{"name": "爱丁堡大学", "short_name": "爱丁堡"}}, "es": {{"name": "x"}}}}}}],
            "topics": [{{"id": "ml", "name": "Machine learning", "translations": {{"de": {{"name": "Maschinelles Lernen"}}}}}}]}}"#
        );
        let loaded = load_str(&json);
        let got = problems(&json);
        assert_eq!(got.len(), 1, "{got:#?}");
        assert!(
            got[0].starts_with("organizations[0].translations.es: dropped:"),
            "{got:#?}"
        );
        let o = &loaded.dataset.organizations[0];
        assert_eq!(o.name_in("de").text, "Universität Edinburgh");
        assert_eq!(o.label_in("de").text, "Edinburgh");
        assert!(!o.label_in("de").translated);
        assert_eq!(o.label_in("zh").text, "爱丁堡");
        assert_eq!(o.name_in("es").text, "University of Edinburgh");
        assert_eq!(
            loaded.dataset.topics[0].name_in("de").text,
            "Maschinelles Lernen"
        );
        assert_eq!(
            loaded.dataset.topics[0].name_in("zh").text,
            "Machine learning"
        );
    }
}
