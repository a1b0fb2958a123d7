//! Reading every shape of submissions file (with its bad entries, their places, duplicates),
//! the rows of an answer (the best K, or every pair), the affinity CSV, and the bundled
//! directory's affinities with their conflicts.

use super::*;
use crate::search::experts::{Expert, Level, Reason, Rule};

fn ok(text: &str) -> Submissions {
    read(text).expect("a submissions file")
}

fn ids(s: &Submissions) -> Vec<&str> {
    s.list.iter().map(|s| s.id.as_str()).collect()
}

fn problems(s: &Submissions) -> Vec<String> {
    s.problems.iter().map(Problem::to_string).collect()
}

#[test]
fn openreview_submissions_json_in_the_files_order_v1_and_v2() {
    let v1 = r#"{
        "zz9": {"id": "zz9", "content": {"title": " Serverless inference ", "abstract": "We serve.",
            "authors": ["Ann Author", "Bob Author"], "authorids": ["~Ann_Author1", "luo-mai"]}},
        "aa1": {"content": {"title": "Checkpoints"}}
    }"#;
    let s = ok(v1);
    assert_eq!(s.format, Format::OpenReview);
    // The file's order, not the keys' (and the key is the id of a note without one).
    assert_eq!(ids(&s), ["zz9", "aa1"]);
    assert_eq!(
        s.list[0],
        Submission {
            id: "zz9".into(),
            title: "Serverless inference".into(),
            abstract_text: "We serve.".into(),
            authors: vec!["Ann Author".into(), "Bob Author".into()],
            author_ids: vec!["~Ann_Author1".into(), "luo-mai".into()],
        }
    );
    assert!(s.list[0].has_authors() && !s.list[1].has_authors());
    assert_eq!(s.list[1].abstract_text, "");
    assert!(s.problems.is_empty());

    let v2 = r#"{"n1": {"id": "n1", "content": {"title": {"value": "Serverless"},
        "abstract": {"value": "Fast."}, "authors": {"value": ["Ann"]},
        "authorids": {"value": ["~Ann1"]}, "venue": {"value": "ICLR 2026"}}}}"#;
    let s = ok(v2);
    assert_eq!(
        (s.list[0].title.as_str(), s.list[0].abstract_text.as_str()),
        ("Serverless", "Fast.")
    );
    assert_eq!(
        (s.list[0].authors.len(), s.list[0].author_ids.len()),
        (1, 1)
    );
}

#[test]
fn bad_entries_are_left_out_alone_with_their_json_paths() {
    let map = r#"{
        "a": {"id": "a", "content": {"title": "Fine"}},
        "b": {"id": "b", "content": {"abstract": "no title"}},
        "c\"d": {"id": "c", "content": {"title": 7}},
        "e": {"id": "e", "content": {"title": "T", "authors": ["X", 3]}},
        "f": {"id": "a", "content": {"title": "Again"}},
        "g": "just text",
        "h": {"id": ["h"], "content": {"title": "T"}},
        "i": {"id": "i", "content": "T"}
    }"#;
    let s = ok(map);
    assert_eq!(ids(&s), ["a"]);
    assert_eq!(
        problems(&s),
        [
            r#"$["b"].content.title: no title; left out"#,
            r#"$["c\"d"].content.title: is a number (7), not text; left out"#,
            r#"$["e"].content.authors[1]: is a number (3), not text; left out"#,
            r#"$["f"]: id "a" again (first at $["a"]); left out"#,
            r#"$["g"]: is text, not an object; left out"#,
            r#"$["h"].id: is a list, not text; left out"#,
            r#"$["i"].content: is text, not an object; left out"#,
        ]
    );
}

#[test]
fn a_json_list_of_flat_entries_and_notes() {
    let list = r#"[
        {"id": "p1", "title": "Serverless", "abstract": "A.", "authors": "Ann; Bob"},
        {"id": "p2", "content": {"title": "Checkpoints", "authorids": ["luo-mai"]}},
        {"id": 17, "title": "Numbered"},
        {"title": "No id"},
        {"id": "p5", "title": "T", "abstract": false},
        {"id": "", "title": "Empty id"},
        {"id": "p7", "title": "   "}
    ]"#;
    let s = ok(list);
    assert_eq!(s.format, Format::JsonList);
    assert_eq!(ids(&s), ["p1", "p2", "17"]);
    assert_eq!(s.list[0].authors, ["Ann", "Bob"]);
    assert_eq!(s.list[1].author_ids, ["luo-mai"]);
    assert_eq!(
        problems(&s),
        [
            "$[3].id: no id; left out",
            "$[4].abstract: is a boolean (false), not text; left out",
            "$[5].id: no id; left out",
            "$[6].title: no title; left out",
        ]
    );
}

