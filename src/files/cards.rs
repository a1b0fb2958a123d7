//! The compiled directory file (`data/directory.bin`) and the first page (`data/first.bin`):
//! what the browser reads before the first card.
//!
//! The directory file is a [`CardIndex`] ([`crate::search::cards`]): [`MAGIC`],
//! [`FORMAT_VERSION`], then postcard; a file of another version is refused with a clear
//! message, and a host's HTML error page is never taken for one. The first page is the
//! directory's first cards in its default order, a few kilobytes, so the first paint does not
//! wait for the whole directory.

use serde::{Deserialize, Serialize};

use super::Header;
use crate::Error;
use crate::search::{Card, CardIndex, SearchParams, Stats, VocabNames};

/// Version of the compiled directory's format (and the first page's, and of the title shards
/// read with it); a file of another version is refused with a clear message. 8: title shards
/// number researchers by their place in name order; 9: a card's title and organization in the
/// site's other languages.
pub const FORMAT_VERSION: u32 = 9;

/// The first bytes of a compiled directory file.
pub const MAGIC: &[u8] = b"ATLAS\x00";

impl CardIndex {
    /// Encodes the directory: [`MAGIC`], [`FORMAT_VERSION`], then postcard (compact, fast to
    /// decode in wasm).
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = MAGIC.to_vec();
        postcard::to_extend(&(FORMAT_VERSION, self), header)
            .expect("a compiled directory always encodes")
    }

    /// Decodes a file written by [`Self::to_bytes`], refusing anything else (a host's HTML
    /// error page, say) and other format versions.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let header = Header {
            magic: MAGIC,
            version: FORMAT_VERSION,
            name: "a compiled directory",
            missing: "a compiled directory (it does not start with the Research Atlas header)",
            kind: "compiled directory",
        };
        let body = header.open(bytes)?;
        let mut c: Self = postcard::from_bytes(body).map_err(Error::decoding(header.name))?;
        c.index.after_decode();
        Ok(c)
    }
}

/// The directory's first cards in its default order (no query, no filter, by name): what the
/// first paint needs, a few kilobytes, while the whole directory is still on its way.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FirstPage {
    /// [`FORMAT_VERSION`] of the writer.
    pub format: u32,
    /// How many researchers the directory has.
    pub total: u32,
    /// The first cards, with their figures.
    pub cards: Vec<(Card, Stats)>,
    /// The topic vocabulary the cards' topics point into: (id, name).
    pub topics: Vec<(String, String)>,
    /// The names of the cards' organizations and topics in the site's other languages.
    pub names: VocabNames,
}

impl FirstPage {
    /// The first `n` cards of `directory` in default order.
    pub fn new(compiled: &CardIndex, n: usize) -> Self {
        let hits = compiled.index.search(&SearchParams::default()).hits;
        let cards: Vec<(Card, Stats)> = (hits.iter().take(n))
            .map(|h| {
                let stats = compiled.index.stats(h.researcher);
                (compiled.cards[h.researcher].clone(), stats)
            })
            .collect();
        let orgs = (cards.iter())
            .filter_map(|(c, _)| c.organization.as_ref().map(|(id, _)| id.as_str()))
            .collect();
        let topics = (cards.iter())
            .flat_map(|(c, _)| &c.topics)
            .filter_map(|&t| compiled.topics.get(t as usize).map(|(id, _)| id.as_str()))
            .collect();
        Self {
            format: FORMAT_VERSION,
            total: compiled.cards.len() as u32,
            names: compiled.names.only(&orgs, &topics),
            cards,
            topics: compiled.topics.clone(),
        }
    }

    /// Encodes the page (postcard).
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("a first page always encodes")
    }

    /// Decodes a page written by [`Self::to_bytes`] of this format version.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let page: Self = postcard::from_bytes(bytes).map_err(Error::decoding("a first page"))?;
        if page.format != FORMAT_VERSION {
            return Err(Error::Version {
                file: "first page",
                found: page.format,
                reads: FORMAT_VERSION,
            });
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::bundled::{JSON as BUNDLED, loaded as bundled};

    #[test]
    fn the_compiled_directory_round_trips() {
        let dir = bundled();
        let (c, _) = CardIndex::compile_sharded(&dir);
        let back = CardIndex::from_bytes(&c.to_bytes()).unwrap();
        assert_eq!(back.cards, c.cards);
        assert_eq!(back.shards, c.shards);
        assert_eq!(back.index.len(), dir.dataset.researchers.len());
        let json = BUNDLED.replacen("\"title\": \"", "\"title\": \"\\u202e", 1);
        let warned = CardIndex::compile(&crate::model::load(&json, 2027).unwrap());
        let back = CardIndex::from_bytes(&warned.to_bytes()).unwrap();
        assert_eq!(back.warnings, warned.warnings);
    }

    #[test]
    fn the_first_page_is_the_default_order() {
        let c = CardIndex::compile(&bundled());
        let page = FirstPage::from_bytes(&FirstPage::new(&c, 3).to_bytes()).unwrap();
        assert_eq!(page.total, 5);
        let names: Vec<&str> = page.cards.iter().map(|(c, _)| c.name.as_str()).collect();
        assert_eq!(names, ["Frank Sifei Luan", "Jiachen Liu", "Luo Mai"]);
        assert_eq!(page.cards[0].1.publications, 11);
    }

    #[test]
    fn another_format_version_is_named() {
        let c = CardIndex::compile(&bundled());
        let other = postcard::to_extend(&(FORMAT_VERSION + 1, &c), MAGIC.to_vec()).unwrap();
        let err = CardIndex::from_bytes(&other).unwrap_err().to_string();
        assert!(
            err.contains(&format!("format {}", FORMAT_VERSION + 1)),
            "{err}"
        );
        assert!(CardIndex::from_bytes(b"<!doctype html>").is_err());
    }
}
