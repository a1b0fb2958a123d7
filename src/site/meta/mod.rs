//! What each pre-rendered page says about itself in `<head>`: a description, its canonical
//! address, Open Graph and Twitter card tags, and for a profile a schema.org `Person`; plus the
//! site's `sitemap.xml` and `robots.txt`.
//!
//! `cargo xtask dist` writes a static page per route (`src/bin/prerender/`); the app's views
//! give each page its title and body, and this module its head. Descriptions are built only
//! from facts the dataset holds (an unknown title or organization is left out, never guessed),
//! as plain text of at most [`DESCRIPTION_MAX`] characters, cut at a word with "…", in the page's
//! language: the sentences and labels come from the catalogue's `[meta]`, the facts (names,
//! titles, topics) stay as the dataset writes them. Addresses
//! need the dataset's `config.site_url`: without it pages have no canonical link and no
//! `og:url`, and the site no sitemap.
//!
//! Everything here ends up in HTML or XML: attribute values go through [`escape_html`], and the
//! JSON-LD has `<`, `>` and `&` written as JSON escapes, so no value can close its element.

use serde::Serialize;

use super::languages::Languages;
use super::route::{AppRoute, PageKind};
use crate::lang::{Catalogue, Lang, fill};
use crate::model::invisible::export_text;
use crate::model::{Dataset, EndDate, LinkKind, Researcher};

/// The site's name, as `og:site_name` gives it.
pub const SITE_NAME: &str = "Research Atlas";

/// The document title of a page named `page` ("Luo Mai — Research Atlas"); the site's name
/// alone for the home page (`None`). The page name is plain text: invisible characters (a
/// direction override would reorder the site's name) are left out, as in the exports.
pub fn document_title(page: Option<&str>) -> String {
    match page {
        Some(page) => format!("{} — {SITE_NAME}", export_text(page)),
        None => SITE_NAME.to_owned(),
    }
}

/// The longest description, in characters: about what search results show of one.
pub const DESCRIPTION_MAX: usize = 160;

/// What one page says about itself in `<head>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageMeta {
    /// The document title the page set, e.g. "Luo Mai — Research Atlas".
    pub title: String,
    /// Plain text, at most [`DESCRIPTION_MAX`] characters.
    pub description: String,
    /// The page's full address, when the site's address is known.
    pub canonical: Option<String>,
    /// Whether the page is a researcher's profile (`og:type` "profile").
    pub profile: bool,
    /// A profile's schema.org `Person` as JSON, safe inside a `<script>` element.
    pub json_ld: Option<String>,
    /// The pack of a profile's records (`data/people/N.bin`), which the app then fetches without
    /// the whole directory; the pre-renderer sets it when the directory has nothing to warn of.
    pub pack: Option<usize>,
    /// The same page in each of the site's languages (`hreflang` code or `x-default`, and its
    /// full address), on a site of several languages whose address is known.
    pub alternates: Vec<(String, String)>,
    /// The page's language: its description's, and its `og:locale`.
    pub lang: Lang,
}

impl PageMeta {
    /// Makes the head of `route`'s page in `lang`: its canonical address is that language's
    /// page, and on a site of several languages it names every language's (and the root's as
    /// `x-default`).
    pub fn localize(
        &mut self,
        languages: &Languages,
        lang: Lang,
        route: &AppRoute,
        site_url: Option<&str>,
    ) {
        let Some(site) = site_url else {
            return;
        };
        self.canonical = Some(join(site, &languages.path(lang, route)));
        if languages.several() {
            self.alternates = (languages.all().iter())
                .map(|l| (l.code().to_owned(), join(site, &languages.path(*l, route))))
                .collect();
            let root = join(site, &languages.path(languages.first(), route));
            self.alternates.push(("x-default".to_owned(), root));
        }
    }
}

/// The Open Graph locale of a language (`og:locale`): `de_DE`.
pub fn og_locale(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en_US",
        Lang::De => "de_DE",
        Lang::Zh => "zh_CN",
        Lang::Es => "es_ES",
        Lang::Ar => "ar_AR",
    }
}

/// The name of the `<meta>` tag that holds [`PageMeta::pack`].
pub const PACK_META: &str = "atlas-pack";

