//! The card index: what the directory page answers from, a card per researcher and the search
//! index, built once.
//!
//! The authoring file (`data/researchers.json`) has everything about everyone; the directory
//! page needs only a card per researcher and the search index. [`CardIndex::compile`]
//! derives both from a loaded [`LoadedDataset`]. The build step ships it as one compact binary
//! file (its format is [`crate::files::cards`]'s), so the browser skips parsing, validating and
//! indexing the whole dataset; when no compiled file is served (`trunk serve`, or a host that
//! was given only the JSON), the app compiles the same structure in the browser from the JSON.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::index::SearchIndex;
use super::names::VocabNames;
use super::summary::Activity;
use super::titles::TitleShard;
use crate::model::{
    CareerStage, Dataset, Link, LinkKind, LoadedDataset, OpeningKind, Researcher, Shown,
};

/// What a researcher's card shows (the figures come from [`SearchIndex::stats`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Card {
    /// The researcher's id, their profile's URL segment.
    pub id: String,
    /// Their name.
    pub name: String,
    /// Other spellings (alternative names, then the native name), for close-name suggestions
    /// and a submission's authors.
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
    /// The title and organization label in the site's other languages, by language code:
    /// only those the dataset translates (a page in another shows the dataset's own).
    pub translations: Vec<(String, CardText)>,
}

