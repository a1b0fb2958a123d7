//! Building the index from a [`Dataset`]: the facet vocabularies, each researcher's searchable
//! fields and facet values, the word vocabulary, and the tables encoding leaves out and
//! [`SearchIndex::after_decode`] recomputes.
//!
//! Equal texts are stored once ([`FieldTable`]) and the most shared fields get the smallest ids
//! ([`renumber_by_use`]), which keeps the compiled directory small. Records are resolved through
//! maps built once ([`ById`]), not the model's per-call lookups, which scan a whole collection.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};

use super::{Field, FieldKind, FieldToken, Person, Rows, SearchIndex, Stats};
use crate::model::{
    CareerStage, Dataset, OpeningKind, OrgKind, Organization, Publication, Researcher,
};
use crate::search::facet::{Facet, country_name};
use crate::search::params::Sector;
use crate::search::text::{Token, fold, tokenize};
use crate::search::titles::{SHARD_BUDGET, TitleShard, build_shards_within};

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

/// Positions of the dataset's records by id, built once for every researcher.
pub(super) struct ById<'a> {
    organizations: HashMap<&'a str, usize>,
    publications: HashMap<&'a str, usize>,
    venues: HashMap<&'a str, usize>,
    topics: HashMap<&'a str, usize>,
}

impl<'a> ById<'a> {
    /// Maps `d`'s organizations, publications, venues and topics.
    pub(super) fn new(d: &'a Dataset) -> Self {
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
            topics: d
                .topics
                .iter()
                .enumerate()
                .map(|(i, x)| (x.id.as_str(), i))
                .collect(),
        }
    }

    /// [`Dataset::publications_of`] from the map: the same list, in a time that depends on the
    /// profile only, not on the number of publications (it runs once per researcher).
    pub(super) fn publications_of<'d>(
        &self,
        dataset: &'d Dataset,
        r: &Researcher,
    ) -> Vec<&'d Publication> {
        let mut seen = HashSet::new();
        r.publications
            .iter()
            .filter_map(|id| self.publications.get(id.as_str()).copied())
            .filter(|&i| seen.insert(i))
            .map(|i| &dataset.publications[i])
            .collect()
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

/// Appends `v` unless present (lists here are short).
fn push_unique(list: &mut Vec<u32>, v: u32) {
    if !list.contains(&v) {
        list.push(v);
    }
}

/// The positions of a researcher's organizations, each once: the current one (also returned
/// alone), then those of their positions, then of their education.
fn organizations_of(r: &Researcher, by_id: &ById<'_>) -> (Option<usize>, Vec<usize>) {
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
    (current, org_list)
}

/// Whether a researcher is in academia and in industry: by their current organization's kind,
/// and their career stage (an industry stage is industry; no organization counts as academia).
fn sectors_of(current: Option<&Organization>, stage: CareerStage) -> [(Sector, bool); 2] {
    let mut in_academia = matches!(
        current.map(|o| o.kind),
        Some(OrgKind::University | OrgKind::Lab)
    );
    let mut in_industry = matches!(current.map(|o| o.kind), Some(OrgKind::Company));
    match stage {
        CareerStage::Industry => in_industry = true,
        _ if current.is_none() => in_academia = true,
        _ => {}
    }
    [
        (Sector::Academia, in_academia),
        (Sector::Industry, in_industry),
    ]
}

/// The distinct publication years, ascending, and the card's stats.
fn years_and_stats(r: &Researcher, pubs: &[&Publication]) -> (Vec<u16>, Stats) {
    let mut years: Vec<u16> = pubs.iter().map(|x| x.year).collect();
    years.sort_unstable();
    years.dedup();
    let stats = Stats {
        publications: pubs.len(),
        awards: r.awards.len(),
        talks: r.talks.len(),
        first_year: years.first().copied(),
        last_year: years.last().copied(),
    };
    (years, stats)
}

impl SearchIndex {
    /// Builds the index: tokenizes every searchable text once and pre-computes facet values.
    pub fn new(dataset: &Dataset) -> Self {
        Self::build(dataset, true)
    }

    /// The index without publication titles, and the titles as shards (what the compiled
    /// directory ships; see [`crate::search::titles`]).
    pub fn new_sharded(dataset: &Dataset) -> (Self, BTreeMap<String, TitleShard>) {
        Self::new_sharded_within(dataset, SHARD_BUDGET)
    }