/// The head of the page at `path` (the route below the base: "/", "/researchers/<id>", …)
/// whose views set the document title `title`; `site_url` is the dataset's `config.site_url`;
/// the description is in `lang`.
///
/// A profile or organization id the dataset lacks gets the directory's description.
pub fn page_meta(
    dataset: &Dataset,
    path: &str,
    title: &str,
    site_url: Option<&str>,
    lang: Lang,
) -> PageMeta {
    let t = lang.text();
    let route = AppRoute::parse(path, &[]);
    let person = match &route {
        AppRoute::Profile { id, .. } => dataset.researcher(id),
        _ => None,
    };
    let canonical = site_url.map(|site| join(site, path));
    let description = match person {
        Some(r) => profile_description(t, dataset, r),
        None => page_description(t, dataset, &route),
    };
    PageMeta {
        title: title.to_owned(),
        description: cut(&description, DESCRIPTION_MAX),
        profile: person.is_some(),
        json_ld: person.map(|r| person_json_ld(dataset, r, canonical.as_deref())),
        canonical,
        pack: None,
        alternates: Vec::new(),
        lang,
    }
}

/// The tags for `<head>` (all but `<title>`, which the caller writes), one per line, each
/// indented four spaces: description, canonical link, Open Graph (with the page's locale),
/// Twitter card, and a
/// profile's JSON-LD. No images and nothing that loads from elsewhere.
pub fn head_html(meta: &PageMeta) -> String {
    let mut tags = vec![meta_tag("name", "description", &meta.description)];
    if let Some(url) = &meta.canonical {
        tags.push(format!(
            "<link rel=\"canonical\" href=\"{}\" />",
            escape_html(url)
        ));
    }
    for (lang, url) in &meta.alternates {
        tags.push(format!(
            "<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\" />",
            escape_html(lang),
            escape_html(url)
        ));
    }
    tags.push(meta_tag("property", "og:title", &meta.title));
    tags.push(meta_tag("property", "og:description", &meta.description));
    let kind = if meta.profile { "profile" } else { "website" };
    tags.push(meta_tag("property", "og:type", kind));
    if let Some(url) = &meta.canonical {
        tags.push(meta_tag("property", "og:url", url));
    }
    tags.push(meta_tag("property", "og:site_name", SITE_NAME));
    tags.push(meta_tag("property", "og:locale", og_locale(meta.lang)));
    tags.push(meta_tag("name", "twitter:card", "summary"));
    tags.push(meta_tag("name", "twitter:title", &meta.title));
    tags.push(meta_tag("name", "twitter:description", &meta.description));
    if let Some(pack) = meta.pack {
        tags.push(meta_tag("name", PACK_META, &pack.to_string()));
    }
    if let Some(json) = &meta.json_ld {
        // Escaped again, in case the value was not made by `page_meta`: a no-op when it was.
        tags.push(format!(
            "<script type=\"application/ld+json\">{}</script>",
            script_safe(json)
        ));
    }
    let lines: Vec<String> = tags.into_iter().map(|t| format!("    {t}")).collect();
    lines.join("\n")
}

/// A sitemaps.org `urlset` listing the page of each of `paths` (routes below the base) under
/// `site_url`, in the given order.
pub fn sitemap_xml(site_url: &str, paths: &[String]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in paths {
        let loc = escape_html(&join(site_url, path));
        xml.push_str(&format!("  <url><loc>{loc}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    xml
}

/// A `robots.txt` that allows every crawler everywhere and names the sitemap. Crawlers read
/// it only at a host's root, so under a sub-path it is for whoever serves the root to merge.
pub fn robots_txt(site_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nSitemap: {}\n",
        join(site_url, "sitemap.xml")
    )
}

/// `text` safe inside an element or a quoted attribute, in HTML and in XML: `&`, `<`, `>`,
/// `"` and `'` as character references.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match (c, xml_reference(c)) {
            (_, Some(reference)) => out.push_str(reference),
            ('\'', None) => out.push_str("&#39;"),
            (c, None) => out.push(c),
        }
    }
    out
}

/// The character reference of `c` when it is one of XML's specials in text and double-quoted
/// attributes (`&`, `<`, `>`, `"`); `None` for any other character.
pub fn xml_reference(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        _ => None,
    }
}

/// `<meta name=… content=…>`, or `<meta property=…>` as Open Graph names its tags.
fn meta_tag(attribute: &str, name: &str, content: &str) -> String {
    let (name, content) = (escape_html(name), escape_html(content));
    format!("<meta {attribute}=\"{name}\" content=\"{content}\" />")
}

/// `path` under the site's address, with exactly one `/` between them.
fn join(site_url: &str, path: &str) -> String {
    format!(
        "{}/{}",
        site_url.trim_end_matches('/'),
        path.trim_start_matches('/')
    )
}

