//! Experts for a paper at scale (`cargo xtask bench --experts`, and part of a full `bench`;
//! issue 39): what a question costs and how well the ranking finds a paper's authors.
//!
//! - **Cost**, at 20,000 researchers / 200,000 papers and 100,000 / 1,000,000 (generated from
//!   seed 1, in memory): the experts parts are built as `build-data` builds them, each encoded
//!   into its three files; then [`QUERIES`] questions of about 250 words (a paper's title and
//!   abstract, then the abstracts of other papers on its topic) are asked the way the page
//!   asks them — the index, then each step's parts, decoded from their byte ranges — counting
//!   the bytes fetched (the index gzipped, as hosts serve a whole file; the ranges as they are,
//!   as hosts serve ranges) and timing the decoding and the answering apart (natively; the
//!   browser's WebAssembly runs the same code a few times slower).
//! - **Quality**: the leave-one-out evaluation ([`eval::leave_one_out`]) on the bundled
//!   dataset (every paper) and on the generated 20,000 (every 100th paper), for the best paper
//!   against the mean of the best three, each with and without a five-year half-life; and,
//!   when it is beside the workspace, the reviewer-assignment gold standard ([`gold`]).
//!
//! Stored under `"experts"` in `bench/results.json` with the goals: a question's answer within
//! 150 ms at 20,000 and 500 ms at 100,000 once its data has arrived, and at most 3 MB gzipped
//! fetched for it at 100,000.

use std::io::Write;
use std::time::Instant;

use serde_json::{Value, json};

use research_atlas::files::experts as file;
use research_atlas::model::Dataset;
use research_atlas::search::experts::parts::{Fetched, Part, Parts};
use research_atlas::search::experts::rank::{Aggregate, SCORING, Scoring};
use research_atlas::search::experts::{Corpus, ExpertQuery, eval, parts};

use crate::error::Error;
use crate::gold;
use crate::runner::{Run, read_doc, write_doc};

/// Questions asked at each size.
const QUERIES: usize = 30;
/// Words a question has at least.
const QUERY_WORDS: usize = 250;
/// The sizes: researchers (papers are ten times as many).
const SIZES: [usize; 2] = [20_000, 100_000];
/// The goals: milliseconds to answer at each size, gzipped bytes at the larger.
const ANSWER_GOAL_MS: [f64; 2] = [150.0, 500.0];
const BYTES_GOAL: u64 = 3_000_000;
/// The year questions are asked in.
const THIS_YEAR: u16 = 2026;

/// Runs the benchmark, stores it, reports it.
pub(crate) fn bench(r: &mut Run) -> Result<(), Error> {
    let mut doc = json!({});
    let gold = gold::bench(r)?;
    let path = r.bundled();
    let text = std::fs::read_to_string(&path).map_err(Error::at(&path))?;
    let bundled = research_atlas::model::load(&text, THIS_YEAR + 1)
        .map_err(|e| Error::Bundled {
            problem: format!("{e:?}"),
        })?
        .dataset;
    doc["quality"]["bundled"] = quality(&bundled, 1);
    r.figure(format!(
        "experts, leave-one-out, bundled: {}",
        doc["quality"]["bundled"]
    ));
    let mut sizes = Vec::new();
    for (i, n) in SIZES.into_iter().enumerate() {
        let started = Instant::now();
        let d = atlas_generate::generate(n, 1);
        let generated_s = started.elapsed().as_secs_f64();
        if i == 0 {
            doc["quality"]["generated_20000"] = quality(&d, 100);
            r.figure(format!(
                "experts, leave-one-out, 20,000: {}",
                doc["quality"]["generated_20000"]
            ));
        }
        let row = cost(&d, generated_s, ANSWER_GOAL_MS[i])?;
        r.figure(format!("experts, {n} researchers: {row}"));
        sizes.push(row);
    }
    doc["sizes"] = Value::Array(sizes);
    doc["goals"] = json!({
        "answer_ms": {"20000": ANSWER_GOAL_MS[0], "100000": ANSWER_GOAL_MS[1]},
        "bytes_at_100000": BYTES_GOAL,
    });
    doc["scoring"] = json!(format!("{SCORING:?}"));
    let path = r.results();
    let mut results = read_doc(&path)?;
    // Without the gold standard beside the workspace, the figures of the last run that had it.
    if let Some(gold) = gold.or_else(|| results.get("experts")?.get("gold").cloned()) {
        doc["gold"] = gold;
    }
    results.insert("experts".into(), doc);
    write_doc(&path, results)?;
    r.figure(format!("{}: \"experts\" holds them", path.display()));
    Ok(())
}

/// The leave-one-out shares over every `step`-th paper of `d`, for each scoring compared.
fn quality(d: &Dataset, step: usize) -> Value {
    let corpus = Corpus::of(d);
    let mut out = json!({});
    for (name, aggregate) in [
        ("max", Aggregate::Max),
        ("mean_top3", Aggregate::MeanOfTopThree),
        ("rms_top20", Aggregate::RootMeanSquareOfTwenty),
    ] {
        for (suffix, half_life) in [("", None), ("_recency5", Some(5.0))] {
            let scoring = Scoring {
                aggregate,
                half_life,
            };
            let q = eval::leave_one_out(d, &corpus, step, scoring, THIS_YEAR);
            out[format!("{name}{suffix}")] = json!({
                "queries": q.queries,
                "top1": pct(q.top1),
                "top10": pct(q.top10),
                "top100": pct(q.top100),
            });
        }
    }
    out
}

fn pct(share: f32) -> f64 {
    (f64::from(share) * 1000.0).round() / 10.0
}

