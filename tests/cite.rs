//! Citation export, natively: every bundled publication's BibTeX read back by the `biblatex`
//! crate, keys, and the CSV read back by a small RFC 4180 reader; then hostile data (arbitrary
//! text in every field) through the BibTeX, CSV and shortlist exports, read back by biblatex, by
//! counting braces as BibTeX does, and by the CSV reader.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{HashMap, HashSet};

use biblatex::{Bibliography, ChunksExt, Entry, Person};
use proptest::prelude::*;
use research_atlas::model::invisible::export_text;
use research_atlas::model::{
    self, Author, Dataset, Directory, Link, LinkKind, Publication, PublicationId, PublicationType,
    Researcher, cite,
};
use research_atlas::search::CompiledDirectory;
use research_atlas::search::compiled::role_line;
use research_atlas::search::shortlist::{self, Row};

const BUNDLED: &str = include_str!("../data/researchers.json");
const MAX_YEAR: u16 = 2027;

fn bundled() -> Dataset {
    let dir = model::load(BUNDLED, MAX_YEAR).expect("the bundled dataset loads");
    assert!(dir.is_clean(), "problems: {:#?}", dir.problems);
    dir.dataset
}

/// A conference paper with only the required fields; tests fill in the rest.
fn publication(id: &str, title: &str, authors: &[&str], year: u16) -> Publication {
    let authors = authors.iter().map(|name| Author::new(*name)).collect();
    Publication::new(id, title, authors, PublicationType::Conference, year)
}

fn dataset_with(publications: Vec<Publication>) -> Dataset {
    let mut d = bundled();
    d.publications = publications;
    d
}

fn parse(bib: &str) -> Bibliography {
    Bibliography::parse(bib).unwrap_or_else(|e| panic!("biblatex rejects the file: {e}\n{bib}"))
}

/// A field as biblatex decodes it (LaTeX commands resolved, braces dropped).
fn decoded(entry: &Entry, field: &str) -> Option<String> {
    entry.get(field).map(|chunks| chunks.format_verbatim())
}

/// What the stored text reads as once written to BibTeX and decoded again.
///
/// Curly quotes are written as TeX's ``` `` ``` and `''` ligatures, which LaTeX typesets as curly
/// quotes; biblatex does not decode ligatures, so those come back as the ASCII pairs.
fn as_decoded(stored: &str) -> String {
    stored
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('“', "``")
        .replace('”', "''")
        .replace('‘', "`")
        .replace('’', "'")
}

fn full_name(p: &Person) -> String {
    [&p.given_name, &p.prefix, &p.name, &p.suffix]
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks that `entry` says what `p` says; shared by the bundled and the synthetic data.
fn assert_round_trip(d: &Dataset, p: &Publication, entry: &Entry) {
    let id = &p.id;
    assert_eq!(
        decoded(entry, "title"),
        Some(as_decoded(&p.title)),
        "{id}: title"
    );

    let people: Vec<Person> = entry.get_as("author").expect("an author field");
    let mut want: Vec<String> = p.authors.iter().map(|a| as_decoded(&a.name)).collect();
    if p.authors_incomplete {
        want.push("others".into());
    }
    let got: Vec<String> = people.iter().map(full_name).collect();
    assert_eq!(got, want, "{id}: authors");

    assert_eq!(
        decoded(entry, "year"),
        Some(p.year.to_string()),
        "{id}: year"
    );
    assert_eq!(decoded(entry, "doi"), p.doi.clone(), "{id}: doi");
    assert_eq!(decoded(entry, "eprint"), p.arxiv.clone(), "{id}: eprint");
    let prefix = p.arxiv.as_ref().map(|_| "arXiv".to_owned());
    assert_eq!(
        decoded(entry, "archiveprefix"),
        prefix,
        "{id}: archiveprefix"
    );
    assert_eq!(decoded(entry, "pages"), p.pages.clone(), "{id}: pages");
    assert_eq!(decoded(entry, "volume"), p.volume.clone(), "{id}: volume");
    assert_eq!(decoded(entry, "number"), p.number.clone(), "{id}: number");
    assert_eq!(
        decoded(entry, "publisher"),
        p.publisher.clone(),
        "{id}: publisher"
    );
    assert_eq!(
        decoded(entry, "address"),
        p.location.clone(),
        "{id}: address"
    );
    let honours = Some(p.honours.join("; ")).filter(|h| !h.is_empty());
    assert_eq!(decoded(entry, "note"), honours, "{id}: note (honours)");

    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let month = p.month.map(|m| MONTHS[usize::from(m) - 1].to_owned());
    assert_eq!(decoded(entry, "month"), month, "{id}: month");

    let venue = p.venue.as_ref().and_then(|v| d.venue(v));
    let container = p
        .booktitle
        .clone()
        .or(venue.map(|v| v.name.clone()))
        .map(|c| as_decoded(&c));
    let container_field = match p.kind {
        PublicationType::Conference | PublicationType::Workshop => "booktitle",
        PublicationType::Journal => "journal",
        _ => "",
    };
    for field in ["booktitle", "journal"] {
        let want = container.clone().filter(|_| field == container_field);
        assert_eq!(decoded(entry, field), want, "{id}: {field}");
    }
}

/// The entry type each publication type is documented to map to.
fn expected_type(p: &Publication) -> &'static str {
    match p.kind {
        PublicationType::Conference | PublicationType::Workshop => "inproceedings",
        PublicationType::Journal => "article",
        PublicationType::Preprint | PublicationType::Blog => "misc",
        // The one bundled thesis's note says "PhD thesis".
        PublicationType::Thesis => "phdthesis",
    }
}

#[test]
fn every_bundled_publication_round_trips_through_biblatex() {
    let d = bundled();
    let keys = cite::bibtex_keys(&d);
    let all: Vec<&Publication> = d.publications.iter().collect();
    let bib = parse(&cite::bibtex_file(&d, &all, &keys));
    assert_eq!(bib.len(), d.publications.len());
    for p in &d.publications {
        let key = &keys[&p.id];
        let entry = bib.get(key).unwrap_or_else(|| panic!("{key} is missing"));
        assert_eq!(entry.entry_type.to_string(), expected_type(p), "{}", p.id);
        assert_round_trip(&d, p, entry);
    }
}

#[test]
fn the_file_keeps_the_given_order_and_separates_entries_by_blank_lines() {
    let d = bundled();
    let keys = cite::bibtex_keys(&d);
    let some: Vec<&Publication> = d.publications.iter().rev().step_by(7).collect();
    let file = cite::bibtex_file(&d, &some, &keys);
    let entries: Vec<&str> = file.split("\n\n").collect();
    assert_eq!(entries.len(), some.len());
    for (text, p) in entries.iter().zip(&some) {
        assert!(text.contains(&format!("{{{},\n", keys[&p.id])), "{text}");
        assert!(
            text.starts_with('@') && text.trim_end().ends_with('}'),
            "{text}"
        );
    }
    assert!(file.ends_with("}\n") && !file.ends_with("\n\n"));
}

