//! A new researcher's record from values given one by one (`cargo xtask add-researcher`'s flags)
//! or a stub file, with a unique slug id, validated before it is written.
//!
//! Two stages. The values and the stub (TOML or JSON, in the record's own field names) are
//! merged into a draft JSON object: the values override the stub's single values and extend
//! its lists. The draft is then completed — the id from the name, the organization looked up by
//! id, name or alias (or added, given its kind) — and read as a `Researcher` by the model's own
//! serde types, so the record's rules live in one place. Required, as in the model: name,
//! career stage, summary and at least one source. Nothing is made up to fill them.

use std::path::{Path, PathBuf};

use research_atlas::model::{Dataset, Problem, Researcher};
use serde_json::{Map, Value, json};

use crate::Error;
use crate::authoring::{DatasetFile, Saved, record_of, validate};
pub use crate::error::NotAdded;
use crate::names::People;
use crate::researchers::{career_stage, id_from_name, organization};

/// What to add, and where.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewResearcher {
    /// The dataset file (default: the bundled dataset).
    pub data: Option<PathBuf>,
    /// A stub file with the record's fields in their own names: TOML when its name ends in
    /// `.toml`, JSON otherwise.
    pub from: Option<PathBuf>,
    /// Only check the record; write nothing.
    pub dry_run: bool,
    /// The kind of a new organization (`university`, …); the stub's `organization_kind` when
    /// none.
    pub org_kind: Option<String>,
    /// The values given one by one, over the stub's.
    pub values: Values,
}

/// The record's values given one by one (the flags): each single value replaces the stub's,
/// each list extends the stub's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values {
    /// `name`.
    pub name: Option<String>,
    /// `id` (default: a slug of the name).
    pub id: Option<String>,
    /// `career_stage`, as a key or a label.
    pub stage: Option<String>,
    /// `summary`.
    pub summary: Option<String>,
    /// `organization`: its id, name or alias.
    pub organization: Option<String>,
    /// `title`.
    pub title: Option<String>,
    /// `department`.
    pub department: Option<String>,
    /// `location`.
    pub location: Option<String>,
    /// `native_name`.
    pub native_name: Option<String>,
    /// `alternative_names`.
    pub alternative_names: Vec<String>,
    /// `links`, each `KIND=URL` (an email address gets its `mailto:`).
    pub links: Vec<String>,
    /// `topics`.
    pub topics: Vec<String>,
    /// `interests`.
    pub interests: Vec<String>,
    /// `sources`: each document, with its note.
    pub sources: Vec<(String, Option<String>)>,
}

/// What [`add_researcher`] did: the record, what was done to complete it, and whether the
/// file was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Added {
    /// The new record, as added.
    pub researcher: Researcher,
    /// What completing it did that the person should know (an organization added).
    pub notes: Vec<String>,
    /// The dataset file.
    pub path: PathBuf,
    /// What became of the file; none for a dry run (it was only checked).
    pub saved: Option<Saved>,
}

/// Adds the researcher `new` describes to its dataset file (or only checks it, for a dry run).
pub fn add_researcher(new: &NewResearcher) -> Result<Added, Error> {
    let file = DatasetFile::open(new.data.as_deref())?;
    let stub = match &new.from {
        Some(path) => read_stub(path)?,
        None => Map::new(),
    };
    let mut draft = with_values(stub, &new.values.fields()?)?;
    let org_kind = match draft.remove("organization_kind") {
        Some(Value::String(k)) => Some(k),
        Some(other) => return Err(value("organization_kind", format!("{other} is not a kind"))),
        None => None,
    };
    let org_kind = new.org_kind.clone().or(org_kind);
    let mut dataset = file.dataset.clone();
    let (researcher, notes) = complete(&mut dataset, draft, org_kind.as_deref())?;
    let id = researcher.id.clone();
    let blame = |p: &Problem| {
        record_of(p)
            .filter(|(c, i)| {
                *c == "researchers" && dataset.researchers.get(*i).is_some_and(|r| r.id == id)
            })
            .map(|_| format!("new researcher {id}"))
    };
    let invalid = |problems| Error::NotAdded(NotAdded::Invalid { problems });
    let saved = if new.dry_run {
        validate(&dataset, &blame).map_err(invalid)?;
        None
    } else {
        Some(file.save(&dataset, &blame).map_err(invalid)?)
    };
    Ok(Added {
        researcher,
        notes,
        path: file.path,
        saved,
    })
}

/// Why a value cannot be what it is for.
fn value(at: impl Into<String>, reason: impl Into<String>) -> Error {
    Error::NotAdded(NotAdded::Value {
        at: at.into(),
        reason: reason.into(),
    })
}

