//! Typing that waits one paint: a text box echoes each key itself, and what follows from the text
//! (the search, the cards, the facet counts) runs just after the browser has painted that echo,
//! so a keystroke's own frame stays short whatever the results cost to draw. Only the newest
//! text waits: keys typed within one frame are applied once, in order, and nothing is applied
//! after the box's page has gone.
//!
//! "After the paint" is an animation frame (which runs just before the browser paints) followed
//! by a zero-delay timer (which runs after it).

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;

thread_local! {
    /// The boxes whose text waits for a paint, for [`AfterPaint::flush_all`].
    static WAITING: RefCell<Vec<AfterPaint>> = const { RefCell::new(Vec::new()) };
}

/// The latest text typed into one box, waiting for the next paint to be applied.
#[derive(Clone, Copy)]
pub struct AfterPaint {
    latest: StoredValue<Option<String>>,
    apply: StoredValue<Box<dyn Fn(String)>, LocalStorage>,
}

impl AfterPaint {
    /// A queue that hands each text to `apply` after the next paint; owned by the calling
    /// component.
    pub fn new(apply: impl Fn(String) + 'static) -> Self {
        Self {
            latest: StoredValue::new(None),
            apply: StoredValue::new_local(Box::new(apply)),
        }
    }

    /// Queues `text`, replacing any text still waiting; schedules a run if none is due.
    pub fn push(&self, text: String) {
        let was_waiting = self.latest.try_update_value(|l| l.replace(text).is_some());
        if was_waiting == Some(false) {
            let this = *self;
            WAITING.with_borrow_mut(|w| w.push(this));
            request_animation_frame(move || {
                set_timeout(move || this.run(), Duration::ZERO);
            });
        }
    }

    /// Drops the waiting text (Escape clears the box at once; a cleared box has nothing to wait
    /// for).
    pub fn cancel(&self) {
        self.latest.try_set_value(None);
    }

    /// Escape in a box with text: empties the box at once, drops the waiting text and runs
    /// `clear`, which empties the query the box feeds; the key does nothing else then (a dialog
    /// around the box stays open). Call it from the box's `keydown`.
    pub fn clear_on_escape(&self, e: &leptos::ev::KeyboardEvent, clear: impl FnOnce()) {
        if e.key() == "Escape" && !event_target_value(e).is_empty() {
            e.prevent_default();
            self.cancel();
            event_target::<web_sys::HtmlInputElement>(e).set_value("");
            clear();
        }
    }

    /// Applies the waiting text now, if any: before anything that reads the state it sets.
    pub fn flush(&self) {
        self.run();
    }

    /// Applies every box's waiting text now: before reading the route for something that leaves
    /// the page (a reload must keep what the reader typed, even a key typed within the last frame).
    pub fn flush_all() {
        for waiting in WAITING.with_borrow_mut(std::mem::take) {
            waiting.run();
        }
    }

    fn run(&self) {
        WAITING.with_borrow_mut(|w| w.retain(|other| other.latest != self.latest));
        // The box's page may be gone by the time the timer fires: then nothing is stored.
        if let Some(Some(text)) = self.latest.try_update_value(Option::take) {
            self.apply.try_with_value(|apply| apply(text));
        }
    }
}