#[test]
fn fields_come_in_the_documented_order() {
    const ORDER: [&str; 18] = [
        "author",
        "title",
        "booktitle",
        "journal",
        "howpublished",
        "school",
        "year",
        "month",
        "volume",
        "number",
        "pages",
        "publisher",
        "address",
        "doi",
        "eprint",
        "archiveprefix",
        "url",
        "note",
    ];
    let d = bundled();
    for p in &d.publications {
        let entry = cite::bibtex_entry(&d, p, "k");
        let names: Vec<&str> = entry
            .lines()
            .skip(1)
            .filter_map(|l| l.strip_prefix("  ")?.split(" = ").next())
            .collect();
        let positions: Vec<usize> = names
            .iter()
            .map(|n| ORDER.iter().position(|o| o == n).expect("a known field"))
            .collect();
        assert!(positions.is_sorted(), "{}: {names:?}", p.id);
        assert!(
            entry
                .lines()
                .skip(1)
                .all(|l| l == "}" || l.ends_with("},") || l.ends_with(","))
        );
    }
}

#[test]
fn a_known_entry_is_written_exactly() {
    let d = bundled();
    let p = d.publication("starburst-atc-2024").unwrap();
    let got = cite::bibtex_entry(&d, p, "luo2024starburst");
    assert_eq!(
        got,
        "\
@inproceedings{luo2024starburst,
  author = {Michael Luo and Siyuan Zhuang and Suryaprakash Vengadesan and Romil Bhardwaj and Justin Chang and Eric Friedman and Scott Shenker and Ion Stoica},
  title = {Starburst: A {Cost-Aware} Scheduler for Hybrid Cloud},
  booktitle = {2024 USENIX Annual Technical Conference (USENIX ATC 24)},
  year = {2024},
  month = jul,
  pages = {37--57},
  publisher = {USENIX Association},
  address = {Santa Clara, CA},
  note = {Best Paper Award},
}
"
    );
}

#[test]
fn entry_types_follow_the_publication_type() {
    let d = bundled();
    let mut p = publication("x", "X", &["A B"], 2020);
    let cases = [
        (PublicationType::Conference, None, "inproceedings"),
        (PublicationType::Workshop, None, "inproceedings"),
        (PublicationType::Journal, None, "article"),
        (PublicationType::Preprint, None, "misc"),
        (PublicationType::Blog, None, "misc"),
        (
            PublicationType::Thesis,
            Some("PhD thesis, EECS"),
            "phdthesis",
        ),
        (
            PublicationType::Thesis,
            Some("A doctoral dissertation"),
            "phdthesis",
        ),
        (
            PublicationType::Thesis,
            Some("Master's thesis"),
            "mastersthesis",
        ),
        (PublicationType::Thesis, Some("Mastering the craft"), "misc"),
        (PublicationType::Thesis, None, "misc"),
    ];
    for (kind, note, want) in cases {
        p.kind = kind;
        p.note = note.map(str::to_owned);
        let entry = cite::bibtex_entry(&d, &p, "k");
        assert!(
            entry.starts_with(&format!("@{want}{{k,\n")),
            "{kind:?} {note:?}: {entry}"
        );
    }
}

#[test]
fn blogs_theses_and_preprints_say_how_they_were_published() {
    let d = bundled();
    let keys = cite::bibtex_keys(&d);
    let entry = |id: &str| {
        let p = d.publication(id).unwrap();
        let bib = parse(&cite::bibtex_entry(&d, p, &keys[&p.id]));
        bib.into_iter().next().unwrap()
    };

    let blog = entry("deepscaler-blog-2025");
    assert_eq!(
        decoded(&blog, "howpublished").as_deref(),
        Some("Blog post, Notion Blog")
    );
    assert!(
        decoded(&blog, "url")
            .unwrap()
            .starts_with("https://pretty-radio-b75.notion.site/")
    );

    let thesis = entry("extensible-thesis-2024");
    let school = decoded(&thesis, "school");
    assert_eq!(
        school.as_deref(),
        Some("University of California, Berkeley")
    );
    assert_eq!(
        decoded(&thesis, "note"),
        None,
        "the editorial note is not exported"
    );

    // A preprint known by its arXiv id: eprint, and the abstract page as its url.
    let arxiv = entry("autellix-arxiv-2025");
    assert_eq!(decoded(&arxiv, "eprint").as_deref(), Some("2502.13965"));
    let url = decoded(&arxiv, "url");
    assert_eq!(url.as_deref(), Some("https://arxiv.org/abs/2502.13965"));
    assert_eq!(decoded(&arxiv, "howpublished"), None);

    // Known only by its DOI: the doi field, no url; a link to the work itself wins over arXiv.
    let doi = entry("recovery-rl-ral-2021");
    assert_eq!(
        decoded(&doi, "doi").as_deref(),
        Some("10.1109/LRA.2021.3070252")
    );
    assert_eq!(decoded(&doi, "url"), None);
    let openreview = entry("non-monotonic-iclr-2021");
    let url = decoded(&openreview, "url");
    assert_eq!(
        url.as_deref(),
        Some("https://openreview.net/forum?id=jP1vTH3inC")
    );
}

#[test]
fn a_url_prefers_the_pdf_and_skips_code() {
    let d = bundled();
    let mut p = publication("x", "X", &["A B"], 2020);
    p.arxiv = Some("2001.00001".into());
    let link = |kind, url: &str| Link {
        kind,
        url: url.into(),
        label: None,
    };
    p.links = vec![
        link(LinkKind::Code, "https://github.com/x/x"),
        link(LinkKind::Doi, "https://doi.org/10.1/x"),
        link(LinkKind::Other, "https://example.org/{x}"),
        link(LinkKind::Pdf, "https://example.org/x.pdf"),
    ];
    let url = |p: &Publication| {
        let bib = parse(&cite::bibtex_entry(&d, p, "k"));
        decoded(bib.get("k").unwrap(), "url")
    };
    assert_eq!(url(&p).as_deref(), Some("https://example.org/x.pdf"));
    p.links.pop();
    // Braces would be read as structure, so they are percent-encoded.
    assert_eq!(url(&p).as_deref(), Some("https://example.org/%7Bx%7D"));
    p.links.pop();
    assert_eq!(url(&p).as_deref(), Some("https://arxiv.org/abs/2001.00001"));
}

const SPECIAL_TITLE: &str = r"Müller & Søren's 100% {braced} _under_ #1 $x^2$ ~ \back";

