//! The search index: built once from a [`Dataset`], then asked [`SearchParams`] questions.
//!
//! It owns everything a query needs, pre-computed in [`SearchIndex::new`]: every searchable text
//! tokenized once (shared texts such as a publication's title or an organization's name are
//! stored once), a sorted vocabulary of folded words so a prefix is a contiguous range of word
//! ids, each researcher's sorted word list with the best field weight of each word, and each
//! researcher's facet values. A search is then one pass over the researchers: score the query,
//! test the filters, count facet values "as if added", and finally explain each hit by the field
//! that matched best. Nothing in `search` re-tokenizes the dataset.
//!
//! The compiled directory ([`super::compiled`]) ships this index pre-built, without publication
//! titles ([`SearchIndex::new_sharded`]): those are [`super::titles`] shards that the browser
//! fetches for the words typed, and [`SearchIndex::search_with`] searches whichever are loaded.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::bits::Bits;
use super::params::{OrgScope, SearchParams, Sector, Sort};
use super::text::{fold, original_prefix_len, tokenize};
use super::titles::{TitleShard, TitleShards, build_shards, shard_key};
use crate::model::{CareerStage, Dataset, OrgKind, Researcher};

/// What kind of text a query word matched; decides its weight and the reason's label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FieldKind {
    /// The researcher's name.
    Name,
    /// Their native-script name or an alternative spelling.
    OtherName,
    /// A current, past or education organization's name, short name or alias.
    Organization,
    /// A topic of theirs or of one of their publications.
    Topic,
    /// A research interest in their own words.
    Interest,
    /// A publication title.
    Publication,
    /// A publication venue's short or full name.
    Venue,
    /// An award name.
    Award,
    /// A talk title.
    Talk,
    /// A project name.
    Project,
}

impl FieldKind {
    /// Every kind, in the order a researcher's fields are listed.
    pub const ALL: [FieldKind; 10] = [
        Self::Name,
        Self::OtherName,
        Self::Organization,
        Self::Topic,
        Self::Interest,
        Self::Publication,
        Self::Venue,
        Self::Award,
        Self::Talk,
        Self::Project,
    ];

    /// The label shown before a match reason, e.g. `"Also known as"`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Name => "Name",
            Self::OtherName => "Also known as",
            Self::Organization => "Organization",
            Self::Topic => "Topic",
            Self::Interest => "Interest",
            Self::Publication => "Publication",
            Self::Venue => "Venue",
            Self::Award => "Award",
            Self::Talk => "Talk",
            Self::Project => "Project",
        }
    }

    /// The score of an exact word match in this kind of field (a prefix match scores 3/4 of it).
    pub fn weight(self) -> u32 {
        match self {
            Self::Name => 100,
            Self::OtherName => 80,
            Self::Organization | Self::Topic => 40,
            Self::Interest | Self::Project => 30,
            Self::Award => 25,
            Self::Publication => 20,
            Self::Talk => 15,
            Self::Venue => 10,
        }
    }
}

/// Why a researcher matched: the field that matched the query best, with the matched parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchReason {
    /// What kind of field it is.
    pub kind: FieldKind,
    /// The field's text as the dataset has it.
    pub text: String,
    /// Byte ranges in `text` that matched a query word: sorted, non-overlapping, on char boundaries.
    pub highlights: Vec<(usize, usize)>,
}

/// One researcher in the results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// Index into `dataset.researchers`.
    pub researcher: usize,
    /// Relevance score; 0 when the query has no words.
    pub score: u32,
    /// The best-matching field; `None` when the query has no words.
    pub reason: Option<MatchReason>,
}

/// Counts shown on a researcher's card and used by the sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stats {
    /// Distinct publications on their profile.
    pub publications: usize,
    /// Awards and honours.
    pub awards: usize,
    /// Invited talks.
    pub talks: usize,
    /// Year of their earliest publication.
    pub first_year: Option<u16>,
    /// Year of their latest publication.
    pub last_year: Option<u16>,
}

/// One value of a facet, with how many results there would be if it were added.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FacetValue {
    /// The value as written in the URL, e.g. `"uc-berkeley"`, `"phd_student"`, `"US"`.
    pub id: String,
    /// The label shown to users, e.g. `"UC Berkeley"`, `"PhD student"`, `"United States"`.
    pub label: String,
    /// Results if this value were added to its facet's selection (for a selected value: as is).
    pub count: usize,
    /// Whether the value is in the current selection.
    pub selected: bool,
}

/// Every facet's values with "if added" counts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FacetCounts {
    /// Topics, by topic id.
    pub topics: Vec<FacetValue>,
    /// Organizations, by organization id; which ones depends on the org scope.
    pub orgs: Vec<FacetValue>,
    /// Academia and industry.
    pub sectors: Vec<FacetValue>,
    /// Career stages, by snake_case name.
    pub stages: Vec<FacetValue>,
    /// Countries of current organizations, by ISO code.
    pub countries: Vec<FacetValue>,
    /// Publication venues, by venue id.
    pub venues: Vec<FacetValue>,
    /// The "has an award" toggle (id `"1"`).
    pub award: FacetValue,
    /// Earliest publication year in the whole dataset.
    pub year_min: Option<u16>,
    /// Latest publication year in the whole dataset.
    pub year_max: Option<u16>,
}

/// The answer to a search: the ordered hits and the facet counts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchResults {
    /// Matching researchers, in the effective sort order.
    pub hits: Vec<Hit>,
    /// Facet values with "if added" counts.
    pub facets: FacetCounts,
}

/// The country's English name for common ISO 3166-1 alpha-2 codes (case-insensitive).
pub fn country_name(code: &str) -> Option<&'static str> {
    Some(match code.to_ascii_uppercase().as_str() {
        "US" => "United States",
        "GB" | "UK" => "United Kingdom",
        "CN" => "China",
        "CA" => "Canada",
        "DE" => "Germany",
        "FR" => "France",
        "CH" => "Switzerland",
        "NL" => "Netherlands",
        "BE" => "Belgium",
        "AT" => "Austria",
        "IT" => "Italy",
        "ES" => "Spain",
        "PT" => "Portugal",
        "IE" => "Ireland",
        "SE" => "Sweden",
        "DK" => "Denmark",
        "NO" => "Norway",
        "FI" => "Finland",
        "PL" => "Poland",
        "CZ" => "Czechia",
        "IL" => "Israel",
        "IN" => "India",
        "JP" => "Japan",
        "KR" => "South Korea",
        "SG" => "Singapore",
        "HK" => "Hong Kong",
        "TW" => "Taiwan",
        "AU" => "Australia",
        "NZ" => "New Zealand",
        "BR" => "Brazil",
        "AE" => "United Arab Emirates",
        "SA" => "Saudi Arabia",
        _ => return None,
    })
}

/// The list facets, in [`FacetCounts`] order; the index of each person's value lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Facet {
    Topic = 0,
    Org = 1,
    Sector = 2,
    Stage = 3,
    Country = 4,
    Venue = 5,
}

const LIST_FACETS: [Facet; 6] = [
    Facet::Topic,
    Facet::Org,
    Facet::Sector,
    Facet::Stage,
    Facet::Country,
    Facet::Venue,
];

/// A facet's vocabulary: URL ids, labels, folded labels for sorting, and id → position.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Values {
    ids: Vec<String>,
    labels: Vec<String>,
    /// Derived from `labels`; rebuilt after decoding.
    #[serde(skip)]
    sort_keys: Vec<String>,
    /// Derived from `ids`; rebuilt after decoding.
    #[serde(skip)]
    lookup: HashMap<String, u32>,
}

impl Values {
    /// Adds a value unless its id is already known; returns its position either way.
    fn add(&mut self, id: &str, label: &str) -> u32 {
        if let Some(&i) = self.lookup.get(id) {
            return i;
        }
        let i = self.ids.len() as u32;
        self.ids.push(id.to_owned());
        self.labels.push(label.to_owned());
        self.sort_keys.push(fold(label));
        self.lookup.insert(id.to_owned(), i);
        i
    }

    fn get(&self, id: &str) -> Option<u32> {
        self.lookup.get(id).copied()
    }

    fn len(&self) -> usize {
        self.ids.len()
    }

    /// Recomputes the derived fields (after decoding, which skips them).
    fn rebuild(&mut self) {
        self.sort_keys = self.labels.iter().map(|l| fold(l)).collect();
        self.lookup = (self.ids.iter().enumerate())
            .map(|(i, id)| (id.clone(), i as u32))
            .collect();
    }
}

/// One word of a stored field: its vocabulary id and byte range in the field's text.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
struct FieldToken {
    term: u32,
    start: u32,
    end: u32,
}

/// A searchable text, stored once however many researchers share it.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Field {
    kind: FieldKind,
    text: String,
    tokens: Vec<FieldToken>,
}

/// Everything the index knows about one researcher.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Person {
    /// Their searchable fields (ids into `SearchIndex::fields`), heaviest kind first.
    fields: Vec<u32>,
    /// Facet value positions per list facet; the Org slot holds the current organization only.
    values: [Vec<u32>; 6],
    /// Current and past organizations (for [`OrgScope::Any`]).
    org_any: Vec<u32>,
    /// Distinct publication years, ascending.
    years: Vec<u16>,
    has_award: bool,
    stats: Stats,
    /// Position in name order (folded name, then id).
    name_rank: u32,
}

