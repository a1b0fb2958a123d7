//! `@string` definitions, months and crossrefs, and fields the crate cannot decode.

use super::*;

#[test]
fn strings_months_and_crossrefs_resolve() {
    let read = read(
        r"@string{nsdi = {USENIX NSDI}}
              @inproceedings{a, title = {A}, author = {X Y}, booktitle = NSDI, month = apr, year = 2020}
              @inproceedings{b, title = {B}, author = {X Y}, crossref = {p}}
              @proceedings{p, title = {Proceedings of Something}, year = 2021}",
    )
    .expect("parses");
    let entries = read.entries;
    assert_eq!(entries[0].get("booktitle"), Some("USENIX NSDI"));
    assert_eq!(entries[0].notes, Vec::<String>::new());
    assert_eq!(entries[0].get("month"), Some("April"));
    assert_eq!(
        entries[1].get("booktitle"),
        Some("Proceedings of Something")
    );
    // biblatex hands a crossref's year on as `date`, which the importer reads too.
    assert_eq!(entries[1].get("date"), Some("2021"));
    assert_eq!(entries[2].kind, "proceedings");
}

#[test]
fn strings_apply_after_their_definition_and_undefined_ones_read_as_text() {
    let read = read(
        "@misc{early, title = venue, author = {A B}}\n\
             @string{venue = {Defined}}\n\
             @misc{broken, title = {x}\n\
             @misc{late, title = venue # { Too}, author = {A B}}\n\
             @string{loop = loop}\n\
             @misc{looped, title = loop, author = {A B}}\n",
    )
    .expect("reads");
    let titles: Vec<(&str, Option<&str>)> = read
        .entries
        .iter()
        .map(|e| (e.key.as_str(), e.get("title")))
        .collect();
    assert_eq!(
        titles,
        [
            ("early", Some("venue")),
            ("late", Some("Defined Too")),
            ("looped", Some("loop"))
        ]
    );
    assert_eq!(
        read.entries[0].notes,
        ["@string venue is not defined before this entry; read as the text \"venue\""]
    );
    assert_eq!(
        read.entries[2].notes,
        ["@string loop refers to itself; read as the text \"loop\""]
    );
    assert_eq!(
        read.problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["line 3 (entry broken): the entry is not closed: a } is missing before line 4"]
    );
}

#[test]
fn a_string_that_cannot_be_decoded_is_one_problem_where_it_is() {
    let read = read(
        "@string{ok = {Fine}}\n@string{bad = {Costs $5}, good = ok # { too}}\n\
             @misc{a, title = bad, author = {A B}, note = good}\n",
    )
    .expect("reads");
    assert_eq!(
        read.problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "line 2: @string bad: a $ or a brace is not closed; where it is used it reads as its name"
        ]
    );
    assert_eq!(read.entries[0].get("title"), Some("bad"));
    assert_eq!(read.entries[0].get("note"), Some("Fine too"));
}

#[test]
fn an_unreadable_field_is_left_out_unless_the_entry_needs_it() {
    let read = read(
        "@misc{a, title = {Costs}, author = {A B},\n  abstract = {Costs in $ terms}}\n\
             @misc{b, title = {Costs in $ terms}, author = {A B}}\n",
    )
    .expect("reads");
    assert_eq!(read.entries.len(), 1);
    assert_eq!(read.entries[0].get("abstract"), None);
    assert_eq!(
        read.entries[0].notes,
        ["field abstract (line 2) could not be read (a $ or a brace is not closed); left out"]
    );
    assert_eq!(
        read.problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["line 3 (entry b): title: a $ or a brace is not closed"]
    );
}
