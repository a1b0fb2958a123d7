//! Fetching a compiled file of the page's generation, and why data could not be shown
//! ([`DataError`]). Every fetch is relative to the document's base URL, so the same build works
//! at `/` and under a sub-path.

use std::fmt;
use std::sync::Arc;

use crate::files::generation::Missing;
use crate::files::paths;
use crate::lang::{Catalogue, fill};
use crate::search::TitleShard;
use crate::ui::state::generation;

/// Where the bundled dataset is served, relative to the base URL.
pub const DATASET_URL: &str = paths::DATASET;

/// Why some data could not be shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataError {
    /// The request for the URL failed before a response arrived (offline, blocked).
    Network(String, String),
    /// The server answered the URL with an error status.
    Status(String, u16, String),
    /// The response for the URL was not usable.
    Invalid(String, String),
    /// The host has no compiled file at the URL, and this build does not read the authoring
    /// JSON in its place (see [`super::json_host::READS_JSON`]).
    NotCompiled(String),
    /// The file is gone because the site was redeployed with other data since the page was
    /// opened (see [`super::generation`]): only a reload shows the site as it is now.
    Moved(String),
}

impl DataError {
    /// Whether the error is the site having moved on, which a reload answers, not a retry.
    pub fn is_moved(&self) -> bool {
        matches!(self, Self::Moved(_))
    }

    /// The file at `url`, refused by its reader (for `map_err`).
    pub fn refused(url: impl Into<String>) -> impl FnOnce(crate::Error) -> Self {
        move |e| Self::Invalid(url.into(), e.to_string())
    }
}

impl DataError {
    /// The error in `t`'s language, as a view shows it (`Display` is English, for logs).
    pub fn text(&self, t: &Catalogue) -> String {
        let x = t.errors();
        match self {
            Self::Network(url, e) => fill(x.network(), &[("url", url), ("error", e)]),
            Self::Status(url, code, text) => fill(
                x.status(),
                &[("url", url), ("code", &code.to_string()), ("status", text)],
            ),
            Self::Invalid(url, e) => fill(x.invalid(), &[("url", url), ("error", e)]),
            Self::Moved(url) => fill(x.moved(), &[("url", url)]),
            Self::NotCompiled(url) => fill(x.not_compiled(), &[("url", url)]),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Network(url, e) => write!(f, "Could not reach {url}: {e}"),
            Self::Status(url, code, text) => {
                write!(f, "Loading {url} failed: HTTP {code} {text}")
            }
            Self::Invalid(url, e) => write!(f, "{url} is not a valid dataset: {e}"),
            Self::Moved(url) => write!(
                f,
                "This directory was updated since the page was opened ({url} is gone). Reload \
                 to see it as it is now."
            ),
            Self::NotCompiled(url) => write!(
                f,
                "{url} is missing. This site reads only the compiled data that `cargo xtask \
                 dist` writes beside the app; deploy its whole output folder."
            ),
        }
    }
}

/// The body of the compiled file at `url` (`data/…`, fetched from the page's generation), or
/// why there is none; `Ok(None)` for a 404, and for an HTML page where a data file was asked
/// for: development servers and single-page-app hosts answer a missing file with `index.html`
/// and status 200. A file missing because the site has moved on to another generation is
/// [`DataError::Moved`]. Errors name `url` as given.
pub async fn fetch_bytes(url: &str) -> Result<Option<Vec<u8>>, DataError> {
    if !cfg!(target_arch = "wasm32") {
        return Err(DataError::Network(
            url.to_owned(),
            "not in a browser".into(),
        ));
    }
    let response = gloo_net::http::Request::get(&generation::url(url))
        .send()
        .await
        .map_err(|e| DataError::Network(url.to_owned(), e.to_string()))?;
    body(url, response).await
}

/// The text of a file of the build at `url` (beside the app, not in a data generation), or why
/// there is none (a 404 or an HTML page where a text file was asked for is
/// [`DataError::NotCompiled`]).
pub async fn fetch_text(url: &str) -> Result<String, DataError> {
    let response = gloo_net::http::Request::get(url)
        .send()
        .await
        .map_err(|e| DataError::Network(url.to_owned(), e.to_string()))?;
    if !response.ok() {
        return Err(DataError::Status(
            url.to_owned(),
            response.status(),
            response.status_text(),
        ));
    }
    let text =
        (response.text().await).map_err(|e| DataError::Invalid(url.to_owned(), e.to_string()))?;
    if is_html_page(text.as_bytes()) {
        return Err(DataError::NotCompiled(url.to_owned()));
    }
    Ok(text)
}

/// [`fetch_bytes`], taking over the request `public/early.js` started for `url` as the page
/// loaded, when it did (`window.atlasEarly.fetches`, by the file's URL in the page's
/// generation): the file then arrives beside the app's code instead of after it. Taken once:
/// a retry fetches again.
pub async fn fetch_bytes_early(url: &str) -> Result<Option<Vec<u8>>, DataError> {
    #[cfg(target_arch = "wasm32")]
    if let Some(started) = early_request(&generation::url(url)) {
        use wasm_bindgen::JsCast;
        let response = wasm_bindgen_futures::JsFuture::from(started)
            .await
            .and_then(|r| r.dyn_into::<web_sys::Response>())
            .map_err(|e| DataError::Network(url.to_owned(), format!("{e:?}")))?;
        return body(url, gloo_net::http::Response::from(response)).await;
    }
    fetch_bytes(url).await
}

