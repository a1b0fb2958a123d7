//! Losing one value instead of the record: where a problem sits inside its record
//! ([`FieldPath`]), which value the record can lose for it ([`droppable`]), and the log of what
//! was left out ([`Removed`]), which keeps paths naming positions in the file after list entries
//! before them were dropped.
//!
//! The rule is the schema's. A record can lose an optional field or an entry of a list; it
//! cannot lose a field its type requires (a researcher's name, a link's url, a degree's
//! organization), so a problem there costs the nearest value that can go: the link, the degree,
//! or at the top the record itself. [`required`] lists those fields, and a test holds the list
//! to the generated JSON Schema. A publication's authors are the one list whose entries never
//! go: a paper with an author missing would say something the source does not.

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::model::validate::Collection;

/// One step of a [`FieldPath`]: a field of an object or an entry of a list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Step {
    /// `.name`
    Key(String),
    /// `[3]`
    Index(usize),
}

/// A path inside one record, such as `links[0].url`; empty for the record itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub(super) struct FieldPath(Vec<Step>);

impl FieldPath {
    /// Reads the part of a problem's path after its record, `.links[0].url` (empty for the
    /// record itself); `None` when it is not in that form.
    pub(super) fn parse(mut text: &str) -> Option<Self> {
        let mut steps = Vec::new();
        while !text.is_empty() {
            if let Some(rest) = text.strip_prefix('[') {
                let (index, after) = rest.split_once(']')?;
                steps.push(Step::Index(index.parse().ok()?));
                text = after;
            } else {
                let rest = text.strip_prefix('.')?;
                let end = rest.find(['.', '[']).unwrap_or(rest.len());
                if end == 0 {
                    return None;
                }
                steps.push(Step::Key(rest[..end].to_owned()));
                text = &rest[end..];
            }
        }
        Some(Self(steps))
    }

    /// The path of a deserialization error, up to the first step that is neither a field nor
    /// a list entry.
    pub(super) fn of_serde(path: &serde_path_to_error::Path) -> Self {
        use serde_path_to_error::Segment;
        let steps = path
            .iter()
            .map_while(|s| match s {
                Segment::Seq { index } => Some(Step::Index(*index)),
                Segment::Map { key } => Some(Step::Key(key.clone())),
                Segment::Enum { .. } | Segment::Unknown => None,
            })
            .collect();
        Self(steps)
    }

    /// True for the record itself.
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when `self` is `ancestor` or lies inside it.
    pub(super) fn starts_with(&self, ancestor: &FieldPath) -> bool {
        self.0.starts_with(&ancestor.0)
    }

    /// The part of `self` below `ancestor` (which it must start with).
    pub(super) fn below(&self, ancestor: &FieldPath) -> FieldPath {
        Self(self.0[ancestor.0.len().min(self.0.len())..].to_vec())
    }

    /// The path appended to its record's, `researchers[3]` + `.links[0]`.
    pub(super) fn suffix(&self) -> String {
        self.0.iter().fold(String::new(), |mut s, step| {
            match step {
                Step::Key(k) => {
                    s.push('.');
                    s.push_str(k);
                }
                Step::Index(i) => s.push_str(&format!("[{i}]")),
            }
            s
        })
    }

    /// The path with every position left out, `links[].url`: how [`required`] names fields.
    fn pattern(&self) -> String {
        self.0.iter().fold(String::new(), |mut s, step| {
            match step {
                Step::Key(k) if s.is_empty() => s.push_str(k),
                Step::Key(k) => {
                    s.push('.');
                    s.push_str(k);
                }
                Step::Index(_) => s.push_str("[]"),
            }
            s
        })
    }

    /// `self` with `step` after it.
    fn child(&self, step: Step) -> Self {
        let mut steps = self.0.clone();
        steps.push(step);
        Self(steps)
    }
}

impl fmt::Display for FieldPath {
    /// `links[0].url`, without the dot a [`suffix`](Self::suffix) starts with.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = self.suffix();
        f.write_str(suffix.strip_prefix('.').unwrap_or(&suffix))
    }
}

/// The fields a record of `c` cannot lose, with `[]` for any list entry (`links[].url`), and
/// `authors[]`: a publication's authors are never dropped one by one.
pub(super) fn required(c: Collection) -> &'static [&'static str] {
    match c {
        Collection::Organizations => &["id", "name", "kind"],
        Collection::Topics => &["id", "name"],
        Collection::Venues => &["id", "short_name", "name", "kind"],
        Collection::Researchers => &[
            "id",
            "name",
            "career_stage",
            "summary",
            "sources",
            "sources[].document",
            "advisors[].name",
            "links[].kind",
            "links[].url",
            "skills[].category",
            "skills[].items",
            "education[].organization",
            "education[].degree",
            "education[].advisors[].name",
            "positions[].organization",
            "positions[].title",
            "awards[].name",
            "talks[].title",
            "talks[].links[].kind",
            "talks[].links[].url",
            "projects[].name",
            "projects[].links[].kind",
            "projects[].links[].url",
            "service[].kind",
            "service[].role",
            "service[].event",
            "teaching[].course",
            "teaching[].role",
            "group[].name",
            "group[].role",
            "leadership[].role",
            "leadership[].body",
            "certifications[].name",
            "openings.kinds",
        ],
        Collection::Publications => &[
            "id",
            "title",
            "authors",
            "authors[]",
            "authors[].name",
            "type",
            "year",
            "links[].kind",
            "links[].url",
            "citations.count",
            "citations.source",
            "citations.as_of",
        ],
    }
}

