//! "Did you mean": researchers whose id or name is close to a mistyped one; and the people a
//! type-ahead offers for the letters typed.

use std::sync::Arc;

use super::text::{fold, tokenize};
use crate::model::Dataset;
use crate::model::sort;

/// Edit distance (insertions, deletions, substitutions) between two strings, by chars.
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// How alike two folded word lists are, from 0 (nothing shared) to 1 (the same).
///
/// The whole strings are compared by edit distance; the share of wanted words that the
/// candidate has (or has a word starting with, three letters at least) also counts, so `luo` is
/// close to `Michael Luo`.
fn similarity(wanted: &[String], candidate: &str) -> f64 {
    let words: Vec<String> = tokenize(candidate).into_iter().map(|t| t.text).collect();
    let (a, b) = (wanted.join(" "), words.join(" "));
    let longest = a.chars().count().max(b.chars().count()).max(1);
    let whole = 1.0 - levenshtein(&a, &b) as f64 / longest as f64;
    let shared = wanted
        .iter()
        .filter(|w| {
            words
                .iter()
                .any(|x| x == *w || (w.len() >= 3 && x.starts_with(w.as_str())))
        })
        .count();
    let by_words = shared as f64 / wanted.len().max(1) as f64;
    whole.max(by_words)
}

/// Up to `limit` researchers (indices into `dataset.researchers`) whose id, name or another
/// spelling of it is close to `wanted` (an id such as `michael-lou` or a name), best first.
pub fn close_researchers(dataset: &Dataset, wanted: &str, limit: usize) -> Vec<usize> {
    let names = dataset.researchers.iter().map(|r| {
        std::iter::once(r.id.0.as_str())
            .chain(std::iter::once(r.name.as_str()))
            .chain(r.alternative_names.iter().map(String::as_str))
    });
    close_among(names, wanted, limit)
}

/// Like [`close_researchers`] over any list of people, each given as their id, name and other
/// spellings: the positions of up to `limit` whose names are close to `wanted`, best first.
pub fn close_among<'a, P, N>(people: P, wanted: &str, limit: usize) -> Vec<usize>
where
    P: IntoIterator<Item = N>,
    N: IntoIterator<Item = &'a str>,
{
    let wanted: Vec<String> = tokenize(&fold(wanted))
        .into_iter()
        .map(|t| t.text)
        .collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(f64, usize)> = people
        .into_iter()
        .enumerate()
        .map(|(i, names)| {
            let best = names
                .into_iter()
                .map(|c| similarity(&wanted, c))
                .fold(0.0, f64::max);
            (best, i)
        })
        .filter(|(score, _)| *score >= 0.6)
        .collect();
    sort::by(&mut scored, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(limit).map(|(_, i)| i).collect()
}

/// How many matches a type-ahead offers.
const MATCHES: usize = 8;

/// People to pick from: (id, name), sorted by name.
pub type People = Arc<Vec<(String, String)>>;

/// The people of `ids_names`, sorted by folded name.
pub fn sorted_people(ids_names: impl Iterator<Item = (String, String)>) -> People {
    let mut people: Vec<(String, String)> = ids_names.collect();
    people.sort_by_cached_key(|(id, name)| (fold(name), id.clone()));
    Arc::new(people)
}

/// The first [`MATCHES`] people whose folded name contains every folded word of `typed`.
pub fn matching<'a>(people: &'a [(String, String)], typed: &str) -> Vec<&'a (String, String)> {
    let words: Vec<String> = fold(typed).split_whitespace().map(str::to_owned).collect();
    if words.is_empty() {
        return Vec::new();
    }
    (people.iter())
        .filter(|(_, name)| {
            let name = fold(name);
            words.iter().all(|w| name.contains(w.as_str()))
        })
        .take(MATCHES)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{MATCHES, levenshtein, matching, sorted_people};

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(levenshtein("", ""), 0);
        assert_eq!(levenshtein("luo", "lou"), 2);
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("müller", "muller"), 1);
    }

    #[test]
    fn matches_need_every_word_and_are_capped() {
        let people = sorted_people(
            [("b", "Zoë Bell"), ("a", "Ada Lovelace"), ("c", "Zoe Adams")]
                .into_iter()
                .map(|(i, n)| (i.to_owned(), n.to_owned())),
        );
        assert_eq!(people[0].1, "Ada Lovelace");
        let ids = |q: &str| {
            matching(&people, q)
                .into_iter()
                .map(|p| p.0.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids("zoe"), ["c", "b"]);
        assert_eq!(ids("zoe ad"), ["c"]);
        assert!(ids("  ").is_empty());
        let many = sorted_people((0..50).map(|i| (format!("p{i}"), format!("Person {i}"))));
        assert_eq!(matching(&many, "person").len(), MATCHES);
    }
}
