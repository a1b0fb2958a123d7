//! Which unknown fields serialization leaves out.
//!
//! The authoring JSON leaves out what is unknown or empty (`None`, `[]`, `false`), so a file the
//! tools write reads like one written by hand. The compiled detail files are postcard, which has
//! no field names: a reader finds each field by its place, so every field must be written.
//! [`every_field`] writes them all; the fields' `skip_serializing_if` name these predicates.

use std::cell::Cell;

thread_local! {
    static EVERY_FIELD: Cell<bool> = const { Cell::new(false) };
}

/// Runs `write` with every field serialized, none left out (for formats without field names).
pub fn every_field<R>(write: impl FnOnce() -> R) -> R {
    let before = EVERY_FIELD.replace(true);
    let out = write();
    EVERY_FIELD.set(before);
    out
}

fn leave_out() -> bool {
    !EVERY_FIELD.get()
}

/// An unknown value, left out of the JSON.
pub(super) fn none<T>(value: &Option<T>) -> bool {
    value.is_none() && leave_out()
}

/// An empty list, left out of the JSON.
pub(super) fn empty<T>(list: &[T]) -> bool {
    list.is_empty() && leave_out()
}

/// An empty map, left out of the JSON.
pub(super) fn empty_map<K, V>(map: &std::collections::BTreeMap<K, V>) -> bool {
    map.is_empty() && leave_out()
}

/// A false flag, left out of the JSON.
pub(super) fn not(flag: &bool) -> bool {
    !*flag && leave_out()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_left_out_only_outside_every_field() {
        assert!(none::<u8>(&None) && empty::<u8>(&[]) && not(&false));
        every_field(|| {
            assert!(!none::<u8>(&None) && !empty::<u8>(&[]) && !not(&false));
            every_field(|| assert!(!none::<u8>(&None)));
            assert!(!none::<u8>(&None), "a nested call restores what it found");
        });
        assert!(none::<u8>(&None));
        assert!(!none(&Some(1)) && !empty(&[1]) && !not(&true));
    }
}
