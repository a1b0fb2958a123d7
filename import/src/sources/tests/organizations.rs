//! Positions and degrees at organizations the vocabulary lacks: each one kept, its organization
//! added once with the kind and country the source gives (or listed to check), the current job's
//! organization made the person's, and nothing new on a rerun. Each dataset is checked by the
//! app's own loader.

use research_atlas::model::{
    Dataset, EndDate, OrgId, OrgKind, Organization, PartialDate, Researcher, ResearcherId,
};

use crate::sources::profile::{Told, bring};
use crate::sources::record::{Affiliation, Origin, Profile};
use crate::{DATASET, workspace_root};

const ORCID_DOC: &str = "orcid/0000-0003-1000-0031.json";

/// The bundled dataset with one new person, Camille, who has no organization yet.
fn dataset() -> (Dataset, ResearcherId) {
    let text = std::fs::read_to_string(workspace_root().join(DATASET)).expect("the dataset");
    let mut dataset = research_atlas::model::load(&text, 2027)
        .expect("loads")
        .dataset;
    let camille: Researcher = serde_json::from_value(serde_json::json!({
        "id": "camille-test",
        "name": "Camille Test",
        "career_stage": "postdoc",
        "summary": "Camille Test works on program synthesis.",
        "sources": [],
    }))
    .expect("a researcher");
    let id = camille.id.clone();
    dataset.researchers.push(camille);
    (dataset, id)
}

/// No problem at all when the app loads `dataset`.
fn assert_valid(dataset: &Dataset) {
    let json = serde_json::to_string(dataset).expect("serializes");
    let loaded = research_atlas::model::load(&json, 2027).expect("loads");
    assert!(loaded.problems.is_empty(), "{:#?}", loaded.problems);
}

fn year(y: u16) -> Option<PartialDate> {
    Some(PartialDate::year(y))
}

fn ended(y: u16) -> Option<EndDate> {
    Some(EndDate::Date(PartialDate::year(y)))
}

fn at(org: &str, ids: &[&str], role: &str, location: &str) -> Affiliation {
    Affiliation {
        organization: org.into(),
        organization_ids: ids.iter().map(|&i| i.into()).collect(),
        role: Some(role.into()),
        location: Some(location.into()),
        ..Affiliation::default()
    }
}

/// ORCID's sample record with real organizations: INRIA (a Ringgold id, in France) three times
/// under two names, Baidu Research, a university and a school whose names say nothing.
fn orcid() -> Profile {
    Profile {
        id: "0000-0003-1000-0031".into(),
        employments: vec![
            Affiliation {
                start: year(2022),
                end: Some(EndDate::Present),
                ..at("INRIA", &["RINGGOLD 51357"], "Researcher", "Paris, FR")
            },
            Affiliation {
                start: year(2020),
                end: ended(2022),
                ..at(
                    "Institut national de recherche en informatique et en automatique",
                    &["RINGGOLD 51357"],
                    "Research Engineer",
                    "Rennes, FR",
                )
            },
            Affiliation {
                start: year(2019),
                end: ended(2020),
                ..at("Inria", &[], "Intern", "Grenoble, FR")
            },
            Affiliation {
                start: year(2018),
                end: ended(2018),
                ..at(
                    "Baidu Research",
                    &["GRID grid.504167.2"],
                    "Research Intern",
                    "Beijing, CN",
                )
            },
            Affiliation {
                start: year(2017),
                end: ended(2017),
                ..at(
                    "Google Research",
                    &[],
                    "Software Engineering Intern",
                    "Zürich, CH",
                )
            },
        ],
        educations: vec![
            Affiliation {
                start: year(2016),
                end: ended(2020),
                ..at(
                    "Université Paris-Saclay",
                    &["ROR https://ror.org/03xjwb503"],
                    "PhD in Computer Science",
                    "Orsay, FR",
                )
            },
            Affiliation {
                start: year(2013),
                end: ended(2016),
                ..at(
                    "École normale supérieure",
                    &[],
                    "Diplôme de l'ENS",
                    "Paris, FR",
                )
            },
        ],
        ..Profile::default()
    }
}

fn organization<'a>(dataset: &'a Dataset, id: &str) -> &'a Organization {
    (dataset.organization(id)).unwrap_or_else(|| panic!("{id} is in the vocabulary"))
}

fn person<'a>(dataset: &'a Dataset, id: &ResearcherId) -> &'a Researcher {
    dataset.researcher(id).expect("the person")
}

