//! `build-data`: compiles the authoring JSON into what the browser fetches (the release build
//! runs it; it also runs alone).
//!
//! Writes, under `OUT/<generation>/` (`OUT` is the site's `data/` folder; the generation is a
//! hash of the files, [`generation`], and `OUT/generation.txt` names it):
//! - `first.bin`: the first cards in default order ([`FirstPage`]), a few kilobytes, so the
//!   first card is painted before the whole directory has arrived;
//! - `directory.bin`: the [`CardIndex`] — a card per researcher, the pre-built index
//!   without publication titles, and the load's problems;
//! - `titles/KEY.bin`: the publication-title shards, fetched per query word;
//! - `find.bin`, `cards.bin` and `words/KEY.bin`: the first answer's files ([`FindIndex`]): a
//!   link to a search is answered from the shards of its words and the cards on screen, before
//!   `directory.bin` has arrived;
//! - `people/N.bin`: the researchers' [`DetailFile`]s in packs ([`PeoplePack`]), fetched by
//!   profiles: at most 600 files whatever the number of researchers;
//! - `organizations.bin`: the [`OrgTable`] — every organization, its people, and the papers
//!   credited to it — fetched by the organizations pages;
//! - `experts/`: what `/experts` answers from, in [`Parts`]: an index, the term files
//!   (buckets of rare terms, common terms' own files) in `terms.bin` and the researchers with
//!   their papers in `people.bin`, each part read by byte range as a question needs it;
//! - `pubs/`: the all-publications page's files ([`CompiledPubs`]): its index, the entries in
//!   chunks, their filter attributes and their words in shards;
//!
//! and, beside the generations, `researchers.json`: the authoring file as it is (downloads, and
//! a site without these files).
//!
//! Generations of earlier runs are removed, but for the `--keep N` newest (for tabs still open
//! on them), so a removed researcher leaves no file behind.

use std::path::Path;
use std::time::Instant;

use research_atlas::files::cards::FirstPage;
use research_atlas::files::detail::DetailFile;
use research_atlas::files::experts;
use research_atlas::files::find::FindIndex;
use research_atlas::files::people::{self, PeoplePack, Steps};
use research_atlas::files::publications::CompiledPubs;
use research_atlas::files::{generation, paths};
use research_atlas::model::shares::map_shares;
use research_atlas::model::{self, Problem, Severity, cite};
use research_atlas::search::CardIndex;
use research_atlas::search::experts::parts::Parts;
use research_atlas::search::index::shards::WORD_SHARD_BUDGET;
use research_atlas::search::network::Network;
use research_atlas::search::organizations::OrgTable;

use crate::data::{DATASET, max_year, root};
use atlas_import::authoring::record_of;

/// Cards in `first.bin`: more than a large screen shows before the whole directory arrives.
const FIRST_PAGE_CARDS: usize = 24;

/// What one run wrote, for the report.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// Bytes of `directory.bin`.
    pub directory_bytes: u64,
    /// Bytes of `first.bin`.
    pub first_page_bytes: u64,
    /// Number of title shards and their total bytes.
    pub shards: usize,
    pub shard_bytes: u64,
    /// Number of researchers with a detail file, of the packs holding them, and their total
    /// bytes.
    pub people: usize,
    pub packs: usize,
    pub people_bytes: u64,
    /// Bytes of the network's files (`net/`).
    pub network_bytes: u64,
    /// Bytes of `organizations.bin`.
    pub organizations_bytes: u64,
    /// Bytes of `experts/`.
    pub experts_bytes: u64,
    /// Bytes of the first answer's files (`find.bin`, `cards.bin`, `words/`).
    pub find_bytes: u64,
    /// Files under `pubs/` and their total bytes.
    pub pub_files: usize,
    pub pub_bytes: u64,
}

/// Runs the task.
pub fn build_data(args: &crate::cli::BuildData) -> Result<(), String> {
    let input = args.input.clone().unwrap_or_else(|| root().join(DATASET));
    let (out, keep) = (&args.out, args.keep);
    let started = Instant::now();
    let (w, generation) = publish(&input, out, keep)?;
    eprintln!(
        "build-data: {} → {}/{generation} in {:.1} s: first.bin {:.1} KB, directory.bin {:.1} KB, net/ {:.1} KB, organizations.bin {:.1} KB, experts/ {:.1} KB, the first answer's files {:.1} MB; {} title shards, {:.1} MB; {} profiles in {} packs, {:.1} MB; publications in {} files, {:.1} MB",
        input.display(),
        out.display(),
        started.elapsed().as_secs_f64(),
        w.first_page_bytes as f64 / 1024.0,
        w.directory_bytes as f64 / 1024.0,
        w.network_bytes as f64 / 1024.0,
        w.organizations_bytes as f64 / 1024.0,
        w.experts_bytes as f64 / 1024.0,
        w.find_bytes as f64 / 1_048_576.0,
        w.shards,
        w.shard_bytes as f64 / 1_048_576.0,
        w.people,
        w.packs,
        w.people_bytes as f64 / 1_048_576.0,
        w.pub_files,
        w.pub_bytes as f64 / 1_048_576.0,
    );
    Ok(())
}

