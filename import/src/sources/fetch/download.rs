//! One run's requests: each paced, retried as a `429`/`503` asks, checked whole, and an
//! OpenAlex works list followed page by page. Errors name the person and the URL.

use std::time::Duration;

use ureq::Agent;

use super::Fetch;
use super::http::{self, whole_dblp, whole_json};
use super::plan::{self, Source, Target};
use super::polite::{Pacer, retry_wait};

/// The most OpenAlex works pages followed for one author (100 works each): a guard against a
/// cursor that never ends, far above any one person's record.
const MAX_WORKS_PAGES: usize = 500;

/// The state of one run: the agent (its connections), when each host was last asked, and
/// what is worth telling about the waits.
pub(super) struct Session<'a> {
    fetch: &'a Fetch,
    agent: Agent,
    pacer: Pacer,
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
            notes: Vec::new(),
        }
    }

    /// The file's content, downloaded and checked whole.
    pub(super) fn download(&mut self, target: &Target) -> Result<Vec<u8>, String> {
        if target.source == Source::OpenAlexWorks {
            return self.works(target);
        }
        let url = self.url(target, "*");
        let body = self.get(target, &url)?;
        let checked = match target.source {
            Source::Dblp => whole_dblp(&body),
            _ => whole_json(&body).map(drop),
        };
        checked.map_err(|e| format!("{}: {url}: {e}", target.label))?;
        Ok(body)
    }

    /// Every page of the author's works, from `cursor=*` until `meta.next_cursor` is null or
    /// a page has no results: the pages' bodies, one a line.
    fn works(&mut self, target: &Target) -> Result<Vec<u8>, String> {
        let mut file = Vec::new();
        let mut cursor = "*".to_string();
        for _ in 0..MAX_WORKS_PAGES {
            let url = self.url(target, &cursor);
            let body = self.get(target, &url)?;
            let page = whole_json(&body).map_err(|e| format!("{}: {url}: {e}", target.label))?;
            let Some(results) = page.get("results").and_then(|r| r.as_array()) else {
                return Err(format!(
                    "{}: {url}: the body is not an OpenAlex list page (no \"results\")",
                    target.label
                ));
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
        Err(format!(
            "{}: {}: more than {MAX_WORKS_PAGES} pages of works; stopped",
            target.label,
            self.url(target, "*")
        ))
    }

    fn url(&self, target: &Target, cursor: &str) -> String {
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
    /// `max_retries` times. Returns a successful body.
    fn get(&mut self, target: &Target, url: &str) -> Result<Vec<u8>, String> {
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
            let reply = http::get(&self.agent, &sent, target.source.accept()).map_err(|e| {
                let e = key.map_or(e.clone(), |k| e.replace(k, "…"));
                format!("{}: {url}: {e}", target.label)
            })?;
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
                format!(
                    "{} still, after {retries} retries (waited {})",
                    reply.status_line,
                    if waited.is_empty() {
                        "0 s".to_string()
                    } else {
                        waited.join(", ")
                    }
                )
            } else {
                reply.status_line
            };
            return Err(format!("{}: {url}: {what}", target.label));
        }
    }
}