    /// [`Self::new_sharded`] with shards of about `budget` bytes at most.
    pub fn new_sharded_within(
        dataset: &Dataset,
        budget: usize,
    ) -> (Self, BTreeMap<String, TitleShard>) {
        let index = Self::build(dataset, false);
        let by_id = ById::new(dataset);
        // In name order: title shards number researchers by their place in it, as word shards
        // do, so the first answer reads both without a table from one numbering to the other.
        let titles: Vec<Vec<&str>> = (index.by_name.iter())
            .map(|&i| &dataset.researchers[i as usize])
            .map(|r| {
                by_id
                    .publications_of(dataset, r)
                    .into_iter()
                    .map(|p| p.title.as_str())
                    .collect()
            })
            .collect();
        (index, build_shards_within(&titles, budget))
    }

    /// Recomputes what encoding leaves out (lookup tables, inverted lists); call after decoding.
    pub fn after_decode(&mut self) {
        for values in &mut self.facets {
            values.rebuild();
        }
        self.invert();
    }

    /// Builds the inverted lists from the fields' words and the researchers' field lists.
    pub(super) fn invert(&mut self) {
        static STAMPS: AtomicU64 = AtomicU64::new(1);
        self.stamp = STAMPS.fetch_add(1, Ordering::Relaxed);
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
        self.by_name = vec![0; self.people.len()];
        for (i, p) in self.people.iter().enumerate() {
            self.by_name[p.name_rank as usize] = i as u32;
        }
        let tokens: usize = (self.people.iter())
            .flat_map(|p| &p.fields)
            .map(|&f| fields[f as usize].tokens.len())
            .sum();
        self.tokens_per_person = tokens.div_ceil(self.people.len().max(1));
        let people = self.people.iter().enumerate();
        self.field_people = Rows::new(
            fields.len(),
            people.flat_map(|(i, p)| p.fields.iter().map(move |&f| (f, i as u32))),
        );
        self.use_name_order("");
    }

    /// The index of `dataset`, with publication titles as fields when `titles_inline`.
    fn build(dataset: &Dataset, titles_inline: bool) -> Self {
        let mut index = SearchIndex {
            titles_inline,
            ..Default::default()
        };
        index.add_facet_vocabularies(dataset);
        let by_id = ById::new(dataset);

        // Each researcher's fields and facet values.
        let mut table = FieldTable::default();
        let mut people: Vec<Person> = dataset
            .researchers
            .iter()
            .map(|r| index.person(dataset, r, &by_id, &mut table))
            .collect();

        index.add_fields(table.texts);
        renumber_by_use(&mut index.fields, &mut people);
        rank_names(dataset, &mut people);
        #[cfg(not(target_arch = "wasm32"))]
        {
            let ranks: Vec<u32> = people.iter().map(|p| p.name_rank).collect();
            index.orders = super::collate::orders(dataset, &ranks);
        }
        index.mark_occurring(&people);

        index.year_min = dataset.publications.iter().map(|p| p.year).min();
        index.year_max = dataset.publications.iter().map(|p| p.year).max();
        index.people = people;
        index.invert();
        index
    }

    /// Every list facet's values: the dataset's topics, organizations, countries and venues,
    /// and the fixed sectors, career stages and opening kinds.
    fn add_facet_vocabularies(&mut self, dataset: &Dataset) {
        let [topics, orgs, sectors, stages, openings, countries, venues] = &mut self.facets;
        for t in &dataset.topics {
            topics.add(t.id.as_str(), &t.name);
        }
        for o in &dataset.organizations {
            orgs.add(o.id.as_str(), o.short_name.as_deref().unwrap_or(&o.name));
        }
        for s in Sector::ALL {
            sectors.add(s.key(), s.label(&crate::lang::EN));
        }
        for s in CareerStage::ALL {
            stages.add(s.key(), s.label(&crate::lang::EN));
        }
        for k in OpeningKind::ALL {
            openings.add(k.key(), k.label(&crate::lang::EN));
        }
        let mut codes: Vec<&str> = dataset
            .organizations
            .iter()
            .filter_map(|o| o.country.as_deref())
            .collect();
        codes.sort_unstable();
        codes.dedup();
        for code in codes {
            countries.add(code, country_name(code, &crate::lang::EN).unwrap_or(code));
        }
        for v in &dataset.venues {
            venues.add(v.id.as_str(), &v.short_name);
        }
    }

