//! The second stage, against the dataset: who a row is (by id, else by an identifier link,
//! else by exact name), and what it changes: a new researcher record, or the empty fields and
//! missing identifier links of an existing one. A value that differs from the dataset's is a
//! conflict: reported, and the dataset's kept.

use std::collections::{HashMap, HashSet};

use research_atlas::model::{
    CareerStage, Dataset, Link, LinkKind, OrgId, OrgKind, Researcher, ResearcherId, Source,
};
use serde_json::json;

use super::row::Row;
use crate::Error;
use crate::names::{clean_author, match_key, unique};
use crate::researchers::{
    add_organization, find_organization, id_from_name, kind_by_name, kind_word,
};

/// The identifier kinds a roster gives, with the names messages use.
const IDENTIFIERS: [(LinkKind, &str); 3] = [
    (LinkKind::Orcid, "ORCID"),
    (LinkKind::Dblp, "dblp"),
    (LinkKind::Openalex, "OpenAlex"),
];

fn kind_name(kind: LinkKind) -> &'static str {
    IDENTIFIERS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or("link", |(_, n)| n)
}

/// The dataset's researchers by id, identifier and spelling, kept up to date as rows add
/// people, so matching a row never scans the dataset.
pub struct Members {
    by_id: HashMap<String, usize>,
    by_identifier: HashMap<(LinkKind, String), usize>,
    by_name: HashMap<String, Vec<usize>>,
}

/// An identifier as compared: ORCID's `X` and OpenAlex's `A` in upper case.
fn identifier_key(link: &Link) -> Option<(LinkKind, String)> {
    let id = link.identifier()?;
    let id = match link.kind {
        LinkKind::Orcid | LinkKind::Openalex => id.to_ascii_uppercase(),
        _ => id.to_owned(),
    };
    Some((link.kind, id))
}

/// A spelling as compared: [`match_key`] of the name without marks, "First Last" order.
fn name_key(name: &str) -> String {
    match_key(&clean_author(name).0)
}

impl Members {
    /// Indexes every researcher of `dataset`.
    pub fn new(dataset: &Dataset) -> Self {
        let mut dir = Self {
            by_id: HashMap::new(),
            by_identifier: HashMap::new(),
            by_name: HashMap::new(),
        };
        for (i, r) in dataset.researchers.iter().enumerate() {
            dir.index(i, r);
        }
        dir
    }

    /// Whether `id` is a researcher's.
    pub fn has_id(&self, id: &str) -> bool {
        self.by_id.contains_key(id)
    }

    fn index(&mut self, i: usize, r: &Researcher) {
        self.by_id.entry(r.id.0.clone()).or_insert(i);
        for link in &r.links {
            if let Some(key) = identifier_key(link) {
                self.by_identifier.entry(key).or_insert(i);
            }
        }
        let spellings = std::iter::once(&r.name)
            .chain(&r.alternative_names)
            .chain(&r.native_name);
        for spelling in spellings {
            let key = name_key(spelling);
            let people = self.by_name.entry(key).or_default();
            if !people.contains(&i) {
                people.push(i);
            }
        }
    }
}

/// What a row did to its person's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// A new researcher record.
    New,
    /// An existing record, with what was filled in.
    Updated(Vec<String>),
    /// An existing record with nothing to fill in.
    Unchanged,
}

/// A row applied: whose it is, what changed, and what was kept or needs a look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The researcher.
    pub id: ResearcherId,
    /// What happened to their record.
    pub status: Status,
    /// How an existing researcher was found: "by id", "by ORCID", "by name".
    pub found_by: Option<String>,
    /// Values that differ from the dataset's, which was kept.
    pub conflicts: Vec<String>,
    /// What else to know (an organization not in the vocabulary, a name read in another order).
    pub notes: Vec<String>,
}

/// What every row needs besides itself.
pub struct Context<'a> {
    /// Ids the roster's `id` cells give: a made id never takes one.
    pub reserved: &'a HashSet<String>,
    /// The roster's file name, the source of a new record.
    pub document: &'a str,
}

