//! Hostile data through the exports, natively: arbitrary text in every field of a publication
//! and of a researcher, through the BibTeX, CSV and shortlist exports, read back by biblatex, by
//! counting braces as BibTeX does, and by the CSV reader.
#![cfg(not(target_arch = "wasm32"))]

use biblatex::{Bibliography, Person};
use proptest::prelude::*;
use research_atlas::model::invisible::export_text;
use research_atlas::model::{
    self, Dataset, Link, LinkKind, LoadedDataset, Publication, PublicationId, PublicationType,
    Researcher, cite,
};
use research_atlas::search::CardIndex;
use research_atlas::search::cards::role_line;
use research_atlas::search::shortlist::{self, Row};

mod common;
use common::hostile::*;
use common::raw_bibtex::*;
use common::*;

// Hostile data. Every string field of a publication (and of the venue and school it names) and
// of a researcher is filled with arbitrary text, biased towards what breaks exports: braces,
// backslashes, TeX specials, dashes and quotes that form ligatures, white space, control and
// invisible characters, right-to-left text and spreadsheet formula starts. Each export must then
// read back as exactly the documented fields with the documented values.

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
            p.kind.label(&research_atlas::lang::EN).to_owned(),
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
        let dir = LoadedDataset { dataset: d, problems: Vec::new(), skipped: Vec::new() };
        let c = CardIndex::compile(&dir);
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
            row.publications.map(|n| n.to_string()).unwrap_or_default(),
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