/// Compiles `input` into `out`. Invalid values and records are left out and reported, as the
/// app does; a file that cannot be used at all is an error.
pub fn compile(input: &Path, out: &Path) -> Result<Written, String> {
    let mut clock = Instant::now();
    let mut phases: Vec<String> = Vec::new();
    let mut lap = |name: &str| {
        let peak = peak_memory_mb().map_or(String::new(), |mb| format!(" (peak {mb} MB)"));
        phases.push(format!(
            "{name} {:.1} s{peak}",
            clock.elapsed().as_secs_f64()
        ));
        clock = Instant::now();
    };
    let text = std::fs::read_to_string(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let dir = model::load(&text, max_year()).map_err(|e| format!("{}: {e}", input.display()))?;
    // The records are loaded: the text (a gigabyte at 100,000 researchers) is not needed again.
    drop(text);
    lap("load");
    for p in &dir.problems {
        eprintln!("build-data: {}: {p} ({})", input.display(), outcome(p));
    }
    let write = |path: &Path, bytes: &[u8]| -> Result<u64, String> {
        std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(bytes.len() as u64)
    };
    let fresh = |path: &Path| -> Result<(), String> {
        if path.exists() {
            std::fs::remove_dir_all(path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        std::fs::create_dir_all(path).map_err(|e| format!("{}: {e}", path.display()))
    };
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;

    // The network and the organizations are built on one core while the directory's index is
    // built on the other (both one-threaded); the title shards then take every core.
    let (directory, graphs) = std::thread::scope(|scope| {
        let graphs = scope.spawn(|| -> Result<(u64, u64, u64), String> {
            let files = Network::build(&dir.dataset).to_parts();
            let net = under(out, paths::net::DIR);
            fresh(&net)?;
            let mut network = write(&under(out, paths::net::INDEX), &files.index)?
                + write(&under(out, paths::net::PEOPLE), &files.people)?
                + write(&under(out, paths::net::GROUPS), &files.groups)?
                + write(&under(out, paths::net::START), &files.start)?;
            std::fs::create_dir_all(under(out, paths::net::IDS))
                .map_err(|e| format!("{}: {e}", net.display()))?;
            for (n, ids) in files.ids.iter().enumerate() {
                network += write(&under(out, &paths::net::ids(n)), ids)?;
            }
            // The single file of earlier builds, which nothing reads any more.
            let _ = std::fs::remove_file(out.join("network.bin"));
            let organizations = OrgTable::build(&dir.dataset);
            let organizations =
                write(&under(out, paths::ORGANIZATIONS), &organizations.to_bytes())?;
            let packed = experts::pack(&Parts::build(&dir.dataset));
            fresh(&under(out, paths::experts::DIR))?;
            let experts = write(&under(out, paths::experts::INDEX), &packed.index)?
                + write(&under(out, paths::experts::TERMS), &packed.terms)?
                + write(&under(out, paths::experts::PEOPLE), &packed.people)?;
            // The single file of earlier builds, which nothing reads any more.
            let _ = std::fs::remove_file(out.join("experts.bin"));
            Ok((network, organizations, experts))
        });
        let directory = (|| -> Result<(Written, usize, Vec<Steps>), String> {
            let mut w = Written::default();
            let (compiled, shards) = CardIndex::compile_sharded(&dir);
            w.directory_bytes = write(&under(out, paths::DIRECTORY), &compiled.to_bytes())?;
            let first = FirstPage::new(&compiled, FIRST_PAGE_CARDS);
            w.first_page_bytes = write(&under(out, paths::FIRST_PAGE), &first.to_bytes())?;
            fresh(&under(out, paths::TITLES))?;
            for (key, shard) in &shards {
                w.shard_bytes += write(&under(out, &paths::titles(key)), &shard.to_bytes())?;
                w.shards += 1;
            }
            // The first answer's files: a link to a search answered before the whole directory.
            let find = FindIndex::write(&compiled, WORD_SHARD_BUDGET);
            w.find_bytes = write(&under(out, paths::FIND), &find.index)?
                + write(&under(out, paths::CARDS), &find.cards)?;
            fresh(&under(out, paths::WORDS))?;
            for (key, shard) in &find.words {
                w.find_bytes += write(&under(out, &paths::words(key)), shard)?;
            }
            // Each profile's previous and next in the default view, kept in its pack.
            let steps = Steps::default_view(&compiled);
            Ok((w, people::pack_size(compiled.cards.len()), steps))
        })();
        let graphs = (graphs.join())
            .unwrap_or_else(|_| Err("building the network or the organizations panicked".into()));
        (directory, graphs)
    });
    let (mut w, size, steps) = directory?;
    (w.network_bytes, w.organizations_bytes, w.experts_bytes) = graphs?;
    lap("directory, titles, network, organizations and experts");

    fresh(&under(out, paths::PEOPLE))?;
    let keys = cite::bibtex_keys(&dir.dataset);
    let by_id = DetailFile::publications_by_id(&dir.dataset);
    // The detail files are most of the work at scale: one thread per core, each writing its
    // own share of the packs.
    let researchers = &dir.dataset.researchers;
    let packs = researchers.len().div_ceil(size);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = packs.div_ceil(threads).max(1);
    let written: Vec<Result<u64, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..packs)
            .step_by(share)
            .map(|first| {
                let (dataset, keys, by_id) = (&dir.dataset, &keys, &by_id);
                let steps = &steps;
                scope.spawn(move || {
                    let mut bytes = 0;
                    for pack in (first..packs).take(share) {
                        let end = ((pack + 1) * size).min(researchers.len());
                        let files = (pack * size..end)
                            .map(|i| DetailFile::new(dataset, i, keys, by_id))
                            .collect();
                        let steps = steps[pack * size..end].to_vec();
                        let pack_bytes = PeoplePack {
                            people: files,
                            steps,
                        }
                        .to_bytes();
                        bytes += write(&under(out, &paths::people(pack)), &pack_bytes)?;
                    }
                    Ok(bytes)
                })
            })
            .collect();
        (workers.into_iter())
            .map(|w| {
                w.join()
                    .unwrap_or_else(|_| Err("a profile writer panicked".into()))
            })
            .collect()
    });
    for bytes in written {
        w.people_bytes += bytes?;
    }
    w.people = researchers.len();
    w.packs = packs;
    // The publication map goes before the publication phase's peak.
    drop(by_id);
    lap("profiles");

    let compiled = CompiledPubs::build(&dir.dataset);
    let pubs = under(out, paths::pubs::DIR);
    fresh(&pubs)?;
    std::fs::create_dir_all(under(out, paths::pubs::WORDS))
        .map_err(|e| format!("{}: {e}", pubs.display()))?;
    w.pub_bytes += write(&under(out, paths::pubs::INDEX), &compiled.index.to_bytes())?;
    w.pub_bytes += write(&under(out, paths::pubs::ATTRS), &compiled.core.to_bytes())?;
    w.pub_files += 2;
    for (key, shard) in &compiled.words {
        w.pub_bytes += write(&under(out, &paths::pubs::words(key)), &shard.to_bytes())?;
        w.pub_files += 1;
    }
    // The chunks are most of the bytes: each made, encoded and written on one of the cores and
    // let go, so the list is never all in memory twice.
    let chunks: Vec<usize> = (0..compiled.chunk_count()).collect();
    w.pub_files += chunks.len();
    for bytes in map_shares(chunks, |share| -> Result<u64, String> {
        let mut bytes = 0;
        for n in share {
            let chunk = compiled.chunk(&dir.dataset, &keys, n);
            bytes += write(&under(out, &paths::pubs::chunk(n)), &chunk.to_bytes())?;
        }
        Ok(bytes)
    }) {
        w.pub_bytes += bytes?;
    }
    lap("publications");

    eprintln!("build-data: {}", phases.join(", "));
    Ok(w)
}

