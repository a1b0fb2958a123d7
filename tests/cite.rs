//! Citation export, natively: every bundled publication's BibTeX read back by the `biblatex`
//! crate, keys, and the CSV read back by a small RFC 4180 reader. Hostile data is in
//! `cite_hostile.rs`; the readers and strategies both use are in `common/`.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{HashMap, HashSet};

use biblatex::{Entry, Person};
use research_atlas::model::{
    Dataset, Link, LinkKind, Publication, PublicationId, PublicationType, cite,
};

mod common;
use common::*;

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
