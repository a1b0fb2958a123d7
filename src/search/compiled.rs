//! The compiled directory: what the browser needs before the first card, built once.
//!
//! The authoring file (`data/researchers.json`) has everything about everyone; the directory
//! page needs only a card per researcher and the search index. [`CardIndex::compile`]
//! derives both from a loaded [`LoadedDataset`], so the build step (`cargo xtask build-data`) can
//! ship them as one compact binary file (postcard) and the browser skips parsing, validating and
//! indexing the whole dataset. Profiles then fetch one researcher's record
//! ([`DetailFile`]) and queries fetch the publication-title shards they need
//! ([`super::titles`]). When no compiled file is served (`trunk serve`, or a host that was given
//! only the JSON), the app compiles the same structure in the browser from the JSON.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::index::{SearchIndex, Stats};
use super::params::SearchParams;
use super::summary::Activity;
use super::titles::TitleShard;
use crate::model::{
    CareerStage, Dataset, Link, LinkKind, LoadedDataset, OpeningKind, PublicationId, Researcher,
};

/// Version of the compiled format; a file of another version is refused with a clear message.
pub const FORMAT_VERSION: u32 = 6;

/// What a researcher's card shows (the figures come from [`SearchIndex::stats`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Card {
    /// The researcher's id, their profile's URL segment.
    pub id: String,
    /// Their name.
    pub name: String,
    /// Other spellings, for close-name suggestions.
    pub other_names: Vec<String>,
    /// Their title, e.g. `"PhD student"`.
    pub title: Option<String>,
    /// Their current organization, when the vocabulary has it: (id, short label), so the card
    /// can link its page.
    pub organization: Option<(String, String)>,
    /// Career stage.
    pub stage: CareerStage,
    /// Whom they are taking on, for the card's badge; empty when the record states no openings.
    /// (The note, source and date are the profile's: it reads the whole record.)
    pub openings: Vec<OpeningKind>,
    /// Where they are, as the dataset writes it.
    pub location: Option<String>,
    /// Their topics, as positions in [`CardIndex::topics`].
    pub topics: Vec<u32>,
    /// Homepage, GitHub and email links (the ones a card shows).
    pub links: Vec<CardLink>,
    /// Publications per year, for the card's sparkline.
    pub activity: Activity,
}

/// A link on a card. (The model's [`Link`] leaves out empty labels when written, which a
/// binary format without field names cannot read back.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardLink {
    /// What the link points to.
    pub kind: LinkKind,
    /// The URL.
    pub url: String,
    /// Text to show instead of the kind's default label.
    pub label: Option<String>,
}

impl From<CardLink> for Link {
    fn from(l: CardLink) -> Self {
        Link {
            kind: l.kind,
            url: l.url,
            label: l.label,
        }
    }
}

impl Card {
    /// The card of `r`, with topics numbered by `topic_pos`.
    fn new(
        dataset: &Dataset,
        r: &Researcher,
        topic_pos: &HashMap<&str, u32>,
        years: &HashMap<&str, u16>,
    ) -> Self {
        let mut seen = std::collections::BTreeSet::new();
        let activity = Activity::from_years(
            (r.publications.iter())
                .filter(|id| seen.insert(id.as_str()))
                .filter_map(|id| years.get(id.as_str()).copied()),
        );
        Self {
            id: r.id.0.clone(),
            name: r.name.clone(),
            other_names: r.alternative_names.clone(),
            title: r.title.clone(),
            organization: (r.organization.as_ref())
                .and_then(|id| dataset.organization(id))
                .map(|o| (o.id.0.clone(), o.label().to_owned())),
            stage: r.career_stage,
            openings: (r.openings.iter()).flat_map(|o| o.kinds.clone()).collect(),
            location: r.location.clone(),
            topics: (r.topics.iter())
                .filter_map(|t| topic_pos.get(t.as_str()).copied())
                .collect(),
            links: (r.links.iter())
                .filter(|l| {
                    matches!(
                        l.kind,
                        LinkKind::Homepage | LinkKind::Github | LinkKind::Email
                    )
                })
                .map(|l| CardLink {
                    kind: l.kind,
                    url: l.url.clone(),
                    label: l.label.clone(),
                })
                .collect(),
            activity,
        }
    }
}

impl Card {
    /// Title and current organization, e.g. `"PhD student, UC Berkeley"`, as [`role_line`]
    /// writes it.
    pub fn role(&self) -> Option<String> {
        let org = self.organization.as_ref().map(|(_, label)| label.clone());
        match (self.title.clone(), org) {
            (Some(t), Some(o)) => Some(format!("{t}, {o}")),
            (t, o) => t.or(o),
        }
    }
}

