//! A person's dblp record (`https://dblp.org/pid/<pid>.xml`) as dblp writes it: `<dblpperson>`
//! with the `<person>` (names, affiliation notes, homepage and ORCID page), an `<r>` per
//! record newest first — `inproceedings` with `conf/<venue>/…` keys, `article` with
//! `journals/<venue>/…` keys, and CoRR preprints (`journals/corr/abs-…`) of some — authors with
//! their `pid`, Latin-1 letters as the DTD's entities, and the `<coauthors>` list.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use research_atlas::site::meta::xml_reference;

use super::lists::{ORGS, VENUES};
use super::plan::{Author, Person, Plan};

/// The XML of person `i`'s record.
pub(super) fn document(plan: &Plan, i: usize) -> String {
    let p = &plan.people[i];
    let name = printed(p);
    let mut out = String::with_capacity(1024 + 900 * p.papers.len());
    let records = p.papers.len()
        + (p.papers.iter())
            .filter(|&&n| plan.papers[n].arxiv.is_some())
            .count();
    let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"US-ASCII\"?>");
    let _ = writeln!(
        out,
        "<dblpperson name=\"{}\" pid=\"{}\" n=\"{records}\">",
        xml(&name),
        p.pid
    );
    let _ = writeln!(
        out,
        "<person key=\"homepages/{}\" mdate=\"2025-01-10\">",
        p.pid
    );
    let _ = writeln!(out, "<author pid=\"{}\">{}</author>", p.pid, xml(&name));
    if p.first.chars().count() > 2 {
        let initial = p.first.chars().next().unwrap_or('X');
        let alias = format!("{initial}. {}", p.last);
        let _ = writeln!(out, "<author pid=\"{}\">{}</author>", p.pid, xml(&alias));
    }
    for (k, job) in p.jobs.iter().enumerate() {
        let label = if k == 0 { "" } else { " label=\"former\"" };
        let (org, city, _) = ORGS[job.org];
        let _ = writeln!(
            out,
            "<note{label} type=\"affiliation\">{}, {}</note>",
            xml(org),
            xml(city)
        );
    }
    if let Some(home) = &p.homepage {
        let _ = writeln!(out, "<url>{}</url>", xml(home));
    }
    let _ = writeln!(out, "<url>https://orcid.org/{}</url>", p.orcid);
    out.push_str("</person>\n");
    let mut coauthors: BTreeMap<String, (String, usize)> = BTreeMap::new();
    for &n in &p.papers {
        let paper = &plan.papers[n];
        let (venue, printed_venue, _, journal, publisher, _) = VENUES[paper.venue];
        let stem = paper.key.rsplit('/').next().unwrap_or("");
        let element = if journal { "article" } else { "inproceedings" };
        let _ = writeln!(
            out,
            "<r><{element} key=\"{}\" mdate=\"{}-{:02}-15\">",
            paper.key,
            paper.year.min(2025) + 1,
            paper.month
        );
        for a in &paper.authors {
            let (who, pid, orcid) = author(plan, *a, n);
            out.push_str(&author_line(&who, &pid, orcid));
            if *a != Author::Member(i) {
                coauthors.entry(who).or_insert((pid, 0)).1 += 1;
            }
        }
        let _ = writeln!(out, "<title>{}.</title>", xml(&paper.title));
        let (a, b) = paper.pages;
        let _ = writeln!(out, "<pages>{a}-{b}</pages>");
        let _ = writeln!(out, "<year>{}</year>", paper.year);
        if journal {
            let _ = writeln!(out, "<volume>{}</volume>", paper.year - 2005);
            let _ = writeln!(out, "<journal>{}</journal>", xml(printed_venue));
            let _ = writeln!(out, "<number>{}</number>", paper.month);
        } else {
            let _ = writeln!(out, "<booktitle>{}</booktitle>", xml(printed_venue));
            if publisher.starts_with("USENIX") {
                let _ = writeln!(out, "<publisher>{publisher}</publisher>");
            }
        }
        if let Some(doi) = &paper.doi {
            let _ = writeln!(out, "<ee>https://doi.org/{doi}</ee>");
        }
        let short = venue.rsplit('/').next().unwrap_or("");
        if !journal {
            let _ = writeln!(out, "<crossref>{venue}/{}</crossref>", paper.year);
        }
        let _ = writeln!(
            out,
            "<url>db/{venue}/{short}{}.html#{stem}</url>",
            paper.year
        );
        let _ = writeln!(out, "</{element}>\n</r>");
        if let Some(arxiv) = &paper.arxiv {
            corr(&mut out, plan, n, arxiv);
        }
    }
    let _ = writeln!(out, "<coauthors n=\"{}\" nc=\"1\">", coauthors.len());
    for (who, (pid, _)) in &coauthors {
        let (first, last) = who.rsplit_once(' ').unwrap_or(("", who));
        let f = format!(
            "{}/{}:{}",
            last.chars().next().unwrap_or('x').to_lowercase(),
            last.replace(' ', "_"),
            first.replace(' ', "_")
        );
        let _ = writeln!(
            out,
            "<co c=\"0\"><na f=\"{}\" pid=\"{pid}\">{}</na></co>",
            xml(&f),
            xml(who)
        );
    }
    out.push_str("</coauthors>\n</dblpperson>\n");
    out
}

