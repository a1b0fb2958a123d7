//! The format rules a value must follow: slugs, language tags, DOIs, arXiv ids, ORCID links and
//! URLs. Each `check_…` returns the reason a value fails, for a message that says what to fix.

use crate::model::invisible::invisible_name;
use crate::model::{LinkKind, Origin};

/// Lowercase ASCII letters and digits in runs joined by single hyphens: safe in a URL path.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// A BCP 47 language tag in the common shape: a 2–3 letter language, then subtags of 2–8
/// letters or digits (`zh`, `zh-Hans`, `pt-BR`).
pub fn is_language_tag(s: &str) -> bool {
    let mut parts = s.split('-');
    let lang_ok = parts
        .next()
        .is_some_and(|l| (2..=3).contains(&l.len()) && l.bytes().all(|b| b.is_ascii_lowercase()));
    lang_ok
        && parts.all(|t| (2..=8).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// A DOI in the shape Crossref recommends, `^10\.\d{4,9}/[-._;()/:A-Za-z0-9]+$`: the
/// directory's prefix `10.`, a registrant code of 4 to 9 digits, `/`, and a suffix of letters,
/// digits and `- . _ ; ( ) / :`. `Err` says what is wrong.
pub fn check_doi(doi: &str) -> Result<(), String> {
    let lower = doi.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("doi:") {
        return Err("write the DOI alone, without a resolver or \"doi:\" (10.xxxx/…)".into());
    }
    let Some(rest) = doi.strip_prefix("10.") else {
        return Err("does not start with \"10.\"".into());
    };
    let registrant = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(4..=9).contains(&registrant) || rest.as_bytes().get(registrant) != Some(&b'/') {
        return Err("needs a registrant code of 4 to 9 digits and a \"/\" after \"10.\"".into());
    }
    let suffix = &rest[registrant + 1..];
    if suffix.is_empty() {
        return Err("has nothing after the \"/\"".into());
    }
    match suffix
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || "-._;()/:".contains(c)))
    {
        Some(c) => Err(format!(
            "contains {}, which the Crossref pattern does not allow (letters, digits and - . _ ; ( ) / : only)",
            describe_char(c)
        )),
        None => Ok(()),
    }
}

/// A new-style arXiv identifier, `YYMM.NNNNN` with an optional version `vN`: a month from
/// 0704 (when the scheme began) on, four digits after the dot until 1412 and five from 1501.
/// Old-style ids (`cs/0101001`) are not accepted. `Err` says what is wrong.
pub fn check_arxiv(id: &str) -> Result<(), String> {
    if id.to_ascii_lowercase().starts_with("arxiv:") {
        return Err("write the id without the \"arXiv:\" prefix".into());
    }
    if id.contains('/') {
        return Err("is an old-style id or a link; only YYMM.NNNNN ids are accepted".into());
    }
    let (number, version) = match id.split_once('v') {
        Some((n, v)) => (n, Some(v)),
        None => (id, None),
    };
    if let Some(v) = version
        && (v.is_empty() || v.starts_with('0') || !v.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err("has a version that is not v1, v2, …".into());
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let Some((yymm, seq)) = number
        .split_once('.')
        .filter(|(a, b)| a.len() == 4 && digits(a) && digits(b))
    else {
        return Err("is not in the form YYMM.NNNNN".into());
    };
    let month: u32 = yymm[2..].parse().unwrap_or(0);
    let yymm: u32 = yymm.parse().unwrap_or(0);
    if !(1..=12).contains(&month) || yymm < 704 {
        return Err("has no such month (new-style ids begin in 0704)".into());
    }
    let want = if yymm <= 1412 { 4 } else { 5 };
    if seq.len() != want {
        return Err(format!(
            "needs {want} digits after the dot for a paper of {yymm:04}"
        ));
    }
    Ok(())
}

/// The identifier links' own shapes: ORCID, dblp and OpenAlex links must hold an id of that
/// source (importers read the id from the link); other kinds take any valid URL.
pub fn check_identifier_link(kind: LinkKind, url: &str) -> Result<(), String> {
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
pub fn check_dblp_url(url: &str) -> Result<(), String> {
    let pid = url
        .strip_prefix("https://dblp.org/pid/")
        .ok_or("is not a dblp person link (https://dblp.org/pid/56/2455)")?;
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
        Err("does not end in a dblp person id such as 56/2455".into())
    }
}

/// A dblp venue key, `conf/nsdi` or `journals/pvldb`: a stream kind, `/`, and the stream's
/// name in lowercase letters, digits and `-`.
pub fn check_dblp_venue(key: &str) -> Result<(), String> {
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
        Err("is not a dblp venue key such as conf/nsdi or journals/pvldb".into())
    }
}

