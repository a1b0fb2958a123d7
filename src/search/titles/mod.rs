//! Publication titles as a sharded word index, fetched by the browser only for the words a query
//! has (Pagefind-style).
//!
//! At 20,000 researchers the titles of their 200,000 papers are most of the searchable text: kept
//! in the directory's first download they would make it tens of megabytes. So the compiled
//! directory leaves them out of [`SearchIndex`](super::SearchIndex), and [`build_shards`] splits
//! them by the first characters of each folded word: one ([`shard_key`]), or more where a group
//! of words would make a shard over about 100 KB gzipped ([`SHARD_BUDGET`]), with the rare
//! beginnings of a divided group kept in its own shard so that shards are few and full. A whole
//! query word needs exactly one shard, and a prefix the shards of the words that start with it
//! ([`shards_for_word`]); the UI fetches them while the user types. A shard holds its words in
//! sorted order (so a prefix is a contiguous range), for each word the researchers whose titles
//! have it (sorted by researcher, numbered by their place in name order, one title each), and
//! the text of those titles, so a match can be explained without another request.
//!
//! A one-character last word (a prefix of hundreds of words in every shard) searches names,
//! organizations, topics and the rest, not titles, until a second character is typed; and a
//! last word that begins the words of more than [`PREFIX_SHARDS`] shards waits the same way for
//! the letter that narrows it ([`prefix_searched`]): at 100,000 researchers "co" began words in
//! 39 shards, 13 MB to fetch and decode for two letters (the slowest key of a first typing, half
//! a second). A word followed by another is searched in all of its shards.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::text::tokenize;
use crate::model::shares::map_shares;
use crate::model::sort;

/// One researcher having one title word: the researcher and the title that has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TitlePosting {
    /// The researcher's place in name order (as the first answer's word shards number them;
    /// the directory's index maps it to its own numbering).
    pub person: u32,
    /// Index of the title in [`TitleShard::titles`].
    pub title: u32,
    /// Position of the title among the researcher's publications (ties between reasons go to
    /// the one listed first, as with titles in the index).
    pub rank: u32,
}

/// The title words that share a [`shard_key`], with their postings and titles.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TitleShard {
    /// The folded words, sorted; a word's id is its position.
    pub words: Vec<String>,
    /// Postings of word `w` are `postings[offsets[w]..offsets[w + 1]]`, sorted by person.
    pub offsets: Vec<u32>,
    /// Every (word, researcher) pair once, grouped by word.
    pub postings: Vec<TitlePosting>,
    /// The text of every title some posting points at.
    pub titles: Vec<String>,
}

impl TitleShard {
    /// The postings of words `lo..hi`.
    pub fn postings(&self, lo: u32, hi: u32) -> &[TitlePosting] {
        &self.postings[self.offsets[lo as usize] as usize..self.offsets[hi as usize] as usize]
    }

    /// The range of word ids that `word` matches: itself only, or every word it is a prefix of;
    /// with the id of the word itself when the shard has it.
    pub fn range(&self, word: &str, prefix: bool) -> (u32, u32, Option<u32>) {
        let lo = self.words.partition_point(|w| w.as_str() < word);
        let exact = (self.words.get(lo).map(String::as_str) == Some(word)).then_some(lo as u32);
        let hi = if prefix {
            lo + self.words[lo..].partition_point(|w| w.starts_with(word))
        } else {
            lo + usize::from(exact.is_some())
        };
        (lo as u32, hi as u32, exact)
    }

    /// The posting of researcher `person` for word `w`, if any (postings are sorted by person).
    pub fn posting_of(&self, w: u32, person: u32) -> Option<TitlePosting> {
        let postings = self.postings(w, w + 1);
        postings
            .binary_search_by_key(&person, |p| p.person)
            .ok()
            .map(|i| postings[i])
    }

    /// Encodes the shard for the compiled directory.
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("a title shard always encodes")
    }

    /// Decodes a shard written by [`Self::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, crate::Error> {
        postcard::from_bytes(bytes).map_err(crate::Error::decoding("a title shard"))
    }
}

/// Most bytes a shard may have (encoded): about 100 KB gzipped. A larger group of words is split
/// by one more character (see [`build_shards`]).
pub const SHARD_BUDGET: usize = 360 * 1024;

