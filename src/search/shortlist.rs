//! Exports of a shortlist: the researchers as CSV and JSON, their publications as one BibTeX
//! file. Like every export, they leave out invisible and control characters
//! ([`export_text`]); the CSV is guarded against formulas and the BibTeX written by
//! `model::cite`, whose fields cannot be broken out of.

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use super::cards::{Card, CardLink};
use super::index::Stats;
use crate::model::cite::{bibtex_entry, push_csv_row};
use crate::model::invisible::export_text;
use crate::model::sort;
use crate::model::{Dataset, LinkKind, Publication, PublicationId};

/// One shortlisted researcher as the exports describe them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// Their id.
    pub id: String,
    /// Their name.
    pub name: String,
    /// Title and current organization.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Career stage key, e.g. `phd_student`.
    pub career_stage: String,
    /// Where they are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// Topic names.
    pub topics: Vec<String>,
    /// Publications on their profile; unknown (not zero) when the dataset lists none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publications: Option<usize>,
    /// First and last publication year.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_year: Option<u16>,
    /// Last publication year.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_year: Option<u16>,
    /// Homepage URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub homepage: Option<String>,
    /// Email address (without `mailto:`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Their profile in the directory.
    pub profile: String,
}

impl Row {
    /// The row of a card; `topics` is the vocabulary its topics point into and `profile` the
    /// profile's absolute URL.
    pub fn new(card: &Card, stats: &Stats, topics: &[(String, String)], profile: String) -> Self {
        let link =
            |kind: LinkKind| -> Option<&CardLink> { card.links.iter().find(|l| l.kind == kind) };
        Self {
            id: card.id.clone(),
            name: card.name.clone(),
            role: card.role(),
            career_stage: card.stage.key().to_owned(),
            location: card.location.clone(),
            topics: (card.topics.iter())
                .filter_map(|&t| topics.get(t as usize).map(|(_, n)| n.clone()))
                .collect(),
            publications: (stats.publications > 0).then_some(stats.publications),
            first_year: stats.first_year,
            last_year: stats.last_year,
            homepage: link(LinkKind::Homepage).map(|l| l.url.clone()),
            email: link(LinkKind::Email).map(|l| {
                let url = l.url.as_str();
                url.strip_prefix("mailto:").unwrap_or(url).to_owned()
            }),
            profile,
        }
    }

    /// The row with every text as the exports write it ([`export_text`]).
    fn exported(&self) -> Self {
        let text = |s: &String| export_text(s).into_owned();
        let opt = |s: &Option<String>| s.as_ref().map(text);
        Self {
            id: text(&self.id),
            name: text(&self.name),
            role: opt(&self.role),
            career_stage: text(&self.career_stage),
            location: opt(&self.location),
            topics: self.topics.iter().map(text).collect(),
            homepage: opt(&self.homepage),
            email: opt(&self.email),
            profile: text(&self.profile),
            ..self.clone()
        }
    }
}

/// The rows as CSV (RFC 4180, header row, CRLF, guarded against spreadsheet formulas like the
/// publication CSV).
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::new();
    push_csv_row(
        &mut out,
        [
            "id",
            "name",
            "role",
            "career_stage",
            "location",
            "topics",
            "publications",
            "first_year",
            "last_year",
            "homepage",
            "email",
            "profile",
        ]
        .map(str::to_owned),
    );
    let year = |y: Option<u16>| y.map(|y| y.to_string()).unwrap_or_default();
    for r in rows {
        push_csv_row(
            &mut out,
            [
                r.id.clone(),
                r.name.clone(),
                r.role.clone().unwrap_or_default(),
                r.career_stage.clone(),
                r.location.clone().unwrap_or_default(),
                r.topics.join("; "),
                r.publications.map(|n| n.to_string()).unwrap_or_default(),
                year(r.first_year),
                year(r.last_year),
                r.homepage.clone().unwrap_or_default(),
                r.email.clone().unwrap_or_default(),
                r.profile.clone(),
            ],
        );
    }
    out
}

/// The rows as a pretty-printed JSON array.
pub fn json(rows: &[Row]) -> String {
    let rows: Vec<Row> = rows.iter().map(Row::exported).collect();
    serde_json::to_string_pretty(&rows).expect("rows always serialize")
}

