//! Experts on hand-made datasets: the ranking's order and its explanation, each conflict rule
//! with its edges, the term cap, empty and one-word queries, another script; and the bundled
//! dataset's Luo Mai for the ServerlessLLM paper.

use serde_json::{Value, json};

use super::*;
use crate::model::Dataset;

fn dataset(researchers: Value, publications: Value) -> Dataset {
    serde_json::from_value(json!({
        "schema_version": 1,
        "organizations": [
            {"id": "x", "name": "Xavier University", "kind": "university"},
            {"id": "y", "name": "Yoyodyne", "kind": "company"}
        ],
        "topics": [{"id": "serving", "name": "Model serving"}],
        "venues": [{"id": "osdi", "short_name": "OSDI", "name": "Operating Systems Design and Implementation", "kind": "conference"}],
        "researchers": researchers,
        "publications": publications,
    }))
    .expect("the test dataset deserializes")
}

fn person(id: &str) -> Value {
    json!({"id": id, "name": id.to_uppercase(), "career_stage": "faculty", "summary": ".",
        "sources": []})
}

fn paper(id: &str, title: &str, year: u16, authors: &[&str]) -> Value {
    let list: Vec<Value> = (authors.iter())
        .map(|a| json!({"name": a.to_uppercase(), "researcher": a}))
        .collect();
    json!({"id": id, "title": title, "authors": list, "type": "conference", "year": year})
}

pub(super) fn query(text: &str, authors: Vec<Author>) -> ExpertQuery {
    ExpertQuery {
        text: text.into(),
        authors,
        conflict_years: 3,
        since: None,
        stages: Vec::new(),
        this_year: 2026,
        limit: 10,
    }
}

fn ids(a: &Answer) -> Vec<&str> {
    a.experts.iter().map(|e| e.researcher.as_str()).collect()
}

fn corpus3() -> Dataset {
    dataset(
        json!([person("ann"), person("bob"), person("cy")]),
        json!([
            paper(
                "p1",
                "Serverless inference for large language models",
                2024,
                &["ann"]
            ),
            paper(
                "p2",
                "Checkpoint loading for serverless inference",
                2023,
                &["ann", "bob"]
            ),
            paper(
                "p3",
                "Garbage collection in managed runtimes",
                2022,
                &["bob"]
            ),
            paper("p4", "Language models for code completion", 2021, &["cy"]),
        ]),
    )
}

#[test]
fn researchers_rank_by_their_best_matching_paper_with_its_words() {
    let d = corpus3();
    let c = Corpus::of(&d);
    let a = find(
        &d,
        &c,
        &query("Fast serverless inference of large language models", vec![]),
    );
    assert_eq!(ids(&a), ["ann", "bob", "cy"]);
    let ann = &a.experts[0];
    assert_eq!(ann.level, Level::Strong);
    assert_eq!(ann.papers[0].publication.as_str(), "p1");
    assert_eq!(
        ann.papers[0].words,
        ["large", "serverless", "inference", "language", "models"],
        "as the query has them, rarest first"
    );
    assert_eq!(ann.papers.len(), 2, "both of her papers match");
    assert!(a.experts[2].share < 1.0);
    assert!(ann.conflicts.is_empty());
    assert_eq!(a.text_terms, 6);
}

#[test]
fn empty_one_word_and_unknown_queries() {
    let d = corpus3();
    let c = Corpus::of(&d);
    assert_eq!(find(&d, &c, &query("", vec![])), Answer::default());
    assert_eq!(find(&d, &c, &query("the of and", vec![])).experts, []);
    let one = find(&d, &c, &query("garbage", vec![]));
    assert_eq!(ids(&one), ["bob"]);
    assert_eq!(
        find(&d, &c, &query("quantum chromodynamics", vec![])).experts,
        []
    );
    let other_script = find(&d, &c, &query("大语言模型的推理", vec![]));
    assert!(other_script.experts.is_empty() && other_script.text_terms > 0);
}