    /// Tokenizes each distinct text once, numbers the words in sorted order, and stores the
    /// texts as fields.
    fn add_fields(&mut self, texts: Vec<(FieldKind, String)>) {
        let tokenized: Vec<Vec<Token>> = texts.iter().map(|(_, text)| tokenize(text)).collect();
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
        self.fields = texts
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
        self.vocab = vocab.into_iter().map(str::to_owned).collect();
    }

    /// Records which facet values some researcher has.
    fn mark_occurring(&mut self, people: &[Person]) {
        for f in Facet::ALL {
            let mut occurs = vec![false; self.facets[f.index()].len()];
            for p in people {
                for &v in &p.values[f.index()] {
                    occurs[v as usize] = true;
                }
            }
            self.occurs[f.index()] = occurs;
        }
        self.org_any_occurs = vec![false; self.facets[Facet::Organization.index()].len()];
        for p in people {
            for &v in &p.org_any {
                self.org_any_occurs[v as usize] = true;
            }
        }
    }

    /// One researcher's fields (registered in `table`), facet values and stats.
    fn person(
        &self,
        dataset: &Dataset,
        r: &Researcher,
        by_id: &ById<'_>,
        table: &mut FieldTable,
    ) -> Person {
        let [topics, orgs, sectors, stages, openings, countries, venues] = &self.facets;
        let mut p = Person::default();
        let mut fields = Vec::new();
        table.next_person();

        let pubs = by_id.publications_of(dataset, r);

        // Names.
        table.add(&mut fields, FieldKind::Name, &r.name);
        if let Some(native) = &r.native_name {
            table.add(&mut fields, FieldKind::OtherName, native);
        }
        for name in &r.alternative_names {
            table.add(&mut fields, FieldKind::OtherName, name);
        }

        // Organizations: current, then positions, then education.
        let (current, org_list) = organizations_of(r, by_id);
        for &i in &org_list {
            let o = &dataset.organizations[i];
            table.add(&mut fields, FieldKind::Organization, &o.name);
            if let Some(short) = &o.short_name {
                table.add(&mut fields, FieldKind::Organization, short);
            }
            for alias in &o.aliases {
                table.add(&mut fields, FieldKind::Organization, alias);
            }
            // Its names in the site's other languages: a page in any finds them.
            for t in o.translations.values() {
                for name in [&t.name, &t.short_name].into_iter().flatten() {
                    table.add(&mut fields, FieldKind::Organization, name);
                }
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
                && !p.values[Facet::Topic.index()].contains(&v)
            {
                p.values[Facet::Topic.index()].push(v);
                table.add(&mut fields, FieldKind::Topic, &topics.labels[v as usize]);
                let translated = by_id.topics.get(id.as_str()).map(|&i| &dataset.topics[i]);
                for t in translated.iter().flat_map(|t| t.translations.values()) {
                    if let Some(name) = &t.name {
                        table.add(&mut fields, FieldKind::Topic, name);
                    }
                }
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
                && !p.values[Facet::Venue.index()].contains(&v)
            {
                p.values[Facet::Venue.index()].push(v);
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
                p.values[Facet::Organization.index()].push(v);
            }
            if let Some(v) = o.country.as_deref().and_then(|c| countries.get(c)) {
                p.values[Facet::Country.index()].push(v);
            }
        }
        for (sector, yes) in sectors_of(current_org, r.career_stage) {
            if let Some(v) = sectors.get(sector.key()).filter(|_| yes) {
                p.values[Facet::Sector.index()].push(v);
            }
        }
        if let Some(v) = stages.get(r.career_stage.key()) {
            p.values[Facet::Stage.index()].push(v);
        }
        for k in r.openings.iter().flat_map(|o| &o.kinds) {
            if let Some(v) = openings.get(k.key()) {
                push_unique(&mut p.values[Facet::Open.index()], v);
            }
        }

        p.has_award = !r.awards.is_empty();
        (p.years, p.stats) = years_and_stats(r, &pubs);
        p
    }
}

/// Each researcher's position in name order (folded name, then id).
fn rank_names(dataset: &Dataset, people: &mut [Person]) {
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
}