fn special_publication() -> Publication {
    let mut p = publication(
        "specials-2024",
        SPECIAL_TITLE,
        &[
            "Zoë Ñúñez-Çelik",
            "Łukasz Wałęsa",
            "Søren Kierkegaard",
            "José María García",
            "Jürgen van der Müller",
            "栾思飞",
            "Acme, Inc.",
            "Research and Development",
        ],
        2024,
    );
    p.authors_incomplete = true;
    p.booktitle = Some("Proc. of R&D_Conf #3 {x} – “Å” ~50%".into());
    p.pages = Some("1–10".into());
    p.volume = Some("4^2".into());
    p.publisher = Some("Éditions <A|B> \\ Co".into());
    p.location = Some("Århus, Danmark".into());
    p.doi = Some("10.1000/a_b%c#d".into());
    p.honours = vec!["Best Paper & Award".into(), "Oral".into()];
    p
}

#[test]
fn specials_and_accents_round_trip_exactly() {
    let p = special_publication();
    let d = dataset_with(vec![p.clone()]);
    let keys = cite::bibtex_keys(&d);
    let text = cite::bibtex_file(&d, &[&p], &keys);
    let bib = parse(&text);
    let entry = bib.get(&keys[&p.id]).unwrap();
    assert_round_trip(&d, &p, entry);
    assert_eq!(decoded(entry, "title").as_deref(), Some(SPECIAL_TITLE));

    // The escapes real BibTeX needs: braces balanced however the text's own braces fall.
    let mut depth = 0i32;
    for c in text.chars() {
        depth += match c {
            '{' => 1,
            '}' => -1,
            _ => 0,
        };
        assert!(depth >= 0, "a brace closes too early:\n{text}");
    }
    assert_eq!(depth, 0, "unbalanced braces:\n{text}");
    assert!(
        text.contains(concat!(
            r#"title = {M{\"u}ller \& S{\o}ren's 100\% "#,
            r"{\textbraceleft}braced{\textbraceright} \_under\_ \#1 ",
            r"\$x{\textasciicircum}2\$ {\textasciitilde} {\textbackslash}back},",
        )),
        "{text}"
    );
    assert!(
        text.contains(
            r#"author = {Zo{\"e} {\~N}{\'u}{\~n}ez-{\c{C}}elik and {\L}ukasz Wa{\l}{\k{e}}sa and "#
        ),
        "{text}"
    );
    assert!(
        text.contains("栾思飞 and {Acme, Inc.} and {Research and Development} and others},"),
        "{text}"
    );
}

#[test]
fn every_latin_letter_round_trips() {
    let letters: String = ('\u{C0}'..='\u{17F}')
        .filter(|c| c.is_alphabetic())
        .collect();
    let mut p = publication("latin", &format!("Latin {letters} letters"), &["A B"], 2020);
    p.authors[0].name = format!("Ann {letters}");
    let d = dataset_with(vec![p.clone()]);
    let bib = parse(&cite::bibtex_entry(&d, &p, "k"));
    assert_round_trip(&d, &p, bib.get("k").unwrap());
}

#[test]
fn titles_protect_inner_capitals_only() {
    let d = bundled();
    let find = |id: &str| d.publication(id).unwrap();
    let cases = [
        (
            "skypilot-nsdi-2023",
            "{SkyPilot:} An Intercloud Broker for Sky Computing",
        ),
        (
            "ai-in-se-ieee-software-2021",
            "{AI} in Software Engineering at Facebook",
        ),
        ("ml-energy-neurips-2025", "The {ML.ENERGY} Benchmark"),
        (
            "neurocard-pvldb-2020",
            "{NeuroCard:} one cardinality estimator for all tables",
        ),
    ];
    for (id, title) in cases {
        let entry = cite::bibtex_entry(&d, find(id), "k");
        assert!(
            entry.contains(&format!("  title = {{{title}}},\n")),
            "{entry}"
        );
    }
}

fn is_readable_key(key: &str) -> bool {
    // ^[a-z]+\d{4}[a-z0-9]+$
    let letters = key
        .find(|c: char| !c.is_ascii_lowercase())
        .unwrap_or(key.len());
    let rest = &key[letters..];
    letters > 0
        && rest.len() > 4
        && rest[..4].bytes().all(|b| b.is_ascii_digit())
        && rest[4..]
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

#[test]
fn bundled_keys_are_unique_readable_and_stable() {
    let d = bundled();
    let keys = cite::bibtex_keys(&d);
    assert_eq!(keys.len(), d.publications.len());
    let distinct: HashSet<&String> = keys.values().collect();
    assert_eq!(distinct.len(), keys.len(), "duplicate keys: {keys:?}");
    for key in keys.values() {
        assert!(is_readable_key(key), "{key}");
    }
    assert_eq!(cite::bibtex_keys(&d), keys);

    let known = [
        ("autellix-arxiv-2025", "luo2025autellix"),
        ("skypilot-nsdi-2023", "yang2023skypilot"),
        ("tenplex-sosp-2024", "mai2024tenplex"),
        ("exp-bench-iclr-2026", "kon2026expbench"),
        ("ml-energy-neurips-2025", "liu2025mlenergy"),
        ("hle-nature-2026", "liu2026humanitys"),
        ("ai-in-se-ieee-software-2021", "bader2021ai"),
        ("gradient-bias-neurips-2022", "mai2022theoretical"),
        (
            "exoshuffle-cloudsort-arxiv-2023",
            "luan2023exoshufflecloudsort",
        ),
        ("exoshuffle-sigcomm-2023", "luan2023exoshuffle"),
    ];
    for (id, key) in known {
        assert_eq!(keys[&PublicationId::from(id)], key, "{id}");
    }
}

#[test]
fn colliding_keys_all_get_suffixes_in_id_order() {
    let same = |id: &str| publication(id, "Scaling Laws", &["Ada Lovelace"], 2024);
    let d = dataset_with(vec![
        same("c-paper"),
        same("a-paper"),
        // Its bare key is what the first suffix would give, so the suffixes skip it.
        publication("other", "The Scalinga", &["A. Lovelace"], 2024),
        same("b-paper"),
        publication("alone", "Scaling Laws", &["Ada Lovelace"], 2023),
        publication("cjk-name", "The 圖", &["栾思飞"], 2022),
        publication("stop-2021", "On the Of", &["Ng"], 2021),
        publication("zzz-work", "的", &["Ng"], 2021),
    ]);
    let keys = cite::bibtex_keys(&d);
    let key = |id: &str| keys[&PublicationId::from(id)].as_str();
    assert_eq!(key("a-paper"), "lovelace2024scalingb");
    assert_eq!(key("b-paper"), "lovelace2024scalingc");
    assert_eq!(key("c-paper"), "lovelace2024scalingd");
    assert_eq!(key("other"), "lovelace2024scalinga");
    assert_eq!(key("alone"), "lovelace2023scaling");
    // No ASCII letters in the name or title: the id's first word; only stop words: the first.
    assert_eq!(key("cjk-name"), "cjk2022the");
    assert_eq!(key("stop-2021"), "ng2021on");
    assert_eq!(key("zzz-work"), "ng2021zzz");

    // The same keys whatever order the dataset lists them in.
    let mut reversed = d.clone();
    reversed.publications.reverse();
    assert_eq!(cite::bibtex_keys(&reversed), keys);
}

/// Splits RFC 4180 text into records of fields: quotes, doubled quotes, CRLF record ends.
fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "a bare CR ends a record");
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, '\n') => panic!("a bare LF ends a record"),
            (false, c) => field.push(c),
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "the last record lacks CRLF"
    );
    records
}

