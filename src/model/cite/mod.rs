//! Citation export: BibTeX entries with stable keys, and the same list as CSV.
//!
//! Plain functions over [`Dataset`] and [`Publication`]; nothing here knows about views or
//! downloads. The choices a reader of a `.bib` file would otherwise have to guess:
//!
//! - **Keys** are `family + year + title word`, e.g. `luo2025autellix`: the first author's family
//!   name (the last word of the name, skipping a `Jr.`/`III`-style suffix), ASCII-folded to
//!   lowercase letters (`Müller` → `muller`); the year; the first title word that is not a stop
//!   word, folded to letters and digits (`EXP-Bench` → `expbench`). A family name with no ASCII
//!   letters (a CJK-only name) is replaced by the first word of the publication id; a title of
//!   only stop words gives its first word, a title with no ASCII letters the id's first word.
//! - **Collisions** are settled over the whole dataset, never over the list being exported, so a
//!   paper has the same key on every page. Every publication sharing a base key gets a suffix
//!   `a`, `b`, `c`… in id order, and none keeps the bare key: when a colliding paper is added
//!   later, old `\cite`s then fail loudly instead of silently pointing at a different paper.
//!   A suffixed key that would equal another publication's key is skipped.
//! - **Entry types**: conference and workshop → `@inproceedings` (`booktitle` = the citation's
//!   booktitle, else the venue's full name); journal → `@article` (`journal` likewise); preprint
//!   → `@misc`, as arXiv's own export does, with `eprint` + `archiveprefix = {arXiv}` when the id
//!   is known (the primary class is not stored, so none is written) and otherwise `howpublished`;
//!   thesis → `@phdthesis` when its note or title says PhD or doctoral, `@mastersthesis` when it
//!   says master's, else `@misc` with `howpublished = {Thesis, <school>}`; blog → `@misc` with
//!   `howpublished = {Blog post, <blog name>}`.
//! - **Fields**, always in this order: author, title, booktitle, journal, howpublished, school,
//!   year, month (an unquoted macro, `apr`), volume, number, pages, publisher, address (the
//!   location), doi, eprint, archiveprefix, url, note. `note` carries the honours (`Best Paper
//!   Award`), never the dataset's editorial `note`. Authors are joined with ` and `, written
//!   "First Last" as stored, with `and others` when the list is incomplete.
//! - **url** points at the work itself: its PDF link, else its first arXiv, blog, homepage or
//!   other http(s) link, else the arXiv abstract page. DOI, code and video links are not the
//!   work (the DOI has its own field), so a paper known only by its DOI gets no `url`.
//! - **Case**: only the title is case-protected, word by word, the way DBLP does it: a word with
//!   an uppercase letter after its first letter or digit (`{SkyPilot:}`, `{LLM}`, `{1.5B}`) is
//!   braced, so sentence-casing styles keep it; other words stay free to be recased.
//! - **Escaping**: `& % $ # _` get a backslash; `{ } ~ ^ \ < > |` become `{\textbraceleft}`,
//!   `{\textasciitilde}`, `{\textbackslash}`… — braced commands rather than `\{` because BibTeX
//!   counts every brace, escaped or not, so a lone `\{` would make the whole file unreadable,
//!   and braced because BibTeX then treats them as one special character when it changes case.
//!   Latin-1 and Latin Extended-A letters become accent commands (`{\'e}`, `{\"u}`, `{\c{c}}`,
//!   `{\o}`, `{\ss}`, `{\'{\i}}`); `–` → `--`, `—` → `---`, curly quotes → ``` `` ``` / `''`.
//!   Everything else (CJK, Greek) stays UTF-8, which LaTeX reads by default since 2018. Runs of
//!   whitespace become one space. `doi` and `eprint` are written verbatim; `url` too, with
//!   `{`, `}` and `\` percent-encoded.
//! - **CSV** is RFC 4180 with CRLF line ends and a header row; see [`csv()`].
//!
//! One file per job: `keys.rs` (keys and collisions), `bibtex.rs` (entry types, fields and the
//! url rule), `csv.rs` (the table), `latex.rs` (escaping and case protection) and `latin.rs` (the
//! Latin-letter tables both the escaping and the keys use).

mod bibtex;
mod csv;
mod keys;
mod latex;
mod latin;

pub use bibtex::{bibtex_entry, bibtex_file};
pub use csv::csv;
pub(crate) use csv::push_csv_row;
pub use keys::bibtex_keys;
