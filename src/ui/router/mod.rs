//! The app's whole router: [`provide_route`] keeps the current route, follows the app's links
//! and Back and Forward, and [`RouteContext::go`] is the one way the app changes the URL, at the
//! pace [`pacer`] sets; [`url`] is the one module that reads and writes the window's URL;
//! [`prefetch`] fetches a page's code before its link is followed. The routes themselves, and
//! every path, are [`crate::site::route`]'s.
//!
//! Why the app keeps its own router rather than `leptos_router`: see ARCHITECTURE.md, "The
//! app's own router, loader and title".

mod pacer;
pub mod prefetch;
pub mod url;

use std::time::Duration;

use leptos::prelude::*;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::search::params::decode_component;
use crate::site::route::AppRoute;
use pacer::{Entry, Pacer};
pub use url::Href;

/// How a change reaches the browser history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum History {
    /// A new entry: Back returns to the previous view.
    Push,
    /// Replace the current entry.
    Replace,
    /// A keystroke: the first of a burst pushes an entry, the following ones replace it, so
    /// Back returns to the view before typing.
    Typing,
}

/// The current route and the one way to change it; provided by [`provide_route`].
///
/// The route is app state that follows the URL: it is read from the URL on load, on Back and
/// Forward and when a link is followed, and it changes at once when the app calls
/// [`RouteContext::go`]. The URL then follows at the pace a [`Pacer`] sets, so no typing speed
/// makes more history writes than browsers allow (WebKit throws after 100 in 10 seconds).
#[derive(Clone, Copy)]
pub struct RouteContext {
    /// The current route.
    pub route: Memo<AppRoute>,
    current: RwSignal<AppRoute>,
    typing: StoredValue<u32, LocalStorage>,
    pacer: StoredValue<Pacer, LocalStorage>,
    /// When the pending timer fires, if one is set.
    timer: StoredValue<Option<f64>, LocalStorage>,
}

/// How long after the last keystroke a typing burst counts as settled.
const TYPING_SETTLES: Duration = Duration::from_millis(1200);

impl RouteContext {
    /// Makes `route` current: every memo reading the route follows at once, and the URL soon.
    /// Another page is a new view, so that change is written at once.
    pub fn go(&self, route: &AppRoute, history: History) {
        let entry = match history {
            History::Push => Entry::Push,
            History::Replace => Entry::Replace,
            History::Typing if self.typing_replaces() => Entry::Replace,
            History::Typing => Entry::Push,
        };
        let same_page = self.current.with_untracked(|c| c.page() == route.page());
        if self.current.with_untracked(|c| c != route) {
            self.current.set(route.clone());
        }
        if same_page {
            let first = self
                .pacer
                .try_update_value(|p| p.change(now(), route.href(), entry))
                .flatten();
            if let Some((href, entry)) = first {
                self.write(href, entry);
            }
            self.write_when_due();
        } else {
            self.flush();
            self.pacer.update_value(Pacer::cancel);
            self.write(route.href(), entry);
        }
    }

    /// Writes the waiting URL if it is due, and otherwise comes back when it will be.
    fn write_when_due(&self) {
        let now = now();
        if let Some(Some((href, entry))) = self.pacer.try_update_value(|p| p.take(now)) {
            self.write(href, entry);
        }
        let Some(Some(due)) = self.pacer.try_with_value(Pacer::due_at) else {
            return;
        };
        // One timer at a time: an earlier one comes back and looks again.
        if self
            .timer
            .try_get_value()
            .flatten()
            .is_some_and(|t| t <= due)
        {
            return;
        }
        self.timer.set_value(Some(due));
        let ctx = *self;
        let wait = Duration::from_millis((due - now).max(0.0).ceil() as u64);
        set_timeout(
            move || {
                if ctx.timer.try_set_value(None).is_none() {
                    ctx.write_when_due();
                }
            },
            wait,
        );
    }

    /// Writes the waiting URL now, before the page is left or a link followed.
    fn flush(&self) {
        let now = now();
        if let Some(Some((href, entry))) = self.pacer.try_update_value(|p| p.flush(now)) {
            self.write(href, entry);
        }
    }

    /// One history write. A browser that refuses it (a rate limit, a sandbox) leaves the app
    /// working: the write waits and is tried again later.
    fn write(&self, href: String, entry: Entry) {
        if !url::write(&href, entry) {
            self.pacer.update_value(|p| p.refused(now(), href, entry));
            self.write_when_due();
        }
    }

    /// Takes the route of the URL the browser now shows (Back, Forward, a followed link),
    /// forgetting any write still waiting: it belonged to the entry the user left.
    fn adopt(&self, route: AppRoute) {
        self.pacer.update_value(Pacer::cancel);
        if self.current.with_untracked(|c| *c != route) {
            self.current.set(route);
        }
    }

    /// Follows a link of the app to `route` (`href` is its URL): a new history entry unless it
    /// is the URL shown, and the page scrolled to its top.
    fn follow(&self, route: AppRoute, href: String) {
        let (path, search) = url::location();
        let shown = format!("{path}{search}");
        if href.split('#').next() != Some(shown.as_str()) {
            self.write(href, Entry::Push);
        }
        self.adopt(route);
        window().scroll_to_with_x_and_y(0.0, 0.0);
    }