/// The key of a folded word's first `chars` characters: each kept when it is an ASCII letter or
/// digit and written as `_`, its hex code point and `_` otherwise, so keys are safe file names
/// and a key is a prefix of another exactly when its characters are (`"learning"`, 2 → `"le"`,
/// `"über"`, 2 → `"_fc_b"`).
pub fn key_of(word: &str, chars: usize) -> String {
    let mut key = String::new();
    for c in word.chars().take(chars) {
        if c.is_ascii_alphanumeric() {
            key.push(c);
        } else {
            key.push_str(&format!("_{:x}_", c as u32));
        }
    }
    key
}

/// How many characters a shard's key has before its group is divided ([`split_words`]).
pub const KEY_CHARS: usize = 1;

/// The key a word's shard starts from: its first character ([`key_of`]).
pub fn shard_key(word: &str) -> String {
    key_of(word, KEY_CHARS)
}

/// The shards among `keys` (sorted) that hold `word`, as positions in `keys`: the one with the
/// longest key its characters start with and, for a prefix, also every shard of words that start
/// with it.
pub fn shards_for_word<S: AsRef<str>>(word: &str, prefix: bool, keys: &[S]) -> Vec<usize> {
    let find = |key: &str| keys.binary_search_by(|k| k.as_ref().cmp(key)).ok();
    let len = word.chars().count();
    let own = (len.min(KEY_CHARS)..=len)
        .rev()
        .find_map(|n| find(&key_of(word, n)));
    let mut found: Vec<usize> = own.into_iter().collect();
    // The other parts of a word split by researcher.
    if let Some(i) = own {
        let parts = format!("{}~", keys[i].as_ref());
        let from = keys.partition_point(|k| k.as_ref() < parts.as_str());
        found.extend((from..keys.len()).take_while(|&j| keys[j].as_ref().starts_with(&parts)));
    }
    if prefix {
        let whole = key_of(word, len);
        let from = keys.partition_point(|k| k.as_ref() < whole.as_str());
        let longer: Vec<usize> = (from..keys.len())
            .take_while(|&i| keys[i].as_ref().starts_with(&whole))
            .filter(|&i| keys[i].as_ref().len() > whole.len() && !found.contains(&i))
            .collect();
        found.extend(longer);
    }
    found
}

/// Most shards the last word, a prefix still being typed, has its titles searched in.
pub const PREFIX_SHARDS: usize = 6;

/// Whether a query's last word, `word`, has its publication titles searched (and their shards
/// among `keys` fetched) while it is a prefix: from its second character on, once it begins the
/// words of at most [`PREFIX_SHARDS`] shards (see the module docs).
pub fn prefix_searched<S: AsRef<str>>(word: &str, keys: &[S]) -> bool {
    word.chars().nth(1).is_some() && shards_for_word(word, true, keys).len() <= PREFIX_SHARDS
}

/// The shards among `keys` (sorted) a query needs for its title matches: those of each word, the
/// last one's only when [`prefix_searched`] (see the module docs).
pub fn shards_for_query<S: AsRef<str>>(query: &str, keys: &[S]) -> Vec<String> {
    shards_for_words(query, keys, |word| prefix_searched(word, keys))
}

/// The shards among `keys` (sorted) that hold a query's words, the last as a prefix when
/// `last_searched` says so (and not at all otherwise).
pub(crate) fn shards_for_words<S: AsRef<str>>(
    query: &str,
    keys: &[S],
    last_searched: impl Fn(&str) -> bool,
) -> Vec<String> {
    let tokens = tokenize(query);
    let last = tokens.len().saturating_sub(1);
    let mut found: Vec<String> = (tokens.iter().enumerate())
        .filter(|(i, t)| *i != last || last_searched(&t.text))
        .flat_map(|(i, t)| shards_for_word(&t.text, i == last, keys))
        .map(|i| keys[i].as_ref().to_owned())
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// One researcher having one title word: (word, researcher, title, rank).
type Entry<'a> = (String, u32, &'a str, u32);

/// Builds the shards from each researcher's publication titles (`titles[i]` for researcher `i`,
/// in profile order). For each word a researcher keeps the first of their titles that has it.
///
/// Words are grouped by their first character and divided where a group is over
/// [`SHARD_BUDGET`] ([`split_words`]), so that common beginnings ("co", "in") make several
/// files rather than one too large, and rare ones share a file. A single word over the budget
/// ("for", "learning") is split by researcher into parts `key`, `key~1`, `key~2`… which a lookup
/// of the word reads together.
pub fn build_shards(titles: &[Vec<&str>]) -> BTreeMap<String, TitleShard> {
    build_shards_within(titles, SHARD_BUDGET)
}

