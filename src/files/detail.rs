//! Detail files: one researcher's record with the publications they list, or a chunk of the
//! publication list, as a small dataset of the authoring schema. Profile packs
//! ([`super::people`]) and publication chunks ([`super::publications`]) are written with
//! [`encode_detail`]: [`DETAIL_MAGIC`], [`DETAIL_FORMAT`], then postcard with every field.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::Header;
use crate::Error;
use crate::model::{Dataset, Publication, PublicationId};

/// One researcher's profile data: their record, the publications they list, and every
/// vocabulary entry those mention, as a dataset of the authoring schema; with the BibTeX keys
/// of those publications as computed over the whole directory (so keys never depend on which
/// file a list came from).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DetailFile {
    /// The researcher, their publications and the vocabulary entries they use.
    pub dataset: Dataset,
    /// BibTeX key per publication id.
    pub cite_keys: BTreeMap<PublicationId, String>,
}

/// The version of the detail files (profile packs and publication chunks); the app refuses
/// files of another. 3: a publication's abstract, citations, source ids and provenance (always
/// empty: [`DetailFile::subset`]); 4: a researcher's, organization's and topic's translations.
pub const DETAIL_FORMAT: u32 = 4;

/// Whether a detail file keeps its publications' abstracts: a profile shows them, the list of
/// every publication does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abstracts {
    /// Kept (profile packs).
    Keep,
    /// Left out (`/publications`' chunks).
    Leave,
}

/// The first bytes of a detail file.
pub const DETAIL_MAGIC: &[u8] = b"ATLASD";

/// Encodes a detail file's `value`: [`DETAIL_MAGIC`], [`DETAIL_FORMAT`], then postcard with
/// every field written ([`crate::model::every_field`]: postcard has no field names).
pub fn encode_detail<T: Serialize>(value: &T) -> Vec<u8> {
    let header = DETAIL_MAGIC.to_vec();
    crate::model::every_field(|| postcard::to_extend(&(DETAIL_FORMAT, value), header))
        .expect("a detail file always encodes")
}

/// Decodes a file written by [`encode_detail`], refusing anything else; `what` names the file
/// in the error ("not a profile pack: …"), and `header` says it lacks the header ("a profile
/// pack (it does not start with the Research Atlas header)").
pub fn decode_detail<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    what: &'static str,
    header: &'static str,
) -> Result<T, Error> {
    let header = Header {
        magic: DETAIL_MAGIC,
        version: DETAIL_FORMAT,
        name: what,
        missing: header,
        kind: what,
    };
    postcard::from_bytes(header.open(bytes)?).map_err(Error::decoding(what))
}