/// Compressed sparse rows: the items of row `r` are `items[starts[r]..starts[r + 1]]`.
#[derive(Debug, Clone, Default)]
struct Rows {
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl Rows {
    /// Groups `(row, item)` pairs by row (a counting sort; items keep their order in a row).
    fn new(rows: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> Self {
        let mut starts = vec![0u32; rows + 1];
        for (row, _) in pairs.clone() {
            starts[row as usize + 1] += 1;
        }
        for r in 1..starts.len() {
            starts[r] += starts[r - 1];
        }
        let mut next = starts.clone();
        let mut items = vec![0u32; starts[rows] as usize];
        for (row, item) in pairs {
            let at = &mut next[row as usize];
            items[*at as usize] = item;
            *at += 1;
        }
        Self { starts, items }
    }

    /// The items of rows `lo..hi`.
    fn range(&self, lo: u32, hi: u32) -> &[u32] {
        &self.items[self.starts[lo as usize] as usize..self.starts[hi as usize] as usize]
    }

    /// The items of row `r`.
    fn row(&self, r: u32) -> &[u32] {
        self.range(r, r + 1)
    }
}

/// How the query matched each researcher, indexed like `SearchIndex::people`.
struct Matches {
    /// Number of query words matched (a researcher matches when all are).
    count: Vec<u32>,
    /// Sum of each word's best score.
    score: Vec<u32>,
}

/// A query word's matches among the publication-title words of one loaded shard.
#[derive(Debug, Clone, Copy)]
struct TitleTerm<'a> {
    shard: &'a TitleShard,
    lo: u32,
    hi: u32,
    /// The id of the word itself when the shard has it.
    exact: Option<u32>,
}

/// A query word, compiled to the range of vocabulary ids it matches.
#[derive(Debug, Clone)]
struct QueryTerm<'a> {
    lo: u32,
    hi: u32,
    /// The id of the word itself when it is in the vocabulary (an exact match scores in full).
    exact: Option<u32>,
    /// Length in bytes of the folded query word.
    folded_len: usize,
    /// The folded word, to match title text that is not in the vocabulary.
    word: String,
    /// Whether longer words match too (the query's last word).
    prefix: bool,
    /// Its matches in publication titles, when titles are sharded and the shard is loaded.
    titles: Option<TitleTerm<'a>>,
}

impl QueryTerm<'_> {
    fn matches(&self, term: u32) -> bool {
        self.lo <= term && term < self.hi
    }

    /// The score of matching `term` in a field of `weight`, or 0 when it does not match.
    fn score(&self, term: u32, weight: u32) -> u32 {
        if !self.matches(term) {
            0
        } else if self.exact == Some(term) {
            weight
        } else {
            weight * 3 / 4
        }
    }

    /// The score of a folded word of text outside the vocabulary (a sharded title) in a field
    /// of `weight`, and how many folded bytes of it matched; the same rules as [`Self::score`].
    fn score_word(&self, folded: &str, weight: u32) -> Option<(u32, usize)> {
        if folded == self.word {
            Some((weight, folded.len()))
        } else if self.prefix && folded.starts_with(&self.word) {
            Some((weight * 3 / 4, self.folded_len))
        } else {
            None
        }
    }
}

/// The query, compiled against the vocabulary.
enum Query<'a> {
    /// No words: everyone matches.
    All,
    /// A word that nothing contains: nobody matches.
    Nobody,
    /// Every term must match.
    Terms(Vec<QueryTerm<'a>>),
}

/// One facet's selection, as flags over the facet's value positions.
struct Selection {
    active: bool,
    members: Vec<bool>,
}

impl Selection {
    fn new<'a>(values: &Values, ids: impl IntoIterator<Item = &'a str>) -> Self {
        let mut members = vec![false; values.len()];
        let mut active = false;
        for id in ids {
            active = true;
            if let Some(i) = values.get(id) {
                members[i as usize] = true;
            }
        }
        Self { active, members }
    }
}

/// The index over one dataset; see the module docs.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SearchIndex {
    /// Every distinct folded word, sorted; a word's id is its position.
    vocab: Vec<String>,
    /// The fields each word is in, by word id: as words are sorted, the fields of all words
    /// with a given prefix are one contiguous slice. Derived from `fields` (not encoded).
    #[serde(skip)]
    word_fields: Rows,
    /// The researchers that have each field, by field id. Derived from `people` (not encoded):
    /// so the file stores each researcher's field list once, not a posting per word.
    #[serde(skip)]
    field_people: Rows,
    fields: Vec<Field>,
    people: Vec<Person>,
    /// Vocabulary of each list facet, in [`Facet`] order.
    facets: [Values; 6],
    /// Whether some researcher has the value, per list facet (Org: as current organization).
    occurs: [Vec<bool>; 6],
    /// Whether some researcher has the organization as current or past one.
    org_any_occurs: Vec<bool>,
    year_min: Option<u16>,
    year_max: Option<u16>,
    /// Whether publication titles are fields of this index (false: they are sharded).
    titles_inline: bool,
    /// Who has each facet value, year and award, as sets. Derived from `people` (not encoded).
    #[serde(skip)]
    sets: FacetSets,
}

/// The researchers of each facet value, publication year and the award toggle, as bitsets.
#[derive(Debug, Clone, Default)]
struct FacetSets {
    /// Per list facet, per value (Org: current organization).
    values: [Vec<Bits>; 6],
    /// Per organization, as current or past one.
    org_any: Vec<Bits>,
    /// Per year that some researcher published in.
    years: Vec<(u16, Bits)>,
    /// Those with an award.
    award: Bits,
}

/// Collects the researchers' searchable texts, sharing equal ones across researchers.
#[derive(Default)]
struct FieldTable {
    texts: Vec<(FieldKind, String)>,
    /// Text → field id, one map per [`FieldKind`] (in `FieldKind::ALL` order).
    lookup: [HashMap<String, u32>; 10],
    /// Per field id, the last researcher (counted from 1) whose list it was added to.
    stamp: Vec<u32>,
    /// The researcher being collected, counted from 1.
    person: u32,
}

impl FieldTable {
    /// Starts the next researcher's list.
    fn next_person(&mut self) {
        self.person += 1;
    }

    /// Adds a text of `kind` to `list` (once per researcher), registering it when new.
    fn add(&mut self, list: &mut Vec<u32>, kind: FieldKind, text: &str) {
        if text.trim().is_empty() {
            return;
        }
        let map = &mut self.lookup[kind as usize];
        let id = match map.get(text) {
            Some(&id) => id,
            None => {
                let id = self.texts.len() as u32;
                self.texts.push((kind, text.to_owned()));
                self.stamp.push(0);
                map.insert(text.to_owned(), id);
                id
            }
        };
        if self.stamp[id as usize] != self.person {
            self.stamp[id as usize] = self.person;
            list.push(id);
        }
    }
}

/// Positions of the dataset's records by id.
struct ById<'a> {
    organizations: HashMap<&'a str, usize>,
    publications: HashMap<&'a str, usize>,
    venues: HashMap<&'a str, usize>,
}

impl<'a> ById<'a> {
    fn new(d: &'a Dataset) -> Self {
        Self {
            organizations: d
                .organizations
                .iter()
                .enumerate()
                .map(|(i, x)| (x.id.as_str(), i))
                .collect(),
            publications: d
                .publications
                .iter()
                .enumerate()
                .map(|(i, x)| (x.id.as_str(), i))
                .collect(),
            venues: d
                .venues
                .iter()
                .enumerate()
                .map(|(i, x)| (x.id.as_str(), i))
                .collect(),
        }
    }
}

/// Renumbers fields so the most shared come first: most of a researcher's fields are shared
/// ones (organizations, topics, venues), whose ids then encode in one byte.
fn renumber_by_use(fields: &mut Vec<Field>, people: &mut [Person]) {
    let mut uses = vec![0u32; fields.len()];
    for p in people.iter() {
        for &f in &p.fields {
            uses[f as usize] += 1;
        }
    }
    let mut order: Vec<u32> = (0..fields.len() as u32).collect();
    order.sort_by_key(|&f| (Reverse(uses[f as usize]), f));
    let mut new_id = vec![0u32; fields.len()];
    for (new, &old) in order.iter().enumerate() {
        new_id[old as usize] = new as u32;
    }
    let mut old_fields: Vec<Option<Field>> = std::mem::take(fields).into_iter().map(Some).collect();
    *fields = order
        .iter()
        .map(|&old| old_fields[old as usize].take().expect("each field once"))
        .collect();
    for p in people.iter_mut() {
        for f in &mut p.fields {
            *f = new_id[*f as usize];
        }
    }
}

/// A researcher's publications: the distinct ones the dataset has, in profile order.
fn publications_of<'a>(
    dataset: &'a Dataset,
    r: &Researcher,
    by_id: &ById<'_>,
) -> Vec<&'a crate::model::Publication> {
    let mut seen = HashSet::new();
    r.publications
        .iter()
        .filter_map(|id| by_id.publications.get(id.as_str()).copied())
        .filter(|&i| seen.insert(i))
        .map(|i| &dataset.publications[i])
        .collect()
}

