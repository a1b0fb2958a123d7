use super::super::table::{Line, RawRow, read};

fn cell(s: &str) -> Option<String> {
    Some(s.to_owned())
}

#[test]
fn columns_are_read_by_their_header_in_any_order_and_case() {
    let table = read("Stage, NAME ,orcid\nfaculty,Ada Quill,0000-0001-5000-0007\n").unwrap();
    assert_eq!(
        table.lines,
        [Line {
            line: 2,
            row: Ok(RawRow {
                name: cell("Ada Quill"),
                stage: cell("faculty"),
                orcid: cell("0000-0001-5000-0007"),
                ..RawRow::default()
            })
        }]
    );
    assert!(table.unknown_columns.is_empty());
}

#[test]
fn unknown_columns_are_named_once_and_their_cells_ignored() {
    let table = read("name,Email,office,\nAda,a@example.org,B12,\nBo,,,\n").unwrap();
    assert_eq!(
        table.unknown_columns,
        ["Email", "office", "column 4 (no name)"]
    );
    let names: Vec<Option<String>> = table
        .lines
        .iter()
        .map(|l| l.row.clone().unwrap().name)
        .collect();
    assert_eq!(names, [cell("Ada"), cell("Bo")]);
}

#[test]
fn empty_cells_short_rows_quotes_and_a_byte_order_mark() {
    let text = "\u{feff}name,organization,bib\r\n\"Brook, Tamsin\",,\r\nCorin Vale\r\n\r\n,,\r\n\"Multi\nLine\",UMich,x.bib\r\n";
    let table = read(text).unwrap();
    let rows: Vec<(usize, RawRow)> = table
        .lines
        .into_iter()
        .map(|l| (l.line, l.row.unwrap()))
        .collect();
    assert_eq!(
        rows,
        [
            (
                2,
                RawRow {
                    name: cell("Brook, Tamsin"),
                    ..RawRow::default()
                }
            ),
            (
                3,
                RawRow {
                    name: cell("Corin Vale"),
                    ..RawRow::default()
                }
            ),
            (
                6,
                RawRow {
                    name: cell("Multi\nLine"),
                    organization: cell("UMich"),
                    bib: cell("x.bib"),
                    ..RawRow::default()
                }
            ),
        ]
    );
}

#[test]
fn a_row_longer_than_the_header_is_bad_and_the_rest_is_read() {
    let table = read("name,stage\nAda,faculty,extra\nBo,student\n").unwrap();
    let Line { line, row } = &table.lines[0];
    assert_eq!(
        (*line, row.as_ref().map_err(ToString::to_string)),
        (
            2,
            Err(
                "has 3 cells, but the header names 2 columns; a cell past them would be lost"
                    .into()
            )
        )
    );
    assert_eq!(table.lines[1].row.as_ref().unwrap().name, cell("Bo"));
}

#[test]
fn a_file_without_a_usable_header_is_refused() {
    for (text, error) in [
        ("", "line 1: no header"),
        (
            "id,stage\nada,faculty\n",
            "line 1: the header has no name column",
        ),
        (
            "name,id,Name\n",
            "line 1: the header names the column \"name\" twice",
        ),
    ] {
        let err = read(text).unwrap_err().to_string();
        assert!(err.starts_with(error), "{text:?}: {err}");
    }
}
