//! The few browser services the UI needs beyond the DOM: the document title, the clipboard, file
//! downloads, reading a file the reader gives, and User Timing measures.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlDocument, HtmlTextAreaElement, Url};

/// Names the document after the page shown: `page` (a person's, an organization's or the page's
/// name, "Connections") followed by the site's name; the site's name alone for the home page.
pub fn set_title(page: Option<&str>) {
    super::host::set_title(&crate::site::meta::document_title(page));
}

/// How a copy attempt ended, for the message next to the Copy button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copied {
    /// The text is on the clipboard.
    Done,
    /// No clipboard access: the text is selected for the user to copy with the keyboard.
    Selected,
}

/// Copies `text` with the asynchronous clipboard API; when that is missing (pages served over
/// plain http) or refused, selects the text in `fallback` and tries the legacy copy command,
/// leaving it selected for Ctrl+C if that fails too.
pub async fn copy_text(text: &str, fallback: Option<HtmlTextAreaElement>) -> Copied {
    let navigator = leptos::prelude::window().navigator();
    // `navigator.clipboard` is undefined outside secure contexts; calling it would throw.
    let has_clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .is_ok_and(|c| !c.is_undefined() && !c.is_null());
    if has_clipboard
        && JsFuture::from(navigator.clipboard().write_text(text))
            .await
            .is_ok()
    {
        return Copied::Done;
    }
    let Some(area) = fallback else {
        return Copied::Selected;
    };
    let _ = area.focus();
    area.select();
    let copied = leptos::prelude::document()
        .dyn_into::<HtmlDocument>()
        .ok()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false);
    if copied {
        Copied::Done
    } else {
        Copied::Selected
    }
}

/// Offers `text` as a file download named `file_name`.
pub fn download(file_name: &str, mime: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let document = leptos::prelude::document();
    let anchor: HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.set_hidden(true);
    let body = document.body().ok_or("no body")?;
    body.append_child(&anchor)?;
    anchor.click();
    anchor.remove();
    // Revoke once the browser has started the download.
    leptos::prelude::set_timeout(
        move || {
            let _ = Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(10),
    );
    Ok(())
}

/// The text of a file the reader chose or dropped (decoded as UTF-8, as `File.text()` does),
/// or why it could not be read.
pub async fn read_file(file: &web_sys::File) -> Result<String, String> {
    let value = JsFuture::from(file.text())
        .await
        .map_err(|e| e.as_string().unwrap_or_else(|| format!("{e:?}")))?;
    value.as_string().ok_or_else(|| "it is not text".to_owned())
}

/// Runs `f` and records how long it took as a User Timing measure named `name`: visible in the
/// browser's performance panel, and read by the browser benchmark (`atlas:index`,
/// `atlas:search`) through a PerformanceObserver. Only the latest measure of each name is kept
/// in the timeline, so a long session does not accumulate entries.
pub fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    if !cfg!(target_arch = "wasm32") {
        return f();
    }
    let performance = leptos::prelude::window().performance();
    let start = format!("{name}:start");
    if let Some(p) = &performance {
        let _ = p.mark(&start);
    }
    let out = f();
    if let Some(p) = &performance {
        p.clear_measures_with_measure_name(name);
        let _ = p.measure_with_start_mark(name, &start);
        p.clear_marks_with_mark_name(&start);
    }
    out
}
