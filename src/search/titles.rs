//! Publication titles as a sharded word index, fetched by the browser only for the words a query
//! has (Pagefind-style).
//!
//! At 20,000 researchers the titles of their 200,000 papers are most of the searchable text: kept
//! in the directory's first download they would make it tens of megabytes. So the compiled
//! directory leaves them out of [`SearchIndex`](super::SearchIndex), and [`build_shards`] splits
//! them by the first two characters of each folded word ([`shard_key`]): a query word of two or
//! more characters needs exactly one shard, which the UI fetches while the user types. A shard
//! holds its words in sorted order (so a prefix is a contiguous range), for each word the
//! researchers whose titles have it (sorted by researcher, one title each), and the text of
//! those titles, so a match can be explained without another request.
//!
//! A one-character last word (a prefix of hundreds of words in every shard) searches names,
//! organizations, topics and the rest, not titles, until a second character is typed.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::text::tokenize;

/// One researcher having one title word: the researcher and the title that has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TitlePosting {
    /// Index of the researcher in the directory.
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
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        postcard::from_bytes(bytes).map_err(|e| format!("not a title shard: {e}"))
    }
}

/// The shard a folded word belongs to: its first two characters, each kept when it is an ASCII
/// letter or digit and written as `_` plus its hex code point otherwise, so keys are safe file
/// names (`"learning"` → `"le"`, `"ü"` → `"_fc"`).
pub fn shard_key(word: &str) -> String {
    let mut key = String::new();
    for c in word.chars().take(2) {
        if c.is_ascii_alphanumeric() {
            key.push(c);
        } else {
            key.push_str(&format!("_{:x}", c as u32));
        }
    }
    key
}

/// The shards a query needs for its title matches: one per word, but none for a one-character
/// last word (see the module docs).
pub fn shards_for_query(query: &str) -> Vec<String> {
    let tokens = tokenize(query);
    let last = tokens.len().saturating_sub(1);
    let mut keys: Vec<String> = tokens
        .iter()
        .enumerate()
        .filter(|(i, t)| *i != last || t.text.chars().nth(1).is_some())
        .map(|(_, t)| shard_key(&t.text))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// Builds the shards from each researcher's publication titles (`titles[i]` for researcher `i`,
/// in profile order). For each word a researcher keeps the first of their titles that has it.
pub fn build_shards<'a>(titles: &[Vec<&'a str>]) -> BTreeMap<String, TitleShard> {
    /// Per shard: (word, person, title) triples and the titles, each stored once.
    #[derive(Default)]
    struct Builder<'a> {
        entries: Vec<(String, u32, u32, u32)>,
        titles: Vec<&'a str>,
        lookup: HashMap<&'a str, u32>,
    }
    let mut builders: BTreeMap<String, Builder<'a>> = BTreeMap::new();
    for (person, list) in titles.iter().enumerate() {
        let mut seen: HashMap<String, ()> = HashMap::new();
        for (rank, &title) in list.iter().enumerate() {
            for token in tokenize(title) {
                if seen.insert(token.text.clone(), ()).is_some() {
                    continue;
                }
                let b = builders.entry(shard_key(&token.text)).or_default();
                let next = b.titles.len() as u32;
                let id = *b.lookup.entry(title).or_insert(next);
                if id == next {
                    b.titles.push(title);
                }
                b.entries.push((token.text, person as u32, id, rank as u32));
            }
        }
    }
    builders
        .into_iter()
        .map(|(key, mut b)| {
            b.entries
                .sort_unstable_by(|x, y| (&x.0, x.1).cmp(&(&y.0, y.1)));
            let mut shard = TitleShard {
                titles: b.titles.iter().map(|t| (*t).to_owned()).collect(),
                ..Default::default()
            };
            for (word, person, title, rank) in b.entries {
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
            (key, shard)
        })
        .collect()
}

/// The shards loaded so far, by key, and which keys exist at all.
#[derive(Debug, Clone, Default)]
pub struct TitleShards {
    /// Keys of every shard the compiled directory has; `None` when titles are not sharded (the
    /// index holds them itself).
    pub known: Option<std::collections::BTreeSet<String>>,
    /// The shards fetched so far.
    pub loaded: HashMap<String, std::sync::Arc<TitleShard>>,
}

impl TitleShards {
    /// The loaded shard for `key`, if any.
    pub fn get(&self, key: &str) -> Option<&TitleShard> {
        self.loaded.get(key).map(|s| &**s)
    }

    /// Keys the query needs that exist but have not been loaded yet.
    pub fn missing(&self, query: &str) -> Vec<String> {
        let Some(known) = &self.known else {
            return Vec::new();
        };
        shards_for_query(query)
            .into_iter()
            .filter(|k| known.contains(k) && !self.loaded.contains_key(k))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_file_safe() {
        for (word, key) in [
            ("learning", "le"),
            ("a", "a"),
            ("2023", "20"),
            ("über", "_fcb"),
            ("数据", "_6570_636e"),
        ] {
            assert_eq!(shard_key(word), key, "{word}");
        }
    }

    #[test]
    fn a_query_needs_one_shard_per_word_but_not_for_a_one_letter_prefix() {
        assert_eq!(shards_for_query("Learning sky"), vec!["le", "sk"]);
        assert_eq!(shards_for_query("learning s"), vec!["le"]);
        assert_eq!(shards_for_query("s"), Vec::<String>::new());
        assert_eq!(shards_for_query("a learning"), vec!["a", "le"]);
        assert_eq!(shards_for_query(""), Vec::<String>::new());
    }

    #[test]
    fn shards_group_words_and_keep_one_title_per_researcher() {
        let titles = vec![
            vec!["Learning to schedule", "Scheduling learned indexes"],
            vec!["Lean systems"],
            vec![],
        ];
        let shards = build_shards(&titles);
        let keys: Vec<&str> = shards.keys().map(String::as_str).collect();
        assert_eq!(keys, ["in", "le", "sc", "sy", "to"]);
        let le = &shards["le"];
        assert_eq!(le.words, ["lean", "learned", "learning"]);
        let (lo, hi, exact) = le.range("lea", true);
        assert_eq!((lo, hi, exact), (0, 3, None));
        let (lo, hi, exact) = le.range("learning", false);
        assert_eq!((lo, hi, exact), (2, 3, Some(2)));
        assert_eq!(le.range("lx", true).0, le.range("lx", true).1);
        let hit = le.posting_of(2, 0).unwrap();
        assert_eq!(le.titles[hit.title as usize], "Learning to schedule");
        assert_eq!(hit.rank, 0);
        assert_eq!(le.posting_of(2, 1), None);
        let sc = &shards["sc"];
        // Researcher 0 has "schedule" and "scheduling" in different titles.
        let w = sc.range("scheduling", false).0;
        let hit = sc.posting_of(w, 0).unwrap();
        assert_eq!(sc.titles[hit.title as usize], "Scheduling learned indexes");
        assert_eq!(hit.rank, 1);
        assert_eq!(TitleShard::from_bytes(&le.to_bytes()).unwrap(), *le);
    }

    #[test]
    fn missing_shards_are_those_known_and_not_loaded() {
        let mut s = TitleShards {
            known: Some(["le".to_owned(), "sk".to_owned()].into()),
            ..Default::default()
        };
        assert_eq!(s.missing("learning sky zebra"), vec!["le", "sk"]);
        s.loaded
            .insert("le".into(), std::sync::Arc::new(TitleShard::default()));
        assert_eq!(s.missing("learning sky"), vec!["sk"]);
        assert!(TitleShards::default().missing("learning").is_empty());
    }
}
