//! The organization a source's position or degree is at: found in the vocabulary, found again
//! by its identifier in the same document, or added, so that no position is lost.
//!
//! It is the vocabulary's that has its name, short name or an alias ([`find_organization`]:
//! case, accents and punctuation folded), else the one an earlier affiliation of the same
//! document was found or added as with the same identifier (ROR, Ringgold, GRID, OpenAlex `I…`;
//! the name is then added to its aliases, so a rerun finds it by name), else a new organization
//! ([`add_organization`]) named as the source names it, with:
//!
//! - its country: the last part of the affiliation's location when it is an ISO 3166-1 code
//!   (ORCID's address ends with one: "Paris, FR");
//! - its kind: what its name states ([`kind_by_name`]: "University", "College" a university;
//!   "Inc", "GmbH", "Labs" a company; "Foundation", "Ministry" a non-profit; "Institute",
//!   "Laboratory", "Centre" a lab); a company when it is named after a company of the
//!   vocabulary, its first words ("Google Research": Google); else, when nothing says it
//!   ("INRIA", "Baidu Research"), a lab for a job and a university for a degree — the closest
//!   kind for an organization people do research or study at — listed in the notes to check.
//!
//! The vocabulary stores no organization identifiers, so an organization is found across
//! documents and runs by its names only; and OpenAlex's institution `type` does not reach the
//! record (`Affiliation` has no field for it), so it decides no kind.

use research_atlas::model::{Dataset, OrgId, OrgKind, Organization};

use super::record::Affiliation;
use crate::names::match_key;
use crate::researchers::{add_organization, find_organization, kind_by_name, kind_word};

/// The organization of `a` (see the module's doc): the vocabulary's of its name, else the one
/// an earlier affiliation of the document with the same identifier was (in `seen`, each
/// identifier's key with the organization), else a new one, `otherwise` its kind when nothing
/// says it.
pub(super) fn org(
    dataset: &mut Dataset,
    a: &Affiliation,
    otherwise: OrgKind,
    seen: &mut Vec<(String, OrgId)>,
    changes: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> OrgId {
    let keys: Vec<(String, &str)> = (a.organization_ids.iter())
        .filter_map(|given| Some((id_key(given)?, given.trim())))
        .collect();
    let by_name = find_organization(dataset, &a.organization).map(|o| o.id.clone());
    let by_id = keys.iter().find_map(|(k, given)| {
        let (_, org) = seen.iter().find(|(s, _)| s == k)?;
        Some((*given, org.clone()))
    });
    let id = match (by_name, by_id) {
        (Some(id), _) => id,
        (None, Some((given, id))) => {
            alias(dataset, &id, &a.organization, given, changes);
            id
        }
        (None, None) => added(dataset, a, otherwise, changes, notes),
    };
    for (k, _) in keys {
        if !seen.iter().any(|(s, _)| *s == k) {
            seen.push((k, id.clone()));
        }
    }
    id
}

/// An organization identifier as one key whoever writes it: ORCID's `ROR https://ror.org/0abc`
/// and OpenAlex's `https://ror.org/0abc` are both `ror 0abc`; `RINGGOLD 5468` is
/// `ringgold 5468`.
fn id_key(id: &str) -> Option<String> {
    let id = id.trim().to_ascii_lowercase();
    let (source, value) = id.split_once(' ').unwrap_or(("", id.as_str()));
    let value = value.trim().trim_end_matches('/');
    if value.is_empty() {
        return None;
    }
    Some(match value.strip_prefix("https://ror.org/") {
        Some(ror) => format!("ror {ror}"),
        None if source.is_empty() && value.starts_with('i') => format!("openalex {value}"),
        None => format!("{source} {value}").trim().to_owned(),
    })
}

/// Adds `name` to the aliases of `id` (found by the identifier `given`) unless it is already
/// one of its spellings.
fn alias(dataset: &mut Dataset, id: &OrgId, name: &str, given: &str, changes: &mut Vec<String>) {
    let Some(o) = dataset.organizations.iter_mut().find(|o| &o.id == id) else {
        return;
    };
    let folded = match_key(name);
    if folded.is_empty() || spellings(o).any(|n| match_key(n) == folded) {
        return;
    }
    changes.push(format!(
        "organization {id}: alias {name:?} (the same {given} as {:?})",
        o.name
    ));
    o.aliases.push(name.trim().to_owned());
}

/// The name, short name and aliases of `o`.
pub(super) fn spellings(o: &Organization) -> impl Iterator<Item = &String> {
    std::iter::once(&o.name)
        .chain(&o.short_name)
        .chain(&o.aliases)
}

/// A new organization for `a`, with the kind and country the source gives (see the module's
/// doc); a kind nothing says is `otherwise`, and listed to check.
fn added(
    dataset: &mut Dataset,
    a: &Affiliation,
    otherwise: OrgKind,
    changes: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> OrgId {
    let name = a.organization.trim();
    let country = country_of(a.location.as_deref());
    let named = kind_by_name(name);
    let company = match named {
        None | Some(OrgKind::Lab) => company_named_in(dataset, name).map(|o| o.name.clone()),
        Some(_) => None,
    };
    let (kind, why, check) = match (named, company) {
        (_, Some(company)) => (
            OrgKind::Company,
            format!("named after the company {company:?}"),
            false,
        ),
        (Some(kind), None) => (kind, "its name says so".to_owned(), false),
        (None, None) => (
            otherwise,
            "nothing in the source says its kind".to_owned(),
            true,
        ),
    };
    let id = add_organization(dataset, name, kind, country.as_deref());
    let in_country = country.map(|c| format!(" in {c}")).unwrap_or_default();
    changes.push(format!(
        "added organization {id} ({name:?}): a {}{in_country}; {why}",
        kind_word(kind)
    ));
    if check {
        notes.push(format!(
            "organization {name:?} added as a {}: {why}; check it",
            kind_word(kind)
        ));
    }
    id
}

/// The company of the vocabulary `name` is named after, its first words ("Google Research",
/// "Baidu AI Lab"): its research arm.
fn company_named_in<'a>(dataset: &'a Dataset, name: &str) -> Option<&'a Organization> {
    let key = match_key(name);
    dataset
        .organizations
        .iter()
        .filter(|o| o.kind == OrgKind::Company)
        .find(|o| {
            spellings(o).any(|n| {
                let n = match_key(n);
                !n.is_empty() && key.starts_with(&format!("{n} "))
            })
        })
}

/// The country of a location that ends with an ISO 3166-1 alpha-2 code ("Paris, FR", "US").
pub(super) fn country_of(location: Option<&str>) -> Option<String> {
    let last = location?.rsplit(',').next()?.trim();
    (last.len() == 2 && last.bytes().all(|b| b.is_ascii_uppercase())).then(|| last.to_owned())
}
