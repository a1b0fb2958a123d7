//! `cargo xtask add-researcher`: a new researcher record from flags or a stub file, with a
//! unique slug id, validated before it is written.
//!
//! Two stages. The flags and the stub (TOML or JSON, in the record's own field names) are merged
//! into a draft JSON object: flags override the stub's single values and extend its lists. The
//! draft is then completed — the id from the name, the organization looked up by id, name or
//! alias (or added, given its kind) — and read as a `Researcher` by the model's own serde types,
//! so the record's rules live in one place. Required, as in the model: name, career stage,
//! summary and at least one source. Nothing is made up to fill them.

use std::path::{Path, PathBuf};

use research_atlas::model::{Dataset, Problem, Researcher};
use serde_json::{Map, Value, json};

use atlas_import::authoring::{DatasetFile, Saved, record_of, validate};
use atlas_import::names::People;
use atlas_import::researchers::{career_stage, id_from_name, organization};

const USAGE: &str = "\
usage: cargo xtask add-researcher [--data FILE] [--dry-run] [--from STUB.toml|STUB.json]
         --name NAME --stage STAGE --summary TEXT --source DOCUMENT [--source-note NOTE]
         [--id SLUG] [--organization ID|NAME [--org-kind KIND]] [--title TEXT]
         [--department TEXT] [--location TEXT] [--native-name NAME] [--alt-name NAME]...
         [--link KIND=URL]... [--topic ID]... [--interest TEXT]...
  STAGE: student, phd_student, postdoc, faculty, industry
  KIND (org): university, company, lab, nonprofit
  KIND (link): homepage, github, linkedin, scholar, orcid, email, …";

/// The command line before the draft is built.
#[derive(Debug, Default)]
struct Args {
    data: Option<PathBuf>,
    from: Option<PathBuf>,
    dry_run: bool,
    org_kind: Option<String>,
    /// Flags in the record's field names, in order.
    fields: Vec<(String, Value)>,
}

/// Flags that set one of the record's single values.
const SINGLE: [(&str, &str); 9] = [
    ("--name", "name"),
    ("--id", "id"),
    ("--stage", "career_stage"),
    ("--summary", "summary"),
    ("--organization", "organization"),
    ("--title", "title"),
    ("--department", "department"),
    ("--location", "location"),
    ("--native-name", "native_name"),
];

/// Flags that add to one of the record's lists.
const LISTS: [(&str, &str); 4] = [
    ("--alt-name", "alternative_names"),
    ("--topic", "topics"),
    ("--interest", "interests"),
    ("--link", "links"),
];

impl Args {
    fn parse(args: &[String]) -> Result<Self, String> {
        let mut out = Args::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            if flag == "--dry-run" {
                out.dry_run = true;
                continue;
            }
            let value = it
                .next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
            let field = SINGLE.iter().chain(&LISTS).find(|(f, _)| f == flag);
            match (flag.as_str(), field) {
                ("--data", _) => out.data = Some(value.into()),
                ("--from", _) => out.from = Some(value.into()),
                ("--org-kind", _) => out.org_kind = Some(value),
                ("--link", _) => out.fields.push(("links".into(), link(&value)?)),
                ("--source", _) => out
                    .fields
                    .push(("sources".into(), json!({ "document": value }))),
                ("--source-note", _) => {
                    let last = out
                        .fields
                        .iter_mut()
                        .rev()
                        .find(|(k, _)| k == "sources")
                        .ok_or("--source-note must follow the --source it describes")?;
                    last.1["note"] = Value::String(value);
                }
                (_, Some((_, key))) => out.fields.push(((*key).into(), Value::String(value))),
                (other, None) => return Err(format!("unknown flag {other}\n{USAGE}")),
            }
        }
        Ok(out)
    }
}