/// Appends `v` unless present (lists here are short).
fn push_unique(list: &mut Vec<u32>, v: u32) {
    if !list.contains(&v) {
        list.push(v);
    }
}

impl SearchIndex {
    /// Builds the index: tokenizes every searchable text once and pre-computes facet values.
    pub fn new(dataset: &Dataset) -> Self {
        Self::build(dataset, true)
    }

    /// The index without publication titles, and the titles as shards by [`shard_key`] (what the
    /// compiled directory ships; see [`super::titles`]).
    pub fn new_sharded(
        dataset: &Dataset,
    ) -> (Self, std::collections::BTreeMap<String, TitleShard>) {
        let index = Self::build(dataset, false);
        let by_id = ById::new(dataset);
        let titles: Vec<Vec<&str>> = dataset
            .researchers
            .iter()
            .map(|r| {
                publications_of(dataset, r, &by_id)
                    .into_iter()
                    .map(|p| p.title.as_str())
                    .collect()
            })
            .collect();
        (index, build_shards(&titles))
    }

    /// Recomputes what encoding leaves out (lookup tables, inverted lists); call after decoding.
    pub fn after_decode(&mut self) {
        for values in &mut self.facets {
            values.rebuild();
        }
        self.invert();
    }

    /// The facet sets, from each researcher's values.
    fn facet_sets(&self) -> FacetSets {
        let n = self.people.len();
        let mut sets = FacetSets {
            values: std::array::from_fn(|f| vec![Bits::empty(n); self.facets[f].len()]),
            org_any: vec![Bits::empty(n); self.facets[Facet::Org as usize].len()],
            years: Vec::new(),
            award: Bits::empty(n),
        };
        let mut years: std::collections::BTreeMap<u16, Bits> = Default::default();
        for (i, p) in self.people.iter().enumerate() {
            for (f, values) in p.values.iter().enumerate() {
                for &v in values {
                    sets.values[f][v as usize].insert(i);
                }
            }
            for &v in &p.org_any {
                sets.org_any[v as usize].insert(i);
            }
            for &y in &p.years {
                years.entry(y).or_insert_with(|| Bits::empty(n)).insert(i);
            }
            if p.has_award {
                sets.award.insert(i);
            }
        }
        sets.years = years.into_iter().collect();
        sets
    }

    /// Builds the inverted lists from the fields' words and the researchers' field lists.
    fn invert(&mut self) {
        let fields = &self.fields;
        let mut words: Vec<(u32, u32)> = Vec::new();
        for (f, field) in fields.iter().enumerate() {
            let start = words.len();
            words.extend(field.tokens.iter().map(|t| (t.term, f as u32)));
            words[start..].sort_unstable();
            let mut kept = start;
            for i in start..words.len() {
                if i == start || words[i] != words[kept - 1] {
                    words[kept] = words[i];
                    kept += 1;
                }
            }
            words.truncate(kept);
        }
        self.word_fields = Rows::new(self.vocab.len(), words.iter().copied());
        self.sets = self.facet_sets();
        let people = self.people.iter().enumerate();
        self.field_people = Rows::new(
            fields.len(),
            people.flat_map(|(i, p)| p.fields.iter().map(move |&f| (f, i as u32))),
        );
    }

    fn build(dataset: &Dataset, titles_inline: bool) -> Self {
        let mut index = SearchIndex {
            titles_inline,
            ..Default::default()
        };

        // Facet vocabularies.
        let [topics, orgs, sectors, stages, countries, venues] = &mut index.facets;
        for t in &dataset.topics {
            topics.add(t.id.as_str(), &t.name);
        }
        for o in &dataset.organizations {
            orgs.add(o.id.as_str(), o.short_name.as_deref().unwrap_or(&o.name));
        }
        for s in Sector::ALL {
            sectors.add(s.key(), s.label());
        }
        for s in CareerStage::ALL {
            stages.add(s.key(), s.label());
        }
        let mut codes: Vec<&str> = dataset
            .organizations
            .iter()
            .filter_map(|o| o.country.as_deref())
            .collect();
        codes.sort_unstable();
        codes.dedup();
        for code in codes {
            countries.add(code, country_name(code).unwrap_or(code));
        }
        for v in &dataset.venues {
            venues.add(v.id.as_str(), &v.short_name);
        }

        let by_id = ById::new(dataset);

        // Each researcher's fields and facet values.
        let mut table = FieldTable::default();
        let mut people: Vec<Person> = dataset
            .researchers
            .iter()
            .map(|r| index.person(dataset, r, &by_id, &mut table))
            .collect();

        // Tokenize each distinct text once, then number the words in sorted order.
        let tokenized: Vec<Vec<super::text::Token>> =
            table.texts.iter().map(|(_, text)| tokenize(text)).collect();
        let mut vocab: Vec<&str> = tokenized
            .iter()
            .flatten()
            .map(|t| t.text.as_str())
            .collect();
        vocab.sort_unstable();
        vocab.dedup();
        let term_of: HashMap<&str, u32> = vocab
            .iter()
            .enumerate()
            .map(|(i, w)| (*w, i as u32))
            .collect();
        let fields: Vec<Field> = table
            .texts
            .into_iter()
            .zip(&tokenized)
            .map(|((kind, text), tokens)| Field {
                kind,
                text,
                tokens: tokens
                    .iter()
                    .map(|t| FieldToken {
                        term: term_of[t.text.as_str()],
                        start: t.start as u32,
                        end: t.end as u32,
                    })
                    .collect(),
            })
            .collect();
        index.vocab = vocab.into_iter().map(str::to_owned).collect();

        index.fields = fields;
        renumber_by_use(&mut index.fields, &mut people);

        // Name order.
        let mut order: Vec<usize> = (0..dataset.researchers.len()).collect();
        let names: Vec<String> = dataset.researchers.iter().map(|r| fold(&r.name)).collect();
        order.sort_by(|&a, &b| {
            names[a]
                .cmp(&names[b])
                .then_with(|| dataset.researchers[a].id.cmp(&dataset.researchers[b].id))
        });
        for (rank, i) in order.into_iter().enumerate() {
            people[i].name_rank = rank as u32;
        }

        // Which facet values occur.
        for f in LIST_FACETS {
            let mut occurs = vec![false; index.facets[f as usize].len()];
            for p in &people {
                for &v in &p.values[f as usize] {
                    occurs[v as usize] = true;
                }
            }
            index.occurs[f as usize] = occurs;
        }
        index.org_any_occurs = vec![false; index.facets[Facet::Org as usize].len()];
        for p in &people {
            for &v in &p.org_any {
                index.org_any_occurs[v as usize] = true;
            }
        }

        index.year_min = dataset.publications.iter().map(|p| p.year).min();
        index.year_max = dataset.publications.iter().map(|p| p.year).max();
        index.people = people;
        index.invert();
        index
    }