/// `bytes` gzipped as a host serves them.
fn gz_len(bytes: &[u8]) -> u64 {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    e.write_all(bytes).expect("writing to memory");
    e.finish().expect("writing to memory").len() as u64
}

/// `d`'s experts files as `build-data` writes them, and the index read back.
struct Encoded {
    packed: file::Packed,
    index: file::ExpertsIndex,
    index_gz: u64,
}

impl Encoded {
    /// The bytes of `part`, as its byte range brings them (ranges are served as they are, not
    /// gzipped).
    fn part(&self, part: Part) -> &[u8] {
        let (f, r) = self.index.range(part).expect("every part is in the index");
        let body = if f == research_atlas::files::paths::experts::TERMS {
            &self.packed.terms
        } else {
            &self.packed.people
        };
        &body[r.start as usize..r.end as usize]
    }
}

fn encode(p: &Parts) -> Result<Encoded, Error> {
    let packed = file::pack(p);
    Ok(Encoded {
        index_gz: gz_len(&packed.index),
        index: file::index_from_bytes(&packed.index)?,
        packed,
    })
}

/// About [`QUERY_WORDS`] words about paper `at`'s subject: its title and abstract, then the
/// titles and abstracts of the next papers that share its first topic.
fn question_text(d: &Dataset, at: usize) -> String {
    let p = &d.publications[at];
    let mut text = String::new();
    let topic = p.topics.first();
    for q in d.publications[at..].iter().chain(&d.publications[..at]) {
        if q.id != p.id && q.topics.first() != topic {
            continue;
        }
        text.push_str(&q.title);
        text.push_str(". ");
        if let Some(a) = &q.abstract_text {
            text.push_str(a);
            text.push(' ');
        }
        if text.split_whitespace().count() >= QUERY_WORDS {
            break;
        }
    }
    text
}

/// Percentile `p` (0–100) of `values`.
fn percentile(values: &[f64], p: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return 0.0;
    }
    let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
    v[i.min(v.len() - 1)]
}

fn round(x: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (x * k).round() / k
}

/// What questions cost on `d`.
fn cost(d: &Dataset, generated_s: f64, goal_ms: f64) -> Result<Value, Error> {
    let started = Instant::now();
    let built = Parts::build(d);
    let build_s = started.elapsed().as_secs_f64();
    let enc = encode(&built)?;
    let all = enc.packed.index.len() + enc.packed.terms.len() + enc.packed.people.len();
    let index = enc.index.parts.clone();
    let (mut bytes, mut decode_ms, mut answer_ms, mut fetched_parts, mut words) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let with_abstract: Vec<usize> = (d.publications.iter().enumerate())
        .filter(|(_, p)| p.abstract_text.is_some())
        .map(|(i, _)| i)
        .collect();
    let step = (with_abstract.len() / QUERIES).max(1);
    for &at in with_abstract.iter().step_by(step).take(QUERIES) {
        let text = question_text(d, at);
        words.push(text.split_whitespace().count() as f64);
        let q = ExpertQuery {
            text,
            authors: Vec::new(),
            conflict_years: 3,
            since: None,
            stages: Vec::new(),
            this_year: THIS_YEAR,
            limit: research_atlas::search::experts::page::SHOWN,
        };
        let mut fetched = Fetched::default();
        let (mut gz, mut decode, mut compute, mut count) = (enc.index_gz, 0.0, 0.0, 0usize);
        loop {
            let t = Instant::now();
            let need = parts::next(&index, &q, &fetched);
            compute += t.elapsed().as_secs_f64();
            if need.is_empty() {
                break;
            }
            for part in need {
                let b = enc.part(part);
                gz += b.len() as u64;
                count += 1;
                let t = Instant::now();
                match part {
                    Part::Block(n) => {
                        let block = file::block_from_bytes(b)?;
                        fetched.blocks.insert(n, block);
                    }
                    _ => {
                        let terms = file::terms_from_bytes(b)?;
                        fetched.terms.insert(part, terms);
                    }
                }
                decode += t.elapsed().as_secs_f64();
            }
        }
        let t = Instant::now();
        let (answer, _) = parts::answer(&index, &q, &fetched);
        compute += t.elapsed().as_secs_f64();
        if answer.experts.is_empty() {
            return Err(Error::NoExperts { text: q.text });
        }
        bytes.push(gz as f64);
        decode_ms.push(decode * 1000.0);
        answer_ms.push(compute * 1000.0);
        fetched_parts.push(count as f64);
    }
    let kb = |v: f64| round(v / 1024.0, 1);
    Ok(json!({
        "researchers": d.researchers.len(),
        "papers": d.publications.len(),
        "generated_s": round(generated_s, 1),
        "build_s": round(build_s, 1),
        "all_mb": round(all as f64 / 1e6, 1),
        "index_gz_kb": kb(enc.index_gz as f64),
        "buckets": built.index.buckets,
        "own_files": built.index.own.len(),
        "blocks": built.blocks.len(),
        "queries": bytes.len(),
        "query_words_p50": percentile(&words, 50.0),
        "fetched_kb_p50": kb(percentile(&bytes, 50.0)),
        "fetched_kb_p95": kb(percentile(&bytes, 95.0)),
        "fetched_kb_max": kb(percentile(&bytes, 100.0)),
        "fetched_parts_p50": percentile(&fetched_parts, 50.0),
        "decode_ms_p50": round(percentile(&decode_ms, 50.0), 1),
        "decode_ms_p95": round(percentile(&decode_ms, 95.0), 1),
        "answer_ms_p50": round(percentile(&answer_ms, 50.0), 1),
        "answer_ms_p95": round(percentile(&answer_ms, 95.0), 1),
        "answer_goal_ms": goal_ms,
    }))
}