/// Finds `row`'s person in `dataset` and adds or updates them. `Err` (nothing changed) when the
/// row cannot be placed for sure: its identifiers name two people, its name is several
/// people's, a namesake's identifiers differ, or a new person has no stage.
pub fn apply(
    dataset: &mut Dataset,
    dir: &mut Members,
    row: &Row,
    cx: &Context<'_>,
) -> Result<Applied, Error> {
    let mut notes: Vec<String> = row.name_note.iter().cloned().collect();
    let organization = match row.organization.as_deref() {
        Some(text) => match find_organization(dataset, text) {
            Some(o) => Some(o.id.clone()),
            // Never dropped: added with the kind its name says, or as a lab to check.
            None => {
                let (kind, why) = match kind_by_name(text) {
                    Some(kind) => (kind, "its name says so"),
                    None => (
                        OrgKind::Lab,
                        "nothing in the roster says its kind; check it",
                    ),
                };
                let id = add_organization(dataset, text, kind, None);
                notes.push(format!(
                    "added organization {id} ({text:?}) as a {}: {why}; add its country and URL if you know them",
                    kind_word(kind)
                ));
                Some(id)
            }
        },
        None => None,
    };
    match find(dataset, dir, row)? {
        Some((i, found_by)) => {
            let mut applied = update(dataset, dir, i, row, organization);
            applied.found_by = Some(found_by);
            applied.notes.splice(0..0, notes);
            Ok(applied)
        }
        None => {
            if row.id.is_some()
                && let Some(same) = dir.by_name.get(&name_key(&row.name))
            {
                let ids: Vec<&str> = same
                    .iter()
                    .map(|&i| dataset.researchers[i].id.as_str())
                    .collect();
                notes.push(format!(
                    "{} has the name of {}, kept apart: the id cell names a new id",
                    row.name,
                    ids.join(" and ")
                ));
            }
            let applied = add(dataset, dir, row, organization, cx, notes)?;
            Ok(applied)
        }
    }
}

/// The existing researcher `row` is, and how they were found; `None` for a new person.
fn find(dataset: &Dataset, dir: &Members, row: &Row) -> Result<Option<(usize, String)>, Error> {
    if let Some(id) = &row.id
        && let Some(&i) = dir.by_id.get(id.as_str())
    {
        return Ok(Some((i, "by id".into())));
    }
    let mut by_identifier: Vec<(usize, LinkKind)> = Vec::new();
    for link in &row.identifiers {
        if let Some(&i) = identifier_key(link).and_then(|k| dir.by_identifier.get(&k)) {
            by_identifier.push((i, link.kind));
        }
    }
    if let Some(&(first, kind)) = by_identifier.first() {
        if let Some(&(other, other_kind)) = by_identifier.iter().find(|(i, _)| *i != first) {
            return Err(person(format!(
                "its {} is {}'s and its {} is {}'s; give an id to say who it is",
                kind_name(kind),
                dataset.researchers[first].id,
                kind_name(other_kind),
                dataset.researchers[other].id
            )));
        }
        return Ok(Some((first, format!("by {}", kind_name(kind)))));
    }
    if row.id.is_some() {
        return Ok(None);
    }
    let Some(same) = dir.by_name.get(&name_key(&row.name)) else {
        return Ok(None);
    };
    let i = match same.as_slice() {
        [] => return Ok(None),
        [one] => *one,
        several => {
            let ids: Vec<&str> = several
                .iter()
                .map(|&i| dataset.researchers[i].id.as_str())
                .collect();
            return Err(person(format!(
                "{} is the name of {}; give an id to say which",
                row.name,
                ids.join(" and ")
            )));
        }
    };
    let r = &dataset.researchers[i];
    for link in &row.identifiers {
        let id = link.identifier().unwrap_or_default();
        if let Some(have) = r.identifier(link.kind)
            && !have.eq_ignore_ascii_case(id)
        {
            return Err(person(format!(
                "{} is in the dataset as {}, whose {} is {have}, not {id}: a namesake? give {} in the id cell to update them, or a new id to add another person",
                row.name,
                r.id,
                kind_name(link.kind),
                r.id
            )));
        }
    }
    Ok(Some((i, "by name".into())))
}