impl Values {
    /// Each value as (the record's field, its JSON, whether the field is a list), in order.
    fn fields(&self) -> Result<Vec<(&'static str, Value, bool)>, Error> {
        let single = [
            ("name", &self.name),
            ("id", &self.id),
            ("career_stage", &self.stage),
            ("summary", &self.summary),
            ("organization", &self.organization),
            ("title", &self.title),
            ("department", &self.department),
            ("location", &self.location),
            ("native_name", &self.native_name),
        ];
        let mut out: Vec<_> = (single.into_iter())
            .filter_map(|(key, v)| Some((key, Value::String(v.clone()?), false)))
            .collect();
        let lists = [
            ("alternative_names", &self.alternative_names),
            ("topics", &self.topics),
            ("interests", &self.interests),
        ];
        for (key, list) in lists {
            out.extend(list.iter().map(|v| (key, Value::String(v.clone()), true)));
        }
        for l in &self.links {
            out.push(("links", link(l)?, true));
        }
        for (document, note) in &self.sources {
            let mut source = json!({ "document": document });
            if let Some(note) = note {
                source["note"] = Value::String(note.clone());
            }
            out.push(("sources", source, true));
        }
        Ok(out)
    }
}

/// `homepage=https://…` → a link object; an email address gets its `mailto:`.
fn link(text: &str) -> Result<Value, Error> {
    let (kind, url) = text.split_once('=').ok_or_else(|| {
        value(
            format!("--link {text:?}"),
            "expected KIND=URL, e.g. homepage=https://example.org",
        )
    })?;
    let url = if kind == "email" && !url.starts_with("mailto:") {
        format!("mailto:{url}")
    } else {
        url.to_owned()
    };
    Ok(json!({ "kind": kind, "url": url }))
}

/// The stub with the values applied: single values replaced, lists extended.
fn with_values(
    mut draft: Map<String, Value>,
    fields: &[(&'static str, Value, bool)],
) -> Result<Map<String, Value>, Error> {
    for (key, v, list) in fields {
        if *list {
            let list = draft.entry(*key).or_insert_with(|| json!([]));
            list.as_array_mut()
                .ok_or_else(|| value(*key, "the stub gives a single value, not a list"))?
                .push(v.clone());
        } else {
            draft.insert((*key).into(), v.clone());
        }
    }
    Ok(draft)
}

/// A stub's fields: TOML when the name ends in `.toml`, JSON otherwise.
fn read_stub(path: &Path) -> Result<Map<String, Value>, Error> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| Error::within(&name, Error::io(&e)))?;
    let parsed: Result<Value, Box<dyn std::error::Error>> =
        if path.extension().is_some_and(|e| e == "toml") {
            toml::from_str(&text).map_err(Into::into)
        } else {
            serde_json::from_str(&text).map_err(Into::into)
        };
    match parsed.map_err(|e| value(&name, e.to_string()))? {
        Value::Object(map) => Ok(map),
        _ => Err(value(name, "expected a table of researcher fields")),
    }
}

/// Completes the draft (id, organization), reads it as a `Researcher` and adds it to
/// `dataset`; returns it with what was done to complete it.
fn complete(
    dataset: &mut Dataset,
    mut draft: Map<String, Value>,
    org_kind: Option<&str>,
) -> Result<(Researcher, Vec<String>), Error> {
    let mut notes = Vec::new();
    let name = match draft.get("name") {
        Some(Value::String(n)) if !n.trim().is_empty() => n.trim().to_owned(),
        _ => return Err(Error::NotAdded(NotAdded::NoName)),
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
            return Err(Error::NotAdded(NotAdded::Required { field, flag }));
        }
    }
    let id = match draft.get("id") {
        Some(Value::String(id)) => id.clone(),
        Some(other) => return Err(value("id", format!("{other} is not a slug"))),
        None => {
            let id = id_from_name(&name)?;
            if let [same, ..] = People::new(dataset).matching(&name).as_slice() {
                return Err(Error::NotAdded(NotAdded::SameName {
                    name,
                    id: same.to_string(),
                }));
            }
            id
        }
    };
    if let Some(r) = dataset.researcher(&id) {
        let name = r.name.clone();
        return Err(Error::NotAdded(NotAdded::IdTaken { id, name }));
    }
    draft.insert("id".into(), Value::String(id));
    draft.insert("name".into(), Value::String(name));
    if let Some(Value::String(org)) = draft.get("organization").cloned() {
        let (org_id, note) = organization(dataset, &org, org_kind)?;
        notes.extend(note);
        draft.insert("organization".into(), Value::String(org_id.0));
    }
    let researcher: Researcher = serde_json::from_value(Value::Object(draft))
        .map_err(|e| value("the researcher record", e.to_string()))?;
    dataset.researchers.push(researcher.clone());
    Ok((researcher, notes))
}

#[cfg(test)]
mod tests {
    use research_atlas::model::OrgKind;

    use super::*;

    fn bundled() -> Dataset {
        DatasetFile::open(None).expect("bundled dataset").dataset
    }

    fn draft(values: &Values) -> Map<String, Value> {
        with_values(Map::new(), &values.fields().expect("fields")).expect("draft")
    }