/// A card's title and organization label in one other language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CardText {
    /// The title, when the researcher's record translates it.
    pub title: Option<String>,
    /// The organization's label, when its record translates it.
    pub organization: Option<String>,
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
    /// The researcher's names: their name, then their other spellings.
    pub fn names(&self) -> Vec<&str> {
        (std::iter::once(self.name.as_str()))
            .chain(self.other_names.iter().map(String::as_str))
            .collect()
    }

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
            // The native name too: a submission may name its author so.
            other_names: (r.alternative_names.iter())
                .chain(&r.native_name)
                .cloned()
                .collect(),
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
            translations: card_texts(dataset, r),
        }
    }

    /// The title a page in `lang` shows: the translation, else the dataset's own.
    pub fn title_in(&self, lang: &str) -> Option<Shown<'_>> {
        match self.text_in(lang).and_then(|t| t.title.as_deref()) {
            Some(text) => Some(Shown {
                text,
                translated: true,
            }),
            None => self.title.as_deref().map(Shown::own),
        }
    }

    /// The organization (id, label) a page in `lang` shows: the label's translation, else the
    /// dataset's own.
    pub fn organization_in(&self, lang: &str) -> Option<(&str, Shown<'_>)> {
        let (id, label) = self.organization.as_ref()?;
        let shown = match self.text_in(lang).and_then(|t| t.organization.as_deref()) {
            Some(text) => Shown {
                text,
                translated: true,
            },
            None => Shown::own(label),
        };
        Some((id, shown))
    }

    fn text_in(&self, lang: &str) -> Option<&CardText> {
        self.translations
            .iter()
            .find(|(l, _)| l == lang)
            .map(|(_, t)| t)
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

/// A card's texts in each language the researcher's or their organization's record translates.
fn card_texts(dataset: &Dataset, r: &Researcher) -> Vec<(String, CardText)> {
    let org = (r.organization.as_ref()).and_then(|id| dataset.organization(id));
    let languages: std::collections::BTreeSet<&String> = (r.translations.keys())
        .chain(org.iter().flat_map(|o| o.translations.keys()))
        .collect();
    languages
        .into_iter()
        .filter_map(|lang| {
            let title = r.title_in(lang).filter(|s| s.translated);
            let label = org.map(|o| o.label_in(lang)).filter(|s| s.translated);
            let text = CardText {
                title: title.map(|s| s.text.to_owned()),
                organization: label.map(|s| s.text.to_owned()),
            };
            (text != CardText::default()).then(|| (lang.clone(), text))
        })
        .collect()
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
    /// One card per researcher, in dataset order (the index's researcher numbers).
    pub cards: Vec<Card>,
    /// The topic vocabulary: (id, name).
    pub topics: Vec<(String, String)>,
    /// Organizations' and topics' names in the site's other languages.
    pub names: VocabNames,
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
}

impl CardIndex {
    /// Compiles a loaded directory with publication titles in the index (for the browser's
    /// fallback and small datasets).
    pub fn compile(loaded: &LoadedDataset) -> Self {
        let mut c = Self::base(loaded);
        c.index = SearchIndex::new(&loaded.dataset);
        c
    }

    /// Compiles a loaded directory with publication titles as shards (the build step).
    pub fn compile_sharded(loaded: &LoadedDataset) -> (Self, BTreeMap<String, TitleShard>) {
        let mut c = Self::base(loaded);
        let (index, shards) = SearchIndex::new_sharded(&loaded.dataset);
        c.index = index;
        c.shards = Some(shards.keys().cloned().collect());
        (c, shards)
    }

    /// Everything but the index.
    fn base(loaded: &LoadedDataset) -> Self {
        let d = &loaded.dataset;
        let topic_pos: HashMap<&str, u32> = (d.topics.iter().enumerate())
            .map(|(i, t)| (t.id.as_str(), i as u32))
            .collect();
        let years: HashMap<&str, u16> = (d.publications.iter())
            .map(|p| (p.id.as_str(), p.year))
            .collect();
        Self {
            cards: (d.researchers.iter())
                .map(|r| Card::new(d, r, &topic_pos, &years))
                .collect(),
            topics: (d.topics.iter())
                .map(|t| (t.id.0.clone(), t.name.clone()))
                .collect(),
            names: VocabNames::of(d),
            index: SearchIndex::default(),
            shards: None,
            problems: (loaded.problems.iter())
                .filter(|p| !p.is_warning())
                .map(|p| p.to_string())
                .collect(),
            skipped: loaded.skipped.clone(),
            warnings: (loaded.warnings())
                .map(|p| format!("{}: {}", p.path, p.message))
                .collect(),
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
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::bundled::{JSON as BUNDLED, loaded as bundled};

    #[test]
    fn every_researcher_has_a_card_with_what_it_shows() {
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
        assert_eq!(c.shards.as_ref().map(Vec::len), Some(shards.len()));
        assert_eq!(c.index.len(), dir.dataset.researchers.len());
    }

    #[test]
    fn a_card_carries_the_title_and_organization_its_records_translate() {
        let json = BUNDLED
            .replacen(
                r#""id": "luo-mai","#,
                r#""id": "luo-mai", "translations": {"de": {"title": "Dozent"}},"#,
                1,
            )
            .replacen(
                r#""id": "edinburgh","#,
                r#""id": "edinburgh", "translations": {"zh": {"name": "爱丁堡大学", "short_name": "爱丁堡"}, "de": {"name": "Universität Edinburgh"}},"#,
                1,
            );
        let dir = crate::model::load(&json, 2027).unwrap();
        assert!(dir.problems.is_empty(), "{:#?}", dir.problems);
        let c = CardIndex::compile(&dir);
        let mai = &c.cards[c.position("luo-mai").unwrap()];
        assert_eq!(
            mai.title_in("de").unwrap(),
            Shown {
                text: "Dozent",
                translated: true
            }
        );
        let own = mai.title.as_deref().unwrap();
        assert_eq!(mai.title_in("es").unwrap(), Shown::own(own));
        assert_eq!(mai.title_in("en").unwrap(), Shown::own(own));
        let (_, org) = mai.organization_in("de").unwrap();
        assert!(
            !org.translated,
            "the bundled organizations give no translation"
        );
        // A card of a record without translations carries none.
        let luo = &c.cards[c.position("michael-luo").unwrap()];
        assert!(luo.translations.is_empty());
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
    }
}
