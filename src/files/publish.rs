//! Publishing the compiled files (natively: `cargo xtask build-data`, which `dist` runs, and the
//! benchmarks): which file each of this layer's writers makes, where it goes, and the
//! generation folder they go in. It prints nothing: it returns what it wrote ([`Written`],
//! [`Published`]) and the binary prints it.
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
//! Generations of earlier runs are removed, but for the `keep` newest (for tabs still open on
//! them), so a removed researcher leaves no file behind.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::Error;
use crate::files::cards::FirstPage;
use crate::files::detail::DetailFile;
use crate::files::experts;
use crate::files::find::FindIndex;
use crate::files::people::{self, PeoplePack, Steps};
use crate::files::publications::CompiledPubs;
use crate::files::{generation, paths};
use crate::model::shares::{map_shares, threads};
use crate::model::{self, LoadedDataset, cite};
use crate::search::CardIndex;
use crate::search::experts::parts::Parts;
use crate::search::index::shards::WORD_SHARD_BUDGET;
use crate::search::network::Network;
use crate::search::organizations::OrgTable;

/// Cards in `first.bin`: more than a large screen shows before the whole directory arrives.
const FIRST_PAGE_CARDS: usize = 24;

/// One phase of a build and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Phase {
    /// What was done ("load", "profiles").
    pub name: &'static str,
    /// How long it took.
    pub seconds: f64,
    /// The most memory the process had held by its end, in MB, where the system says (Linux).
    pub peak_mb: Option<u64>,
}

impl fmt::Display for Phase {
    /// `profiles 1.2 s (peak 310 MB)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:.1} s", self.name, self.seconds)?;
        match self.peak_mb {
            Some(mb) => write!(f, " (peak {mb} MB)"),
            None => Ok(()),
        }
    }
}

/// Times the phases of a build, one after the other.
struct Laps {
    clock: Instant,
    phases: Vec<Phase>,
}

impl Laps {
    fn start() -> Self {
        Self {
            clock: Instant::now(),
            phases: Vec::new(),
        }
    }

    /// Ends the phase `name`, and starts the next.
    fn lap(&mut self, name: &'static str) {
        self.phases.push(Phase {
            name,
            seconds: self.clock.elapsed().as_secs_f64(),
            peak_mb: peak_memory_mb(),
        });
        self.clock = Instant::now();
    }
}

/// What one compile wrote, for the report.
#[derive(Debug, Default, Clone, PartialEq)]
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
    /// The compile's phases, in order.
    pub phases: Vec<Phase>,
}

/// What [`publish`] did: what it wrote, and the generation it wrote it in.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    /// The compiled files.
    pub written: Written,
    /// The new generation's id (its folder's name).
    pub generation: String,
}

/// The dataset at `input`, loaded as the app loads it (invalid values and records are left out
/// and listed in its problems), and the phase it took. A file that cannot be used at all is an
/// error.
pub fn load(input: &Path, max_year: u16) -> Result<(LoadedDataset, Phase), Error> {
    let mut laps = Laps::start();
    let text = std::fs::read_to_string(input).map_err(io(input))?;
    let loaded = model::load(&text, max_year).map_err(|problem| Error::Unloadable {
        path: input.display().to_string(),
        reason: problem.to_string(),
    })?;
    // The records are loaded: the text (a gigabyte at 100,000 researchers) is not needed again.
    drop(text);
    laps.lap("load");
    Ok((loaded, laps.phases.remove(0)))
}