/// What a record of `c` loses for a problem at `at`: `at` itself when the record can do without
/// it, else the nearest enclosing value it can (the link whose url is bad); `None` when only
/// the whole record can go (a bad name or id, a required field missing).
pub(super) fn droppable(c: Collection, at: &FieldPath) -> Option<FieldPath> {
    let required = required(c);
    (1..=at.0.len())
        .rev()
        .map(|n| FieldPath(at.0[..n].to_vec()))
        .find(|candidate| !required.contains(&candidate.pattern().as_str()))
}

/// What was left out of one record, in the file's positions.
#[derive(Debug, Clone, Default)]
pub(super) struct Removed(Vec<FieldPath>);

impl Removed {
    /// True when nothing was left out.
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `current`, a path in the record as it is now, in the file's positions: an entry that
    /// follows dropped entries of its list had a later position in the file.
    pub(super) fn to_file(&self, current: &FieldPath) -> FieldPath {
        let mut out = FieldPath::default();
        for step in &current.0 {
            let step = match step {
                Step::Index(k) => Step::Index(self.file_index(&out, *k)),
                key => key.clone(),
            };
            out.0.push(step);
        }
        out
    }

    /// `file`, a path in the file's positions, in the record as it is now; `None` when it, or
    /// what holds it, was left out.
    fn to_current(&self, file: &FieldPath) -> Option<FieldPath> {
        let mut at = FieldPath::default();
        let mut out = FieldPath::default();
        for step in &file.0 {
            let next = at.child(step.clone());
            if self.0.contains(&next) {
                return None;
            }
            out.0.push(match step {
                Step::Index(i) => Step::Index(i - self.gone_from(&at).filter(|g| g < i).count()),
                key => key.clone(),
            });
            at = next;
        }
        Some(out)
    }

    /// The positions in the file of the entries of `list` that were left out.
    fn gone_from<'a>(&'a self, list: &'a FieldPath) -> impl Iterator<Item = usize> + 'a {
        self.0.iter().filter_map(move |p| match p.0.split_last() {
            Some((Step::Index(i), parent)) if parent == list.0.as_slice() => Some(*i),
            _ => None,
        })
    }

    /// The file position of the entry now at `k` in `list`.
    fn file_index(&self, list: &FieldPath, k: usize) -> usize {
        let mut gone: Vec<usize> = self.gone_from(list).collect();
        gone.sort_unstable();
        gone.into_iter()
            .fold(k, |i, g| if g <= i { i + 1 } else { i })
    }

    /// Takes the value at `file` (the file's positions) out of `value` (the record as it is
    /// now) and logs it; false when there is no such value.
    pub(super) fn remove(&mut self, value: &mut Value, file: &FieldPath) -> bool {
        let taken = self
            .to_current(file)
            .and_then(|current| take(value, &current.0));
        if taken.is_some() {
            self.0.push(file.clone());
        }
        taken.is_some()
    }

    /// `record` without the value at `file` (the file's positions); `None` when it has no such
    /// value or would not be a record without it, and then the record goes.
    pub(super) fn without<T: Serialize + DeserializeOwned>(
        &mut self,
        record: &T,
        file: &FieldPath,
    ) -> Option<T> {
        let mut value = serde_json::to_value(record).ok()?;
        if !self.remove(&mut value, file) {
            return None;
        }
        serde_json::from_value(value).ok()
    }
}