/// [`build_shards`] with shards of at most about `budget` bytes.
pub fn build_shards_within(titles: &[Vec<&str>], budget: usize) -> BTreeMap<String, TitleShard> {
    // Each researcher's words, on all cores, grouped by their first character.
    let people: Vec<(usize, &Vec<&str>)> = titles.iter().enumerate().collect();
    let mut groups: BTreeMap<String, Vec<Entry<'_>>> = BTreeMap::new();
    for share in map_shares(people, |share| {
        let mut groups: BTreeMap<String, Vec<Entry<'_>>> = BTreeMap::new();
        for (person, list) in share {
            let mut seen: HashSet<String> = HashSet::new();
            for (rank, &title) in list.iter().enumerate() {
                for token in tokenize(title) {
                    if seen.insert(token.text.clone()) {
                        let key = shard_key(&token.text);
                        let entry = (token.text, person as u32, title, rank as u32);
                        groups.entry(key).or_default().push(entry);
                    }
                }
            }
        }
        groups
    }) {
        for (key, entries) in share {
            groups.entry(key).or_default().extend(entries);
        }
    }
    split_groups(groups, budget, &title_kind())
}

/// Every group of entries (words by their [`shard_key`]) split and finished as shards of about
/// `budget` bytes ([`split_words`]), on all cores, largest first so the cores' shares balance.
pub(crate) fn split_groups<E: Send, S: Send>(
    groups: impl IntoIterator<Item = (String, Vec<E>)>,
    budget: usize,
    kind: &ShardKind<E, S>,
) -> BTreeMap<String, S> {
    let mut groups: Vec<(String, Vec<E>)> = groups.into_iter().collect();
    sort::by_key(&mut groups, |(_, entries)| std::cmp::Reverse(entries.len()));
    let shards = map_shares(groups, |share| {
        let mut shards = BTreeMap::new();
        for (key, entries) in share {
            split_words(key, entries, budget, kind, &mut shards);
        }
        shards
    });
    shards.into_iter().flatten().collect()
}

/// How [`split_words`] measures, divides and finishes one kind of word shard.
pub(crate) struct ShardKind<E, S> {
    /// The word of an entry.
    pub word: fn(&E) -> &str,
    /// About the encoded size of a shard of these entries.
    pub estimate: fn(&[E]) -> usize,
    /// The entries of one word too common to fit, divided into parts of about `budget` bytes.
    pub parts: fn(Vec<E>, usize) -> Vec<Vec<E>>,
    /// The shard of these entries.
    pub finish: fn(Vec<E>) -> S,
}

/// Finishes the words of `entries` (all starting with `key`, of [`KEY_CHARS`] characters) as
/// shards of about `budget` bytes at most, into `shards`.
///
/// A group over the budget is divided by the next character, and the smallest of those parts go
/// back into the group's own shard (`key`) for as long as it stays within the budget; only the
/// parts left over become shards of their own (`key` plus that character), divided again the same
/// way when they are still too big. So a shard is found by the longest key its word starts with,
/// and the rare beginnings of a common one ("cob", "cod") share its shard instead of making a
/// file each. A single word over the budget is divided by `kind.parts` into `key`, `key~1`,
/// `key~2`…
pub(crate) fn split_words<E, S>(
    key: String,
    entries: Vec<E>,
    budget: usize,
    kind: &ShardKind<E, S>,
    shards: &mut BTreeMap<String, S>,
) {
    let bytes = (kind.estimate)(&entries);
    let mut work: Vec<(String, usize, Vec<E>, usize)> = vec![(key, KEY_CHARS, entries, bytes)];
    while let Some((key, depth, entries, bytes)) = work.pop() {
        if bytes <= budget {
            shards.insert(key, (kind.finish)(entries));
            continue;
        }
        // The words no longer than the key stay in its shard; the others by their next character.
        let mut own: Vec<E> = Vec::new();
        let mut parts: BTreeMap<String, Vec<E>> = BTreeMap::new();
        for e in entries {
            if (kind.word)(&e).chars().nth(depth).is_some() {
                parts
                    .entry(key_of((kind.word)(&e), depth + 1))
                    .or_default()
                    .push(e);
            } else {
                own.push(e);
            }
        }
        let mut parts: Vec<(usize, String, Vec<E>)> = (parts.into_iter())
            .map(|(k, e)| ((kind.estimate)(&e), k, e))
            .collect();
        sort::by_key(&mut parts, |(bytes, _, _)| *bytes);
        let mut bytes = (kind.estimate)(&own);
        for (more, part, entries) in parts {
            if bytes + more <= budget {
                bytes += more;
                own.extend(entries);
            } else {
                work.push((part, depth + 1, entries, more));
            }
        }
        if own.is_empty() {
            continue;
        }
        if bytes <= budget {
            shards.insert(key, (kind.finish)(own));
            continue;
        }
        // One word alone over the budget.
        for (i, part) in (kind.parts)(own, budget).into_iter().enumerate() {
            let name = if i == 0 {
                key.clone()
            } else {
                format!("{key}~{i}")
            };
            shards.insert(name, (kind.finish)(part));
        }
    }
}

