//! A person's OpenAlex author (`/authors/<id>`) and works (`/works?filter=author.id:<id>`,
//! the API's pages of 50 one after another) in the API's shape: the same papers as dblp, with
//! the same DOIs and titles, `cited_by_count`, an `abstract_inverted_index` for some, biblio,
//! the venue as a source, authorships with the OpenAlex ids (and some ORCIDs) of co-authors on
//! the roster, and the arXiv preprint of some papers as a work of its own.

use serde_json::{Map, Value, json};

use super::lists::{FIRST_NON_UNIVERSITY, ORGS, VENUES};
use super::plan::{Author, Plan};

/// Works per page of the works file.
const PER_PAGE: usize = 50;

/// The author document of person `i`.
pub(super) fn author(plan: &Plan, i: usize) -> String {
    let p = &plan.people[i];
    let initial = p.first.chars().next().unwrap_or('X');
    let cited: u64 = (p.papers.iter())
        .map(|&n| u64::from(plan.papers[n].cited_by))
        .sum();
    let mut affiliations = Vec::new();
    for job in &p.jobs {
        let first = job.start.0.max(2006);
        let last = job.end.map_or(2025, |e| e.0).max(first);
        let years: Vec<u16> = (first..=last).rev().collect();
        affiliations.push(json!({"institution": institution(job.org), "years": years}));
    }
    let doc = json!({
        "id": format!("https://openalex.org/{}", p.openalex),
        "orcid": format!("https://orcid.org/{}", p.orcid),
        "display_name": p.name,
        "display_name_alternatives": [p.name, format!("{initial}. {}", p.last), format!("{}, {}", p.last, p.first)],
        "works_count": works_of(plan, i).len(),
        "cited_by_count": cited,
        "ids": {
            "openalex": format!("https://openalex.org/{}", p.openalex),
            "orcid": format!("https://orcid.org/{}", p.orcid),
        },
        "affiliations": affiliations,
        "last_known_institutions": p.jobs.first().map(|j| vec![institution(j.org)]).unwrap_or_default(),
        "topics": [],
        "works_api_url": format!("https://api.openalex.org/works?filter=author.id:{}", p.openalex),
        "updated_date": "2025-01-10T08:00:00.000000",
        "created_date": "2023-07-21",
    });
    serde_json::to_string_pretty(&doc).expect("JSON values serialize") + "\n"
}

/// The works document of person `i`: pages of [`PER_PAGE`], each a line.
pub(super) fn works(plan: &Plan, i: usize) -> String {
    let works = works_of(plan, i);
    let count = works.len();
    let mut out = String::with_capacity(2500 * count);
    let pages: Vec<&[(usize, bool)]> = if works.is_empty() {
        vec![&[]]
    } else {
        works.chunks(PER_PAGE).collect()
    };
    for (k, page) in pages.into_iter().enumerate() {
        let results: Vec<Value> = page.iter().map(|&(n, pre)| work(plan, n, pre)).collect();
        let doc = json!({
            "meta": {"count": count, "db_response_time_ms": 40, "page": k + 1, "per_page": PER_PAGE, "groups_count": null},
            "results": results,
            "group_by": [],
        });
        out.push_str(&serde_json::to_string(&doc).expect("JSON values serialize"));
        out.push('\n');
    }
    out
}

/// Person `i`'s works: each paper, and after it its preprint when OpenAlex lists that apart.
fn works_of(plan: &Plan, i: usize) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for &n in &plan.people[i].papers {
        out.push((n, false));
        if plan.papers[n].openalex_preprint {
            out.push((n, true));
        }
    }
    out
}