/// Removes the value at `steps` from `value`.
fn take(value: &mut Value, steps: &[Step]) -> Option<Value> {
    let (last, parents) = steps.split_last()?;
    let mut node = value;
    for step in parents {
        node = match (step, node) {
            (Step::Key(k), Value::Object(m)) => m.get_mut(k)?,
            (Step::Index(i), Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    match (last, node) {
        (Step::Key(k), Value::Object(m)) => m.remove(k),
        (Step::Index(i), Value::Array(a)) if *i < a.len() => Some(a.remove(*i)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeSet, HashSet};

    use serde_json::json;

    use super::*;

    fn path(text: &str) -> FieldPath {
        FieldPath::parse(text).unwrap_or_else(|| panic!("{text:?} parses"))
    }

    #[test]
    fn paths_read_and_print_as_the_problems_write_them() {
        for text in [
            "",
            ".name",
            ".links[0].url",
            ".education[2].advisors[10].name",
        ] {
            assert_eq!(path(text).suffix(), text);
        }
        assert_eq!(path(".links[0].url").to_string(), "links[0].url");
        assert_eq!(path(".links[0].url").pattern(), "links[].url");
        for bad in ["name", ".", ".a..b", "[x]", ".a[1", ".a[-1]"] {
            assert_eq!(FieldPath::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_problem_costs_the_nearest_value_the_record_can_lose() {
        let r = Collection::Researchers;
        let cases = [
            (".links[0].url", Some(".links[0]")),
            (".links[0].label", Some(".links[0].label")),
            (".office", Some(".office")),
            (".awards[1].year", Some(".awards[1].year")),
            (".education[0].organization", Some(".education[0]")),
            (
                ".education[0].advisors[1].name",
                Some(".education[0].advisors[1]"),
            ),
            (".openings.kinds", Some(".openings")),
            (".openings.kinds[1]", Some(".openings.kinds[1]")),
            (".sources[0].document", Some(".sources[0]")),
            (".homepage", Some(".homepage")),
            (".name", None),
            (".id", None),
            (".sources", None),
            ("", None),
        ];
        for (at, want) in cases {
            assert_eq!(droppable(r, &path(at)), want.map(path), "{at}");
        }
        let p = Collection::Publications;
        assert_eq!(droppable(p, &path(".doi")), Some(path(".doi")));
        assert_eq!(droppable(p, &path(".authors[1].name")), None);
        assert_eq!(
            droppable(p, &path(".authors[1].researcher")),
            Some(path(".authors[1].researcher"))
        );
        assert_eq!(droppable(p, &path(".year")), None);
    }

    #[test]
    fn positions_stay_those_of_the_file_after_entries_are_dropped() {
        let mut v = json!({"links": ["a", "b", "c", "d", "e"], "x": {"l": [1, 2]}});
        let mut removed = Removed::default();
        assert!(removed.remove(&mut v, &path(".links[1]")));
        assert!(removed.remove(&mut v, &path(".links[3]")));
        assert!(!removed.remove(&mut v, &path(".links[3]")), "already gone");
        assert!(removed.remove(&mut v, &path(".x.l[0]")));
        assert_eq!(v, json!({"links": ["a", "c", "e"], "x": {"l": [2]}}));
        assert_eq!(removed.to_file(&path(".links[0]")), path(".links[0]"));
        assert_eq!(removed.to_file(&path(".links[1]")), path(".links[2]"));
        assert_eq!(removed.to_file(&path(".links[2]")), path(".links[4]"));
        assert_eq!(removed.to_file(&path(".x.l[0]")), path(".x.l[1]"));
        assert!(removed.remove(&mut v, &path(".links[4]")));
        assert_eq!(v, json!({"links": ["a", "c"], "x": {"l": [2]}}));
        assert!(!removed.remove(&mut v, &path(".nothing")));
    }

    /// Every field the schema requires is in [`required`], and nothing else but the authors.
    #[test]
    fn the_required_fields_are_the_schemas() {
        let schema: Value =
            serde_json::from_str(include_str!("../../../data/researchers.schema.json")).unwrap();
        let defs = &schema["$defs"];
        for (c, def) in [
            (Collection::Organizations, "Organization"),
            (Collection::Topics, "Topic"),
            (Collection::Venues, "Venue"),
            (Collection::Researchers, "Researcher"),
            (Collection::Publications, "Publication"),
        ] {
            let mut want = BTreeSet::new();
            required_in(defs, def, "", &mut HashSet::new(), &mut want);
            let have: BTreeSet<String> = (required(c).iter())
                .filter(|f| !f.ends_with("[]"))
                .map(|f| (*f).to_owned())
                .collect();
            assert_eq!(have, want, "{def}");
        }
    }

    /// Collects the required fields of the schema's definition `def`, under `prefix`.
    fn required_in(
        defs: &Value,
        def: &str,
        prefix: &str,
        seen: &mut HashSet<String>,
        out: &mut BTreeSet<String>,
    ) {
        if !seen.insert(format!("{prefix}/{def}")) {
            return;
        }
        let d = &defs[def];
        let join = |k: &str| {
            if prefix.is_empty() {
                k.to_owned()
            } else {
                format!("{prefix}.{k}")
            }
        };
        for k in d["required"].as_array().into_iter().flatten() {
            out.insert(join(k.as_str().unwrap()));
        }
        for (k, prop) in d["properties"].as_object().into_iter().flatten() {
            let (inner, list) = match prop.get("items") {
                Some(items) => (items, "[]"),
                None => (prop, ""),
            };
            let reference = (inner.get("$ref"))
                .or_else(|| inner["anyOf"].get(0).and_then(|a| a.get("$ref")))
                .and_then(Value::as_str);
            if let Some(name) = reference.and_then(|r| r.strip_prefix("#/$defs/")) {
                required_in(defs, name, &format!("{}{list}", join(k)), seen, out);
            }
        }
    }
}
