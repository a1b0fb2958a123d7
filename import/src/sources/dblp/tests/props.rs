//! No input makes the reader panic: arbitrary text, XML-ish text, and the fixtures cut and
//! spliced.

use proptest::prelude::*;

use super::disambiguation::{DISAMBIGUATION, NUMBERED};
use super::fixture;
use crate::sources::dblp::read;

/// Pieces of person records, in any order and number.
const PIECES: &str = concat!(
    "(<dblpperson( pid=\"[a-z0-9/]{0,6}\")?>|</dblpperson>|<person>|</person>|<r>|</r>",
    "|<article( key=\"[a-z/]{0,12}\")?( publtype=\"informal\")?>|</article>",
    "|<inproceedings>|</inproceedings>|<title>|</title>|<year>|</year>|<i>|</i>",
    "|<ee>|</ee>|<author( pid=\"x\")?>|</author>|<!\\[CDATA\\[|\\]\\]>|<!--|-->",
    "|&[a-z#0-9]{0,6};|[ a-z0-9.:/-]{0,12})*",
);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_text(s in any::<String>()) {
        let _ = read(&s);
    }

    #[test]
    fn xml_ish_text(s in PIECES) {
        let _ = read(&s);
    }

    #[test]
    fn fixture_mutated(cut in 0.0f64..1.0, len in 0usize..400, insert in "[<>&/\"a-z0-9 ;#]{0,8}") {
        let texts = [
            fixture("person.xml"),
            fixture("doctype.xml"),
            DISAMBIGUATION.into(),
            NUMBERED.into(),
        ];
        for text in texts {
            let mut bytes = text.into_bytes();
            let at = ((bytes.len() as f64) * cut) as usize;
            let end = (at + len).min(bytes.len());
            bytes.splice(at..end, insert.bytes());
            let _ = read(&String::from_utf8_lossy(&bytes));
        }
    }
}
