//! The parts of a researcher record that every way of adding one shares (`add-researcher`, a
//! roster): the career stage read from what a person typed, a new id from a name, and the
//! organization found in the vocabulary by id, name, short name or alias, or added.

use research_atlas::model::{CareerStage, Dataset, OrgId, OrgKind, Organization};

use crate::names::{match_key, slug, unique};

/// The stage `text` names: its key (`phd_student`) or its label (`PhD student`), in any case,
/// with spaces or hyphens for the underscore. `Err` lists the accepted values.
pub fn career_stage(text: &str) -> Result<CareerStage, String> {
    let folded = text.trim().to_lowercase().replace([' ', '-'], "_");
    CareerStage::ALL
        .into_iter()
        .find(|s| s.key() == folded || s.label().to_lowercase().replace(' ', "_") == folded)
        .ok_or_else(|| {
            let keys: Vec<&str> = CareerStage::ALL.iter().map(|s| s.key()).collect();
            format!("career stage {text:?} is not one of {}", keys.join(", "))
        })
}

/// The slug a new researcher called `name` gets, before it is made unique. `Err` when the name
/// has nothing a slug can hold (a name in Chinese only): an id must then be given.
pub fn id_from_name(name: &str) -> Result<String, String> {
    let id = slug(name);
    if id.is_empty() {
        Err(format!("{name:?} makes no slug; give an id"))
    } else {
        Ok(id)
    }
}

/// The organization `text` names: its id, or its name, short name or an alias as
/// [`match_key`] compares them.
pub fn find_organization<'a>(dataset: &'a Dataset, text: &str) -> Option<&'a Organization> {
    let key = match_key(text);
    dataset.organizations.iter().find(|o| {
        o.id.0 == text
            || std::iter::once(&o.name)
                .chain(&o.short_name)
                .chain(&o.aliases)
                .any(|n| match_key(n) == key)
    })
}

/// An organization id for `text`: one in the vocabulary ([`find_organization`]), or a new
/// organization when its kind is given, with a note saying what to add to it.
pub fn organization(
    dataset: &mut Dataset,
    text: &str,
    kind: Option<&str>,
) -> Result<(OrgId, Option<String>), String> {
    if let Some(o) = find_organization(dataset, text) {
        return Ok((o.id.clone(), None));
    }
    let Some(kind) = kind else {
        return Err(format!(
            "organization {text:?} is not in the vocabulary; give an existing id, name or alias, or add it with --org-kind university|company|lab|nonprofit"
        ));
    };
    let kind: OrgKind =
        serde_json::from_value(serde_json::Value::String(kind.into())).map_err(|_| {
            format!("organization kind {kind:?} is not one of university, company, lab, nonprofit")
        })?;
    let base = slug(text);
    if base.is_empty() {
        return Err(format!(
            "organization {text:?} makes no slug; add it to the vocabulary by hand"
        ));
    }
    let id = OrgId(unique(&base, |s| {
        dataset.organizations.iter().any(|o| o.id.0 == s)
    }));
    dataset.organizations.push(Organization {
        id: id.clone(),
        name: text.to_owned(),
        short_name: None,
        aliases: Vec::new(),
        kind,
        country: None,
        url: None,
    });
    let note =
        format!("added organization {id} ({text:?}); add its country and URL if you know them");
    Ok((id, Some(note)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_by_key_or_label_in_any_case() {
        for (text, stage) in [
            ("phd_student", CareerStage::PhdStudent),
            ("PhD student", CareerStage::PhdStudent),
            ("phd-student", CareerStage::PhdStudent),
            (" Faculty ", CareerStage::Faculty),
            ("POSTDOC", CareerStage::Postdoc),
            ("industry", CareerStage::Industry),
            ("Student", CareerStage::Student),
        ] {
            assert_eq!(career_stage(text), Ok(stage), "{text}");
        }
        assert_eq!(
            career_stage("professor"),
            Err("career stage \"professor\" is not one of student, phd_student, postdoc, faculty, industry".into())
        );
    }

    #[test]
    fn ids_from_names() {
        assert_eq!(
            id_from_name("Niko Sünderhauf"),
            Ok("niko-sunderhauf".into())
        );
        assert!(id_from_name("栾思飞").unwrap_err().contains("give an id"));
    }
}
