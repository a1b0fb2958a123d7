//! Researchers' detail files packed into a bounded number of files.
//!
//! A profile needs one researcher's [`DetailFile`]. One file per researcher is 100,000 files at
//! 100,000 researchers, over what static hosts accept (Cloudflare Pages takes 20,000 files in
//! a site). So the build step packs them: consecutive researchers, in the compiled directory's
//! order, share a pack of [`pack_size`] people, and there are never more than [`MAX_PACKS`]
//! packs. A profile fetches its researcher's pack (`data/people/N.bin`, postcard: [`encode_detail`]) and reads its record
//! from it; the pack's number comes from the researcher's position among the directory's cards
//! and the pack size for the directory's size ([`pack_size`]), or,
//! without the directory, from the profile's pre-rendered page or a neighbour's [`Steps`]
//! (Previous and Next).

use serde::{Deserialize, Serialize};

use super::detail::{DetailFile, decode_detail, encode_detail};
use crate::search::{CardIndex, Hit, SearchParams};

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

/// Consecutive researchers' detail files, in the directory's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PeoplePack {
    /// One detail file per researcher of the pack.
    pub people: Vec<DetailFile>,
    /// Where each of them stands in the directory's default view, in the same order.
    pub steps: Vec<Steps>,
}

/// Where a researcher stands among a list of researchers: what a profile's "previous / next"
/// shows. A pack holds it for the directory's default view (everyone, by name), so that a
/// profile opened from its link shows it without the whole directory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Steps {
    /// The researcher's place in the list, from 1.
    pub at: u32,
    /// How many researchers the list has.
    pub of: u32,
    /// The one before, if any.
    pub prev: Option<Step>,
    /// The one after, if any.
    pub next: Option<Step>,
}

/// A neighbour in a list of researchers: where a step leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Their id.
    pub id: String,
    /// Their name, as their card shows it.
    pub name: String,
    /// The pack that holds their records.
    pub pack: u32,
}

impl Steps {
    /// The steps of the researcher at `position` among `hits` (a search's, over `directory`);
    /// `None` when the hits do not have them.
    pub fn within(compiled: &CardIndex, hits: &[Hit], position: usize) -> Option<Self> {
        let at = hits.iter().position(|h| h.researcher == position)?;
        Some(Self::make(compiled, hits.len(), at, |i| hits[i].researcher))
    }

    /// Every researcher's steps in the directory's default view, by position among its cards.
    pub fn default_view(compiled: &CardIndex) -> Vec<Self> {
        let hits = compiled.index.search(&SearchParams::default()).hits;
        let mut steps = vec![None; compiled.cards.len()];
        for (at, hit) in hits.iter().enumerate() {
            let made = Self::make(compiled, hits.len(), at, |i| hits[i].researcher);
            steps[hit.researcher] = Some(made);
        }
        // Everyone is in the default view; someone it lacked would have no neighbours.
        let alone = |position| Self::make(compiled, 1, 0, |_| position);
        (steps.into_iter().enumerate())
            .map(|(position, s)| s.unwrap_or_else(|| alone(position)))
            .collect()
    }

    /// The steps of the `at`-th of `len` researchers, `researcher(i)` being the position among
    /// `directory`'s cards of the `i`-th.
    fn make(
        compiled: &CardIndex,
        len: usize,
        at: usize,
        researcher: impl Fn(usize) -> usize,
    ) -> Self {
        let size = pack_size(compiled.cards.len());
        let step = |i: usize| {
            let position = researcher(i);
            let card = &compiled.cards[position];
            Step {
                id: card.id.clone(),
                name: card.name.clone(),
                pack: pack_of(position, size) as u32,
            }
        };
        Self {
            at: at as u32 + 1,
            of: len as u32,
            prev: at.checked_sub(1).map(step),
            next: (at + 1 < len).then(|| step(at + 1)),
        }
    }
}

