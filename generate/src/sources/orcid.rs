//! A person's ORCID record (`https://pub.orcid.org/v3.0/<iD>/record`, JSON) in the API's v3.0
//! shape: the iD, the name (a credit name for some), other names, keywords, the homepage,
//! employments and educations at organizations whose names say their kind, and work summaries
//! with DOIs for part of their papers (some groups holding two versions, as when Crossref and
//! the person both added a work).

use serde_json::{Value, json};

use super::lists::{ORGS, VENUES};
use super::plan::{Plan, Stint};
use crate::rng::Rng;

/// The share of a person's papers with a DOI that their ORCID record lists.
const LISTED: f64 = 0.6;

/// The JSON of person `i`'s record; `seed` decides which papers it lists.
pub(super) fn document(plan: &Plan, i: usize, seed: u64) -> String {
    let p = &plan.people[i];
    let mut rng = Rng::new(seed ^ 0x0C1D ^ ((i as u64) << 20));
    let id = &p.orcid;
    let source = json!({
        "source-orcid": {"uri": format!("https://orcid.org/{id}"), "path": id, "host": "orcid.org"},
        "source-client-id": null,
        "source-name": {"value": p.name},
    });
    let credit = rng
        .chance(0.3)
        .then(|| format!("{}. {}", p.first.chars().next().unwrap_or('X'), p.last));
    let mut other_names = vec![format!("{} {}", p.first.to_uppercase(), p.last)];
    if rng.chance(0.5) {
        other_names.push(format!("{}, {}", p.last, p.first));
    }
    let other_names: Vec<Value> = (other_names.iter().enumerate())
        .map(|(k, n)| {
            json!({"content": n, "visibility": "public", "put-code": 500 + k, "display-index": k})
        })
        .collect();
    let keywords: Vec<Value> = (p.keywords.iter().enumerate())
        .map(|(k, w)| json!({"content": w, "visibility": "public", "put-code": 700 + k, "display-index": k}))
        .collect();
    let urls: Vec<Value> = (p.homepage.iter())
        .map(|h| json!({"url-name": "Homepage", "url": {"value": h}, "put-code": 601, "display-index": 0}))
        .collect();
    let mut groups = Vec::new();
    for (k, &n) in p.papers.iter().enumerate() {
        let paper = &plan.papers[n];
        let Some(doi) = &paper.doi else { continue };
        if !rng.chance(LISTED) {
            continue;
        }
        let (_, _, venue, journal, _, _) = VENUES[paper.venue];
        let put_code = 100_000 + k;
        let ext = json!({"external-id": [{
            "external-id-type": "doi",
            "external-id-value": doi,
            "external-id-normalized": {"value": doi.to_lowercase(), "transient": true},
            "external-id-url": {"value": format!("https://doi.org/{doi}")},
            "external-id-relationship": "self",
        }]});
        let summary = |put: usize, index: &str, from: &Value| {
            json!({
                "put-code": put,
                "source": from,
                "title": {"title": {"value": paper.title}, "subtitle": null, "translated-title": null},
                "external-ids": ext,
                "url": {"value": format!("https://doi.org/{doi}")},
                "type": if journal { "journal-article" } else { "conference-paper" },
                "publication-date": {
                    "year": {"value": paper.year.to_string()},
                    "month": {"value": format!("{:02}", paper.month)},
                    "day": null,
                },
                "journal-title": {"value": venue},
                "visibility": "public",
                "path": format!("/{id}/work/{put}"),
                "display-index": index,
            })
        };
        let mut summaries = vec![summary(put_code, "1", &source)];
        if rng.chance(0.2) {
            let crossref = json!({
                "source-orcid": null,
                "source-client-id": {"uri": "https://orcid.org/client/0000-0002-3054-1567", "path": "0000-0002-3054-1567", "host": "orcid.org"},
                "source-name": {"value": "Crossref"},
            });
            summaries.push(summary(put_code + 50_000, "0", &crossref));
        }
        groups.push(json!({"external-ids": ext, "work-summary": summaries}));
    }
    let record = json!({
        "orcid-identifier": {"uri": format!("https://orcid.org/{id}"), "path": id, "host": "orcid.org"},
        "preferences": {"locale": "en"},
        "person": {
            "name": {
                "given-names": {"value": p.first},
                "family-name": {"value": p.last},
                "credit-name": credit.map(|c| json!({"value": c})),
                "visibility": "public",
                "path": id,
            },
            "other-names": {"other-name": other_names, "path": format!("/{id}/other-names")},
            "biography": null,
            "researcher-urls": {"researcher-url": urls, "path": format!("/{id}/researcher-urls")},
            "emails": {"email": [], "path": format!("/{id}/email")},
            "addresses": {"address": [], "path": format!("/{id}/address")},
            "keywords": {"keyword": keywords, "path": format!("/{id}/keywords")},
            "external-identifiers": {"external-identifier": [], "path": format!("/{id}/external-identifiers")},
            "path": format!("/{id}/person"),
        },
        "activities-summary": {
            "educations": affiliations(&p.degrees, "education", id, &source),
            "employments": affiliations(&p.jobs, "employment", id, &source),
            "works": {"group": groups, "path": format!("/{id}/works")},
            "path": format!("/{id}/activities"),
        },
        "path": format!("/{id}"),
    });
    serde_json::to_string_pretty(&record).expect("JSON values serialize") + "\n"
}

/// Employments or educations (`kind` is `employment` or `education`): a group per stint.
fn affiliations(stints: &[Stint], kind: &str, id: &str, source: &Value) -> Value {
    let groups: Vec<Value> = (stints.iter().enumerate())
        .map(|(k, s)| {
            let (org, city, country) = ORGS[s.org];
            let date = |d: Option<(u16, u8)>| {
                d.map(|(y, m)| {
                    json!({"year": {"value": y.to_string()}, "month": {"value": format!("{m:02}")}, "day": null})
                })
            };
            let put = 900 + k;
            let summary = json!({
                "source": source,
                "put-code": put,
                "department-name": s.department,
                "role-title": s.role,
                "start-date": date(Some(s.start)),
                "end-date": date(s.end),
                "organization": {
                    "name": org,
                    "address": {"city": city, "region": null, "country": country},
                    "disambiguated-organization": null,
                },
                "display-index": "0",
                "visibility": "public",
                "path": format!("/{id}/{kind}/{put}"),
            });
            json!({"external-ids": {"external-id": []}, "summaries": [{format!("{kind}-summary"): summary}]})
        })
        .collect();
    json!({"affiliation-group": groups, "path": format!("/{id}/{kind}s")})
}
