//! Loading: the corrections target, invisible characters as warnings on the records that stay
//! (the bundled dataset edited), and the clock's year.

use super::*;

#[test]
fn the_corrections_target_is_read_checked_and_dropped_when_unsafe() {
    let ok = load(
        r#"{"schema_version": 1, "config": {"corrections": "mailto:fixes@atlas.example"}}"#,
        2027,
    )
    .unwrap();
    assert!(ok.is_clean(), "{:?}", ok.problems);
    let target = ok.dataset.config.and_then(|c| c.corrections);
    assert_eq!(target.as_deref(), Some("mailto:fixes@atlas.example"));

    let bad = load(
        r#"{"schema_version": 1, "config": {"corrections": "javascript:alert(1)"}}"#,
        2027,
    )
    .unwrap();
    assert_eq!(bad.problems.len(), 1);
    assert_eq!(bad.problems[0].path, "config.corrections");
    assert!(
        bad.problems[0]
            .message
            .contains("is not an http, https or mailto URL")
    );
    assert_eq!(bad.dataset.config.and_then(|c| c.corrections), None);

    let unknown = load(r#"{"schema_version": 1, "config": {"fixes": "x"}}"#, 2027).unwrap();
    assert!(
        unknown.problems[0].path.starts_with("config"),
        "{:?}",
        unknown.problems
    );
    assert!(unknown.problems[0].message.contains("unknown field"));
    assert_eq!(unknown.dataset.config, None);
}

/// The bundled dataset with `edit` applied, loaded.
fn load_edited(edit: impl FnOnce(&mut Value)) -> LoadedDataset {
    let mut v: Value = serde_json::from_str(crate::model::bundled::JSON).unwrap();
    edit(&mut v);
    load(&v.to_string(), 2027).unwrap()
}

#[test]
fn invisible_characters_are_a_warning_with_the_path_and_the_record_is_kept() {
    let clean = load_edited(|_| {});
    let dir = load_edited(|v| {
        v["publications"][0]["title"] = "gnp\u{202E}.exe".into();
        v["researchers"][1]["name"] = "Ann\u{200B}a\u{2066}".into();
    });
    assert!(dir.is_valid() && !dir.is_clean());
    assert!(dir.skipped.is_empty());
    assert_eq!(
        dir.dataset.publications.len(),
        clean.dataset.publications.len()
    );
    let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(
        lines[0].starts_with(
            "researchers[1].name: warning: \"Ann\\u{200b}a\\u{2066}\" contains invisible characters"
        ),
        "{lines:#?}"
    );
    assert!(lines[0].contains("(U+200B ZERO WIDTH SPACE, U+2066 LEFT-TO-RIGHT ISOLATE)"));
    assert!(lines[1].starts_with("publications[0].title: warning: \"gnp\\u{202e}.exe\""));
    assert!(lines[1].contains("U+202E RIGHT-TO-LEFT OVERRIDE"));
    // The message never holds the character itself, so it cannot reorder the banner.
    assert!(!lines.concat().contains('\u{202E}'));
}

#[test]
fn warnings_are_reported_once_and_only_for_records_that_stay() {
    let dir = load_edited(|v| {
        // Warned about, but skipped for its year: no warning is left behind.
        v["publications"][0]["title"] = "gnp\u{202E}.exe".into();
        v["publications"][0]["year"] = 3024.into();
        // Warned about and kept, across the second run the skipped paper causes.
        v["publications"][1]["title"] = "a\u{200F}b".into();
    });
    assert_eq!(dir.skipped.len(), 1, "{:?}", dir.skipped);
    let warnings: Vec<&Problem> = dir.warnings().collect();
    assert_eq!(warnings.len(), 1, "{:#?}", dir.problems);
    assert_eq!(warnings[0].path, "publications[1].title");
    let year = dir
        .problems
        .iter()
        .find(|p| p.path == "publications[0].year")
        .unwrap();
    assert!(!year.is_warning() && !year.is_dropped());
    assert_eq!(year.message, "3024 is after 2027");
}

#[test]
fn a_warning_about_a_value_that_was_dropped_is_not_reported() {
    let dir = load_edited(|v| {
        v["researchers"][0]["office"] = "Room\u{200B} 4, call 555-010-0199".into();
    });
    assert!(dir.skipped.is_empty());
    let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "researchers[0].office: dropped: holds what looks like a phone number; phone numbers are never published"
        ]
    );
    assert_eq!(dir.dataset.researchers[0].office, None);
}

#[test]
fn year_of_unix_seconds_matches_known_dates() {
    assert_eq!(year_of_unix_seconds(0), 1970);
    assert_eq!(year_of_unix_seconds(951_782_400), 2000); // 2000-02-29
    assert_eq!(year_of_unix_seconds(1_798_761_599), 2026); // 2026-12-31T23:59:59Z
    assert_eq!(year_of_unix_seconds(1_798_761_600), 2027); // 2027-01-01
}
