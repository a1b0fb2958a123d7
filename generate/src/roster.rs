//! A department's roster for the roster importer's benchmark (`cargo xtask bench --import`): a
//! CSV file of people and one `.bib` file each, the same for the same seed.
//!
//! The shapes are the ones real files take. The CSV spells organizations by id, name, short
//! name or alias, stages by key or label, identifiers as ids or links, and has a column the
//! importer does not know. Each `.bib` holds conference papers (booktitles in several
//! spellings), journal articles, and arXiv preprints written three ways; authors "First Last"
//! or "Last, First", the owner sometimes by initials, accents as LaTeX, some lists ending
//! "and others". About a third of the papers are shared with people nearby on the roster, and
//! each co-author's file lists them in its own way (with or without the DOI, as the preprint),
//! so the import links and merges them.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use research_atlas::model::Dataset;
use research_atlas::model::validate::orcid_check_digit;

use super::papers::{ordinal, title};
use super::rng::Rng;
use super::words::*;
use crate::Error;
use atlas_import::names::{match_key, slug};

/// The share of papers written with other people on the roster.
const SHARED: f64 = 0.3;
/// How far down the roster a co-author is drawn from: a research group.
const GROUP: usize = 40;

/// What [`write_roster`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterFiles {
    /// The CSV file; the `.bib` files are in `bibs/` beside it.
    pub csv: PathBuf,
    /// People on the roster.
    pub people: usize,
    /// Entries in all `.bib` files.
    pub entries: usize,
    /// Papers listed by two or more people.
    pub shared_papers: usize,
}

struct Person {
    first: &'static str,
    last: &'static str,
    name: String,
}

struct Paper {
    /// Positions on the roster, the order they are printed in.
    members: Vec<usize>,
    /// Authors from outside the roster, printed after the members.
    others: Vec<String>,
    title: String,
    year: u16,
    kind: Kind,
    /// `(field, abbreviation)` and the form's `(pattern, prefix)`.
    field: (&'static str, &'static str),
    form: (&'static str, &'static str),
    doi: Option<String>,
    arxiv: Option<String>,
    pages: Option<(u16, u16)>,
    month: Option<u8>,
    more_authors: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Conference,
    Journal,
    Preprint,
}

/// Writes `roster.csv` and `bibs/pNNNN.bib` into `dir` (made if missing): `people` people not
/// already in `dataset`, `entries_each` entries in each file.
pub fn write_roster(
    dir: &Path,
    people: usize,
    entries_each: usize,
    seed: u64,
    dataset: &Dataset,
) -> Result<RosterFiles, Error> {
    let mut rng = Rng::new(seed ^ 0x005E_ED0F_1257);
    let roster = names(people, dataset, &mut rng);
    let (papers, lists) = plan(&roster, entries_each, &mut rng);
    let bibs = dir.join("bibs");
    std::fs::create_dir_all(&bibs).map_err(Error::io(&bibs))?;
    let mut csv =
        String::from("name,id,organization,stage,homepage,bib,orcid,dblp,openalex,email\n");
    for (i, p) in roster.iter().enumerate() {
        let file = format!("bibs/p{i:04}.bib");
        let mut text = format!("% {}'s publications\n", p.name);
        for &paper in &lists[i] {
            text.push('\n');
            entry(&mut text, &papers[paper], paper, i, &roster, &mut rng);
        }
        let path = dir.join(&file);
        std::fs::write(&path, text).map_err(Error::io(&path))?;
        row(&mut csv, i, p, &file, dataset, &mut rng);
    }
    let path = dir.join("roster.csv");
    std::fs::write(&path, csv).map_err(Error::io(&path))?;
    Ok(RosterFiles {
        csv: path,
        people,
        entries: lists.iter().map(Vec::len).sum(),
        shared_papers: papers.iter().filter(|p| p.members.len() > 1).count(),
    })
}

/// `count` people whose names are no one's in `dataset` nor each other's.
fn names(count: usize, dataset: &Dataset, rng: &mut Rng) -> Vec<Person> {
    let mut taken: HashSet<String> = (dataset.researchers.iter())
        .flat_map(|r| std::iter::once(&r.name).chain(&r.alternative_names))
        .map(|n| match_key(n))
        .collect();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let first = *rng.pick(FIRST_NAMES);
        let last = *rng.pick(LAST_NAMES);
        let name = format!("{first} {last}");
        if taken.insert(match_key(&name)) {
            out.push(Person { first, last, name });
        }
    }
    out
}

