//! When the app may write the URL: a pacer between the app's route state, which changes at once
//! on every keystroke, and the browser's history, which must not be written that often.
//!
//! Browsers limit history writes: WebKit throws after 100 `pushState`/`replaceState` calls in
//! 10 seconds (and an unhandled throw would stop the app), Firefox after 1,000, and Chromium
//! throttles too. So the URL follows the state lazily: a new history entry (a facet click, the
//! first keystroke of a burst) is written at once, the keystrokes that follow replace it after
//! the typing pauses, or once a second while it goes on, and never more than [`BUDGET`] writes
//! happen in any [`WINDOW`]. Changes that wait are merged: only the latest URL is written, as a
//! new entry if any of them asked for one.
//!
//! Plain logic over timestamps in milliseconds, tested natively; `routes.rs` does the writing.

use std::collections::VecDeque;

/// How a change reaches the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A new entry: Back returns to the view before it.
    Push,
    /// The current entry, rewritten.
    Replace,
}

/// The most writes in any [`WINDOW`]: far below WebKit's 100, so no typing speed reaches it.
pub const BUDGET: usize = 30;
/// The span [`BUDGET`] counts over, in milliseconds.
pub const WINDOW: f64 = 10_000.0;
/// A replacing change is written once the changes pause this long…
pub const QUIET: f64 = 250.0;
/// …or at the latest this long after the first change that waits, so the URL follows long typing.
pub const MAX_WAIT: f64 = 1_000.0;
/// After a write the browser refused, the next try waits this long.
pub const BACKOFF: f64 = 1_000.0;

/// A change not yet written.
#[derive(Debug, Clone, PartialEq)]
struct Pending {
    href: String,
    entry: Entry,
    first: f64,
    last: f64,
    not_before: f64,
}

impl Pending {
    fn new(href: String, entry: Entry, now: f64, not_before: f64) -> Self {
        Self {
            href,
            entry,
            first: now,
            last: now,
            not_before,
        }
    }

    /// Merges what a later change wants: a new entry if any change asked for one.
    fn want(&mut self, entry: Entry) {
        if entry == Entry::Push {
            self.entry = Entry::Push;
        }
    }
}

/// Decides when the URL is written. Feed it every change ([`Pacer::change`]); when
/// [`Pacer::due_at`] comes, take the write ([`Pacer::take`]) and report how it went.
#[derive(Debug, Default)]
pub struct Pacer {
    pending: Option<Pending>,
    written: VecDeque<f64>,
}

impl Pacer {
    /// Records that the state now has the URL `href`, wanting `entry`. A new entry while a
    /// replacement waits returns that replacement, to be written at once if the budget allows, so
    /// the entry being left keeps its final URL (Back returns to what was typed, not to part of
    /// it).
    pub fn change(&mut self, now: f64, href: String, entry: Entry) -> Option<(String, Entry)> {
        let superseded = entry == Entry::Push
            && self
                .pending
                .as_ref()
                .is_some_and(|p| p.entry == Entry::Replace)
            && self.recent(now) + 1 < BUDGET;
        let first = if superseded { self.take_now(now) } else { None };
        match &mut self.pending {
            Some(p) => {
                p.href = href;
                p.last = now;
                p.want(entry);
            }
            None => self.pending = Some(Pending::new(href, entry, now, now)),
        }
        first
    }

    /// When the waiting change may be written, or `None` when nothing waits.
    pub fn due_at(&self) -> Option<f64> {
        let p = self.pending.as_ref()?;
        let wanted = match p.entry {
            Entry::Push => p.last,
            Entry::Replace => (p.last + QUIET).min(p.first + MAX_WAIT),
        };
        let budget = match self.written.len() {
            n if n >= BUDGET => self.written[n - BUDGET] + WINDOW,
            _ => f64::NEG_INFINITY,
        };
        Some(wanted.max(budget).max(p.not_before))
    }

    /// The write to make now, if one is due; it counts against the budget.
    pub fn take(&mut self, now: f64) -> Option<(String, Entry)> {
        if self.due_at()? > now {
            return None;
        }
        self.take_now(now)
    }

    /// The write to make now whatever the pace (before the page is left, or a link followed), as
    /// long as the budget allows it.
    pub fn flush(&mut self, now: f64) -> Option<(String, Entry)> {
        let p = self.pending.as_ref()?;
        let within_budget = self.recent(now) < BUDGET;
        (within_budget && p.not_before <= now)
            .then(|| self.take_now(now))
            .flatten()
    }

    fn take_now(&mut self, now: f64) -> Option<(String, Entry)> {
        let p = self.pending.take()?;
        self.written.push_back(now);
        while self.written.len() > BUDGET {
            self.written.pop_front();
        }
        Some((p.href, p.entry))
    }

    /// The browser refused the write just taken: it waits again and is tried after [`BACKOFF`];
    /// a newer change that came meanwhile is written instead (as a new entry if either wanted
    /// one).
    pub fn refused(&mut self, now: f64, href: String, entry: Entry) {
        match &mut self.pending {
            Some(p) => {
                p.want(entry);
                p.not_before = now + BACKOFF;
            }
            None => self.pending = Some(Pending::new(href, entry, now, now + BACKOFF)),
        }
    }