#[test]
fn csv_has_a_header_and_one_row_per_publication() {
    let d = bundled();
    let keys = cite::bibtex_keys(&d);
    let all: Vec<&Publication> = d.publications.iter().collect();
    let rows = read_csv(&cite::csv(&d, &all, &keys));
    assert_eq!(
        rows[0],
        [
            "key",
            "title",
            "authors",
            "year",
            "type",
            "venue",
            "venue_name",
            "booktitle",
            "doi",
            "arxiv",
            "honours",
            "url"
        ]
    );
    assert_eq!(rows.len(), d.publications.len() + 1);
    assert!(rows.iter().all(|r| r.len() == 12));

    let by_key: HashMap<&str, &Vec<String>> =
        rows[1..].iter().map(|r| (r[0].as_str(), r)).collect();
    assert_eq!(
        by_key["yang2023skypilot"][..],
        [
            "yang2023skypilot",
            "SkyPilot: An Intercloud Broker for Sky Computing",
            "Zongheng Yang; Zhanghao Wu; Michael Luo; Wei-Lin Chiang; Romil Bhardwaj; Woosuk Kwon; \
             Siyuan Zhuang; Frank Sifei Luan; Gautam Mittal; Scott Shenker; Ion Stoica",
            "2023",
            "Conference",
            "NSDI",
            "USENIX Symposium on Networked Systems Design and Implementation",
            "20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)",
            "",
            "",
            "",
            "",
        ]
    );
    let hle = by_key["liu2026humanitys"];
    assert_eq!(hle[2], "Jiachen Liu; et al.");
    let starburst = by_key["luo2024starburst"];
    assert_eq!(starburst[10], "Best Paper Award");
}

#[test]
fn csv_quotes_what_needs_it_and_defuses_formulas() {
    let mut tricky = publication(
        "tricky",
        "Commas, \"quotes\"\nand a newline",
        &["=HYPERLINK(\"http://x\")", "Bo"],
        2024,
    );
    tricky.booktitle = Some("-1+1".into());
    tricky.doi = Some("@SUM(A1)".into());
    tricky.honours = vec!["\tTabbed".into(), "+Plus".into()];
    let d = dataset_with(vec![tricky.clone()]);
    let keys = cite::bibtex_keys(&d);
    let text = cite::csv(&d, &[&tricky], &keys);
    assert!(
        text.contains("\"Commas, \"\"quotes\"\"\nand a newline\""),
        "{text}"
    );
    let rows = read_csv(&text);
    let row = &rows[1];
    assert_eq!(row[1], "Commas, \"quotes\"\nand a newline");
    assert_eq!(row[2], "'=HYPERLINK(\"http://x\"); Bo");
    assert_eq!(row[7], "'-1+1");
    assert_eq!(row[8], "'@SUM(A1)");
    assert_eq!(row[10], "'\tTabbed; +Plus");
}

// Hostile data. Every string field of a publication (and of the venue and school it names) and
// of a researcher is filled with arbitrary text, biased towards what breaks exports: braces,
// backslashes, TeX specials, dashes and quotes that form ligatures, white space, control and
// invisible characters, right-to-left text and spreadsheet formula starts. Each export must then
// read back as exactly the documented fields with the documented values.

/// Characters that exports must handle with care, then any character at all.
fn hostile_char() -> impl Strategy<Value = char> {
    const HOSTILE: &[char] = &[
        '{',
        '}',
        '\\',
        '%',
        '&',
        '$',
        '#',
        '_',
        '^',
        '~',
        '<',
        '>',
        '|',
        '"',
        '\'',
        '`',
        '-',
        '–',
        '—',
        '“',
        '”',
        '‘',
        '’',
        ',',
        '=',
        '+',
        '@',
        '?',
        '!',
        ' ',
        ' ',
        '\t',
        '\n',
        '\r',
        '\u{A0}',
        '\u{202E}',
        '\u{202D}',
        '\u{200B}',
        '\u{200F}',
        '\u{2066}',
        '\u{2069}',
        '\u{FEFF}',
        '\u{E0041}',
        '\u{0}',
        '\u{1B}',
        '\u{7F}',
        '\u{85}',
        'é',
        'ß',
        'Ł',
        'ı',
        'Ü',
        '栾',
        'א',
        'ا',
        'a',
        'A',
        'n',
        'd',
        'o',
        'z',
        'Z',
        '0',
        '9',
        '.',
        ';',
        '(',
        ')',
        '/',
        ':',
        '[',
        ']',
    ];
    prop_oneof![
        4 => proptest::sample::select(HOSTILE),
        1 => any::<char>(),
    ]
}

/// Arbitrary text, sometimes one of the payloads that were found to break an export.
fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => proptest::collection::vec(hostile_char(), 0..20)
            .prop_map(|cs| cs.into_iter().collect::<String>()),
        1 => proptest::sample::select(vec![
            "10.1000/x},url=\"javascript:alert(1)\",injected=pwned",
            "x}, injected = {pwned",
            "\\}\\{ \\",
            "gnp\u{202E}.exe",
            "=HYPERLINK(\"http://x\",\"y\")",
            "and",
            "others",
            "Acme, Inc.",
            "a -- b --- c ---- d",
            "``quoted'' ?` !` ,,",
        ])
        .prop_map(str::to_owned),
    ]
}

fn opt_text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(hostile_text())
}

/// A URL-ish value: often a real scheme with hostile text after it.
fn hostile_url() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(vec!["https://", "http://", "", "javascript:"]),
        hostile_text(),
    )
        .prop_map(|(scheme, rest)| format!("{scheme}{rest}"))
}