/// Compiles the loaded dataset into `out` (taken, so that it is let go before the caller goes
/// on to hash the files).
pub fn compile(dir: LoadedDataset, out: &Path) -> Result<Written, Error> {
    let mut laps = Laps::start();
    std::fs::create_dir_all(out).map_err(io(out))?;

    // The network and the organizations are built on one core while the directory's index is
    // built on the other (both one-threaded); the title shards then take every core.
    let (directory, graphs) = std::thread::scope(|scope| {
        let graphs = scope.spawn(|| -> Result<(u64, u64, u64), Error> {
            let files = Network::build(&dir.dataset).to_parts();
            fresh(&under(out, paths::net::DIR))?;
            let mut network = write(&under(out, paths::net::INDEX), &files.index)?
                + write(&under(out, paths::net::PEOPLE), &files.people)?
                + write(&under(out, paths::net::GROUPS), &files.groups)?
                + write(&under(out, paths::net::START), &files.start)?;
            let ids = under(out, paths::net::IDS);
            std::fs::create_dir_all(&ids).map_err(io(&ids))?;
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
        let directory = (|| -> Result<(Written, usize, Vec<Steps>), Error> {
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
        let graphs = (graphs.join()).unwrap_or(Err(Error::Panicked(
            "building the network or the organizations",
        )));
        (directory, graphs)
    });
    let (mut w, size, steps) = directory?;
    (w.network_bytes, w.organizations_bytes, w.experts_bytes) = graphs?;
    laps.lap("directory, titles, network, organizations and experts");

    fresh(&under(out, paths::PEOPLE))?;
    let keys = cite::bibtex_keys(&dir.dataset);
    let by_id = DetailFile::publications_by_id(&dir.dataset);
    // The detail files are most of the work at scale: one thread per core, each writing its
    // own share of the packs.
    let researchers = &dir.dataset.researchers;
    let packs = researchers.len().div_ceil(size);
    let share = packs.div_ceil(threads()).max(1);
    let written: Vec<Result<u64, Error>> = std::thread::scope(|scope| {
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
            .map(|w| (w.join()).unwrap_or(Err(Error::Panicked("a profile writer"))))
            .collect()
    });
    for bytes in written {
        w.people_bytes += bytes?;
    }
    w.people = researchers.len();
    w.packs = packs;
    // The publication map goes before the publication phase's peak.
    drop(by_id);
    laps.lap("profiles");

    let compiled = CompiledPubs::build(&dir.dataset);
    fresh(&under(out, paths::pubs::DIR))?;
    for dir in [paths::pubs::WORDS, paths::pubs::PARTS] {
        let dir = under(out, dir);
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    }
    w.pub_bytes += write(&under(out, paths::pubs::INDEX), &compiled.index.to_bytes())?;
    w.pub_files += 1;
    for &part in compiled.parts.keys() {
        let path = under(out, &paths::pubs::part(&part.name()));
        w.pub_bytes += write(&path, &compiled.part_bytes(part))?;
        w.pub_files += 1;
    }
    for (key, shard) in &compiled.words {
        w.pub_bytes += write(&under(out, &paths::pubs::words(key)), &shard.to_bytes())?;
        w.pub_files += 1;
    }
    // The chunks are most of the bytes: each made, encoded and written on one of the cores and
    // let go, so the list is never all in memory twice.
    let chunks: Vec<usize> = (0..compiled.chunk_count()).collect();
    w.pub_files += chunks.len();
    for bytes in map_shares(chunks, |share| -> Result<u64, Error> {
        let mut bytes = 0;
        for n in share {
            let chunk = compiled.chunk(&dir.dataset, &keys, n);
            bytes += write(&under(out, &paths::pubs::chunk(n)), &chunk.to_bytes())?;
        }
        Ok(bytes)
    }) {
        w.pub_bytes += bytes?;
    }
    laps.lap("publications");
    w.phases = laps.phases;
    Ok(w)
}

/// Compiles the dataset loaded from `input` into a new generation's folder under `out` (the
/// site's `data/`), names it in the pointer (`generation.txt`) with the `keep` previous
/// generations the pointer named that are still there, and removes every other generation (and
/// the files of the layout before generations). The authoring file `input` is copied beside
/// them, as it is.
///
/// The folder is written under a temporary name and renamed once complete, so a host serving
/// `out` while this runs never has a generation with half its files.
pub fn publish(
    input: &Path,
    loaded: LoadedDataset,
    out: &Path,
    keep: usize,
) -> Result<Published, Error> {
    std::fs::create_dir_all(out).map_err(io(out))?;
    let staging = out.join(".next");
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(io(&staging))?;
    }
    let written = compile(loaded, &staging)?;
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
    Ok(Published {
        written,
        generation,
    })
}

/// What the system said about `path`, for `map_err`.
fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |e| Error::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// Writes `bytes` to `path`, and says how many there were.
fn write(path: &Path, bytes: &[u8]) -> Result<u64, Error> {
    std::fs::write(path, bytes).map_err(io(path))?;
    Ok(bytes.len() as u64)
}

/// Makes `path` an empty folder (a second run replaces a folder instead of adding to it).
fn fresh(path: &Path) -> Result<(), Error> {
    if path.exists() {
        std::fs::remove_dir_all(path).map_err(io(path))?;
    }
    std::fs::create_dir_all(path).map_err(io(path))
}

/// Where the compiled file `path` (`data/…`, [`paths`]) goes in the data folder `out`.
fn under(out: &Path, path: &str) -> PathBuf {
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
fn files_under(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).map_err(io(&at))? {
            let path = entry.map_err(io(&at))?.path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            let bytes = std::fs::read(&path).map_err(io(&path))?;
            let rel = path.strip_prefix(dir).unwrap_or(&path);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::network::NetIndex;
    use crate::model::bundled;
    use crate::search::experts::parts::Part;

    /// A folder of its own under the system's temporary folder, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Self {
            let dir = std::env::temp_dir().join(format!(
                "research-atlas-publish-{name}-{}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Self(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The bundled dataset, loaded.
    fn loaded(input: &Path) -> LoadedDataset {
        load(input, 2100).unwrap().0
    }

    /// The bundled dataset written into `dir`, with its first researcher renamed when `edit`:
    /// another build of the data.
    fn dataset(dir: &Path, edit: bool) -> PathBuf {
        let mut json: serde_json::Value = serde_json::from_str(bundled::JSON).unwrap();
        if edit {
            json["researchers"][0]["name"] = "Aaron Aardvark".into();
        }
        let path = dir.join(if edit { "edited.json" } else { "bundled.json" });
        std::fs::write(&path, json.to_string()).unwrap();
        path
    }

    #[test]
    fn the_bundled_data_compiles_into_every_file_the_app_fetches() {
        let scratch = Scratch::new("compile");
        let (input, out) = (dataset(&scratch.0, false), scratch.0.join("data"));
        let w = compile(loaded(&input), &out).unwrap();
        assert_eq!(w.people, 5);
        assert!(w.shards > 10, "{w:?}");
        let names: Vec<&str> = w.phases.iter().map(|p| p.name).collect();
        assert_eq!(
            names,
            [
                "directory, titles, network, organizations and experts",
                "profiles",
                "publications"
            ]
        );
        let bytes = std::fs::read(out.join("directory.bin")).unwrap();
        let c = CardIndex::from_bytes(&bytes).unwrap();
        assert_eq!(c.cards.len(), 5);
        assert!(c.is_clean());
        assert_eq!(w.packs, 1);
        for (i, card) in c.cards.iter().enumerate() {
            let pack = people::pack_of(i, people::pack_size(c.cards.len()));
            let path = under(&out, &paths::people(pack));
            let pack = PeoplePack::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
            let file = pack.get(&card.id).unwrap();
            assert_eq!(file.dataset.researchers[0].id.0, card.id);
        }
        // The packs know each profile's previous and next in the default view (by name).
        let pack = std::fs::read(out.join("people/0.bin")).unwrap();
        let pack = PeoplePack::from_bytes(&pack).unwrap();
        let (_, steps) = pack.get_with_steps("luo-mai").unwrap();
        let name = |s: &Option<people::Step>| s.as_ref().map(|s| s.name.clone());
        assert_eq!((steps.at, steps.of), (3, 5));
        assert_eq!(name(&steps.prev).as_deref(), Some("Jiachen Liu"));
        assert_eq!(name(&steps.next).as_deref(), Some("Michael Luo"));
        for key in c.shards.as_ref().unwrap() {
            assert!(out.join(format!("titles/{key}.bin")).exists(), "{key}");
        }
        let index = NetIndex::from_bytes(&std::fs::read(out.join("net/index.bin")).unwrap());
        assert_eq!(index.unwrap().len(), 5);
        assert!(out.join("net/people.bin").exists());
        assert!(out.join("net/groups.bin").exists());
        assert!(out.join("net/start.bin").exists());
        assert!(out.join("net/ids/0.bin").exists());
        let orgs = OrgTable::from_bytes(&std::fs::read(out.join("organizations.bin")).unwrap());
        assert!(orgs.unwrap().position("uc-berkeley").is_some());
        let index = std::fs::read(out.join("experts/index.bin")).unwrap();
        let index = experts::index_from_bytes(&index).unwrap();
        assert_eq!(index.parts.stages.len(), 5);
        let people = std::fs::read(out.join("experts/people.bin")).unwrap();
        let (_, last) = index.range(Part::Block(4)).unwrap();
        assert_eq!(last.end, people.len() as u64);
        let first = FirstPage::from_bytes(&std::fs::read(out.join("first.bin")).unwrap());
        assert_eq!(first.unwrap().cards.len(), 5);
        // A second run replaces the folders instead of adding to them.
        std::fs::write(out.join("people/gone.bin"), "{}").unwrap();
        compile(loaded(&input), &out).unwrap();
        assert!(!out.join("people/gone.bin").exists());
    }

    #[test]
    fn a_file_that_is_no_dataset_is_an_error_naming_it() {
        let scratch = Scratch::new("unloadable");
        let input = scratch.0.join("broken.json");
        std::fs::write(&input, "[1, 2]").unwrap();
        let Err(err) = load(&input, 2100) else {
            panic!("not a dataset")
        };
        assert!(matches!(err, Error::Unloadable { .. }), "{err}");
        assert!(err.to_string().starts_with(&input.display().to_string()));
        let Err(err) = load(&scratch.0.join("none.json"), 2100) else {
            panic!("no file")
        };
        assert!(matches!(err, Error::Io { .. }), "{err}");
    }

    #[test]
    fn each_build_of_the_data_is_a_generation_of_its_own_named_by_the_pointer() {
        let scratch = Scratch::new("generations");
        let (bundled, edited) = (dataset(&scratch.0, false), dataset(&scratch.0, true));
        let run = |input: &Path, keep| {
            (publish(input, loaded(input), &scratch.0.join("data"), keep).unwrap()).generation
        };
        let data = scratch.0.join("data");
        // The layout before generations, which a first run over an old site removes.
        std::fs::create_dir_all(data.join("titles")).unwrap();
        std::fs::write(data.join("directory.bin"), "old").unwrap();
        let a = run(&bundled, 0);
        assert!(generation::is_id(&a), "{a}");
        assert!(data.join(&a).join("directory.bin").is_file());
        assert!(data.join("researchers.json").is_file());
        assert!(!data.join("directory.bin").exists() && !data.join("titles").exists());
        assert!(!data.join(".next").exists());
        let pointer = || std::fs::read_to_string(data.join("generation.txt")).unwrap();
        assert_eq!(pointer(), format!("{a}\n"));
        // The same data is the same generation.
        assert_eq!(run(&bundled, 0), a);

        // Another build: kept beside the previous one when asked, which it then names second.
        let b = run(&edited, 1);
        assert_ne!(a, b);
        assert_eq!(pointer(), format!("{b}\n{a}\n"));
        assert!(data.join(&a).is_dir() && data.join(&b).is_dir());
        // Without `keep`, only the newest generation stays.
        assert_eq!(run(&bundled, 0), a);
        assert_eq!(pointer(), format!("{a}\n"));
        assert!(!data.join(&b).exists());
    }
}
