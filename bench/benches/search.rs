//! Native benchmarks of the search layer on generated datasets of 1,000 and 20,000 researchers.
//!
//! Run by `cargo xtask bench --native` (`atlas_bench`), which generates the datasets when missing
//! and collects the figures; alone: `cargo bench -p atlas-bench --bench search` (the app's crate
//! without its features: no Leptos to build).
//! The datasets are `researchers-N.json` in `$ATLAS_BENCH_DATA` (default
//! `<workspace>/target/bench-data`), written by `cargo xtask gen-data --researchers N`.
//!
//! What is measured, each with the size as parameter: building the indexes; a search per
//! keystroke of a typed query; a search with topic and year filters (facet counts included);
//! the all-publications list, unfiltered and with a text filter; the organizations table (its
//! decoding, and re-ranking every organization after a change of venues and years, as the
//! organizations page does). Samples are few and short so the whole run takes a few minutes on
//! two cores.

criterion::criterion_main!(native::benches);

mod native {
    use std::hint::black_box;
    use std::path::PathBuf;
    use std::sync::OnceLock;
    use std::time::Duration;

    use criterion::measurement::WallTime;
    use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, criterion_group};
    use research_atlas::model::{Dataset, LoadedDataset};
    use research_atlas::search::{
        CardIndex, Credit, OrgParams, OrgTable, PubParams, PublicationIndex, QueryMemory,
        SearchIndex, SearchParams, Selection, TitleShards,
    };

    /// Researchers in the generated datasets.
    const SIZES: [usize; 2] = [1_000, 20_000];
    /// What a user types, one search per step; both words are in the generator's vocabulary.
    const TYPING: [&str; 5] = [
        "d",
        "dist",
        "distributed",
        "distributed sch",
        "distributed scheduling",
    ];
    /// The topic filter; the generator's taxonomy always has it.
    const TOPIC: &str = "distributed-systems";

    criterion_group!(
        benches,
        build,
        typing,
        typed,
        filtered,
        publications,
        organizations
    );

    /// A generated dataset, read once and without validation (the validator is not built for
    /// this size).
    fn dataset(researchers: usize) -> &'static Dataset {
        static LOADED: [OnceLock<Dataset>; SIZES.len()] = [const { OnceLock::new() }; SIZES.len()];
        let slot = SIZES
            .iter()
            .position(|&n| n == researchers)
            .expect("one of SIZES");
        LOADED[slot].get_or_init(|| {
            let dir = std::env::var_os("ATLAS_BENCH_DATA").map_or_else(
                || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-data"),
                PathBuf::from,
            );
            let path = dir.join(format!("researchers-{researchers}.json"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; run `cargo xtask gen-data --researchers {researchers}` first",
                    path.display()
                )
            });
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
    }

    /// Few, short samples: the slow cases take seconds per iteration at 20,000 researchers.
    fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
        let mut g = c.benchmark_group(name);
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(4));
        g
    }

    fn build(c: &mut Criterion) {
        let mut g = group(c, "build");
        g.sampling_mode(SamplingMode::Flat);
        for n in SIZES {
            let d = dataset(n);
            g.bench_with_input(BenchmarkId::new("search_index", n), d, |b, d| {
                b.iter(|| SearchIndex::new(black_box(d)))
            });
            g.bench_with_input(BenchmarkId::new("publication_index", n), d, |b, d| {
                b.iter(|| PublicationIndex::new(black_box(d)))
            });
            // What the browser does with the build step's `directory.bin`: decode it and derive
            // the inverted lists and facet sets.
            let bytes = compiled(n).0.to_bytes();
            g.bench_with_input(
                BenchmarkId::new("decode_directory", n),
                &bytes,
                |b, bytes| b.iter(|| CardIndex::from_bytes(black_box(bytes)).unwrap()),
            );
        }
        g.finish();
    }

    /// The compiled directory of `n` researchers, with every title shard loaded: the app's
    /// index once the shards a query needs have arrived.
    fn compiled(n: usize) -> &'static (CardIndex, TitleShards) {
        static BUILT: [OnceLock<(CardIndex, TitleShards)>; SIZES.len()] =
            [const { OnceLock::new() }; SIZES.len()];
        let slot = SIZES.iter().position(|&x| x == n).expect("one of SIZES");
        BUILT[slot].get_or_init(|| {
            let dir = LoadedDataset {
                dataset: dataset(n).clone(),
                problems: Vec::new(),
                skipped: Vec::new(),
            };
            let (c, shards) = CardIndex::compile_sharded(&dir);
            let titles = TitleShards {
                known: Some(shards.keys().cloned().collect()),
                loaded: (shards.into_iter())
                    .map(|(k, s)| (k, std::sync::Arc::new(s)))
                    .collect(),
            };
            (c, titles)
        })
    }

    /// Search and facet counts as the app asks for them: the compiled index, titles from the
    /// shards, no match reasons (cards ask for their own).
    fn typing(c: &mut Criterion) {
        let mut g = group(c, "typing");
        for n in SIZES {
            let (dir, titles) = compiled(n);
            for query in TYPING {
                let params = SearchParams {
                    query: query.into(),
                    ..SearchParams::default()
                };
                g.bench_function(BenchmarkId::new(format!("q={query}"), n), |b| {
                    b.iter(|| dir.index.search_with(black_box(&params), titles, false))
                });
            }
        }
        g.finish();
    }

    /// "distributed scheduling" typed letter by letter, every key's search and facet counts
    /// (the app's memo): each from the postings, and each from the previous key's matches
    /// where the query narrows them (`find_after`), as the app searches.
    fn typed(c: &mut Criterion) {
        let mut g = group(c, "typed");
        let text = TYPING[TYPING.len() - 1];
        let keys: Vec<SearchParams> = (1..=text.len())
            .map(|i| SearchParams {
                query: text[..i].into(),
                ..SearchParams::default()
            })
            .collect();
        for n in SIZES {
            let (dir, titles) = compiled(n);
            let index = &dir.index;
            g.bench_function(BenchmarkId::new("from_postings", n), |b| {
                b.iter(|| {
                    for p in &keys {
                        let found = index.find(black_box(p), titles, false);
                        black_box(index.count(p, &found));
                    }
                })
            });
            g.bench_function(BenchmarkId::new("from_last_key", n), |b| {
                b.iter(|| {
                    let mut memory = QueryMemory::default();
                    for p in &keys {
                        let found = index.find_after(black_box(p), titles, false, &memory);
                        black_box(index.count(p, &found));
                        memory = found.memory;
                    }
                })
            });
        }
        g.finish();
    }

    fn filtered(c: &mut Criterion) {
        let mut g = group(c, "filtered");
        for n in SIZES {
            let (dir, titles) = compiled(n);
            let index = &dir.index;
            let filters = SearchParams {
                topics: [TOPIC.to_owned()].into(),
                year_from: Some(2020),
                year_to: Some(2024),
                ..SearchParams::default()
            };
            let with_query = SearchParams {
                query: "scheduling".into(),
                ..filters.clone()
            };
            assert!(
                !index.search(&filters).hits.is_empty(),
                "no researcher has topic {TOPIC} in 2020–2024"
            );
            for (name, params) in [("topic+years", filters), ("query+topic+years", with_query)] {
                g.bench_function(BenchmarkId::new(name, n), |b| {
                    b.iter(|| index.search_with(black_box(&params), titles, false))
                });
            }
        }
        g.finish();
    }

    fn publications(c: &mut Criterion) {
        let mut g = group(c, "publications");
        for n in SIZES {
            let index = PublicationIndex::new(dataset(n));
            let all = index.scope_all();
            let text = PubParams {
                query: "distributed scheduling".into(),
                ..PubParams::default()
            };
            for (name, params) in [("all", PubParams::default()), ("text", text)] {
                g.bench_function(BenchmarkId::new(name, n), |b| {
                    b.iter(|| index.list(black_box(&all), black_box(&params)))
                });
            }
        }
        g.finish();
    }

    /// The organizations page: decoding `organizations.bin`, then one ranking per change of
    /// selection (every organization scored, filtered, ordered and numbered, facets counted).
    fn organizations(c: &mut Criterion) {
        let mut g = group(c, "organizations");
        for n in SIZES {
            let d = dataset(n);
            let table = OrgTable::build(d);
            let bytes = table.to_bytes();
            eprintln!(
                "organizations.bin at {n} researchers: {} organizations, {} credited papers, {:.1} KB",
                table.orgs.len(),
                table.papers.len(),
                bytes.len() as f64 / 1024.0
            );
            g.bench_with_input(BenchmarkId::new("decode", n), &bytes, |b, bytes| {
                b.iter(|| OrgTable::from_bytes(black_box(bytes)).unwrap())
            });
            // Two venues and a year range, fractional credit: what "OSDI and NSDI since 2020"
            // asks of the generated data.
            let params = OrgParams {
                selection: Selection {
                    venues: d.venues.iter().take(2).map(|v| v.id.0.clone()).collect(),
                    year_from: Some(2020),
                    credit: Credit::Fractional,
                    ..Selection::default()
                },
                ..OrgParams::default()
            };
            assert!(
                table.rank(&params).papers > 0,
                "no paper at the first two venues since 2020"
            );
            for (name, params) in [
                ("rerank/venues+years", params),
                ("rank/all", OrgParams::default()),
            ] {
                g.bench_function(BenchmarkId::new(name, n), |b| {
                    b.iter(|| table.rank(black_box(&params)))
                });
            }
        }
        g.finish();
    }
}