#[test]
fn json_lines_one_entry_a_line_blank_lines_ignored() {
    let lines = "{\"id\": \"p1\", \"content\": {\"title\": \"Serverless\", \"abstract\": \"A.\"}}\n\
        \n\
        {\"id\": \"p2\", \"title\": \"Flat\"}\r\n\
        {\"id\": \"p3\", \"title\": \n\
        {\"id\": \"p4\", \"content\": {}}\n\
        {\"id\": \"p1\", \"title\": \"Twice\"}\n";
    let s = ok(lines);
    assert_eq!(s.format, Format::JsonLines);
    assert_eq!(ids(&s), ["p1", "p2"]);
    let found = problems(&s);
    assert!(found[0].starts_with("line 4: not JSON ("), "{found:?}");
    assert_eq!(
        found[1..],
        [
            "line 5, content.title: no title; left out",
            "line 6: id \"p1\" again (first at line 1); left out",
        ]
    );
    // One line is JSON lines too, not an object of notes.
    let one = ok("\n{\"id\": \"p1\", \"title\": \"Alone\"}\n");
    assert_eq!((one.format, ids(&one)), (Format::JsonLines, vec!["p1"]));
    let bad = ok("{\"id\": \"p1\"}");
    assert_eq!(problems(&bad), ["line 1, title: no title; left out"]);
}

#[test]
fn csv_with_a_header_in_any_order_and_case() {
    let csv = "\u{FEFF}Title,ABSTRACT, id ,Authors\r\n\
        \"Serverless, fast\",\"Two\nlines, \"\"quoted\"\"\",p1,Ann Author; Bob Author\r\n\
        Checkpoints,,p2,\r\n\
        No id,,,\r\n\
        ,untitled,p4,\r\n\
        Again,,p1,\r\n\
        Short\r\n";
    let s = ok(csv);
    assert_eq!(s.format, Format::Csv);
    assert_eq!(ids(&s), ["p1", "p2"]);
    assert_eq!(
        s.list[0],
        Submission {
            id: "p1".into(),
            title: "Serverless, fast".into(),
            abstract_text: "Two\nlines, \"quoted\"".into(),
            authors: vec!["Ann Author".into(), "Bob Author".into()],
            author_ids: Vec::new(),
        }
    );
    assert_eq!(
        problems(&s),
        [
            "line 5, id: no id; left out",
            "line 6, title: no title; left out",
            "line 7: id \"p1\" again (first at line 2); left out",
            "line 8, id: no id; left out",
        ]
    );
    // Only id and title are needed; authorids is read too.
    let s = ok("id,title,authorids\nq1,T,luo-mai;~X1\n\n,x\n");
    assert_eq!(s.list[0].author_ids, ["luo-mai", "~X1"]);
    assert_eq!(problems(&s), ["line 4, id: no id; left out"]);
}

#[test]
fn invisible_characters_are_removed_from_every_text() {
    let s = ok("[{\"id\": \"p\u{200B}1\", \"title\": \"gnp\u{202E}.exe\\u0007\"}]");
    assert_eq!(
        (s.list[0].id.as_str(), s.list[0].title.as_str()),
        ("p1", "gnp.exe")
    );
}

#[test]
fn a_file_of_no_shape_is_an_error_that_says_so() {
    assert_eq!(read(""), Err(BatchError::Empty));
    assert_eq!(read(" \n\t\n"), Err(BatchError::Empty));
    let Err(BatchError::Json { line, column, .. }) = read("{\n  \"a\": {\"id\": \"a\",\n}") else {
        panic!("broken JSON is a JSON error");
    };
    assert_eq!((line, column), (3, 1));
    let Err(e) = read("[1, 2") else {
        panic!("a cut list is a JSON error");
    };
    assert!(
        e.to_string()
            .starts_with("not valid JSON at line 1, column 5: "),
        "{e}"
    );
    let e = read("name,abstract\nAnn,x\n").expect_err("no id and title columns");
    assert_eq!(
        e,
        BatchError::Unrecognised {
            first: "name,abstract".into()
        }
    );
    assert!(e.to_string().contains("id, title and abstract"), "{e}");
    assert!(matches!(
        read("Dear chairs, here are the papers."),
        Err(BatchError::Unrecognised { .. })
    ));
    // An empty object or list is a file with no submissions, not an error.
    assert!(ok("{}").list.is_empty() && ok("[]").list.is_empty());
}

