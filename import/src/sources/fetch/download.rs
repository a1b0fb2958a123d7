//! One run's requests: each paced, retried as a `429`/`503` asks, checked whole, and an
//! OpenAlex works list followed page by page. A document that fails says which URL and what
//! happened; a host that refuses for good (still busy after the retries, or not reachable) is
//! not asked again this run, so the rest of its documents cost no wait.

use std::collections::HashMap;
use std::time::Duration;

use ureq::Agent;

use super::http::{self, whole_dblp, whole_json};
use super::plan::{self, Source, Target};
use super::polite::{Pacer, host_of, retry_wait};
use super::{Fetch, NotFetched, Why};

/// The most OpenAlex works pages followed for one author (100 works each): a guard against a
/// cursor that never ends, far above any one person's record.
const MAX_WORKS_PAGES: usize = 500;

/// A document that was not fetched: the URL that failed (for a works file, the page's) and
/// why. The caller adds whose document it is.
#[derive(Debug)]
pub(super) struct Failure {
    /// The URL.
    pub url: String,
    /// What happened.
    pub why: Why,
}

impl Failure {
    /// This document's failure, not fetched: whose it is (the target's label and file) added.
    pub(super) fn of(self, target: &Target) -> NotFetched {
        NotFetched {
            label: target.label.clone(),
            file: Some(target.file.clone()),
            url: Some(self.url),
            why: self.why,
            kept: false,
        }
    }
}

/// The state of one run: the agent (its connections), when each host was last asked, which
/// hosts refused for good, and what is worth telling about the waits.
pub(super) struct Session<'a> {
    fetch: &'a Fetch,
    agent: Agent,
    pacer: Pacer,
    /// The hosts that refused a request for good, each with what happened that time.
    refused: HashMap<String, String>,
    /// Waits that did not follow the server's `Retry-After` exactly, one line each.
    pub notes: Vec<String>,
}

impl<'a> Session<'a> {
    /// A session for one `fill`.
    pub(super) fn new(fetch: &'a Fetch) -> Self {
        Session {
            fetch,
            agent: http::agent(&fetch.user_agent()),
            pacer: Pacer::default(),
            refused: HashMap::new(),
            notes: Vec::new(),
        }
    }

    /// The file's content, downloaded and checked whole; or why it could not be.
    pub(super) fn download(&mut self, target: &Target) -> Result<Vec<u8>, Failure> {
        if target.source == Source::OpenAlexWorks {
            return self.works(target);
        }
        let url = self.url(target, "*");
        let checked = self.get(target, &url).and_then(|body| {
            match target.source {
                Source::Dblp => whole_dblp(&body),
                _ => whole_json(&body).map(drop),
            }
            .map_err(|e| Why::Failed(e.to_string()))?;
            Ok(body)
        });
        checked.map_err(|why| Failure { url, why })
    }

    /// Every page of the author's works, from `cursor=*` until `meta.next_cursor` is null or
    /// a page has no results: the pages' bodies, one a line. A page that fails fails the whole
    /// file.
    fn works(&mut self, target: &Target) -> Result<Vec<u8>, Failure> {
        let mut file = Vec::new();
        let mut cursor = "*".to_string();
        for number in 1..=MAX_WORKS_PAGES {
            let url = self.url(target, &cursor);
            let page_failed = |why: Why| {
                let why = match why {
                    Why::Failed(what) if number > 1 => Why::Failed(format!(
                        "{what} (page {number} of the works; none of the file is written)"
                    )),
                    why => why,
                };
                Failure {
                    url: url.clone(),
                    why,
                }
            };
            let body = self.get(target, &url).map_err(page_failed)?;
            let page = whole_json(&body).map_err(|e| page_failed(Why::Failed(e.to_string())))?;
            let Some(results) = page.get("results").and_then(|r| r.as_array()) else {
                let what = "the body is not an OpenAlex list page (no \"results\")";
                return Err(page_failed(Why::Failed(what.to_string())));
            };
            // A JSON document holds a line break only between tokens: a space does as well.
            let line = body
                .iter()
                .map(|&b| if b == b'\n' || b == b'\r' { b' ' } else { b });
            file.extend(line);
            file.push(b'\n');
            let next = page.pointer("/meta/next_cursor").and_then(|c| c.as_str());
            match next {
                Some(next) if !results.is_empty() => cursor = next.to_string(),
                _ => return Ok(file),
            }
        }
        let what = format!("more than {MAX_WORKS_PAGES} pages of works; stopped");
        Err(Failure {
            url: self.url(target, "*"),
            why: Why::Failed(what),
        })
    }