/// Paper `n` as a Work object, or its arXiv preprint when `preprint`.
fn work(plan: &Plan, n: usize, preprint: bool) -> Value {
    let paper = &plan.papers[n];
    let (_, _, name, journal, publisher, _) = VENUES[paper.venue];
    let arxiv = paper.arxiv.as_deref().unwrap_or("");
    let (id, doi, location, kind, crossref) = if preprint {
        let doi = format!("https://doi.org/10.48550/arxiv.{arxiv}");
        let location = json!({
            "is_oa": true,
            "landing_page_url": format!("https://arxiv.org/abs/{arxiv}"),
            "pdf_url": format!("https://arxiv.org/pdf/{arxiv}"),
            "source": {"id": "https://openalex.org/S4306400194", "display_name": "arXiv (Cornell University)", "host_organization_name": "Cornell University", "type": "repository"},
            "version": "submittedVersion",
        });
        (
            &paper.preprint_work,
            Some(doi),
            location,
            "preprint",
            "posted-content",
        )
    } else {
        let doi = paper.doi.as_ref().map(|d| format!("https://doi.org/{d}"));
        let location = json!({
            "is_oa": false,
            "landing_page_url": doi,
            "pdf_url": null,
            "source": {
                "id": format!("https://openalex.org/S42{:08}", paper.venue),
                "display_name": name,
                "host_organization_name": publisher,
                "type": if journal { "journal" } else { "conference" },
            },
            "version": "publishedVersion",
        });
        let crossref = if journal {
            "journal-article"
        } else {
            "proceedings-article"
        };
        (&paper.work, doi, location, "article", crossref)
    };
    let authorships: Vec<Value> = (paper.authors.iter().enumerate())
        .map(|(k, a)| authorship(plan, *a, k, paper.authors.len(), n))
        .collect();
    let (first, last) = paper.pages;
    let biblio = if preprint {
        json!({"volume": null, "issue": null, "first_page": null, "last_page": null})
    } else if journal {
        json!({"volume": (paper.year - 2005).to_string(), "issue": paper.month.to_string(), "first_page": first.to_string(), "last_page": last.to_string()})
    } else {
        json!({"volume": null, "issue": null, "first_page": first.to_string(), "last_page": last.to_string()})
    };
    let abstract_index = (paper.abstract_text.as_deref()).map(inverted_index);
    let cited_by = if preprint {
        paper.cited_by / 10
    } else {
        paper.cited_by
    };
    json!({
        "id": format!("https://openalex.org/{id}"),
        "doi": doi,
        "title": paper.title,
        "display_name": paper.title,
        "publication_year": paper.year,
        "publication_date": format!("{}-{:02}-{:02}", paper.year, paper.month, 1 + n % 28),
        "ids": {"openalex": format!("https://openalex.org/{id}"), "doi": doi},
        "language": "en",
        "primary_location": location,
        "type": kind,
        "type_crossref": crossref,
        "authorships": authorships,
        "is_authors_truncated": false,
        "cited_by_count": cited_by,
        "biblio": biblio,
        "is_retracted": false,
        "is_paratext": false,
        "abstract_inverted_index": abstract_index,
        "counts_by_year": [],
        "updated_date": "2025-01-02T00:00:00.000000",
        "created_date": format!("{}-{:02}-20", paper.year, paper.month),
    })
}

/// One authorship: the roster's people with their id, some with their ORCID and institution.
fn authorship(plan: &Plan, a: Author, k: usize, of: usize, n: usize) -> Value {
    let position = match k {
        0 => "first",
        _ if k + 1 == of => "last",
        _ => "middle",
    };
    let (id, name, orcid, institutions) = match a {
        Author::Member(m) => {
            let p = &plan.people[m];
            let orcid = (n + m)
                .is_multiple_of(2)
                .then(|| format!("https://orcid.org/{}", p.orcid));
            let here: Vec<Value> = p
                .jobs
                .first()
                .map(|j| institution(j.org))
                .into_iter()
                .collect();
            (&p.openalex, &p.name, orcid, here)
        }
        Author::Outside(o) => {
            let o = &plan.outsiders[o];
            (&o.openalex, &o.name, None, Vec::new())
        }
    };
    json!({
        "author_position": position,
        "author": {"id": format!("https://openalex.org/{id}"), "display_name": name, "orcid": orcid},
        "institutions": institutions,
        "countries": [],
        "is_corresponding": k == 0,
        "raw_author_name": name,
        "raw_affiliation_strings": [],
    })
}

/// An institution of [`ORGS`], dehydrated.
fn institution(org: usize) -> Value {
    let (name, _, country) = ORGS[org];
    let kind = if org < FIRST_NON_UNIVERSITY {
        "education"
    } else {
        "company"
    };
    json!({
        "id": format!("https://openalex.org/I42{:08}", org),
        "ror": format!("https://ror.org/00zz{org:04}"),
        "display_name": name,
        "country_code": country,
        "type": kind,
        "lineage": [format!("https://openalex.org/I42{:08}", org)],
    })
}

/// An abstract as OpenAlex stores it: each word with the positions it is at.
fn inverted_index(text: &str) -> Value {
    let mut index: Map<String, Value> = Map::new();
    for (k, word) in text.split_whitespace().enumerate() {
        match index.get_mut(word) {
            Some(Value::Array(at)) => at.push(json!(k)),
            _ => {
                index.insert(word.to_owned(), json!([k]));
            }
        }
    }
    Value::Object(index)
}
