//! The first stage: ORCID's record JSON as it is published (`orcid-model`'s `record_3.0`,
//! `record_2.1` and `record_2.0` schemas), field for field where this reader uses it. The
//! versions share these structs: a field only one version has is simply absent from the
//! others (v2.x affiliations are listed flat, `employment-summary[]`; v3.0 groups them,
//! `affiliation-group[].summaries[]`). `/activities` is [`ActivitiesSummary`] and `/works` is
//! [`Works`], as the record holds them. Every field may be null or absent, and unknown fields
//! are ignored. Sections and list items are [`Lenient`]: one that does not have the schema's
//! shape is kept as its error, so the mapping can skip it with its path and read the rest.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

/// A part of the document read as `T`, or why it could not be.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Lenient<T> {
    /// It has the schema's shape.
    Ok(T),
    /// It has not: serde's message.
    Bad(String),
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Lenient<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Ok(match serde_json::from_value(value) {
            Ok(t) => Lenient::Ok(t),
            Err(e) => Lenient::Bad(e.to_string()),
        })
    }
}

/// A string or a number, as ORCID writes some values both ways (`"display-index": "1"` in
/// activities, `1` in person items; `put-code` a number).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub(super) enum Scalar {
    /// `"2019"`.
    Text(String),
    /// `2019`.
    Number(serde_json::Number),
}

impl Scalar {
    /// The value as text, as written.
    pub(super) fn text(&self) -> String {
        match self {
            Scalar::Text(s) => s.trim().to_owned(),
            Scalar::Number(n) => n.to_string(),
        }
    }

    /// The value as a whole number, when it is one.
    pub(super) fn integer(&self) -> Option<i64> {
        match self {
            Scalar::Text(s) => s.trim().parse().ok(),
            Scalar::Number(n) => n.as_i64(),
        }
    }
}

/// ORCID's `{"value": …}` wrapper.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct Value<T> {
    pub(super) value: Option<T>,
}

/// The text in an optional `{"value": "…"}`.
pub(super) fn value(v: &Option<Value<String>>) -> Option<&str> {
    v.as_ref().and_then(|v| v.value.as_deref())
}

/// A list that may be null or absent.
pub(super) fn list<T>(items: &Option<Vec<T>>) -> &[T] {
    items.as_deref().unwrap_or(&[])
}

/// `/record`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct OrcidRecord {
    pub(super) orcid_identifier: Option<Lenient<OrcidIdentifier>>,
    pub(super) person: Option<Lenient<Person>>,
    pub(super) activities_summary: Option<Lenient<ActivitiesSummary>>,
    /// `/0000-0002-1825-0097`.
    pub(super) path: Option<Lenient<String>>,
    /// An error response's fields (`{"response-code": 404, "developer-message": …}`).
    pub(super) response_code: Option<serde_json::Value>,
    pub(super) developer_message: Option<serde_json::Value>,
}

/// `orcid-identifier`, and an item's `source-orcid`: `uri`, `path`, `host`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct OrcidIdentifier {
    /// `0000-0002-1825-0097`.
    pub(super) path: Option<String>,
    /// `https://orcid.org/0000-0002-1825-0097` (`http://` in v2.0).
    pub(super) uri: Option<String>,
}

/// An item's `source`: who added it. The person themselves is a `source-orcid` (their iD,
/// with their name as `source-name`); a member system a `source-client-id`. In v3.0 an item a
/// system added on the person's word also names them as `assertion-origin-orcid`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct Source {
    pub(super) source_orcid: Option<Lenient<OrcidIdentifier>>,
    pub(super) source_name: Option<Lenient<Value<String>>>,
    pub(super) assertion_origin_orcid: Option<Lenient<OrcidIdentifier>>,
    pub(super) assertion_origin_name: Option<Lenient<Value<String>>>,
}

/// `person`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct Person {
    pub(super) name: Option<Lenient<Name>>,
    pub(super) other_names: Option<Lenient<OtherNames>>,
    pub(super) biography: Option<Lenient<Biography>>,
    pub(super) researcher_urls: Option<Lenient<ResearcherUrls>>,
    pub(super) keywords: Option<Lenient<Keywords>>,
    pub(super) external_identifiers: Option<Lenient<ExternalIdentifiers>>,
}

/// `person.name`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct Name {
    pub(super) given_names: Option<Value<String>>,
    pub(super) family_name: Option<Value<String>>,
    pub(super) credit_name: Option<Value<String>>,
}

/// `person.other-names`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct OtherNames {
    pub(super) other_name: Option<Vec<Lenient<Content>>>,
}

/// An item whose text is `content`: an other name, a keyword.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct Content {
    pub(super) content: Option<String>,
}

/// `person.biography`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct Biography {
    pub(super) content: Option<String>,
}

/// `person.researcher-urls`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ResearcherUrls {
    pub(super) researcher_url: Option<Vec<Lenient<ResearcherUrl>>>,
}

/// `person.researcher-urls.researcher-url[]`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ResearcherUrl {
    pub(super) url_name: Option<String>,
    pub(super) url: Option<Value<String>>,
}

/// `person.keywords`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct Keywords {
    pub(super) keyword: Option<Vec<Lenient<Content>>>,
}

/// `person.external-identifiers`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ExternalIdentifiers {
    pub(super) external_identifier: Option<Vec<Lenient<ExternalId>>>,
}