/// The papers, and each person's list of them: everyone gets `each`, a third of them shared
/// with one or two people further down the roster who still have room.
fn plan(people: &[Person], each: usize, rng: &mut Rng) -> (Vec<Paper>, Vec<Vec<usize>>) {
    let mut papers: Vec<Paper> = Vec::new();
    let mut lists: Vec<Vec<usize>> = vec![Vec::new(); people.len()];
    let mut titles: HashSet<String> = HashSet::new();
    for p in 0..people.len() {
        while lists[p].len() < each {
            let mut members = vec![p];
            if rng.chance(SHARED) {
                for _ in 0..1 + rng.below(2) {
                    let q = p + 1 + rng.below(GROUP);
                    if q < people.len() && lists[q].len() < each && !members.contains(&q) {
                        members.push(q);
                    }
                }
            }
            rng.shuffle(&mut members);
            let paper = paper(members, &mut titles, papers.len(), rng);
            for &m in &paper.members {
                lists[m].push(papers.len());
            }
            papers.push(paper);
        }
    }
    (papers, lists)
}

/// A paper of `members`, with a title no other paper has.
fn paper(members: Vec<usize>, titles: &mut HashSet<String>, n: usize, rng: &mut Rng) -> Paper {
    let year = 2008 + rng.below(18) as u16;
    let mut text = String::new();
    for attempt in 0.. {
        let topic = rng.pick(TOPICS);
        let (t, _) = title(topic, rng);
        text = if attempt < 8 {
            t
        } else {
            format!("{t}, Part {n}")
        };
        if titles.insert(match_key(&text)) {
            break;
        }
    }
    let kind = match rng.below(10) {
        0..=5 => Kind::Conference,
        6..=7 => Kind::Journal,
        // arXiv's five-digit ids begin in 2015.
        _ if year >= 2015 => Kind::Preprint,
        _ => Kind::Conference,
    };
    let month = rng.chance(0.6).then(|| 1 + rng.below(12) as u8);
    let arxiv = (year >= 2015 && (kind == Kind::Preprint || rng.chance(0.3))).then(|| {
        let m = month.unwrap_or(1);
        format!("{:02}{m:02}.{:05}", year % 100, 10_000 + n)
    });
    let others = (0..rng.below(4))
        .map(|_| format!("{} {}", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)))
        .collect();
    let first_page = 1 + rng.below(900) as u16;
    Paper {
        members,
        others,
        title: text,
        year,
        kind,
        field: *rng.pick(VENUE_FIELDS),
        form: *rng.pick(if kind == Kind::Journal {
            JOURNAL_FORMS
        } else {
            CONFERENCE_FORMS
        }),
        doi: (kind != Kind::Preprint && rng.chance(0.5))
            .then(|| format!("10.5555/{}.{n}", 3_000_000 + year as usize)),
        arxiv,
        pages: rng
            .chance(0.6)
            .then(|| (first_page, first_page + 8 + rng.below(14) as u16)),
        month,
        more_authors: rng.chance(0.1),
    }
}