    /// Forgets the waiting change: the user went elsewhere (Back, Forward, a link), and writing
    /// it now would overwrite the entry they went to.
    pub fn cancel(&mut self) {
        self.pending = None;
    }

    /// Writes made within the last [`WINDOW`].
    fn recent(&self, now: f64) -> usize {
        self.written.iter().filter(|&&t| t > now - WINDOW).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `changes` (time, entry) to a pacer, taking every write as soon as it is due, and
    /// returns the writes (time, href, entry).
    fn run(changes: &[(f64, Entry)], until: f64) -> Vec<(f64, String, Entry)> {
        let mut pacer = Pacer::default();
        let mut out = Vec::new();
        let mut next = 0;
        let mut now = 0.0;
        while now <= until {
            while next < changes.len() && changes[next].0 <= now {
                if let Some((href, entry)) =
                    pacer.change(now, format!("/?q={next}"), changes[next].1)
                {
                    out.push((now, href, entry));
                }
                next += 1;
            }
            if let Some((href, entry)) = pacer.take(now) {
                out.push((now, href, entry));
            }
            now += 1.0;
        }
        out
    }

    fn typing(from: f64, keys: usize, every: f64) -> Vec<(f64, Entry)> {
        (0..keys)
            .map(|i| {
                let entry = if i == 0 { Entry::Push } else { Entry::Replace };
                (from + i as f64 * every, entry)
            })
            .collect()
    }

    #[test]
    fn a_burst_is_one_entry_then_one_write_after_the_pause() {
        let writes = run(&typing(0.0, 5, 100.0), 2_000.0);
        assert_eq!(
            writes,
            [
                (0.0, "/?q=0".into(), Entry::Push),
                (650.0, "/?q=4".into(), Entry::Replace),
            ]
        );
    }

    #[test]
    fn long_typing_writes_about_once_a_second() {
        // 300 keys, one every 10 ms: three seconds of typing.
        let writes = run(&typing(0.0, 300, 10.0), 5_000.0);
        assert!(writes.len() <= 5, "{writes:?}");
        assert_eq!(writes.last().unwrap().1, "/?q=299");
        assert_eq!(writes[0].2, Entry::Push);
        assert!(writes[1..].iter().all(|w| w.2 == Entry::Replace));
    }

    #[test]
    fn no_rate_of_pushes_exceeds_the_budget() {
        // A key held down on a facet button: a push every 20 ms for 30 seconds.
        let clicks: Vec<_> = (0..1_500).map(|i| (i as f64 * 20.0, Entry::Push)).collect();
        let writes = run(&clicks, 40_000.0);
        for (i, w) in writes.iter().enumerate() {
            let in_window = writes[i..]
                .iter()
                .take_while(|v| v.0 < w.0 + WINDOW)
                .count();
            assert!(in_window <= BUDGET, "{in_window} writes from {}", w.0);
        }
        assert_eq!(
            writes.last().unwrap().1,
            "/?q=1499",
            "the last change is written"
        );
    }

    #[test]
    fn a_new_entry_first_writes_the_replacement_that_waits() {
        let mut p = Pacer::default();
        assert_eq!(p.change(0.0, "/?q=a".into(), Entry::Replace), None);
        assert_eq!(
            p.change(10.0, "/?q=ab&topic=x".into(), Entry::Push),
            Some(("/?q=a".into(), Entry::Replace)),
            "the typed query stays on the entry being left"
        );
        assert_eq!(p.take(10.0), Some(("/?q=ab&topic=x".into(), Entry::Push)));
    }

    #[test]
    fn waiting_changes_merge_into_the_latest_url_and_keep_a_push() {
        let mut p = Pacer::default();
        p.change(0.0, "/?topic=x".into(), Entry::Push);
        p.change(10.0, "/?topic=x&q=b".into(), Entry::Replace);
        assert_eq!(p.flush(30.0), Some(("/?topic=x&q=b".into(), Entry::Push)));
        assert_eq!(p.flush(31.0), None);
    }

    #[test]
    fn a_refused_write_is_tried_again_later_unless_overtaken() {
        let mut p = Pacer::default();
        let _ = p.change(0.0, "/?q=a".into(), Entry::Push);
        let (href, entry) = p.take(0.0).unwrap();
        p.refused(1.0, href, entry);
        assert_eq!(p.take(500.0), None);
        assert_eq!(p.take(1_001.0), Some(("/?q=a".into(), Entry::Push)));

        let _ = p.change(2_000.0, "/?q=b".into(), Entry::Push);
        let (href, entry) = p.take(2_000.0).unwrap();
        let _ = p.change(2_001.0, "/?q=c".into(), Entry::Replace);
        p.refused(2_002.0, href, entry);
        assert_eq!(p.flush(2_003.0), None, "not before the backoff");
        assert_eq!(p.flush(3_002.0), Some(("/?q=c".into(), Entry::Push)));
    }

    #[test]
    fn cancel_forgets_the_waiting_change() {
        let mut p = Pacer::default();
        let _ = p.change(0.0, "/?q=a".into(), Entry::Replace);
        p.cancel();
        assert_eq!(p.due_at(), None);
        assert_eq!(p.flush(1_000.0), None);
    }
}
