//! The shapes of identifiers: DOIs, arXiv ids, the ORCID, dblp and OpenAlex links of a person,
//! dblp venue keys, a record's id in each open source, and the day a citation count was made.
//! Each `check_…` returns the reason a value fails, for a message that says what to fix.

use super::rules::character;
use crate::error::Invalid;
use crate::model::{LinkKind, Origin};

/// A DOI in the shape Crossref recommends, `^10\.\d{4,9}/[-._;()/:A-Za-z0-9]+$`: the
/// directory's prefix `10.`, a registrant code of 4 to 9 digits, `/`, and a suffix of letters,
/// digits and `- . _ ; ( ) / :`. `Err` says what is wrong.
pub fn check_doi(doi: &str) -> Result<(), Invalid> {
    let lower = doi.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("doi:") {
        return Err(Invalid::DoiResolver);
    }
    let Some(rest) = doi.strip_prefix("10.") else {
        return Err(Invalid::DoiPrefix);
    };
    let registrant = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(4..=9).contains(&registrant) || rest.as_bytes().get(registrant) != Some(&b'/') {
        return Err(Invalid::DoiRegistrant);
    }
    let suffix = &rest[registrant + 1..];
    if suffix.is_empty() {
        return Err(Invalid::DoiSuffix);
    }
    match suffix
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || "-._;()/:".contains(c)))
    {
        Some(c) => Err(Invalid::DoiCharacter(character(c))),
        None => Ok(()),
    }
}

/// A new-style arXiv identifier, `YYMM.NNNNN` with an optional version `vN`: a month from
/// 0704 (when the scheme began) on, four digits after the dot until 1412 and five from 1501.
/// Old-style ids (`cs/0101001`) are not accepted. `Err` says what is wrong.
pub fn check_arxiv(id: &str) -> Result<(), Invalid> {
    if id.to_ascii_lowercase().starts_with("arxiv:") {
        return Err(Invalid::ArxivPrefix);
    }
    if id.contains('/') {
        return Err(Invalid::ArxivOldStyle);
    }
    let (number, version) = match id.split_once('v') {
        Some((n, v)) => (n, Some(v)),
        None => (id, None),
    };
    if let Some(v) = version
        && (v.is_empty() || v.starts_with('0') || !v.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(Invalid::ArxivVersion);
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let Some((yymm, seq)) = number
        .split_once('.')
        .filter(|(a, b)| a.len() == 4 && digits(a) && digits(b))
    else {
        return Err(Invalid::ArxivForm);
    };
    let month: u32 = yymm[2..].parse().unwrap_or(0);
    let yymm: u32 = yymm.parse().unwrap_or(0);
    if !(1..=12).contains(&month) || yymm < 704 {
        return Err(Invalid::ArxivMonth);
    }
    let want = if yymm <= 1412 { 4 } else { 5 };
    if seq.len() != want {
        return Err(Invalid::ArxivDigits {
            digits: want,
            month: yymm,
        });
    }
    Ok(())
}

/// The identifier links' own shapes: ORCID, dblp and OpenAlex links must hold an id of that
/// source (importers read the id from the link); other kinds take any valid URL.
pub fn check_identifier_link(kind: LinkKind, url: &str) -> Result<(), Invalid> {
    match kind {
        LinkKind::Orcid => check_orcid_url(url),
        LinkKind::Dblp => check_dblp_url(url),
        LinkKind::Openalex => check_openalex_url(url),
        _ => Ok(()),
    }
}

/// A dblp person page, `https://dblp.org/pid/56/2455` (also `…/pid/l/LeslieLamport`,
/// `…/pid/123/4567-1`): the pid is two or more `/`-separated parts of letters, digits, `-`
/// and `_`.
pub fn check_dblp_url(url: &str) -> Result<(), Invalid> {
    let pid = url
        .strip_prefix("https://dblp.org/pid/")
        .ok_or(Invalid::DblpLink)?;
    let pid = pid.strip_suffix(".html").unwrap_or(pid);
    let parts: Vec<&str> = pid.split('/').collect();
    let shaped = parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    if shaped {
        Ok(())
    } else {
        Err(Invalid::DblpPid)
    }
}

/// A dblp venue key, `conf/nsdi` or `journals/pvldb`: a stream kind, `/`, and the stream's
/// name in lowercase letters, digits and `-`.
pub fn check_dblp_venue(key: &str) -> Result<(), Invalid> {
    let shaped = key.split_once('/').is_some_and(|(kind, name)| {
        matches!(kind, "conf" | "journals" | "series" | "books")
            && !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    });
    if shaped {
        Ok(())
    } else {
        Err(Invalid::DblpVenue)
    }
}

/// An OpenAlex author link, `https://openalex.org/A5023888391`: `A` and digits.
pub fn check_openalex_url(url: &str) -> Result<(), Invalid> {
    let id = url
        .strip_prefix("https://openalex.org/")
        .ok_or(Invalid::OpenalexLink)?;
    let digits = id.strip_prefix('A').unwrap_or("");
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(Invalid::OpenalexAuthor)
    }
}

