//! The experts data in parts answers as the whole dataset does: the same experts, scores,
//! papers, words and conflicts, for every kind of question, fetching only the buckets of its
//! terms, the own files of the common ones it keeps and the blocks of the people it lists.

use serde_json::{Value, json};

use super::super::parts::{self, Part, Parts};
use super::super::*;
use crate::model::Dataset;

/// `n` researchers (at Xavier and Yoyodyne in turn, some advised by the first) and `papers`
/// papers: every one holds "system" (a common term), each a word of its own (rare), a word of
/// 40 (mid), and a topic word of 8; members in runs so that co-authors recur.
fn synthetic(n: usize, papers: usize) -> Dataset {
    let people: Vec<Value> = (0..n)
        .map(|i| {
            let org = if i % 2 == 0 { "x" } else { "y" };
            let mut p = json!({"id": format!("r{i}"), "name": format!("Person {i}"),
                "career_stage": if i % 3 == 0 { "faculty" } else { "phd_student" },
                "summary": ".", "sources": [],
                "positions": [{"title": "Researcher", "organization": org, "start": format!("{}", 2010 + i % 9)}]});
            if i % 5 == 1 {
                p["advisors"] = json!([{"name": "Person 0", "researcher": "r0"}]);
            }
            p
        })
        .collect();
    const TOPICS: [&str; 8] = [
        "serverless",
        "quantum",
        "compiler",
        "graphics",
        "robotics",
        "storage",
        "privacy",
        "vision",
    ];
    let pubs: Vec<Value> = (0..papers)
        .map(|k| {
            let lead = (k * 7) % n;
            let authors: Vec<Value> = [lead, (lead + 1) % n, (lead + 3) % n][..1 + k % 3]
                .iter()
                .map(|&a| json!({"name": format!("Person {a}"), "researcher": format!("r{a}")}))
                .chain(std::iter::once(json!({"name": "Outside Author"})))
                .collect();
            let title = format!(
                "{} system with word{k} and mid{} techniques",
                TOPICS[lead % 8],
                k % 40
            );
            json!({"id": format!("p{k}"), "title": title, "authors": authors,
                "type": "conference", "year": 2000 + (k % 27) as u16})
        })
        .collect();
    serde_json::from_value(json!({
        "schema_version": 1,
        "organizations": [
            {"id": "x", "name": "Xavier University", "kind": "university"},
            {"id": "y", "name": "Yoyodyne", "kind": "company"}
        ],
        "topics": [], "venues": [],
        "researchers": people, "publications": pubs,
    }))
    .expect("the synthetic dataset deserializes")
}

use crate::model::bundled::dataset as bundled;

/// The tests' question, listing 20.
fn question(text: &str, authors: Vec<Author>) -> ExpertQuery {
    ExpertQuery {
        limit: 20,
        ..super::query(text, authors)
    }
}

/// Both answers to `q`, and the parts the parts' answer took.
fn both(d: &Dataset, q: &ExpertQuery) -> (Answer, Answer, Vec<Part>) {
    let whole = find(d, &Corpus::of(d), q);
    let mut took = Vec::new();
    let from_parts = parts::ask(&Parts::build(d), q, |p| took.push(p));
    (whole, from_parts, took)
}

#[test]
fn common_terms_get_their_own_file_and_the_rest_share_buckets() {
    let d = synthetic(60, 1500);
    let p = Parts::build(&d);
    assert!(
        p.index
            .own
            .iter()
            .any(|(t, df)| t == "system" && *df == 1500)
    );
    assert!(p.index.buckets > 1, "{} buckets", p.index.buckets);
    assert_eq!(p.own.len(), p.index.own.len());
    assert_eq!(p.blocks.len(), 60usize.div_ceil(parts::BLOCK));
    // Every term is in exactly the file its lookup names.
    for (n, b) in p.buckets.iter().enumerate() {
        for (t, _) in &b.terms {
            assert_eq!(parts::bucket_of(t, p.index.buckets) as usize, n);
            assert!(p.index.own_file(t).is_none());
        }
    }
    // A block has its people's papers, each once, with their numbers.
    let b = &p.blocks[1];
    assert_eq!(b.first, parts::BLOCK as u32);
    assert_eq!(b.docs.len(), b.dataset.publications.len());
    assert!(b.docs.windows(2).all(|w| w[0] < w[1]));
    assert!(b.dataset.organizations.len() <= 2);
}