/// One BibTeX entry for paper `n` as the file of `owner` (a position on the roster) lists it.
/// The first member's file gives it in full; a co-author's may leave out the DOI, or list the
/// preprint instead.
fn entry(
    out: &mut String,
    paper: &Paper,
    n: usize,
    owner: usize,
    people: &[Person],
    rng: &mut Rng,
) {
    let shared_copy = paper.members[0] != owner;
    let as_preprint =
        paper.kind == Kind::Preprint || (shared_copy && paper.arxiv.is_some() && rng.chance(0.3));
    let doi = paper
        .doi
        .as_ref()
        .filter(|_| !(shared_copy && rng.chance(0.4)));
    let surname = slug(people[paper.members[0]].last).replace('-', "");
    let key = format!("{surname}{}p{n}", paper.year);
    let flipped = rng.chance(0.4);
    let latex = rng.chance(0.5);
    let mut authors: Vec<String> = paper
        .members
        .iter()
        .map(|&m| {
            let p = &people[m];
            let first = if m == owner && rng.chance(0.15) {
                format!("{}.", p.first.chars().next().unwrap_or('X'))
            } else {
                p.first.to_owned()
            };
            printed(&first, p.last, flipped, latex)
        })
        .collect();
    for other in &paper.others {
        let (first, last) = other.split_once(' ').unwrap_or(("", other));
        authors.push(printed(first, last, flipped, latex));
    }
    if paper.more_authors {
        authors.push("others".into());
    }
    let title = match paper.title.split_once(": ") {
        Some((head, rest)) if rng.chance(0.3) => format!("{{{head}}}: {rest}"),
        _ if rng.chance(0.1) => format!("{{{}}}", paper.title),
        _ => paper.title.clone(),
    };
    let (pattern, prefix) = paper.form;
    let (field, abbr) = paper.field;
    let venue = pattern.replace("{}", field);
    let short = format!("{prefix}{abbr}");
    let yy = paper.year % 100;
    let mut fields: Vec<(&str, String)> = vec![("title", title), ("author", authors.join(" and "))];
    let kind = if as_preprint {
        let id = paper.arxiv.clone().unwrap_or_default();
        match rng.below(3) {
            0 => {
                fields.push(("eprint", id));
                fields.push(("archivePrefix", "arXiv".into()));
                fields.push(("primaryClass", "cs.DC".into()));
                "misc"
            }
            1 => {
                fields.push(("journal", format!("arXiv preprint arXiv:{id}")));
                "article"
            }
            _ => {
                fields.push(("url", format!("https://arxiv.org/abs/{id}")));
                "online"
            }
        }
    } else if paper.kind == Kind::Journal {
        fields.push(("journal", venue));
        fields.push(("volume", (paper.year - 1990).to_string()));
        fields.push(("number", (1 + n % 12).to_string()));
        "article"
    } else {
        let edition = paper.year - 1985 + (abbr.len() as u16);
        let booktitle = match rng.below(4) {
            0 => format!("Proceedings of the {} {venue}", ordinal(u32::from(edition))),
            1 => format!("{venue} ({short} {yy:02})"),
            2 => format!("{short} '{yy:02}"),
            _ => format!("{} {venue}", paper.year),
        };
        fields.push(("booktitle", booktitle));
        if rng.chance(0.3) {
            fields.push(("publisher", rng.pick(PUBLISHERS).to_string()));
        }
        "inproceedings"
    };
    if let (Some((a, b)), false) = (paper.pages, as_preprint) {
        fields.push(("pages", format!("{a}--{b}")));
    }
    fields.push(("year", paper.year.to_string()));
    if let Some(m) = paper.month {
        const MONTHS: [&str; 12] = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ];
        fields.push(("month", MONTHS[usize::from(m - 1)].to_owned()));
    }
    if let (Some(doi), false) = (doi, as_preprint) {
        fields.push(("doi", doi.clone()));
    }
    if !as_preprint && paper.arxiv.is_some() && rng.chance(0.5) {
        fields.push(("eprint", paper.arxiv.clone().unwrap_or_default()));
        fields.push(("archivePrefix", "arXiv".into()));
    }
    if rng.chance(0.2) && !fields.iter().any(|(name, _)| *name == "url") {
        fields.push(("url", format!("https://example.org/papers/{n}.pdf")));
    }
    let _ = writeln!(out, "@{kind}{{{key},");
    for (name, value) in fields {
        let _ = writeln!(out, "  {name:<13} = {{{value}}},");
    }
    out.push_str("}\n");
}

/// A name as a `.bib` prints it: "First Last" or "Last, First", accents as LaTeX or not.
fn printed(first: &str, last: &str, flipped: bool, latex: bool) -> String {
    let (first, last) = if latex {
        (to_latex(first), to_latex(last))
    } else {
        (first.to_owned(), last.to_owned())
    };
    if flipped {
        format!("{last}, {first}")
    } else {
        format!("{first} {last}")
    }
}

/// Accented letters as LaTeX accent commands, as older `.bib` files write them.
fn to_latex(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            'é' => out.push_str("{\\'e}"),
            'è' => out.push_str("{\\`e}"),
            'á' => out.push_str("{\\'a}"),
            'í' => out.push_str("{\\'i}"),
            'ó' => out.push_str("{\\'o}"),
            'ö' => out.push_str("{\\\"o}"),
            'ü' => out.push_str("{\\\"u}"),
            'ä' => out.push_str("{\\\"a}"),
            'ñ' => out.push_str("{\\~n}"),
            'ã' => out.push_str("{\\~a}"),
            'ç' => out.push_str("{\\c c}"),
            'ø' => out.push_str("{\\o}"),
            'å' => out.push_str("{\\aa}"),
            _ => out.push(c),
        }
    }
    out
}

