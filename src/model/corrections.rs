//! "Suggest a correction" links: the dataset's corrections target, prefilled with the profile
//! and the section the reader is looking at.

use super::validate::check_corrections_target;

/// What a correction is about.
#[derive(Debug, Clone, Copy)]
pub struct About<'a> {
    /// The researcher's name.
    pub name: &'a str,
    /// The profile section, e.g. "Publications".
    pub section: &'a str,
    /// The profile's address, so whoever fixes it can find it.
    pub page: &'a str,
}

/// The link to suggest a correction to `about`, or `None` when `target` is not an http, https
/// or mailto URL. A mailto target gets `subject` and `body`; a web target gets its `{title}` and
/// `{body}` placeholders filled, or `title` and `body` parameters (GitHub, Gitea and Forgejo
/// new-issue pages read those).
pub fn correction_link(target: &str, about: About<'_>) -> Option<String> {
    check_corrections_target(target).ok()?;
    let title = format!("Correction: {} — {}", about.name, about.section);
    let body = format!(
        "Profile: {}\nSection: {}\n\nWhat is wrong, and what should it say? A source we can check (a homepage, a paper page) helps.\n",
        about.page, about.section
    );
    let (title, body) = (encode(&title), encode(&body));
    if target.to_ascii_lowercase().starts_with("mailto:") {
        let sep = if target.contains('?') { '&' } else { '?' };
        return Some(format!("{target}{sep}subject={title}&body={body}"));
    }
    if target.contains("{title}") || target.contains("{body}") {
        return Some(target.replace("{title}", &title).replace("{body}", &body));
    }
    let sep = if target.contains('?') { '&' } else { '?' };
    Some(format!("{target}{sep}title={title}&body={body}"))
}

/// Percent-encodes everything but the characters `encodeURIComponent` leaves alone.
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3 / 2);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ABOUT: About<'static> = About {
        name: "Luo Mai",
        section: "Awards and honours",
        page: "https://atlas.example/researchers/luo-mai",
    };

    #[test]
    fn an_issue_tracker_gets_title_and_body() {
        let link = correction_link("https://github.com/org/atlas/issues/new", ABOUT).unwrap();
        assert!(link.starts_with("https://github.com/org/atlas/issues/new?title=Correction%3A%20Luo%20Mai%20%E2%80%94%20Awards%20and%20honours&body=Profile%3A%20https%3A%2F%2Fatlas.example%2Fresearchers%2Fluo-mai%0ASection%3A%20Awards%20and%20honours"), "{link}");
        let with_query = correction_link("https://t.example/new?labels=data", ABOUT).unwrap();
        assert!(with_query.starts_with("https://t.example/new?labels=data&title="));
    }

    #[test]
    fn placeholders_are_filled() {
        let link = correction_link(
            "https://gitlab.example/x/-/issues/new?issue[title]={title}",
            ABOUT,
        )
        .unwrap();
        assert!(link.ends_with(
            "issue[title]=Correction%3A%20Luo%20Mai%20%E2%80%94%20Awards%20and%20honours"
        ));
    }

    #[test]
    fn an_address_gets_subject_and_body() {
        let link = correction_link("mailto:fixes@atlas.example", ABOUT).unwrap();
        assert!(link.starts_with("mailto:fixes@atlas.example?subject=Correction%3A%20Luo%20Mai"));
        assert!(link.contains("&body=Profile%3A%20"));
    }

    #[test]
    fn unsafe_targets_give_no_link() {
        assert_eq!(correction_link("javascript:alert(1)", ABOUT), None);
        assert_eq!(correction_link("ftp://x.example", ABOUT), None);
        assert_eq!(correction_link("mailto:nobody", ABOUT), None);
    }
}
