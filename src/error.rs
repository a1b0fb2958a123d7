//! The crate's error: why a compiled file (`files`, and the shards `search` encodes) was
//! refused, or why the compiled files answer a question otherwise than the dataset (the build's
//! checks). It sits below every layer and uses none, so each layer may return it.
//!
//! Each kind carries what a person needs to act — the file, the record, the byte range, the
//! format versions — and its message is the one the app shows after the file's URL ("… is not a
//! valid dataset: not a compiled directory: …"). The messages are static text and numbers, so
//! the wasm formats nothing until an error is shown.
//!
//! Why a value breaks a format rule of the dataset (`model::validate`'s `check_…`: DOIs, arXiv
//! ids, ORCID, dblp and OpenAlex links, URLs, days) is [`Invalid`], a kind of it: the validator
//! puts it after the value and its JSON path, the importer after the cell or the document's
//! value. Its messages are read after the value (`"10.1000" needs a registrant code …`).

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
    /// A file or folder the build could not read, write or remove (natively, `files::publish`).
    #[error("{path}: {reason}")]
    Io {
        /// The file's or folder's path.
        path: String,
        /// What the system said.
        reason: String,
    },
    /// A dataset file the build cannot use at all (its top level is no dataset).
    #[error("{path}: {reason}")]
    Unloadable {
        /// The dataset file's path.
        path: String,
        /// What the loader said.
        reason: String,
    },
    /// A worker of the build that panicked: what it was doing.
    #[error("{0} panicked")]
    Panicked(&'static str),
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
    /// A value that breaks a format rule of the dataset.
    #[error(transparent)]
    Invalid(#[from] Invalid),
}

/// Why a value breaks a format rule of the dataset: the reason, said after the value, and what
/// to write instead. Each `model::validate::check_…` returns one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// A DOI written with a resolver (`https://doi.org/…`) or `doi:` before it.
    #[error("write the DOI alone, without a resolver or \"doi:\" (10.xxxx/…)")]
    DoiResolver,
    /// A DOI that does not start with the directory's prefix `10.`.
    #[error("does not start with \"10.\"")]
    DoiPrefix,
    /// A DOI without a registrant code of 4 to 9 digits and a `/` after `10.`.
    #[error("needs a registrant code of 4 to 9 digits and a \"/\" after \"10.\"")]
    DoiRegistrant,
    /// A DOI with nothing after the registrant's `/`.
    #[error("has nothing after the \"/\"")]
    DoiSuffix,
    /// A DOI's suffix with a character the Crossref pattern does not allow.
    #[error(
        "contains {0}, which the Crossref pattern does not allow (letters, digits and - . _ ; ( ) / : only)"
    )]
    DoiCharacter(Character),
    /// An arXiv id written with `arXiv:` before it.
    #[error("write the id without the \"arXiv:\" prefix")]
    ArxivPrefix,
    /// An old-style arXiv id (`cs/0101001`) or a link.
    #[error("is an old-style id or a link; only YYMM.NNNNN ids are accepted")]
    ArxivOldStyle,
    /// An arXiv id whose version is not `v1`, `v2`, ….
    #[error("has a version that is not v1, v2, …")]
    ArxivVersion,
    /// An arXiv id not of the form `YYMM.NNNNN`.
    #[error("is not in the form YYMM.NNNNN")]
    ArxivForm,
    /// An arXiv id of a month that is none, or before new-style ids began (0704).
    #[error("has no such month (new-style ids begin in 0704)")]
    ArxivMonth,
    /// An arXiv id with another number of digits after the dot than its month's ids have.
    #[error("needs {digits} digits after the dot for a paper of {month:04}")]
    ArxivDigits {
        /// How many its month's ids have (4 until 1412, 5 from 1501).
        digits: usize,
        /// Its month, `YYMM`.
        month: u32,
    },
    /// A link that is not a dblp person page.
    #[error("is not a dblp person link (https://dblp.org/pid/56/2455)")]
    DblpLink,
    /// A dblp person link that ends in no person id.
    #[error("does not end in a dblp person id such as 56/2455")]
    DblpPid,
    /// A dblp venue key that is not `conf/…`, `journals/…`, `series/…` or `books/…`.
    #[error("is not a dblp venue key such as conf/nsdi or journals/pvldb")]
    DblpVenue,
    /// A link that is not an OpenAlex author link.
    #[error("is not an OpenAlex author link (https://openalex.org/A5023888391)")]
    OpenalexLink,
    /// An OpenAlex link that ends in no author id.
    #[error("does not end in an OpenAlex author id such as A5023888391")]
    OpenalexAuthor,
    /// A link that is not an ORCID record link.
    #[error("is not an ORCID record link (https://orcid.org/0000-0002-1825-0097)")]
    OrcidLink,
    /// An ORCID link that ends in no iD of four groups of four digits.
    #[error("does not end in an ORCID iD of four groups of four digits (0000-0002-1825-0097)")]
    OrcidShape,
    /// An ORCID iD whose check digit is not the one its other digits need.
    #[error("has the check digit {found}, but the other digits need {needed}: a digit is mistyped")]
    OrcidCheckDigit {
        /// The check digit written.
        found: char,
        /// The one the other fifteen digits need.
        needed: char,
    },
    /// A day not written as `YYYY-MM-DD`.
    #[error("write it as year-month-day")]
    DayForm,
    /// A day whose month is none.
    #[error("{0} is not a month")]
    Month(u32),
    /// A day whose year is not of the record (1900 to 2999).
    #[error("{0} is not a year of the record")]
    Year(u32),
    /// A day its month does not have.
    #[error("month {month} of {year} has no day {day}")]
    Day {
        /// The year.
        year: u32,
        /// The month.
        month: u32,
        /// The day.
        day: u32,
    },
    /// A dblp record key of fewer than three parts.
    #[error("a dblp key has three or more parts, such as conf/nsdi/LuanXY23")]
    DblpKey,
    /// An OpenAlex work id that is not `W` and digits.
    #[error("an OpenAlex work id is W and digits, such as W2741809807")]
    OpenalexWork,
    /// An ORCID work id without `/work/`.
    #[error("an ORCID work is the iD, /work/ and its put-code: 0000-0002-1825-0097/work/1234")]
    OrcidWork,
    /// An ORCID work id whose put-code is not digits.
    #[error("the put-code after /work/ is digits")]
    PutCode,
    /// A link of another scheme than http, https or mailto (`javascript:`, say).
    #[error("is not an http, https or mailto URL")]
    Scheme,
    /// A URL with white space in it.
    #[error("contains white space")]
    WhiteSpace,
    /// A URL with a character it must percent-encode.
    #[error("contains {0}, which a URL must percent-encode")]
    UrlCharacter(Character),
    /// A URL with a `%` not followed by two hex digits.
    #[error("has a % that is not followed by two hex digits")]
    Percent,
    /// A web URL with no host.
    #[error("has no host")]
    NoHost,
    /// A web URL with a user name before the host, which disguises where it leads.
    #[error("has a user name before the host (…@), which disguises where it leads")]
    UserName,
    /// A `mailto` link whose domain is not a host name.
    #[error("has an invalid mail domain {0:?}")]
    MailDomain(String),
    /// A `mailto` link that names no single address.
    #[error("is not an email address")]
    NotEmail,
    /// A web URL whose host is not a name or an IP address.
    #[error("has an invalid host {0:?}")]
    Host(String),
    /// A web URL whose port is not a number up to 65535.
    #[error("has an invalid port {0:?}")]
    Port(String),
    /// A site address that is not an absolute http or https URL.
    #[error("is not an absolute http or https URL")]
    NotWeb,
    /// A site address with a query or a fragment.
    #[error("has a query or a fragment; the site's address has neither")]
    QueryOrFragment,
}

/// A character a message names: `'{'`, or `U+202E RIGHT-TO-LEFT OVERRIDE` for an invisible
/// one (its name given by who found it, `model::invisible`), `'é' (U+00E9)` for another
/// non-ASCII one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Character {
    /// The character.
    pub char: char,
    /// Its name, when it is an invisible character.
    pub invisible: Option<&'static str>,
}

impl std::fmt::Display for Character {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (c, code) = (self.char, u32::from(self.char));
        match self.invisible {
            Some(name) => write!(f, "U+{code:04X} {name}"),
            None if c.is_ascii_graphic() => write!(f, "{c:?}"),
            None => write!(f, "{c:?} (U+{code:04X})"),
        }
    }
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
