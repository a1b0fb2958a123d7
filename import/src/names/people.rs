//! The directory's members by every way their names are spelled, to find who a printed author
//! is.
//!
//! Two indexes, so a lookup never scans the directory: the [`match_key`] of every spelling
//! (name, alternative names, native name) for exact matches, and every spelling by its folded
//! family name and first initial for near ones ([`Name::key`]). A lookup cleans the printed
//! name, looks it up exactly, and only if no one has that spelling compares it with the few
//! members who share its family name and first initial.

use std::collections::HashMap;

use research_atlas::model::{Dataset, Researcher, ResearcherId};

use super::match_key;
use super::person::{Match, Name, clean_author};

/// Which directory members a printed author name can be.
pub struct People {
    people: Vec<Person>,
    /// Spelling's [`match_key`] → members with it, each once.
    exact: HashMap<String, Vec<usize>>,
    /// [`Name::key`] → (member, their parsed spelling).
    near: HashMap<String, Vec<(usize, Name)>>,
    by_id: HashMap<ResearcherId, usize>,
}

struct Person {
    id: ResearcherId,
    name: String,
    keys: Vec<String>,
}

/// Who a printed name is in the directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found<'a> {
    /// The member with that spelling.
    Exact(&'a ResearcherId),
    /// The one member it is a near match of, and why.
    Near(&'a ResearcherId, String),
    /// Several members have that spelling, or (when none has it) are near matches of it.
    Ambiguous(Vec<&'a ResearcherId>),
    /// No one.
    Unknown,
}

/// Which of a paper's authors is a given member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Among {
    /// The first author printed as one of their spellings.
    Exact(usize),
    /// The only author who is a near match of them, and why.
    Near(usize, String),
    /// Several authors are near matches (and none exact): their positions.
    Ambiguous(Vec<usize>),
    /// None.
    Absent,
}

impl People {
    /// Indexes every researcher's name, alternative names and native name.
    pub fn new(dataset: &Dataset) -> Self {
        Self::of(&dataset.researchers)
    }

    /// Indexes these researchers' names, alternative names and native names.
    pub fn of(researchers: &[Researcher]) -> Self {
        let mut people = Self {
            people: Vec::with_capacity(researchers.len()),
            exact: HashMap::new(),
            near: HashMap::new(),
            by_id: HashMap::new(),
        };
        for r in researchers {
            let spellings = std::iter::once(&r.name)
                .chain(&r.alternative_names)
                .chain(&r.native_name);
            people.push(&r.id, &r.name, spellings);
        }
        people
    }

    /// Indexes `id`'s further `spellings` (an alternative name an import added), or a new
    /// member called `name`: what [`People::of`] would have made with them.
    pub fn learn<'a>(
        &mut self,
        id: &ResearcherId,
        name: &str,
        spellings: impl IntoIterator<Item = &'a String>,
    ) {
        self.push(id, name, spellings);
    }

    fn push<'a>(
        &mut self,
        id: &ResearcherId,
        name: &str,
        spellings: impl IntoIterator<Item = &'a String>,
    ) {
        let i = match self.by_id.get(id) {
            Some(&i) => i,
            None => {
                self.by_id.insert(id.clone(), self.people.len());
                self.people.push(Person {
                    id: id.clone(),
                    name: name.to_owned(),
                    keys: Vec::new(),
                });
                self.people.len() - 1
            }
        };
        for spelling in spellings {
            let (clean, _) = clean_author(spelling);
            let key = match_key(&clean);
            if key.is_empty() || self.people[i].keys.contains(&key) {
                continue;
            }
            let members = self.exact.entry(key.clone()).or_default();
            if !members.contains(&i) {
                members.push(i);
            }
            self.people[i].keys.push(key);
            if let Some(name) = Name::parse(&clean)
                && let Some(near_key) = name.key()
            {
                self.near.entry(near_key).or_default().push((i, name));
            }
        }
    }

    /// The researchers whose name or an alternative name is spelled `name` (usually zero or one).
    pub fn matching(&self, name: &str) -> Vec<&ResearcherId> {
        let key = match_key(&clean_author(name).0);
        (self.exact.get(&key).into_iter().flatten())
            .map(|&i| &self.people[i].id)
            .collect()
    }

    /// The name `id` goes by, for messages.
    pub fn name(&self, id: &ResearcherId) -> Option<&str> {
        self.by_id.get(id).map(|&i| self.people[i].name.as_str())
    }

    /// Who `printed` is: the member with that spelling, else the one member it is a near match
    /// of; two or more either way are ambiguous, and none of them is chosen.
    pub fn find(&self, printed: &str) -> Found<'_> {
        let (clean, _) = clean_author(printed);
        match self.exact.get(&match_key(&clean)).map(Vec::as_slice) {
            Some([one]) => return Found::Exact(&self.people[*one].id),
            Some(several @ [_, _, ..]) => {
                return Found::Ambiguous(several.iter().map(|&i| &self.people[i].id).collect());
            }
            _ => {}
        }
        // Most co-authors are not in the directory: their family name alone says so.
        let Some(bucket) = Name::key_of(&clean).and_then(|k| self.near.get(&k)) else {
            return Found::Unknown;
        };
        let Some(name) = Name::parse(&clean) else {
            return Found::Unknown;
        };
        let mut near: Vec<(usize, String)> = Vec::new();
        for (i, spelling) in bucket {
            if near.iter().any(|(j, _)| j == i) {
                continue;
            }
            if let Some(how) = name.near(spelling) {
                near.push((*i, how));
            }
        }
        match near.as_slice() {
            [] => Found::Unknown,
            [(i, how)] => Found::Near(&self.people[*i].id, how.clone()),
            several => Found::Ambiguous(several.iter().map(|(i, _)| &self.people[*i].id).collect()),
        }
    }

    /// How `printed` compares with `id`'s spellings ([`Match::No`] for an unknown id).
    pub fn compare(&self, printed: &str, id: &ResearcherId) -> Match {
        let Some(&i) = self.by_id.get(id) else {
            return Match::No;
        };
        let (clean, _) = clean_author(printed);
        if self.people[i].keys.contains(&match_key(&clean)) {
            return Match::Exact;
        }
        let Some(name) = Name::parse(&clean) else {
            return Match::No;
        };
        (name
            .key()
            .and_then(|k| self.near.get(&k))
            .into_iter()
            .flatten())
        .filter(|(j, _)| *j == i)
        .find_map(|(_, spelling)| name.near(spelling))
        .map_or(Match::No, Match::Near)
    }

    /// Which of `authors` is `id`: the first printed as one of their spellings, else the only
    /// near match. An author printed exactly as another member's spelling is that member, not
    /// a near match of `id`.
    pub fn among(&self, id: &ResearcherId, authors: &[impl AsRef<str>]) -> Among {
        let mut near = Vec::new();
        for (at, printed) in authors.iter().enumerate() {
            match self.compare(printed.as_ref(), id) {
                Match::Exact => return Among::Exact(at),
                Match::Near(how) if !self.someone_else(printed.as_ref(), id) => {
                    near.push((at, how));
                }
                Match::Near(_) | Match::No => {}
            }
        }
        match near.as_slice() {
            [] => Among::Absent,
            [(at, how)] => Among::Near(*at, how.clone()),
            several => Among::Ambiguous(several.iter().map(|(at, _)| *at).collect()),
        }
    }

    /// Whether `printed` is exactly a spelling of a member other than `id`.
    fn someone_else(&self, printed: &str, id: &ResearcherId) -> bool {
        self.matching(printed).iter().any(|other| *other != id)
    }
}