#[test]
fn the_kept_terms_stay_within_the_postings_budget_the_rarest_always_kept() {
    let words: Vec<String> = ["common", "rare", "mid", "other", "gone"]
        .iter()
        .map(|w| w.to_string())
        .collect();
    let df = |t: &str| match t {
        "common" => terms::POSTINGS_BUDGET,
        "rare" => 10,
        "mid" => terms::POSTINGS_BUDGET / 2,
        "other" => terms::POSTINGS_BUDGET / 2 - 10,
        _ => 0,
    };
    let kept = terms::weigh(&words, df, 1_000_000, TERM_CAP).terms();
    // 10 + (B/2 − 10) + B/2 = B: exactly the budget counts; "common" would pass it.
    assert_eq!(kept, ["rare", "other", "mid"]);
    // One word over the budget alone is still asked.
    let alone = terms::weigh(&words[..1], df, 1_000_000, TERM_CAP);
    assert_eq!(
        alone.kept,
        [("common".to_owned(), 1, terms::POSTINGS_BUDGET as u32)]
    );
}

#[test]
fn a_long_query_counts_only_its_rarest_terms() {
    let d = corpus3();
    let c = Corpus::of(&d);
    let mut text: String = (0..200).map(|i| format!("filler{i} ")).collect();
    text.push_str("garbage collection");
    let a = find(&d, &c, &query(&text, vec![]));
    assert!(a.terms.len() <= TERM_CAP);
    assert_eq!(
        a.terms,
        ["garbage", "collection"],
        "words no paper has cannot count"
    );
    assert_eq!(a.text_terms, 202);
}

#[test]
fn a_query_in_another_script_matches_papers_in_it() {
    let d = dataset(
        json!([person("ann"), person("bob")]),
        json!([
            paper("p1", "大语言模型推理系统", 2024, &["ann"]),
            paper("p2", "图数据库查询优化", 2024, &["bob"]),
        ]),
    );
    let c = Corpus::of(&d);
    assert_eq!(
        ids(&find(&d, &c, &query("高效的大语言模型推理", vec![]))),
        ["ann"]
    );
}

#[test]
fn co_authorship_within_the_window_counts_and_a_paper_exactly_that_old_too() {
    let d = dataset(
        json!([person("ann"), person("bob"), person("cy"), person("dee")]),
        json!([
            paper("p1", "Serverless inference", 2023, &["ann", "bob"]),
            paper("p2", "Serverless inference again", 2022, &["ann", "cy"]),
            paper("p3", "Serverless systems", 2024, &["dee"]),
        ]),
    );
    let c = Corpus::of(&d);
    let authors = authors_of(&d, &[crate::model::ResearcherId("ann".into())], &[]);
    let a = find(&d, &c, &query("serverless inference", authors));
    let of = |id: &str| {
        &a.experts
            .iter()
            .find(|e| e.researcher.as_str() == id)
            .unwrap()
            .conflicts
    };
    assert_eq!(of("ann")[0].rule, Rule::Author);
    let bob = of("bob");
    assert_eq!(bob.len(), 1);
    assert_eq!(
        bob[0].reason.to_string(),
        "co-authored \"Serverless inference\" with ANN in 2023"
    );
    assert!(of("cy").is_empty(), "2022 is four years before 2026");
    assert!(of("dee").is_empty());
}

#[test]
fn a_typed_name_conflicts_by_the_printed_name_and_a_members_name_is_the_member() {
    let mut pubs = vec![paper("p1", "Serverless inference", 2025, &["bob"])];
    pubs[0]["authors"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "Zoë Outsider"}));
    let d = dataset(json!([person("ann"), person("bob")]), Value::Array(pubs));
    let c = Corpus::of(&d);
    let authors = authors_of(
        &d,
        &[],
        &["zoe outsider".into(), "Ann".into(), "ANN".into()],
    );
    assert_eq!(
        authors,
        [Author::Named("zoe outsider".into()), Author::Member(0)]
    );
    let conflicts = conflicts::conflicts(
        &d,
        &c,
        1,
        &authors,
        Window {
            this_year: 2026,
            years: 3,
        },
    );
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].rule, Rule::Coauthor);
    assert!(
        conflicts[0]
            .reason
            .to_string()
            .contains("with zoe outsider in 2025")
    );
}

