//! The parts of a researcher record that every way of adding one shares (`add-researcher`, a
//! roster, a source's record): the career stage read from what a person typed, a new id from a
//! name, and the organization found in the vocabulary by id, name, short name or alias, or
//! added, with the kind its name states when nothing else says it.

use research_atlas::model::{CareerStage, Dataset, OrgId, OrgKind, Organization};

use crate::Error;
use crate::names::{match_key, slug, unique};

/// The stage `text` names: its key (`phd_student`) or its label (`PhD student`), in any case,
/// with spaces or hyphens for the underscore. `Err` lists the accepted values.
pub fn career_stage(text: &str) -> Result<CareerStage, Error> {
    let folded = text.trim().to_lowercase().replace([' ', '-'], "_");
    CareerStage::ALL
        .into_iter()
        .find(|s| {
            s.key() == folded
                || s.label(&research_atlas::lang::EN)
                    .to_lowercase()
                    .replace(' ', "_")
                    == folded
        })
        .ok_or_else(|| Error::Stage { text: text.into() })
}

/// The slug a new researcher called `name` gets, before it is made unique. `Err` when the name
/// has nothing a slug can hold (a name in Chinese only): an id must then be given.
pub fn id_from_name(name: &str) -> Result<String, Error> {
    let id = slug(name);
    if id.is_empty() {
        Err(Error::NoSlug { name: name.into() })
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
) -> Result<(OrgId, Option<String>), Error> {
    if let Some(o) = find_organization(dataset, text) {
        return Ok((o.id.clone(), None));
    }
    let Some(kind) = kind else {
        return Err(Error::UnknownOrganization { text: text.into() });
    };
    let kind: OrgKind = serde_json::from_value(serde_json::Value::String(kind.into()))
        .map_err(|_| Error::OrgKind { kind: kind.into() })?;
    if slug(text).is_empty() {
        return Err(Error::OrgNoSlug { text: text.into() });
    }
    let id = add_organization(dataset, text, kind, None);
    let note =
        format!("added organization {id} ({text:?}); add its country and URL if you know them");
    Ok((id, Some(note)))
}

/// An organization's kind as a report says it: "university", "company", "lab", "non-profit".
pub fn kind_word(kind: OrgKind) -> &'static str {
    match kind {
        OrgKind::University => "university",
        OrgKind::Company => "company",
        OrgKind::Lab => "lab",
        OrgKind::Nonprofit => "non-profit",
    }
}

/// Adds an organization called `name` to the vocabulary, under a new id made from its name
/// (`organization`, `organization-2`, … when the name makes no slug, a name in Chinese only),
/// and returns the id. The caller has looked for it first.
pub fn add_organization(
    dataset: &mut Dataset,
    name: &str,
    kind: OrgKind,
    country: Option<&str>,
) -> OrgId {
    let base = slug(name);
    let base = if base.is_empty() {
        "organization"
    } else {
        base.as_str()
    };
    let id = OrgId(unique(base, |s| {
        dataset.organizations.iter().any(|o| o.id.0 == s)
    }));
    dataset.organizations.push(Organization {
        translations: Default::default(),
        id: id.clone(),
        name: name.trim().to_owned(),
        short_name: None,
        aliases: Vec::new(),
        kind,
        country: country.map(str::to_owned),
        url: None,
    });
    id
}

/// The kind an organization's name states, in English, German, French, Spanish, Italian,
/// Portuguese or Dutch: "University of …", "… Universität", "… College", "… Institute of
/// Technology" a university; "… Inc.", "… GmbH", "… Labs" (Bell Labs, HP Labs) a company;
/// "… Foundation", "… Society", "Ministry of …" a non-profit; "… Institute", "… Laboratory",
/// "… Centre", "Academy of Sciences" a lab. `None` when the name says none of these ("INRIA",
/// "Baidu Research": "Research" is a company's lab as often as an institute).
pub fn kind_by_name(name: &str) -> Option<OrgKind> {
    let key = match_key(name);
    let words: Vec<&str> = key.split(' ').collect();
    let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
    let last = |list: &[&str]| words.last().is_some_and(|w| list.contains(w));
    if has(&[
        "university",
        "universitat",
        "universitaet",
        "universite",
        "universidad",
        "universidade",
        "universita",
        "universiteit",
        "universitet",
        "college",
        "polytechnic",
        "politecnico",
        "hochschule",
    ]) || key.contains("institute of technology")
    {
        Some(OrgKind::University)
    } else if has(&[
        "inc",
        "corp",
        "corporation",
        "llc",
        "ltd",
        "limited",
        "gmbh",
        "company",
        "labs",
    ]) || last(&[
        "plc", "ag", "sa", "sas", "bv", "nv", "co", "kk", "pty", "srl", "spa",
    ]) {
        Some(OrgKind::Company)
    } else if has(&[
        "foundation",
        "society",
        "association",
        "ministry",
        "council",
        "agency",
        "federation",
        "stiftung",
        "fondation",
        "fundacion",
    ]) {
        Some(OrgKind::Nonprofit)
    } else if has(&[
        "laboratory",
        "laboratories",
        "lab",
        "institute",
        "institut",
        "instituto",
        "istituto",
        "centre",
        "center",
        "centrum",
        "zentrum",
        "academy",
        "akademie",
    ]) {
        Some(OrgKind::Lab)
    } else {
        None
    }
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
            career_stage("professor").map_err(|e| e.to_string()),
            Err("career stage \"professor\" is not one of student, phd_student, postdoc, faculty, industry".into())
        );
    }

    #[test]
    fn an_organizations_kind_from_what_its_name_says() {
        use OrgKind::*;
        for (name, kind) in [
            ("University of Edinburgh", Some(University)),
            ("Technische Universität München", Some(University)),
            ("Université Paris-Saclay", Some(University)),
            ("Imperial College London", Some(University)),
            ("Massachusetts Institute of Technology", Some(University)),
            ("Politecnico di Milano", Some(University)),
            ("Acme Inc.", Some(Company)),
            ("Siemens AG", Some(Company)),
            ("Northwind Search Labs", Some(Company)),
            ("DeepL SE GmbH", Some(Company)),
            ("Mozilla Foundation", Some(Nonprofit)),
            ("Ministry of Education", Some(Nonprofit)),
            ("Association for Computing Machinery", Some(Nonprofit)),
            ("Max Planck Institute for Informatics", Some(Lab)),
            ("Institut Pasteur", Some(Lab)),
            ("Lawrence Livermore National Laboratory", Some(Lab)),
            ("Helmholtz-Zentrum Berlin", Some(Lab)),
            ("Chinese Academy of Sciences", Some(Lab)),
            ("INRIA", None),
            ("Baidu Research", None),
            ("CERN", None),
        ] {
            assert_eq!(kind_by_name(name), kind, "{name}");
        }
    }

    #[test]
    fn ids_from_names() {
        assert_eq!(
            id_from_name("Niko Sünderhauf"),
            Ok("niko-sunderhauf".into())
        );
        assert!(
            id_from_name("栾思飞")
                .unwrap_err()
                .to_string()
                .contains("give an id")
        );
    }
}