    fn ada() -> Values {
        Values {
            name: Some("Ada Lovelace".into()),
            stage: Some("phd_student".into()),
            summary: Some("Ada Lovelace is a PhD student working on analytical engines.".into()),
            sources: vec![(
                "seeds/005_0123456789abcdef.txt".into(),
                Some("CV: identity".into()),
            )],
            organization: Some("University of Michigan".into()),
            links: vec!["email=ada@example.org".into()],
            topics: vec!["ml-systems".into()],
            ..Values::default()
        }
    }

    fn refusal(result: Result<(Researcher, Vec<String>), Error>) -> String {
        result.expect_err("refused").to_string()
    }

    #[test]
    fn values_make_a_valid_researcher_with_a_slug_id() {
        let mut dataset = bundled();
        let (r, notes) = complete(&mut dataset, draft(&ada()), None).expect("complete");
        assert_eq!(r.id.0, "ada-lovelace");
        assert_eq!(r.organization.as_ref().map(|o| o.0.as_str()), Some("umich"));
        assert_eq!(r.links[0].url, "mailto:ada@example.org");
        assert_eq!(r.sources[0].note.as_deref(), Some("CV: identity"));
        assert!(notes.is_empty());
        validate(&dataset, &|_| None).expect("valid");
    }

    #[test]
    fn required_fields_are_never_filled_in() {
        let mut dataset = bundled();
        let without_summary = Values {
            summary: None,
            ..ada()
        };
        let err = complete(&mut dataset, draft(&without_summary), None);
        assert!(matches!(
            err,
            Err(Error::NotAdded(NotAdded::Required {
                field: "summary",
                ..
            }))
        ));
        let err = refusal(complete(&mut dataset, draft(&without_summary), None));
        assert!(err.starts_with("summary is required"), "{err}");
        let bad_stage = Values {
            stage: Some("grad".into()),
            ..ada()
        };
        let err = refusal(complete(&mut dataset, draft(&bad_stage), None));
        assert!(err.contains("is not one of student, phd_student"), "{err}");
        let bad_link = Values {
            links: vec!["homepage".into()],
            ..ada()
        };
        let err = bad_link.fields().expect_err("no URL").to_string();
        assert!(
            err.starts_with("--link \"homepage\": expected KIND=URL"),
            "{err}"
        );
    }

    #[test]
    fn an_existing_person_or_id_is_refused() {
        let mut dataset = bundled();
        let mut same = Values {
            name: Some("Sifei Luan".into()),
            ..ada()
        };
        let err = refusal(complete(&mut dataset, draft(&same), None));
        assert!(
            err.contains("already in the directory as frank-sifei-luan"),
            "{err}"
        );
        same.id = Some("michael-luo".into());
        let err = refusal(complete(&mut dataset, draft(&same), None));
        assert!(err.contains("the id michael-luo is taken"), "{err}");
    }

    #[test]
    fn an_unknown_organization_needs_its_kind() {
        let mut dataset = bundled();
        let values = Values {
            organization: Some("Analytical Engine Institute".into()),
            ..ada()
        };
        let err = refusal(complete(&mut dataset, draft(&values), None));
        assert!(err.contains("--org-kind"), "{err}");
        let (r, _) = complete(&mut dataset, draft(&values), Some("lab")).expect("added with kind");
        assert_eq!(r.organization.unwrap().0, "analytical-engine-institute");
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
        let values = Values {
            topics: vec!["llm-serving".into()],
            title: Some("Research fellow".into()),
            ..Values::default()
        };
        let map = with_values(read_stub(&stub).expect("reads"), &values.fields().unwrap());
        let mut dataset = bundled();
        let (r, _) = complete(&mut dataset, map.unwrap(), None).expect("complete");
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
        std::fs::copy(crate::workspace_root().join(crate::DATASET), &data).unwrap();
        let new = NewResearcher {
            data: Some(data.clone()),
            values: ada(),
            ..NewResearcher::default()
        };
        let added = add_researcher(&new).expect("adds");
        assert_eq!(added.saved, Some(Saved::Written));
        assert_eq!(added.path, data);
        let after = DatasetFile::open(Some(&data)).expect("still valid").dataset;
        assert_eq!(after.researchers.len(), 6);
        assert_eq!(after.researchers[5].id.0, "ada-lovelace");
        let stub = dir.path().join("typo.json");
        std::fs::write(&stub, r#"{"name": "Bob", "career_stage": "faculty", "summary": "S.", "sources": [{"document": "x"}], "nickname": "B"}"#).unwrap();
        let before = std::fs::read(&data).unwrap();
        let err = add_researcher(&NewResearcher {
            data: Some(data.clone()),
            from: Some(stub),
            ..NewResearcher::default()
        })
        .expect_err("unknown field")
        .to_string();
        assert!(err.contains("unknown field `nickname`"), "{err}");
        assert_eq!(std::fs::read(&data).unwrap(), before);
    }
}