/// JSON that cannot end its `<script>` element: `<`, `>` and `&` only occur inside strings,
/// where their `\u` escapes mean the same.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// `text` as one plain line: without invisible and control characters (as the exports and
/// the page titles write it), white space collapsed.
fn plain(text: &str) -> String {
    export_text(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` cut to at most `max` characters: at the last whole word that leaves room for "…".
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let end = text
        .char_indices()
        .nth(max.saturating_sub(1))
        .map_or(text.len(), |(i, _)| i);
    let head = &text[..end];
    let at_word_end = text[end..].starts_with(char::is_whitespace);
    let head = match head.rfind(char::is_whitespace) {
        Some(space) if !at_word_end && space > 0 => &head[..space],
        _ => head,
    };
    let head = head.trim_end_matches(|c: char| c.is_whitespace() || ",;:、，；：،؛".contains(c));
    format!("{head}…")
}

/// What a page other than a profile is, with its counts, in `t`'s language.
fn page_description(t: &Catalogue, dataset: &Dataset, route: &AppRoute) -> String {
    let m = t.meta();
    let people = m.researchers().count(dataset.researchers.len());
    let with_people = |template: &str| fill(template, &[("researchers", &people)]);
    match route.kind() {
        PageKind::Publications => fill(
            m.publications_page(),
            &[(
                "publications",
                &m.publications().count(dataset.publications.len()),
            )],
        ),
        PageKind::Compare => m.compare_page().to_owned(),
        PageKind::Connections => with_people(m.connections_page()),
        PageKind::Shortlist => m.shortlist_page().to_owned(),
        PageKind::Organizations => fill(
            m.organizations_page(),
            &[(
                "organizations",
                &m.organizations().count(dataset.organizations.len()),
            )],
        ),
        PageKind::Experts => with_people(m.experts_page()),
        _ => {
            let organization = match route {
                AppRoute::Organization { id, .. } => dataset.organization(id),
                _ => None,
            };
            match organization {
                Some(o) => organization_description(t, dataset, &o.id.0, &plain(&o.name)),
                None => with_people(m.directory()),
            }
        }
    }
}

/// An organization's page: its name and how many of the directory's people are there now
/// and were there before.
fn organization_description(t: &Catalogue, dataset: &Dataset, id: &str, name: &str) -> String {
    let m = t.meta();
    let (now, before) = people_at(dataset, id);
    let people = match (now, before) {
        (0, 0) => return fill(m.organization_empty(), &[("name", name)]),
        (n, 0) => m.organization_now().count(n),
        (0, b) => m.organization_before().count(b),
        (n, b) => {
            (m.organization_now_and_before()).count_with(n, &[("before", &t.lang.number(b as u64))])
        }
    };
    fill(m.organization(), &[("name", name), ("people", &people)])
}

/// How many researchers are at organization `id` now, and how many were there only before,
/// by the rule of the organizations pages ([`crate::search::organizations`]): now when it is their
/// current organization or a degree or job of theirs there ends `present`, before when
/// another degree or job of theirs was there.
fn people_at(dataset: &Dataset, id: &str) -> (usize, usize) {
    let (mut now, mut before) = (0, 0);
    for r in &dataset.researchers {
        let education = r.education.iter().map(|e| (&e.organization, e.end));
        let positions = r.positions.iter().map(|p| (&p.organization, p.end));
        let ends: Vec<Option<EndDate>> = (education.chain(positions))
            .filter(|(org, _)| org.as_str() == id)
            .map(|(_, end)| end)
            .collect();
        let current = r.organization.as_ref().is_some_and(|o| o.as_str() == id);
        if current || ends.contains(&Some(EndDate::Present)) {
            now += 1;
        } else if !ends.is_empty() {
            before += 1;
        }
    }
    (now, before)
}

/// A profile: their title at their organization, then their main topics as many as fit; their
/// summary when the record has neither (each in the catalogue's language when the record
/// translates it).
fn profile_description(t: &Catalogue, dataset: &Dataset, r: &Researcher) -> String {
    let role = role(t, dataset, r);
    let mut topics: Vec<String> = (r.topics.iter())
        .filter_map(|id| dataset.topic(id))
        .map(|topic| plain(topic.name_in(t.lang.code()).text))
        .collect();
    if topics.is_empty() {
        topics = r.interests.iter().map(|i| plain(i)).collect();
    }
    topics.retain(|topic| !topic.is_empty());
    match (role, topics.is_empty()) {
        (Some(role), false) => {
            let frame = fill(
                t.meta().role_and_topics(),
                &[("role", &role), ("topics", "")],
            );
            let room = DESCRIPTION_MAX.saturating_sub(frame.chars().count());
            let topics = topic_list(t, &topics, room);
            fill(
                t.meta().role_and_topics(),
                &[("role", &role), ("topics", &topics)],
            )
        }
        (Some(role), true) => role,
        (None, false) => topic_list(t, &topics, DESCRIPTION_MAX),
        (None, true) => plain(r.summary_in(t.lang.code()).text),
    }
}

/// "Assistant Professor at University of Edinburgh.", "PhD Student.", "Ada Lovelace, Analytical
/// Engines Ltd."; `None` when the record names neither a title nor a known organization.
fn role(t: &Catalogue, dataset: &Dataset, r: &Researcher) -> Option<String> {
    let m = t.meta();
    let lang = t.lang.code();
    let title = r
        .title_in(lang)
        .map(|s| plain(s.text))
        .filter(|t| !t.is_empty());
    let org = (r.organization.as_ref())
        .and_then(|id| dataset.organization(id))
        .map(|o| plain(o.name_in(lang).text))
        .filter(|o| !o.is_empty());
    let role = match (title, org) {
        (Some(title), Some(org)) => fill(m.role(), &[("title", &title), ("organization", &org)]),
        (Some(title), None) => title,
        (None, Some(org)) => fill(
            m.role_unnamed(),
            &[("name", &plain(&r.name)), ("organization", &org)],
        ),
        (None, None) => return None,
    };
    Some(if role.ends_with('.') || role.ends_with(m.sentence_end()) {
        role
    } else {
        format!("{role}{}", m.sentence_end())
    })
}

/// "Topics: ML systems, LLM serving." with as many topics as fit in `room` characters, ", …"
/// standing for the rest. The first is always listed (the final cut shortens it if need be).
fn topic_list(t: &Catalogue, topics: &[String], room: usize) -> String {
    let m = t.meta();
    let mut text = String::from(m.topics_label());
    for (i, topic) in topics.iter().enumerate() {
        let separator = if i == 0 { "" } else { m.topic_separator() };
        let ending = if i + 1 == topics.len() {
            m.sentence_end()
        } else {
            m.topics_more()
        };
        let needed = text.chars().count() + separator.chars().count() + topic.chars().count();
        if i > 0 && needed + ending.chars().count() > room {
            text.push_str(m.topics_more());
            return text;
        }
        text.push_str(separator);
        text.push_str(topic);
    }
    text.push_str(m.sentence_end());
    text
}

/// A schema.org `Person`, as its JSON-LD names the fields.
#[derive(Serialize)]
struct PersonLd {
    #[serde(rename = "@context")]
    context: &'static str,
    #[serde(rename = "@type")]
    kind: &'static str,
    name: String,
    #[serde(rename = "jobTitle", skip_serializing_if = "Option::is_none")]
    job_title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    affiliation: Option<OrganizationLd>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    #[serde(rename = "sameAs", skip_serializing_if = "Vec::is_empty")]
    same_as: Vec<String>,
}

/// A schema.org `Organization`, by name.
#[derive(Serialize)]
struct OrganizationLd {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: String,
}

/// A profile's `Person`, script-safe: name, title and organization when known, `url` the
/// page's canonical address, `sameAs` their web profiles (no email, which is not a page).
fn person_json_ld(dataset: &Dataset, r: &Researcher, url: Option<&str>) -> String {
    let person = PersonLd {
        context: "https://schema.org",
        kind: "Person",
        name: plain(&r.name),
        job_title: r.title.as_deref().map(plain).filter(|t| !t.is_empty()),
        affiliation: (r.organization.as_ref())
            .and_then(|id| dataset.organization(id))
            .map(|o| OrganizationLd {
                kind: "Organization",
                name: plain(&o.name),
            }),
        url: url.map(str::to_owned),
        same_as: same_as(r),
    };
    let json = serde_json::to_string(&person).expect("a Person serializes");
    script_safe(&json)
}

/// The person's own pages elsewhere (homepage, GitHub, LinkedIn, Scholar, ORCID, dblp,
/// OpenAlex, blog, other),
/// http or https only, each once; never a paper, a video or an address.
fn same_as(r: &Researcher) -> Vec<String> {
    let mut urls: Vec<String> = Vec::new();
    for link in &r.links {
        let theirs = matches!(
            link.kind,
            LinkKind::Homepage
                | LinkKind::Github
                | LinkKind::Linkedin
                | LinkKind::Scholar
                | LinkKind::Orcid
                | LinkKind::Dblp
                | LinkKind::Openalex
                | LinkKind::Blog
                | LinkKind::Other
        );
        let lower = link.url.to_ascii_lowercase();
        let web = lower.starts_with("https://") || lower.starts_with("http://");
        if theirs && web && !urls.contains(&link.url) {
            urls.push(link.url.clone());
        }
    }
    urls
}

#[cfg(test)]
mod tests;