    /// One researcher's fields (registered in `table`), facet values and stats.
    fn person(
        &self,
        dataset: &Dataset,
        r: &Researcher,
        by_id: &ById<'_>,
        table: &mut FieldTable,
    ) -> Person {
        let [topics, orgs, sectors, stages, countries, venues] = &self.facets;
        let mut p = Person::default();
        let mut fields = Vec::new();
        table.next_person();

        let pubs = publications_of(dataset, r, by_id);

        // Names.
        table.add(&mut fields, FieldKind::Name, &r.name);
        if let Some(native) = &r.native_name {
            table.add(&mut fields, FieldKind::OtherName, native);
        }
        for name in &r.alternative_names {
            table.add(&mut fields, FieldKind::OtherName, name);
        }

        // Organizations: current, then positions, then education.
        let current = r
            .organization
            .as_ref()
            .and_then(|id| by_id.organizations.get(id.as_str()).copied());
        let org_ids = current.into_iter().chain(
            r.positions
                .iter()
                .map(|x| &x.organization)
                .chain(r.education.iter().map(|x| &x.organization))
                .filter_map(|id| by_id.organizations.get(id.as_str()).copied()),
        );
        let mut org_list: Vec<usize> = Vec::new();
        for i in org_ids {
            if !org_list.contains(&i) {
                org_list.push(i);
            }
        }
        for &i in &org_list {
            let o = &dataset.organizations[i];
            table.add(&mut fields, FieldKind::Organization, &o.name);
            if let Some(short) = &o.short_name {
                table.add(&mut fields, FieldKind::Organization, short);
            }
            for alias in &o.aliases {
                table.add(&mut fields, FieldKind::Organization, alias);
            }
            if let Some(v) = orgs.get(o.id.as_str()) {
                push_unique(&mut p.org_any, v);
            }
        }
        for name in r
            .positions
            .iter()
            .filter_map(|x| x.organization_name.as_ref())
        {
            table.add(&mut fields, FieldKind::Organization, name);
        }

        // Topics: the researcher's, then their publications'.
        let topic_ids = r.topics.iter().chain(pubs.iter().flat_map(|x| &x.topics));
        for id in topic_ids {
            if let Some(v) = topics.get(id.as_str())
                && !p.values[Facet::Topic as usize].contains(&v)
            {
                p.values[Facet::Topic as usize].push(v);
                table.add(&mut fields, FieldKind::Topic, &topics.labels[v as usize]);
            }
        }
        for interest in &r.interests {
            table.add(&mut fields, FieldKind::Interest, interest);
        }
        if self.titles_inline {
            for x in &pubs {
                table.add(&mut fields, FieldKind::Publication, &x.title);
            }
        }
        for id in pubs.iter().filter_map(|x| x.venue.as_ref()) {
            if let Some(v) = venues.get(id.as_str())
                && !p.values[Facet::Venue as usize].contains(&v)
            {
                p.values[Facet::Venue as usize].push(v);
                if let Some(&i) = by_id.venues.get(id.as_str()) {
                    let venue = &dataset.venues[i];
                    table.add(&mut fields, FieldKind::Venue, &venue.short_name);
                    table.add(&mut fields, FieldKind::Venue, &venue.name);
                }
            }
        }
        for a in &r.awards {
            table.add(&mut fields, FieldKind::Award, &a.name);
        }
        for t in &r.talks {
            table.add(&mut fields, FieldKind::Talk, &t.title);
        }
        for x in &r.projects {
            table.add(&mut fields, FieldKind::Project, &x.name);
        }
        // Heaviest kinds first (stable, so list order within a kind), so `reason` can stop early.
        fields.sort_by_key(|&f| Reverse(table.texts[f as usize].0.weight()));
        p.fields = fields;

        // Facet values of the current organization: itself, sector, country.
        let current_org = current.map(|i| &dataset.organizations[i]);
        if let Some(o) = current_org {
            if let Some(v) = orgs.get(o.id.as_str()) {
                p.values[Facet::Org as usize].push(v);
            }
            if let Some(v) = o.country.as_deref().and_then(|c| countries.get(c)) {
                p.values[Facet::Country as usize].push(v);
            }
        }
        let mut in_academia = matches!(
            current_org.map(|o| o.kind),
            Some(OrgKind::University | OrgKind::Lab)
        );
        let mut in_industry = matches!(current_org.map(|o| o.kind), Some(OrgKind::Company));
        match r.career_stage {
            CareerStage::Industry => in_industry = true,
            _ if current_org.is_none() => in_academia = true,
            _ => {}
        }
        for (sector, yes) in [
            (Sector::Academia, in_academia),
            (Sector::Industry, in_industry),
        ] {
            if let Some(v) = sectors.get(sector.key()).filter(|_| yes) {
                p.values[Facet::Sector as usize].push(v);
            }
        }
        if let Some(v) = stages.get(r.career_stage.key()) {
            p.values[Facet::Stage as usize].push(v);
        }

        let mut years: Vec<u16> = pubs.iter().map(|x| x.year).collect();
        years.sort_unstable();
        years.dedup();
        p.has_award = !r.awards.is_empty();
        p.stats = Stats {
            publications: pubs.len(),
            awards: r.awards.len(),
            talks: r.talks.len(),
            first_year: years.first().copied(),
            last_year: years.last().copied(),
        };
        p.years = years;
        p
    }

    /// Number of researchers indexed.
    pub fn len(&self) -> usize {
        self.people.len()
    }

    /// True when the dataset has no researchers.
    pub fn is_empty(&self) -> bool {
        self.people.is_empty()
    }

    /// Stats of researcher i (publications = union of the ids they list; years from those).
    ///
    /// Panics when `researcher` is out of range, like indexing `dataset.researchers`.
    pub fn stats(&self, researcher: usize) -> Stats {
        self.people[researcher].stats
    }

    /// Drops ids unknown to the dataset from params (topics, orgs, countries, venues).
    pub fn sanitize(&self, params: &SearchParams) -> SearchParams {
        let known = |f: Facet, id: &String| self.facets[f as usize].get(id).is_some();
        let mut p = params.clone();
        p.topics.retain(|id| known(Facet::Topic, id));
        p.orgs.retain(|id| known(Facet::Org, id));
        p.countries.retain(|id| known(Facet::Country, id));
        p.venues.retain(|id| known(Facet::Venue, id));
        p
    }

    /// Runs the query, filters and sort; facet counts with "if added" semantics; every hit with
    /// its match reason. Publication titles are searched when the index holds them (built by
    /// [`Self::new`]); see [`Self::search_with`] for sharded titles.
    pub fn search(&self, params: &SearchParams) -> SearchResults {
        self.search_with(params, &TitleShards::default(), true)
    }

    /// [`Self::search`] with the publication-title shards loaded so far (an index built by
    /// [`Self::new_sharded`] has no titles of its own). Without `reasons`, hits carry none:
    /// the UI asks [`Self::reason`] for the few it shows.
    pub fn search_with(
        &self,
        params: &SearchParams,
        titles: &TitleShards,
        reasons: bool,
    ) -> SearchResults {
        let query = self.compile(&params.query, titles);
        let selections: [Selection; 6] = [
            Selection::new(&self.facets[0], params.topics.iter().map(String::as_str)),
            Selection::new(&self.facets[1], params.orgs.iter().map(String::as_str)),
            Selection::new(&self.facets[2], params.sectors.iter().map(|s| s.key())),
            Selection::new(&self.facets[3], params.stages.iter().map(|s| s.key())),
            Selection::new(&self.facets[4], params.countries.iter().map(String::as_str)),
            Selection::new(&self.facets[5], params.venues.iter().map(String::as_str)),
        ];
        let years = match (params.year_from, params.year_to) {
            (None, None) => None,
            (from, to) => {
                let (lo, hi) = (from.unwrap_or(0), to.unwrap_or(u16::MAX));
                Some((lo.min(hi), lo.max(hi)))
            }
        };
        let scope = params.org_scope;

        let terms: &[QueryTerm] = match &query {
            Query::Nobody | Query::All => &[],
            Query::Terms(t) => t,
        };
        let n = self.people.len();
        let sets = &self.sets;
        let matches = (!terms.is_empty()).then(|| self.run(terms));
        // Who the query matches; then who also passes the year range and the award toggle.
        let matched = match (&query, &matches) {
            (Query::Nobody, _) => Bits::empty(n),
            (_, None) => Bits::full(n),
            (_, Some(m)) => Bits::from_members(
                n,
                (m.count.iter().enumerate())
                    .filter(|(_, c)| **c as usize == terms.len())
                    .map(|(i, _)| i),
            ),
        };
        let mut rest = matched;
        if let Some((lo, hi)) = years {
            rest.and_with(&self.years_between(lo, hi));
        }
        let before_award = rest.clone();
        if params.has_award {
            rest.and_with(&sets.award);
        }
        // Each active facet's selection as a set (values ORed within the facet).
        let chosen: [Option<Bits>; 6] = std::array::from_fn(|f| {
            let sel = &selections[f];
            sel.active.then(|| {
                let mut set = Bits::empty(n);
                for (v, _) in sel.members.iter().enumerate().filter(|(_, m)| **m) {
                    set.or_with(self.value_set(LIST_FACETS[f], v, scope));
                }
                set
            })
        });
        // Per facet: those passing every other filter (so its counts are "as if added").
        let others: [Bits; 6] = std::array::from_fn(|f| {
            let mut set = rest.clone();
            for (g, c) in chosen.iter().enumerate() {
                if let Some(c) = c.as_ref().filter(|_| g != f) {
                    set.and_with(c);
                }
            }
            set
        });
        let mut passing = others[0].clone();
        if let Some(c) = &chosen[0] {
            passing.and_with(c);
        }
        let award_count = {
            let mut set = before_award;
            for c in chosen.iter().flatten() {
                set.and_with(c);
            }
            set.count_and(&sets.award)
        };
        let mut hits: Vec<Hit> = passing
            .iter()
            .map(|i| Hit {
                researcher: i,
                score: matches.as_ref().map_or(0, |m| m.score[i]),
                reason: None,
            })
            .collect();

        // Keys computed once per hit (not per comparison): (primary, name order).
        let sort = params.effective_sort();
        hits.sort_by_cached_key(|h| {
            let p = &self.people[h.researcher];
            let primary = match sort {
                Sort::Relevance => Reverse(h.score),
                Sort::Name => Reverse(0),
                Sort::Publications => Reverse(p.stats.publications as u32),
                // Newest first; no publication (None) sorts last.
                Sort::Recent => Reverse(p.stats.last_year.map_or(0, |y| u32::from(y) + 1)),
            };
            (primary, p.name_rank)
        });
        if reasons && matches.is_some() {
            for h in &mut hits {
                h.reason = self.reason_for(h.researcher, terms);
            }
        }

        let list = |f: Facet| -> Vec<FacetValue> {
            let values = &self.facets[f as usize];
            let sel = &selections[f as usize];
            let occurs = match (f, scope) {
                (Facet::Org, OrgScope::Any) => &self.org_any_occurs,
                _ => &self.occurs[f as usize],
            };
            let mut out: Vec<(usize, FacetValue)> = (0..values.len())
                .filter(|&v| occurs[v] || sel.members[v])
                .map(|v| {
                    let selected = sel.members[v];
                    let others = &others[f as usize];
                    let count = match &chosen[f as usize] {
                        Some(c) if selected => others.count_and(c),
                        Some(c) => {
                            let values = self.value_set(f, v, scope);
                            others.count_and(c) + others.count_and_not(values, c)
                        }
                        None => others.count_and(self.value_set(f, v, scope)),
                    };
                    let value = FacetValue {
                        id: values.ids[v].clone(),
                        label: values.labels[v].clone(),
                        count,
                        selected,
                    };
                    (v, value)
                })
                .collect();
            out.sort_by(|(a, x), (b, y)| {
                y.count
                    .cmp(&x.count)
                    .then_with(|| values.sort_keys[*a].cmp(&values.sort_keys[*b]))
                    .then_with(|| x.label.cmp(&y.label))
                    .then_with(|| x.id.cmp(&y.id))
            });
            out.into_iter().map(|(_, value)| value).collect()
        };
        let facets = FacetCounts {
            topics: list(Facet::Topic),
            orgs: list(Facet::Org),
            sectors: list(Facet::Sector),
            stages: list(Facet::Stage),
            countries: list(Facet::Country),
            venues: list(Facet::Venue),
            award: FacetValue {
                id: "1".into(),
                label: "Has an award".into(),
                count: award_count,
                selected: params.has_award,
            },
            year_min: self.year_min,
            year_max: self.year_max,
        };
        SearchResults { hits, facets }
    }

