//! The directory's own address, `config.site_url`: what it must be, its normal form, and what
//! loading does with a bad one.
//!
//! Pages join paths onto it (`https://lab.example/atlas/` + `researchers/luo-mai`), so it must
//! be an absolute web address that ends at a folder: no query, no fragment, and a final `/`,
//! which is added when missing. A bad one is reported and dropped, as if unset: the pages lose
//! their canonical links, the rest of the file loads.

use super::Problem;
use super::rules::check_url;
use crate::error::Invalid;
use crate::lang::Lang;
use crate::model::types::Config;

/// The JSON path a site-address problem is reported at.
pub(crate) const PATH: &str = "config.site_url";

/// The site address in normal form (ending in `/`), or why it cannot be one: it must pass
/// [`check_url`] as an http or https URL, with no query (`?`) or fragment (`#`).
pub fn check_site_url(url: &str) -> Result<String, Invalid> {
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return Err(Invalid::NotWeb);
    }
    check_url(url)?;
    if url.contains(['?', '#']) {
        return Err(Invalid::QueryOrFragment);
    }
    Ok(if url.ends_with('/') {
        url.to_owned()
    } else {
        format!("{url}/")
    })
}

/// Puts `config.site_url` in normal form, or drops it (leaves it unset) and returns the
/// problem, `config.site_url: "ftp://x" is not an absolute http or https URL`.
pub(crate) fn settle_site_url(config: &mut Config) -> Option<Problem> {
    let url = config.site_url.take()?;
    match check_site_url(&url) {
        Ok(normal) => {
            config.site_url = Some(normal);
            None
        }
        Err(reason) => Some(Problem::error(PATH, format!("{url:?} {reason}"))),
    }
}

/// Leaves out of `config.languages` each code that is not a language of the interface or comes
/// again, with its problem: `config.languages[2]: "fr" is not a language of the interface (en,
/// de, zh, es, ar)`. The others keep their order.
pub(crate) fn settle_languages(config: &mut Config) -> Vec<Problem> {
    let Some(codes) = config.languages.take() else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    let mut kept: Vec<String> = Vec::new();
    for (i, code) in codes.into_iter().enumerate() {
        let at = format!("config.languages[{i}]");
        if Lang::from_code(&code).is_none() {
            let known: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            problems.push(Problem::error(
                at,
                format!(
                    "{code:?} is not a language of the interface ({})",
                    known.join(", ")
                ),
            ));
        } else if kept.contains(&code) {
            problems.push(Problem::error(at, format!("{code:?} is listed twice")));
        } else {
            kept.push(code);
        }
    }
    config.languages = Some(kept);
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::load;

    #[test]
    fn unknown_and_repeated_languages_are_left_out_alone() {
        let loaded = load(
            r#"{"schema_version": 1, "config": {"languages": ["de", "fr", "en", "de"], "site_url": "https://lab.example/"}}"#,
            2026,
        )
        .unwrap();
        let messages: Vec<String> = loaded
            .problems
            .iter()
            .map(|p| format!("{}: {}", p.path, p.message))
            .collect();
        assert_eq!(
            messages,
            [
                "config.languages[1]: \"fr\" is not a language of the interface (en, de, zh, es, ar)",
                "config.languages[3]: \"de\" is listed twice",
            ]
        );
        let config = loaded.dataset.config.unwrap();
        assert_eq!(config.site_languages(), [Lang::De, Lang::En]);
        assert_eq!(config.site_url.as_deref(), Some("https://lab.example/"));
    }

    #[test]
    fn site_addresses_are_web_urls_ending_in_a_slash() {
        for (url, want) in [
            ("https://lab.example/atlas/", "https://lab.example/atlas/"),
            ("https://lab.example/atlas", "https://lab.example/atlas/"),
            ("http://lab.example", "http://lab.example/"),
            (
                "https://lab.example:8443/a/b",
                "https://lab.example:8443/a/b/",
            ),
        ] {
            assert_eq!(check_site_url(url).as_deref(), Ok(want), "{url}");
        }
        for url in [
            "lab.example/atlas/",
            "/atlas/",
            "mailto:a@lab.example",
            "ftp://lab.example/",
            "https://",
            "https:///atlas/",
            "https://lab.example/atlas/?x=1",
            "https://lab.example/atlas/#top",
            "https://user@lab.example/",
            "https://lab.example/at las/",
            "javascript:alert(1)",
        ] {
            assert!(check_site_url(url).is_err(), "{url}");
        }
    }

    #[test]
    fn a_bad_site_address_is_reported_at_its_path_and_dropped() {
        let bad = load(
            r#"{"schema_version": 1, "config": {"site_url": "lab.example/atlas", "corrections": "mailto:f@lab.example"}}"#,
            2027,
        )
        .unwrap();
        assert_eq!(bad.problems.len(), 1, "{:?}", bad.problems);
        assert_eq!(
            bad.problems[0].to_string(),
            "config.site_url: \"lab.example/atlas\" is not an absolute http or https URL"
        );
        let config = bad.dataset.config.expect("the other settings are kept");
        assert_eq!(config.site_url, None);
        assert_eq!(config.corrections.as_deref(), Some("mailto:f@lab.example"));

        let good = load(
            r#"{"schema_version": 1, "config": {"site_url": "https://lab.example/atlas"}}"#,
            2027,
        )
        .unwrap();
        assert!(good.is_clean(), "{:?}", good.problems);
        let url = good.dataset.config.and_then(|c| c.site_url);
        assert_eq!(url.as_deref(), Some("https://lab.example/atlas/"));
    }

    #[test]
    fn validating_a_dataset_reports_a_bad_site_address() {
        let mut dataset: crate::model::Dataset =
            serde_json::from_str(r#"{"schema_version": 1}"#).unwrap();
        dataset.config = Some(Config {
            site_url: Some("https://lab.example/?q=1".into()),
            ..Config::default()
        });
        let problems = super::super::validate(&dataset, 2027);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].path, PATH);
    }
}
