//! The crate's error: why a compiled file (`files`, and the shards `search` encodes) was
//! refused, or why the compiled files answer a question otherwise than the dataset (the build's
//! checks). It sits below every layer and uses none, so each layer may return it.
//!
//! Each kind carries what a person needs to act — the file, the record, the byte range, the
//! format versions — and its message is the one the app shows after the file's URL ("… is not a
//! valid dataset: not a compiled directory: …"). The messages are static text and numbers, so
//! the wasm formats nothing until an error is shown.
//!
//! Validation reasons (`model::validate`'s `check_…`) are not kinds of it yet: the importer
//! (`import/`) takes their reasons as text, in function pointers and its own results.

/// Why a compiled file was refused, or a check of the compiled files failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Bytes that are not the file they were read as: no Research Atlas header (a host's HTML
    /// page, say), or a part of another kind; names the file and how it shows ("a compiled
    /// directory (it does not start with the Research Atlas header)").
    #[error("not {0}")]
    NotA(&'static str),
    /// Bytes that do not decode as `file` ("a compiled directory").
    #[error("not {file}: {error}")]
    Decode {
        /// The file they were read as.
        file: &'static str,
        /// Why postcard refused them.
        #[source]
        error: postcard::Error,
    },
    /// Bytes that do not decode, in a file or record the enclosing [`Error::In`] or
    /// [`Error::Record`] names.
    #[error(transparent)]
    Encoding(#[from] postcard::Error),
    /// A file of another format version than this app reads: the data was built by another
    /// version of the app.
    #[error(
        "{file} format {found}, this app reads {reads}: rebuild the data (cargo xtask build-data)"
    )]
    Version {
        /// The file ("compiled directory").
        file: &'static str,
        /// The version it has.
        found: u32,
        /// The version this app reads.
        reads: u32,
    },
    /// A file that decodes but whose parts disagree (lists of other lengths, out of order,
    /// numbers out of range): the message names the file and what disagrees.
    #[error("{0}")]
    Broken(&'static str),
    /// A part that took in more bytes than its value: the byte range was wrong.
    #[error("not {file}: {bytes} bytes after it")]
    Trailing {
        /// The part ("an experts index").
        file: &'static str,
        /// How many bytes were left over.
        bytes: usize,
    },
    /// A term of the experts' term file whose paper numbers overflow.
    #[error("broken experts term file: {0}'s papers overflow")]
    Overflow(String),
    /// A table whose columns do not all have one entry per row.
    #[error("broken {file}: {rows} papers but columns of other lengths")]
    Columns {
        /// The file ("organizations file").
        file: &'static str,
        /// How many rows its first column has.
        rows: usize,
    },
    /// A number in a file that points past the end of what it numbers.
    #[error("broken {file}: {what} {value} of {len}")]
    OutOfRange {
        /// The file ("organizations file").
        file: &'static str,
        /// What the number numbers ("venue").
        what: &'static str,
        /// The number.
        value: u32,
        /// How many there are.
        len: usize,
    },
    /// `error`, in the file at `path`.
    #[error("{path}: {error}")]
    In {
        /// The file's path (`data/net/ids-0.bin`).
        path: String,
        /// What is wrong in it.
        error: Box<Error>,
    },
    /// `error`, in record `number` of a file (`what` is "person" or "group").
    #[error("{what} {number}: {error}")]
    Record {
        /// The kind of record.
        what: &'static str,
        /// Its number in the file.
        number: u32,
        /// What is wrong with it.
        error: Box<Error>,
    },
    /// Record `0` of a part is longer than the bytes fetched for it.
    #[error("record {0} is cut short")]
    CutShort(u32),
    /// Group `0` of the network lists a person who is not in it.
    #[error("group {0} names nobody")]
    NamesNobody(u32),
    /// An answer to a byte-range request that holds neither the range nor the whole file.
    #[error("asked for bytes {start}–{end} of {path}, got {got} bytes")]
    Range {
        /// The file's path.
        path: &'static str,
        /// The range's first byte.
        start: usize,
        /// The byte after its last.
        end: usize,
        /// How many bytes came.
        got: usize,
    },
    /// The compiled files answer a question otherwise than the dataset does (the build's
    /// checks, never the app): names the question.
    #[error("{0}")]
    Differs(String),
}

impl Error {
    /// What postcard's refusal of bytes read as `file` is, for `map_err`.
    pub fn decoding(file: &'static str) -> impl Fn(postcard::Error) -> Self {
        move |error| Self::Decode { file, error }
    }

    /// This error in the file at `path`.
    pub fn in_file(self, path: impl Into<String>) -> Self {
        Self::In {
            path: path.into(),
            error: Box::new(self),
        }
    }

    /// This error in record `number` (a `what`) of a file.
    pub fn in_record(self, what: &'static str, number: u32) -> Self {
        Self::Record {
            what,
            number,
            error: Box::new(self),
        }
    }
}
