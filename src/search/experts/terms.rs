//! The words a text is matched by: [`tokenize`](super::super::text::tokenize)'s folded words,
//! without English function words and numbers, plurals made singular (`indexes` → `index`,
//! `queries` → `query`), and runs of Chinese, Japanese or Korean characters cut into
//! overlapping pairs (they have no spaces between words). The same function reads papers and
//! queries, so they agree on what a term is; [`most_informative`] keeps a long query's rarest
//! terms, as "more like this" search does.

use std::collections::HashMap;

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
    let mut out = Vec::new();
    for token in tokenize(text) {
        let word = token.text;
        if word.chars().any(is_cjk) {
            let chars: Vec<char> = word.chars().collect();
            if chars.len() == 1 {
                out.push(word);
            } else {
                out.extend(chars.windows(2).map(|pair| pair.iter().collect::<String>()));
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
        out.push(singular(&word));
    }
    out
}

/// `indexes` → `index`, `queries` → `query`, `systems` → `system`; `analysis`, `class`,
/// `status` and short words stay.
fn singular(word: &str) -> String {
    let n = word.len();
    if n <= 3 || !word.is_ascii() {
        return word.to_owned();
    }
    if let Some(stem) = word.strip_suffix("ies")
        && n > 4
    {
        return format!("{stem}y");
    }
    for ending in ["ches", "shes", "sses", "xes", "zes"] {
        if word.ends_with(ending) {
            return word[..n - 2].to_owned();
        }
    }
    if word.ends_with('s') && !["ss", "us", "is"].iter().any(|e| word.ends_with(e)) {
        return word[..n - 1].to_owned();
    }
    word.to_owned()
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

/// The query's distinct terms, at most `cap`, keeping the rarest (fewest papers hold them,
/// by `papers_with`) while the papers they are in add up to at most [`POSTINGS_BUDGET`] (the
/// rarest is always kept); terms no paper holds are dropped first, since they cannot match.
/// Ties keep the query's order. Returns the kept terms with how often each appears in the
/// query.
pub fn most_informative(
    query: &[String],
    papers_with: impl Fn(&str) -> usize,
    cap: usize,
) -> Vec<(String, u32)> {
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
    known.sort_unstable();
    known.truncate(cap);
    let mut sum = 0;
    let within = (known.iter())
        .take_while(|(df, _, _)| {
            sum += df;
            sum <= POSTINGS_BUDGET
        })
        .count();
    known.truncate(within.max(1));
    known.sort_unstable_by_key(|(_, i, _)| *i);
    known
        .into_iter()
        .map(|(_, _, t)| (t.to_owned(), count[t]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_folded_content_words_made_singular() {
        let cases: [(&str, &[&str]); 7] = [
            (
                "Serving the LLMs of 2024 with low-latency checkpoints",
                &["serving", "llm", "low", "latency", "checkpoint"],
            ),
            (
                "Queries over Indexes and Analysis",
                &["query", "index", "analysis"],
            ),
            ("Café résumé", &["cafe", "resume"]),
            ("a I x 42", &[]),
            ("", &[]),
            ("大语言模型", &["大语", "语言", "言模", "模型"]),
            ("classes of status", &["class", "status"]),
        ];
        for (text, want) in cases {
            assert_eq!(terms(text), want, "{text}");
        }
    }

    #[test]
    fn a_long_query_keeps_its_rarest_terms_in_its_order() {
        let query: Vec<String> = ["common", "rare", "unknown", "middle", "rare", "common"]
            .map(String::from)
            .to_vec();
        let df = |t: &str| match t {
            "common" => 100,
            "middle" => 10,
            "rare" => 1,
            _ => 0,
        };
        assert_eq!(
            most_informative(&query, df, 2),
            [("rare".to_owned(), 2), ("middle".to_owned(), 1)]
        );
        assert_eq!(
            most_informative(&query, df, 10).len(),
            3,
            "the unknown term is dropped"
        );
        assert!(most_informative(&[], df, 10).is_empty());
    }
}
