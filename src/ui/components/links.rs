//! A researcher's external links as labelled icons. Only http, https and mailto URLs are ever
//! rendered, and external ones open with `rel="noopener noreferrer"`.

use leptos::prelude::*;

use crate::lang::{Catalogue, fill};
use crate::model::validate::check_url;
use crate::model::{Link, LinkKind};
use crate::ui::lang::text;

/// The href to render for a URL, or `None` if it is not http, https or mailto.
pub fn safe_href(url: &str) -> Option<String> {
    check_url(url).ok().map(|()| url.to_owned())
}

/// The accessible name of a link of `kind` on `owner`'s profile.
pub fn link_name(t: &Catalogue, kind: LinkKind, owner: &str) -> String {
    let l = t.links();
    let template = match kind {
        LinkKind::Homepage => l.homepage(),
        LinkKind::Github => l.github(),
        LinkKind::Linkedin => l.linkedin(),
        LinkKind::Scholar => l.scholar(),
        LinkKind::Orcid => l.orcid(),
        LinkKind::Dblp => l.dblp(),
        LinkKind::Openalex => l.openalex(),
        LinkKind::Email => l.email(),
        _ => l.other(),
    };
    fill(template, &[("owner", owner)])
}

fn icon(kind: LinkKind) -> impl IntoView {
    let path = match kind {
        LinkKind::Email => "M3 5h18v14H3z M3 5l9 8 9-8",
        LinkKind::Github => {
            "M9 19c-4 1.5-4-2-6-2.5 M15 21v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12 12 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21"
        }
        LinkKind::Linkedin => {
            "M4 9h4v11H4z M6 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4 M10 9h4v2c.6-1.2 2-2.2 4-2.2 3 0 4 2 4 5.2v6h-4v-5.5c0-1.4-.5-2.5-1.8-2.5-1.5 0-2.2 1-2.2 2.6V20h-4z"
        }
        _ => {
            "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18 M3 12h18 M12 3c-3 3.5-3 14.5 0 18 M12 3c3 3.5 3 14.5 0 18"
        }
    };
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d=path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"></path>
        </svg>
    }
}

/// The short word a link of `kind` shows in place of an icon: the profiles and identifiers
/// that would all be a globe, told apart at a glance (each word begins their accessible name).
fn badge(kind: LinkKind) -> Option<&'static str> {
    match kind {
        LinkKind::Scholar => Some("Scholar"),
        LinkKind::Orcid => Some("ORCID"),
        LinkKind::Dblp => Some("dblp"),
        LinkKind::Openalex => Some("OpenAlex"),
        _ => None,
    }
}

/// Icon links for the kinds in `kinds`, in that order (first link of each kind).
#[component]
pub fn ExternalLinks(
    /// The researcher's links.
    links: Vec<Link>,
    /// Whose links they are, for accessible names.
    owner: String,
    /// Which kinds to show.
    kinds: Vec<LinkKind>,
) -> impl IntoView {
    let t = text();
    let items = kinds
        .into_iter()
        .filter_map(|kind| {
            let link = links.iter().find(|l| l.kind == kind)?;
            let href = safe_href(&link.url)?;
            let name = link_name(t, kind, &owner);
            let external = kind != LinkKind::Email;
            Some(view! {
                <li>
                    <a
                        class=if badge(kind).is_some() { "icon-link badge-link" } else { "icon-link" }
                        href=href
                        aria-label=name.clone()
                        title=name
                        rel=external.then_some("noopener noreferrer")
                        target=external.then_some("_blank")
                    >
                        {match badge(kind) {
                            Some(word) => word.into_any(),
                            None => icon(kind).into_any(),
                        }}
                    </a>
                </li>
            })
        })
        .collect_view();
    view! { <ul class="icon-links">{items}</ul> }
}

#[cfg(test)]
mod tests {
    use super::safe_href;

    #[test]
    fn each_badge_begins_its_links_accessible_name() {
        use super::{badge, link_name};
        use crate::model::LinkKind;
        for kind in [
            LinkKind::Scholar,
            LinkKind::Orcid,
            LinkKind::Dblp,
            LinkKind::Openalex,
        ] {
            let word = badge(kind).expect("a badge");
            for lang in crate::lang::Lang::ALL {
                let name = link_name(lang.text(), kind, "Ada");
                assert!(name.contains(word), "{name:?} does not say {word:?}");
            }
        }
        assert_eq!(badge(LinkKind::Homepage), None);
    }

    #[test]
    fn only_safe_schemes_become_hrefs() {
        assert!(safe_href("https://example.org").is_some());
        assert!(safe_href("mailto:a@b.org").is_some());
        assert!(safe_href("javascript:alert(1)").is_none());
        assert!(safe_href(" javascript:alert(1)").is_none());
        assert!(safe_href("data:text/html,x").is_none());
    }
}
