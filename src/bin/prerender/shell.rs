//! The page around the rendered views: the app's own `index.html` shell (as `cargo xtask dist`
//! left it in `404.html`: styles, start-up script, CSP), with each route's title, head tags and
//! content put in.

use research_atlas::lang::Lang;
use research_atlas::site::Languages;
use research_atlas::site::meta::escape_html;

/// What the shell's body holds before a page is put in; replaced by the page.
const NOSCRIPT: &str =
    "<noscript>Research Atlas needs JavaScript and WebAssembly to run.</noscript>";

/// The built app's HTML shell.
pub struct Shell {
    html: String,
}

impl Shell {
    /// Checks that `html` is the app's shell: it must have the places a page goes into.
    pub fn new(html: String) -> Result<Self, String> {
        for needle in ["<title>Research Atlas</title>", NOSCRIPT, "<base href=\""] {
            if !html.contains(needle) {
                return Err(format!("the app's shell has no {needle}"));
            }
        }
        Ok(Self { html })
    }

    /// The site's base path without its trailing slash (`""`, `/atlas`), from `<base href>`.
    pub fn base(&self) -> String {
        let start = self.html.find("<base href=\"").unwrap_or(0) + "<base href=\"".len();
        let end = self.html[start..].find('"').map_or(start, |e| start + e);
        self.html[start..end].trim_end_matches('/').to_owned()
    }

    /// The shell of a page in `lang` on a site of `languages`: `<html lang dir data-languages>`
    /// (the app reads its language and the site's from them).
    pub fn localized(&self, lang: Lang, languages: &Languages) -> Self {
        let tag = format!(
            "<html lang=\"{}\" dir=\"{}\" data-languages=\"{}\">",
            lang.code(),
            lang.dir(),
            languages.attribute()
        );
        let html = match (
            self.html.find("<html"),
            self.html
                .find("<html")
                .and_then(|s| self.html[s..].find('>').map(|e| s + e + 1)),
        ) {
            (Some(start), Some(end)) => {
                format!("{}{tag}{}", &self.html[..start], &self.html[end..])
            }
            _ => self.html.clone(),
        };
        Self { html }
    }

    /// The shell's HTML as it is (the page a host answers unknown paths with).
    pub fn html(&self) -> &str {
        &self.html
    }

    /// The shell with `title`, `head` (tags for `<head>`) and `body` (the app's markup) put in.
    pub fn page(&self, title: &str, head: &str, body: &str) -> String {
        let without_description = drop_description(&self.html);
        without_description
            .replacen(
                "<title>Research Atlas</title>",
                &format!("<title>{}</title>\n{head}", escape_html(title)),
                1,
            )
            .replacen(
                NOSCRIPT,
                &format!("<div id=\"atlas-static\">{}</div>", trim(body)),
                1,
            )
    }
}

/// The shell without its generic description (each page has its own).
fn drop_description(html: &str) -> String {
    let Some(start) = html.find("<meta name=\"description\"") else {
        return html.to_owned();
    };
    let end = html[start..]
        .find('>')
        .map_or(html.len(), |e| start + e + 1);
    let line_start = html[..start].trim_end_matches([' ', '\t']).len();
    let after = html[end..].strip_prefix('\n').map_or(end, |_| end + 1);
    format!("{}{}", &html[..line_start], &html[after..])
}

/// The rendered markup without what only the app uses: the views' test ids (the app's own
/// elements carry them, so tests wait for the app), the style attributes the app sets through
/// the CSSOM (the Content-Security-Policy refuses them in markup) and the renderer's empty `<!>`
/// markers. Text is left as it is: only tags are looked into.
fn trim(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let end = tag_end(&rest[start..]).map_or(rest.len(), |e| start + e);
        let tag = &rest[start..end];
        if tag != "<!>" {
            out.push_str(&drop_attributes(tag, &["data-testid", "style"]));
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The length of the tag `html` starts with, up to its `>` outside quotes.
fn tag_end(html: &str) -> Option<usize> {
    let mut quoted = false;
    html.char_indices().find_map(|(i, c)| match c {
        '"' => {
            quoted = !quoted;
            None
        }
        '>' if !quoted => Some(i + 1),
        _ => None,
    })
}

/// `tag` without its ` name="…"` attributes of the given names (values hold no `"`: the renderer
/// escapes it).
fn drop_attributes(tag: &str, names: &[&str]) -> String {
    let mut out = String::with_capacity(tag.len());
    let mut rest = tag;
    let mut quoted = false;
    while let Some(c) = rest.chars().next() {
        let dropped = (!quoted && c == ' ')
            .then(|| {
                names
                    .iter()
                    .find(|n| rest[1..].starts_with(&format!("{n}=\"")))
            })
            .flatten();
        if let Some(name) = dropped {
            let value = 1 + name.len() + 2;
            let end = rest[value..]
                .find('"')
                .map_or(rest.len(), |e| value + e + 1);
            rest = &rest[end..];
            continue;
        }
        if c == '"' {
            quoted = !quoted;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &str = "<head>\n    <meta name=\"description\" content=\"x\" />\n    <title>Research Atlas</title>\n    <base href=\"/atlas/\"/>\n</head>\n<body>\n    <noscript>Research Atlas needs JavaScript and WebAssembly to run.</noscript>\n</body>";

    #[test]
    fn a_page_goes_into_the_shell() {
        let shell = Shell::new(SHELL.into()).unwrap();
        assert_eq!(shell.base(), "/atlas");
        let page = shell.page(
            "A & B",
            "    <meta name=\"x\">",
            "<p data-testid=\"t\" style=\"a:b;\">Hi<!></p>",
        );
        assert!(page.contains("<title>A &amp; B</title>\n    <meta name=\"x\">"));
        assert!(page.contains("<div id=\"atlas-static\"><p>Hi</p></div>"));
        assert!(!page.contains("content=\"x\""), "{page}");
        assert!(!page.contains("noscript"));
    }

    #[test]
    fn only_tags_lose_test_ids_and_styles() {
        let body = "<p title=\"a style=\" data-testid=\"t\">x style=\"y\" data-testid=\"z\"</p><!>";
        assert_eq!(
            trim(body),
            "<p title=\"a style=\">x style=\"y\" data-testid=\"z\"</p>"
        );
    }

    #[test]
    fn a_page_s_shell_says_its_language_direction_and_the_site_s_languages() {
        let shell = Shell::new(format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n{SHELL}</html>"
        ))
        .unwrap();
        let ar = shell.localized(Lang::Ar, &Languages::new([Lang::En, Lang::Ar]));
        assert!(
            ar.html.starts_with(
                "<!DOCTYPE html>\n<html lang=\"ar\" dir=\"rtl\" data-languages=\"en ar\">\n<head>"
            ),
            "{}",
            ar.html
        );
        assert_eq!(ar.base(), "/atlas");
    }

    #[test]
    fn a_page_that_is_not_the_shell_is_refused() {
        assert!(Shell::new("<html></html>".into()).is_err());
    }
}