#[test]
fn advising_is_a_conflict_whichever_record_names_it() {
    let mut student = person("stu");
    student["education"] = json!([{"organization": "x", "degree": "PhD",
        "advisors": [{"name": "PROF", "researcher": "prof"}]}]);
    let mut named = person("nam");
    named["advisors"] = json!([{"name": "Prof"}]);
    let d = dataset(json!([person("prof"), student, named]), json!([]));
    let c = Corpus::of(&d);
    let w = Window {
        this_year: 2026,
        years: 3,
    };
    let rules = |cand: u32, author: u32| -> Vec<(Rule, String)> {
        conflicts::conflicts(&d, &c, cand, &[Author::Member(author)], w)
            .into_iter()
            .map(|x| (x.rule, x.reason.to_string()))
            .collect()
    };
    assert_eq!(rules(0, 1), [(Rule::Advised, "advised STU".to_owned())]);
    assert_eq!(
        rules(1, 0),
        [(Rule::AdvisedBy, "advised by PROF".to_owned())]
    );
    assert_eq!(
        rules(2, 0),
        [(Rule::AdvisedBy, "advised by PROF".to_owned())],
        "by name"
    );
    assert_eq!(
        rules(0, 2),
        [(Rule::Advised, "advised NAM".to_owned())],
        "by name, the other way"
    );
}

#[test]
fn organizations_conflict_when_the_years_overlap_and_possibly_when_unknown() {
    let job = |org: &str, start: Option<&str>, end: Option<&str>| {
        let mut p = json!({"organization": org, "title": "Job"});
        if let Some(s) = start {
            p["start"] = json!(s);
        }
        if let Some(e) = end {
            p["end"] = json!(e);
        }
        p
    };
    let with = |id: &str, current: Option<&str>, jobs: Vec<Value>| {
        let mut r = person(id);
        r["positions"] = Value::Array(jobs);
        if let Some(c) = current {
            r["organization"] = json!(c);
        }
        r
    };
    let d = dataset(
        json!([
            with(
                "a",
                Some("x"),
                vec![job("x", Some("2021"), Some("present"))]
            ),
            with("b", Some("x"), vec![]),
            with("c", None, vec![job("x", Some("2015"), Some("2018"))]),
            with("d", None, vec![job("x", Some("2019"), Some("2022"))]),
            with("e", None, vec![job("x", None, None)]),
            with("f", None, vec![job("y", Some("2021"), Some("2023"))]),
        ]),
        json!([]),
    );
    let c = Corpus::of(&d);
    let w = Window {
        this_year: 2026,
        years: 3,
    };
    let of = |cand: u32| conflicts::conflicts(&d, &c, cand, &[Author::Member(0)], w);
    assert_eq!(of(1)[0].rule, Rule::SameOrganizationNow);
    assert_eq!(
        of(1)[0].reason.to_string(),
        "at Xavier University, as A is now"
    );
    assert!(of(2).is_empty(), "2015–2018 ends before 2021");
    let d3 = of(3);
    assert_eq!((d3[0].rule, d3[0].certain), (Rule::Organization, true));
    assert_eq!(
        d3[0].reason.to_string(),
        "at Xavier University at the same time as A since 2021"
    );
    let e = of(4);
    assert_eq!(
        (e[0].rule, e[0].certain),
        (Rule::Organization, false),
        "a stint without years"
    );
    assert!(
        e[0].reason
            .to_string()
            .starts_with("possibly at Xavier University")
    );
    assert!(of(5).is_empty(), "another organization");
}