#[test]
fn positions_and_degrees_at_organizations_the_vocabulary_lacks_are_kept() {
    let (mut dataset, camille) = dataset();
    let before = dataset.organizations.len();
    let Told { changes, notes, .. } =
        bring(&mut dataset, &camille, Origin::Orcid, &orcid(), ORCID_DOC);
    let r = person(&dataset, &camille);
    assert_eq!(r.positions.len(), 5, "{changes:#?}\n{notes:#?}");
    assert_eq!(r.education.len(), 2, "{changes:#?}\n{notes:#?}");

    // INRIA's name says nothing of its kind: a lab, with the country of its address, listed.
    let inria = organization(&dataset, "inria");
    assert_eq!(
        (inria.name.as_str(), inria.kind, inria.country.as_deref()),
        ("INRIA", OrgKind::Lab, Some("FR"))
    );
    assert!(
        notes.contains(
            &"organization \"INRIA\" added as a lab: nothing in the source says its kind; check it"
                .to_owned()
        ),
        "{notes:#?}"
    );
    // So is Baidu Research's: "Research" is a company's lab as often as an institute.
    let baidu = organization(&dataset, "baidu-research");
    assert_eq!(
        (baidu.kind, baidu.country.as_deref()),
        (OrgKind::Lab, Some("CN"))
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("organization \"Baidu Research\" added as a lab")),
        "{notes:#?}"
    );
    // Google is a company of the vocabulary: its research arm is a company too.
    let google = (dataset.organizations.iter())
        .find(|o| o.name == "Google Research")
        .expect("Google Research");
    assert_eq!(google.kind, OrgKind::Company);
    // A name that says "Université" is a university; a school whose name says nothing is one
    // too, as the closest kind for a degree, and listed.
    let saclay = organization(&dataset, "universite-paris-saclay");
    assert_eq!(
        (saclay.kind, saclay.country.as_deref()),
        (OrgKind::University, Some("FR"))
    );
    let ens = organization(&dataset, "ecole-normale-superieure");
    assert_eq!(ens.kind, OrgKind::University);
    assert!(
        notes.iter().any(|n| n.starts_with(
            "organization \"École normale supérieure\" added as a university: nothing"
        )),
        "{notes:#?}"
    );

    // INRIA three times — the same Ringgold id under its long name, its name in another case —
    // is one organization, which now knows the long name too.
    assert_eq!(dataset.organizations.len(), before + 5);
    let inria = organization(&dataset, "inria");
    assert_eq!(
        inria.aliases,
        ["Institut national de recherche en informatique et en automatique"]
    );
    let at_inria = (r.positions.iter())
        .filter(|p| p.organization.as_str() == "inria")
        .count();
    assert_eq!(at_inria, 3);
    assert!(
        changes.iter().any(|c| c
            == "organization inria: alias \"Institut national de recherche en informatique et en automatique\" (the same RINGGOLD 51357 as \"INRIA\")"),
        "{changes:#?}"
    );

    // The current job (going on, the latest start) is the person's organization.
    assert_eq!(r.organization.as_ref().map(OrgId::as_str), Some("inria"));
    assert!(
        changes.contains(&"organization: inria (the current job at INRIA, ORCID)".to_owned()),
        "{changes:#?}"
    );
    assert_valid(&dataset);
}

#[test]
fn a_rerun_adds_nothing_new() {
    let (mut dataset, camille) = dataset();
    bring(&mut dataset, &camille, Origin::Orcid, &orcid(), ORCID_DOC);
    let first = dataset.clone();
    let Told { changes, .. } = bring(&mut dataset, &camille, Origin::Orcid, &orcid(), ORCID_DOC);
    assert_eq!(changes, Vec::<String>::new());
    assert_eq!(dataset, first);
    assert_valid(&dataset);
}

#[test]
fn an_organization_of_the_vocabulary_is_found_by_its_name_folded() {
    let (mut dataset, camille) = dataset();
    let before = dataset.organizations.len();
    let profile = Profile {
        employments: vec![Affiliation {
            start: year(2021),
            end: Some(EndDate::Present),
            ..at("UNIVERSITY OF EDINBURGH.", &[], "Lecturer", "Edinburgh, GB")
        }],
        ..Profile::default()
    };
    bring(&mut dataset, &camille, Origin::Orcid, &profile, ORCID_DOC);
    assert_eq!(dataset.organizations.len(), before);
    let r = person(&dataset, &camille);
    assert_eq!(r.positions[0].organization.as_str(), "edinburgh");
    assert_eq!(
        r.organization.as_ref().map(OrgId::as_str),
        Some("edinburgh")
    );
}

#[test]
fn a_name_that_makes_no_slug_still_keeps_its_position() {
    let (mut dataset, camille) = dataset();
    let profile = Profile {
        employments: vec![Affiliation {
            start: year(2015),
            end: ended(2017),
            ..at("中国科学院", &[], "Visiting Student", "Beijing, CN")
        }],
        ..Profile::default()
    };
    bring(&mut dataset, &camille, Origin::Orcid, &profile, ORCID_DOC);
    let org = &person(&dataset, &camille).positions[0].organization;
    let added = organization(&dataset, org.as_str());
    assert_eq!(
        (added.id.as_str(), added.name.as_str(), added.kind),
        ("organization", "中国科学院", OrgKind::Lab)
    );
    assert_valid(&dataset);
}

