//! A key used more than once: one entry when both are the same paper (the fuller one kept, the
//! other's missing fields added), else two, the second renamed `KEY-2`.

use std::collections::{HashMap, HashSet};

use super::BibEntry;
use crate::names::match_key;

/// Each key once: a repeat of the same paper (same title) is merged into the first, a
/// different paper under the same key is renamed `KEY-2`, `KEY-3`.
pub(super) fn one_per_key(entries: Vec<BibEntry>) -> (Vec<BibEntry>, Vec<String>) {
    let taken: HashSet<String> = entries.iter().map(|e| e.key.clone()).collect();
    let mut used: HashSet<String> = HashSet::new();
    let mut out: Vec<BibEntry> = Vec::new();
    // By key: the first line it is used on, and the entries read under it.
    let mut by_key: HashMap<String, (usize, Vec<usize>)> = HashMap::new();
    let mut repeats = Vec::new();
    for mut e in entries {
        let Some((first_line, earlier)) = by_key.get(&e.key) else {
            used.insert(e.key.clone());
            by_key.insert(e.key.clone(), (e.line, vec![out.len()]));
            out.push(e);
            continue;
        };
        let first_line = *first_line;
        let same = earlier.iter().copied().find(|&i| same_paper(&out[i], &e));
        if let Some(i) = same {
            repeats.push(format!(
                "key {} on line {first_line} and line {}: the same paper, read once",
                e.key, e.line
            ));
            let first = std::mem::take(&mut out[i]);
            // The key it is read under (`KEY-2` when the one it repeats was renamed).
            let key = first.key.clone();
            out[i] = BibEntry {
                key,
                ..merged(first, e)
            };
            continue;
        }
        let key = e.key.clone();
        let renamed = (2..)
            .map(|n| format!("{key}-{n}"))
            .find(|k| !taken.contains(k) && !used.contains(k))
            .expect("a free key");
        repeats.push(format!(
            "key {key} on line {first_line} and line {}: two different papers; the one on line {} is read as {renamed}",
            e.line, e.line
        ));
        used.insert(renamed.clone());
        e.key = renamed;
        by_key.get_mut(&key).expect("seen").1.push(out.len());
        out.push(e);
    }
    (out, repeats)
}

fn same_paper(a: &BibEntry, b: &BibEntry) -> bool {
    match (a.get("title"), b.get("title")) {
        (Some(x), Some(y)) => !match_key(x).is_empty() && match_key(x) == match_key(y),
        _ => false,
    }
}

/// The fuller of two entries for one paper, with the fields only the other has; the first's
/// key and place.
fn merged(first: BibEntry, second: BibEntry) -> BibEntry {
    let size = |e: &BibEntry| e.fields.len() + usize::from(!e.authors.is_empty());
    let (mut kept, other) = if size(&second) > size(&first) {
        (second, first)
    } else {
        (first, second)
    };
    if kept.authors.is_empty() {
        kept.authors = other.authors;
        kept.more_authors = other.more_authors;
    }
    for (name, value) in other.fields {
        kept.fields.entry(name).or_insert(value);
    }
    kept.notes.extend(other.notes);
    kept
}
