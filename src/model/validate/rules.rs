//! The format rules a value must follow: slugs, language tags, arXiv ids and URLs.

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

/// A new-style arXiv identifier, `YYMM.NNNNN` with an optional version.
pub(super) fn is_arxiv_id(s: &str) -> bool {
    let s = s.split_once('v').map_or(s, |(id, v)| {
        if v.bytes().all(|b| b.is_ascii_digit()) && !v.is_empty() {
            id
        } else {
            s
        }
    });
    match s.split_once('.') {
        Some((a, b)) => {
            a.len() == 4
                && (4..=5).contains(&b.len())
                && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

/// Only `http`, `https` and `mailto` links are allowed, with something after the scheme.
pub fn check_url(url: &str) -> Result<(), &'static str> {
    let lower = url.to_ascii_lowercase();
    if let Some(address) = lower.strip_prefix("mailto:") {
        if !address.contains('@') {
            return Err("is not an email address");
        }
    } else if let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        if rest.split(['/', '?', '#']).next().unwrap_or("").is_empty() {
            return Err("has no host");
        }
    } else {
        return Err("is not an http, https or mailto URL");
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("contains white space");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_https_and_mailto_urls_pass() {
        for ok in [
            "https://example.org",
            "http://example.org/a?b=c",
            "mailto:a@b.org",
            "HTTPS://EXAMPLE.ORG",
        ] {
            assert_eq!(check_url(ok), Ok(()), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:text/html,hi",
            "ftp://example.org",
            "//example.org",
            "example.org",
            "https://",
            "mailto:nobody",
            "https://exa mple.org",
        ] {
            assert!(check_url(bad).is_err(), "{bad} passed");
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
        assert!(is_arxiv_id("2502.13965"));
        assert!(is_arxiv_id("1706.0376"));
        assert!(is_arxiv_id("2301.03734v2"));
        assert!(!is_arxiv_id("arXiv:2502.13965"));
        assert!(!is_arxiv_id("cs/0101001"));
    }
}