/// The ISO 7064 MOD 11-2 check character (`0`–`9` or `X`) of an ORCID iD: of the first
/// fifteen digits of `id`, hyphens passed over.
pub fn orcid_check_digit(id: &str) -> char {
    let mut total = 0u32;
    for b in id.bytes().filter(u8::is_ascii_digit).take(15) {
        total = (total + u32::from(b - b'0')) * 2;
    }
    let check = (12 - total % 11) % 11;
    if check == 10 {
        'X'
    } else {
        char::from(b'0' + check as u8)
    }
}

/// An ORCID record link, `https://orcid.org/0000-0002-1825-0097`: four groups of four digits,
/// the last character a digit or `X` that is the ISO 7064 MOD 11-2 check of the other fifteen.
pub fn check_orcid_url(url: &str) -> Result<(), Invalid> {
    let Some(id) = url.strip_prefix("https://orcid.org/") else {
        return Err(Invalid::OrcidLink);
    };
    let groups: Vec<&str> = id.split('-').collect();
    let shaped = id.is_ascii()
        && groups.len() == 4
        && groups.iter().all(|g| g.len() == 4)
        && id[..id.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'-')
        && id.ends_with(|c: char| c.is_ascii_digit() || c == 'X');
    if !shaped {
        return Err(Invalid::OrcidShape);
    }
    let want = orcid_check_digit(id);
    let have = id.chars().last().unwrap_or(' ');
    if have != want {
        return Err(Invalid::OrcidCheckDigit {
            found: have,
            needed: want,
        });
    }
    Ok(())
}

/// A day, `YYYY-MM-DD`, that is in the calendar (1900 to 2999).
pub fn check_day(day: &str) -> Result<(), Invalid> {
    let parts: Vec<&str> = day.split('-').collect();
    let number = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse::<u32>().ok())?
    };
    let [y, m, d] = parts[..] else {
        return Err(Invalid::DayForm);
    };
    let (Some(y), Some(m), Some(d)) = (number(y, 4), number(m, 2), number(d, 2)) else {
        return Err(Invalid::DayForm);
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return Err(Invalid::Month(m)),
    };
    if !(1900..3000).contains(&y) {
        return Err(Invalid::Year(y));
    }
    if d == 0 || d > days {
        return Err(Invalid::Day {
            year: y,
            month: m,
            day: d,
        });
    }
    Ok(())
}

