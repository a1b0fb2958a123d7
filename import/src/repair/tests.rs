use super::*;

#[test]
fn utf8_read_as_windows_1252_is_turned_back() {
    assert_eq!(mojibake("Jos\u{C3}\u{A9} Garc\u{C3}\u{AD}a"), "José García");
    assert_eq!(mojibake("â€œQuotedâ€\u{9D} â€“ dash"), "“Quoted” – dash");
    assert_eq!(mojibake("\u{C4}\u{8D}ech \u{C5}\u{81}ukasz"), "čech Łukasz");
}

#[test]
fn utf8_read_as_latin1_with_c1_controls_is_turned_back() {
    // The abstract seen in a real OpenAlex record: "â" then U+0080 U+009C, a left quote.
    assert_eq!(
        mojibake("the \u{E2}\u{80}\u{9C}best\u{E2}\u{80}\u{9D}"),
        "the “best”"
    );
    assert_eq!(
        prose("the \u{E2}\u{80}\u{9C}best\u{E2}\u{80}\u{9D}"),
        "the “best”"
    );
}

#[test]
fn mojibake_twice_over_is_turned_back() {
    // "é" → "Ã©" → "ÃƒÂ©".
    assert_eq!(mojibake("Ren\u{C3}\u{192}\u{C2}\u{A9}"), "René");
    assert_eq!(line("  M\u{C3}\u{83}\u{C2}\u{BC}ller "), "Müller");
}

#[test]
fn correct_text_is_never_touched() {
    for s in [
        "café Müller Ærø Øster Ñandú",
        "Straße, Łódź, Žižek, naïve façade",
        "北京大学 · Москва · Αθήνα · القاهرة",
        "NÁŠ ÚSTAV, £100 © 2021 ±3 °C",
        "plain ASCII only",
    ] {
        assert_eq!(mojibake(s), s, "{s}");
        assert!(matches!(mojibake(s), Cow::Borrowed(_)));
    }
}

#[test]
fn a_line_loses_controls_and_invisible_characters() {
    assert_eq!(line("Deep\u{200B} Learning\u{200B}"), "Deep Learning");
    assert_eq!(line("\u{202E}gnp.exe"), "gnp.exe");
    assert_eq!(
        line("Title\twith\ncontrols\u{7}\u{85}"),
        "Title with controls"
    );
    assert_eq!(line("soft\u{AD}hyphen"), "softhyphen");
}

#[test]
fn prose_keeps_its_line_breaks_and_joiners() {
    assert_eq!(
        prose("one\r\ntwo\u{0}\u{200B}\n\tthree"),
        "one\ntwo\n\tthree"
    );
    assert_eq!(prose("می\u{200C}خواهم"), "می\u{200C}خواهم");
}

#[test]
fn a_document_in_windows_1252_is_detected_and_decoded() {
    let bytes = b"{\"name\": \"Universit\xe9 de Montr\xe9al, \xc9cole normale sup\xe9rieure, Fran\xe7ois M\xfcller\"}";
    let doc = document(bytes.to_vec()).expect("text");
    assert_eq!(
        doc.text,
        "{\"name\": \"Université de Montréal, École normale supérieure, François Müller\"}"
    );
    assert_eq!(doc.encoding, Some("windows-1252"));
    // The smart quotes and dash of Windows-1252's own row.
    let doc = document(b"title,\x93quoted\x94 \x96 text, na\xefve caf\xe9".to_vec()).unwrap();
    assert_eq!(doc.text, "title,“quoted” – text, naïve café");
}

#[test]
fn unicode_documents_are_read_as_they_are() {
    let doc = document("\u{FEFF}name\nJosé".as_bytes().to_vec()).unwrap();
    assert_eq!((doc.text.as_str(), doc.encoding), ("name\nJosé", None));
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("Zoë".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    assert_eq!(document(utf16).unwrap().text, "Zoë");
    assert_eq!(document(b"a\0b".to_vec()), Err(NotText::Binary));
}

#[test]
fn a_whole_document_is_repaired_line_by_line() {
    let bib = "@article{k,\r\n  title = {Caf\u{C3}\u{A9}\u{200B} data},\n}\n";
    assert_eq!(text(bib), "@article{k,\r\n  title = {Café data},\n}\n");
    assert!(matches!(text("plain\nfile"), Cow::Borrowed(_)));
}