/// A publication with hostile text in every string field, and the hostile names of its venue and
/// school, in a dataset of its own.
fn hostile_publication() -> impl Strategy<Value = (Dataset, Publication)> {
    let kinds = proptest::sample::select(PublicationType::ALL.to_vec());
    let link_kinds = proptest::sample::select(vec![
        LinkKind::Pdf,
        LinkKind::Arxiv,
        LinkKind::Blog,
        LinkKind::Homepage,
        LinkKind::Other,
        LinkKind::Code,
        LinkKind::Doi,
    ]);
    let links = proptest::collection::vec((link_kinds, hostile_url()), 0..3);
    let texts = (
        hostile_text(),
        proptest::collection::vec(hostile_text(), 0..4),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        proptest::collection::vec(hostile_text(), 0..3),
        opt_text(),
    );
    let rest = (
        kinds,
        any::<bool>(),
        1950u16..2030,
        proptest::option::of(1u8..=12),
        links,
        (hostile_text(), hostile_text(), hostile_text()),
        (any::<bool>(), any::<bool>()),
    );
    (texts, rest).prop_map(|(texts, rest)| {
        let (
            title,
            names,
            booktitle,
            volume,
            number,
            pages,
            publisher,
            location,
            doi,
            arxiv,
            honours,
            note,
        ) = texts;
        let (
            kind,
            incomplete,
            year,
            month,
            links,
            (venue_short, venue_name, school),
            (with_venue, with_school),
        ) = rest;
        let mut d = bundled();
        let mut p = publication("hostile", &title, &[], year);
        p.authors = names.into_iter().map(Author::new).collect();
        p.authors_incomplete = incomplete;
        p.kind = kind;
        p.month = month;
        (p.booktitle, p.volume, p.number, p.pages) = (booktitle, volume, number, pages);
        (p.publisher, p.location, p.doi, p.arxiv) = (publisher, location, doi, arxiv);
        p.honours = honours;
        p.note = note;
        p.links = (links.into_iter())
            .map(|(kind, url)| Link {
                kind,
                url,
                label: None,
            })
            .collect();
        d.venues[0].short_name = venue_short;
        d.venues[0].name = venue_name;
        d.organizations[0].name = school;
        p.venue = with_venue.then(|| d.venues[0].id.clone());
        p.school = with_school.then(|| d.organizations[0].id.clone());
        d.publications = vec![p.clone()];
        (d, p)
    })
}

/// What every export does to text: invisible and control characters out.
fn exported(s: &str) -> String {
    export_text(s).into_owned()
}

