//! Reading whole files: decoding to plain text, identifiers kept verbatim, what cannot be read,
//! repeated keys. The author list and `@string`/crossref resolution have files of their own.

mod authors;
mod resolve;

use super::*;

fn one(bib: &str) -> BibEntry {
    let read = read(bib).expect("parses");
    assert_eq!(read.problems, []);
    assert_eq!(read.entries.len(), 1);
    read.entries.into_iter().next().unwrap()
}

#[test]
fn latex_accents_braces_and_dashes_become_unicode() {
    let e = one(r#"@article{k,
          author = {J{\"{o}}rg M{\"u}ller and Fran{\c{c}}ois Fran\c cois and {\O}ystein S{\o}rensen
                    and Ren{\'e}e van der Berg and Jos\'{e} Garc\'ia and \v{S}imon {\L}ukasz
                    and Wei{-}Lin Chiang and Luan, Frank Sifei and {Frank Sifei Luan} and Wei Wang 0001},
          title = {{SkyPilot}: An Intercloud Broker for Sky~Computing---\emph{Fast} $k$-means, 50\% \& more},
          pages = {437--455},
          year = 2023,
        }"#);
    assert_eq!(
        e.authors,
        [
            "Jörg Müller",
            "François François",
            "Øystein Sørensen",
            "Renée van der Berg",
            "José García",
            "Šimon Łukasz",
            "Wei-Lin Chiang",
            "Frank Sifei Luan",
            "Frank Sifei Luan",
            "Wei Wang",
        ]
    );
    assert_eq!(
        e.get("title"),
        Some("SkyPilot: An Intercloud Broker for Sky Computing—Fast k-means, 50% & more")
    );
    assert_eq!(e.get("pages"), Some("437–455"));
    assert_eq!(e.get("year"), Some("2023"));
    assert!(!e.more_authors);
}

#[test]
fn identifiers_are_kept_verbatim() {
    let e = one(r"@misc{k, title = {T}, author = {A B},
              doi = {10.1000/a_b}, url = {https://example.org/~x/a\_b.pdf}, eprint = {2301.03734v2},
              code = {https://example.org/a--b/~c}}");
    assert_eq!(e.get("doi"), Some("10.1000/a_b"));
    assert_eq!(e.get("url"), Some("https://example.org/~x/a_b.pdf"));
    assert_eq!(e.get("eprint"), Some("2301.03734v2"));
    assert_eq!(e.get("code"), Some("https://example.org/a--b/~c"));
}

#[test]
fn a_syntax_error_costs_its_entry_only() {
    let read =
        read("@article{good, title = {A}}\n\n@article{bad,\n  title = {B},\n  year 2020\n}\n@misc{after, title = {C}}\n")
            .expect("reads");
    assert_eq!(
        read.problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["line 5 (entry bad): expected equals"]
    );
    let keys: Vec<&str> = read.entries.iter().map(|e| e.key.as_str()).collect();
    assert_eq!(keys, ["good", "after"]);
}

#[test]
fn repeated_keys_are_one_paper_or_renamed() {
    let read = read(
        "@misc{a, title={One}, author={A B}}\n@misc{b, title={2}}\n\
             @misc{a, title={one.}, author={A B}, year = 2020}\n@misc{a, title={Three}}\n@misc{a-2, title={Four}}\n\
             @misc{a, title={Three}, year = 2021}\n",
    )
    .expect("reads");
    let keys: Vec<(&str, Option<&str>)> = read
        .entries
        .iter()
        .map(|e| (e.key.as_str(), e.get("title")))
        .collect();
    assert_eq!(
        keys,
        [
            ("a", Some("one.")),
            ("b", Some("2")),
            ("a-3", Some("Three")),
            ("a-2", Some("Four"))
        ]
    );
    assert_eq!(read.entries[0].get("year"), Some("2020"));
    // A repeat of the renamed paper joins it, under its new key.
    assert_eq!(read.entries[2].get("year"), Some("2021"));
    assert_eq!(
        read.repeats,
        [
            "key a on line 1 and line 3: the same paper, read once",
            "key a on line 1 and line 4: two different papers; the one on line 4 is read as a-3",
            "key a on line 1 and line 6: the same paper, read once",
        ]
    );
}

#[test]
fn loops_and_deep_nesting_are_problems_not_crashes() {
    let deep = format!(
        "@misc{{deep, title = {{{}x{}}}}}\n",
        "\\emph{".repeat(5000),
        "}".repeat(5000)
    );
    let source = format!(
        "@misc{{a, title = {{A}}, author = {{X Y}}, crossref = {{b}}, xdata = {{a}}}}\n\
             @misc{{b, title = {{B}}, author = {{X Y}}, crossref = {{a}}}}\n\
             @misc{{c, title = {{C}}, author = {{X Y}}, crossref = {{c}}}}\n\
             @string{{x = y}}\n@string{{y = x # x}}\n@misc{{d, title = x, author = {{X Y}}}}\n{deep}"
    );
    let read = read(&source).expect("reads");
    let titles: Vec<(&str, Option<&str>)> = read
        .entries
        .iter()
        .map(|e| (e.key.as_str(), e.get("title")))
        .collect();
    assert_eq!(
        titles,
        [
            ("a", Some("A")),
            ("b", Some("B")),
            ("c", Some("C")),
            ("d", Some("x"))
        ]
    );
    assert_eq!(
        read.problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["line 7 (entry deep): braces nested more than 64 deep"]
    );
}

#[test]
fn a_file_without_entries_is_refused() {
    for (source, want) in [
        ("", "line 1: the file is empty"),
        (
            "---\ntitle: x\n---\nJust prose.\n",
            "line 1: no BibTeX entry found (an entry starts with @type{key, …})",
        ),
        (
            "@string{a = {b}}\n@comment{c}\n",
            "line 1: no BibTeX entry found (an entry starts with @type{key, …})",
        ),
        (
            "\n@article no brace\n",
            "line 2: @article with no { after it; not read as an entry",
        ),
    ] {
        assert_eq!(read(source).expect_err(source).to_string(), want);
    }
}