fn expert(id: &str, score: f32, conflicts: Vec<Conflict>) -> Expert {
    Expert {
        researcher: id.into(),
        score,
        share: 1.0,
        level: Level::Strong,
        papers: Vec::new(),
        topics: Vec::new(),
        conflicts,
    }
}

fn conflict(reason: Reason, certain: bool) -> Conflict {
    Conflict {
        rule: Rule::Coauthor,
        author: "A".into(),
        reason,
        certain,
    }
}

fn submission(id: &str) -> Submission {
    Submission {
        id: id.into(),
        title: "T".into(),
        abstract_text: String::new(),
        authors: Vec::new(),
        author_ids: Vec::new(),
    }
}

#[test]
fn rows_are_the_best_k_or_every_researcher_the_unlisted_at_zero() {
    let answer = Answer {
        experts: vec![
            expert("cy", 2.5, vec![conflict(Reason::Author, true)]),
            expert("ann", 1.0, Vec::new()),
        ],
        ..Answer::default()
    };
    let everyone: Vec<ResearcherId> = ["ann", "bob", "cy", "dee"].map(ResearcherId::from).into();
    let s = submission("p1");
    let pairs = |rows: Vec<Affinity>| -> Vec<(String, f32, usize)> {
        (rows.into_iter())
            .map(|r| (r.researcher.0, r.score, r.conflicts.len()))
            .collect()
    };
    assert_eq!(
        pairs(rows(&s, &answer, &everyone, Some(1))),
        [("cy".into(), 2.5, 1)]
    );
    assert_eq!(pairs(rows(&s, &answer, &everyone, Some(5))).len(), 2);
    assert_eq!(
        pairs(rows(&s, &answer, &everyone, None)),
        [
            ("cy".into(), 2.5, 1),
            ("ann".into(), 1.0, 0),
            ("bob".into(), 0.0, 0),
            ("dee".into(), 0.0, 0),
        ]
    );
    assert!(
        rows(&s, &answer, &everyone, None)
            .iter()
            .all(|r| r.submission == "p1")
    );
}

#[test]
fn the_affinity_csv_keeps_ids_and_scores_and_guards_the_conflicts() {
    let row = |s: &str, r: &str, score: f32, conflicts: Vec<Conflict>| Affinity {
        submission: s.into(),
        researcher: r.into(),
        score,
        conflicts,
    };
    let rows = [
        row("-7Ab_x", "ann", 12.345_679, Vec::new()),
        row(
            "=p2",
            "bob",
            0.0,
            vec![
                conflict(
                    Reason::SameOrganizationNow {
                        organization: "X".into(),
                        name: "A".into(),
                    },
                    true,
                ),
                conflict(
                    Reason::Organization {
                        organization: "Y".into(),
                        name: "A".into(),
                        since: Some(2020),
                    },
                    false,
                ),
            ],
        ),
        row(
            "p3",
            "cy",
            1.0,
            vec![conflict(
                Reason::Advised {
                    name: "=HYPERLINK(\"x\")".into(),
                },
                true,
            )],
        ),
    ];
    assert_eq!(
        csv(&rows, false),
        "submission,researcher,score\r\n\
         -7Ab_x,ann,12.345679\r\n\
         =p2,bob,0.000000\r\n\
         p3,cy,1.000000\r\n"
    );
    assert_eq!(
        csv(&rows, true),
        "submission,researcher,score,conflict\r\n\
         -7Ab_x,ann,12.345679,\r\n\
         =p2,bob,0.000000,\"at X, as A is now; possibly: at Y at the same time as A since 2020\"\r\n\
         p3,cy,1.000000,\"advised =HYPERLINK(\"\"x\"\")\"\r\n"
    );
}