/// A CoRR preprint of paper `n`, published a few months before it.
fn corr(out: &mut String, plan: &Plan, n: usize, arxiv: &str) {
    let paper = &plan.papers[n];
    let dashed = arxiv.replace('.', "-");
    let _ = writeln!(
        out,
        "<r><article publtype=\"informal\" key=\"journals/corr/abs-{dashed}\" mdate=\"{}-{:02}-01\">",
        paper.year, paper.month
    );
    for a in &paper.authors {
        let (who, pid, _) = author(plan, *a, n);
        out.push_str(&author_line(&who, &pid, None));
    }
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
    let _ = writeln!(out, "<title>{}.</title>", xml(&paper.title));
    let _ = writeln!(out, "<year>{}</year>", paper.year);
    let _ = writeln!(
        out,
        "<month>{}</month>",
        MONTHS[usize::from(paper.month - 1)]
    );
    let _ = writeln!(out, "<volume>abs/{arxiv}</volume>");
    let _ = writeln!(out, "<journal>CoRR</journal>");
    let _ = writeln!(
        out,
        "<ee type=\"oa\">https://doi.org/10.48550/arXiv.{arxiv}</ee>"
    );
    let _ = writeln!(
        out,
        "<url>db/journals/corr/corr{}.html#abs-{dashed}</url>",
        &arxiv[..4]
    );
    let _ = writeln!(out, "<stream>streams/journals/corr</stream>");
    out.push_str("</article>\n</r>\n");
}

/// An author's name as dblp prints it, their pid, and the ORCID dblp shows on some records.
fn author(plan: &Plan, a: Author, n: usize) -> (String, String, Option<&str>) {
    match a {
        Author::Member(m) => {
            let p = &plan.people[m];
            let orcid = (n + m).is_multiple_of(3).then_some(p.orcid.as_str());
            (printed(p), p.pid.clone(), orcid)
        }
        Author::Outside(o) => {
            let o = &plan.outsiders[o];
            (o.name.clone(), o.pid.clone(), None)
        }
    }
}

fn author_line(name: &str, pid: &str, orcid: Option<&str>) -> String {
    match orcid {
        Some(id) => format!(
            "<author pid=\"{pid}\" orcid=\"{id}\">{}</author>\n",
            xml(name)
        ),
        None => format!("<author pid=\"{pid}\">{}</author>\n", xml(name)),
    }
}

/// The person's name as dblp prints it: with a homonym number for some.
fn printed(p: &Person) -> String {
    if p.homonym {
        format!("{} 0001", p.name)
    } else {
        p.name.clone()
    }
}

/// Text as dblp escapes it: the XML specials, Latin-1 letters as the DTD's named entities
/// (`&ouml;`), and any other letter as a numeric reference, so the file is ASCII.
pub(super) fn xml(text: &str) -> String {
    const LATIN1: [&str; 64] = [
        "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave",
        "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve",
        "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc",
        "Uuml", "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring",
        "aelig", "ccedil", "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc",
        "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash",
        "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ];
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match (c, xml_reference(c)) {
            (_, Some(reference)) => out.push_str(reference),
            ('\u{C0}'..='\u{FF}', None) => {
                let _ = write!(out, "&{};", LATIN1[c as usize - 0xC0]);
            }
            (c, None) if !c.is_ascii() => {
                let _ = write!(out, "&#{};", c as u32);
            }
            (c, None) => out.push(c),
        }
    }
    out
}