/// `homepage=https://…` → a link object; an email address gets its `mailto:`.
fn link(value: &str) -> Result<Value, String> {
    let (kind, url) = value.split_once('=').ok_or_else(|| {
        format!("--link {value:?}: expected KIND=URL, e.g. homepage=https://example.org")
    })?;
    let url = if kind == "email" && !url.starts_with("mailto:") {
        format!("mailto:{url}")
    } else {
        url.to_owned()
    };
    Ok(json!({ "kind": kind, "url": url }))
}

/// Runs the task.
pub fn add_researcher(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let args = Args::parse(args)?;
    let file = DatasetFile::open(args.data.as_deref())?;
    let stub = match &args.from {
        Some(path) => read_stub(path)?,
        None => Map::new(),
    };
    let mut draft = with_flags(stub, &args.fields)?;
    let org_kind = match draft.remove("organization_kind") {
        Some(Value::String(k)) => Some(k),
        Some(other) => return Err(format!("organization_kind: {other} is not a kind")),
        None => None,
    };
    let org_kind = args.org_kind.clone().or(org_kind);
    let mut dataset = file.dataset.clone();
    let added = complete(&mut dataset, draft, org_kind.as_deref())?;
    let id = added.researcher.id.clone();
    let blame = |p: &Problem| {
        record_of(p)
            .filter(|(c, i)| {
                *c == "researchers" && dataset.researchers.get(*i).is_some_and(|r| r.id == id)
            })
            .map(|_| format!("new researcher {id}"))
    };
    for note in &added.notes {
        println!("note: {note}");
    }
    if args.dry_run {
        validate(&dataset, &blame).map_err(|p| invalid(&p))?;
        let record = serde_json::to_string_pretty(&added.researcher).map_err(|e| e.to_string())?;
        println!("{record}\nadd-researcher: {id} is valid; dry run, nothing written");
        return Ok(());
    }
    match file.save(&dataset, &blame).map_err(|p| invalid(&p))? {
        Saved::Written | Saved::Unchanged => println!(
            "added researcher {id} ({}); wrote {}\nnext: cargo xtask import-bib --researcher {id} FILE.bib",
            added.researcher.name,
            file.path.display()
        ),
    }
    Ok(())
}

fn invalid(problems: &[String]) -> String {
    format!(
        "{}\nthe new researcher is not valid; nothing was written",
        problems.join("\n")
    )
}

/// The stub with the flags applied: single values replaced, lists extended.
fn with_flags(
    mut draft: Map<String, Value>,
    fields: &[(String, Value)],
) -> Result<Map<String, Value>, String> {
    for (key, value) in fields {
        if LISTS.iter().any(|(_, k)| k == key) || key == "sources" {
            let list = draft.entry(key.clone()).or_insert_with(|| json!([]));
            list.as_array_mut()
                .ok_or_else(|| format!("{key}: the stub gives a single value, not a list"))?
                .push(value.clone());
        } else {
            draft.insert(key.clone(), value.clone());
        }
    }
    Ok(draft)
}

/// A stub's fields: TOML when the name ends in `.toml`, JSON otherwise.
fn read_stub(path: &Path) -> Result<Map<String, Value>, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let value: Value = if path.extension().is_some_and(|e| e == "toml") {
        toml::from_str(&text).map_err(|e| format!("{name}: {e}"))?
    } else {
        serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?
    };
    match value {
        Value::Object(map) => Ok(map),
        _ => Err(format!("{name}: expected a table of researcher fields")),
    }
}

/// A researcher ready to add, and what was done to complete it.
struct Added {
    researcher: Researcher,
    notes: Vec<String>,
}

