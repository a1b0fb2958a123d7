//! The checks of a researcher's [`Openings`]: at least one kind and each once, a note that passes
//! the free-text checks, a source that is a safe URL or a named document (a warning when there is
//! none), and a plausible date.

use std::collections::HashSet;

use super::Checker;
use crate::model::types::Openings;

impl Checker<'_> {
    /// Checks `o`, the openings of the researcher at `p`.
    pub(super) fn openings(&mut self, p: &str, o: &Openings) {
        let q = format!("{p}.openings");
        if o.kinds.is_empty() {
            self.push_at(
                format!("{q}.kinds"),
                "must name at least one kind (phd, postdoc, masters, intern, visitor)".into(),
            );
        }
        let mut seen = HashSet::new();
        for (i, k) in o.kinds.iter().enumerate() {
            if !seen.insert(k) {
                self.push_at(
                    format!("{q}.kinds[{i}]"),
                    format!("{:?} is listed twice", k.key()),
                );
            }
        }
        self.opt_text(&format!("{q}.note"), &o.note);
        match &o.source {
            Some(url) if o.source_is_url() => self.url(&format!("{q}.source"), url),
            Some(document) => self.non_empty(&format!("{q}.source"), document),
            None => self.warn_at(
                q.clone(),
                "names no source: add where it is stated (a URL or a source document), since \
                 openings go stale"
                    .into(),
            ),
        }
        if let Some(d) = o.stated {
            self.year(&format!("{q}.stated"), d.year);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::model::{LoadedDataset, Problem, load};

    /// One valid researcher whose openings are `openings`, loaded as a file would be.
    fn load_dir(openings: Value) -> LoadedDataset {
        let file = json!({
            "schema_version": 1,
            "researchers": [{
                "id": "ada", "name": "Ada", "career_stage": "faculty", "summary": "s",
                "sources": [{"document": "seeds/001.txt"}], "openings": openings
            }]
        });
        load(&file.to_string(), 2027).expect("the file loads")
    }

    /// The problems of [`load_dir`].
    fn load_with(openings: Value) -> Vec<Problem> {
        load_dir(openings).problems
    }

    fn lines(problems: &[Problem]) -> Vec<String> {
        problems.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_sourced_dated_opening_is_clean() {
        for openings in [
            json!({"kinds": ["phd", "postdoc"], "note": "Email a CV and a research statement.",
                   "source": "seeds/001.txt", "stated": "2024-06"}),
            json!({"kinds": ["visitor"], "source": "https://example.org/join"}),
        ] {
            assert_eq!(
                lines(&load_with(openings.clone())),
                [] as [String; 0],
                "{openings}"
            );
        }
    }

    /// Each rule: the problem's line, and what is left of the openings afterwards. The
    /// researcher is always kept: a bad value of the openings costs only itself, or the openings
    /// when they name no kind any more.
    #[test]
    fn each_rule_reports_its_path_and_reason() {
        let cases: Vec<(&str, Value, &str, Option<Value>)> = vec![
            (
                "no kind",
                json!({"kinds": [], "source": "seeds/001.txt"}),
                "researchers[0].openings: dropped: kinds: must name at least one kind (phd, postdoc, masters, intern, visitor)",
                None,
            ),
            (
                "a kind twice",
                json!({"kinds": ["phd", "intern", "phd"], "source": "seeds/001.txt"}),
                "researchers[0].openings.kinds[2]: dropped: \"phd\" is listed twice",
                Some(json!({"kinds": ["phd", "intern"], "source": "seeds/001.txt"})),
            ),
            (
                "no source",
                json!({"kinds": ["phd"]}),
                "researchers[0].openings: warning: names no source: add where it is stated (a URL or a source document), since openings go stale",
                Some(json!({"kinds": ["phd"]})),
            ),
            (
                "empty source",
                json!({"kinds": ["phd"], "source": " "}),
                "researchers[0].openings.source: dropped: must not be empty",
                Some(json!({"kinds": ["phd"]})),
            ),
            (
                "unsafe source link",
                json!({"kinds": ["phd"], "source": "https://trusted.org@evil.example/", "stated": "2024"}),
                "researchers[0].openings.source: dropped: \"https://trusted.org@evil.example/\" has a user name before the host (…@), which disguises where it leads",
                Some(json!({"kinds": ["phd"], "stated": "2024"})),
            ),
            (
                "phone number in the note",
                json!({"kinds": ["phd"], "source": "seeds/001.txt", "note": "Call +1 (555) 010-0199."}),
                "researchers[0].openings.note: dropped: holds what looks like a phone number; phone numbers are never published",
                Some(json!({"kinds": ["phd"], "source": "seeds/001.txt"})),
            ),
            (
                "empty note",
                json!({"kinds": ["phd"], "source": "seeds/001.txt", "note": ""}),
                "researchers[0].openings.note: dropped: must not be empty",
                Some(json!({"kinds": ["phd"], "source": "seeds/001.txt"})),
            ),
            (
                "date out of range",
                json!({"kinds": ["phd"], "source": "seeds/001.txt", "stated": "3024"}),
                "researchers[0].openings.stated: dropped: 3024 is after 2027",
                Some(json!({"kinds": ["phd"], "source": "seeds/001.txt"})),
            ),
            (
                "date too early",
                json!({"kinds": ["phd"], "source": "seeds/001.txt", "stated": "1899-01"}),
                "researchers[0].openings.stated: dropped: 1899 is before 1900",
                Some(json!({"kinds": ["phd"], "source": "seeds/001.txt"})),
            ),
            (
                "date not a date",
                json!({"kinds": ["phd"], "source": "seeds/001.txt", "stated": "June 2024"}),
                "researchers[0].openings.stated: dropped: \"June 2024\" is not a date of the form YYYY or YYYY-MM",
                Some(json!({"kinds": ["phd"], "source": "seeds/001.txt"})),
            ),
            (
                "unknown kind",
                json!({"kinds": ["professor", "phd"], "source": "seeds/001.txt"}),
                "researchers[0].openings.kinds[0]: dropped: unknown variant `professor`, expected one of `phd`, `postdoc`, `masters`, `intern`, `visitor`",
                Some(json!({"kinds": ["phd"], "source": "seeds/001.txt"})),
            ),
            (
                "only an unknown kind",
                json!({"kinds": ["professor"], "source": "seeds/001.txt"}),
                "researchers[0].openings: dropped: kinds: must name at least one kind (phd, postdoc, masters, intern, visitor)",
                None,
            ),
            (
                "unknown field",
                json!({"kinds": ["phd"], "source": "seeds/001.txt", "deadline": "2025"}),
                "researchers[0].openings.deadline: dropped: unknown field `deadline`, expected one of `kinds`, `note`, `source`, `stated`",
                Some(json!({"kinds": ["phd"], "source": "seeds/001.txt"})),
            ),
        ];
        for (name, openings, want, left) in cases {
            let dir = load_dir(openings);
            let got = lines(&dir.problems);
            assert!(got.iter().any(|l| l == want), "{name}: {got:#?}");
            assert!(dir.skipped.is_empty(), "{name}: the researcher is kept");
            let kept = dir.dataset.researchers[0].openings.as_ref();
            let kept = kept.map(|o| serde_json::to_value(o).unwrap());
            assert_eq!(kept, left, "{name}: what is left");
        }
    }

    #[test]
    fn invisible_characters_in_the_note_are_a_warning() {
        let problems = load_with(json!({
            "kinds": ["postdoc"], "source": "seeds/001.txt", "note": "Apply\u{200b} by email."
        }));
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].is_warning());
        assert_eq!(problems[0].path, "researchers[0].openings.note");
        assert!(problems[0].message.contains("U+200B"), "{problems:?}");
    }
}