/// Title and current organization, e.g. `"PhD student, UC Berkeley"`, as cards and the compare
/// page show it.
pub fn role_line(dataset: &Dataset, r: &Researcher) -> Option<String> {
    let org = (r.organization.as_ref())
        .and_then(|id| dataset.organization(id))
        .map(|o| o.label().to_owned());
    match (r.title.clone(), org) {
        (Some(t), Some(o)) => Some(format!("{t}, {o}")),
        (t, o) => t.or(o),
    }
}

/// The directory as the browser needs it first: cards, the index, and the load's problems.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CardIndex {
    /// [`FORMAT_VERSION`] of the writer.
    pub format: u32,
    /// One card per researcher, in dataset order (the index's researcher numbers).
    pub cards: Vec<Card>,
    /// The topic vocabulary: (id, name).
    pub topics: Vec<(String, String)>,
    /// The researcher index; without publication titles when `shards` is `Some`.
    pub index: SearchIndex,
    /// Keys of the publication-title shards; `None` when the index holds the titles itself.
    pub shards: Option<Vec<String>>,
    /// Problems found while loading the authoring file, one line each (path: reason).
    pub problems: Vec<String>,
    /// Records skipped because of them, e.g. `researchers[2] ("Ada Lovelace")`.
    pub skipped: Vec<String>,
    /// Warnings about records that were kept (invisible characters), one line each.
    pub warnings: Vec<String>,
    /// Researchers per pack of detail files ([`super::people`]): the pack of the card at
    /// position `i` is `i / pack_size`.
    pub pack_size: u32,
}

impl CardIndex {
    /// Compiles a loaded directory with publication titles in the index (for the browser's
    /// fallback and small datasets).
    pub fn compile(directory: &LoadedDataset) -> Self {
        let mut c = Self::base(directory);
        c.index = SearchIndex::new(&directory.dataset);
        c
    }

    /// Compiles a loaded directory with publication titles as shards (the build step).
    pub fn compile_sharded(directory: &LoadedDataset) -> (Self, BTreeMap<String, TitleShard>) {
        let mut c = Self::base(directory);
        let (index, shards) = SearchIndex::new_sharded(&directory.dataset);
        c.index = index;
        c.shards = Some(shards.keys().cloned().collect());
        (c, shards)
    }

    /// Everything but the index.
    fn base(directory: &LoadedDataset) -> Self {
        let d = &directory.dataset;
        let topic_pos: HashMap<&str, u32> = (d.topics.iter().enumerate())
            .map(|(i, t)| (t.id.as_str(), i as u32))
            .collect();
        let years: HashMap<&str, u16> = (d.publications.iter())
            .map(|p| (p.id.as_str(), p.year))
            .collect();
        Self {
            format: FORMAT_VERSION,
            cards: (d.researchers.iter())
                .map(|r| Card::new(d, r, &topic_pos, &years))
                .collect(),
            topics: (d.topics.iter())
                .map(|t| (t.id.0.clone(), t.name.clone()))
                .collect(),
            index: SearchIndex::default(),
            shards: None,
            problems: (directory.problems.iter())
                .filter(|p| !p.is_warning())
                .map(|p| p.to_string())
                .collect(),
            skipped: directory.skipped.clone(),
            warnings: (directory.warnings())
                .map(|p| format!("{}: {}", p.path, p.message))
                .collect(),
            pack_size: super::people::pack_size(d.researchers.len()) as u32,
        }
    }

    /// True when nothing had to be skipped or reported, not even a warning.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty() && self.skipped.is_empty() && self.warnings.is_empty()
    }

    /// The position of the researcher with `id`.
    pub fn position(&self, id: &str) -> Option<usize> {
        self.cards.iter().position(|c| c.id == id)
    }

    /// Encodes the directory: [`MAGIC`], then postcard (compact, fast to decode in wasm).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(postcard::to_allocvec(self).expect("a compiled directory always encodes"));
        bytes
    }

    /// Decodes a file written by [`Self::to_bytes`], refusing anything else (a host's HTML
    /// error page, say) and other format versions.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a compiled directory (it does not start with the Research Atlas header)")?;
        // The version comes first, so a file of another version is named as such.
        let (format, _): (u32, _) = postcard::take_from_bytes(body)
            .map_err(|e| format!("not a compiled directory: {e}"))?;
        if format != FORMAT_VERSION {
            return Err(format!(
                "compiled directory format {format}, this app reads {FORMAT_VERSION}: rebuild the data (cargo xtask build-data)"
            ));
        }
        let mut c: Self =
            postcard::from_bytes(body).map_err(|e| format!("not a compiled directory: {e}"))?;
        c.index.after_decode();
        Ok(c)
    }
}

/// The first bytes of a compiled directory file.
pub const MAGIC: &[u8] = b"ATLAS\x00";

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
}

impl FirstPage {
    /// The first `n` cards of `directory` in default order.
    pub fn new(directory: &CardIndex, n: usize) -> Self {
        let hits = directory.index.search(&SearchParams::default()).hits;
        Self {
            format: FORMAT_VERSION,
            total: directory.cards.len() as u32,
            cards: (hits.iter().take(n))
                .map(|h| {
                    let stats = directory.index.stats(h.researcher);
                    (directory.cards[h.researcher].clone(), stats)
                })
                .collect(),
            topics: directory.topics.clone(),
        }
    }

