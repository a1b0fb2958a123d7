//! The phone-number rule: no free text in the dataset may hold one. URLs are not free text: a
//! staff page ending in a long numeric id or a host given by IP address and port is not a phone
//! number, so URL fields are never checked ([`super::checker`]) and URL-shaped words inside free
//! text are passed over, as is an ISBN (`ISBN 978-1-4503-4232-2` is grouped as a phone number
//! is).

use std::borrow::Cow;

/// Finds a phone-number-like run: 10 to 13 digits written as a phone number is written — three
/// or more groups of at most four digits, one of them shorter than four (`555 010 0199`, `+44 20 7946 0958`), or one unbroken
/// run of 10 or 11 digits.
///
/// Tuned not to fire on what the dataset legitimately holds: arXiv ids (9 digits), ORCIDs
/// (16 digits), DOIs (long groups, broken by `/`), page ranges and year spans (8 digits or fewer).
pub fn find_phone_number(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(len) = url_at(&bytes[i..]).or_else(|| isbn_at(&bytes[i..])) {
            i += len;
            continue;
        }
        let starts_run = bytes[i].is_ascii_digit() || matches!(bytes[i], b'+' | b'(');
        if !starts_run || (i > 0 && bytes[i - 1].is_ascii_alphanumeric()) {
            i += 1;
            continue;
        }
        let (mut groups, mut group_len, mut longest, mut digits) = (0, 0, 0, 0);
        let mut shortest = usize::MAX;
        let (mut sep_run, mut j, mut end) = (0, i, i);
        while j < bytes.len() {
            let b = bytes[j];
            if b.is_ascii_digit() {
                if group_len == 0 {
                    groups += 1;
                }
                group_len += 1;
                longest = longest.max(group_len);
                digits += 1;
                sep_run = 0;
                end = j + 1;
            } else if matches!(b, b' ' | b'-' | b'.' | b'(' | b')' | b'+') && sep_run < 2 {
                if group_len > 0 {
                    shortest = shortest.min(group_len);
                }
                sep_run += 1;
                group_len = 0;
            } else {
                break;
            }
            j += 1;
        }
        if group_len > 0 {
            shortest = shortest.min(group_len);
        }
        let after_ok = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric();
        // Phone numbers nearly always have a group of two or three digits; lists of years do not.
        let grouped = groups >= 3 && longest <= 4 && shortest <= 3;
        let unbroken = groups == 1 && (10..=11).contains(&digits);
        if (10..=13).contains(&digits) && after_ok && (grouped || unbroken) {
            return Some(&text[i..end]);
        }
        i = j.max(i + 1);
    }
    None
}

/// `text` with every phone-number-like run ([`find_phone_number`]) replaced by
/// `[phone number hidden]`: for messages that quote a value, which the app shows.
pub fn hide_phone_numbers(text: &str) -> Cow<'_, str> {
    let Some(first) = find_phone_number(text) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut found = Some(first);
    while let Some(phone) = found {
        let start = phone.as_ptr() as usize - rest.as_ptr() as usize;
        out.push_str(&rest[..start]);
        out.push_str("[phone number hidden]");
        rest = &rest[start + phone.len()..];
        found = find_phone_number(rest);
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The length of the ISBN `text` starts with (`ISBN`, `ISBN-13:`, `isbn 10` then digits,
/// hyphens, spaces and a final `X`), if it starts with one.
fn isbn_at(text: &[u8]) -> Option<usize> {
    if !text.get(..4)?.eq_ignore_ascii_case(b"isbn") {
        return None;
    }
    let mut at = 4;
    for label in [&b"-13"[..], b"-10", b"13", b"10"] {
        if text[at..].starts_with(label) {
            at += label.len();
            break;
        }
    }
    let number = |b: &u8| b.is_ascii_digit() || matches!(b, b'-' | b' ' | b':' | b'X' | b'x');
    Some(at + text[at..].iter().take_while(|b| number(b)).count())
}

/// The length of the URL-shaped word `text` starts with (`https://…`, `http://…`, `www.…`, up
/// to the next space or closing bracket), if it starts with one.
fn url_at(text: &[u8]) -> Option<usize> {
    let starts = |p: &[u8]| {
        text.get(..p.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(p))
    };
    if ![&b"https://"[..], b"http://", b"www."]
        .into_iter()
        .any(starts)
    {
        return None;
    }
    let end = |b: &u8| b.is_ascii_whitespace() || matches!(b, b')' | b']' | b'>' | b'"');
    Some(text.iter().position(end).unwrap_or(text.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_numbers_are_found_and_identifiers_are_not() {
        for phone in [
            "+1 (555) 010-0199",
            "555-010-0199",
            "(555) 010 0199",
            "5550100199",
            "call +44 20 7946 0958 now",
            "office http://example.org/ or 555-010-0199",
            "(www.example.org) 555 010 0199",
        ] {
            assert!(find_phone_number(phone).is_some(), "{phone:?} was missed");
        }
        for ok in [
            "arXiv:2502.13965",
            "0000-0003-2317-1956",
            "10.1145/3603269.3604848",
            "pp. 32888–32915",
            "2012 - 2016",
            "2021-2025",
            "vol. 34, 2021, pp. 5506–5517",
            "https://pretty-radio-b75.notion.site/DeepCoder-1cf81902c14680b3bee5eb349a512a51",
            "EH8 9AB",
            "https://doi.org/10.1109/LRA.2021.3070252",
            "2016 2017 2018",
            // Real homepages a faculty list gave: a staff page ending in a long numeric id, a
            // host given by IP address and port; in running text too.
            "https://www.example-university.edu/staff/profile/1234567890",
            "http://www.uni.example.de/en/people/person/12345678901/",
            "http://192.168.104.21:8080/",
            "Homepage: http://203.0.113.55:8000/~lab/ (lab server)",
            "see www.example.org/people/5550100199 for more",
            // ISBNs, as a publisher's front matter in an abstract gives them.
            "ISBN 978-1-4503-4232-2",
            "(ISBN-13: 978-1-4503-4232-2; isbn 0-306-40615-2)",
        ] {
            assert_eq!(
                find_phone_number(ok),
                None,
                "{ok:?} was taken for a phone number"
            );
        }
    }

    #[test]
    fn hidden_phone_numbers_leave_the_rest_of_the_text() {
        assert_eq!(
            hide_phone_numbers("\"tel:+15550100199\" is not an http, https or mailto URL"),
            "\"tel:[phone number hidden]\" is not an http, https or mailto URL"
        );
        assert_eq!(
            hide_phone_numbers("call 555-010-0199 or (555) 010 0198."),
            "call [phone number hidden] or [phone number hidden]."
        );
        let plain = "researchers[3].year: 3024 is after 2027";
        assert!(matches!(hide_phone_numbers(plain), Cow::Borrowed(t) if t == plain));
    }
}
