//! The words a text is matched by: [`tokenize`](super::super::text::tokenize)'s folded words,
//! without English function words and numbers, each cut to its stem by the Snowball English
//! stemmer (`learning`, `learned` and `learns` → `learn`; `queries` → `queri`), and runs of
//! Chinese, Japanese or Korean characters cut into overlapping pairs (they have no spaces
//! between words). The same function reads papers and queries, so they agree on what a term
//! is; [`words`] keeps the word each stem came from, for the page to show. [`weigh`] keeps a
//! long query's rarest terms within what a question may read, as "more like this" search
//! does, and measures the whole query for the cosine ([`super::rank`]).

use std::collections::HashMap;

use rust_stemmers::{Algorithm, Stemmer};

use super::rank::{idf, sublinear};
use crate::search::text::tokenize;

/// Words that say nothing about a topic.
const STOPWORDS: [&str; 96] = [
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
    "are", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both",
    "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few",
    "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "him",
    "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more",
    "most", "my", "no", "nor", "not", "of", "off", "on", "once", "only", "or", "other", "our",
    "out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the",
    "their", "them", "then", "there", "these", "they", "this", "those", "through", "to", "we",
];

/// More function words, kept apart so the first table stays readable.
const MORE_STOPWORDS: [&str; 20] = [
    "too", "under", "until", "up", "very", "was", "were", "what", "when", "where", "which",
    "while", "who", "whom", "why", "will", "with", "would", "you", "your",
];

/// Every term of `text`, in order, repeats kept.
pub fn terms(text: &str) -> Vec<String> {
    words(text).into_iter().map(|(term, _)| term).collect()
}

/// Every term of `text` with the folded word it came from (a pair of CJK characters is its
/// own word), in order, repeats kept.
pub fn words(text: &str) -> Vec<(String, String)> {
    let stemmer = Stemmer::create(Algorithm::English);
    let mut out = Vec::new();
    for token in tokenize(text) {
        let word = token.text;
        if word.chars().any(is_cjk) {
            let chars: Vec<char> = word.chars().collect();
            if chars.len() == 1 {
                out.push((word.clone(), word));
            } else {
                out.extend(chars.windows(2).map(|pair| {
                    let pair: String = pair.iter().collect();
                    (pair.clone(), pair)
                }));
            }
            continue;
        }
        if word.chars().count() < 2
            || word.chars().all(|c| c.is_ascii_digit())
            || STOPWORDS.contains(&word.as_str())
            || MORE_STOPWORDS.contains(&word.as_str())
        {
            continue;
        }
        // English stems for English words; a word in another script stays whole.
        let term = if word.is_ascii() {
            stemmer.stem(acronym_singular(&word)).into_owned()
        } else {
            word.clone()
        };
        out.push((term, word));
    }
    out
}

/// An acronym's plural made singular (`llms` → `llm`, `cnns` → `cnn`): a final `s` after
/// letters without a vowel, which the stemmer keeps.
fn acronym_singular(word: &str) -> &str {
    match word.strip_suffix('s') {
        Some(stem) if stem.len() >= 2 && !stem.contains(['a', 'e', 'i', 'o', 'u', 'y']) => stem,
        _ => word,
    }
}

/// Han, Hiragana, Katakana and Hangul: scripts written without spaces between words.
fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

/// How many papers a query's kept terms may be in, added up: the bound on what one question
/// reads (and, from the parts, fetches). A long text of common words keeps fewer terms; the
/// rare ones that tell most are kept first.
pub const POSTINGS_BUDGET: usize = 60_000;

/// A query as ranking reads it: the terms it is matched by, rarest first, each with how often
/// the text has it and how many papers hold it; and the length of the whole query's vector
/// (every term the directory has, kept or not), which the cosine divides by.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Weighed {
    /// (term, its count in the query, how many papers hold it), rarest first, ties in the
    /// query's order.
    pub kept: Vec<(String, u32, u32)>,
    /// The query vector's length: √Σ ((1 + ln count) · idf)² over its terms the directory has.
    pub norm: f32,
}