/// An OpenAlex author link, `https://openalex.org/A5023888391`: `A` and digits.
pub fn check_openalex_url(url: &str) -> Result<(), String> {
    let id = url
        .strip_prefix("https://openalex.org/")
        .ok_or("is not an OpenAlex author link (https://openalex.org/A5023888391)")?;
    let digits = id.strip_prefix('A').unwrap_or("");
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err("does not end in an OpenAlex author id such as A5023888391".into())
    }
}

/// An ORCID record link, `https://orcid.org/0000-0002-1825-0097`: four groups of four digits,
/// the last character a digit or `X` that is the ISO 7064 MOD 11-2 check of the other fifteen.
pub fn check_orcid_url(url: &str) -> Result<(), String> {
    let Some(id) = url.strip_prefix("https://orcid.org/") else {
        return Err("is not an ORCID record link (https://orcid.org/0000-0002-1825-0097)".into());
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
        return Err(
            "does not end in an ORCID iD of four groups of four digits (0000-0002-1825-0097)"
                .into(),
        );
    }
    let mut total = 0u32;
    for b in id.bytes().filter(u8::is_ascii_digit).take(15) {
        total = (total + u32::from(b - b'0')) * 2;
    }
    let check = (12 - total % 11) % 11;
    let want = if check == 10 {
        'X'
    } else {
        char::from(b'0' + check as u8)
    };
    let have = id.chars().last().unwrap_or(' ');
    if have != want {
        return Err(format!(
            "has the check digit {have}, but the other digits need {want}: a digit is mistyped"
        ));
    }
    Ok(())
}

/// A day, `YYYY-MM-DD`, that is in the calendar (1900 to 2999).
pub fn check_day(day: &str) -> Result<(), String> {
    let parts: Vec<&str> = day.split('-').collect();
    let number = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse::<u32>().ok())?
    };
    let [y, m, d] = parts[..] else {
        return Err("write it as year-month-day".into());
    };
    let (Some(y), Some(m), Some(d)) = (number(y, 4), number(m, 2), number(d, 2)) else {
        return Err("write it as year-month-day".into());
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return Err(format!("{m} is not a month")),
    };
    if !(1900..3000).contains(&y) {
        return Err(format!("{y} is not a year of the record"));
    }
    if d == 0 || d > days {
        return Err(format!("month {m} of {y} has no day {d}"));
    }
    Ok(())
}

/// A record's id in an open source: a dblp key (`conf/nsdi/LuanXY23`: three or more
/// `/`-separated parts), an OpenAlex work (`W` and digits), an ORCID work (`<iD>/work/<put-code>`).
pub fn check_source_id(origin: Origin, id: &str) -> Result<(), String> {
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
                Err("a dblp key has three or more parts, such as conf/nsdi/LuanXY23".into())
            }
        }
        Origin::Openalex => {
            let digits = id.strip_prefix('W').unwrap_or("");
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                Ok(())
            } else {
                Err("an OpenAlex work id is W and digits, such as W2741809807".into())
            }
        }
        Origin::Orcid => {
            let (orcid, code) = id.split_once("/work/").ok_or(
                "an ORCID work is the iD, /work/ and its put-code: 0000-0002-1825-0097/work/1234",
            )?;
            check_orcid_url(&format!("https://orcid.org/{orcid}"))?;
            if !code.is_empty() && code.bytes().all(|b| b.is_ascii_digit()) {
                Ok(())
            } else {
                Err("the put-code after /work/ is digits".into())
            }
        }
    }
}

