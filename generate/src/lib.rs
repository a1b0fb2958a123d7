//! A synthetic dataset in the real schema, for benchmarks and load tests (`cargo xtask gen-data`).
//!
//! The shape follows real directories: about 30 publications per researcher and ten times as
//! many publications as researchers, each stored once with 3 to 8 authors of whom several are
//! directory members; skewed (Zipf-like) popularity of organizations, topics and venues; years
//! 2000–2026, recent ones more common; careers with degrees, positions and awards. The validator
//! accepts the result, and the same seed always gives byte-identical output: the generator is a
//! hand-written SplitMix64 ([`rng`]), not a crate whose stream could change.
//!
//! [`vocab`] builds organizations, topics and venues; [`people`] the researchers, with
//! [`careers`] that fit their stage; [`papers`] the publications that link them; [`words`] holds
//! the word lists they all draw on. [`roster`] writes a department's roster CSV and its people's
//! `.bib` files, for the roster importer's benchmark.

mod careers;
mod papers;
mod people;
mod rng;
pub mod roster;
mod vocab;
mod words;

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::time::Instant;

use research_atlas::model::{Dataset, SCHEMA_VERSION};

use rng::Rng;

/// The earliest and latest publication years.
pub const FIRST_YEAR: u16 = 2000;
pub const LAST_YEAR: u16 = 2026;

/// Publications per researcher in the whole dataset (each researcher is on about three times
/// as many, as papers have three directory members on average).
const PAPERS_PER_RESEARCHER: usize = 10;