    /// False for the first keystroke of a burst, true for the rest; counts the keystroke.
    fn typing_replaces(&self) -> bool {
        let burst = self.typing.get_value();
        let next = burst.wrapping_add(1).max(1);
        self.typing.set_value(next);
        let typing = self.typing;
        set_timeout(
            move || {
                if typing.try_get_value() == Some(next) {
                    typing.set_value(0);
                }
            },
            TYPING_SETTLES,
        );
        burst != 0
    }
}

/// Milliseconds since the epoch, for the pacer.
fn now() -> f64 {
    crate::ui::host::now_ms()
}

/// Creates the route state and follows the app's links; called once by the app shell.
pub fn provide_route() {
    let current = RwSignal::new(url::current_route());
    let ctx = RouteContext {
        route: Memo::new(move |_| current.get()),
        current,
        typing: StoredValue::new_local(0),
        pacer: StoredValue::new_local(Pacer::default()),
        timer: StoredValue::new_local(None),
    };
    // A link of the app is followed in the page (the browser keeps the others).
    let click = window_event_listener(leptos::ev::click, move |ev| {
        let handled = match followed(&ev) {
            // The route's own URL with a fragment is a part of the page shown: go there.
            Some(Follow::Page(link)) => {
                let url::Link {
                    route,
                    href,
                    fragment,
                } = *link;
                let here = ctx.current.with_untracked(|c| *c == route);
                if !(here && fragment.is_some_and(|id| show_fragment(&id))) {
                    ctx.follow(route, href);
                }
                true
            }
            Some(Follow::Fragment(id)) => show_fragment(&id),
            None => false,
        };
        if handled {
            ev.prevent_default();
        }
    });
    // Back and Forward: read the window's URL (which may have changed without the route while
    // the user typed).
    let popstate = window_event_listener(leptos::ev::popstate, move |_| {
        ctx.adopt(url::current_route())
    });
    // Leaving the page, or following a link, first writes what waits.
    let pagehide = window_event_listener(leptos::ev::pagehide, move |_| ctx.flush());
    // (Capture phase, so it runs before any handler that changes the route. Kept for the page's
    // lifetime; it only reads state that may be gone, with `try_`.)
    if cfg!(target_arch = "wasm32") {
        let click = Closure::<dyn Fn()>::new(move || ctx.flush());
        let _ = window().add_event_listener_with_callback_and_bool(
            "click",
            click.as_ref().unchecked_ref(),
            true,
        );
        click.forget();
    }
    on_cleanup(move || {
        click.remove();
        popstate.remove();
        pagehide.remove();
    });
    provide_context(ctx);
}

/// What a click on a link asks of the app.
enum Follow {
    /// A page of the app.
    Page(Box<url::Link>),
    /// A bare `href="#main"` (which the `<base href>` would resolve to the base path): the
    /// element's id on the page shown.
    Fragment(String),
}

/// Scrolls to the element `id` of the page and gives it the focus (where it takes one), as
/// the browser does for a link to it; false if the page has no such element.
fn show_fragment(id: &str) -> bool {
    let Some(el) = document().get_element_by_id(id) else {
        return false;
    };
    if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
    el.scroll_into_view();
    true
}

/// The app's part in a click, or `None` for the browser's: not on a link, a modified or
/// middle click, a link with a target or `download` or `rel="external"`, another site's, a
/// path outside the base path. Reads the `href` attribute, so SVG links count too.
fn followed(ev: &web_sys::MouseEvent) -> Option<Follow> {
    let modified = ev.meta_key() || ev.alt_key() || ev.ctrl_key() || ev.shift_key();
    if ev.default_prevented() || ev.button() != 0 || modified {
        return None;
    }
    let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let link = target.closest("a[href]").ok()??;
    let external = (link.get_attribute("rel").unwrap_or_default())
        .split_ascii_whitespace()
        .any(|r| r == "external");
    let elsewhere = (link.get_attribute("target")).is_some_and(|t| !t.is_empty() && t != "_self");
    if external || elsewhere || link.has_attribute("download") {
        return None;
    }
    let href = link.get_attribute("href")?;
    if let Some(id) = href.strip_prefix('#') {
        return Some(Follow::Fragment(decode_component(id)));
    }
    url::link(&href).map(|link| Follow::Page(Box::new(link)))
}

/// The route state; provided by the app shell through [`provide_route`].
pub fn use_route() -> RouteContext {
    expect_context::<RouteContext>()
}

#[cfg(test)]
mod tests {
    use super::{AppRoute, Href};

    #[test]
    fn a_fragment_link_names_its_page() {
        // A bare "#awards" would resolve against the page's <base href>, to the directory.
        assert_eq!(
            crate::site::route::profile("luo-mai").fragment("awards"),
            "/researchers/luo-mai#awards"
        );
        assert_eq!(AppRoute::home().fragment("main"), "/#main");
    }
}