/// A text field's documented value: exported, runs of white space made one space.
fn text_value(s: &str) -> String {
    exported(s).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How biblatex decodes a text field the writer wrote from `s`: its documented value, with the
/// curly quotes read back as the TeX ligatures they are written as (see [`as_decoded`]).
fn text_decoded(s: &str) -> String {
    as_decoded(&text_value(s))
}

/// A verbatim field's documented value (`doi`, `eprint`, `url`): exported, then every character
/// outside RFC 3986's unreserved and reserved sets and `%` percent-encoded as UTF-8.
fn uri_value(s: &str) -> String {
    let mut out = String::new();
    for c in exported(s).chars() {
        if c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// biblatex reads `--` and `---` as dashes even in verbatim fields (BibTeX and LaTeX's `\url`
/// do not); the file holds the hyphens, as the brace-counting reader checks.
fn biblatex_dashes(s: &str) -> String {
    s.replace("---", "—").replace("--", "–")
}

/// One entry read the way BibTeX reads it: `@type{key,` then `name = {value}` or `name = token`
/// fields, where every `{` opens and every `}` closes a group whether or not a backslash comes
/// first. Returns the type, the key and the fields with their raw values, or why it cannot.
fn read_entry(text: &str) -> Result<RawEntry, String> {
    let mut chars = text.chars().peekable();
    let skip_ws = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
    };
    if chars.next() != Some('@') {
        return Err("no @".into());
    }
    let kind: String = std::iter::from_fn(|| chars.next_if(|c| c.is_ascii_alphabetic())).collect();
    if chars.next() != Some('{') {
        return Err("no { after the type".into());
    }
    let key: String = std::iter::from_fn(|| chars.next_if(|&c| c != ',' && c != '}')).collect();
    if chars.next() != Some(',') {
        return Err(format!("the key {key:?} does not end in a comma"));
    }
    let mut fields = Vec::new();
    loop {
        skip_ws(&mut chars);
        if chars.next_if_eq(&'}').is_some() {
            break;
        }
        let name: String =
            std::iter::from_fn(|| chars.next_if(|c| c.is_ascii_alphanumeric() || *c == '_'))
                .collect();
        skip_ws(&mut chars);
        if name.is_empty() || chars.next() != Some('=') {
            return Err(format!(
                "a field name is not followed by = (after {fields:?})"
            ));
        }
        skip_ws(&mut chars);
        let mut value = String::new();
        if chars.next_if_eq(&'{').is_some() {
            let mut depth = 1;
            loop {
                let c = chars.next().ok_or("the file ends inside a value")?;
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                if depth == 0 {
                    break;
                }
                value.push(c);
            }
        } else {
            value = std::iter::from_fn(|| chars.next_if(|c| c.is_ascii_alphanumeric())).collect();
        }
        fields.push((name, value));
        skip_ws(&mut chars);
        if chars.next_if_eq(&',').is_some() {
            continue;
        }
        if chars.next_if_eq(&'}').is_some() {
            break;
        }
        return Err(format!(
            "a value is followed by neither , nor }} ({fields:?})"
        ));
    }
    let rest: String = chars.collect();
    if !rest.trim().is_empty() {
        return Err(format!("text after the entry: {rest:?}"));
    }
    Ok(RawEntry { kind, key, fields })
}

/// One entry as [`read_entry`] reads it.
struct RawEntry {
    /// The entry type, e.g. `inproceedings`.
    kind: String,
    /// The citation key.
    key: String,
    /// Each field's name and raw value (between its braces, or the bare token).
    fields: Vec<(String, String)>,
}

/// A raw author field split where BibTeX splits it: at a word `and` outside braces.
fn split_names(raw: &str) -> Vec<String> {
    let mut names = vec![String::new()];
    let mut depth = 0;
    for word in raw.split(' ') {
        if depth == 0 && word.eq_ignore_ascii_case("and") {
            names.push(String::new());
            continue;
        }
        let name = names.last_mut().unwrap();
        if !name.is_empty() {
            name.push(' ');
        }
        name.push_str(word);
        depth += word.matches('{').count() as i32 - word.matches('}').count() as i32;
    }
    names
}

/// Raw field content as biblatex decodes it.
fn decode_raw(raw: &str) -> String {
    let bib = parse(&format!("@misc{{k, f = {{{raw}}}}}"));
    decoded(bib.get("k").unwrap(), "f").unwrap_or_default()
}

/// What the writer is documented to write for `p`, given the entry type it chose: each field
/// name with its raw value (verbatim fields and numbers) or its decoded value (text).
fn expected_fields(d: &Dataset, p: &Publication, entry_type: &str) -> Vec<(&'static str, String)> {
    let container = p.booktitle.clone().or(p
        .venue
        .as_ref()
        .and_then(|v| d.venue(v))
        .map(|v| v.name.clone()));
    let school = p
        .school
        .as_ref()
        .and_then(|s| d.organization(s))
        .map(|o| o.name.clone());
    let misc = entry_type == "misc";
    let howpublished = match p.kind {
        PublicationType::Blog if misc => Some(match &container {
            Some(c) => format!("Blog post, {c}"),
            None => "Blog post".into(),
        }),
        PublicationType::Thesis if misc => Some(match &school {
            Some(s) => format!("Thesis, {s}"),
            None => "Thesis".into(),
        }),
        _ if misc && p.arxiv.is_none() => container.clone(),
        _ => None,
    };
    let text = |s: Option<&String>| s.map(|s| text_decoded(s)).filter(|s| !s.is_empty());
    let verbatim = |s: Option<&String>| s.map(|s| uri_value(s)).filter(|s| !s.is_empty());
    let work = p
        .links
        .iter()
        .find(|l| l.kind == LinkKind::Pdf && is_web(&l.url))
        .or_else(|| {
            p.links.iter().find(|l| {
                matches!(
                    l.kind,
                    LinkKind::Arxiv | LinkKind::Blog | LinkKind::Homepage | LinkKind::Other
                ) && is_web(&l.url)
            })
        })
        .map(|l| l.url.clone())
        .or_else(|| {
            p.arxiv
                .as_ref()
                .map(|a| format!("https://arxiv.org/abs/{a}"))
        });
    let names: Vec<String> = p
        .authors
        .iter()
        .map(|a| text_decoded(&a.name))
        .filter(|n| !n.is_empty())
        .collect();
    let eprint = verbatim(p.arxiv.as_ref());
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let thesis = matches!(entry_type, "phdthesis" | "mastersthesis");
    let honours = p.honours.join("; ");
    [
        ("author", (!names.is_empty()).then(|| names.join(NAME_SEP))),
        ("title", Some(text_decoded(&p.title))),
        (
            "booktitle",
            text(container.as_ref()).filter(|_| entry_type == "inproceedings"),
        ),
        (
            "journal",
            text(container.as_ref()).filter(|_| entry_type == "article"),
        ),
        ("howpublished", text(howpublished.as_ref())),
        ("school", text(school.as_ref()).filter(|_| thesis)),
        ("year", Some(p.year.to_string())),
        (
            "month",
            p.month.map(|m| MONTHS[usize::from(m) - 1].to_owned()),
        ),
        ("volume", text(p.volume.as_ref())),
        ("number", text(p.number.as_ref())),
        ("pages", text(p.pages.as_ref())),
        ("publisher", text(p.publisher.as_ref())),
        ("address", text(p.location.as_ref())),
        ("doi", verbatim(p.doi.as_ref())),
        ("eprint", eprint.clone()),
        ("archiveprefix", eprint.map(|_| "arXiv".to_owned())),
        ("url", verbatim(work.as_ref())),
        ("note", text(Some(&honours))),
    ]
    .into_iter()
    .filter_map(|(name, v)| v.map(|v| (name, v)))
    .collect()
}

fn is_web(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://")
}

/// Joins the expected author names into one value: a NUL, which no exported text holds.
const NAME_SEP: &str = "\u{0}";

const VERBATIM: [&str; 6] = ["doi", "eprint", "url", "year", "month", "archiveprefix"];

/// Checks one written entry against `p`, by brace counting and with biblatex.
fn check_entry(d: &Dataset, p: &Publication, key: &str, text: &str) -> Result<(), TestCaseError> {
    let RawEntry {
        kind: entry_type,
        key: read_key,
        fields,
    } = read_entry(text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(&read_key, key);
    let want_type = match p.kind {
        PublicationType::Conference | PublicationType::Workshop => vec!["inproceedings"],
        PublicationType::Journal => vec!["article"],
        PublicationType::Preprint | PublicationType::Blog => vec!["misc"],
        PublicationType::Thesis => vec!["phdthesis", "mastersthesis", "misc"],
    };
    prop_assert!(
        want_type.contains(&entry_type.as_str()),
        "{entry_type}\n{text}"
    );
    let want = expected_fields(d, p, &entry_type);

    // Brace counting: exactly the expected fields, in order; verbatim values exact, text values
    // decoded; the author list split where BibTeX splits it.
    let names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
    let want_names: Vec<&str> = want.iter().map(|(n, _)| *n).collect();
    prop_assert_eq!(&names, &want_names, "\n{}", text);
    for ((name, raw), (_, value)) in fields.iter().zip(&want) {
        let got = if name == "author" {
            // A bare `others` is BibTeX's "et al.": only the writer's own, at the end.
            let raw_names = split_names(raw);
            let marks = raw_names.iter().filter(|n| n.as_str() == "others").count();
            prop_assert_eq!(marks, usize::from(p.authors_incomplete), "\n{}", text);
            let mut names: Vec<String> = raw_names.iter().map(|n| decode_raw(n)).collect();
            if p.authors_incomplete {
                let last = names.pop();
                prop_assert_eq!(last.as_deref(), Some("others"), "\n{}", text);
            }
            names.join(NAME_SEP)
        } else if VERBATIM.contains(&name.as_str()) {
            raw.clone()
        } else {
            decode_raw(raw)
        };
        prop_assert_eq!(&got, value, "{}\n{}", name, text);
    }

    // biblatex: one entry with the same fields and values.
    let bib = Bibliography::parse(text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(bib.len(), 1);
    let entry = bib
        .get(key)
        .ok_or_else(|| TestCaseError::fail(format!("no {key}\n{text}")))?;
    let mut got_names: Vec<String> = entry.fields.keys().cloned().collect();
    got_names.sort();
    let mut want_sorted: Vec<String> = want_names.iter().map(|n| n.to_string()).collect();
    want_sorted.sort();
    prop_assert_eq!(got_names, want_sorted, "\n{}", text);
    for (name, value) in &want {
        match *name {
            "author" => {
                let people: Vec<Person> = entry
                    .get_as("author")
                    .map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
                let n = value.split(NAME_SEP).count() + usize::from(p.authors_incomplete);
                prop_assert_eq!(people.len(), n, "\n{}", text);
            }
            "month" => {}
            "doi" | "eprint" | "url" => {
                prop_assert_eq!(
                    decoded(entry, name),
                    Some(biblatex_dashes(value)),
                    "{}\n{}",
                    name,
                    text
                );
            }
            _ => prop_assert_eq!(
                decoded(entry, name),
                Some(value.clone()),
                "{}\n{}",
                name,
                text
            ),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_field_of_a_hostile_publication_reads_back_as_one_field((d, p) in hostile_publication()) {
        let keys = cite::bibtex_keys(&d);
        let key = &keys[&p.id];
        prop_assert!(key.len() <= cite::MAX_KEY && key.bytes().all(|b| b.is_ascii_alphanumeric()), "{key}");
        check_entry(&d, &p, key, &cite::bibtex_entry(&d, &p, key))?;
        // The file writer (Export BibTeX) and the shortlist's writer are the same entries.
        prop_assert_eq!(cite::bibtex_file(&d, &[&p], &keys), cite::bibtex_entry(&d, &p, key));
    }

    #[test]
    fn every_cell_of_a_hostile_publication_reads_back_from_the_csv((d, p) in hostile_publication()) {
        let keys = cite::bibtex_keys(&d);
        let rows = read_csv(&cite::csv(&d, &[&p], &keys));
        prop_assert_eq!(rows.len(), 2);
        let venue = p.venue.as_ref().and_then(|v| d.venue(v));
        let mut authors: Vec<&str> = p.authors.iter().map(|a| a.name.as_str()).collect();
        if p.authors_incomplete {
            authors.push("et al.");
        }
        let want = [
            keys[&p.id].clone(),
            p.title.clone(),
            authors.join("; "),
            p.year.to_string(),
            p.kind.label().to_owned(),
            venue.map(|v| v.short_name.clone()).unwrap_or_default(),
            venue.map(|v| v.name.clone()).unwrap_or_default(),
            p.booktitle.clone().unwrap_or_default(),
            p.doi.clone().unwrap_or_default(),
            p.arxiv.clone().unwrap_or_default(),
            p.honours.join("; "),
            work_url_of(&p),
        ]
        .map(|cell| csv_cell(&cell));
        prop_assert_eq!(&rows[1][..], &want[..]);
    }

    #[test]
    fn every_field_of_a_hostile_researcher_reads_back_from_the_shortlist_exports(
        name in hostile_text(),
        title in opt_text(),
        location in opt_text(),
        org in hostile_text(),
        topic in hostile_text(),
        homepage in hostile_url(),
        email in hostile_text(),
        profile in hostile_text(),
    ) {
        let mut d = bundled();
        let r: &mut Researcher = &mut d.researchers[0];
        r.name = name.clone();
        r.title = title.clone();
        r.location = location.clone();
        r.links = vec![
            Link { kind: LinkKind::Homepage, url: homepage.clone(), label: None },
            Link { kind: LinkKind::Email, url: format!("mailto:{email}"), label: None },
        ];
        let org_id = r.organization.clone().expect("the first researcher has an organization");
        let topic_id = r.topics[0].clone();
        let o = d.organizations.iter_mut().find(|o| o.id == org_id).unwrap();
        o.name = org.clone();
        o.short_name = None;
        d.topics.iter_mut().find(|t| t.id == topic_id).unwrap().name = topic.clone();
        let role = role_line(&d, &d.researchers[0]);
        let r = d.researchers[0].clone();
        let topics: Vec<String> = (r.topics.iter())
            .map(|t| d.topic(t).unwrap().name.clone())
            .collect();
        let dir = Directory { dataset: d, problems: Vec::new(), skipped: Vec::new() };
        let c = CompiledDirectory::compile(&dir);
        let row = Row::new(&c.cards[0], &c.index.stats(0), &c.topics, profile.clone());

        let rows = read_csv(&shortlist::csv(std::slice::from_ref(&row)));
        prop_assert_eq!(rows.len(), 2);
        prop_assert_eq!(rows[1].len(), 12);
        let year = |y: Option<u16>| y.map(|y| y.to_string()).unwrap_or_default();
        let want = [
            r.id.0.clone(),
            name.clone(),
            role.clone().unwrap_or_default(),
            r.career_stage.key().to_owned(),
            location.clone().unwrap_or_default(),
            topics.join("; "),
            row.publications.to_string(),
            year(row.first_year),
            year(row.last_year),
            homepage.clone(),
            email.clone(),
            profile.clone(),
        ]
        .map(|cell| csv_cell(&cell));
        prop_assert_eq!(&rows[1][..], &want[..]);

        let json: serde_json::Value = serde_json::from_str(&shortlist::json(&[row])).unwrap();
        let person = &json[0];
        prop_assert_eq!(&person["name"], &serde_json::json!(exported(&name)));
        prop_assert_eq!(&person["homepage"], &serde_json::json!(exported(&homepage)));
        prop_assert_eq!(&person["email"], &serde_json::json!(exported(&email)));
        prop_assert_eq!(&person["profile"], &serde_json::json!(exported(&profile)));
        let topics: Vec<String> = topics.iter().map(|t| exported(t)).collect();
        prop_assert_eq!(&person["topics"], &serde_json::json!(topics));
        match &role {
            Some(role) => prop_assert_eq!(&person["role"], &serde_json::json!(exported(role))),
            None => prop_assert!(person.get("role").is_none()),
        }
        match &location {
            Some(l) => prop_assert_eq!(&person["location"], &serde_json::json!(exported(l))),
            None => prop_assert!(person.get("location").is_none()),
        }
    }
}

/// The work's own link as the CSV writes it, before the CSV rules (the BibTeX url rule).
fn work_url_of(p: &Publication) -> String {
    let web = |kinds: &[LinkKind]| {
        p.links
            .iter()
            .find(|l| kinds.contains(&l.kind) && is_web(&l.url))
    };
    web(&[LinkKind::Pdf])
        .or_else(|| {
            web(&[
                LinkKind::Arxiv,
                LinkKind::Blog,
                LinkKind::Homepage,
                LinkKind::Other,
            ])
        })
        .map(|l| l.url.clone())
        .or_else(|| {
            p.arxiv
                .as_ref()
                .map(|a| format!("https://arxiv.org/abs/{a}"))
        })
        .unwrap_or_default()
}

/// A cell's documented value: exported, then guarded with `'` when it starts a formula.
fn csv_cell(value: &str) -> String {
    let cell = exported(value);
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell
    }
}

/// The attacker's DOI from issue 20, in a paper that also has a url and a note.
const INJECTED_DOI: &str = "10.1000/x},url=\"javascript:alert(1)\",injected=pwned";

#[test]
fn a_doi_cannot_close_its_field_and_add_others() {
    let mut p = publication("doi-injection", "Title", &["Ann Smith"], 2024);
    p.doi = Some(INJECTED_DOI.into());
    p.links = vec![Link {
        kind: LinkKind::Pdf,
        url: "https://example.org/paper.pdf".into(),
        label: None,
    }];
    p.honours = vec!["Best Paper Award".into()];
    let d = dataset_with(vec![p.clone()]);
    let entry = cite::bibtex_entry(&d, &p, "k");
    assert!(
        entry.contains("  doi = {10.1000/x%7D,url=%22javascript:alert(1)%22,injected=pwned},\n"),
        "{entry}"
    );
    let fields = read_entry(&entry).unwrap().fields;
    let names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["author", "title", "year", "doi", "url", "note"]);
    let bib = parse(&entry);
    let e = bib.get("k").unwrap();
    assert_eq!(
        decoded(e, "url").as_deref(),
        Some("https://example.org/paper.pdf")
    );
    assert_eq!(decoded(e, "note").as_deref(), Some("Best Paper Award"));
    assert!(e.get("injected").is_none());
    // The same writer makes the file export and the shortlist's file.
    let keys = cite::bibtex_keys(&d);
    let file = cite::bibtex_file(&d, &[&p], &keys);
    assert_eq!(read_entry(&file).unwrap().fields.len(), 6);
}

#[test]
fn braces_in_text_are_written_as_characters_never_as_structure() {
    let cases = [
        (
            "x}, injected = {pwned",
            "x{\\textbraceright}, injected = {\\textbraceleft}pwned",
        ),
        (
            "}}}",
            "{\\textbraceright}{\\textbraceright}{\\textbraceright}",
        ),
        ("\\}", "{\\textbackslash}{\\textbraceright}"),
        ("{BERT}", "{\\textbraceleft}BERT{\\textbraceright}"),
    ];
    for (title, written) in cases {
        let mut p = publication("braces", "T", &["Ann Smith"], 2024);
        p.publisher = Some(title.into());
        let d = dataset_with(vec![p.clone()]);
        let entry = cite::bibtex_entry(&d, &p, "k");
        assert!(
            entry.contains(&format!("  publisher = {{{written}}},\n")),
            "{entry}"
        );
        let fields = read_entry(&entry).unwrap().fields;
        assert_eq!(fields.len(), 4, "{entry}");
        let bib = parse(&entry);
        assert_eq!(
            decoded(bib.get("k").unwrap(), "publisher").as_deref(),
            Some(title)
        );
    }
}

#[test]
fn ligatures_are_kept_apart_so_hyphens_and_quotes_read_as_typed() {
    let cases = [
        ("1--10", "1-{}-10", "1--10"),
        ("1–10", "1--10", "1–10"),
        ("a–-b", "a--{}-b", "a–-b"),
        ("''x``", "'{}'x`{}`", "''x``"),
        ("?`", "?{}`", "?`"),
    ];
    for (pages, written, read) in cases {
        let mut p = publication("dash", "T", &["Ann Smith"], 2024);
        p.pages = Some(pages.into());
        let d = dataset_with(vec![p.clone()]);
        let entry = cite::bibtex_entry(&d, &p, "k");
        assert!(
            entry.contains(&format!("  pages = {{{written}}},\n")),
            "{entry}"
        );
        let bib = parse(&entry);
        assert_eq!(
            decoded(bib.get("k").unwrap(), "pages").as_deref(),
            Some(read)
        );
    }
}

#[test]
fn invisible_characters_are_left_out_of_every_export() {
    let mut p = publication(
        "rlo",
        "gnp\u{202E}.exe",
        &["Ann\u{200B} Smith\u{2066}"],
        2024,
    );
    p.doi = Some("10.1000/a\u{202E}b".into());
    p.honours = vec!["\u{FEFF}=1+1".into()];
    let d = dataset_with(vec![p.clone()]);
    let keys = cite::bibtex_keys(&d);
    let entry = cite::bibtex_entry(&d, &p, &keys[&p.id]);
    assert!(entry.contains("  author = {Ann Smith},\n"), "{entry}");
    assert!(entry.contains("  title = {gnp.exe},\n"), "{entry}");
    assert!(entry.contains("  doi = {10.1000/ab},\n"), "{entry}");
    let csv = cite::csv(&d, &[&p], &keys);
    let row = &read_csv(&csv)[1];
    assert_eq!(row[1], "gnp.exe");
    assert_eq!(row[2], "Ann Smith");
    // The formula guard looks at the cell as written, once the invisible character is gone.
    assert_eq!(row[10], "'=1+1");
    for text in [&entry, &csv] {
        assert!(!text.chars().any(model::invisible::is_invisible), "{text}");
    }
}

#[test]
fn keys_stay_within_forty_characters_unique_and_stable() {
    let long = "Q".repeat(2_000);
    let d = dataset_with(vec![
        publication("long-a", "Scaling Laws", &[&format!("Ann {long}")], 2024),
        publication("long-b", "Scaling Laws", &[&format!("Bo {long}x")], 2024),
        publication(
            "long-c",
            &"Antidisestablishmentarianism".repeat(3),
            &["Zoë Ñúñez-Çelik-Ødegård-Łukasiewicz"],
            2024,
        ),
        publication("short", "Scaling Laws", &["Ann Smith"], 2024),
    ]);
    let keys = cite::bibtex_keys(&d);
    let key = |id: &str| keys[&PublicationId::from(id)].as_str();
    // The family names agree on their first 20 letters: one base key, suffixed in id order.
    assert_eq!(key("long-a"), "qqqqqqqqqqqqqqqqqqqq2024scalinga");
    assert_eq!(key("long-b"), "qqqqqqqqqqqqqqqqqqqq2024scalingb");
    assert_eq!(key("long-c"), "nunezcelikodegardluk2024antidisestablish");
    assert_eq!(key("short"), "smith2024scaling");
    for k in keys.values() {
        assert!(k.chars().count() <= cite::MAX_KEY, "{k}");
    }
    assert_eq!(cite::bibtex_keys(&d), keys);

    // Keys that collide only once cut to 40: the suffix replaces the last characters.
    let title = |t: &str| {
        publication(
            t,
            &format!("{}{t}", "Word".repeat(12)),
            &["Ann Smith"],
            2024,
        )
    };
    let d = dataset_with(vec![title("x"), title("y"), title("z")]);
    let keys = cite::bibtex_keys(&d);
    let mut all: Vec<&String> = keys.values().collect();
    all.sort();
    assert_eq!(
        all,
        [
            "smith2024wordwordwordwordwordwordwordwoa",
            "smith2024wordwordwordwordwordwordwordwob",
            "smith2024wordwordwordwordwordwordwordwoc",
        ]
    );
}

#[test]
fn an_author_called_others_or_holding_and_stays_one_author() {
    let mut p = publication(
        "names",
        "T",
        &["others", "Rock and Roll", "\u{200B} ", "Ann Smith"],
        2024,
    );
    p.authors_incomplete = true;
    let d = dataset_with(vec![p.clone()]);
    let entry = cite::bibtex_entry(&d, &p, "k");
    // The blank name is left out; "others" is braced, so only the last is BibTeX's "et al.".
    assert!(
        entry.contains("  author = {{others} and {Rock and Roll} and Ann Smith and others},\n"),
        "{entry}"
    );
    let bib = parse(&entry);
    let people: Vec<Person> = bib.get("k").unwrap().get_as("author").unwrap();
    assert_eq!(people.len(), 4);
}
