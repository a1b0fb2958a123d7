//! Generations of the compiled data: one build's files, never combined with another's.
//!
//! `cargo xtask build-data` writes every compiled file of one build into a folder named after
//! a hash of their contents, `data/<generation>/…`, and names the newest generation in the
//! pointer file `data/generation.txt`. Each page of the site names the generation it was built
//! with in a `<meta name="atlas-data">` tag, and the app reads only from that folder, so a page
//! never combines files of two builds, and the host may cache the folder's files for a year
//! (their names never change content).
//!
//! When the site has moved on under an open tab (a redeploy removed its generation's folder),
//! a file of the tab's generation is missing: the app then reads the pointer and, if it names
//! another generation, reports [`Missing::Moved`] (the page offers a reload) rather than a
//! broken site. A host with no generations at all (`trunk serve`, with the authoring JSON)
//! has the plain `data/` paths.

use super::paths::DATA;

/// The name of the `<meta>` tag in which a page names its data's generation.
pub const GENERATION_META: &str = "atlas-data";

/// The pointer ([`POINTER`]): the generation the site serves now, first line; the previous
/// generations the host still has (`dist --keep`), one per line after it.
pub use super::paths::POINTER;

/// Hex digits in a generation id.
pub const ID_LEN: usize = 16;

/// Whether `s` is a generation id: [`ID_LEN`] lower-case hex digits.
pub fn is_id(s: &str) -> bool {
    s.len() == ID_LEN && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The path of the compiled file `path` (`data/…`, as the format modules name it) in
/// `generation`'s folder; the plain path when there is no generation (a development host).
pub fn in_generation(path: &str, generation: Option<&str>) -> String {
    match (generation, path.strip_prefix(DATA)) {
        (Some(g), Some(rest)) => format!("{DATA}{g}/{rest}"),
        _ => path.to_owned(),
    }
}

/// The generation the pointer's text names as current, if it names one.
pub fn current(pointer: &str) -> Option<&str> {
    pointer.lines().next().map(str::trim).filter(|g| is_id(g))
}

/// What a missing file of a page's generation means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// The site now serves another generation (named): this page's data is gone from the
    /// host, and only a reload shows the site as it is.
    Moved(String),
    /// The site still serves this page's generation (or says nothing): the file itself is
    /// missing, an error of the host to report as such.
    Absent,
}

/// What a file of generation `ours` that the host does not have means, given the pointer's
/// text (`None` when the pointer could not be read).
pub fn classify(ours: &str, pointer: Option<&str>) -> Missing {
    match pointer.and_then(current) {
        Some(now) if now != ours => Missing::Moved(now.to_owned()),
        _ => Missing::Absent,
    }
}

/// A generation id for a build's files: a hash of their paths (relative to the generation's
/// folder, `/`-separated) and contents, given in any order.
pub fn id_of<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> String {
    let mut files: Vec<(&str, &[u8])> = files.into_iter().collect();
    files.sort_unstable_by_key(|(path, _)| *path);
    let mut hash = Fnv1a::default();
    for (path, bytes) in files {
        hash.write(&(path.len() as u64).to_le_bytes());
        hash.write(path.as_bytes());
        hash.write(&(bytes.len() as u64).to_le_bytes());
        hash.write(bytes);
    }
    format!("{:016x}", hash.0)
}

/// 64-bit FNV-1a, fed piece by piece: small and stable across platforms and Rust versions
/// (unlike `std`'s `DefaultHasher`), and enough to tell one build's files from another's.
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// The hash of `bytes` alone (content-addressed file names).
    pub fn of(bytes: &[u8]) -> u64 {
        let mut hash = Self::default();
        hash.write(bytes);
        hash.finish()
    }

    /// Feeds `bytes`.
    pub fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The hash of everything fed.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiled_paths_move_into_their_generations_folder() {
        let g = Some("0123456789abcdef");
        let cases = [
            (
                "data/directory.bin",
                g,
                "data/0123456789abcdef/directory.bin",
            ),
            (
                "data/titles/sk.bin",
                g,
                "data/0123456789abcdef/titles/sk.bin",
            ),
            (
                "data/net/ids/3.bin",
                g,
                "data/0123456789abcdef/net/ids/3.bin",
            ),
            ("data/directory.bin", None, "data/directory.bin"),
            // Only data paths have a generation.
            ("sw.js", g, "sw.js"),
        ];
        for (path, generation, want) in cases {
            assert_eq!(in_generation(path, generation), want, "{path}");
        }
    }

    #[test]
    fn the_pointer_names_the_current_generation_first() {
        assert_eq!(current("0123456789abcdef\n"), Some("0123456789abcdef"));
        assert_eq!(
            current("0123456789abcdef\r\nfedcba9876543210\n"),
            Some("0123456789abcdef")
        );
        // An HTML page (a host's fallback for a missing pointer) or junk names none.
        assert_eq!(current("<!DOCTYPE html><html>"), None);
        assert_eq!(current("0123456789ABCDEF"), None);
        assert_eq!(current(""), None);
    }

    #[test]
    fn a_missing_file_of_another_generation_than_the_sites_is_a_move_of_its_own_kind() {
        let ours = "0123456789abcdef";
        let cases = [
            (
                Some("fedcba9876543210\n"),
                Missing::Moved("fedcba9876543210".into()),
            ),
            (Some("0123456789abcdef\n"), Missing::Absent),
            (
                Some("fedcba9876543210\n0123456789abcdef\n"),
                Missing::Moved("fedcba9876543210".into()),
            ),
            (Some("<!doctype html>"), Missing::Absent),
            (None, Missing::Absent),
        ];
        for (pointer, want) in cases {
            assert_eq!(classify(ours, pointer), want, "{pointer:?}");
        }
    }

    #[test]
    fn a_generation_id_hashes_paths_and_contents_in_any_order() {
        let a = id_of([("directory.bin", &b"one"[..]), ("first.bin", &b"two"[..])]);
        let same = id_of([("first.bin", &b"two"[..]), ("directory.bin", &b"one"[..])]);
        let other = id_of([("directory.bin", &b"one"[..]), ("first.bin", &b"twO"[..])]);
        // The same bytes under other names are another build.
        let moved = id_of([("directory.bin", &b"two"[..]), ("first.bin", &b"one"[..])]);
        assert!(is_id(&a));
        assert_eq!(a, same);
        assert_ne!(a, other);
        assert_ne!(a, moved);
    }
}