/// A record's id in an open source: a dblp key (`conf/nsdi/LuanXY23`: three or more
/// `/`-separated parts), an OpenAlex work (`W` and digits), an ORCID work (`<iD>/work/<put-code>`).
pub fn check_source_id(origin: Origin, id: &str) -> Result<(), Invalid> {
    let part = |p: &str| {
        !p.is_empty()
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
    };
    match origin {
        Origin::Dblp => {
            let parts: Vec<&str> = id.split('/').collect();
            if parts.len() >= 3 && parts.iter().all(|p| part(p)) {
                Ok(())
            } else {
                Err(Invalid::DblpKey)
            }
        }
        Origin::Openalex => {
            let digits = id.strip_prefix('W').unwrap_or("");
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                Ok(())
            } else {
                Err(Invalid::OpenalexWork)
            }
        }
        Origin::Orcid => {
            let (orcid, code) = id.split_once("/work/").ok_or(Invalid::OrcidWork)?;
            check_orcid_url(&format!("https://orcid.org/{orcid}"))?;
            if !code.is_empty() && code.bytes().all(|b| b.is_ascii_digit()) {
                Ok(())
            } else {
                Err(Invalid::PutCode)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LinkKind;

    #[test]
    fn dois_follow_the_crossref_pattern() {
        for ok in [
            "10.1145/3603269.3604848",
            "10.1109/CASE49439.2021.9551469",
            "10.1000/a_b-c;(d)/e:f",
            "10.123456789/x",
        ] {
            assert_eq!(check_doi(ok), Ok(()), "{ok}");
        }
        let bad = [
            (
                "10.1000/x},url=\"javascript:alert(1)\",injected=pwned",
                "contains '}', which the Crossref pattern does not allow",
            ),
            ("10.1000/x y", "contains ' ' (U+0020)"),
            ("10.1000/x\u{202E}", "U+202E RIGHT-TO-LEFT OVERRIDE"),
            ("10.1000/ü", "'ü' (U+00FC)"),
            ("10.1000/a%7B", "contains '%'"),
            ("10.1000/a{b}", "contains '{'"),
            ("10.1000/", "nothing after the \"/\""),
            ("10.100/x", "registrant code of 4 to 9 digits"),
            ("10.1234567890/x", "registrant code of 4 to 9 digits"),
            ("10.abcd/x", "registrant code of 4 to 9 digits"),
            ("10.1000", "registrant code of 4 to 9 digits"),
            ("11.1000/x", "does not start with \"10.\""),
            ("", "does not start with \"10.\""),
            ("https://doi.org/10.1000/x", "without a resolver"),
            ("doi:10.1000/x", "without a resolver"),
        ];
        for (doi, why) in bad {
            let err = check_doi(doi).expect_err(doi).to_string();
            assert!(err.contains(why), "{doi:?}: {err}");
        }
    }

    #[test]
    fn dblp_and_openalex_links_hold_their_ids() {
        for ok in [
            "https://dblp.org/pid/56/2455",
            "https://dblp.org/pid/l/LeslieLamport",
            "https://dblp.org/pid/123/4567-1.html",
        ] {
            assert_eq!(check_dblp_url(ok), Ok(()), "{ok}");
        }
        for bad in [
            "https://dblp.org/pers/hd/l/Lamport:Leslie",
            "https://dblp.org/pid/56",
            "https://dblp.org/pid/56//2455",
            "http://dblp.org/pid/56/2455",
        ] {
            assert!(check_dblp_url(bad).is_err(), "{bad}");
        }
        assert_eq!(
            check_openalex_url("https://openalex.org/A5023888391"),
            Ok(())
        );
        for bad in [
            "https://openalex.org/W2741809807",
            "https://openalex.org/A",
            "https://api.openalex.org/authors/A5023888391",
        ] {
            assert!(check_openalex_url(bad).is_err(), "{bad}");
        }
        assert_eq!(check_dblp_venue("conf/nsdi"), Ok(()));
        assert_eq!(check_dblp_venue("journals/pvldb"), Ok(()));
        for bad in ["nsdi", "conf/", "conf/NSDI", "db/conf/nsdi"] {
            assert!(check_dblp_venue(bad).is_err(), "{bad}");
        }
        assert!(check_identifier_link(LinkKind::Homepage, "https://x.org").is_ok());
        assert!(check_identifier_link(LinkKind::Dblp, "https://x.org").is_err());
    }

    #[test]
    fn days_are_calendar_days() {
        for ok in ["2026-11-01", "2024-02-29", "1999-12-31"] {
            assert_eq!(check_day(ok), Ok(()), "{ok}");
        }
        for (bad, why) in [
            ("2026-11", "year-month-day"),
            ("2026-1-01", "year-month-day"),
            ("2025-02-29", "no day 29"),
            ("2026-13-01", "13 is not a month"),
            ("2026-04-31", "no day 31"),
            ("0026-04-01", "not a year"),
            ("2026-11-01T00:00", "year-month-day"),
        ] {
            let e = check_day(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn source_ids_have_their_sources_shape() {
        for (origin, ok) in [
            (Origin::Dblp, "conf/nsdi/LuanXY23"),
            (Origin::Dblp, "journals/corr/abs-2301-03734"),
            (Origin::Openalex, "W2741809807"),
            (Origin::Orcid, "0000-0002-1825-0097/work/1234"),
        ] {
            assert_eq!(check_source_id(origin, ok), Ok(()), "{ok}");
        }
        for (origin, bad) in [
            (Origin::Dblp, "conf/nsdi"),
            (Origin::Dblp, "conf/nsdi/a b"),
            (Origin::Openalex, "A5023888391"),
            (Origin::Openalex, "https://openalex.org/W1"),
            (Origin::Orcid, "0000-0002-1825-0097"),
            (Origin::Orcid, "0000-0002-1825-0098/work/1"),
            (Origin::Orcid, "0000-0002-1825-0097/work/x"),
        ] {
            assert!(check_source_id(origin, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_orcid_id_ending_in_a_wide_character_is_refused_not_a_panic() {
        assert!(check_orcid_url("https://orcid.org/0000-0000-0000-00é").is_err());
    }

    #[test]
    fn orcid_links_carry_a_valid_check_digit() {
        for ok in [
            "https://orcid.org/0000-0002-1825-0097",
            "https://orcid.org/0000-0002-1694-233X",
            "https://orcid.org/0000-0003-2317-1956",
        ] {
            assert_eq!(check_orcid_url(ok), Ok(()), "{ok}");
        }
        let bad = [
            ("https://orcid.org/0000-0002-1825-0098", "check digit 8"),
            ("https://orcid.org/0000-0002-1694-2339", "need X"),
            ("https://orcid.org/0000-0002-1825-009", "four groups"),
            ("https://orcid.org/0000-0002-1825-00977", "four groups"),
            ("https://orcid.org/0000-0002-18250-097", "four groups"),
            ("https://orcid.org/000X-0002-1825-0097", "four groups"),
            ("https://orcid.org/0000-0002-1825-0097/", "four groups"),
            (
                "http://orcid.org/0000-0002-1825-0097",
                "not an ORCID record link",
            ),
            (
                "https://evil.example/0000-0002-1825-0097",
                "not an ORCID record link",
            ),
        ];
        for (url, why) in bad {
            let err = check_orcid_url(url).expect_err(url).to_string();
            assert!(err.contains(why), "{url}: {err}");
        }
    }

    #[test]
    fn arxiv_ids() {
        for ok in [
            "2502.13965",
            "0706.0001",
            "2301.03734v2",
            "0704.0001",
            "1412.9999v12",
        ] {
            assert_eq!(check_arxiv(ok), Ok(()), "{ok}");
        }
        let bad = [
            ("arXiv:2502.13965", "without the \"arXiv:\" prefix"),
            ("cs/0101001", "old-style id"),
            ("https://arxiv.org/abs/2502.13965", "old-style id or a link"),
            ("2502.13965v", "version"),
            ("2502.13965v0", "version"),
            ("2502.13965vx", "version"),
            ("2513.13965", "no such month"),
            ("2500.13965", "no such month"),
            ("0703.0001", "no such month"),
            ("2502.1396", "needs 5 digits"),
            ("1706.0376", "needs 5 digits"),
            ("1412.00001", "needs 4 digits"),
            ("2502.13965}", "YYMM.NNNNN"),
            ("2502.13965\u{202E}", "YYMM.NNNNN"),
            ("25021.3965", "YYMM.NNNNN"),
            ("", "YYMM.NNNNN"),
        ];
        for (id, why) in bad {
            let err = check_arxiv(id).expect_err(id).to_string();
            assert!(err.contains(why), "{id:?}: {err}");
        }
    }
}