/// Person `i`'s roster line: organizations by id, name, short name or alias (some empty, a
/// few not in the dataset), stages by key or label, identifiers as ids or links.
fn row(csv: &mut String, i: usize, p: &Person, file: &str, dataset: &Dataset, rng: &mut Rng) {
    let id = if rng.chance(0.05) {
        slug(&p.name)
    } else {
        String::new()
    };
    let organization = match rng.below(100) {
        0..=9 => String::new(),
        10..=12 => format!("Institute of {} Studies", rng.pick(VENUE_FIELDS).0),
        _ if dataset.organizations.is_empty() => String::new(),
        _ => {
            let o = rng.pick(&dataset.organizations);
            match rng.below(4) {
                0 => o.id.0.clone(),
                1 => o.name.clone(),
                _ => (o.short_name.iter().chain(&o.aliases))
                    .next()
                    .unwrap_or(&o.name)
                    .clone(),
            }
        }
    };
    let stage = {
        let s = *rng.pick(&research_atlas::model::CareerStage::ALL);
        if rng.chance(0.6) {
            s.key()
        } else {
            s.label(&research_atlas::lang::EN)
        }
        .to_owned()
    };
    let home = slug(&p.name);
    let homepage = if rng.chance(0.6) {
        format!("https://example.org/~{home}/")
    } else {
        String::new()
    };
    let as_link = rng.chance(0.5);
    let orcid = if rng.chance(0.4) {
        let id = orcid(i);
        if as_link {
            format!("https://orcid.org/{id}")
        } else {
            id
        }
    } else {
        String::new()
    };
    let dblp = if rng.chance(0.3) {
        let pid = format!("{}/{}", 10 + i % 90, 1000 + i);
        if as_link {
            format!("https://dblp.org/pid/{pid}.html")
        } else {
            pid
        }
    } else {
        String::new()
    };
    let openalex = if rng.chance(0.25) {
        let id = format!("A5{:09}", 100_000 + i);
        if as_link {
            format!("https://openalex.org/{id}")
        } else {
            id
        }
    } else {
        String::new()
    };
    let email = if rng.chance(0.5) {
        format!("{home}@example.org")
    } else {
        String::new()
    };
    let cells = [
        p.name.as_str(),
        &id,
        &organization,
        &stage,
        &homepage,
        file,
        &orcid,
        &dblp,
        &openalex,
        &email,
    ];
    let cells: Vec<String> = cells.iter().map(|c| cell(c)).collect();
    csv.push_str(&cells.join(","));
    csv.push('\n');
}

/// A CSV cell, quoted when it holds a comma, a quote or a line end.
fn cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// A valid ORCID iD for person `i` of a roster.
fn orcid(i: usize) -> String {
    orcid_numbered(2_000_000_000 + i)
}

/// The valid ORCID iD whose fifteen digits are `n`'s, with their check digit
/// ([`orcid_check_digit`]); callers keep their people's iDs apart by numbering them apart.
pub(crate) fn orcid_numbered(n: usize) -> String {
    let digits = format!("{n:015}");
    format!(
        "{}-{}-{}-{}{}",
        &digits[..4],
        &digits[4..8],
        &digits[8..12],
        &digits[12..],
        orcid_check_digit(&digits)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_writes_the_same_files_and_everyone_has_their_entries() {
        let dataset = crate::generate(20, 3);
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let files = write_roster(a.path(), 60, 10, 7, &dataset).unwrap();
        write_roster(b.path(), 60, 10, 7, &dataset).unwrap();
        assert_eq!(files.people, 60);
        assert_eq!(files.entries, 600);
        assert!(files.shared_papers > 20, "{files:?}");
        for name in ["roster.csv", "bibs/p0000.bib", "bibs/p0059.bib"] {
            let read = |d: &tempfile::TempDir| std::fs::read(d.path().join(name)).unwrap();
            assert_eq!(read(&a), read(&b), "{name}");
        }
        let csv = std::fs::read_to_string(&files.csv).unwrap();
        assert_eq!(csv.lines().count(), 61);
        let bib = std::fs::read_to_string(a.path().join("bibs/p0000.bib")).unwrap();
        assert_eq!(bib.matches("\n@").count(), 10, "{bib}");
        for i in 0..60 {
            let bib = std::fs::read_to_string(a.path().join(format!("bibs/p{i:04}.bib"))).unwrap();
            for entry in bib.split("\n@").skip(1) {
                assert!(entry.matches("\n  url ").count() <= 1, "{entry}");
            }
        }
    }

    #[test]
    fn orcid_ids_carry_their_check_digit() {
        for i in [0, 1, 17, 1999] {
            let url = format!("https://orcid.org/{}", orcid(i));
            assert_eq!(
                research_atlas::model::validate::check_orcid_url(&url),
                Ok(()),
                "{url}"
            );
        }
    }
}
