//! Where every compiled file is, relative to the site's base URL: the one place that writes
//! these paths. A page reads them inside its generation's folder (`data/<generation>/…`, see
//! [`super::generation`]); these are the logical paths that errors name.

/// The folder of the data, below the base URL.
pub const DATA: &str = "data/";
/// The pointer: which generation the site serves now (and the ones it keeps).
pub const POINTER: &str = "data/generation.txt";
/// The authoring file, copied as it is (hosts without compiled files read it); in the
/// repository, the bundled dataset at the same path.
pub const DATASET: &str = "data/researchers.json";
/// The authoring file's JSON Schema, beside it.
pub const SCHEMA: &str = "data/researchers.schema.json";
/// The compiled directory: every card and the search index.
pub const DIRECTORY: &str = "data/directory.bin";
/// The first cards in the directory's default order, for the first paint.
pub const FIRST_PAGE: &str = "data/first.bin";
/// The organizations' table (people by organization, each paper's credit).
pub const ORGANIZATIONS: &str = "data/organizations.bin";
/// The folder of the publication-title shards.
pub const TITLES: &str = "data/titles";
/// The first answer's index: name order, shard keys, where each card record is.
pub const FIND: &str = "data/find.bin";
/// Every researcher's card and figures, one record after another, read by byte range.
pub const CARDS: &str = "data/cards.bin";
/// The folder of the researcher index's word shards (the first answer's).
pub const WORDS: &str = "data/words";
/// The folder of the profile packs.
pub const PEOPLE: &str = "data/people";

/// A language's catalogue of interface texts (`lang-de-<keys>.txt`), beside the app's own files
/// (not in a data generation: it belongs to the build, and its name to the build's keys,
/// [`crate::lang::Catalogue::KEYS`]). The release app has English in it and fetches the others.
pub fn catalogue(lang: crate::lang::Lang) -> String {
    format!("lang-{}-{}.txt", lang.code(), crate::lang::Catalogue::KEYS)
}

/// One publication-title shard.
pub fn titles(key: &str) -> String {
    format!("{TITLES}/{key}.bin")
}

/// One word shard of the researcher index.
pub fn words(key: &str) -> String {
    format!("{WORDS}/{key}.bin")
}

/// Pack `pack` of consecutive profiles' records.
pub fn people(pack: usize) -> String {
    format!("{PEOPLE}/{pack}.bin")
}

/// The network's files (`/connections`), read by byte range.
pub mod net {
    /// The folder of the network's files.
    pub const DIR: &str = "data/net";
    /// The index.
    pub const INDEX: &str = "data/net/index.bin";
    /// The people's records.
    pub const PEOPLE: &str = "data/net/people.bin";
    /// The groups' member lists.
    pub const GROUPS: &str = "data/net/groups.bin";
    /// The records the page's opening view reads, in one file.
    pub const START: &str = "data/net/start.bin";
    /// The folder of the files of researcher ids.
    pub const IDS: &str = "data/net/ids";

    /// The `n`th file of ids.
    pub fn ids(n: usize) -> String {
        format!("{IDS}/{n}.bin")
    }
}

/// The all-publications list's files (`/publications`).
pub mod pubs {
    /// The folder of the list's files.
    pub const DIR: &str = "data/pubs";
    /// The index.
    pub const INDEX: &str = "data/pubs/index.bin";
    /// The folder of the attributes' parts.
    pub const PARTS: &str = "data/pubs/p";
    /// The folder of the word shards.
    pub const WORDS: &str = "data/pubs/w";

    /// Chunk `n` of the entries.
    pub fn chunk(n: usize) -> String {
        format!("{DIR}/{n}.bin")
    }

    /// A word shard.
    pub fn words(key: &str) -> String {
        format!("{WORDS}/{key}.bin")
    }

    /// A part of the attributes, by its name
    /// ([`Part::name`](crate::search::publications::parts::Part::name)).
    pub fn part(name: &str) -> String {
        format!("{PARTS}/{name}.bin")
    }
}

/// What `/experts` answers from, in parts ([`crate::search::experts::parts`]) read by byte
/// range ([`super::experts`]).
pub mod experts {
    /// The folder of the experts files.
    pub const DIR: &str = "data/experts";
    /// The index: the parts' index and where each part is.
    pub const INDEX: &str = "data/experts/index.bin";
    /// The term files, one after another.
    pub const TERMS: &str = "data/experts/terms.bin";
    /// The blocks of researchers with their papers, one after another.
    pub const PEOPLE: &str = "data/experts/people.bin";
}

/// The folders whose every file belongs to a build: the service worker precaches them by
/// listing them.
pub const FOLDERS: [&str; 6] = [
    net::IDS,
    TITLES,
    PEOPLE,
    pubs::WORDS,
    pubs::PARTS,
    pubs::DIR,
];
