//! One GET over `ureq`, read whole and checked: a body shorter than its `Content-Length` is an
//! error, and so is a JSON or dblp XML document that is not whole. The readers do the real
//! reading; these checks only make sure a cut-off download never lands in the source folder.
//! An exchange that fails says whether the host could not be reached at all ([`Trouble`]), so
//! the run stops asking it.

use std::io::Read;
use std::time::Duration;

use ureq::Agent;

use crate::Error;

/// The largest body read (a prolific author's dblp page, or a page of 100 OpenAlex works,
/// is a few megabytes).
const MAX_BODY: u64 = 64 * 1024 * 1024;

/// A response as the fetcher needs it.
#[derive(Debug)]
pub(super) struct Reply {
    /// The status code.
    pub status: u16,
    /// `HTTP 500 Internal Server Error`, for messages.
    pub status_line: String,
    /// The `Retry-After` header, as sent.
    pub retry_after: Option<String>,
    /// The whole body, for a success; empty otherwise.
    pub body: Vec<u8>,
}

impl Reply {
    /// A 2xx status.
    pub(super) fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// The agent every request of a run goes through: statuses are answers, not errors; the
/// User-Agent names the tool.
pub(super) fn agent(user_agent: &str) -> Agent {
    Agent::config_builder()
        .http_status_as_error(false)
        .user_agent(user_agent)
        .timeout_connect(Some(Duration::from_secs(30)))
        .timeout_per_call(Some(Duration::from_secs(300)))
        .build()
        .into()
}

/// What went wrong with an exchange itself (not a status: those are [`Reply`]s).
#[derive(Debug)]
pub(super) struct Trouble {
    /// What happened, for the caller to put after the URL.
    pub what: String,
    /// The host could not be reached or spoken to (no connection, a timeout, TLS, garbled
    /// HTTP): its other requests would fail alike. False for a problem of this one request or
    /// body (a cut-off body, a redirect loop).
    pub unreachable: bool,
}

impl Trouble {
    fn of_body(what: String) -> Self {
        Trouble {
            what,
            unreachable: false,
        }
    }
}

/// Sends one GET; a successful response's body is read whole.
pub(super) fn get(agent: &Agent, url: &str, accept: &str) -> Result<Reply, Trouble> {
    let response = agent
        .get(url)
        .header("Accept", accept)
        .call()
        .map_err(|e| Trouble {
            what: format!("the request failed: {e}"),
            unreachable: unreachable(&e),
        })?;
    let status = response.status();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let retry_after = header("retry-after");
    // A compressed body's length is not the decoded length: ureq checks that one itself.
    let declared = match header("content-encoding") {
        Some(_) => None,
        None => header("content-length").and_then(|v| v.trim().parse::<u64>().ok()),
    };
    let status_line = format!(
        "HTTP {} {}",
        status.as_u16(),
        status.canonical_reason().unwrap_or("")
    )
    .trim_end()
    .to_string();
    let mut reply = Reply {
        status: status.as_u16(),
        status_line,
        retry_after,
        body: Vec::new(),
    };
    if !reply.is_success() {
        return Ok(reply);
    }
    let mut reader = response
        .into_body()
        .into_with_config()
        .limit(MAX_BODY)
        .reader();
    let read = reader.read_to_end(&mut reply.body);
    let got = reply.body.len() as u64;
    match (read, declared) {
        (Err(e), Some(declared)) => Err(Trouble::of_body(format!(
            "the body was cut off after {got} of {declared} bytes ({e})"
        ))),
        (Err(e), None) => Err(Trouble::of_body(format!(
            "reading the body failed after {got} bytes: {e}"
        ))),
        (Ok(_), Some(declared)) if got != declared => Err(Trouble::of_body(format!(
            "the body was cut off after {got} of {declared} bytes"
        ))),
        (Ok(_), _) => Ok(reply),
    }
}

/// Whether a failed call means the host itself cannot be reached or spoken to, rather than
/// that this one request went wrong.
fn unreachable(error: &ureq::Error) -> bool {
    !matches!(
        error,
        ureq::Error::BadUri(_)
            | ureq::Error::Http(_)
            | ureq::Error::StatusCode(_)
            | ureq::Error::RedirectFailed
            | ureq::Error::TooManyRedirects
            | ureq::Error::BodyExceedsLimit(_)
    )
}

/// Checks a body is one whole JSON document, and returns it read.
pub(super) fn whole_json(body: &[u8]) -> Result<serde_json::Value, Error> {
    serde_json::from_slice(body).map_err(|e| {
        Error::document(format!(
            "the body is not a whole JSON document ({e}); it may be cut off"
        ))
    })
}

/// Checks a body looks like one whole dblp person page: XML that ends with `</dblpperson>`.
pub(super) fn whole_dblp(body: &[u8]) -> Result<(), Error> {
    let text = body
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(body)
        .trim_ascii();
    if !text.starts_with(b"<") {
        return Err(Error::document("the body is not XML"));
    }
    if !text.ends_with(b"</dblpperson>") {
        return Err(Error::document(
            "the body does not end with </dblpperson>; it is not a dblp person page, or it is \
             cut off",
        ));
    }
    Ok(())
}
