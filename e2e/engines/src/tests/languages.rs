//! The languages' flow: each of the bundled dataset's languages (`config.languages`) on its own
//! pages, `<html lang>` and `dir` set, and no text of another language's interface on them.

use std::path::Path;

use serde_json::json;

use super::EVERYONE;
use crate::page::{Outcome, Page};

/// The bundled dataset's languages, the root's first.
const LANGUAGES: [&str; 5] = ["en", "de", "zh", "es", "ar"];

/// Each page's path below a language's prefix, and a script true once its data is shown.
const PAGES: [(&str, &str); 4] = [
    ("", "$$(tid('researcher-card')).length === 5"),
    ("researchers/luo-mai", "!!$(tid('profile') + ' h1')"),
    ("publications", "$$(tid('publication')).length > 0"),
    ("experts", "!!$('main h1')"),
];

/// Every text of `locales/<code>.toml`: its quoted strings, cut at `{placeholders}`.
fn catalogue(code: &str) -> Result<Vec<String>, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../locales/{code}.toml"));
    let source = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut texts = Vec::new();
    for line in source.lines().filter(|l| !l.trim_start().starts_with('#')) {
        let mut rest = line;
        while let Some(start) = rest.find('"') {
            let Some(len) = rest[start + 1..].find('"') else {
                break;
            };
            let literal = &rest[start + 1..start + 1 + len];
            for part in literal.split(['{', '}']).step_by(2) {
                let text = part.trim();
                if !text.is_empty() {
                    texts.push(text.to_owned());
                }
            }
            rest = &rest[start + len + 2..];
        }
    }
    Ok(texts)
}

/// The other languages' texts that cannot be `code`'s or its data's: not in its catalogue, and
/// in Latin script (which paper titles are written in) of two words and eight characters at least.
fn foreign(code: &str) -> Result<Vec<String>, String> {
    let own = catalogue(code)?;
    let mut out = Vec::new();
    for other in LANGUAGES.iter().filter(|l| **l != code) {
        for text in catalogue(other)? {
            let latin = text.chars().all(|c| {
                c.is_ascii()
                    || ('\u{00C0}'..='\u{024F}').contains(&c)
                    || c.is_whitespace()
                    || "…–—’".contains(c)
            });
            let telling = if latin {
                text.split_whitespace().count() >= 2 && text.chars().count() >= 8
            } else {
                text.chars().count() >= 2
            };
            if telling && !own.contains(&text) && !out.contains(&text) {
                out.push(text);
            }
        }
    }
    Ok(out)
}

pub(super) async fn languages(p: &Page<'_>) -> Outcome {
    for code in LANGUAGES {
        let others = foreign(code)?;
        let prefix = if code == "en" {
            String::new()
        } else {
            format!("{code}/")
        };
        for (path, shown) in PAGES {
            p.open(&format!("{prefix}{path}")).await?;
            p.until_eq(
                &format!("/{prefix}{path} in {code}, its data shown"),
                &format!("[document.documentElement.lang, document.documentElement.dir, !!$(tid('lang-switch')) && ({shown})]"),
                json!([code, if code == "ar" { "rtl" } else { "ltr" }, true]),
            )
            .await?;
            if path.is_empty() {
                p.card_names(&EVERYONE).await?;
            }
            let text = p.eval("return document.body.innerText;", vec![]).await?;
            let text = text.as_str().unwrap_or_default();
            let found: Vec<&String> = others
                .iter()
                .filter(|t| text.contains(t.as_str()))
                .collect();
            if !found.is_empty() {
                return Err(format!(
                    "/{prefix}{path} ({code}) shows other languages' texts: {found:?}"
                ));
            }
        }
    }
    Ok(())
}
