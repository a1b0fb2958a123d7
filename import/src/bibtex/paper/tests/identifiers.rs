//! DOIs and arXiv ids read from wherever they are written.

use super::*;

#[test]
fn identifiers_are_normalized() {
    let p = judge(&entry(
        "article",
        &[
            ("journal", "CoRR"),
            ("doi", "10.48550/ARXIV.2502.13965"),
            ("url", "https://doi.org/10.48550/arXiv.2502.13965"),
        ],
    ))
    .unwrap();
    assert_eq!(
        (p.doi, p.arxiv.as_deref(), p.url),
        (None, Some("2502.13965"), None)
    );
    let p = judge(&entry(
        "inproceedings",
        &[
            ("doi", "https://doi.org/10.1145/3603269.3604848"),
            ("url", "https://example.org/p.pdf"),
        ],
    ))
    .unwrap();
    assert_eq!(p.doi.as_deref(), Some("10.1145/3603269.3604848"));
    assert_eq!(p.url.as_deref(), Some("https://example.org/p.pdf"));
    let p = judge(&entry(
        "misc",
        &[("eprint", "cs/0112017"), ("archiveprefix", "arXiv")],
    ))
    .unwrap();
    assert_eq!(p.arxiv, None);
    assert_eq!(
        p.notes,
        ["arXiv id \"cs/0112017\" is not a new-style id (YYMM.NNNNN); left out"]
    );
    let p = judge(&entry(
        "misc",
        &[("howpublished", "https://example.org/post")],
    ))
    .unwrap();
    assert_eq!(p.url.as_deref(), Some("https://example.org/post"));
    let p = judge(&entry("misc", &[("url", "https://doi.org/10.1000/xyz")])).unwrap();
    assert_eq!((p.doi.as_deref(), p.url), (Some("10.1000/xyz"), None));
    for (field, value) in [
        ("url", "https://arxiv.org/abs/2301.03734v2"),
        ("url", "https://arxiv.org/pdf/2301.03734v2.pdf"),
        ("eprint", "arXiv:2301.03734v2"),
        ("arxiv", "2301.03734v2"),
        ("arxiv", "https://arxiv.org/abs/2301.03734v2"),
        ("journal", "arXiv preprint arXiv:2301.03734v2"),
    ] {
        let p = judge(&entry("misc", &[(field, value)])).unwrap();
        assert_eq!(
            (p.arxiv.as_deref(), &p.url),
            (Some("2301.03734v2"), &None),
            "{field}"
        );
    }
}

#[test]
fn a_doi_is_read_from_any_address_and_a_field_without_one_never_costs_the_entry() {
    let neurips = "https://proceedings.example.org/paper/2017/hash/abc-Abstract.html";
    for (fields, doi, url, links, notes) in [
        (
            vec![("doi", "http://doi.acm.org/10.1145/1234567.1234568")],
            Some("10.1145/1234567.1234568"),
            None,
            vec![],
            vec![],
        ),
        (
            vec![("doi", "http://dx.doi.org/10.1109/EX.2015.42")],
            Some("10.1109/EX.2015.42"),
            None,
            vec![],
            vec![],
        ),
        (
            vec![("doi", "https://dl.acm.org/doi/10.1145/7654321.7654322")],
            Some("10.1145/7654321.7654322"),
            None,
            vec![],
            vec![],
        ),
        (
            vec![("doi", "https://dl.acm.org/doi/abs/10.1145/7654321.7654322?x=1")],
            Some("10.1145/7654321.7654322"),
            None,
            vec![],
            vec![],
        ),
        (
            vec![("doi", "doi: 10.1000/xyz")],
            Some("10.1000/xyz"),
            None,
            vec![],
            vec![],
        ),
        // Not a DOI at all: left out, the address kept as the link.
        (
            vec![("doi", neurips)],
            None,
            Some(neurips),
            vec![],
            vec![format!("doi {neurips:?} is not a DOI; kept as a link")],
        ),
        (
            vec![("doi", neurips), ("url", "https://example.org/p")],
            None,
            Some("https://example.org/p"),
            vec![neurips],
            vec![format!("doi {neurips:?} is not a DOI; kept as a link")],
        ),
        (
            vec![("doi", "10.1002/(SICI)1097<693>")],
            None,
            None,
            vec![],
            vec![
                "doi \"10.1002/(SICI)1097<693>\" contains '<', which the Crossref pattern does not allow (letters, digits and - . _ ; ( ) / : only); left out"
                    .to_owned(),
            ],
        ),
        // A DOI where the arXiv id belongs.
        (
            vec![("eprint", "https://doi.org/10.1080/00031305.2018.1459316")],
            Some("10.1080/00031305.2018.1459316"),
            None,
            vec![],
            vec![
                "eprint \"https://doi.org/10.1080/00031305.2018.1459316\" is a DOI, not an arXiv id; read as the DOI"
                    .to_owned(),
            ],
        ),
        (
            vec![
                ("doi", "10.1080/00031305.2018.1459316"),
                ("eprint", "https://doi.org/10.1080/00031305.2018.1459316"),
            ],
            Some("10.1080/00031305.2018.1459316"),
            None,
            vec![],
            vec![],
        ),
        (
            vec![("doi", "10.1000/one"), ("arxiv", "10.1000/two")],
            Some("10.1000/one"),
            None,
            vec![],
            vec![
                "arxiv \"10.1000/two\" is a DOI other than the entry's; left out".to_owned(),
            ],
        ),
        // A publisher's page holds the DOI; its "abs/" is no arXiv id.
        (
            vec![("url", "https://dl.acm.org/doi/abs/10.1145/3340531.3411985")],
            Some("10.1145/3340531.3411985"),
            Some("https://dl.acm.org/doi/abs/10.1145/3340531.3411985"),
            vec![],
            vec![],
        ),
        (
            vec![("html", "https://www.example.com/science/article/abs/pii/S1566")],
            None,
            None,
            vec!["https://www.example.com/science/article/abs/pii/S1566"],
            vec![],
        ),
    ] {
        let p = judge(&entry("article", &fields)).expect("judged");
        let got_links: Vec<&str> = p.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(
            (p.doi.as_deref(), p.url.as_deref(), got_links, &p.notes),
            (doi, url, links, &notes),
            "{fields:?}"
        );
    }
}