/// Generates a dataset, writes it to `out` (creating its folder) and prints a summary line.
pub fn write(researchers: usize, seed: u64, out: &Path) -> Result<(), String> {
    let started = Instant::now();
    let dataset = generate(researchers, seed);
    let text = to_json(&dataset);
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(out, &text).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "{}: {} researchers, {} publications, {:.1} MB, {:.1} s (seed {seed})",
        out.display(),
        dataset.researchers.len(),
        dataset.publications.len(),
        text.len() as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The dataset for `researchers` and `seed`.
pub fn generate(researchers: usize, seed: u64) -> Dataset {
    let mut rng = Rng::new(seed);
    let vocab = vocab::Vocab::new(&mut rng);
    let mut people = people::researchers(researchers, &vocab, seed, &mut rng);
    let publications = papers::publications(
        &mut people,
        &vocab,
        researchers * PAPERS_PER_RESEARCHER,
        &mut rng,
    );
    Dataset {
        schema: None,
        schema_version: SCHEMA_VERSION,
        config: None,
        organizations: vocab.orgs.into_iter().map(|o| o.record).collect(),
        topics: vocab.topics,
        venues: vocab.venues,
        researchers: people.into_iter().map(|p| p.record).collect(),
        publications,
    }
}

/// Canonical text, as `fmt-data` writes it.
pub fn to_json(dataset: &Dataset) -> String {
    serde_json::to_string_pretty(dataset).expect("a dataset serializes") + "\n"
}

/// Slugs made unique by a numeric suffix: `wei-chen`, `wei-chen-2`, …
#[derive(Default)]
struct UniqueIds {
    taken: HashSet<String>,
    /// Per base, the next suffix to try.
    next: HashMap<String, u32>,
}

impl UniqueIds {
    /// `base`, or `base-N` with the smallest N ≥ 2 not yet handed out.
    fn make(&mut self, base: &str) -> String {
        let mut n = self.next.get(base).copied().unwrap_or(1);
        loop {
            let candidate = match n {
                1 => base.to_owned(),
                n => format!("{base}-{n}"),
            };
            n += 1;
            if self.taken.insert(candidate.clone()) {
                self.next.insert(base.to_owned(), n);
                return candidate;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use research_atlas::model::{self, Dataset};

    use super::*;

    const MAX_YEAR: u16 = 2027;

    fn small() -> Dataset {
        generate(200, 1)
    }

    #[test]
    fn the_validator_accepts_generated_datasets() {
        for (researchers, seed) in [(200, 1), (50, 2), (60, 3), (1, 4), (0, 5)] {
            let text = to_json(&generate(researchers, seed));
            let dir = model::load(&text, MAX_YEAR).expect("generated JSON loads");
            assert!(
                dir.is_clean(),
                "{researchers} researchers, seed {seed}: {:#?}",
                &dir.problems[..dir.problems.len().min(10)]
            );
            assert_eq!(dir.dataset.researchers.len(), researchers);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_bytes() {
        assert_eq!(to_json(&generate(50, 7)), to_json(&generate(50, 7)));
        assert_ne!(to_json(&generate(50, 7)), to_json(&generate(50, 8)));
    }

    #[test]
    fn the_shape_is_realistic() {
        let d = small();
        assert_eq!(d.publications.len(), 2000);
        assert!((250..=350).contains(&d.organizations.len()));
        assert!((50..=70).contains(&d.topics.len()));
        assert!((120..=160).contains(&d.venues.len()));

        let listed: usize = d.researchers.iter().map(|r| r.publications.len()).sum();
        let per_researcher = listed as f64 / d.researchers.len() as f64;
        assert!((25.0..=35.0).contains(&per_researcher), "{per_researcher}");
        for p in &d.publications {
            assert!((3..=8).contains(&p.authors.len()), "{}", p.id);
            assert!((FIRST_YEAR..=LAST_YEAR).contains(&p.year), "{}", p.id);
        }
        let year_of: HashMap<&str, u16> = d
            .publications
            .iter()
            .map(|p| (p.id.as_str(), p.year))
            .collect();
        for r in &d.researchers {
            let studied_from = r.education.iter().filter_map(|e| e.start).min();
            let first_paper = r.publications.iter().map(|id| year_of[id.as_str()]).min();
            // A new undergraduate may have no paper yet; nobody has one before their studies.
            if let (Some(paper), Some(studies)) = (first_paper, studied_from) {
                assert!(
                    paper >= studies.year,
                    "{}: {paper} < {}",
                    r.id,
                    studies.year
                );
            }
            assert!((2..=6).contains(&r.topics.len()), "{}", r.id);
            assert!((1..=4).contains(&r.positions.len()), "{}", r.id);
            assert!((1..=3).contains(&r.education.len()), "{}", r.id);
            assert!(r.awards.len() <= 5, "{}", r.id);
            assert!((1..=3).contains(&r.links.len()), "{}", r.id);
        }
    }

    #[test]
    fn shared_papers_are_stored_once_and_listed_by_each_member() {
        let d = small();
        let mut ids = HashSet::new();
        assert!(d.publications.iter().all(|p| ids.insert(&p.id)));
        let mut listings: HashMap<&str, usize> = HashMap::new();
        for r in &d.researchers {
            for id in &r.publications {
                *listings.entry(id.as_str()).or_default() += 1;
            }
        }
        let shared = d
            .publications
            .iter()
            .filter(|p| p.authors.iter().filter(|a| a.researcher.is_some()).count() >= 2)
            .inspect(|p| {
                let members = p.authors.iter().filter(|a| a.researcher.is_some()).count();
                assert_eq!(listings[p.id.as_str()], members, "{}", p.id);
            })
            .count();
        assert!(shared * 2 > d.publications.len(), "{shared} shared papers");
    }

    #[test]
    fn popularity_is_skewed() {
        let d = small();
        let mut per_venue: HashMap<&str, usize> = HashMap::new();
        for p in &d.publications {
            *per_venue
                .entry(p.venue.as_ref().map_or("", |v| v.as_str()))
                .or_default() += 1;
        }
        let mut counts: Vec<usize> = per_venue.into_values().collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let top: usize = counts.iter().take(10).sum();
        assert!(top * 4 > d.publications.len(), "top 10 venues: {top}");
        let recent = d.publications.iter().filter(|p| p.year >= 2018).count();
        assert!(recent * 2 > d.publications.len(), "{recent} since 2018");
    }

    #[test]
    fn ids_get_numeric_suffixes() {
        let mut ids = UniqueIds::default();
        assert_eq!(ids.make("wei-chen"), "wei-chen");
        assert_eq!(ids.make("wei-chen"), "wei-chen-2");
        assert_eq!(ids.make("wei-chen-3"), "wei-chen-3");
        assert_eq!(ids.make("wei-chen"), "wei-chen-4");
    }
}

#[cfg(test)]
mod compiled_publications {
    use research_atlas::files::publications::{
        CompiledPubs, Fetched, check_against, sample_params,
    };
    use research_atlas::search::PublicationIndex;

    use super::generate;

    #[test]
    fn the_compiled_publication_list_answers_as_the_loaded_one_at_2000_researchers() {
        let d = generate(2000, 11);
        let ix = PublicationIndex::new(&d);
        let c = CompiledPubs::build(&d);
        assert!(c.chunk_count() > 10, "{} chunks", c.chunk_count());
        assert!(c.words.len() > 20, "{} word shards", c.words.len());
        let fetched = Fetched::of(&c).unwrap();
        let cases = sample_params(&d);
        assert!(cases.len() > 100);
        for p in cases {
            check_against(&d, &c, &fetched, &ix, &p).unwrap();
        }
    }
}

#[cfg(test)]
mod network_tests {
    use research_atlas::files::network::check_parts;
    use research_atlas::search::network::Network;

    use super::generate;

    #[test]
    fn the_network_answers_from_its_parts_as_the_whole_at_2000_researchers() {
        let whole = Network::build(&generate(2000, 11));
        let n = whole.people.len() as u32;
        let foci: Vec<u32> = (0..n).step_by(97).collect();
        let pairs: Vec<(u32, u32)> = (0..n)
            .step_by(97)
            .flat_map(|a| (1..n).step_by(131).map(move |b| (a, b)))
            .collect();
        assert!(foci.len() > 15 && pairs.len() > 300);
        let (drawing, chain) = check_parts(&whole, &foci, &pairs).unwrap();
        // A drawing reads the records of the people it shows, and of the ring before them.
        assert!(
            drawing <= 2 * 120,
            "a drawing fetched {drawing} of {n} records"
        );
        eprintln!("most records fetched: {drawing} for a drawing, {chain} for a chain");
    }
}
