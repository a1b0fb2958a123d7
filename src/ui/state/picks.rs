//! The user's picks: the shortlist (starred researchers, kept in localStorage across visits and
//! tabs) and the researchers waiting to be compared (kept for the tab's session).
//!
//! Both are lists of researcher ids in the order they were picked. The compare page itself reads
//! its researchers from the URL; the tray only helps build that URL from cards and profiles.

use leptos::prelude::*;

use crate::search::IdList;

/// Where the shortlist is kept.
pub const SHORTLIST_KEY: &str = "atlas-shortlist";
/// Where the compare tray is kept (sessionStorage).
const COMPARE_KEY: &str = "atlas-compare";
/// At most this many researchers are compared at once.
pub const MAX_COMPARED: usize = 4;

/// The shortlist and the compare tray.
#[derive(Clone, Copy)]
pub struct Picks {
    /// Starred researcher ids, oldest first.
    pub shortlist: RwSignal<Vec<String>>,
    /// Researchers picked for comparison, at most [`MAX_COMPARED`].
    pub compare: RwSignal<Vec<String>>,
}

impl Picks {
    /// Whether `id` is starred.
    pub fn starred(&self, id: &str) -> bool {
        self.shortlist.with(|s| s.iter().any(|x| x == id))
    }

    /// Stars or unstars `id`.
    pub fn toggle_star(&self, id: &str) {
        self.shortlist.update(|s| toggle(s, id, usize::MAX));
    }

    /// Whether `id` is in the compare tray.
    pub fn comparing(&self, id: &str) -> bool {
        self.compare.with(|s| s.iter().any(|x| x == id))
    }

    /// Adds `id` to the compare tray or takes it out; a fifth pick replaces the oldest.
    pub fn toggle_compare(&self, id: &str) {
        self.compare.update(|s| toggle(s, id, MAX_COMPARED));
    }
}

/// Adds `id` (dropping the oldest beyond `max`) or removes it.
pub fn toggle(list: &mut Vec<String>, id: &str, max: usize) {
    if let Some(i) = list.iter().position(|x| x == id) {
        list.remove(i);
    } else {
        list.push(id.to_owned());
        if list.len() > max {
            list.remove(0);
        }
    }
}

fn local() -> Option<web_sys::Storage> {
    crate::ui::host::local_storage()
}

fn session() -> Option<web_sys::Storage> {
    crate::ui::host::session_storage()
}

fn read(storage: Option<web_sys::Storage>, key: &str) -> Vec<String> {
    storage
        .and_then(|s| s.get_item(key).ok().flatten())
        .map(|t| IdList::parse(&t).0)
        .unwrap_or_default()
}

/// Reads the stored picks, keeps them stored, and provides the context. Called once by `App`.
pub fn provide_picks() {
    let shortlist = RwSignal::new(read(local(), SHORTLIST_KEY));
    let compare = RwSignal::new(read(session(), COMPARE_KEY));
    Effect::new(move |_| {
        let ids = shortlist.get().join(",");
        if let Some(s) = local() {
            // Only write a change: another tab's write arrives as a storage event and sets the
            // signal, and writing it back would be a loop of events.
            if s.get_item(SHORTLIST_KEY).ok().flatten().as_deref() != Some(ids.as_str()) {
                let _ = s.set_item(SHORTLIST_KEY, &ids);
            }
        }
    });
    Effect::new(move |_| {
        let ids = compare.get().join(",");
        if let Some(s) = session() {
            let _ = s.set_item(COMPARE_KEY, &ids);
        }
    });
    // Another tab starred or unstarred someone.
    let handle = window_event_listener(leptos::ev::storage, move |e| {
        if e.key().as_deref() == Some(SHORTLIST_KEY) {
            shortlist.set(IdList::parse(&e.new_value().unwrap_or_default()).0);
        }
    });
    on_cleanup(move || handle.remove());
    provide_context(Picks { shortlist, compare });
}

/// The picks; provided by `App` through [`provide_picks`].
pub fn use_picks() -> Picks {
    expect_context::<Picks>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggling_adds_removes_and_caps() {
        let mut l = Vec::new();
        toggle(&mut l, "a", 2);
        toggle(&mut l, "b", 2);
        assert_eq!(l, ["a", "b"]);
        toggle(&mut l, "c", 2);
        assert_eq!(l, ["b", "c"], "the oldest pick gives way");
        toggle(&mut l, "b", 2);
        assert_eq!(l, ["c"]);
    }
}
