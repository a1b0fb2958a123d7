//! Character references: the five XML ones, the ISO Latin-1 names dblp's DTD declares
//! (`&uuml;`, `&eacute;`, `&szlig;` …, the same 96 as HTML's), numeric references — those
//! three from [`web_text`]'s tables — and any `<!ENTITY name "text">` a document declares in
//! its own DOCTYPE.

use std::collections::HashMap;

use crate::web_text;

/// The entities a document may use: the built-in ones and those its DOCTYPE declares.
#[derive(Debug, Default)]
pub(super) struct Entities {
    declared: HashMap<String, String>,
}

impl Entities {
    /// Adds the `<!ENTITY name "text">` declarations of a DOCTYPE's internal subset (the
    /// text between `<!DOCTYPE` and `>`); parameter entities (`<!ENTITY % …>`) and external
    /// ones (`SYSTEM "…"`) are not read.
    pub(super) fn declare_from_doctype(&mut self, doctype: &str) {
        let mut rest = doctype;
        while let Some(at) = rest.find("<!ENTITY") {
            rest = &rest[at + "<!ENTITY".len()..];
            let decl = rest.trim_start();
            let name: String = decl
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '%')
                .collect();
            let after = decl[name.len()..].trim_start();
            let Some(quote) = after.chars().next().filter(|q| *q == '"' || *q == '\'') else {
                continue;
            };
            let Some(end) = after[1..].find(quote) else {
                continue;
            };
            if !name.is_empty() {
                let value = self.expand(&after[1..1 + end]).0;
                self.declared.insert(name, value);
            }
        }
    }

    /// The text a reference `&name;` (given without `&` and `;`) stands for, or `None` when
    /// the name is not known (or a numeric reference names no character).
    pub(super) fn resolve(&self, name: &str) -> Option<String> {
        if let Some(number) = name.strip_prefix('#') {
            return web_text::char_ref(number)
                .filter(|c| *c != '\0')
                .map(String::from);
        }
        web_text::xml_or_latin1(name)
            .map(String::from)
            .or_else(|| self.declared.get(name).cloned())
    }

    /// A raw attribute value with its references resolved and its white space characters made
    /// spaces (as XML normalizes attributes), and the names of unknown references, which
    /// are kept as written.
    pub(super) fn expand(&self, raw: &str) -> (String, Vec<String>) {
        let mut out = String::with_capacity(raw.len());
        let mut unknown = Vec::new();
        let mut rest = raw;
        while let Some(amp) = rest.find('&') {
            out.push_str(&rest[..amp]);
            let after = &rest[amp + 1..];
            let name_len = after.find(';').filter(|n| {
                !after[..*n].is_empty()
                    && !after[..*n].contains(|c: char| c.is_whitespace() || c == '&')
            });
            match name_len {
                Some(n) => {
                    let name = &after[..n];
                    match self.resolve(name) {
                        Some(text) => out.push_str(&text),
                        None => {
                            out.push_str(&rest[amp..amp + n + 2]);
                            unknown.push(name.to_owned());
                        }
                    }
                    rest = &after[n + 1..];
                }
                None => {
                    out.push('&');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        let out = out.replace(['\t', '\n', '\r'], " ");
        (out, unknown)
    }
}
