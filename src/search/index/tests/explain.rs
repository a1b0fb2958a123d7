//! Match reasons and highlights, and the posting lists checked against scanning every field.

use super::super::query::{Query, QueryTerm};
use super::super::*;
use super::{Fixture, dataset};
use crate::search::titles::TitleShards;

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
    let bundled = crate::model::bundled::dataset();
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