/// Fills researcher `i`'s empty fields and missing identifier links from `row`.
fn update(
    dataset: &mut Dataset,
    dir: &mut Members,
    i: usize,
    row: &Row,
    organization: Option<OrgId>,
) -> Applied {
    let mut changes = Vec::new();
    let mut conflicts = Vec::new();
    let holders: Vec<Option<ResearcherId>> = row
        .identifiers
        .iter()
        .map(|l| {
            identifier_key(l)
                .and_then(|k| dir.by_identifier.get(&k))
                .filter(|&&h| h != i)
                .map(|&h| dataset.researchers[h].id.clone())
        })
        .collect();
    let r = &mut dataset.researchers[i];
    let spellings: Vec<String> = std::iter::once(&r.name)
        .chain(&r.alternative_names)
        .chain(&r.native_name)
        .map(|n| name_key(n))
        .collect();
    if !spellings.contains(&name_key(&row.name)) {
        conflicts.push(format!(
            "name: the roster has {:?}, the dataset {:?} (add the roster's to alternative_names if it is theirs)",
            row.name, r.name
        ));
    }
    if let Some(stage) = row.stage
        && stage != r.career_stage
    {
        conflicts.push(format!(
            "stage: the roster has {}, the dataset {}",
            stage.key(),
            r.career_stage.key()
        ));
    }
    match (&r.organization, organization) {
        (None, Some(o)) => {
            changes.push(format!("organization {o}"));
            r.organization = Some(o);
        }
        (Some(have), Some(o)) if *have != o => conflicts.push(format!(
            "organization: the roster has {o}, the dataset {have}"
        )),
        _ => {}
    }
    if let Some(home) = &row.homepage {
        let same = |url: &str| url.trim_end_matches('/') == home.url.trim_end_matches('/');
        let homes: Vec<&Link> = r
            .links
            .iter()
            .filter(|l| l.kind == LinkKind::Homepage)
            .collect();
        match homes.first() {
            None => {
                changes.push(format!("homepage {}", home.url));
                r.links.push(home.clone());
            }
            Some(have) if !homes.iter().any(|l| same(&l.url)) => conflicts.push(format!(
                "homepage: the roster has {}, the dataset {}",
                home.url, have.url
            )),
            Some(_) => {}
        }
    }
    let mut added: Vec<Link> = Vec::new();
    for (link, holder) in row.identifiers.iter().zip(holders) {
        let name = kind_name(link.kind);
        let id = link.identifier().unwrap_or_default();
        if let Some(holder) = holder {
            conflicts.push(format!(
                "{name} {id} is on {holder}'s record; not added to {}",
                r.id
            ));
            continue;
        }
        match r.identifier(link.kind) {
            None => {
                changes.push(format!("{name} {id}"));
                r.links.push(link.clone());
                added.push(link.clone());
            }
            Some(have) if !have.eq_ignore_ascii_case(id) => {
                conflicts.push(format!("{name}: the roster has {id}, the dataset {have}"))
            }
            Some(_) => {}
        }
    }
    let id = r.id.clone();
    for link in added {
        if let Some(key) = identifier_key(&link) {
            dir.by_identifier.entry(key).or_insert(i);
        }
    }
    Applied {
        id,
        status: if changes.is_empty() {
            Status::Unchanged
        } else {
            Status::Updated(changes)
        },
        found_by: None,
        conflicts,
        notes: Vec::new(),
    }
}

/// A new researcher record from `row`.
fn add(
    dataset: &mut Dataset,
    dir: &mut Members,
    row: &Row,
    organization: Option<OrgId>,
    cx: &Context<'_>,
    notes: Vec<String>,
) -> Result<Applied, Error> {
    let keys: Vec<&str> = CareerStage::ALL.iter().map(|s| s.key()).collect();
    let mut notes = notes;
    let stage = match (row.stage, &row.stage_hint) {
        (Some(stage), _) => stage,
        (None, Some((stage, why))) => {
            notes.push(format!("stage {} read from ORCID: {why}", stage.key()));
            *stage
        }
        (None, None) => {
            return Err(person(format!(
                "{} is not in the dataset, and a new person needs a stage: one of {} (or, with --sources, an ORCID record whose current job or degree says it)",
                row.name,
                keys.join(", ")
            )));
        }
    };
    let id = match &row.id {
        Some(id) => id.clone(),
        None => {
            let base = id_from_name(&row.name)?;
            ResearcherId(unique(&base, |s| dir.has_id(s) || cx.reserved.contains(s)))
        }
    };
    let org_name = organization
        .as_ref()
        .and_then(|o| dataset.organization(o))
        .map(|o| o.name.clone());
    let links: Vec<&Link> = row.homepage.iter().chain(&row.identifiers).collect();
    let source = Source {
        document: cx.document.to_owned(),
        note: Some(format!(
            "roster line {}: name, stage, organization, links",
            row.line
        )),
    };
    // Read by the model's own serde types, as add-researcher reads its draft: the fields a
    // roster does not give keep their defaults.
    let researcher: Researcher = serde_json::from_value(json!({
        "id": id,
        "name": row.name,
        "organization": organization,
        "career_stage": stage,
        "summary": summary(&row.name, stage, org_name.as_deref()),
        "links": links,
        "sources": [source],
    }))
    .map_err(|e| person(format!("the new record: {e}")))?;
    dir.index(dataset.researchers.len(), &researcher);
    dataset.researchers.push(researcher);
    Ok(Applied {
        id,
        status: Status::New,
        found_by: None,
        conflicts: Vec::new(),
        notes,
    })
}

/// What the roster says of a new person, as the record's summary: their stage and
/// organization, nothing more ("Jane Doe is a PhD student at University of Michigan.").
pub fn summary(name: &str, stage: CareerStage, organization: Option<&str>) -> String {
    let at = organization.map(|o| format!(" at {o}")).unwrap_or_default();
    match stage {
        CareerStage::Student => format!("{name} is a student{at}."),
        CareerStage::PhdStudent => format!("{name} is a PhD student{at}."),
        CareerStage::Postdoc => format!("{name} is a postdoctoral researcher{at}."),
        CareerStage::Faculty => format!("{name} is a faculty member{at}."),
        CareerStage::Industry => match organization {
            Some(o) => format!("{name} works at {o}."),
            None => format!("{name} works in industry."),
        },
    }
}

/// The row's person cannot be placed, and why.
fn person(reason: String) -> Error {
    Error::Person { reason }
}
