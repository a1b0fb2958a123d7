//! The port of `evaluate.py` on made-up ratings, the reading of made-up files in the gold
//! standard's layout, and the real gold standard when it is beside the workspace.

use std::path::Path;

use serde_json::json;

use super::{bench as bench_gold, *};
use crate::{Bench, Compiled, Failed, Host, Line};

/// Papers with a rating or an affinity each.
type Papers<'a> = &'a [(&'a str, f64)];

/// Made-up ratings: participant → (paper, rating).
fn ratings(of: &[(&str, Papers)]) -> Ratings {
    (of.iter())
        .map(|(who, rated)| {
            let rated = rated.iter().map(|(p, e)| (p.to_string(), *e)).collect();
            (who.to_string(), rated)
        })
        .collect()
}

/// Made-up affinities: participant → (paper, affinity).
fn affinities(of: &[(&str, Papers)]) -> Affinities {
    (of.iter())
        .map(|(who, a)| {
            let a = a.iter().map(|(p, s)| (p.to_string(), *s)).collect();
            (who.to_string(), a)
        })
        .collect()
}

/// Rated 5, 4, 2, 2: one hard pair (gap 1), four easy ones (gaps 3, 3, 2, 2), one tie (gap 0);
/// the largest possible cost is 11.
const RATED: &[(&str, f64)] = &[("p1", 5.0), ("p2", 4.0), ("p3", 2.0), ("p4", 2.0)];

#[test]
fn pairs_cost_their_gap_when_reversed_and_half_when_tied() {
    let cases: [(&str, Papers, Score); 4] = [
        (
            "in order",
            &[("p1", 0.9), ("p2", 0.8), ("p3", 0.2), ("p4", 0.1)],
            Score {
                loss: 0.0,
                easy: 1.0,
                hard: 1.0,
                missing: 0,
            },
        ),
        (
            "reversed: every gap, the pair rated alike costing nothing",
            &[("p1", 0.1), ("p2", 0.2), ("p3", 0.8), ("p4", 0.9)],
            Score {
                loss: 1.0,
                easy: 0.0,
                hard: 0.0,
                missing: 0,
            },
        ),
        (
            "p1 and p2 tied (half of 1, not right), p3 above both (3 + 2)",
            &[("p1", 0.5), ("p2", 0.5), ("p3", 0.7), ("p4", 0.1)],
            Score {
                loss: 5.5 / 11.0,
                easy: 0.5,
                hard: 0.0,
                missing: 0,
            },
        ),
        (
            "p1 missing counts as the lowest, 0.1: below p2 (1) and p3 (3), tied with p4 (1.5)",
            &[("p2", 0.8), ("p3", 0.2), ("p4", 0.1)],
            Score {
                loss: 5.5 / 11.0,
                easy: 0.5,
                hard: 0.0,
                missing: 3,
            },
        ),
    ];
    for (name, given, want) in cases {
        let got = score(&ratings(&[("a", RATED)]), &affinities(&[("a", given)]));
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn participants_pool_their_pairs() {
    let refs = ratings(&[("a", RATED), ("b", &[("p1", 1.0), ("p5", 3.0)])]);
    let got = score(
        &refs,
        &affinities(&[
            ("a", &[("p1", 0.1), ("p2", 0.2), ("p3", 0.8), ("p4", 0.9)]),
            ("b", &[("p1", 0.3), ("p5", 0.4)]),
        ]),
    );
    // b's pair (gap 2) in order and neither easy nor hard: 11 of 13, the shares a's.
    assert_eq!(
        got,
        Score {
            loss: 11.0 / 13.0,
            easy: 0.0,
            hard: 0.0,
            missing: 0
        }
    );
}

#[test]
fn a_participant_without_affinities_ties_every_pair() {
    let refs = ratings(&[("a", RATED)]);
    let got = score(&refs, &affinities(&[("b", &[("p1", 0.3)])]));
    assert_eq!(
        got,
        Score {
            loss: 0.5,
            easy: 0.0,
            hard: 0.0,
            missing: 12
        }
    );
}

#[test]
fn a_share_without_pairs_is_not_a_number() {
    let got = score(
        &ratings(&[("a", &[("p1", 3.0), ("p2", 1.0)])]),
        &affinities(&[("a", &[("p1", 0.2), ("p2", 0.1)])]),
    );
    assert_eq!(got.loss, 0.0);
    assert!(got.easy.is_nan() && got.hard.is_nan());
}

#[test]
fn figures_are_stored_as_means_of_all_and_of_each_half() {
    let s = |loss: f64, easy: f64, hard: f64| Score {
        loss,
        easy,
        hard,
        missing: 0,
    };
    let figures = Figures {
        datasets: (0..10)
            .map(|i| {
                if i < 5 {
                    s(0.2, 0.8, 0.6)
                } else {
                    s(0.3, 0.9, 0.7)
                }
            })
            .collect(),
        seconds: 1.0,
    };
    assert_eq!(
        figures.json(),
        json!({
            "loss": 0.25, "easy": 0.85, "hard": 0.65, "loss_1_5": 0.2, "loss_6_10": 0.3,
            "datasets": 10, "published_best_loss": 0.21,
        })
    );
}

#[test]
fn ratings_are_read_by_column_a_paper_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("evaluations.tsv");
    std::fs::write(
        &path,
        "ParticipantID\tPaper1\tPaper2\tPaper3\tExpertise1\tExpertise2\tExpertise3\n\
         7\tpa\tpb\tpa\t5.0\t2.5\t4\n\
         8\tpc\t\tpd\t1\t3\t\n",
    )
    .unwrap();
    let got = read_ratings(&path).unwrap();
    assert_eq!(
        got,
        ratings(&[("7", &[("pa", 4.0), ("pb", 2.5)]), ("8", &[("pc", 1.0)])])
    );
    std::fs::write(&path, "ParticipantID\tPaper1\tExpertise1\n7\tpa\thigh\n").unwrap();
    assert!(matches!(
        read_ratings(&path),
        Err(Error::Rating { line: 2, ref value, .. }) if value == "high"
    ));
}

/// A made-up dataset in the gold standard's layout.
fn write_dataset(dir: &Path) {
    let archives = dir.join("archives");
    std::fs::create_dir_all(&archives).unwrap();
    let note = |id: &str, title: &str, abstract_text: &str| {
        json!({"id": id, "content": {"title": title, "abstract": abstract_text}}).to_string()
    };
    let shared = note(
        "s",
        "Shared sparse tensor compilers",
        "Loop fusion for sparse kernels.",
    );
    std::fs::write(
        archives.join("~11.jsonl"),
        [
            note("a1", "Glacier melt models", "Ice sheet dynamics and melt."),
            shared.clone(),
        ]
        .join("\n"),
    )
    .unwrap();
    std::fs::write(
        archives.join("~22.jsonl"),
        [
            shared,
            note("b1", "Coral reef acoustics", "Listening to reef fish."),
        ]
        .join("\n"),
    )
    .unwrap();
    let glacier = json!({"title": "Glacier ice melt", "abstract": "Melt of ice sheets."});
    let submissions = json!({
        "q1": {"id": "q1", "content": glacier},
        "q2": {"id": "q2", "content": {"title": "Reef fish sounds", "abstract": null}},
    });
    std::fs::write(dir.join("submissions.json"), submissions.to_string()).unwrap();
}

#[test]
fn a_paper_in_two_archives_is_one_publication_and_the_unlisted_score_zero() {
    let dir = tempfile::tempdir().unwrap();
    write_dataset(dir.path());
    let gold = Gold::read(dir.path()).unwrap();
    let d = &gold.dataset;
    let ids: Vec<&str> = d.researchers.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["11", "22"]);
    assert_eq!(d.publications.len(), 3);
    let shared = d
        .publications
        .iter()
        .find(|p| p.id.as_str() == "s")
        .unwrap();
    let authors: Vec<_> = shared
        .authors
        .iter()
        .filter_map(|a| a.researcher.as_ref())
        .collect();
    assert_eq!(authors, [&d.researchers[0].id, &d.researchers[1].id]);
    assert_eq!(d.researchers[1].publications.len(), 2);
    let a = gold.affinities();
    assert!(a["11"]["q1"] > 0.0 && a["22"]["q1"] == 0.0, "{a:?}");
    assert!(a["22"]["q2"] > 0.0 && a["11"]["q2"] == 0.0, "{a:?}");
}

/// A host that keeps the lines and has no steps.
#[derive(Default)]
struct Said(Vec<Line>);

impl Host for Said {
    fn dataset(&mut self, _: usize, _: bool) -> Result<PathBuf, Failed> {
        unreachable!("the gold standard asks for no dataset")
    }
    fn compile(&mut self, _: &Path, _: &Path) -> Result<Compiled, Failed> {
        unreachable!("the gold standard compiles nothing")
    }
    fn release_build(&mut self, _: &Path, _: bool) -> Result<(), Failed> {
        unreachable!("the gold standard builds nothing")
    }
    fn say(&mut self, line: Line) {
        self.0.push(line);
    }
}

#[test]
fn without_the_gold_standard_the_bench_says_it_skipped() {
    let root = tempfile::tempdir().unwrap();
    let workspace = root.path().join("main");
    let bench = Bench {
        root: workspace,
        ..Bench::default()
    };
    let mut said = Said::default();
    let mut r = Run {
        bench: &bench,
        host: &mut said,
        datasets: Default::default(),
    };
    assert_eq!(bench_gold(&mut r).unwrap(), None);
    assert_eq!(
        said.0,
        [Line::Progress(
            "experts: the gold standard is not in ../shared/gold; skipped".into()
        )]
    );
}

/// The real gold standard, when it is beside the workspace (its licence keeps it out of the
/// repository; CI may not have it): every dataset ranked and scored, each participant for each
/// submission, better than chance, and reported as the bench reports it.
#[test]
fn the_gold_standard_when_it_is_there() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if !workspace.join(FOLDER).is_dir() {
        eprintln!("skipped: the gold standard is not in {FOLDER}");
        return;
    }
    let bench = Bench {
        root: workspace,
        ..Bench::default()
    };
    let mut said = Said::default();
    let mut r = Run {
        bench: &bench,
        host: &mut said,
        datasets: Default::default(),
    };
    let stored = bench_gold(&mut r).unwrap().unwrap();
    for line in &said.0 {
        eprintln!("{line:?}");
    }
    let figures: Vec<&str> = (said.0.iter())
        .filter_map(|l| match l {
            Line::Figure(f) => Some(f.as_str()),
            Line::Progress(_) => None,
        })
        .collect();
    assert_eq!(figures.len(), DATASETS + 1, "each dataset, then the means");
    assert!(
        figures.iter().all(|f| !f.contains("missing")),
        "every participant scored for every submission"
    );
    assert_eq!(stored["datasets"], DATASETS);
    for key in ["loss", "loss_1_5", "loss_6_10"] {
        assert!(
            stored[key].as_f64().unwrap() < 0.5,
            "better than chance: {stored}"
        );
    }
}