impl DetailFile {
    /// Encodes the file ([`encode_detail`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        encode_detail(self)
    }

    /// Decodes a file written by [`Self::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        decode_detail(
            bytes,
            "a detail file",
            "a detail file (it does not start with the Research Atlas header)",
        )
    }

    /// The detail file of `dataset.researchers[index]`, with keys from `keys` and publications
    /// looked up in `by_id` (position in `dataset.publications` per id).
    pub fn new<K: std::borrow::Borrow<str> + std::hash::Hash + Eq>(
        dataset: &Dataset,
        index: usize,
        keys: &HashMap<PublicationId, String>,
        by_id: &HashMap<K, usize>,
    ) -> Self {
        let r = &dataset.researchers[index];
        let mut listed: Vec<usize> = (r.publications.iter())
            .filter_map(|id| by_id.get(id.as_str()).copied())
            .collect();
        // In dataset order, each once.
        listed.sort_unstable();
        listed.dedup();
        Self::subset(dataset, Some(index), &listed, keys, Abstracts::Keep)
    }

    /// The file of the researcher `researcher` (if any) and the publications `publications`
    /// (indices into `dataset.publications`, in the file's order), with every vocabulary entry
    /// they mention and their BibTeX keys from `keys`; their abstracts as `abstracts` says, and
    /// without their provenance, which no page shows.
    pub fn subset(
        dataset: &Dataset,
        researcher: Option<usize>,
        publications: &[usize],
        keys: &HashMap<PublicationId, String>,
        abstracts: Abstracts,
    ) -> Self {
        let researchers: Vec<_> = researcher
            .map(|i| dataset.researchers[i].clone())
            .into_iter()
            .collect();
        let publications: Vec<_> = (publications.iter())
            .map(|&i| {
                let p = &dataset.publications[i];
                Publication {
                    abstract_text: match abstracts {
                        Abstracts::Keep => p.abstract_text.clone(),
                        Abstracts::Leave => None,
                    },
                    provenance: BTreeMap::new(),
                    ..p.clone()
                }
            })
            .collect();
        // Every string the record and its papers contain: a vocabulary entry is kept when its
        // id is one of them, whatever field refers to it.
        let mut mentioned = std::collections::HashSet::new();
        let values = [
            serde_json::to_value(&researchers),
            serde_json::to_value(&publications),
        ];
        for v in values.iter().flatten() {
            collect_strings(v, &mut mentioned);
        }
        let keep = |id: &str| mentioned.contains(id);
        Self {
            cite_keys: (publications.iter())
                .filter_map(|p| Some((p.id.clone(), keys.get(&p.id)?.clone())))
                .collect(),
            dataset: Dataset {
                schema: None,
                schema_version: dataset.schema_version,
                config: dataset.config.clone(),
                organizations: (dataset.organizations.iter())
                    .filter(|o| keep(o.id.as_str()))
                    .cloned()
                    .collect(),
                topics: (dataset.topics.iter())
                    .filter(|t| keep(t.id.as_str()))
                    .cloned()
                    .collect(),
                venues: (dataset.venues.iter())
                    .filter(|v| keep(v.id.as_str()))
                    .cloned()
                    .collect(),
                researchers,
                publications,
            },
        }
    }
}

impl DetailFile {
    /// Each publication's position in `dataset.publications`, by id (for [`Self::new`]).
    pub fn publications_by_id(dataset: &Dataset) -> HashMap<&str, usize> {
        (dataset.publications.iter().enumerate())
            .map(|(i, p)| (p.id.as_str(), i))
            .collect()
    }
}

/// Adds every string in `v` to `out`.
fn collect_strings(v: &serde_json::Value, out: &mut std::collections::HashSet<String>) {
    match v {
        serde_json::Value::String(s) => {
            out.insert(s.clone());
        }
        serde_json::Value::Array(xs) => xs.iter().for_each(|x| collect_strings(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| collect_strings(x, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_detail_file_is_a_valid_dataset_with_everything_the_profile_mentions() {
        let dir = crate::model::bundled::loaded();
        let keys = crate::model::cite::bibtex_keys(&dir.dataset);
        let by_id = DetailFile::publications_by_id(&dir.dataset);
        for i in 0..dir.dataset.researchers.len() {
            let file = DetailFile::new(&dir.dataset, i, &keys, &by_id);
            let r = &dir.dataset.researchers[i];
            assert_eq!(file.dataset.researchers.len(), 1);
            let mut listed = r.publications.clone();
            listed.sort();
            listed.dedup();
            assert_eq!(file.dataset.publications.len(), listed.len(), "{}", r.id);
            assert_eq!(file.cite_keys.len(), listed.len());
            // Every vocabulary reference resolves inside the file; only links to other
            // researchers (co-authors, advisors) point outside it. (The app reads the file as
            // it is, without the loader, which would unlink those.)
            let json = serde_json::to_string(&file.dataset).unwrap();
            let loaded = crate::model::load(&json, 2027).unwrap();
            for p in &loaded.problems {
                assert!(
                    p.message.contains("is not a known researcher id"),
                    "{}: {p:?}",
                    r.id
                );
            }
        }
    }
}