/// The request `public/early.js` started for `href` (relative to the base URL), removed from
/// its list.
#[cfg(target_arch = "wasm32")]
fn early_request(href: &str) -> Option<js_sys::Promise> {
    use wasm_bindgen::JsCast;
    let window = leptos::prelude::window();
    let early = js_sys::Reflect::get(&window, &"atlasEarly".into()).ok()?;
    let fetches = js_sys::Reflect::get(&early, &"fetches".into()).ok()?;
    let started = js_sys::Reflect::get(&fetches, &href.into()).ok()?;
    let started = started.dyn_into::<js_sys::Promise>().ok()?;
    let _ = js_sys::Reflect::delete_property(fetches.dyn_ref::<js_sys::Object>()?, &href.into());
    Some(started)
}

/// The body of `response`, the answer for the compiled file at `url`; see [`fetch_bytes`].
async fn body(url: &str, response: gloo_net::http::Response) -> Result<Option<Vec<u8>>, DataError> {
    if response.status() == 404 {
        return missing(url).await;
    }
    if !response.ok() {
        return Err(DataError::Status(
            url.to_owned(),
            response.status(),
            response.status_text(),
        ));
    }
    let bytes = response
        .binary()
        .await
        .map_err(|e| DataError::Network(url.to_owned(), e.to_string()))?;
    if is_html_page(&bytes) {
        return missing(url).await;
    }
    Ok(Some(bytes))
}

/// Bytes `range` of the compiled file at `url` (of the page's generation): the body of a 206,
/// or the range cut out of the whole file when the answer is a 200 (a host that ignores
/// `Range`, or the service worker offline). A file missing because the site moved on is
/// [`DataError::Moved`]; errors name `url` as given.
pub async fn fetch_range(url: &str, range: std::ops::Range<u64>) -> Result<Vec<u8>, DataError> {
    if !cfg!(target_arch = "wasm32") {
        return Err(DataError::Network(
            url.to_owned(),
            "not in a browser".into(),
        ));
    }
    // Past the HTTP cache: it lets one request for a URL through at a time (Chromium's cache
    // lock), so a page's ranges of one file came one round trip after another (24 cards took
    // 2 s on a phone's connection). A generation's files never change; the service worker
    // still answers what it keeps.
    let response = gloo_net::http::Request::get(&generation::url(url))
        .header("Range", &format!("bytes={}-{}", range.start, range.end - 1))
        .cache(web_sys::RequestCache::NoStore)
        .send()
        .await
        .map_err(|e| DataError::Network(url.to_owned(), e.to_string()))?;
    if response.status() == 404 {
        missing::<()>(url).await?;
    }
    if !response.ok() {
        return Err(DataError::Status(
            url.to_owned(),
            response.status(),
            response.status_text(),
        ));
    }
    let body =
        (response.binary().await).map_err(|e| DataError::Network(url.to_owned(), e.to_string()))?;
    let (start, end) = (range.start as usize, range.end as usize);
    if body.len() == end - start {
        return Ok(body);
    }
    (body.get(start..end).map(<[u8]>::to_vec)).ok_or_else(|| {
        let got = body.len();
        DataError::Invalid(
            url.to_owned(),
            format!("asked for bytes {start}–{end}, got {got}"),
        )
    })
}

/// The answer for the file at `url`, which the host does not have: [`DataError::Moved`] when
/// the site serves another generation now, otherwise `Ok(None)`, the file is missing.
pub(crate) async fn missing<T>(url: &str) -> Result<Option<T>, DataError> {
    match generation::explain_missing().await {
        Missing::Moved(_) => Err(DataError::Moved(url.to_owned())),
        Missing::Absent => Ok(None),
    }
}

/// Whether `bytes` are an HTML page rather than a data file.
pub fn is_html_page(bytes: &[u8]) -> bool {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    let head = &bytes[start.unwrap_or(bytes.len())..];
    let head = &head[..head.len().min(15)];
    head.eq_ignore_ascii_case(b"<!doctype html>")
        || (head.len() >= 5 && head[..5].eq_ignore_ascii_case(b"<html"))
}

/// Like [`fetch_bytes`], with a 404 as an error.
pub(crate) async fn fetch_required(url: &str) -> Result<Vec<u8>, DataError> {
    fetch_bytes(url)
        .await?
        .ok_or_else(|| DataError::Status(url.to_owned(), 404, "Not Found".into()))
}

/// One publication-title shard.
pub async fn fetch_titles(key: String) -> Result<Arc<TitleShard>, DataError> {
    let url = paths::titles(&key);
    let bytes = fetch_required(&url).await?;
    TitleShard::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(DataError::refused(url))
}