/// Compiles `input` into a new generation's folder under `out` (the site's `data/`), names it
/// in the pointer (`generation.txt`) with the `keep` previous generations the pointer named
/// that are still there, and removes every other generation (and the files of the layout
/// before generations). The authoring file is copied beside them, as it is. Returns what was
/// written and the new generation's id.
///
/// The folder is written under a temporary name and renamed once complete, so a host serving
/// `out` while this runs never has a generation with half its files.
pub fn publish(input: &Path, out: &Path, keep: usize) -> Result<(Written, String), String> {
    fn io(path: &Path) -> impl Fn(std::io::Error) -> String + '_ {
        move |e| format!("{}: {e}", path.display())
    }
    std::fs::create_dir_all(out).map_err(io(out))?;
    let staging = out.join(".next");
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(io(&staging))?;
    }
    let w = compile(input, &staging)?;
    let files = files_under(&staging)?;
    let generation = generation::id_of(files.iter().map(|(p, b)| (p.as_str(), b.as_slice())));
    drop(files);
    let folder = out.join(&generation);
    if folder.exists() {
        std::fs::remove_dir_all(&folder).map_err(io(&folder))?;
    }
    std::fs::rename(&staging, &folder).map_err(io(&folder))?;

    let pointer = under(out, paths::POINTER);
    let before = std::fs::read_to_string(&pointer).unwrap_or_default();
    let mut named = vec![generation.clone()];
    named.extend(
        (before.lines().map(str::trim))
            .filter(|g| generation::is_id(g) && *g != generation && out.join(g).is_dir())
            .take(keep)
            .map(str::to_owned),
    );
    for entry in std::fs::read_dir(out).map_err(io(out))? {
        let entry = entry.map_err(io(out))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let old = generation::is_id(&name) && !named.contains(&name);
        if old || LAYOUT_BEFORE_GENERATIONS.contains(&name.as_str()) {
            let path = entry.path();
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(io(&path))?;
        }
    }
    std::fs::write(&pointer, named.join("\n") + "\n").map_err(io(&pointer))?;

    let copy = under(out, paths::DATASET);
    if std::fs::canonicalize(input).ok() != std::fs::canonicalize(&copy).ok() {
        std::fs::copy(input, &copy).map_err(io(&copy))?;
    }
    Ok((w, generation))
}

