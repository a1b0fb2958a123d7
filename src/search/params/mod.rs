//! Every page's URL state: one typed value per route, each with one lenient parse
//! (`from_pairs`, never an error: unknown keys and malformed values are ignored, so any shared
//! link opens a working page) and one canonical write (`to_pairs`: fixed key order, sorted
//! lists, defaults left out, so equal states give equal URLs).
//!
//! [`directory`] is the directory's query, filters and sort; [`publications`] a publication
//! list's; [`organizations`] the organizations list's and its ranking's; [`connections`] the
//! connections page's chain, kinds and focus; [`experts`] the experts page's text, authors and
//! options; [`IdList`] the people of `/compare` and
//! `/shortlist`. [`encode_query`] turns any of them into a query string; the UI's route type is
//! the only caller that builds URLs with it.

pub mod connections;
pub mod directory;
pub mod experts;
pub mod organizations;
pub mod publications;
mod set;

#[cfg(test)]
mod tests;

pub use connections::ConnectionsParams;
pub use directory::{OrgScope, SearchParams, Sector, Sort, stage_from_key};
pub use experts::ExpertParams;
pub use organizations::{
    Credit, ORG_KEYS, ORG_KINDS, OrgParams, OrgSort, Selection, kind_from_key, kind_key,
    kind_label, kind_sector,
};
pub use publications::{GroupBy, Order, PUB_KEYS, PubParams};
pub use set::Set;

/// The non-empty, trimmed items of a comma-separated list.
pub(crate) fn items(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// An ordered list of researcher ids in one URL key (`ids=a,b`): the people of `/compare` and of
/// a shared `/shortlist`. Order is the user's; duplicates and empty items are dropped.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IdList(pub Vec<String>);

impl IdList {
    /// The URL key.
    pub const KEY: &'static str = "ids";

    /// Parses a comma-separated list, keeping the first of each id.
    pub fn parse(text: &str) -> Self {
        let mut out: Vec<String> = Vec::new();
        for id in items(text) {
            if !out.iter().any(|x| x == id) {
                out.push(id.to_owned());
            }
        }
        Self(out)
    }

    /// The list from percent-decoded query pairs; `None` when the key is absent (a shared
    /// shortlist differs from the user's own by having the key at all).
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Option<Self> {
        let mut found: Option<String> = None;
        for (k, v) in pairs {
            if k == Self::KEY {
                let text = found.get_or_insert_with(String::new);
                if !text.is_empty() {
                    text.push(',');
                }
                text.push_str(v);
            }
        }
        found.map(|t| Self::parse(&t))
    }

    /// The canonical pairs: nothing for an empty list.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        if self.0.is_empty() {
            Vec::new()
        } else {
            vec![(Self::KEY, self.0.join(","))]
        }
    }
}

/// `?k=v&…` with values percent-encoded (commas kept readable); empty for no pairs.
pub fn encode_query(pairs: &[(&'static str, String)]) -> String {
    let mut out = String::new();
    for (k, v) in pairs {
        out.push(if out.is_empty() { '?' } else { '&' });
        out.push_str(k);
        out.push('=');
        encode_into(&mut out, v);
    }
    out
}

/// The pairs of a query string (`?k=v&…`, the `?` optional), percent-decoded, with `+` read as a
/// space as browsers' `URLSearchParams` does; the inverse of [`encode_query`]. Empty parts are
/// skipped and a part without `=` is a key with an empty value.
pub fn decode_query(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let decode = |s: &str| decode_component(&s.replace('+', " "));
            (decode(k), decode(v))
        })
        .collect()
}

/// Percent-encodes one path segment or query value into `out`: unreserved characters and commas
/// pass, everything else (UTF-8 bytes included) becomes `%XX`.
pub fn encode_into(out: &mut String, value: &str) {
    for b in value.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
}

/// Decodes `%XX` escapes (and nothing else: `+` stays) in a path segment or query value; a
/// malformed escape is kept as written and invalid UTF-8 becomes U+FFFD, so decoding never fails.
pub fn decode_component(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b, ..) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
