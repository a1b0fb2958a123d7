//! One test's browser tab on one site, with the waits the tests use. Every wait polls a condition
//! in the page until it holds or its deadline passes, and a timeout says what was last seen.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::site::Site;

/// How long a condition may take to hold (release builds on a busy two-core machine).
pub const TIMEOUT: Duration = Duration::from_secs(15);
/// How often a condition is checked.
const POLL: Duration = Duration::from_millis(50);

/// Helpers every script may use: `$`, `$$`, `tid` (a test id selector) and `text`.
const PRELUDE: &str = r#"
const $ = (s, r = document) => r.querySelector(s);
const $$ = (s, r = document) => [...r.querySelectorAll(s)];
const tid = (id) => `[data-testid="${id}"]`;
const text = (el) => (el ? el.textContent.replace(/\s+/g, ' ').trim() : null);
const cards = () => $$(tid('researcher-card'));
"#;

/// A test's view of the browser.
pub struct Page<'a> {
    client: Client,
    site: &'a Site,
    notes: RefCell<Vec<String>>,
}

/// A test's outcome: `Err` carries the reason.
pub type Outcome = Result<(), String>;

impl<'a> Page<'a> {
    /// Wraps a fresh session on `site`.
    pub fn new(client: Client, site: &'a Site) -> Self {
        Self {
            client,
            site,
            notes: RefCell::new(Vec::new()),
        }
    }

    /// The site under test.
    pub fn site(&self) -> &Site {
        self.site
    }

    /// Ends the session (closing the browser).
    pub async fn close(self) -> Result<(), String> {
        self.client.close().await.map_err(|e| format!("close: {e}"))
    }

    /// Remarks a test makes about the engine (which clipboard path it took, …).
    pub fn note(&self, text: impl Into<String>) {
        self.notes.borrow_mut().push(text.into());
    }

    /// The remarks so far.
    pub fn notes(&self) -> Vec<String> {
        self.notes.borrow().clone()
    }

    /// Navigates to `path`, relative to the site's base (`""` is the base itself).
    pub async fn open(&self, path: &str) -> Outcome {
        let url = format!("{}{path}", self.site.url());
        self.client
            .goto(&url)
            .await
            .map_err(|e| format!("open {url}: {e}"))
    }

    /// Reloads the page.
    pub async fn reload(&self) -> Outcome {
        self.client
            .refresh()
            .await
            .map_err(|e| format!("reload: {e}"))
    }

    /// Reloads from within the page (`location.reload()`, what F5 does) and waits for the new
    /// document.
    pub async fn reload_from_page(&self) -> Outcome {
        self.eval(
            "window.__atlasOldDocument = true; setTimeout(() => location.reload(), 0);",
            vec![],
        )
        .await?;
        self.until_eq(
            "a new document after location.reload()",
            "[window.__atlasOldDocument ?? 'new', document.readyState]",
            json!(["new", "complete"]),
        )
        .await
    }

    /// The browser's Back button.
    pub async fn back(&self) -> Outcome {
        self.client.back().await.map_err(|e| format!("back: {e}"))
    }

    /// The browser's Forward button.
    pub async fn forward(&self) -> Outcome {
        self.client
            .forward()
            .await
            .map_err(|e| format!("forward: {e}"))
    }

    /// Runs `body` (a function body that may use the prelude and `arguments`) in the page.
    pub async fn eval(&self, body: &str, args: Vec<Value>) -> Result<Value, String> {
        self.client
            .execute(&format!("{PRELUDE}\n{body}"), args)
            .await
            .map_err(|e| format!("script failed: {e}"))
    }

    /// Runs an async `body` in the page; it ends by calling `done(value)`.
    pub async fn eval_async(&self, body: &str, args: Vec<Value>) -> Result<Value, String> {
        self.client
            .execute_async(
                &format!("{PRELUDE}\nconst done = arguments[arguments.length - 1];\n{body}"),
                args,
            )
            .await
            .map_err(|e| format!("script failed: {e}"))
    }

    /// Waits until `expr` (a JavaScript expression) satisfies `holds`; returns its last value.
    pub async fn until(
        &self,
        what: &str,
        expr: &str,
        holds: impl Fn(&Value) -> bool,
    ) -> Result<Value, String> {
        let deadline = Instant::now() + TIMEOUT;
        let body = format!("return ({expr});");
        loop {
            let seen = self.eval(&body, vec![]).await;
            match &seen {
                Ok(v) if holds(v) => return Ok(v.clone()),
                _ if Instant::now() > deadline => {
                    let seen = match seen {
                        Ok(v) => v.to_string(),
                        Err(e) => e,
                    };
                    return Err(format!(
                        "{what}: not so after {} s (last seen: {seen})",
                        TIMEOUT.as_secs()
                    ));
                }
                _ => tokio::time::sleep(POLL).await,
            }
        }
    }

    /// Waits until `expr` equals `want`.
    pub async fn until_eq(&self, what: &str, expr: &str, want: Value) -> Outcome {
        self.until(what, expr, |v| *v == want).await.map(drop)
    }

    /// Waits until the cards are those of `names`, in any order.
    pub async fn card_names(&self, names: &[&str]) -> Outcome {
        let mut want: Vec<&str> = names.to_vec();
        want.sort_unstable();
        self.until_eq(
            &format!("cards of {}", want.join(", ")),
            "cards().map((c) => text($('.card-name', c))).sort()",
            json!(want),
        )
        .await
    }

    /// Waits until the URL's query parameter `key` is `value` (`None`: absent).
    pub async fn url_param(&self, key: &str, value: Option<&str>) -> Outcome {
        self.until_eq(
            &format!("URL parameter {key} = {value:?}"),
            &format!("new URL(location.href).searchParams.get({})", json!(key)),
            json!(value),
        )
        .await
    }

    /// Waits for the element at `locator` to be in the page.
    pub async fn find(&self, locator: Locator<'_>) -> Result<Element, String> {
        self.client
            .wait()
            .at_most(TIMEOUT)
            .every(POLL)
            .for_element(locator)
            .await
            .map_err(|e| format!("{locator:?} not found: {e}"))
    }

    /// Clicks the element at `locator` once it is there, as a user would (WebDriver click).
    pub async fn click(&self, locator: Locator<'_>) -> Outcome {
        self.find(locator)
            .await?
            .click()
            .await
            .map_err(|e| format!("click {locator:?}: {e}"))
    }

    /// Types `keys` into the element at `locator`, all at once (no delay between keys).
    pub async fn type_into(&self, locator: Locator<'_>, keys: &str) -> Outcome {
        self.find(locator)
            .await?
            .send_keys(keys)
            .await
            .map_err(|e| format!("type into {locator:?}: {e}"))
    }

    /// What the error recorder (`server.mjs --record-errors`) caught in this tab so far.
    pub async fn recorded_errors(&self) -> Result<Vec<String>, String> {
        let v = self
            .eval("return window.__atlasErrors ?? null;", vec![])
            .await?;
        match v {
            Value::Array(items) => Ok(items
                .into_iter()
                .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_owned))
                .collect()),
            _ => Err(
                "the error recorder is not in the page (server.mjs without --record-errors?)"
                    .into(),
            ),
        }
    }

    /// A PNG of the viewport, for a failed test.
    pub async fn screenshot(&self) -> Option<Vec<u8>> {
        self.client.screenshot().await.ok()
    }

    /// Sets the window to a desktop size, the same in both engines.
    pub async fn desktop_size(&self) -> Outcome {
        self.client
            .set_window_size(1280, 900)
            .await
            .map_err(|e| format!("window size: {e}"))
    }
}