/// Completes the draft (id, organization), reads it as a `Researcher` and adds it to `dataset`.
fn complete(
    dataset: &mut Dataset,
    mut draft: Map<String, Value>,
    org_kind: Option<&str>,
) -> Result<Added, String> {
    let mut notes = Vec::new();
    let name = match draft.get("name") {
        Some(Value::String(n)) if !n.trim().is_empty() => n.trim().to_owned(),
        _ => {
            return Err(format!(
                "a name is required (--name or `name` in the stub)\n{USAGE}"
            ));
        }
    };
    if let Some(Value::String(stage)) = draft.get("career_stage") {
        let stage = career_stage(stage)?;
        draft.insert("career_stage".into(), Value::String(stage.key().into()));
    }
    for (field, flag) in [
        ("career_stage", "--stage"),
        ("summary", "--summary"),
        ("sources", "--source"),
    ] {
        if !draft.contains_key(field) {
            return Err(format!(
                "{field} is required ({flag} or `{field}` in the stub); the directory never fills it in\n{USAGE}"
            ));
        }
    }
    let id = match draft.get("id") {
        Some(Value::String(id)) => id.clone(),
        Some(other) => return Err(format!("id: {other} is not a slug")),
        None => {
            let id = id_from_name(&name).map_err(|e| format!("{e} with --id"))?;
            if let [same, ..] = People::new(dataset).matching(&name).as_slice() {
                return Err(format!(
                    "{name:?} is already in the directory as {same}; to add a different person of that name, give an --id"
                ));
            }
            id
        }
    };
    if let Some(r) = dataset.researcher(&id) {
        return Err(format!(
            "the id {id} is taken by {:?}; give another with --id",
            r.name
        ));
    }
    draft.insert("id".into(), Value::String(id));
    draft.insert("name".into(), Value::String(name));
    if let Some(Value::String(org)) = draft.get("organization").cloned() {
        let (org_id, note) = organization(dataset, &org, org_kind)?;
        notes.extend(note);
        draft.insert("organization".into(), Value::String(org_id.0));
    }
    let researcher: Researcher = serde_json::from_value(Value::Object(draft))
        .map_err(|e| format!("the researcher record: {e}"))?;
    dataset.researchers.push(researcher.clone());
    Ok(Added { researcher, notes })
}

#[cfg(test)]
mod tests {
    use research_atlas::model::OrgKind;

    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn bundled() -> Dataset {
        let path = crate::data::root().join(crate::data::DATASET);
        DatasetFile::open(Some(&path))
            .expect("bundled dataset")
            .dataset
    }

    fn draft(list: &[&str]) -> Map<String, Value> {
        with_flags(
            Map::new(),
            &Args::parse(&args(list)).expect("parses").fields,
        )
        .expect("draft")
    }

    const ADA: [&str; 16] = [
        "--name",
        "Ada Lovelace",
        "--stage",
        "phd_student",
        "--summary",
        "Ada Lovelace is a PhD student working on analytical engines.",
        "--source",
        "seeds/005_0123456789abcdef.txt",
        "--source-note",
        "CV: identity",
        "--organization",
        "University of Michigan",
        "--link",
        "email=ada@example.org",
        "--topic",
        "ml-systems",
    ];

    #[test]
    fn flags_make_a_valid_researcher_with_a_slug_id() {
        let mut dataset = bundled();
        let added = complete(&mut dataset, draft(&ADA), None).expect("complete");
        let r = &added.researcher;
        assert_eq!(r.id.0, "ada-lovelace");
        assert_eq!(r.organization.as_ref().map(|o| o.0.as_str()), Some("umich"));
        assert_eq!(r.links[0].url, "mailto:ada@example.org");
        assert_eq!(r.sources[0].note.as_deref(), Some("CV: identity"));
        assert!(added.notes.is_empty());
        validate(&dataset, &|_| None).expect("valid");
    }

    #[test]
    fn required_fields_are_never_filled_in() {
        let mut dataset = bundled();
        let without_summary: Vec<&str> = ADA
            .iter()
            .copied()
            .filter(|a| !a.starts_with("--summary") && !a.starts_with("Ada Lovelace is"))
            .collect();
        let err = complete(&mut dataset, draft(&without_summary), None)
            .err()
            .expect("summary missing");
        assert!(err.starts_with("summary is required"), "{err}");
        let bad_stage: Vec<&str> = ADA
            .iter()
            .map(|a| if *a == "phd_student" { "grad" } else { a })
            .collect();
        let err = complete(&mut dataset, draft(&bad_stage), None)
            .err()
            .expect("bad stage");
        assert!(err.contains("is not one of student, phd_student"), "{err}");
    }

