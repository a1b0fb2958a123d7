//! Tests of the URL state: here the shared pieces (query encoding and id lists); each page's
//! params in a file of their own, with property tests (natively: proptest).

use super::{IdList, decode_query, encode_query};

#[test]
fn query_strings_decode_what_encode_wrote() {
    let pairs = vec![
        ("q", "Müller & co/2 + 1".to_owned()),
        ("topic", "a,b".to_owned()),
    ];
    let owned: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    assert_eq!(decode_query(&encode_query(&pairs)), owned);
    assert_eq!(
        decode_query("?q=a+b&&flag&x=%E2%82%AC"),
        [
            ("q".into(), "a b".into()),
            ("flag".into(), String::new()),
            ("x".into(), "€".into())
        ]
    );
    assert!(decode_query("").is_empty());
}

#[test]
fn query_strings_encode_what_needs_it() {
    assert_eq!(encode_query(&[]), "");
    assert_eq!(
        encode_query(&[("q", "Müller & co/2".into()), ("topic", "a,b".into())]),
        "?q=M%C3%BCller%20%26%20co%2F2&topic=a,b"
    );
}

#[test]
fn id_lists_parse_leniently_and_write_canonically() {
    type Case = (
        &'static [(&'static str, &'static str)],
        Option<&'static [&'static str]>,
    );
    let cases: &[Case] = &[
        (&[], None),
        (&[("q", "x")], None),
        (&[("ids", "")], Some(&[])),
        (&[("ids", "a, b,,a")], Some(&["a", "b"])),
        (&[("ids", "b"), ("ids", "a,b")], Some(&["b", "a"])),
    ];
    for (pairs, want) in cases {
        let got = IdList::from_pairs(pairs.iter().copied());
        let want = want.map(|w| IdList(w.iter().map(|s| (*s).to_owned()).collect()));
        assert_eq!(got, want, "{pairs:?}");
    }
    let list = IdList(vec!["luo-mai".into(), "michael-luo".into()]);
    assert_eq!(encode_query(&list.to_pairs()), "?ids=luo-mai,michael-luo");
    assert_eq!(IdList::default().to_pairs(), vec![]);
}

#[test]
fn components_decode_what_encoding_wrote() {
    use super::{decode_component, encode_into};
    for text in ["", "luo-mai", "a b&c/d", "Müller, 栾思飞", "100%"] {
        let mut encoded = String::new();
        encode_into(&mut encoded, text);
        assert_eq!(decode_component(&encoded), text);
    }
    assert_eq!(decode_component("%zz%4"), "%zz%4");
    assert_eq!(decode_component("a+b"), "a+b");
    assert_eq!(decode_component("%FF"), "\u{FFFD}");
}

#[cfg(not(target_arch = "wasm32"))]
mod directory;
#[cfg(not(target_arch = "wasm32"))]
mod organizations;
mod publications;