impl PeoplePack {
    /// Encodes the pack ([`encode_detail`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        encode_detail(self)
    }

    /// Decodes a pack written by [`Self::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, crate::Error> {
        decode_detail(
            bytes,
            "a profile pack",
            "a profile pack (it does not start with the Research Atlas header)",
        )
    }

    /// The detail file of the researcher with `id`.
    pub fn get(&self, id: &str) -> Option<&DetailFile> {
        self.find(id).map(|i| &self.people[i])
    }

    /// The detail file of the researcher with `id`, and their steps in the default view.
    pub fn get_with_steps(&self, id: &str) -> Option<(&DetailFile, &Steps)> {
        let i = self.find(id)?;
        Some((&self.people[i], self.steps.get(i)?))
    }

    fn find(&self, id: &str) -> Option<usize> {
        (self.people.iter())
            .position(|f| f.dataset.researchers.first().is_some_and(|r| r.id.0 == id))
    }

    /// Splits `files` and their `steps` (both in the directory's order) into packs of
    /// `pack_size`.
    pub fn split(files: Vec<DetailFile>, steps: Vec<Steps>, pack_size: usize) -> Vec<PeoplePack> {
        let size = pack_size.max(1);
        let mut packs = Vec::with_capacity(files.len().div_ceil(size));
        let (mut files, mut steps) = (files.into_iter().peekable(), steps.into_iter());
        while files.peek().is_some() {
            let people: Vec<DetailFile> = files.by_ref().take(size).collect();
            let steps: Vec<Steps> = steps.by_ref().take(size).collect();
            packs.push(PeoplePack { people, steps });
        }
        packs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cite::bibtex_keys;
    use crate::search::CardIndex;

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
    fn the_default_views_steps_are_the_default_searchs_neighbours() {
        let dir = crate::model::bundled::loaded();
        let compiled = CardIndex::compile(&dir);
        let steps = Steps::default_view(&compiled);
        let hits = compiled.index.search(&SearchParams::default()).hits;
        assert_eq!(steps.len(), 5);
        for (position, steps) in steps.iter().enumerate() {
            let within = Steps::within(&compiled, &hits, position);
            assert_eq!(within.as_ref(), Some(steps), "{position}");
        }
        // In name order, each one's next is the one after, whose previous is them.
        let mut places: Vec<(u32, &str)> = (steps.iter().zip(&compiled.cards))
            .map(|(s, card)| (s.at, card.id.as_str()))
            .collect();
        places.sort_unstable();
        let ids: Vec<&str> = places.iter().map(|(_, id)| *id).collect();
        assert_eq!(
            ids,
            [
                "frank-sifei-luan",
                "jiachen-liu",
                "luo-mai",
                "michael-luo",
                "tao-luo"
            ]
        );
        let of = |id: &str| &steps[compiled.position(id).unwrap()];
        assert!(of(ids[0]).prev.is_none() && of(ids[4]).next.is_none());
        for pair in ids.windows(2) {
            assert_eq!(of(pair[0]).next.as_ref().unwrap().id, pair[1]);
            assert_eq!(of(pair[1]).prev.as_ref().unwrap().id, pair[0]);
            assert_eq!(of(pair[1]).prev.as_ref().unwrap().pack, 0);
        }
    }

    #[test]
    fn every_researcher_is_found_in_their_pack_after_a_round_trip() {
        let dir = crate::model::bundled::loaded();
        let compiled = CardIndex::compile(&dir);
        let keys = bibtex_keys(&dir.dataset);
        let by_id = DetailFile::publications_by_id(&dir.dataset);
        let files: Vec<DetailFile> = (0..dir.dataset.researchers.len())
            .map(|i| DetailFile::new(&dir.dataset, i, &keys, &by_id))
            .collect();
        // Packs of two, so that the five researchers need three packs.
        let steps = Steps::default_view(&compiled);
        let packs = PeoplePack::split(files.clone(), steps.clone(), 2);
        assert_eq!(packs.len(), 3);
        for (i, card) in compiled.cards.iter().enumerate() {
            let pack = PeoplePack::from_bytes(&packs[pack_of(i, 2)].to_bytes()).unwrap();
            assert_eq!(pack.get(&card.id), Some(&files[i]), "{}", card.id);
            let with_steps = pack.get_with_steps(&card.id);
            assert_eq!(with_steps, Some((&files[i], &steps[i])), "{}", card.id);
        }
        // The authoring JSON leaves unknown fields out; the pack must not.
        let json = serde_json::to_string(&packs[0].people).unwrap();
        assert!(!json.contains("null") && !json.contains("[]"));
        let bytes = packs[0].to_bytes();
        assert_eq!(PeoplePack::from_bytes(&bytes).unwrap(), packs[0]);
        let err = PeoplePack::from_bytes(&bytes[..bytes.len() / 2])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("not a profile pack: "), "{err}");
        let err = PeoplePack::from_bytes(b"<!DOCTYPE html>")
            .unwrap_err()
            .to_string();
        assert!(err.contains("Research Atlas header"), "{err}");
        let header = crate::files::detail::DETAIL_MAGIC.to_vec();
        let next = crate::files::detail::DETAIL_FORMAT + 1;
        let other = crate::model::every_field(|| postcard::to_extend(&(next, &packs[0]), header));
        let other = other.unwrap();
        let err = PeoplePack::from_bytes(&other).unwrap_err().to_string();
        assert!(err.contains("rebuild the data"), "{err}");
        let json = serde_json::to_vec(&packs[0]).unwrap();
        let pack: PeoplePack = serde_json::from_slice(&json).unwrap();
        assert_eq!(pack.get("nobody"), None);
    }
}