#[test]
fn the_bundled_directory_every_pair_or_the_best_with_conflicts() {
    let d = crate::model::bundled::dataset();
    let corpus = Corpus::of(&d);
    let subs = ok(r#"[
        {"id": "s1", "title": "ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models",
         "abstract": "We keep model checkpoints close to the GPUs so that a serverless platform can start an LLM inference server in seconds.",
         "authors": ["Someone Else"], "authorids": ["luo-mai", "~Not_Here1"]},
        {"id": "s2", "title": "Quantum knitting patterns"}
    ]"#)
    .list;
    let o = Options {
        top: None,
        conflict_years: 3,
        this_year: 2026,
    };
    let every = affinities(&d, &corpus, &subs, &o);
    let n = d.researchers.len();
    assert_eq!(every.len(), 2 * n);
    assert!(every[..n].iter().all(|a| a.submission == "s1"));
    assert_eq!(every[0].researcher.as_str(), "luo-mai");
    assert!(every[0].score > 0.0);
    assert_eq!(every[0].conflicts[0].rule, Rule::Author);
    // Best first, then the unlisted at 0; each researcher once per submission.
    assert!(every[..n].windows(2).all(|w| w[0].score >= w[1].score));
    let mut once: Vec<&str> = every[..n].iter().map(|a| a.researcher.as_str()).collect();
    once.sort_unstable();
    once.dedup();
    assert_eq!(once.len(), n);
    // No word of s2 is in the directory: every researcher at 0, in directory order.
    let order: Vec<&str> = every[n..].iter().map(|a| a.researcher.as_str()).collect();
    let directory: Vec<&str> = d.researchers.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(order, directory);
    assert!(every[n..].iter().all(|a| a.score == 0.0));

    let top = affinities(&d, &corpus, &subs, &Options { top: Some(2), ..o });
    assert_eq!(top.len(), 2);
    assert_eq!(top[..2], every[..2]);
    let text = csv(&top, subs.iter().any(Submission::has_authors));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("submission,researcher,score,conflict"));
    let first = lines.next().unwrap_or_default();
    assert!(first.starts_with("s1,luo-mai,"), "{first}");
    assert!(
        !first.ends_with(','),
        "the author's conflict is written: {first}"
    );
}

#[test]
fn the_question_is_the_title_then_the_abstract_with_the_options() {
    let mut s = submission("p1");
    s.abstract_text = "Abstract.".into();
    let o = Options {
        top: None,
        conflict_years: 5,
        this_year: 2026,
    };
    let q = question(&s, vec![Author::Named("Ann".into())], &o, 42);
    assert_eq!(q.text, "T\nAbstract.");
    assert_eq!((q.limit, q.conflict_years, q.this_year), (42, 5, 2026));
    assert!(q.since.is_none() && q.stages.is_empty());
    let q = question(
        &submission("p2"),
        Vec::new(),
        &Options { top: Some(3), ..o },
        42,
    );
    assert_eq!((q.text.as_str(), q.limit), ("T", 3));
}

#[test]
fn a_run_is_read_then_affinities_then_the_csv_one_submission_at_a_time() {
    let d = crate::model::bundled::dataset();
    let text = "{\"id\": \"s1\", \"title\": \"Serverless inference\", \"authors\": [\"Luo Mai\"]}\n\
        {\"id\": \"s2\"}\n\
        {\"id\": \"s3\", \"title\": \"Checkpoints of language models\"}\n";
    let o = Options {
        top: None,
        conflict_years: 3,
        this_year: 2026,
    };
    let run = run(&d, text, &o).expect("JSON lines");
    assert_eq!(ids(&run.submissions), ["s1", "s3"]);
    assert_eq!(
        problems(&run.submissions),
        ["line 2, title: no title; left out"]
    );
    let rows = affinities(&d, &Corpus::of(&d), &run.submissions.list, &o);
    assert_eq!(run.csv, csv(&rows, true));
    assert_eq!(
        (run.rows, run.with_conflicts),
        (2 * d.researchers.len(), true)
    );
    let conflicted = rows.iter().filter(|r| !r.conflicts.is_empty()).count();
    assert!(conflicted >= 1);
    assert_eq!(run.conflicted, conflicted);
    assert_eq!(
        super::run(&d, "", &o).map(|r| r.rows),
        Err(BatchError::Empty)
    );
}

