//! The experts file (`data/experts.bin`): what `/experts` answers from — the part of the
//! dataset that finding experts reads ([`crate::search::experts::subset`]) — as [`MAGIC`],
//! [`EXPERTS_FORMAT`], then postcard with every field written. The page builds the ranking's
//! corpus from it once, in the browser.

use crate::model::Dataset;
use crate::search::experts::subset::subset;

/// Version of the experts file's format.
pub const EXPERTS_FORMAT: u32 = 1;

/// The first bytes of the experts file.
pub const MAGIC: &[u8] = b"ATLAS-EXPERTS\x00";

/// The experts page's data: researchers, the papers with a directory author, and the names of
/// the vocabularies they use.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpertsFile {
    /// The dataset's part that finding experts reads.
    pub dataset: Dataset,
}

impl ExpertsFile {
    /// The file of `dataset`.
    pub fn of(dataset: &Dataset) -> Self {
        Self {
            dataset: subset(dataset),
        }
    }

    /// Encodes the file: [`MAGIC`], [`EXPERTS_FORMAT`], then postcard with every field
    /// ([`crate::model::every_field`]: postcard has no field names).
    pub fn to_bytes(&self) -> Vec<u8> {
        crate::model::every_field(|| {
            postcard::to_extend(&(EXPERTS_FORMAT, &self.dataset), MAGIC.to_vec())
        })
        .expect("an experts file always encodes")
    }

    /// Decodes a file written by [`Self::to_bytes`], refusing anything else (a host's HTML
    /// page), other format versions, and papers whose authors are not in the file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body = bytes.strip_prefix(MAGIC).ok_or(
            "not an experts file (it does not start with the Research Atlas experts header)",
        )?;
        // The version comes first, so a file of another version is named as such.
        let (format, rest): (u32, _) =
            postcard::take_from_bytes(body).map_err(|e| format!("not an experts file: {e}"))?;
        if format != EXPERTS_FORMAT {
            return Err(format!(
                "experts format {format}, this app reads {EXPERTS_FORMAT}: rebuild the data (cargo xtask build-data)"
            ));
        }
        let dataset: Dataset =
            postcard::from_bytes(rest).map_err(|e| format!("not an experts file: {e}"))?;
        let ids: std::collections::HashSet<&str> =
            dataset.researchers.iter().map(|r| r.id.as_str()).collect();
        let stray = (dataset.publications.iter())
            .flat_map(|p| p.authors.iter().filter_map(|a| a.researcher.as_ref()))
            .find(|id| !ids.contains(id.as_str()));
        if let Some(id) = stray {
            return Err(format!("broken experts file: author {id} is not in it"));
        }
        Ok(Self { dataset })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::experts::{Corpus, ExpertQuery, authors_of, find};

    #[test]
    fn the_file_round_trips_and_refuses_what_it_cannot_read() {
        let dir = crate::model::load(include_str!("../../data/researchers.json"), 2027).unwrap();
        let file = ExpertsFile::of(&dir.dataset);
        let back = ExpertsFile::from_bytes(&file.to_bytes()).unwrap();
        assert_eq!(back, file);
        let other = crate::model::every_field(|| {
            postcard::to_extend(&(EXPERTS_FORMAT + 1, &file.dataset), MAGIC.to_vec())
        })
        .unwrap();
        let err = ExpertsFile::from_bytes(&other).unwrap_err();
        assert!(
            err.contains(&format!("format {}", EXPERTS_FORMAT + 1)),
            "{err}"
        );
        assert!(ExpertsFile::from_bytes(b"<!doctype html>").is_err());
        let mut broken = file.clone();
        broken.dataset.researchers.remove(0);
        let err = ExpertsFile::from_bytes(&broken.to_bytes()).unwrap_err();
        assert!(err.contains("is not in it"), "{err}");
    }

    #[test]
    fn the_file_gives_the_same_experts_as_the_whole_dataset() {
        let dir = crate::model::load(include_str!("../../data/researchers.json"), 2027).unwrap();
        let whole = &dir.dataset;
        let file = ExpertsFile::from_bytes(&ExpertsFile::of(whole).to_bytes()).unwrap();
        let part = &file.dataset;
        assert!(part.publications.len() <= whole.publications.len());
        let texts = [
            "ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models",
            "Intercloud brokers for machine learning jobs across clouds",
            "spiking neural networks on neuromorphic hardware",
        ];
        for text in texts {
            for names in [
                vec![],
                vec!["Luo Mai".to_owned()],
                vec!["Ion Stoica".to_owned()],
            ] {
                let q = |d: &Dataset| ExpertQuery {
                    text: text.into(),
                    authors: authors_of(d, &["tao-luo".into()], &names),
                    conflict_years: 5,
                    since: None,
                    stages: Vec::new(),
                    this_year: 2026,
                    limit: 20,
                };
                let a = find(whole, &Corpus::of(whole), &q(whole));
                let b = find(part, &Corpus::of(part), &q(part));
                assert!(!a.experts.is_empty() || text.contains("spiking"), "{text}");
                assert_eq!(a, b, "{text} with {names:?}");
            }
        }
    }
}