    /// The researchers with value `v` of facet `f` (organizations depend on the scope).
    fn value_set(&self, f: Facet, v: usize, scope: OrgScope) -> &Bits {
        match (f, scope) {
            (Facet::Org, OrgScope::Any) => &self.sets.org_any[v],
            _ => &self.sets.values[f as usize][v],
        }
    }

    /// The researchers with a publication in one of the years `lo..=hi`.
    fn years_between(&self, lo: u16, hi: u16) -> Bits {
        let mut set = Bits::empty(self.people.len());
        for (y, members) in &self.sets.years {
            if (lo..=hi).contains(y) {
                set.or_with(members);
            }
        }
        set
    }

    /// Why researcher `researcher` matches `query`: the field (or sharded publication title)
    /// that matches the most query words, then scores highest, then comes first. `None` for an
    /// empty query or one they do not match.
    pub fn reason(
        &self,
        researcher: usize,
        query: &str,
        titles: &TitleShards,
    ) -> Option<MatchReason> {
        match self.compile(query, titles) {
            Query::Terms(terms) if researcher < self.people.len() => {
                self.reason_for(researcher, &terms)
            }
            _ => None,
        }
    }

    /// Compiles the query's words to vocabulary ranges: exact for all but the last, prefix for it;
    /// and, when titles are sharded, to ranges of the loaded shards' words.
    fn compile<'a>(&self, query: &str, titles: &'a TitleShards) -> Query<'a> {
        let tokens = tokenize(query);
        if tokens.is_empty() {
            return Query::All;
        }
        let last = tokens.len() - 1;
        let mut terms = Vec::with_capacity(tokens.len());
        for (i, t) in tokens.into_iter().enumerate() {
            let word = t.text;
            let prefix = i == last;
            let lo = self.vocab.partition_point(|v| v.as_str() < word.as_str());
            let exact = (self.vocab.get(lo) == Some(&word)).then_some(lo as u32);
            let hi = if prefix {
                lo + self.vocab[lo..].partition_point(|v| v.starts_with(word.as_str()))
            } else {
                lo + usize::from(exact.is_some())
            };
            let searchable = !prefix || word.chars().nth(1).is_some();
            let title_term = titles
                .get(&shard_key(&word))
                .filter(|_| searchable && !self.titles_inline)
                .map(|shard| {
                    let (lo, hi, exact) = shard.range(&word, prefix);
                    TitleTerm {
                        shard,
                        lo,
                        hi,
                        exact,
                    }
                })
                .filter(|t| t.lo < t.hi);
            if lo == hi && title_term.is_none() {
                return Query::Nobody;
            }
            terms.push(QueryTerm {
                lo: lo as u32,
                hi: hi as u32,
                exact,
                folded_len: word.len(),
                word,
                prefix,
                titles: title_term,
            });
        }
        Query::Terms(terms)
    }

    /// Matches every researcher against the query words at once, from the posting lists (and
    /// the title shards' postings): for each word, each researcher's best score over the words it
    /// matches (full for the word itself, 3/4 for a longer word it is a prefix of), summed over
    /// the query's words.
    fn run(&self, terms: &[QueryTerm]) -> Matches {
        let n = self.people.len();
        let mut m = Matches {
            count: vec![0; n],
            score: vec![0; n],
        };
        let mut best = vec![0u32; n];
        let title_weight = FieldKind::Publication.weight();
        for (i, q) in terms.iter().enumerate() {
            best.fill(0);
            let mut offer = |person: usize, s: u32| {
                // A researcher an earlier word already failed stays failed.
                if m.count[person] as usize == i && s > best[person] {
                    best[person] = s;
                }
            };
            // The word itself, when known, sorts first among the words it is a prefix of.
            let split = q.lo + u32::from(q.exact.is_some());
            for (fields, quarters) in [
                (self.word_fields.range(q.lo, split), 4),
                (self.word_fields.range(split, q.hi), 3),
            ] {
                for &f in fields {
                    let s = self.fields[f as usize].kind.weight() * quarters / 4;
                    for &person in self.field_people.row(f) {
                        offer(person as usize, s);
                    }
                }
            }
            if let Some(t) = &q.titles {
                let split = t.lo + u32::from(t.exact.is_some());
                for (postings, quarters) in [
                    (t.shard.postings(t.lo, split), 4),
                    (t.shard.postings(split, t.hi), 3),
                ] {
                    for x in postings {
                        offer(x.person as usize, title_weight * quarters / 4);
                    }
                }
            }
            for ((count, score), &b) in m.count.iter_mut().zip(&mut m.score).zip(&best) {
                if b > 0 {
                    *count += 1;
                    *score += b;
                }
            }
        }
        m
    }

    /// The reason researcher `person` matches `terms`: the field that matches the most query
    /// words, then scores highest, then comes first (heaviest kind first, then
    /// [`FieldKind::ALL`] and dataset order; sharded titles rank where publications would).
    fn reason_for(&self, person: usize, terms: &[QueryTerm]) -> Option<MatchReason> {
        let p = &self.people[person];
        let all = terms.len();
        let mut per_term = vec![0u32; all];
        let mut best: Best = None;
        let title_weight = FieldKind::Publication.weight();
        let mut titles_done = false;
        for &f in &p.fields {
            let field = &self.fields[f as usize];
            let weight = field.kind.weight();
            if !titles_done && weight < title_weight {
                titles_done = true;
                Self::consider_titles(person, terms, &mut per_term, &mut best);
            }
            // Fields come heaviest first: once one matched every word at least as well as any
            // later field could, the rest cannot win.
            if best
                .as_ref()
                .is_some_and(|(c, s, _)| *c == all && *s >= weight * all as u32)
            {
                break;
            }
            per_term.fill(0);
            for tok in &field.tokens {
                for (slot, q) in per_term.iter_mut().zip(terms) {
                    *slot = (*slot).max(q.score(tok.term, weight));
                }
            }
            offer(&mut best, &per_term, Candidate::Field(field));
        }
        if !titles_done {
            Self::consider_titles(person, terms, &mut per_term, &mut best);
        }
        Some(match best?.2 {
            Candidate::Field(field) => Self::highlight(field, terms),
            Candidate::Title(text) => Self::highlight_text(FieldKind::Publication, text, terms),
        })
    }

    /// Offers each sharded title of `person` that some query word found, with its per-word
    /// scores.
    fn consider_titles<'a>(
        person: usize,
        terms: &[QueryTerm<'a>],
        per_term: &mut [u32],
        best: &mut Best<'a>,
    ) {
        let weight = FieldKind::Publication.weight();
        // The titles some word found, in the researcher's list order.
        let mut found: Vec<(u32, &'a str)> = Vec::new();
        for t in terms.iter().filter_map(|q| q.titles) {
            for w in t.lo..t.hi {
                if let Some(x) = t.shard.posting_of(w, person as u32) {
                    found.push((x.rank, t.shard.titles[x.title as usize].as_str()));
                }
            }
        }
        found.sort_unstable();
        found.dedup_by_key(|(rank, _)| *rank);
        for (_, text) in found {
            per_term.fill(0);
            for tok in tokenize(text) {
                for (slot, q) in per_term.iter_mut().zip(terms) {
                    let s = q.score_word(&tok.text, weight).map_or(0, |(s, _)| s);
                    *slot = (*slot).max(s);
                }
            }
            offer(best, per_term, Candidate::Title(text));
        }
    }

    /// The reason for `field`: its text with the parts that match `terms` highlighted.
    fn highlight(field: &Field, terms: &[QueryTerm]) -> MatchReason {
        let mut highlights = Vec::new();
        for tok in &field.tokens {
            let (start, end) = (tok.start as usize, tok.end as usize);
            let cover = terms
                .iter()
                .filter(|q| q.matches(tok.term))
                .map(|q| {
                    if q.exact == Some(tok.term) {
                        end
                    } else {
                        start + original_prefix_len(&field.text[start..end], q.folded_len)
                    }
                })
                .max();
            if let Some(cover) = cover {
                highlights.push((start, cover));
            }
        }
        MatchReason {
            kind: field.kind,
            text: field.text.clone(),
            highlights,
        }
    }

    /// The reason for a text outside the vocabulary, matched word by word.
    fn highlight_text(kind: FieldKind, text: &str, terms: &[QueryTerm]) -> MatchReason {
        let mut highlights = Vec::new();
        for tok in tokenize(text) {
            let (start, end) = (tok.start, tok.end);
            let cover = terms
                .iter()
                .filter_map(|q| q.score_word(&tok.text, 1))
                .map(|(_, len)| {
                    if len == tok.text.len() {
                        end
                    } else {
                        start + original_prefix_len(&text[start..end], len)
                    }
                })
                .max();
            if let Some(cover) = cover {
                highlights.push((start, cover));
            }
        }
        MatchReason {
            kind,
            text: text.to_owned(),
            highlights,
        }
    }
}

