//! Researchers' detail files packed into a bounded number of files.
//!
//! A profile needs one researcher's [`DetailFile`]. One file per researcher is 100,000 files at
//! 100,000 researchers, over what static hosts accept (Cloudflare Pages takes 20,000 files in
//! a site). So the build step packs them: consecutive researchers, in the compiled directory's
//! order, share a pack of [`pack_size`] people, and there are never more than [`MAX_PACKS`]
//! packs. A profile fetches its researcher's pack (`data/people/N.bin`, postcard: [`super::compiled::encode_detail`]) and reads its record
//! from it; the pack's number comes from the researcher's position among the directory's cards
//! and the pack size the directory records ([`super::CompiledDirectory::pack_size`]).

use serde::{Deserialize, Serialize};

use super::DetailFile;

/// The most pack files a site has, whatever its size.
pub const MAX_PACKS: usize = 600;

/// The fewest researchers in a pack (below [`MAX_PACKS`] packs): a profile's fetch stays a few
/// records, and a lab's site has one file.
pub const MIN_PACK: usize = 8;

/// Researchers per pack for a directory of `researchers`.
pub fn pack_size(researchers: usize) -> usize {
    researchers.div_ceil(MAX_PACKS).max(MIN_PACK)
}

/// The pack holding the researcher at `position` among the cards.
pub fn pack_of(position: usize, pack_size: usize) -> usize {
    position / pack_size.max(1)
}

/// The URL of pack `pack`, relative to the site's base URL.
pub fn path(pack: usize) -> String {
    format!("data/people/{pack}.bin")
}

/// Consecutive researchers' detail files, in the directory's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PeoplePack {
    /// One detail file per researcher of the pack.
    pub people: Vec<DetailFile>,
}

impl PeoplePack {
    /// Encodes the pack ([`super::compiled::encode_detail`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        super::compiled::encode_detail(self)
    }

    /// Decodes a pack written by [`Self::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        super::compiled::decode_detail(bytes, "a profile pack")
    }

    /// The detail file of the researcher with `id`.
    pub fn get(&self, id: &str) -> Option<&DetailFile> {
        (self.people.iter()).find(|f| f.dataset.researchers.first().is_some_and(|r| r.id.0 == id))
    }

    /// Splits `files` (in the directory's order) into packs of `pack_size`.
    pub fn split(files: Vec<DetailFile>, pack_size: usize) -> Vec<PeoplePack> {
        let mut packs = Vec::with_capacity(files.len().div_ceil(pack_size.max(1)));
        let mut files = files.into_iter().peekable();
        while files.peek().is_some() {
            let people: Vec<DetailFile> = files.by_ref().take(pack_size.max(1)).collect();
            packs.push(PeoplePack { people });
        }
        packs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cite::bibtex_keys;
    use crate::search::CompiledDirectory;

    #[test]
    fn packs_stay_few_at_any_size() {
        assert_eq!(pack_size(5), MIN_PACK);
        assert_eq!(pack_size(2_000), MIN_PACK);
        assert_eq!(pack_size(20_000), 34);
        assert_eq!(pack_size(100_000), 167);
        for n in [
            1_usize, 5, 7, 8, 9, 2_000, 20_000, 31_999, 32_001, 100_000, 1_000_000,
        ] {
            let packs = n.div_ceil(pack_size(n));
            assert!(packs <= MAX_PACKS, "{n} researchers: {packs} packs");
            assert_eq!(pack_of(n - 1, pack_size(n)), packs - 1, "{n}");
        }
    }

    #[test]
    fn every_researcher_is_found_in_their_pack_after_a_round_trip() {
        let dir = crate::model::load(include_str!("../../data/researchers.json"), 2027).unwrap();
        let compiled = CompiledDirectory::compile(&dir);
        let keys = bibtex_keys(&dir.dataset);
        let by_id = DetailFile::publications_by_id(&dir.dataset);
        let files: Vec<DetailFile> = (0..dir.dataset.researchers.len())
            .map(|i| DetailFile::new(&dir.dataset, i, &keys, &by_id))
            .collect();
        // Packs of two, so that the five researchers need three packs.
        let packs = PeoplePack::split(files.clone(), 2);
        assert_eq!(packs.len(), 3);
        for (i, card) in compiled.cards.iter().enumerate() {
            let pack = PeoplePack::from_bytes(&packs[pack_of(i, 2)].to_bytes()).unwrap();
            assert_eq!(pack.get(&card.id), Some(&files[i]), "{}", card.id);
        }
        // The authoring JSON leaves unknown fields out; the pack must not.
        let json = serde_json::to_string(&packs[0]).unwrap();
        assert!(!json.contains("null") && !json.contains("[]"));
        let bytes = packs[0].to_bytes();
        assert_eq!(PeoplePack::from_bytes(&bytes).unwrap(), packs[0]);
        let err = PeoplePack::from_bytes(&bytes[..bytes.len() / 2]).unwrap_err();
        assert!(err.starts_with("not a profile pack: "), "{err}");
        let err = PeoplePack::from_bytes(b"<!DOCTYPE html>").unwrap_err();
        assert!(err.contains("Research Atlas header"), "{err}");
        let header = crate::search::compiled::DETAIL_MAGIC.to_vec();
        let next = crate::search::compiled::DETAIL_FORMAT + 1;
        let other = crate::model::every_field(|| postcard::to_extend(&(next, &packs[0]), header));
        let other = other.unwrap();
        let err = PeoplePack::from_bytes(&other).unwrap_err();
        assert!(err.contains("rebuild the data"), "{err}");
        let json = serde_json::to_vec(&packs[0]).unwrap();
        let pack: PeoplePack = serde_json::from_slice(&json).unwrap();
        assert_eq!(pack.get("nobody"), None);
    }
}