    /// Encodes the page (postcard).
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("a first page always encodes")
    }

    /// Decodes a page written by [`Self::to_bytes`] of this format version.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let page: Self =
            postcard::from_bytes(bytes).map_err(|e| format!("not a first page: {e}"))?;
        if page.format != FORMAT_VERSION {
            return Err(format!("first page format {}", page.format));
        }
        Ok(page)
    }
}

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
/// files of another.
pub const DETAIL_FORMAT: u32 = 2;

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
/// in the error ("not a profile pack: …").
pub fn decode_detail<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    what: &str,
) -> Result<T, String> {
    let body = (bytes.strip_prefix(DETAIL_MAGIC))
        .ok_or_else(|| format!("not {what} (it does not start with the Research Atlas header)"))?;
    let (format, rest): (u32, _) =
        postcard::take_from_bytes(body).map_err(|e| format!("not {what}: {e}"))?;
    if format != DETAIL_FORMAT {
        return Err(format!(
            "{what} of format {format}, this app reads {DETAIL_FORMAT}: rebuild the data (cargo xtask build-data)"
        ));
    }
    postcard::from_bytes(rest).map_err(|e| format!("not {what}: {e}"))
}

impl DetailFile {
    /// Encodes the file ([`encode_detail`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        encode_detail(self)
    }

    /// Decodes a file written by [`Self::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        decode_detail(bytes, "a detail file")
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
        Self::subset(dataset, Some(index), &listed, keys)
    }

    /// The file of the researcher `researcher` (if any) and the publications `publications`
    /// (indices into `dataset.publications`, in the file's order), with every vocabulary entry
    /// they mention and their BibTeX keys from `keys`.
    pub fn subset(
        dataset: &Dataset,
        researcher: Option<usize>,
        publications: &[usize],
        keys: &HashMap<PublicationId, String>,
    ) -> Self {
        let researchers: Vec<_> = researcher
            .map(|i| dataset.researchers[i].clone())
            .into_iter()
            .collect();
        let publications: Vec<_> = (publications.iter())
            .map(|&i| dataset.publications[i].clone())
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

    const BUNDLED: &str = include_str!("../../data/researchers.json");

    fn bundled() -> LoadedDataset {
        crate::model::load(BUNDLED, 2027).expect("the bundled dataset loads")
    }

    #[test]
    fn the_compiled_directory_round_trips_and_has_every_card() {
        let dir = bundled();
        let (c, shards) = CardIndex::compile_sharded(&dir);
        assert_eq!(c.cards.len(), dir.dataset.researchers.len());
        let luo = &c.cards[c.position("michael-luo").unwrap()];
        assert_eq!(luo.name, "Michael Luo");
        assert!(
            luo.role().as_deref().unwrap().contains("UC Berkeley"),
            "{luo:?}"
        );
        assert!(!luo.topics.is_empty());
        assert!(luo.openings.is_empty(), "{luo:?}");
        let mai = &c.cards[c.position("luo-mai").unwrap()];
        assert_eq!(mai.openings, [OpeningKind::Phd, OpeningKind::Postdoc]);
        assert!(!shards.is_empty());
        let back = CardIndex::from_bytes(&c.to_bytes()).unwrap();
        assert_eq!(back.cards, c.cards);
        assert_eq!(back.shards, c.shards);
        assert_eq!(back.index.len(), dir.dataset.researchers.len());
    }

    #[test]
    fn warnings_travel_apart_from_problems() {
        let json = BUNDLED.replacen("\"title\": \"", "\"title\": \"\\u202e", 1);
        let dir = crate::model::load(&json, 2027).unwrap();
        assert!(dir.is_valid() && !dir.is_clean());
        let c = CardIndex::compile(&dir);
        assert!(c.problems.is_empty() && c.skipped.is_empty());
        assert_eq!(c.warnings.len(), 1);
        assert!(c.warnings[0].contains(": \"\\u{202e}"), "{:?}", c.warnings);
        assert!(!c.is_clean());
        let back = CardIndex::from_bytes(&c.to_bytes()).unwrap();
        assert_eq!(back.warnings, c.warnings);
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
        let mut c = CardIndex::compile(&bundled());
        c.format = FORMAT_VERSION + 1;
        let err = CardIndex::from_bytes(&c.to_bytes()).unwrap_err();
        assert!(
            err.contains(&format!("format {}", FORMAT_VERSION + 1)),
            "{err}"
        );
        assert!(CardIndex::from_bytes(b"<!doctype html>").is_err());
    }

    #[test]
    fn a_detail_file_is_a_valid_dataset_with_everything_the_profile_mentions() {
        let dir = bundled();
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