    /// The URL of the document, or of its works page at `cursor`.
    pub(super) fn url(&self, target: &Target, cursor: &str) -> String {
        let fetch = self.fetch;
        target.url(&fetch.endpoints, fetch.mailto.as_deref(), cursor)
    }

    fn interval(&self, source: Source) -> Duration {
        let pace = &self.fetch.pace;
        match source {
            Source::Orcid => pace.orcid,
            Source::Dblp => pace.dblp,
            Source::OpenAlexAuthor | Source::OpenAlexWorks => pace.openalex,
        }
    }

    /// One GET, paced; a `429` or `503` is retried after the wait it asks for, up to
    /// `max_retries` times. Returns a successful body. A host that refused earlier is not
    /// asked; one that refuses now (still busy, or not reachable) is not asked again.
    fn get(&mut self, target: &Target, url: &str) -> Result<Vec<u8>, Why> {
        let host = host_of(url).to_string();
        if let Some(refusal) = self.refused.get(&host) {
            let refusal = refusal.clone();
            return Err(Why::NotTried { host, refusal });
        }
        let clock = self.fetch.clock.as_ref();
        let interval = self.interval(target.source);
        let mut waits: Vec<Duration> = Vec::new();
        loop {
            self.pacer.before_request(clock, url, interval);
            let key = (self.fetch.openalex_key.as_deref()).filter(|_| {
                matches!(
                    target.source,
                    Source::OpenAlexAuthor | Source::OpenAlexWorks
                )
            });
            // The key goes on the request only: never into a message, a file or its name.
            let sent = match key {
                Some(key) if url.contains('?') => format!("{url}&api_key={}", plan::encode(key)),
                Some(key) => format!("{url}?api_key={}", plan::encode(key)),
                None => url.to_owned(),
            };
            let reply = match http::get(&self.agent, &sent, target.source.accept()) {
                Ok(reply) => reply,
                Err(trouble) => {
                    let what = key.map_or(trouble.what.clone(), |k| trouble.what.replace(k, "…"));
                    if trouble.unreachable {
                        self.refused.insert(host, what.clone());
                    }
                    return Err(Why::Failed(what));
                }
            };
            if reply.is_success() {
                return Ok(reply.body);
            }
            let busy = matches!(reply.status, 429 | 503);
            let retries = waits.len() as u32;
            if busy && retries < self.fetch.max_retries {
                let (wait, note) = retry_wait(reply.retry_after.as_deref(), clock.now(), retries);
                if let Some(note) = note {
                    let status = &reply.status_line;
                    self.notes
                        .push(format!("{}: {url}: {status}: {note}", target.label));
                }
                clock.sleep(wait);
                waits.push(wait);
                continue;
            }
            let what = if reply.status == 404 {
                format!("{}: {}", reply.status_line, target.not_found())
            } else if busy {
                let waited: Vec<String> =
                    waits.iter().map(|w| format!("{} s", w.as_secs())).collect();
                let what = format!(
                    "{} still, after {retries} retries (waited {})",
                    reply.status_line,
                    if waited.is_empty() {
                        "0 s".to_string()
                    } else {
                        waited.join(", ")
                    }
                );
                self.refused.insert(host, what.clone());
                what
            } else {
                reply.status_line
            };
            return Err(Why::Failed(what));
        }
    }
}