/// Only `http`, `https` and `mailto` links are allowed, written as a URI: printable ASCII
/// without white space, every other character percent-encoded (`%` then two hex digits) and
/// none of `" < > \ ^ ` { | }`. A web link needs a host name (letters, digits, hyphens and
/// dots) or an IP address, an optional port, and no user name before the host, which could
/// disguise where the link goes (`https://trusted.org@evil.example`). A `mailto` link names
/// one address. `Err` says what is wrong.
pub fn check_url(url: &str) -> Result<(), String> {
    let lower = url.to_ascii_lowercase();
    let web = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    let mail = lower.strip_prefix("mailto:");
    if web.is_none() && mail.is_none() {
        return Err("is not an http, https or mailto URL".into());
    }
    if url.chars().any(char::is_whitespace) {
        return Err("contains white space".into());
    }
    if let Some(c) = url.chars().find(|&c| !is_uri_char(c)) {
        return Err(format!(
            "contains {}, which a URL must percent-encode",
            describe_char(c)
        ));
    }
    let bytes = url.as_bytes();
    for (i, _) in url.match_indices('%') {
        let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
        if !hex(i + 1) || !hex(i + 2) {
            return Err("has a % that is not followed by two hex digits".into());
        }
    }
    if let Some(rest) = web {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        if authority.is_empty() {
            return Err("has no host".into());
        }
        if authority.contains('@') {
            return Err(
                "has a user name before the host (…@), which disguises where it leads".into(),
            );
        }
        return check_authority(authority);
    }
    let address = mail.unwrap_or("").split('?').next().unwrap_or("");
    match address.split_once('@') {
        Some((local, domain)) if !local.is_empty() && !domain.contains('@') => {
            if is_host_name(domain) {
                Ok(())
            } else {
                Err(format!("has an invalid mail domain {domain:?}"))
            }
        }
        _ => Err("is not an email address".into()),
    }
}

/// A corrections target: a URL that [`check_url`] accepts once its `{title}` and `{body}`
/// placeholders are filled in.
pub fn check_corrections_target(target: &str) -> Result<(), String> {
    check_url(&target.replace("{title}", "x").replace("{body}", "x"))
}

/// A character RFC 3986 allows in a URI as it is: unreserved, reserved, or `%`.
pub(crate) fn is_uri_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c)
}

/// `host` or `host:port`, the host a name, an IPv4 address or a bracketed IPv6 address.
fn check_authority(authority: &str) -> Result<(), String> {
    let (host_ok, port) = if let Some(v6) = authority.strip_prefix('[') {
        match v6.split_once(']') {
            Some((addr, after)) => {
                let address = !addr.is_empty()
                    && (addr.chars()).all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
                (
                    address && (after.is_empty() || after.starts_with(':')),
                    after.strip_prefix(':'),
                )
            }
            None => (false, None),
        }
    } else {
        match authority.split_once(':') {
            Some((host, port)) => (is_host_name(host), Some(port)),
            None => (is_host_name(authority), None),
        }
    };
    if !host_ok {
        return Err(format!("has an invalid host {authority:?}"));
    }
    if let Some(p) = port {
        let number = p
            .parse::<u32>()
            .ok()
            .filter(|_| p.bytes().all(|b| b.is_ascii_digit()));
        if number.is_none_or(|n| n > 65_535) {
            return Err(format!("has an invalid port {p:?}"));
        }
    }
    Ok(())
}