/// An external identifier: of the person (`external-identifier[]`) or of a work
/// (`external-ids.external-id[]`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ExternalId {
    pub(super) external_id_type: Option<String>,
    pub(super) external_id_value: Option<String>,
    /// v3.0 only.
    pub(super) external_id_normalized: Option<Value<String>>,
    pub(super) external_id_url: Option<Value<String>>,
    /// `self`, `part-of`, `version-of` in v3.0; `SELF`, `PART_OF` in v2.x.
    pub(super) external_id_relationship: Option<String>,
}

/// `external-ids`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ExternalIds {
    pub(super) external_id: Option<Vec<Lenient<ExternalId>>>,
}

/// `activities-summary`, and the `/activities` answer, which is the same object.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct ActivitiesSummary {
    pub(super) employments: Option<Lenient<Affiliations>>,
    pub(super) educations: Option<Lenient<Affiliations>>,
    pub(super) works: Option<Lenient<Works>>,
    /// `/0000-0002-1825-0097/activities`.
    pub(super) path: Option<Lenient<String>>,
}

/// `employments` or `educations`: grouped in v3.0, a flat list of summaries in v2.x.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct Affiliations {
    /// v3.0.
    pub(super) affiliation_group: Option<Vec<Lenient<AffiliationGroup>>>,
    /// v2.0, v2.1: `employments.employment-summary[]`.
    pub(super) employment_summary: Option<Vec<Lenient<AffiliationSummary>>>,
    /// v2.0, v2.1: `educations.education-summary[]`.
    pub(super) education_summary: Option<Vec<Lenient<AffiliationSummary>>>,
    /// `/0000-0002-1825-0097/employments`.
    pub(super) path: Option<Lenient<String>>,
}

/// `affiliation-group[]`: versions of one affiliation.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct AffiliationGroup {
    pub(super) summaries: Option<Vec<Lenient<AffiliationSummaries>>>,
}

/// `summaries[]`: `{"employment-summary": …}` or `{"education-summary": …}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct AffiliationSummaries {
    pub(super) employment_summary: Option<AffiliationSummary>,
    pub(super) education_summary: Option<AffiliationSummary>,
}

/// `employment-summary`, `education-summary`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct AffiliationSummary {
    pub(super) department_name: Option<String>,
    pub(super) role_title: Option<String>,
    pub(super) start_date: Option<FuzzyDate>,
    pub(super) end_date: Option<FuzzyDate>,
    pub(super) organization: Option<Organization>,
    /// v3.0 only: v2.x lists each affiliation once.
    pub(super) display_index: Option<Scalar>,
    /// `/0000-0002-1825-0097/employment/1234`.
    pub(super) path: Option<Lenient<String>>,
    pub(super) source: Option<Lenient<Source>>,
}

/// `organization`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct Organization {
    pub(super) name: Option<String>,
    pub(super) address: Option<Address>,
    pub(super) disambiguated_organization: Option<DisambiguatedOrganization>,
}

/// `organization.address`: the country is an ISO 3166 code.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct Address {
    pub(super) city: Option<String>,
    pub(super) region: Option<String>,
    pub(super) country: Option<String>,
}

/// `organization.disambiguated-organization`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct DisambiguatedOrganization {
    pub(super) disambiguated_organization_identifier: Option<String>,
    /// `RINGGOLD`, `ROR`, `GRID`, `FUNDREF`, `LEI`.
    pub(super) disambiguation_source: Option<String>,
}

/// A date with optional month and day: `{"year": {"value": "2019"}, "month": …, "day": …}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct FuzzyDate {
    pub(super) year: Option<Value<Scalar>>,
    pub(super) month: Option<Value<Scalar>>,
}

/// `works`, and the `/works` answer, which is the same object.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct Works {
    pub(super) group: Option<Vec<Lenient<WorkGroup>>>,
    /// `/0000-0002-1825-0097/works`.
    pub(super) path: Option<Lenient<String>>,
}

/// `works.group[]`: one work, with a summary from each source that added it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct WorkGroup {
    pub(super) work_summary: Option<Vec<Lenient<WorkSummary>>>,
}

/// `work-summary[]`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct WorkSummary {
    pub(super) put_code: Option<Scalar>,
    pub(super) title: Option<WorkTitle>,
    pub(super) external_ids: Option<ExternalIds>,
    /// v3.0 only.
    pub(super) url: Option<Value<String>>,
    /// `journal-article` in v3.0, `JOURNAL_ARTICLE` in v2.x.
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    pub(super) publication_date: Option<FuzzyDate>,
    /// v3.0 only.
    pub(super) journal_title: Option<Value<String>>,
    /// A number or, in v2.x, a string.
    pub(super) display_index: Option<Scalar>,
    /// `/0000-0002-1825-0097/work/1234`.
    pub(super) path: Option<Lenient<String>>,
    pub(super) source: Option<Lenient<Source>>,
    /// `public`, `limited`, `private` (v3.0), `PUBLIC`… (v2.x): only a public work is read.
    pub(super) visibility: Option<Lenient<String>>,
}

/// `title`: `title.value`, `subtitle.value`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub(super) struct WorkTitle {
    pub(super) title: Option<Value<String>>,
    pub(super) subtitle: Option<Value<String>>,
}
