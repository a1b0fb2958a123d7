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
//!   A key is at most 40 characters: the family name is cut to 20, then the whole to 40.
//! - **Collisions** are settled over the whole dataset, never over the list being exported, so a
//!   paper has the same key on every page. Every publication sharing a base key gets a suffix
//!   `a`, `b`, `c`… in id order, and none keeps the bare key: when a colliding paper is added
//!   later, old `\cite`s then fail loudly instead of silently pointing at a different paper.
//!   The suffix replaces the last characters of a 40-character key, and a suffixed key that
//!   would equal another publication's key is skipped. A key handed to the writer keeps only
//!   letters, digits and `- _ : . + /`, so it cannot end the entry's first line early.
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
//! - **Every field reads back as written in the data, and as one field.** BibTeX counts every
//!   brace, escaped or not (`\{` opens a group like `{`), so a brace that the data holds must
//!   never reach the file as a brace of its own, or it could close the field early and let the
//!   rest of the value be read as new fields (`10.1000/x},url={javascript:…`). What each field
//!   becomes, which the tests check by reading the file back both with the `biblatex` crate and
//!   by counting braces as BibTeX does:
//!   - *Every field*: invisible characters (bidi overrides, zero-width characters; see
//!     [`invisible`](crate::model::invisible)) and control characters other than white space are
//!     left out, as in every export.
//!   - *Text fields* (author, title, booktitle, journal, howpublished, school, volume, number,
//!     pages, publisher, address, note): runs of white space become one space. `& % $ # _` get a
//!     backslash; `{ } ~ ^ \ < > |` become `{\textbraceleft}`, `{\textbraceright}`,
//!     `{\textasciitilde}`, `{\textbackslash}`… — braced commands, so the only braces in the
//!     field are the writer's own and always balanced, and BibTeX treats each as one special
//!     character when it changes case. No brace of the data passes through as structure, balanced
//!     or not: `{BERT}` in a title reads back as `{BERT}`, braces included. Latin-1 and Latin
//!     Extended-A letters become accent commands (`{\'e}`, `{\"u}`, `{\c{c}}`, `{\o}`, `{\ss}`,
//!     `{\'{\i}}`); `–` → `--`, `—` → `---`, curly quotes → ``` `` ``` / `''`. Where two
//!     characters would join into a LaTeX ligature (`-` `-`, `` ` `` `` ` ``, `'` `'`, `?` `` ` ``,
//!     `!` `` ` ``, `,` `,`), an empty group `{}` keeps them apart, so `1--2` in the data reads as
//!     two hyphens and `–-` as a dash and a hyphen. Everything else (CJK, Greek) stays UTF-8,
//!     which LaTeX reads by default since 2018.
//!   - *Authors*: a name with nothing left to print is left out (and with no names left, the
//!     field); a name with a comma or the word `and`, or the name `others`, is braced so that it
//!     stays one name.
//!   - *`doi`, `eprint` and `url`* are written as URIs: every character outside RFC 3986's
//!     unreserved and reserved sets and `%` — braces, backslash, white space, quotes, non-ASCII
//!     letters — is percent-encoded as UTF-8 (`{` → `%7B`, `é` → `%C3%A9`). A value the
//!     validator accepts (a Crossref-shaped DOI, an arXiv id, an http(s) URL) is written
//!     unchanged.
//!   - *year* is digits and *month* a macro, written from numbers.
//!
//!   The Cite box shows exactly this writer's output, so what a reader copies is what a file
//!   export holds.
//! - **CSV** is RFC 4180 with CRLF line ends and a header row; see [`csv()`].
//!
//! One file per job: `keys.rs` (keys and collisions), `bibtex.rs` (entry types, fields and the
//! url rule), `csv.rs` (the table), `export.rs` (a list's file, from entries of several loads), `latex.rs` (escaping and case protection) and `latin.rs` (the
//! Latin-letter tables both the escaping and the keys use).

mod bibtex;
mod csv;
mod export;
mod keys;
mod latex;
mod latin;

pub use bibtex::{bibtex_entry, bibtex_file};
pub use csv::csv;
pub(crate) use csv::{Cell, push_csv_cells, push_csv_row};
pub use export::{ExportEntry, ExportFormat, export_file};
pub use keys::{MAX_KEY, bibtex_keys};