/// Where the compiled file `path` (`data/…`, [`paths`]) goes in the data folder `out`.
fn under(out: &Path, path: &str) -> std::path::PathBuf {
    out.join(path.strip_prefix(paths::DATA).unwrap_or(path))
}

/// What `build-data` wrote straight into `data/` before generations had folders of their own.
const LAYOUT_BEFORE_GENERATIONS: [&str; 8] = [
    "directory.bin",
    "first.bin",
    "organizations.bin",
    "network.bin",
    "titles",
    "people",
    "net",
    "pubs",
];

/// Every file under `dir`, as (path relative to `dir` with `/`, contents).
fn files_under(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).map_err(|e| format!("{}: {e}", at.display()))? {
            let path = entry.map_err(|e| format!("{}: {e}", at.display()))?.path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let rel = path.strip_prefix(dir).map_err(|e| e.to_string())?;
            let rel = (rel.components())
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, bytes));
        }
    }
    Ok(out)
}

/// The most memory this process has held so far, in MB, where the system says (Linux).
fn peak_memory_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// What loading did about `p`, for the line build-data prints after it.
fn outcome(p: &Problem) -> &'static str {
    match p.severity {
        Severity::Warning => "the value is kept",
        Severity::Dropped => "the value is dropped, the record kept",
        Severity::Error if record_of(p).is_some() => "the record is skipped",
        // A file-level remark: an unknown top-level key, a bad setting.
        Severity::Error => "it is ignored",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use research_atlas::files::network::NetIndex;
    use research_atlas::files::people;
    use research_atlas::search::experts::parts::Part;

    #[test]
    fn each_problem_line_says_what_was_left_out() {
        let cases = [
            (
                Problem::warning("publications[3].title", "contains U+202E"),
                "the value is kept",
            ),
            (
                Problem::dropped("publications[0].doi", "\"x\" is not a DOI"),
                "the value is dropped, the record kept",
            ),
            (
                Problem::error("publications[17].year", "3024 is after 2027"),
                "the record is skipped",
            ),
            (
                Problem::error("extra", "is not a known top-level field; ignored"),
                "it is ignored",
            ),
        ];
        for (problem, want) in cases {
            assert_eq!(outcome(&problem), want, "{problem}");
        }
    }

    #[test]
    fn the_bundled_data_compiles_into_every_file_the_app_fetches() {
        let out = tempfile::tempdir().unwrap();
        let w = compile(&root().join(DATASET), out.path()).unwrap();
        assert_eq!(w.people, 5);
        assert!(w.shards > 10, "{w:?}");
        let bytes = std::fs::read(out.path().join("directory.bin")).unwrap();
        let c = CardIndex::from_bytes(&bytes).unwrap();
        assert_eq!(c.cards.len(), 5);
        assert!(c.is_clean());
        assert_eq!(w.packs, 1);
        for (i, card) in c.cards.iter().enumerate() {
            let pack = people::pack_of(i, people::pack_size(c.cards.len()));
            let path = out
                .path()
                .join(paths::people(pack).trim_start_matches(paths::DATA));
            let pack = PeoplePack::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
            let file = pack.get(&card.id).unwrap();
            assert_eq!(file.dataset.researchers[0].id.0, card.id);
        }
        // The packs know each profile's previous and next in the default view (by name).
        let pack = std::fs::read(out.path().join("people/0.bin")).unwrap();
        let pack = PeoplePack::from_bytes(&pack).unwrap();
        let (_, steps) = pack.get_with_steps("luo-mai").unwrap();
        let name = |s: &Option<people::Step>| s.as_ref().map(|s| s.name.clone());
        assert_eq!((steps.at, steps.of), (3, 5));
        assert_eq!(name(&steps.prev).as_deref(), Some("Jiachen Liu"));
        assert_eq!(name(&steps.next).as_deref(), Some("Michael Luo"));
        for key in c.shards.as_ref().unwrap() {
            assert!(
                out.path().join(format!("titles/{key}.bin")).exists(),
                "{key}"
            );
        }
        let index = NetIndex::from_bytes(&std::fs::read(out.path().join("net/index.bin")).unwrap());
        assert_eq!(index.unwrap().len(), 5);
        assert!(out.path().join("net/people.bin").exists());
        assert!(out.path().join("net/groups.bin").exists());
        assert!(out.path().join("net/start.bin").exists());
        assert!(out.path().join("net/ids/0.bin").exists());
        let orgs =
            OrgTable::from_bytes(&std::fs::read(out.path().join("organizations.bin")).unwrap());
        assert!(orgs.unwrap().position("uc-berkeley").is_some());
        let index = std::fs::read(out.path().join("experts/index.bin")).unwrap();
        let index = experts::index_from_bytes(&index).unwrap();
        assert_eq!(index.parts.stages.len(), 5);
        let people = std::fs::read(out.path().join("experts/people.bin")).unwrap();
        let (_, last) = index.range(Part::Block(4)).unwrap();
        assert_eq!(last.end, people.len() as u64);
        let first = FirstPage::from_bytes(&std::fs::read(out.path().join("first.bin")).unwrap());
        assert_eq!(first.unwrap().cards.len(), 5);
        // A second run replaces the folders instead of adding to them.
        std::fs::write(out.path().join("people/gone.bin"), "{}").unwrap();
        compile(&root().join(DATASET), out.path()).unwrap();
        assert!(!out.path().join("people/gone.bin").exists());
    }

    /// The bundled dataset with its first researcher renamed: another build of the data.
    fn edited(dir: &Path) -> std::path::PathBuf {
        let text = std::fs::read_to_string(root().join(DATASET)).unwrap();
        let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
        json["researchers"][0]["name"] = "Aaron Aardvark".into();
        let path = dir.join("edited.json");
        std::fs::write(&path, json.to_string()).unwrap();
        path
    }

    #[test]
    fn each_build_of_the_data_is_a_generation_of_its_own_named_by_the_pointer() {
        let out = tempfile::tempdir().unwrap();
        let data = out.path().join("data");
        // The layout before generations, which a first run over an old site removes.
        std::fs::create_dir_all(data.join("titles")).unwrap();
        std::fs::write(data.join("directory.bin"), "old").unwrap();
        let (_, a) = publish(&root().join(DATASET), &data, 0).unwrap();
        assert!(generation::is_id(&a), "{a}");
        assert!(data.join(&a).join("directory.bin").is_file());
        assert!(data.join("researchers.json").is_file());
        assert!(!data.join("directory.bin").exists() && !data.join("titles").exists());
        assert!(!data.join(".next").exists());
        let pointer = || std::fs::read_to_string(data.join("generation.txt")).unwrap();
        assert_eq!(pointer(), format!("{a}\n"));
        // The same data is the same generation.
        assert_eq!(publish(&root().join(DATASET), &data, 0).unwrap().1, a);

        // Another build: kept beside the previous one when asked, which it then names second.
        let (_, b) = publish(&edited(out.path()), &data, 1).unwrap();
        assert_ne!(a, b);
        assert_eq!(pointer(), format!("{b}\n{a}\n"));
        assert!(data.join(&a).is_dir() && data.join(&b).is_dir());
        // Without --keep, only the newest generation stays.
        let (_, c) = publish(&root().join(DATASET), &data, 0).unwrap();
        assert_eq!(c, a);
        assert_eq!(pointer(), format!("{a}\n"));
        assert!(!data.join(&b).exists());
    }
}
