//! The reader and the judge on the oddities of real homepage `.bib` files, one invented fixture
//! each (`import/tests/fixtures/reader/`): what is read, what is a problem and on which line,
//! and what each entry is judged to be.

use std::path::Path;

use research_atlas::model::{Dataset, ResearcherId};

use super::super::entry::{Read, read};
use super::super::import_entries;
use super::super::paper::{Reject, judge, unused};
use crate::authoring::validate;

fn source(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/reader")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every entry, problem and repeated key of a file, one line each: an entry as its line, key
/// and judgement (type, year-month, title, authors and every other value the paper has).
pub fn describe(read: &Read) -> Vec<String> {
    let mut lines = Vec::new();
    for e in &read.entries {
        let head = format!("{} {}", e.line, e.key);
        lines.push(match judge(e) {
            Err(Reject::Skip(why)) => format!("{head}: skipped: {why}"),
            Err(Reject::Bad(why)) => format!("{head}: bad: {why}"),
            Ok(p) => {
                let mut text = format!(
                    "{head}: {} {}{} {:?} by {}{}",
                    p.kind.key(),
                    p.year,
                    p.month.map(|m| format!("-{m:02}")).unwrap_or_default(),
                    p.title,
                    p.authors.join("; "),
                    if p.authors_incomplete { " et al." } else { "" }
                );
                let more = |text: &mut String, label: &str, value: Option<String>| {
                    if let Some(v) = value {
                        text.push_str(&format!("; {label} {v}"));
                    }
                };
                more(&mut text, "in", p.booktitle.clone());
                more(
                    &mut text,
                    "abbr",
                    p.venue.as_ref().and_then(|v| v.abbr.clone()),
                );
                more(&mut text, "pages", p.imprint.pages.clone());
                more(&mut text, "doi", p.doi.clone());
                more(&mut text, "arXiv", p.arxiv.clone());
                if p.on_arxiv {
                    text.push_str("; on arXiv");
                }
                more(&mut text, "url", p.url.clone());
                for l in &p.links {
                    more(
                        &mut text,
                        "link",
                        Some(format!(
                            "{:?}{} {}",
                            l.kind,
                            l.label
                                .as_ref()
                                .map(|l| format!(" {l:?}"))
                                .unwrap_or_default(),
                            l.url
                        )),
                    );
                }
                more(&mut text, "honour", p.honours.first().cloned());
                for n in &p.notes {
                    more(&mut text, "note", Some(n.clone()));
                }
                text
            }
        });
    }
    lines.extend(read.problems.iter().map(|p| format!("problem: {p}")));
    lines.extend(read.repeats.iter().map(|r| format!("repeat: {r}")));
    lines
}

/// Each fixture with everything read from it, in order: entries (line, key, judgement), then
/// problems, then repeated keys.
const CASES: &[(&str, &[&str])] = &[
    (
        "front_matter.bib",
        &[
            "8 lee2024front: conference 2024 \"Front Matter Is Not an Entry\" by Ann Lee; Bo Chen; in Proceedings of the Example Conference",
            "17 chen2025front: journal 2025 \"Prose Between Entries Is Ignored\" by Bo Chen; Ann Lee; in Journal of Examples",
        ],
    ),
    (
        "repeated_keys.bib",
        &[
            "9 lee2024repeat: conference 2024 \"The same paper twice\" by Ann Lee; Bo Chen; in Proceedings of the Example Conference; pages 1–10",
            "17 lee2024other: preprint 2024 \"One Key\" by Ann Lee",
            "23 lee2024other-2: preprint 2024 \"Two Different Papers\" by Ann Lee",
            "repeat: key lee2024repeat on line 3 and line 9: the same paper, read once",
            "repeat: key lee2024other on line 17 and line 23: two different papers; the one on line 23 is read as lee2024other-2",
        ],
    ),
    (
        "unparsable_field.bib",
        &[
            "1 lee2023before: conference 2023 \"Before the Broken Entry\" by Ann Lee; in Proceedings of the Example Conference",
            "21 lee2023after: journal 2023 \"After the Broken Entries\" by Ann Lee; in Journal of Examples; note field abstract (line 25) could not be read (a $ or a brace is not closed); left out",
            "problem: line 10 (entry lee2023broken): expected comma",
            "problem: line 15 (entry lee2023unclosed): the entry is not closed: a } is missing before line 21",
        ],
    ),
    (
        "no_authors.bib",
        &[
            "1 anonymous2024: bad: no author",
            "6 lee2024authors: preprint 2024 \"A Report With Authors\" by Ann Lee",
        ],
    ),
    (
        "years.bib",
        &[
            "1 lee2023preprint: preprint 2023 \"A Preprint Dated by Its arXiv Id\" by Ann Lee; arXiv 2301.00012; on arXiv; note year \"Preprint\" is not a year; 2023 from the arXiv id 2301.00012",
            "9 lee2024appear: bad: year \"to appear\" is not a year",
            "16 lee2024press: bad: year \"in press\" is not a year",
            "22 lee2025forthcoming: conference 2025 \"Forthcoming, With a Year in the Text\" by Ann Lee; in Proceedings of the Example Conference; note year \"forthcoming 2025\" read as 2025",
            "29 lee2024empty: preprint 2024 \"An Empty Year\" by Ann Lee; arXiv 2402.00007v3; on arXiv; note no year; 2024 from the arXiv id 2402.00007v3",
            "36 lee2024unbraced: preprint 2024 \"An Unbraced Preprint Year\" by Ann Lee; arXiv 2403.00008; on arXiv; note @string Preprint is not defined before this entry; read as the text \"Preprint\"; note year \"Preprint\" is not a year; 2024 from the arXiv id 2403.00008",
        ],
    ),
    (
        "arxiv_ids.bib",
        &[
            "1 lee2023url: preprint 2023 \"An arXiv Id in the URL\" by Ann Lee; arXiv 2301.00012v2; on arXiv",
            "8 lee2023eprint: preprint 2023 \"An arXiv Id With Its Prefix\" by Ann Lee; arXiv 2302.00014; on arXiv",
            "15 lee2023field: journal 2023 \"An arXiv Id in the Theme's Field\" by Ann Lee; in Journal of Examples; arXiv 2303.00015",
            "23 lee2023journal: preprint 2023 \"An arXiv Id in the Journal\" by Ann Lee; arXiv 2304.00016; on arXiv",
            "30 lee2023old: preprint 2007 \"An Old-Style Id\" by Ann Lee; note arXiv id \"cs/0701001\" is not a new-style id (YYMM.NNNNN); left out",
        ],
    ),
    (
        "macros.bib",
        &[
            "6 lee2024macro: conference 2024-06 \"A Booktitle From a Macro\" by Ann Lee; in Proceedings of the Example Conference (ECX 2024)",
            "14 lee2024case: journal 2024 \"Macro Names in Another Case\" by Ann Lee; in Journal of Examples",
            "21 lee2024undefined: journal 2024 \"An Undefined Macro\" by Ann Lee; in tbd; note @string tbd is not defined before this entry; read as the text \"tbd\"",
            "35 lee2024late: preprint 2024 \"Defined Late\" by Ann Lee",
            "problem: line 30 (entry lee2024broken): expected comma",
        ],
    ),
    (
        "et_al.bib",
        &[
            "1 others1: preprint 2024 \"Others\" by Ann Lee; Bo Chen et al.",
            "2 others2: preprint 2024 \"Others Capitalized\" by Ann Lee; Bo Chen et al.",
            "3 others3: preprint 2024 \"Others Braced\" by Ann Lee; Bo Chen et al.",
            "4 others4: preprint 2024 \"Et Al\" by Ann Lee; Bo Chen et al.",
            "5 others5: preprint 2024 \"And Et Al\" by Ann Lee; Bo Chen et al.",
            "6 complete: preprint 2024 \"Everyone\" by Ann Lee; Bo Chen",
        ],
    ),
    (
        "author_lists.bib",
        &[
            "2 bold1: preprint 2024 \"Bold Owner\" by Ann Lee; Bo Chen",
            "3 bold2: preprint 2024 \"Underlined Owner\" by Ann Lee; Bo Chen",
            "4 bold3: preprint 2024 \"Old Bold Owner\" by Ann Lee; Bo Chen",
            "5 bold4: preprint 2024 \"HTML Owner\" by Ann Lee; Bo Chen",
            // Marks stay for the name matcher, which reads them as equal contribution.
            "6 marks: preprint 2024 \"Equal Contributions\" by Ann Lee^*; Bo Chen^†; Cy Dee*",
            "7 commas: preprint 2024 \"A List With Commas\" by Ann Lee; Bo Chen; Cy Dee; \
             note the authors are a list with commas (A, B, and C); read one name between each",
            // A stray comma before "and" in a "Last, First" list is no comma list.
            "8 stray: preprint 2024 \"A Stray Comma Before And\" by Ann Lee*; Bo Chen*; Cy Dee",
            "9 wrapped: preprint 2024 \"A List in Double Braces\" by Ann Lee; Bo Chen; Cy Dee; \
             note the author list is wrapped in double braces, as one name; read as its 3 names",
            // Two one-word names in double braces: a company, one name.
            "10 company: preprint 2024 \"A Company in Double Braces\" by Lee and Chen",
        ],
    ),
    (
        "dois.bib",
        &[
            "2 lee2014acm: conference 2014 \"The Old ACM Resolver\" by Ann Lee; in Proceedings of the Example Conference; doi 10.1145/1111111.2222222",
            "4 lee2015dx: journal 2015 \"The Old Resolver\" by Ann Lee; in Journal of Examples; doi 10.1109/EX.2015.12",
            "6 lee2017page: conference 2017 \"A Proceedings Page in the DOI Field\" by Ann Lee; in Proceedings of the Example Conference; \
             url https://proceedings.example.org/paper/2017/hash/0a1b2c-Abstract.html; \
             note doi \"https://proceedings.example.org/paper/2017/hash/0a1b2c-Abstract.html\" is not a DOI; kept as a link",
            "8 lee2018eprint: journal 2018 \"A DOI in the Eprint Field\" by Ann Lee; in Journal of Examples; doi 10.1080/12345678.2018.1234567; \
             note eprint \"https://doi.org/10.1080/12345678.2018.1234567\" is a DOI, not an arXiv id; read as the DOI",
            "10 lee2020abs: conference 2020 \"A Publisher Page With abs\" by Ann Lee; in Proceedings of the Example Conference; \
             doi 10.1145/3333333.4444444; url https://dl.acm.org/doi/abs/10.1145/3333333.4444444",
        ],
    ),
    (
        "placeholders.bib",
        &[
            // Not accepted anywhere yet: a preprint, no venue.
            "2 lee2025review: preprint 2025 \"Under Review\" by Ann Lee; \
             note journal \"Under review\": not yet published; read as a preprint with no venue",
            "3 lee2025manuscript: preprint 2025 \"A Manuscript\" by Ann Lee; \
             note journal \"Manuscript under review\": not yet published; read as a preprint with no venue",
            "4 lee2025at: preprint 2025 \"Under Review Somewhere\" by Ann Lee; \
             note journal \"Journal of Examples. Manuscript under review\": not yet published (\"Manuscript under review\"); read as a preprint with no venue",
            "6 lee2025prep: preprint 2025 \"In Preparation\" by Ann Lee; \
             note journal \"Manuscript in preparation\": not yet published; read as a preprint with no venue",
            "7 lee2024working: preprint 2024 \"A Working Paper\" by Ann Lee; \
             note journal \"Working Paper\": not yet published; read as a preprint with no venue",
            // Accepted: the venue it names.
            "8 lee2025press: journal 2025 \"In Press\" by Ann Lee; in Example Science; \
             note journal \"In press at Example Science\": in press; the venue is \"Example Science\"",
            "9 lee2025appear: journal 2025 \"To Appear\" by Ann Lee; in Journal of Examples; \
             note journal \"Journal of Examples (to appear)\": to appear; the venue is \"Journal of Examples\"",
            "10 lee2024award: workshop 2024 \"An Award in the Booktitle\" by Ann Lee; in Example Workshop on Things (EWT); \
             honour Best paper award; \
             note booktitle: \"[Best paper award]\" is no part of the venue's name; read as an honour",
            // A known conference's short name as an article's journal.
            "12 lee2023cvpr: conference 2023 \"A Conference as a Journal\" by Ann Lee; in CVPR; \
             note journal \"CVPR\" names the conference CVPR; read as a conference paper",
        ],
    ),
    (
        "months.bib",
        &[
            "1 m1: preprint 2024-06 \"Abbreviated\" by Ann Lee",
            "2 m2: preprint 2024-06 \"Number\" by Ann Lee",
            "3 m3: preprint 2024 \"Empty\" by Ann Lee",
            "4 m4: preprint 2024-06 \"Days and a Month\" by Ann Lee",
            "5 m5: preprint 2024-06 \"Full Name\" by Ann Lee",
            "6 m6: preprint 2024-06 \"Zero Padded\" by Ann Lee",
            "7 m7: preprint 2024 \"Not a Month\" by Ann Lee; note month \"Summer\" is not a month; left out",
        ],
    ),
    (
        "pages.bib",
        &[
            "1 p1: journal 2024 \"Two Hyphens\" by Ann Lee; in Journal of Examples; pages 10–20",
            "2 p2: journal 2024 \"En Dash\" by Ann Lee; in Journal of Examples; pages 10–20",
            "3 p3: journal 2024 \"Em Dash\" by Ann Lee; in Journal of Examples; pages 10–20",
            "4 p4: journal 2024 \"One Hyphen\" by Ann Lee; in Journal of Examples; pages 10–20",
            "5 p5: journal 2024 \"Article Number\" by Ann Lee; in Journal of Examples; pages e1001",
        ],
    ),
    (
        "web_markup.bib",
        &[
            "1 lee2024html: conference 2024 \"Bold and Italic Queries & Their Costs\" by Ann Lee; Bo Chen; in Proceedings of the Example Conference & Exhibition",
            "8 lee2024markdown: conference 2024 \"Markdown in a Title: the Code and bold words\" by Ann Lee; Bo Chen; in Proceedings of the Example Conference",
            "15 lee2024math: journal 2024 \"α-Fair Sorting in O(n log n) Time for 10⁶ Keys\" by Ann Lee; in Journal of Examples",
        ],
    ),
    (
        "crlf.bib",
        &[
            "1 lee2024crlf: conference 2024 \"Windows Line Ends\" by Ann Lee; Bo Chen; in Proceedings of the Example Conference",
            "problem: line 14 (entry lee2024crlf2): expected comma",
        ],
    ),
    (
        "entry_types.bib",
        &[
            "1 t1: conference 2024 \"Upper Case\" by Ann Lee; in Proceedings of the Example Conference",
            "2 t2: journal 2024 \"Mixed Case\" by Ann Lee; in Journal of Examples",
            "3 t3: conference 2024 \"Conference Means Inproceedings\" by Ann Lee; in Proceedings of the Example Conference",
            "4 t4: blog 2024 \"A Blog Post\" by Ann Lee; url https://example.org/blog/post",
            "5 t5: preprint 2024 \"An Online Preprint\" by Ann Lee; arXiv 2405.00009; on arXiv",
            "6 t6: preprint 2024 \"A Preprint Entry\" by Ann Lee; arXiv 2406.00010; on arXiv",
            "7 t7: skipped: @patent: the directory has no publication type for it",
            "8 t8: skipped: @manual: the directory has no publication type for it",
            "9 t9: skipped: @book: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
            "10 t10: skipped: @incollection: books and book chapters are not a publication type of the directory; add it by hand if it belongs",
            "11 t11: skipped: @booklet: the directory has no publication type for it",
            "12 t12: thesis 2024 \"A Thesis\" by Ann Lee",
        ],
    ),
    (
        "al_folio.bib",
        &[
            "4 lee2024folio: conference 2024 \"A Paper on a Theme's Page\" by Ann Lee; Bo Chen; in Proceedings of the Example Conference; abbr ECX; doi 10.1000/folio.2024; \
             link Code https://github.com/example/folio; link Other \"Website\" https://example.org/folio; \
             link Other \"Slides\" https://example.org/folio/slides.pdf; link Video https://video.example.org/watch?v=folio; \
             link Blog https://example.org/blog/folio; link Other \"Supplementary material\" https://example.org/folio/supp.zip; \
             honour Best Paper Award; \
             note field abstract (line 24) could not be read (a $ or a brace is not closed); left out; \
             note pdf \"lee2024folio.pdf\" is not an http, https or mailto URL; left out; \
             note poster \"poster_folio.pdf\" is not an http, https or mailto URL; left out",
            "28 lee2023folio: preprint 2023 \"A Preprint on a Theme's Page\" by Ann Lee; arXiv 2312.00011; on arXiv",
        ],
    ),
];

#[test]
fn every_oddity_reads_as_it_should() {
    for (name, want) in CASES {
        let read = read(&source(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(describe(&read), *want, "{name}");
    }
}

#[test]
fn every_fixture_has_its_case() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reader");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("fixtures")
        .map(|f| {
            f.expect("fixture")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    let mut cases: Vec<&str> = CASES.iter().map(|(name, _)| *name).collect();
    cases.sort();
    assert_eq!(names, cases);
}

#[test]
fn windows_line_ends_read_the_same() {
    for (name, _) in CASES {
        let unix = source(name).replace("\r\n", "\n");
        let windows = unix.replace('\n', "\r\n");
        assert_eq!(
            describe(&read(&windows).expect(name)),
            describe(&read(&unix).expect(name)),
            "{name}"
        );
    }
}

#[test]
fn theme_fields_are_counted_when_ignored() {
    let read = read(&source("al_folio.bib")).expect("reads");
    let unused: Vec<_> = read.entries.iter().map(unused).collect();
    assert_eq!(
        unused[0].fields,
        [
            "bibtex_show",
            "google_scholar_id",
            "keywords",
            "preview",
            "selected"
        ]
    );
    assert_eq!(unused[0].local_links, ["pdf", "poster"]);
    assert_eq!(unused[1].fields, ["selected"]);
}

/// The bundled dataset with a member Ann Lee, who wrote every fixture's papers.
fn with_ann_lee() -> (Dataset, ResearcherId) {
    let mut dataset = super::bundled();
    let mut ann = dataset.researchers[0].clone();
    ann.id = ResearcherId("ann-lee".into());
    ann.name = "Ann Lee".into();
    ann.alternative_names.clear();
    ann.native_name = None;
    ann.native_name_lang = None;
    ann.publications.clear();
    ann.awards.clear();
    ann.projects.clear();
    ann.group.clear();
    ann.advisors.clear();
    ann.education.clear();
    let id = ann.id.clone();
    dataset.researchers.push(ann);
    (dataset, id)
}

#[test]
fn every_fixture_imports_what_it_can_and_reports_the_rest() {
    for (name, want) in CASES {
        let (mut dataset, ann) = with_ann_lee();
        let report = import_entries(&mut dataset, &ann, &source(name), false)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let problems = want.iter().filter(|l| l.starts_with("problem: ")).count();
        let bad = want.iter().filter(|l| l.contains(": bad: ")).count();
        assert_eq!(report.bad.len(), problems + bad, "{name}: {report}");
        validate(&dataset, &|_| None).unwrap_or_else(|p| panic!("{name}: {p:?}"));
    }
}

#[test]
fn the_summary_counts_outcomes_bad_entries_and_ignored_fields() {
    let (mut dataset, ann) = with_ann_lee();
    let report =
        import_entries(&mut dataset, &ann, &source("al_folio.bib"), false).expect("imports");
    assert_eq!(
        report.summary(),
        "2 added, 0 merged, 0 unchanged, 0 skipped, 0 bad; ignored fields: selected ×2, bibtex_show ×1, \
         google_scholar_id ×1, keywords ×1, preview ×1; 2 links left out (no web address)"
    );
    let (mut dataset, ann) = with_ann_lee();
    let report =
        import_entries(&mut dataset, &ann, &source("entry_types.bib"), false).expect("imports");
    assert_eq!(
        report.summary(),
        "7 added, 0 merged, 0 unchanged, 5 skipped, 0 bad"
    );
}

#[test]
fn strict_refuses_a_file_with_any_problem() {
    let (mut dataset, ann) = with_ann_lee();
    let before = dataset.clone();
    let err = import_entries(&mut dataset, &ann, &source("unparsable_field.bib"), true)
        .expect_err("strict")
        .to_string();
    assert_eq!(
        err,
        "line 10 (entry lee2023broken): expected comma\n\
         line 15 (entry lee2023unclosed): the entry is not closed: a } is missing before line 21\n\
         2 bad entries; --strict: nothing was written"
    );
    let err = import_entries(&mut dataset, &ann, &source("no_authors.bib"), true)
        .expect_err("strict")
        .to_string();
    assert_eq!(
        err,
        "line 1 (entry anonymous2024): no author\n1 bad entry; --strict: nothing was written"
    );
    assert_eq!(dataset, before);
    import_entries(&mut dataset, &ann, &source("front_matter.bib"), true)
        .expect("nothing bad in it");
}

#[test]
fn theme_links_and_awards_reach_the_record_and_a_rerun_adds_what_is_new() {
    let (mut dataset, ann) = with_ann_lee();
    import_entries(&mut dataset, &ann, &source("al_folio.bib"), false).expect("imports");
    let paper = (dataset.publications.iter())
        .find(|p| p.title == "A Paper on a Theme's Page")
        .expect("imported");
    assert_eq!(paper.honours, ["Best Paper Award"]);
    let urls: Vec<&str> = paper.links.iter().map(|l| l.url.as_str()).collect();
    for url in [
        "https://github.com/example/folio",
        "https://example.org/folio/slides.pdf",
        "https://video.example.org/watch?v=folio",
    ] {
        assert!(urls.contains(&url), "{url} in {urls:?}");
    }
    // Local files (pdf = {lee2024folio.pdf}) are not web addresses: left out.
    assert!(
        !urls.iter().any(|u| u.ends_with("lee2024folio.pdf")),
        "{urls:?}"
    );
    let unchanged = import_entries(&mut dataset, &ann, &source("al_folio.bib"), false).unwrap();
    assert!(
        unchanged
            .summary()
            .starts_with("0 added, 0 merged, 2 unchanged"),
        "{unchanged}"
    );
    let more = source("al_folio.bib").replace(
        "award     = {Best Paper Award},",
        "award     = {Best Paper Award},\n  talk = {x},\n  code2 = {y},\n  award_name = {Test of Time},",
    );
    let more = more.replace(
        "code      = {https://github.com/example/folio},",
        "code      = {https://github.com/example/folio-v2},",
    );
    let report = import_entries(&mut dataset, &ann, &more, false).unwrap();
    let text = report.to_string();
    assert!(
        text.contains("added link https://github.com/example/folio-v2"),
        "{text}"
    );
    assert!(text.contains("added honour \"Test of Time\""), "{text}");
}