/// Dot-separated labels of 1 to 63 letters, digits and hyphens, none starting or ending with a
/// hyphen (an IPv4 address is one too).
fn is_host_name(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            (1..=63).contains(&label.len())
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

/// A character as a message names it: `'{'`, or `U+202E RIGHT-TO-LEFT OVERRIDE` for an
/// invisible one, `'é' (U+00E9)` for another non-ASCII one.
fn describe_char(c: char) -> String {
    match invisible_name(c) {
        Some(name) => format!("U+{:04X} {name}", u32::from(c)),
        None if c.is_ascii_graphic() => format!("{c:?}"),
        None => format!("{c:?} (U+{:04X})", u32::from(c)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_https_and_mailto_urls_written_as_uris_pass() {
        for ok in [
            "https://example.org",
            "http://example.org/a?b=c",
            "mailto:a@b.org",
            "mailto:a.b+c@b.org?subject=Hi%20there",
            "HTTPS://EXAMPLE.ORG",
            "https://example.org:8443/x/(y);z?q=a,b&r=[1]#frag",
            "https://127.0.0.1/x",
            "https://[2001:db8::1]:80/",
            "https://de.wikipedia.org/wiki/M%C3%BCnchen",
            "https://openreview.net/forum?id=jP1vTH3inC",
        ] {
            assert_eq!(check_url(ok), Ok(()), "{ok}");
        }
        let bad = [
            ("javascript:alert(1)", "is not an http, https or mailto URL"),
            ("JaVaScRiPt:alert(1)", "is not an http, https or mailto URL"),
            ("data:text/html,hi", "is not an http, https or mailto URL"),
            ("ftp://example.org", "is not an http, https or mailto URL"),
            ("//example.org", "is not an http, https or mailto URL"),
            ("example.org", "is not an http, https or mailto URL"),
            ("https://", "has no host"),
            ("https:///path", "has no host"),
            ("mailto:nobody", "is not an email address"),
            ("mailto:a@b@c.org", "is not an email address"),
            ("mailto:a@b_c.org", "has an invalid mail domain \"b_c.org\""),
            ("https://exa mple.org", "contains white space"),
            (
                "https://example.org/\u{202E}gnp.exe",
                "U+202E RIGHT-TO-LEFT OVERRIDE",
            ),
            ("https://example.org/a\u{200B}", "U+200B ZERO WIDTH SPACE"),
            (
                "https://münchen.de",
                "'ü' (U+00FC), which a URL must percent-encode",
            ),
            (
                "https://example.org/{x}",
                "'{', which a URL must percent-encode",
            ),
            (
                "https://example.org/a\"b",
                "'\"', which a URL must percent-encode",
            ),
            (
                "https://example.org/a\\b",
                "'\\\\', which a URL must percent-encode",
            ),
            (
                "https://example.org/<script>",
                "'<', which a URL must percent-encode",
            ),
            (
                "https://example.org/%zz",
                "% that is not followed by two hex digits",
            ),
            (
                "https://example.org/%4",
                "% that is not followed by two hex digits",
            ),
            (
                "https://trusted.org@evil.example/",
                "user name before the host",
            ),
            ("https://exa_mple.org", "invalid host"),
            ("https://-example.org", "invalid host"),
            ("https://example..org", "invalid host"),
            ("https://[xyz]/", "invalid host"),
            ("https://example.org:99999/", "invalid port \"99999\""),
            ("https://example.org:/", "invalid port \"\""),
        ];
        for (url, why) in bad {
            let err = check_url(url).expect_err(url);
            assert!(err.contains(why), "{url}: {err}");
        }
    }

    #[test]
    fn corrections_targets_may_hold_placeholders() {
        let gitlab = "https://gitlab.example/a/b/-/issues/new?issue[title]={title}&issue[description]={body}";
        assert_eq!(check_corrections_target(gitlab), Ok(()));
        assert!(check_url(gitlab).is_err());
        assert!(check_corrections_target("https://x.org/{other}").is_err());
        assert!(check_corrections_target("javascript:{title}").is_err());
    }

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
            let err = check_doi(doi).expect_err(doi);
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
            let e = check_day(bad).unwrap_err();
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
            let err = check_orcid_url(url).expect_err(url);
            assert!(err.contains(why), "{url}: {err}");
        }
    }

    #[test]
    fn language_tags() {
        for ok in ["zh", "zh-Hans", "pt-BR", "yue"] {
            assert!(is_language_tag(ok), "{ok}");
        }
        for bad in ["", "Chinese", "z", "zh_Hans", "zh-", "ZH"] {
            assert!(!is_language_tag(bad), "{bad}");
        }
    }

    #[test]
    fn slugs() {
        for ok in ["a", "michael-luo", "skypilot-nsdi-2023"] {
            assert!(is_slug(ok), "{ok}");
        }
        for bad in ["", "-a", "a-", "a--b", "A", "a b", "a_b", "é"] {
            assert!(!is_slug(bad), "{bad}");
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
            let err = check_arxiv(id).expect_err(id);
            assert!(err.contains(why), "{id:?}: {err}");
        }
    }
}
