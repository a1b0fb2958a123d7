//! The author list: accents, `et al.` in every spelling, lists with commas or in double braces.

use super::*;

#[test]
fn dotless_i_and_j_take_their_accents() {
    let e = one(r#"@article{k,
          author = {Jos{\'e} Garc{\'\i}a and Mart\'{\i}n Ab{\"\i}n and Dar{\'\i}o Ol{\`\i}ve and \v{\j}an Y{\i}lmaz},
          title = {T},
          year = 2023,
        }"#);
    assert_eq!(
        e.authors,
        ["José García", "Martín Abïn", "Darío Olìve", "ǰan Yılmaz"]
    );
}

#[test]
fn scholar_escaped_braces_and_et_al() {
    let e = one(r"@inproceedings{yang2023skypilot,
              title={$\{$SkyPilot$\}$: An intercloud broker for sky computing},
              author={Yang, Zongheng and Luo, Michael and others},
              booktitle={20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)},
              year={2023}
            }");
    assert_eq!(
        e.get("title"),
        Some("SkyPilot: An intercloud broker for sky computing")
    );
    assert_eq!(e.authors, ["Zongheng Yang", "Michael Luo"]);
    assert!(e.more_authors);
    assert_eq!(e.kind, "inproceedings");
}

#[test]
fn every_spelling_of_et_al_means_more_authors() {
    for list in [
        "Ann Lee and Bo Chen and others",
        "Ann Lee and Bo Chen and Others",
        "Ann Lee and Bo Chen and {others}",
        "Lee, Ann and Chen, Bo and et al.",
        "Ann Lee and Bo Chen et al.",
        "Ann Lee and Bo Chen et~al",
        "Ann Lee and Bo Chen, et al.",
    ] {
        let e = one(&format!("@misc{{k, title = {{T}}, author = {{{list}}}}}"));
        assert_eq!(
            (e.authors.as_slice(), e.more_authors),
            (&["Ann Lee".to_owned(), "Bo Chen".to_owned()][..], true),
            "{list}"
        );
    }
}

#[test]
fn author_lists_split_at_commas_only_when_a_piece_is_no_last_first_name() {
    let comma_note = "the authors are a list with commas (A, B, and C); read one name between each";
    for (list, want, note) in [
        // A stray comma before "and" in a list of "Last, First" names.
        (
            "Lee*, Ann and Chen*, Bo, and Dee, Cy",
            &["Ann Lee*", "Bo Chen*", "Cy Dee"][..],
            false,
        ),
        ("Lee, Ann, and Chen, Bo", &["Ann Lee", "Bo Chen"], false),
        ("Lee, Ann and Bo Chen", &["Ann Lee", "Bo Chen"], false),
        (
            "King, Jr., Martin and Bo Chen",
            &["Martin King Jr.", "Bo Chen"],
            false,
        ),
        // Names written "First Last", with commas between them.
        (
            "Ann Lee, Bo Chen, and Cy Dee",
            &["Ann Lee", "Bo Chen", "Cy Dee"],
            true,
        ),
        (
            "Ann Lee, Bo Chen, Cy Dee",
            &["Ann Lee", "Bo Chen", "Cy Dee"],
            true,
        ),
        (
            "Ann Lee, Bo Chen, Cy Dee and Di Eng",
            &["Ann Lee", "Bo Chen", "Cy Dee", "Di Eng"],
            true,
        ),
    ] {
        let e = one(&format!("@misc{{k, title = {{T}}, author = {{{list}}}}}"));
        assert_eq!(e.authors, want, "{list}");
        assert_eq!(e.notes.contains(&comma_note.to_owned()), note, "{list}");
    }
}

#[test]
fn a_list_in_double_braces_is_unwrapped_when_it_names_several_people() {
    for (field, want) in [
        (
            "{{Ann Lee and Bo Chen and Cy Dee}}",
            &["Ann Lee", "Bo Chen", "Cy Dee"][..],
        ),
        ("{{Ann Lee and Bo van Chen}}", &["Ann Lee", "Bo van Chen"]),
        (
            r#"{{J{\"o}rg M{\"u}ller and Bo Chen and Cy Dee}}"#,
            &["Jörg Müller", "Bo Chen", "Cy Dee"],
        ),
        (
            "{{Lee, Ann and Chen, Bo and Dee, Cy}}",
            &["Ann Lee", "Bo Chen", "Cy Dee"],
        ),
        // Corporate authors stay one name.
        ("{{Barnes and Noble}}", &["Barnes and Noble"]),
        (
            "{{Ministry of Health and Social Affairs}}",
            &["Ministry of Health and Social Affairs"],
        ),
        (
            "{{Example Labs and Partners}}",
            &["Example Labs and Partners"],
        ),
    ] {
        let e = one(&format!("@misc{{k, title = {{T}}, author = {field}}}"));
        assert_eq!(e.authors, want, "{field}");
        let note = format!(
            "the author list is wrapped in double braces, as one name; read as its {} names",
            want.len()
        );
        assert_eq!(e.notes.contains(&note), want.len() > 1, "{field}");
    }
}