    #[test]
    fn an_existing_person_or_id_is_refused() {
        let mut dataset = bundled();
        let mut same: Vec<&str> = ADA.to_vec();
        same[1] = "Sifei Luan";
        let err = complete(&mut dataset, draft(&same), None)
            .err()
            .expect("taken");
        assert!(
            err.contains("already in the directory as frank-sifei-luan"),
            "{err}"
        );
        same.extend(["--id", "michael-luo"]);
        let err = complete(&mut dataset, draft(&same), None)
            .err()
            .expect("taken");
        assert!(err.contains("the id michael-luo is taken"), "{err}");
    }

    #[test]
    fn an_unknown_organization_needs_its_kind() {
        let mut dataset = bundled();
        let mut list = ADA.to_vec();
        list[11] = "Analytical Engine Institute";
        let err = complete(&mut dataset, draft(&list), None)
            .err()
            .expect("unknown org");
        assert!(err.contains("--org-kind"), "{err}");
        let added = complete(&mut dataset, draft(&list), Some("lab")).expect("added with kind");
        assert_eq!(
            added.researcher.organization.unwrap().0,
            "analytical-engine-institute"
        );
        assert_eq!(dataset.organizations.last().unwrap().kind, OrgKind::Lab);
        validate(&dataset, &|_| None).expect("valid");
    }

    #[test]
    fn a_toml_stub_gives_the_record_in_its_own_field_names() {
        let dir = tempfile::tempdir().unwrap();
        let stub = dir.path().join("ada.toml");
        std::fs::write(
            &stub,
            r#"
name = "Ada Lovelace"
alternative_names = ["A. Lovelace"]
title = "PhD student"
organization = "umich"
career_stage = "phd_student"
summary = "Ada Lovelace is a PhD student working on analytical engines."
topics = ["ml-systems"]
links = [{ kind = "homepage", url = "https://example.org/~ada" }]

[[sources]]
document = "seeds/005_0123456789abcdef.txt"
note = "CV: identity"
"#,
        )
        .unwrap();
        let flags = Args::parse(&args(&[
            "--topic",
            "llm-serving",
            "--title",
            "Research fellow",
        ]))
        .unwrap();
        let map = with_flags(read_stub(&stub).expect("reads"), &flags.fields).unwrap();
        let mut dataset = bundled();
        let added = complete(&mut dataset, map, None).expect("complete");
        let r = &added.researcher;
        assert_eq!(r.alternative_names, ["A. Lovelace"]);
        assert_eq!(r.title.as_deref(), Some("Research fellow"));
        let topics: Vec<&str> = r.topics.iter().map(|t| t.as_str()).collect();
        assert_eq!(topics, ["ml-systems", "llm-serving"]);
        validate(&dataset, &|_| None).expect("valid");
    }

    #[test]
    fn the_task_writes_a_copy_and_a_typo_in_a_stub_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("researchers.json");
        std::fs::copy(crate::data::root().join(crate::data::DATASET), &data).unwrap();
        let mut list = args(&ADA);
        list.extend(args(&["--data", data.to_str().unwrap()]));
        add_researcher(&list).expect("adds");
        let after = DatasetFile::open(Some(&data)).expect("still valid").dataset;
        assert_eq!(after.researchers.len(), 6);
        assert_eq!(after.researchers[5].id.0, "ada-lovelace");
        let stub = dir.path().join("typo.json");
        std::fs::write(&stub, r#"{"name": "Bob", "career_stage": "faculty", "summary": "S.", "sources": [{"document": "x"}], "nickname": "B"}"#).unwrap();
        let before = std::fs::read(&data).unwrap();
        let err = add_researcher(&args(&[
            "--data",
            data.to_str().unwrap(),
            "--from",
            stub.to_str().unwrap(),
        ]))
        .expect_err("unknown field");
        assert!(err.contains("unknown field `nickname`"), "{err}");
        assert_eq!(std::fs::read(&data).unwrap(), before);
    }
}