#[test]
fn stages_and_since_narrow_the_list() {
    let mut d = corpus3();
    d.researchers[1].career_stage = CareerStage::PhdStudent;
    let c = Corpus::of(&d);
    let mut q = query("serverless inference", vec![]);
    q.stages = vec![CareerStage::PhdStudent];
    assert_eq!(ids(&find(&d, &c, &q)), ["bob"]);
    q.stages.clear();
    q.since = Some(2024);
    assert_eq!(ids(&find(&d, &c, &q)), ["ann"]);
}

#[test]
fn the_bundled_directory_finds_luo_mai_for_serverless_llm_and_flags_him_as_its_author() {
    let d = crate::model::bundled::dataset();
    let c = Corpus::of(&d);
    let text = "ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models. \
        We keep model checkpoints close to the GPUs so that a serverless platform can start an \
        LLM inference server in seconds.";
    let a = find(&d, &c, &query(text, vec![]));
    assert_eq!(a.experts[0].researcher.as_str(), "luo-mai");
    assert!(a.experts.iter().all(|e| e.conflicts.is_empty()));
    let authors = authors_of(&d, &[], &["Luo Mai".into()]);
    let a = find(&d, &c, &query(text, authors));
    let luo = &a.experts[0];
    assert_eq!(luo.conflicts[0].rule, Rule::Author);
    // His co-authors of the last three years are flagged, each with the paper.
    let flagged: Vec<&Expert> = a
        .experts
        .iter()
        .filter(|e| !e.conflicts.is_empty())
        .collect();
    assert!(
        flagged
            .iter()
            .all(|e| e.conflicts.iter().all(|c| !c.reason.to_string().is_empty()))
    );
}

#[test]
fn leave_one_out_finds_authors_of_topical_papers_and_counts_the_rest_as_misses() {
    let d = dataset(
        json!([person("ann"), person("bob"), person("cy")]),
        json!([
            paper(
                "a1",
                "Serverless inference of language models",
                2024,
                &["ann"]
            ),
            paper(
                "a2",
                "Serverless language model checkpoints",
                2023,
                &["ann"]
            ),
            paper("b1", "Garbage collection pauses", 2022, &["bob"]),
            paper("b2", "Concurrent garbage collection", 2021, &["bob"]),
            paper("c1", "Quantum error correction", 2020, &["cy"]),
        ]),
    );
    let c = Corpus::of(&d);
    let q = eval::leave_one_out(&d, &c, 1, rank::SCORING, 2026);
    assert_eq!(q.queries, 5);
    // Four papers find their author first; Cy's only paper cannot be found without itself.
    assert_eq!((q.top1, q.top10, q.top100), (0.8, 0.8, 0.8));
    let every_other = eval::leave_one_out(&d, &c, 2, rank::SCORING, 2026);
    assert_eq!(every_other.queries, 3);
}

#[test]
fn the_csv_has_a_line_per_expert_with_papers_and_conflicts() {
    let d = corpus3();
    let c = Corpus::of(&d);
    let authors = authors_of(&d, &[], &["BOB".into()]);
    let a = find(&d, &c, &query("serverless inference", authors));
    let shown: Vec<&Expert> = a.experts.iter().collect();
    let csv = export::csv(&d, &shown, &a);
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "rank,id,name,score,match,matching_papers,matching_words,conflicts,query_terms"
    );
    assert_eq!(lines.len(), 1 + a.experts.len());
    assert!(lines[1].starts_with("1,ann,ANN,"), "{}", lines[1]);
    assert!(
        lines[1].contains(
            "co-authored \"\"Checkpoint loading for serverless inference\"\" with BOB in 2023"
        ),
        "{}",
        lines[1]
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains(",bob,BOB,") && l.contains("is an author"))
    );
}

mod parts;
