use super::*;

/// The scratch dataset after `department.csv`, and the report of `csv` (written as `text`)
/// imported into it.
fn after_department(text: &str) -> (Scratch, RosterReport) {
    let s = Scratch::new();
    s.import("department.csv");
    s.write("more.csv", text);
    let report = s.import("more.csv");
    (s, report)
}

#[test]
fn an_identifier_finds_a_person_under_another_spelling() {
    let (s, report) = after_department(
        "name,orcid,openalex\nA. Quillfeather,https://orcid.org/0000-0001-5000-0007,\nTamsin Brook-Hale,,A5100000001\n",
    );
    let text = report.to_string();
    assert_eq!(
        lines(&report),
        [
            "line 2 A. Quillfeather (ada-quillfeather): unchanged, found by ORCID",
            "line 3 Tamsin Brook-Hale (tamsin-brook): unchanged, found by OpenAlex",
        ]
    );
    assert!(
        text.contains(
            "conflict: name: the roster has \"A. Quillfeather\", the dataset \"Ada Quillfeather\""
        ),
        "{text}"
    );
    assert_eq!(
        person(&s.dataset(), "ada-quillfeather").name,
        "Ada Quillfeather"
    );
}

#[test]
fn rows_that_cannot_be_placed_for_sure_are_bad() {
    let (s, report) = after_department(
        "name,id,stage,orcid,dblp\n\
         Ada Quillfeather,,,0000-0001-5000-0007,98/7654\n\
         Tamsin Brook,,,,11/1111\n\
         Tamsin Brook,tamsin-brook-2,postdoc,,11/1111\n",
    );
    assert_eq!(
        lines(&report),
        [
            "line 2 Ada Quillfeather: bad row, skipped: its ORCID is ada-quillfeather's and its dblp is tamsin-brook's; give an id to say who it is",
            "line 3 Tamsin Brook: bad row, skipped: Tamsin Brook is in the dataset as tamsin-brook, whose dblp is 98/7654, not 11/1111: a namesake? give tamsin-brook in the id cell to update them, or a new id to add another person",
            "line 4 Tamsin Brook (tamsin-brook-2): new",
        ]
    );
    assert!(
        report.to_string().contains("note: Tamsin Brook has the name of tamsin-brook, kept apart: the id cell names a new id"),
        "{report}"
    );
    // Two people of one name now: a row by that name alone needs an id.
    s.write("again.csv", "name\nTamsin Brook\n");
    let report = s.import("again.csv");
    assert_eq!(
        lines(&report),
        [
            "line 2 Tamsin Brook: bad row, skipped: Tamsin Brook is the name of tamsin-brook and tamsin-brook-2; give an id to say which"
        ]
    );
}

#[test]
fn an_identifier_on_another_record_is_not_copied() {
    let (s, report) =
        after_department("name,id,orcid\nCorin Vale,corin-vale,0000-0001-5000-0007\n");
    let text = report.to_string();
    assert_eq!(
        lines(&report),
        ["line 2 Corin Vale (corin-vale): unchanged, found by id"]
    );
    assert!(
        text.contains("conflict: ORCID 0000-0001-5000-0007 is on ada-quillfeather's record; not added to corin-vale"),
        "{text}"
    );
    assert_eq!(
        person(&s.dataset(), "corin-vale").identifier(research_atlas::model::LinkKind::Orcid),
        None
    );
}

#[test]
fn made_ids_are_unique_and_never_take_a_roster_id() {
    let s = Scratch::new();
    s.write(
        "ids.csv",
        "name,id,stage\nRae Lowe,,faculty\nRae Lowe,rae-lowe,student\nMichael Luo,michael-luo-3,industry\n",
    );
    let report = s.import("ids.csv");
    assert_eq!(
        lines(&report),
        [
            "line 2 Rae Lowe (rae-lowe-2): new",
            "line 3 Rae Lowe (rae-lowe): new",
            "line 4 Michael Luo (michael-luo-3): new",
        ]
    );
}

#[test]
fn a_person_on_two_rows_is_placed_once() {
    let s = Scratch::new();
    s.write(
        "twice.csv",
        "name,stage,homepage,bib\nAda Quillfeather,phd_student,,bibs/ada.bib\nAda Quillfeather,,https://example.org/~ada,\n",
    );
    let report = s.import("twice.csv");
    assert_eq!(
        lines(&report),
        [
            "line 2 Ada Quillfeather (ada-quillfeather): new; bib: 3 added, 0 merged, 0 unchanged, 1 skipped",
            "line 3 Ada Quillfeather (ada-quillfeather): updated (homepage https://example.org/~ada), found by name",
        ]
    );
    let before = s.bytes();
    s.import("twice.csv");
    assert_eq!(s.bytes(), before);
}