/// A submissions file of `n` papers made from the bundled publications' titles (and abstracts,
/// where the data has them), cycled with ids of their own; every seventh names an author —
/// by id, by name, by native name or outside the directory — so that conflicts appear.
fn bundled_submissions(d: &Dataset, n: usize) -> String {
    const AUTHORS: [(&str, &str); 4] = [
        ("authorids", "luo-mai"),
        ("authors", "Michael Luo"),
        ("authors", "栾思飞"),
        ("authors", "Someone Outside"),
    ];
    let entries: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            let p = &d.publications[i % d.publications.len()];
            let mut e = serde_json::json!({
                "id": format!("-sub{i}"),
                "title": p.title,
                "abstract": p.abstract_text.clone().unwrap_or_default(),
            });
            if i % 7 == 0 {
                let (key, value) = AUTHORS[(i / 7) % AUTHORS.len()];
                e[key] = serde_json::json!([value]);
            }
            e
        })
        .collect();
    serde_json::to_string(&entries).expect("JSON")
}

/// The browser's path: the file read, each submission's authors found among the directory's
/// cards, its question answered from the parts — one set of fetched parts kept across the
/// file, as the page keeps them — and kept as [`Scored`], then [`scored_csv`].
fn as_the_browser_does(d: &Dataset, text: &str, o: &Options) -> String {
    use crate::search::experts::authors_among;
    use crate::search::experts::parts::{self, Fetched, Parts};
    let loaded = crate::model::bundled::loaded();
    assert_eq!(&loaded.dataset, d);
    let cards = crate::search::CardIndex::compile(&loaded).cards;
    let everyone: Vec<ResearcherId> = cards.iter().map(|c| c.id.as_str().into()).collect();
    let all = Parts::build(d);
    let subs = read(text).expect("a submissions file");
    let mut fetched = Fetched::default();
    let mut scored = Vec::new();
    for s in &subs.list {
        let ids: Vec<ResearcherId> = s.author_ids.iter().map(|i| i.as_str().into()).collect();
        let people = cards.iter().map(|c| (c.id.as_str(), c.names()));
        let authors = authors_among(people, &ids, &s.authors);
        let q = question(s, authors, o, cards.len());
        loop {
            let need = parts::next(&all.index, &q, &fetched);
            if need.is_empty() {
                break;
            }
            for part in need {
                match part {
                    parts::Part::Block(n) => {
                        fetched.blocks.insert(n, all.blocks[n as usize].clone());
                    }
                    _ => {
                        let file = all.term_file(part).cloned().unwrap_or_default();
                        fetched.terms.insert(part, file);
                    }
                }
            }
        }
        let (answer, _) = parts::answer(&all.index, &q, &fetched);
        // A question answered alone, from parts of its own, gives the same.
        assert_eq!(answer, parts::ask(&all, &q, |_| {}), "{}", s.id);
        scored.push(Scored::new(s.clone(), answer));
    }
    scored_csv(&scored, &everyone, o.top, subs.with_conflicts())
}

#[test]
fn the_browser_s_path_writes_the_command_s_bytes() {
    let d = crate::model::bundled::dataset();
    let text = bundled_submissions(&d, 120);
    for top in [None, Some(1), Some(3), Some(5)] {
        let o = Options {
            top,
            conflict_years: 3,
            this_year: 2026,
        };
        let command = run(&d, &text, &o).expect("the file is read");
        assert_eq!(command.submissions.list.len(), 120);
        assert!(command.with_conflicts && command.conflicted > 0, "{top:?}");
        let browser = as_the_browser_does(&d, &text, &o);
        assert!(browser == command.csv, "top {top:?}: the CSVs differ");
    }
    // The native name finds its researcher (the cards carry it): her co-authors are conflicted.
    let o = Options {
        top: None,
        conflict_years: 3,
        this_year: 2026,
    };
    let command = run(&d, &text, &o).expect("the file is read");
    let sub14: Vec<&str> = (command.csv.lines())
        .filter(|l| l.starts_with("-sub14,"))
        .collect();
    assert!(
        sub14.iter().any(|l| l.contains("with Frank Sifei Luan")),
        "{sub14:#?}"
    );
}
