//! The compiled files: what the build step (`cargo xtask build-data`) writes from the dataset
//! and the browser fetches instead of it. Each file's format — its header, version, encoding
//! and the checks that refuse anything else — lives here, beside the code that writes it from
//! the answers' structures (`search`) and reads it back; [`paths`] is the only place that
//! spells where each one is (a test fails on a `data/…` path written anywhere else), and
//! [`generation`] which build of the data a page reads.
//!
//! - [`cards`]: the directory (`directory.bin`, a [`crate::search::CardIndex`]) and its first
//!   page (`first.bin`).
//! - [`detail`]: a researcher's record or a chunk of publications as a small dataset;
//!   [`people`] packs researchers' detail files with their Previous / Next steps.
//! - [`network`]: the connections in parts fetched by byte range, and the network a page
//!   assembles from them.
//! - [`publications`]: `/publications`' index, chunks, attributes and word shards.
//! - [`organizations`]: the organizations table.
//! - [`experts`]: what `/experts` answers from (the dataset's part that finding experts reads).
//! - `publish` (natively only): every file above written from a loaded dataset into a
//!   generation's folder, and what was written returned as data (`cargo xtask build-data`).
//!
//! Two formats stay beside the structures they encode, because their builders measure shards
//! by encoded size: publication-title shards (`search::titles`) and publication word shards
//! (`search::publications::words`).

use crate::Error;

pub mod cards;
pub mod detail;
pub mod experts;
pub mod find;
pub mod generation;
pub mod network;
pub mod organizations;
pub mod paths;
pub mod people;
pub mod publications;
#[cfg(not(target_arch = "wasm32"))]
pub mod publish;

/// How a compiled file begins (its magic bytes, then its format version in postcard), and how
/// its errors name it.
pub(crate) struct Header {
    /// Its first bytes.
    pub magic: &'static [u8],
    /// The format version this app reads.
    pub version: u32,
    /// The file as "not …" names it ("a compiled directory").
    pub name: &'static str,
    /// What bytes without `magic` are not ("a compiled directory (it does not start with the
    /// Research Atlas header)").
    pub missing: &'static str,
    /// The file as a version error names it ("compiled directory").
    pub kind: &'static str,
}

impl Header {
    /// The bytes after the header and the version, refusing bytes without the header (a host's
    /// HTML page) and files of another version. The version comes first, so a file of another
    /// version is named as such.
    pub(crate) fn open<'a>(&self, bytes: &'a [u8]) -> Result<&'a [u8], Error> {
        let body = bytes
            .strip_prefix(self.magic)
            .ok_or(Error::NotA(self.missing))?;
        let (found, rest): (u32, _) =
            postcard::take_from_bytes(body).map_err(Error::decoding(self.name))?;
        if found != self.version {
            return Err(Error::Version {
                file: self.kind,
                found,
                reads: self.version,
            });
        }
        Ok(rest)
    }
}