/// A text that may become a match reason.
#[derive(Clone, Copy)]
enum Candidate<'a> {
    Field(&'a Field),
    Title(&'a str),
}

/// The best reason so far: (query words matched, score, the text).
type Best<'a> = Option<(usize, u32, Candidate<'a>)>;

/// Keeps `candidate` when it matches more words, or as many with a higher score.
fn offer<'a>(best: &mut Best<'a>, per_term: &[u32], candidate: Candidate<'a>) {
    let count = per_term.iter().filter(|&&s| s > 0).count();
    let score: u32 = per_term.iter().sum();
    if count > 0
        && best
            .as_ref()
            .is_none_or(|(c, s, _)| (count, score) > (*c, *s))
    {
        *best = Some((count, score, candidate));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A query string's pairs, for case tables.
    type Pairs = &'static [(&'static str, &'static str)];

    /// A small dataset exercising accents, scripts, sectors, scopes, years and awards.
    fn dataset() -> Dataset {
        let researcher = |id: &str, name: &str, extra: serde_json::Value| {
            let mut r = json!({
                "id": id, "name": name, "career_stage": "faculty",
                "summary": "s", "sources": [{"document": "test"}]
            });
            r.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            r
        };
        let publication = |id: &str, title: &str, year: u16, extra: serde_json::Value| {
            let mut p = json!({
                "id": id, "title": title, "authors": [{"name": "x"}], "type": "conference", "year": year
            });
            p.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            p
        };
        serde_json::from_value(json!({
            "schema_version": 1,
            "organizations": [
                {"id": "uni-a", "name": "Universität München", "short_name": "LMU",
                 "aliases": ["Ludwig Maximilian University"], "kind": "university", "country": "DE"},
                {"id": "corp-b", "name": "Bèta Corp", "kind": "company", "country": "US"},
                {"id": "lab-c", "name": "Gamma Lab", "kind": "lab"},
                {"id": "npo-d", "name": "Delta Society", "kind": "nonprofit", "country": "GB"},
                {"id": "epsilon", "name": "Epsilon Inc", "kind": "company", "country": "FR"}
            ],
            "topics": [
                {"id": "t-sys", "name": "Systems"},
                {"id": "t-ml", "name": "Machine learning"},
                {"id": "t-unused", "name": "Unused topic"}
            ],
            "venues": [
                {"id": "v-x", "short_name": "XConf", "name": "Conference on X", "kind": "conference"},
                {"id": "v-y", "short_name": "YJ", "name": "Journal of Y", "kind": "journal"}
            ],
            "publications": [
                publication("p1", "Straße of Systems", 2019, json!({"venue": "v-x", "topics": ["t-sys"]})),
                publication("p2", "Learning Müller networks", 2022, json!({"venue": "v-y", "topics": ["t-ml"]})),
                publication("p3", "Shared paper", 2015, json!({}))
            ],
            "researchers": [
                researcher("r-bob", "Bob Øster", json!({
                    "organization": "corp-b", "career_stage": "industry", "publications": ["p2", "p3"],
                    "talks": [{"title": "A talk about Müller"}], "projects": [{"name": "Zeta"}],
                    "positions": [{"organization": "epsilon", "title": "Engineer"}]
                })),
                researcher("r-anna", "Anna Müller", json!({
                    "native_name": "安娜", "alternative_names": ["Anna Mueller"],
                    "organization": "uni-a", "topics": ["t-sys"], "publications": ["p1", "p3"],
                    "awards": [{"name": "Best Paper"}], "interests": ["Distributed systems"],
                    "positions": [{"organization": "corp-b", "title": "Intern"}]
                })),
                researcher("r-cleo", "Cléo Durand", json!({
                    "career_stage": "phd_student",
                    "education": [{"organization": "uni-a", "degree": "PhD"}]
                })),
                researcher("r-dan", "Dan Smith", json!({
                    "organization": "npo-d", "career_stage": "postdoc", "publications": ["p2"],
                    "positions": [{"organization": "lab-c", "title": "Visitor"}]
                })),
                researcher("r-eve", "Eve Adams", json!({
                    "organization": "lab-c", "career_stage": "industry", "publications": ["p1", "p1"],
                    "awards": [{"name": "Rising Star"}, {"name": "Teaching prize"}]
                }))
            ]
        }))
        .expect("the test dataset deserializes")
    }

    struct Fixture {
        d: Dataset,
        index: SearchIndex,
    }

    impl Fixture {
        fn new() -> Self {
            let d = dataset();
            let index = SearchIndex::new(&d);
            Self { d, index }
        }

        fn run(&self, pairs: &[(&str, &str)]) -> SearchResults {
            self.index
                .search(&SearchParams::from_pairs(pairs.iter().copied()))
        }

        /// The ids of the hits, in order.
        fn ids(&self, pairs: &[(&str, &str)]) -> Vec<&str> {
            self.run(pairs)
                .hits
                .iter()
                .map(|h| self.d.researchers[h.researcher].id.as_str())
                .collect()
        }
    }

    fn counts(values: &[FacetValue]) -> Vec<(&str, usize, bool)> {
        values
            .iter()
            .map(|v| (v.id.as_str(), v.count, v.selected))
            .collect()
    }

    #[test]
    fn queries_match_the_right_people() {
        let f = Fixture::new();
        let cases: &[(&str, &[&str])] = &[
            ("", &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"]),
            ("  ?! ", &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"]),
            ("muller", &["r-anna", "r-bob", "r-dan"]),
            ("MÜLLER", &["r-anna", "r-bob", "r-dan"]),
            ("mueller", &["r-anna"]),
            ("cleo", &["r-cleo"]),
            ("CLÉO", &["r-cleo"]),
            ("oster", &["r-bob"]),
            ("安", &["r-anna"]),
            ("安娜", &["r-anna"]),
            ("lmu", &["r-anna", "r-cleo"]),
            ("münchen", &["r-anna", "r-cleo"]),
            ("ludwig maxim", &["r-anna", "r-cleo"]),
            ("epsilon", &["r-bob"]),
            ("gamma", &["r-dan", "r-eve"]),
            ("strasse", &["r-anna", "r-eve"]),
            ("xconf", &["r-anna", "r-eve"]),
            ("journal", &["r-bob", "r-dan"]),
            ("machine", &["r-bob", "r-dan"]),
            ("distributed", &["r-anna"]),
            ("rising", &["r-eve"]),
            ("zeta", &["r-bob"]),
            ("talk", &["r-bob"]),
            ("anna m", &["r-anna"]),
            // All but the last word must match whole words; every word must match.
            ("ann m", &[]),
            ("anna zzz", &[]),
            ("zzz anna", &[]),
            ("anna bob", &[]),
            ("qqq", &[]),
        ];
        for (query, want) in cases {
            let mut got = f.ids(&[("q", query), ("sort", "name")]);
            got.sort_unstable();
            assert_eq!(got, *want, "query {query:?}");
        }
    }

    #[test]
    fn scores_and_relevance_order() {
        let f = Fixture::new();
        let r = f.run(&[("q", "muller")]);
        let got: Vec<(&str, u32)> = r
            .hits
            .iter()
            .map(|h| (f.d.researchers[h.researcher].id.as_str(), h.score))
            .collect();
        // Name exact 100; a publication title exact 20 (beats the talk's 15); ties by name.
        assert_eq!(got, [("r-anna", 100), ("r-bob", 20), ("r-dan", 20)]);
        // Prefix-only matches score 3/4: "mull" on the name is 75.
        assert_eq!(f.run(&[("q", "mull")]).hits[0].score, 75);
        // Two words: the sum of each word's best field.
        let anna = &f.run(&[("q", "anna mu")]).hits[0];
        assert_eq!(anna.score, 100 + 75);
        // A prefix-only match on a heavier field beats an exact match on a lighter one.
        let scores: Vec<u32> = f
            .run(&[("q", "ann")])
            .hits
            .iter()
            .map(|h| h.score)
            .collect();
        assert_eq!(scores, [75]);
    }

    fn reason(f: &Fixture, query: &str, id: &str) -> MatchReason {
        let r = f.run(&[("q", query)]);
        let hit = r
            .hits
            .iter()
            .find(|h| f.d.researchers[h.researcher].id.as_str() == id)
            .unwrap_or_else(|| panic!("{query:?} finds {id}"));
        hit.reason
            .clone()
            .expect("a query with words gives a reason")
    }

    fn highlighted(r: &MatchReason) -> Vec<&str> {
        r.highlights.iter().map(|&(a, b)| &r.text[a..b]).collect()
    }

    #[test]
    fn reasons_and_highlights() {
        let f = Fixture::new();
        // (query, researcher, kind, text, highlighted parts)
        let cases: &[(&str, &str, FieldKind, &str, &[&str])] = &[
            (
                "muller",
                "r-anna",
                FieldKind::Name,
                "Anna Müller",
                &["Müller"],
            ),
            (
                "anna m",
                "r-anna",
                FieldKind::Name,
                "Anna Müller",
                &["Anna", "M"],
            ),
            ("mü", "r-anna", FieldKind::Name, "Anna Müller", &["Mü"]),
            (
                "mueller",
                "r-anna",
                FieldKind::OtherName,
                "Anna Mueller",
                &["Mueller"],
            ),
            ("安", "r-anna", FieldKind::OtherName, "安娜", &["安"]),
            // The title (20) beats the talk (15) for the same word count.
            (
                "muller",
                "r-bob",
                FieldKind::Publication,
                "Learning Müller networks",
                &["Müller"],
            ),
            // Two words in the title beat one word in a heavier topic name.
            (
                "learning networks",
                "r-bob",
                FieldKind::Publication,
                "Learning Müller networks",
                &["Learning", "networks"],
            ),
            (
                "learning",
                "r-bob",
                FieldKind::Topic,
                "Machine learning",
                &["learning"],
            ),
            // A prefix ending inside ß highlights the whole ß.
            (
                "stras",
                "r-eve",
                FieldKind::Publication,
                "Straße of Systems",
                &["Straß"],
            ),
            (
                "strasse",
                "r-eve",
                FieldKind::Publication,
                "Straße of Systems",
                &["Straße"],
            ),
            ("lmu", "r-cleo", FieldKind::Organization, "LMU", &["LMU"]),
            (
                "ludwig maxim",
                "r-cleo",
                FieldKind::Organization,
                "Ludwig Maximilian University",
                &["Ludwig", "Maxim"],
            ),
            ("xconf", "r-eve", FieldKind::Venue, "XConf", &["XConf"]),
            (
                "conference",
                "r-eve",
                FieldKind::Venue,
                "Conference on X",
                &["Conference"],
            ),
            ("best", "r-anna", FieldKind::Award, "Best Paper", &["Best"]),
            ("zet", "r-bob", FieldKind::Project, "Zeta", &["Zet"]),
            (
                "distrib",
                "r-anna",
                FieldKind::Interest,
                "Distributed systems",
                &["Distrib"],
            ),
            // The same word twice in a field is highlighted twice; "systems" is heavier as a topic.
            (
                "systems",
                "r-anna",
                FieldKind::Topic,
                "Systems",
                &["Systems"],
            ),
        ];
        for (query, id, kind, text, parts) in cases {
            let r = reason(&f, query, id);
            assert_eq!(
                (r.kind, r.text.as_str()),
                (*kind, *text),
                "reason for {query:?}"
            );
            assert_eq!(highlighted(&r), *parts, "highlights for {query:?}");
            for w in r.highlights.windows(2) {
                assert!(w[0].1 <= w[1].0, "sorted and disjoint: {:?}", r.highlights);
            }
        }
        // No words, no reason.
        assert!(
            f.run(&[("q", "")])
                .hits
                .iter()
                .all(|h| h.reason.is_none() && h.score == 0)
        );
    }

    /// Scores the slow way: for each query word, the best score over every token of every field.
    fn score_by_scan(index: &SearchIndex, p: &Person, terms: &[QueryTerm]) -> Option<u32> {
        let mut total = 0;
        for q in terms {
            let best = p
                .fields
                .iter()
                .map(|&f| &index.fields[f as usize])
                .flat_map(|field| {
                    field
                        .tokens
                        .iter()
                        .map(|t| q.score(t.term, field.kind.weight()))
                })
                .max()
                .unwrap_or(0);
            if best == 0 {
                return None;
            }
            total += best;
        }
        Some(total)
    }

    /// The posting lists give the same scores as scanning every field, and for one-word queries
    /// the same reason, for every word, prefixes of words and pairs of words, on the test dataset
    /// and the bundled one.
    #[test]
    fn posting_lists_agree_with_scanning_the_fields() {
        let bundled = crate::model::load(include_str!("../../data/researchers.json"), 2027)
            .expect("the bundled dataset loads")
            .dataset;
        for d in [dataset(), bundled] {
            let index = SearchIndex::new(&d);
            let mut queries: Vec<String> = index.vocab.clone();
            for word in &index.vocab {
                let chars: Vec<char> = word.chars().collect();
                for n in 1..chars.len().min(4) {
                    queries.push(chars[..n].iter().collect());
                }
            }
            for pair in index.vocab.windows(2).step_by(7) {
                let first: String = pair[1].chars().take(1).collect();
                queries.push(format!("{} {first}", pair[0]));
                queries.push(format!("{} {}", pair[1], pair[0]));
            }
            // Word pairs that occur together, the second as a prefix, and three-word queries.
            for field in index.fields.iter().step_by(3) {
                let words: Vec<&str> = field
                    .tokens
                    .iter()
                    .map(|t| index.vocab[t.term as usize].as_str())
                    .collect();
                for w in words.windows(3).take(2) {
                    let prefix: String = w[1].chars().take(2).collect();
                    queries.push(format!("{} {prefix}", w[0]));
                    queries.push(format!("{} {} {}", w[2], w[0], w[1]));
                }
            }
            let mut matched = 0;
            let no_shards = TitleShards::default();
            for query in &queries {
                let Query::Terms(terms) = index.compile(query, &no_shards) else {
                    continue; // a pair of words nobody has together in one vocabulary order
                };
                let m = index.run(&terms);
                for (i, p) in index.people.iter().enumerate() {
                    let want = score_by_scan(&index, p, &terms);
                    let got = (m.count[i] as usize == terms.len()).then_some(m.score[i]);
                    assert_eq!(got, want, "score of {query:?} for {i}");
                    if got.is_some() {
                        assert!(index.reason_for(i, &terms).is_some(), "reason of {query:?}");
                    }
                    matched += usize::from(got.is_some() && terms.len() > 1);
                }
            }
            assert!(matched > 10, "multi-word matches checked: {matched}");
        }
    }

    #[test]
    fn sorts() {
        let f = Fixture::new();
        let cases: &[(Pairs, &[&str])] = &[
            (&[], &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"]),
            (
                &[("sort", "relevance")],
                &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"],
            ),
            (
                &[("sort", "name")],
                &["r-anna", "r-bob", "r-cleo", "r-dan", "r-eve"],
            ),
            // eve lists p1 twice: it counts once.
            (
                &[("sort", "publications")],
                &["r-anna", "r-bob", "r-dan", "r-eve", "r-cleo"],
            ),
            (
                &[("sort", "recent")],
                &["r-bob", "r-dan", "r-anna", "r-eve", "r-cleo"],
            ),
            (
                &[("q", "muller"), ("sort", "name")],
                &["r-anna", "r-bob", "r-dan"],
            ),
            (
                &[("q", "muller"), ("sort", "recent")],
                &["r-bob", "r-dan", "r-anna"],
            ),
        ];
        for (pairs, want) in cases {
            assert_eq!(f.ids(pairs), *want, "{pairs:?}");
        }
    }

    #[test]
    fn stats() {
        let f = Fixture::new();
        let at = |id: &str| {
            let i =
                f.d.researchers
                    .iter()
                    .position(|r| r.id.as_str() == id)
                    .unwrap();
            f.index.stats(i)
        };
        assert_eq!(
            at("r-anna"),
            Stats {
                publications: 2,
                awards: 1,
                talks: 0,
                first_year: Some(2015),
                last_year: Some(2019)
            }
        );
        assert_eq!(at("r-eve").publications, 1);
        assert_eq!(at("r-bob").talks, 1);
        assert_eq!(at("r-cleo"), Stats::default());
        assert_eq!(f.index.len(), 5);
        assert!(!f.index.is_empty());
        let empty = SearchIndex::new(&Dataset {
            researchers: Vec::new(),
            ..f.d.clone()
        });
        assert!(empty.is_empty());
        assert!(empty.search(&SearchParams::default()).hits.is_empty());
    }

    #[test]
    fn filters() {
        let f = Fixture::new();
        let cases: &[(Pairs, &[&str])] = &[
            (&[("topic", "t-sys")], &["r-anna", "r-eve"]),
            (
                &[("topic", "t-sys,t-ml")],
                &["r-anna", "r-bob", "r-dan", "r-eve"],
            ),
            (&[("topic", "t-unused")], &[]),
            (&[("topic", "no-such-topic")], &[]),
            (&[("org", "uni-a")], &["r-anna"]),
            (&[("org", "uni-a"), ("scope", "any")], &["r-anna", "r-cleo"]),
            (&[("org", "corp-b"), ("scope", "any")], &["r-anna", "r-bob"]),
            (&[("org", "epsilon")], &[]),
            (&[("org", "epsilon"), ("scope", "any")], &["r-bob"]),
            // uni → academia, lab → academia, company → industry, nonprofit → neither; no org and
            // an academic stage → academia; an industry stage → industry whatever the org.
            (&[("sector", "academia")], &["r-anna", "r-cleo", "r-eve"]),
            (&[("sector", "industry")], &["r-bob", "r-eve"]),
            (
                &[("sector", "academia,industry")],
                &["r-anna", "r-bob", "r-cleo", "r-eve"],
            ),
            (&[("stage", "industry")], &["r-bob", "r-eve"]),
            (&[("stage", "postdoc,phd_student")], &["r-cleo", "r-dan"]),
            (&[("country", "US")], &["r-bob"]),
            (&[("country", "DE,GB")], &["r-anna", "r-dan"]),
            (&[("country", "FR")], &[]),
            (&[("venue", "v-x")], &["r-anna", "r-eve"]),
            (&[("award", "1")], &["r-anna", "r-eve"]),
            (&[("from", "2020")], &["r-bob", "r-dan"]),
            (&[("to", "2016")], &["r-anna", "r-bob"]),
            (&[("from", "2016"), ("to", "2020")], &["r-anna", "r-eve"]),
            (&[("from", "2020"), ("to", "2016")], &["r-anna", "r-eve"]),
            (&[("from", "2023")], &[]),
            (
                &[("topic", "t-sys"), ("award", "1"), ("sector", "industry")],
                &["r-eve"],
            ),
            (
                &[("q", "muller"), ("country", "US,GB")],
                &["r-bob", "r-dan"],
            ),
        ];
        for (pairs, want) in cases {
            assert_eq!(f.ids(pairs), *want, "{pairs:?}");
        }
        // Built by hand, a reversed range is still a range.
        let p = SearchParams {
            year_from: Some(2020),
            year_to: Some(2016),
            ..SearchParams::default()
        };
        assert_eq!(f.index.search(&p).hits.len(), 2);
    }

    #[test]
    fn facet_counts_without_selection() {
        let f = Fixture::new();
        let facets = f.run(&[]).facets;
        // Every occurring value, count desc then label; unused topic left out.
        assert_eq!(
            counts(&facets.topics),
            [("t-ml", 2, false), ("t-sys", 2, false)]
        );
        assert_eq!(
            counts(&facets.orgs),
            [
                ("corp-b", 1, false),
                ("npo-d", 1, false),
                ("lab-c", 1, false),
                ("uni-a", 1, false)
            ]
        );
        let labels: Vec<&str> = facets.orgs.iter().map(|v| v.label.as_str()).collect();
        assert_eq!(labels, ["Bèta Corp", "Delta Society", "Gamma Lab", "LMU"]);
        assert_eq!(
            counts(&facets.sectors),
            [("academia", 3, false), ("industry", 2, false)]
        );
        assert_eq!(
            counts(&facets.stages),
            [
                ("industry", 2, false),
                ("faculty", 1, false),
                ("phd_student", 1, false),
                ("postdoc", 1, false)
            ]
        );
        let stage_labels: Vec<&str> = facets.stages.iter().map(|v| v.label.as_str()).collect();
        assert_eq!(
            stage_labels,
            ["Industry", "Faculty", "PhD student", "Postdoc"]
        );
        // FR is only a past employer's country: not a value of the current-org country facet.
        // Sorted by label: Germany, United Kingdom, United States.
        assert_eq!(
            counts(&facets.countries),
            [("DE", 1, false), ("GB", 1, false), ("US", 1, false)]
        );
        let country_labels: Vec<&str> = facets.countries.iter().map(|v| v.label.as_str()).collect();
        assert_eq!(
            country_labels,
            ["Germany", "United Kingdom", "United States"]
        );
        assert_eq!(
            counts(&facets.venues),
            [("v-x", 2, false), ("v-y", 2, false)]
        );
        assert_eq!(
            facets.award,
            FacetValue {
                id: "1".into(),
                label: "Has an award".into(),
                count: 2,
                selected: false
            }
        );
        assert_eq!((facets.year_min, facets.year_max), (Some(2015), Some(2022)));
    }

    #[test]
    fn facet_counts_are_as_if_added() {
        let f = Fixture::new();
        let facets = f.run(&[("stage", "phd_student")]).facets;
        // The stage facet ignores its own selection: selected = current count, others = if added.
        assert_eq!(
            counts(&facets.stages),
            [
                ("industry", 3, false),
                ("faculty", 2, false),
                ("postdoc", 2, false),
                ("phd_student", 1, true)
            ]
        );
        // Other facets shrink to Cléo, who has no topics: the values stay, with count 0.
        assert_eq!(
            counts(&facets.topics),
            [("t-ml", 0, false), ("t-sys", 0, false)]
        );
        assert_eq!(
            counts(&facets.sectors),
            [("academia", 1, false), ("industry", 0, false)]
        );
        assert_eq!(facets.award.count, 0);

        // Two facets: each one's counts respect the other.
        let facets = f.run(&[("topic", "t-sys"), ("sector", "industry")]).facets;
        assert_eq!(
            counts(&facets.topics),
            [("t-ml", 2, false), ("t-sys", 1, true)]
        );
        assert_eq!(
            counts(&facets.sectors),
            [("academia", 2, false), ("industry", 1, true)]
        );
        assert_eq!(
            f.ids(&[("topic", "t-sys"), ("sector", "industry")]),
            ["r-eve"]
        );

        // The award toggle: those passing every other facet and having an award.
        let facets = f.run(&[("award", "1"), ("country", "DE")]).facets;
        assert_eq!(facets.award.count, 1);
        assert!(facets.award.selected);
        assert_eq!(
            counts(&facets.countries),
            [("DE", 1, true), ("GB", 1, false), ("US", 1, false)]
        );

        // The query narrows every count.
        let facets = f.run(&[("q", "muller")]).facets;
        assert_eq!(
            counts(&facets.topics),
            [("t-ml", 2, false), ("t-sys", 1, false)]
        );
        // A query matching nobody still lists the values, all 0.
        let facets = f.run(&[("q", "qqq")]).facets;
        assert!(facets.topics.iter().all(|v| v.count == 0));
        assert_eq!(facets.topics.len(), 2);
    }

    #[test]
    fn org_facet_follows_the_scope() {
        let f = Fixture::new();
        let current = f.run(&[("org", "uni-a")]).facets.orgs;
        assert_eq!(
            counts(&current),
            [
                ("corp-b", 2, false),
                ("npo-d", 2, false),
                ("lab-c", 2, false),
                ("uni-a", 1, true)
            ]
        );
        let any = f.run(&[("org", "uni-a"), ("scope", "any")]).facets.orgs;
        // Past organizations count too, and Epsilon (only a past employer) is listed.
        assert_eq!(
            counts(&any),
            [
                ("lab-c", 4, false),
                ("corp-b", 3, false),
                ("npo-d", 3, false),
                ("epsilon", 3, false),
                ("uni-a", 2, true),
            ]
        );
    }

    #[test]
    fn selected_values_are_listed_even_when_unused() {
        let f = Fixture::new();
        // Nobody has the selected topics, so each other topic would add its own researchers.
        let facets = f.run(&[("topic", "t-unused,bogus")]).facets;
        assert_eq!(
            counts(&facets.topics),
            [
                ("t-ml", 2, false),
                ("t-sys", 2, false),
                ("t-unused", 0, true)
            ]
        );
        let facets = f.run(&[("org", "epsilon")]).facets;
        assert!(facets.orgs.iter().any(|v| v.id == "epsilon" && v.selected));
    }

    #[test]
    fn sanitize_drops_unknown_ids() {
        let f = Fixture::new();
        let p = SearchParams::from_pairs([
            ("q", "x"),
            ("topic", "t-sys,nope"),
            ("org", "uni-a,gone"),
            ("country", "DE,ZZ"),
            ("venue", "v-y,v-z"),
            ("sector", "industry"),
            ("award", "1"),
        ]);
        let s = f.index.sanitize(&p);
        let want = SearchParams::from_pairs([
            ("q", "x"),
            ("topic", "t-sys"),
            ("org", "uni-a"),
            ("country", "DE"),
            ("venue", "v-y"),
            ("sector", "industry"),
            ("award", "1"),
        ]);
        assert_eq!(s, want);
        assert_eq!(f.index.sanitize(&want), want);
        // FR is some organization's country, so it is known even if no one is there now.
        assert_eq!(
            f.index
                .sanitize(&SearchParams::from_pairs([("country", "FR")]))
                .countries
                .len(),
            1
        );
    }

    #[test]
    fn field_kinds() {
        let labels: Vec<&str> = FieldKind::ALL.iter().map(|k| k.label()).collect();
        assert_eq!(
            labels,
            [
                "Name",
                "Also known as",
                "Organization",
                "Topic",
                "Interest",
                "Publication",
                "Venue",
                "Award",
                "Talk",
                "Project"
            ]
        );
        let weights: Vec<u32> = FieldKind::ALL.iter().map(|k| k.weight()).collect();
        assert_eq!(weights, [100, 80, 40, 40, 30, 20, 10, 25, 15, 30]);
        assert_eq!(country_name("us"), Some("United States"));
        assert_eq!(country_name("XX"), None);
    }
}