/// The title shards' [`ShardKind`].
fn title_kind<'a>() -> ShardKind<Entry<'a>, TitleShard> {
    ShardKind {
        word: |e| &e.0,
        estimate,
        parts: title_parts,
        finish,
    }
}

/// One word's entries divided by researcher into parts of about `budget` bytes, each part
/// counting each of its titles once.
fn title_parts(mut entries: Vec<Entry<'_>>, budget: usize) -> Vec<Vec<Entry<'_>>> {
    sort::by_key(&mut entries, |e| e.1);
    let mut parts: Vec<Vec<Entry<'_>>> = vec![Vec::new()];
    let (mut bytes, mut titles) = (0, HashSet::new());
    for e in entries {
        let title = e.2.len() + 2;
        let mut more = 6 + if titles.contains(e.2) { 0 } else { title };
        if bytes + more > budget && parts.last().is_some_and(|p| !p.is_empty()) {
            parts.push(Vec::new());
            (bytes, titles) = (0, HashSet::new());
            more = 6 + title;
        }
        titles.insert(e.2);
        bytes += more;
        parts.last_mut().expect("one part at least").push(e);
    }
    parts
}

/// About the encoded size of a shard of `entries`: its words, postings and titles.
fn estimate(entries: &[Entry<'_>]) -> usize {
    let words: HashSet<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    // A title is one slice of the dataset, however many words share it: its address is enough.
    let titles: HashMap<*const u8, usize> =
        entries.iter().map(|e| (e.2.as_ptr(), e.2.len())).collect();
    let words: usize = words.iter().map(|w| w.len() + 2).sum();
    let titles: usize = titles.values().map(|len| len + 2).sum();
    words + titles + entries.len() * 6
}

/// The shard of `entries`: words sorted, postings by word and researcher, each title once.
fn finish(mut entries: Vec<Entry<'_>>) -> TitleShard {
    sort::by(&mut entries, |x, y| (&x.0, x.1).cmp(&(&y.0, y.1)));
    let mut shard = TitleShard::default();
    let mut lookup: HashMap<&str, u32> = HashMap::new();
    for (word, person, text, rank) in entries {
        let next = shard.titles.len() as u32;
        let title = *lookup.entry(text).or_insert(next);
        if title == next {
            shard.titles.push(text.to_owned());
        }
        if shard.words.last() != Some(&word) {
            shard.words.push(word);
            shard.offsets.push(shard.postings.len() as u32);
        }
        shard.postings.push(TitlePosting {
            person,
            title,
            rank,
        });
    }
    shard.offsets.push(shard.postings.len() as u32);
    shard
}

/// The shards loaded so far, by key, and which keys exist at all.
#[derive(Debug, Clone, Default)]
pub struct TitleShards {
    /// Keys of every shard the compiled directory has, sorted; `None` when titles are not
    /// sharded (the index holds them itself).
    pub known: Option<Vec<String>>,
    /// The shards fetched so far.
    pub loaded: BTreeMap<String, std::sync::Arc<TitleShard>>,
}

impl TitleShards {
    /// The loaded shard for `key`, if any.
    pub fn get(&self, key: &str) -> Option<&TitleShard> {
        self.loaded.get(key).map(|s| &**s)
    }

    /// Keys the query needs that have not been loaded yet.
    pub fn missing(&self, query: &str) -> Vec<String> {
        let mut keys =
            (self.known.as_deref()).map_or_else(Vec::new, |k| shards_for_query(query, k));
        keys.retain(|k| !self.loaded.contains_key(k));
        keys
    }

    /// The loaded shards that hold `word` (or, for a prefix, words starting with it). A shard
    /// not loaded yet is left out: its matches come when it arrives.
    pub fn for_word(&self, word: &str, prefix: bool) -> Vec<&TitleShard> {
        let shards: Vec<&TitleShard> = self.loaded.values().map(|s| &**s).collect();
        let keys: Vec<&String> = self.loaded.keys().collect();
        (shards_for_word(word, prefix, &keys).into_iter())
            .map(|i| shards[i])
            .collect()
    }
}

#[cfg(test)]
mod tests;