#[test]
fn the_parts_answer_as_the_whole_dataset_does() {
    let d = synthetic(60, 1500);
    let asks = [
        question("serverless system word17 mid3", vec![]),
        question(
            "quantum techniques with word5 word900 and mid7",
            vec![Author::Member(4)],
        ),
        question(
            "compiler system",
            vec![Author::Member(0), Author::Named("Outside Author".into())],
        ),
        ExpertQuery {
            stages: vec![crate::model::CareerStage::Faculty],
            since: Some(2015),
            ..question(
                "storage privacy vision word77 mid1 mid2",
                vec![Author::Member(7)],
            )
        },
        ExpertQuery {
            limit: 60,
            ..question("system techniques", vec![Author::Member(1)])
        },
        question("", vec![]),
        question("nothing matches zzz", vec![]),
    ];
    for q in &asks {
        let (whole, from_parts, _) = both(&d, q);
        assert_eq!(whole, from_parts, "{:?}", q.text);
    }
    let d = bundled();
    let luo = authors_of(&d, &[], &["Luo Mai".into()]);
    for q in [
        question(
            "ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models",
            vec![],
        ),
        question(
            "serverless inference for large language models",
            luo.clone(),
        ),
        question("graph neural networks training systems", luo),
    ] {
        let (whole, from_parts, _) = both(&d, &q);
        assert!(!whole.experts.is_empty());
        assert_eq!(whole, from_parts, "{:?}", q.text);
    }
}

#[test]
fn a_question_takes_its_terms_buckets_the_common_terms_it_keeps_and_its_peoples_blocks() {
    let d = synthetic(60, 1500);
    let p = Parts::build(&d);
    let q = question("quantum word5 word6", vec![Author::Member(59)]);
    let (_, answer, took) = both(&d, &q);
    let buckets: Vec<Part> = ["quantum", "word5", "word6"]
        .iter()
        .filter(|t| p.index.own_file(t).is_none())
        .map(|t| Part::Bucket(parts::bucket_of(t, p.index.buckets)))
        .collect();
    for b in &buckets {
        assert!(took.contains(b), "{b:?} not taken: {took:?}");
    }
    // Blocks: those of the experts listed and of the member author, no other.
    let mut blocks: Vec<u32> = (answer.experts.iter())
        .map(|e| e.researcher.as_str()[1..].parse::<u32>().unwrap() / parts::BLOCK as u32)
        .chain([59 / parts::BLOCK as u32])
        .collect();
    blocks.sort_unstable();
    blocks.dedup();
    let taken: Vec<u32> = (took.iter())
        .filter_map(|p| match p {
            Part::Block(n) => Some(*n),
            _ => None,
        })
        .collect();
    assert_eq!(taken, blocks);
    // "system" is in every paper: not among the rarest, its own file never fetched.
    let system = Part::Own(p.index.own_file("system").unwrap() as u32);
    assert!(!took.contains(&system));
    // Each part once.
    let mut once = took.clone();
    once.sort_unstable();
    once.dedup();
    assert_eq!(once.len(), took.len());
}

#[test]
fn a_common_term_kept_among_the_rarest_is_fetched_from_its_own_file() {
    let d = synthetic(60, 1500);
    let p = Parts::build(&d);
    let (whole, answer, took) = both(&d, &question("system", vec![]));
    let system = Part::Own(p.index.own_file("system").unwrap() as u32);
    assert!(took.contains(&system));
    assert_eq!(whole, answer);
    assert_eq!(answer.experts.len(), 20);
}
