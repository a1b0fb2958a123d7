//! A list's export file: entries that may come from several loads of the data (the compiled
//! `/publications` loads its entries chunk by chunk, each chunk with the venues, organizations
//! and topics its entries name), written as one BibTeX or CSV file.

use std::collections::HashMap;

use crate::model::{Dataset, Publication, PublicationId};

/// The formats a publication list exports to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Bibtex,
    Csv,
}

impl ExportFormat {
    /// The file name's extension.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Bibtex => "bib",
            Self::Csv => "csv",
        }
    }

    /// The file's media type.
    pub fn media_type(self) -> &'static str {
        match self {
            Self::Bibtex => "application/x-bibtex;charset=utf-8",
            Self::Csv => "text/csv;charset=utf-8",
        }
    }
}

/// One entry of an export: the publication, the dataset it was loaded with (which holds the
/// records it names) and its BibTeX key.
pub struct ExportEntry<'a> {
    pub publication: &'a Publication,
    pub dataset: &'a Dataset,
    pub key: &'a str,
}

/// The export file of `entries`, in their order; `None` when there are none. A CSV starts with
/// a byte-order mark, so spreadsheet programs read it as UTF-8.
pub fn export_file(format: ExportFormat, entries: &[ExportEntry<'_>]) -> Option<String> {
    let vocabularies = merged(entries)?;
    let publications: Vec<&Publication> = entries.iter().map(|e| e.publication).collect();
    let keys: HashMap<PublicationId, String> = (entries.iter())
        .map(|e| (e.publication.id.clone(), e.key.to_owned()))
        .collect();
    Some(match format {
        ExportFormat::Bibtex => super::bibtex_file(&vocabularies, &publications, &keys),
        ExportFormat::Csv => format!(
            "\u{feff}{}",
            super::csv(&vocabularies, &publications, &keys)
        ),
    })
}

/// One dataset with no people or papers, holding the venues, organizations and topics of every
/// entry's dataset (each dataset read once, the first record of an id kept).
fn merged(entries: &[ExportEntry<'_>]) -> Option<Dataset> {
    let first = entries.first()?.dataset;
    let mut d = Dataset {
        researchers: Vec::new(),
        publications: Vec::new(),
        ..first.clone()
    };
    let mut seen: Vec<&Dataset> = vec![first];
    for other in entries.iter().map(|e| e.dataset) {
        if seen.iter().any(|s| std::ptr::eq(*s, other)) {
            continue;
        }
        seen.push(other);
        for v in &other.venues {
            if !d.venues.iter().any(|x| x.id == v.id) {
                d.venues.push(v.clone());
            }
        }
        for o in &other.organizations {
            if !d.organizations.iter().any(|x| x.id == o.id) {
                d.organizations.push(o.clone());
            }
        }
        for t in &other.topics {
            if !d.topics.iter().any(|x| x.id == t.id) {
                d.topics.push(t.clone());
            }
        }
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dataset(venue: &str, paper: &str) -> Dataset {
        let json = serde_json::json!({
            "schema_version": 1,
            "venues": [{"id": venue, "short_name": venue.to_uppercase(), "name": venue, "kind": "conference"}],
            "publications": [{
                "id": paper, "title": format!("Paper {paper}"), "authors": [{"name": "Ada Lovelace"}],
                "type": "conference", "venue": venue, "year": 2024
            }]
        });
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn entries_from_two_loads_name_the_venues_of_both() {
        let (a, b) = (dataset("osdi", "one"), dataset("nsdi", "two"));
        let entries = [
            ExportEntry {
                publication: &a.publications[0],
                dataset: &a,
                key: "k1",
            },
            ExportEntry {
                publication: &b.publications[0],
                dataset: &b,
                key: "k2",
            },
        ];
        let bib = export_file(ExportFormat::Bibtex, &entries).unwrap();
        assert!(
            bib.contains("@") && bib.contains("{k1,") && bib.contains("{k2,"),
            "{bib}"
        );
        let merged = merged(&entries).unwrap();
        let venues: Vec<&str> = merged.venues.iter().map(|v| v.id.0.as_str()).collect();
        assert_eq!(venues, ["osdi", "nsdi"]);
        assert!(merged.publications.is_empty() && merged.researchers.is_empty());
        let csv = export_file(ExportFormat::Csv, &entries).unwrap();
        assert!(csv.starts_with("\u{feff}key,title"), "{csv}");
        assert_eq!(csv.matches("\r\n").count(), 3);
        assert_eq!(export_file(ExportFormat::Csv, &[]), None);
    }
}
