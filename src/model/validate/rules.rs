//! The format rules a value must follow: slugs, language tags and URLs (identifiers are
//! [`super::identifiers`]). Each `check_…` returns the reason a value fails, for a message that
//! says what to fix.

use crate::error::{Character, Invalid};
use crate::model::invisible::invisible_name;

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

/// Only `http`, `https` and `mailto` links are allowed, written as a URI: printable ASCII
/// without white space, every other character percent-encoded (`%` then two hex digits) and
/// none of `" < > \ ^ ` { | }`. A web link needs a host name (letters, digits, hyphens and
/// dots) or an IP address, an optional port, and no user name before the host, which could
/// disguise where the link goes (`https://trusted.org@evil.example`). A `mailto` link names
/// one address. `Err` says what is wrong.
pub fn check_url(url: &str) -> Result<(), Invalid> {
    let lower = url.to_ascii_lowercase();
    let web = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    let mail = lower.strip_prefix("mailto:");
    if web.is_none() && mail.is_none() {
        return Err(Invalid::Scheme);
    }
    if url.chars().any(char::is_whitespace) {
        return Err(Invalid::WhiteSpace);
    }
    if let Some(c) = url.chars().find(|&c| !is_uri_char(c)) {
        return Err(Invalid::UrlCharacter(character(c)));
    }
    let bytes = url.as_bytes();
    for (i, _) in url.match_indices('%') {
        let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
        if !hex(i + 1) || !hex(i + 2) {
            return Err(Invalid::Percent);
        }
    }
    if let Some(rest) = web {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        if authority.is_empty() {
            return Err(Invalid::NoHost);
        }
        if authority.contains('@') {
            return Err(Invalid::UserName);
        }
        return check_authority(authority);
    }
    let address = mail.unwrap_or("").split('?').next().unwrap_or("");
    match address.split_once('@') {
        Some((local, domain)) if !local.is_empty() && !domain.contains('@') => {
            if is_host_name(domain) {
                Ok(())
            } else {
                Err(Invalid::MailDomain(domain.to_owned()))
            }
        }
        _ => Err(Invalid::NotEmail),
    }
}

/// A corrections target: a URL that [`check_url`] accepts once its `{title}` and `{body}`
/// placeholders are filled in.
pub fn check_corrections_target(target: &str) -> Result<(), Invalid> {
    check_url(&target.replace("{title}", "x").replace("{body}", "x"))
}

/// A character RFC 3986 allows in a URI as it is: unreserved, reserved, or `%`.
pub(crate) fn is_uri_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c)
}

/// `host` or `host:port`, the host a name, an IPv4 address or a bracketed IPv6 address.
fn check_authority(authority: &str) -> Result<(), Invalid> {
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
        return Err(Invalid::Host(authority.to_owned()));
    }
    if let Some(p) = port {
        let number = p
            .parse::<u32>()
            .ok()
            .filter(|_| p.bytes().all(|b| b.is_ascii_digit()));
        if number.is_none_or(|n| n > 65_535) {
            return Err(Invalid::Port(p.to_owned()));
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

/// A character as a message names it, with its name when it is invisible.
pub(super) fn character(c: char) -> Character {
    Character {
        char: c,
        invisible: invisible_name(c),
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
            let err = check_url(url).expect_err(url).to_string();
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
}