#[test]
fn the_current_organization_is_the_latest_current_job_and_never_replaces_the_records() {
    let (mut dataset, camille) = dataset();
    let profile = Profile {
        employments: vec![
            Affiliation {
                start: year(2019),
                end: Some(EndDate::Present),
                ..at(
                    "Lakeside Institute",
                    &[],
                    "Adjunct Researcher",
                    "Lakeside, CA",
                )
            },
            Affiliation {
                start: year(2023),
                end: Some(EndDate::Present),
                ..at("University of Edinburgh", &[], "Lecturer", "Edinburgh, GB")
            },
            Affiliation {
                start: year(2024),
                end: ended(2024),
                ..at("Google", &[], "Visiting Researcher", "Zürich, CH")
            },
        ],
        ..Profile::default()
    };
    let mut kept = dataset.clone();
    bring(&mut dataset, &camille, Origin::Orcid, &profile, ORCID_DOC);
    assert_eq!(
        person(&dataset, &camille)
            .organization
            .as_ref()
            .map(OrgId::as_str),
        Some("edinburgh")
    );

    // A roster named Camille's organization: it stays.
    let r = (kept.researchers.iter_mut())
        .find(|r| r.id == camille)
        .expect("Camille");
    r.organization = Some(OrgId("google".into()));
    let Told { changes, .. } = bring(&mut kept, &camille, Origin::Orcid, &profile, ORCID_DOC);
    assert_eq!(
        person(&kept, &camille)
            .organization
            .as_ref()
            .map(OrgId::as_str),
        Some("google")
    );
    assert!(
        !changes.iter().any(|c| c.starts_with("organization:")),
        "{changes:#?}"
    );
    assert_valid(&kept);
}

/// An OpenAlex author whose papers name Baidu (a company, in China) and a lab in Switzerland.
const OPENALEX_AUTHOR: &str = r#"{
  "id": "https://openalex.org/A5000000031",
  "display_name": "Camille Test",
  "affiliations": [
    {"institution": {"id": "https://openalex.org/I98301712", "ror": "https://ror.org/05fbgys14",
      "display_name": "Baidu Research", "country_code": "CN", "type": "company"},
     "years": [2019, 2018]},
    {"institution": {"id": "https://openalex.org/I4200000009",
      "display_name": "Alpine Robotics Lab", "country_code": "ch", "type": "facility"},
     "years": [2020]}
  ]
}"#;

#[test]
fn an_openalex_institution_gives_its_country_and_adds_no_organization() {
    let record = crate::sources::openalex::read(OPENALEX_AUTHOR, "[]").expect("an author");
    let countries: Vec<Option<&str>> = (record.profile.employments.iter())
        .map(|a| a.location.as_deref())
        .collect();
    assert_eq!(countries, [Some("CN"), Some("CH")]);

    // ORCID named Baidu Research without an address; OpenAlex gives its country.
    let (mut dataset, camille) = dataset();
    let orcid = Profile {
        employments: vec![Affiliation {
            start: year(2018),
            end: ended(2019),
            location: None,
            ..at("Baidu Research", &[], "Research Intern", "")
        }],
        ..Profile::default()
    };
    bring(&mut dataset, &camille, Origin::Orcid, &orcid, ORCID_DOC);
    assert_eq!(organization(&dataset, "baidu-research").country, None);
    let before = dataset.organizations.len();
    let document = "openalex/A5000000031.json";
    let Told { changes, notes, .. } = bring(
        &mut dataset,
        &camille,
        Origin::Openalex,
        &record.profile,
        document,
    );
    assert_eq!(
        organization(&dataset, "baidu-research").country.as_deref(),
        Some("CN")
    );
    assert!(
        changes.contains(&"organization baidu-research: country CN (OpenAlex)".to_owned()),
        "{changes:#?}"
    );
    // The lab OpenAlex alone names is no job and no organization of the record: reported only.
    assert_eq!(dataset.organizations.len(), before);
    assert_eq!(person(&dataset, &camille).positions.len(), 1);
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("OpenAlex saw papers from Alpine Robotics Lab in 2020")),
        "{notes:#?}"
    );
    assert_valid(&dataset);

    // Another country than the vocabulary's is reported, and the vocabulary's kept.
    let at = (dataset.organizations.iter())
        .position(|o| o.id.as_str() == "baidu-research")
        .expect("Baidu");
    dataset.organizations[at].country = Some("US".into());
    let Told {
        changes,
        notes,
        conflicts,
    } = bring(
        &mut dataset,
        &camille,
        Origin::Openalex,
        &record.profile,
        document,
    );
    assert_eq!(changes, Vec::<String>::new());
    assert_eq!(
        conflicts,
        [
            "organization baidu-research: country US in the vocabulary against CN (OpenAlex); kept the vocabulary's"
        ],
        "{notes:#?}"
    );
}