impl Weighed {
    /// The kept terms alone, in their order.
    pub fn terms(&self) -> Vec<String> {
        self.kept.iter().map(|(t, _, _)| t.clone()).collect()
    }
}

/// The query's distinct terms that count, at most `cap`, keeping the rarest (fewest papers
/// hold them, by `papers_with`, of the directory's `total`) while the papers they are in add
/// up to at most [`POSTINGS_BUDGET`] (the rarest is always kept); terms no paper holds cannot
/// match and are dropped. The norm counts every term a paper holds, the kept and the rest, in
/// the query's order, so that a question's scores do not depend on what the budget left out
/// of matching (only on what matched).
pub fn weigh(
    query: &[String],
    papers_with: impl Fn(&str) -> usize,
    total: usize,
    cap: usize,
) -> Weighed {
    let mut count: HashMap<&str, u32> = HashMap::new();
    let mut order: Vec<&str> = Vec::new();
    for t in query {
        let n = count.entry(t.as_str()).or_insert(0);
        if *n == 0 {
            order.push(t);
        }
        *n += 1;
    }
    let mut known: Vec<(usize, usize, &str)> = order
        .iter()
        .enumerate()
        .map(|(i, t)| (papers_with(t), i, *t))
        .filter(|(df, _, _)| *df > 0)
        .collect();
    // The norm in the query's order, the same in every path (a sum's order changes its bits).
    let mut sum = 0f64;
    for &(df, _, t) in &known {
        let w = f64::from(sublinear(count[t]) * idf(total, df));
        sum += w * w;
    }
    let norm = sum.sqrt() as f32;
    known.sort_unstable();
    known.truncate(cap);
    let mut read = 0;
    let within = (known.iter())
        .take_while(|(df, _, _)| {
            read += df;
            read <= POSTINGS_BUDGET
        })
        .count();
    known.truncate(within.max(1));
    let kept = (known.into_iter())
        .map(|(df, _, t)| (t.to_owned(), count[t], df as u32))
        .collect();
    Weighed { kept, norm }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_folded_content_words_stemmed() {
        let cases: [(&str, &[&str]); 8] = [
            (
                "Serving the LLMs of 2024 with low-latency checkpoints",
                &["serv", "llm", "low", "latenc", "checkpoint"],
            ),
            (
                "Queries over Indexes and Analysis",
                &["queri", "index", "analysi"],
            ),
            ("Learning, learned, learns", &["learn", "learn", "learn"]),
            ("Café résumé", &["cafe", "resum"]),
            ("a I x 42", &[]),
            ("", &[]),
            ("大语言模型", &["大语", "语言", "言模", "模型"]),
            ("Москва systems", &["москва", "system"]),
        ];
        for (text, want) in cases {
            assert_eq!(terms(text), want, "{text}");
        }
        assert_eq!(
            words("Learning queries"),
            [
                ("learn".to_owned(), "learning".to_owned()),
                ("queri".to_owned(), "queries".to_owned())
            ]
        );
    }

    #[test]
    fn a_long_query_keeps_its_rarest_terms_rarest_first() {
        let query: Vec<String> = ["common", "rare", "unknown", "middle", "rare", "common"]
            .map(String::from)
            .to_vec();
        let df = |t: &str| match t {
            "common" => 100,
            "middle" => 10,
            "rare" => 1,
            _ => 0,
        };
        let two = weigh(&query, df, 1000, 2);
        assert_eq!(
            two.kept,
            [("rare".to_owned(), 2, 1), ("middle".to_owned(), 1, 10)]
        );
        let all = weigh(&query, df, 1000, 10);
        assert_eq!(all.kept.len(), 3, "the unknown term is dropped");
        assert_eq!(two.norm, all.norm, "the norm counts every known term");
        let rare = sublinear(2) * idf(1000, 1);
        assert!(two.norm > rare, "{} > {rare}", two.norm);
        assert!(weigh(&[], df, 1000, 10).kept.is_empty());
        assert_eq!(weigh(&[], df, 1000, 10).norm, 0.0);
    }
}