/// One BibTeX file of every publication of several researchers, each once (shared papers
/// appear once), newest first. Each source is a dataset (a researcher's detail file, or the
/// whole dataset restricted to `only` researchers' papers) with its BibTeX keys.
pub fn bibtex(sources: &[(&Dataset, &HashMap<PublicationId, String>, &[&str])]) -> String {
    let mut seen = BTreeSet::new();
    let mut entries: Vec<(&Publication, String)> = Vec::new();
    for (dataset, keys, only) in sources {
        let by_id: HashMap<&str, &Publication> = (dataset.publications.iter())
            .map(|p| (p.id.as_str(), p))
            .collect();
        let listed = (dataset.researchers.iter())
            .filter(|r| only.contains(&r.id.as_str()))
            .flat_map(|r| r.publications.iter());
        for id in listed {
            let Some(p) = by_id.get(id.as_str()) else {
                continue;
            };
            if seen.insert(id.as_str().to_owned()) {
                let key = keys.get(id).cloned().unwrap_or_else(|| id.0.clone());
                entries.push((p, bibtex_entry(dataset, p, &key)));
            }
        }
    }
    sort::by(&mut entries, |(a, _), (b, _)| {
        b.year.cmp(&a.year).then_with(|| a.title.cmp(&b.title))
    });
    entries
        .into_iter()
        .map(|(_, e)| e)
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::CardIndex;

    fn rows(ids: &[&str]) -> (Vec<Row>, crate::model::LoadedDataset) {
        let dir = crate::model::bundled::loaded();
        let c = CardIndex::compile(&dir);
        let rows = (ids.iter())
            .map(|id| {
                let i = c.position(id).unwrap();
                let profile = format!("https://atlas.example/researchers/{id}");
                Row::new(&c.cards[i], &c.index.stats(i), &c.topics, profile)
            })
            .collect();
        (rows, dir)
    }

    #[test]
    fn csv_has_a_header_and_one_line_per_researcher() {
        let (rows, _) = rows(&["michael-luo", "luo-mai"]);
        let text = csv(&rows);
        let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("id,name,role,career_stage"));
        assert!(lines[1].starts_with("michael-luo,Michael Luo,"));
        assert!(lines[1].ends_with(",https://atlas.example/researchers/michael-luo"));
    }

    #[test]
    fn json_round_trips_as_an_array_of_researchers() {
        let (rows, _) = rows(&["michael-luo"]);
        let v: serde_json::Value = serde_json::from_str(&json(&rows)).unwrap();
        assert_eq!(v[0]["id"], "michael-luo");
        assert_eq!(v[0]["name"], "Michael Luo");
        assert!(v[0]["publications"].as_u64().unwrap() > 0);
        assert!(v[0].get("phone").is_none());
    }

    #[test]
    // `biblatex` is a native dev-dependency; the wasm test build has no use for this check.
    #[cfg(not(target_arch = "wasm32"))]
    fn combined_bibtex_has_each_shared_paper_once_and_parses() {
        let dir = crate::model::bundled::loaded();
        let d = &dir.dataset;
        let keys = crate::model::cite::bibtex_keys(d);
        let frank = d
            .researchers
            .iter()
            .find(|r| r.name.contains("Luan"))
            .unwrap();
        let ids = ["michael-luo", frank.id.as_str()];
        let text = bibtex(&[(d, &keys, &ids)]);
        let luo = d.researcher("michael-luo").unwrap();
        let union: BTreeSet<&str> = (luo.publications.iter())
            .chain(frank.publications.iter())
            .map(|p| p.as_str())
            .collect();
        assert_eq!(
            text.matches("\n@").count() + 1,
            union.len(),
            "one entry per distinct paper"
        );
        assert!(union.len() < luo.publications.len() + frank.publications.len());
        let parsed = biblatex::Bibliography::parse(&text).unwrap();
        assert_eq!(parsed.len(), union.len());
        // The same paper from two sources (two detail files) still appears once.
        let twice = bibtex(&[(d, &keys, &ids[..1]), (d, &keys, &ids[..])]);
        assert_eq!(twice, text);
    }
}
