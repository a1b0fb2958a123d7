//! Loading: JSON text → a [`LoadedDataset`] of valid records plus the problems found on the way.
//!
//! Two stages, so that one bad value costs only itself, or at worst its record. First the top
//! level is read as loose JSON; a syntax error, a missing or unsupported `schema_version`, or a
//! collection that is not an array makes the file unusable, and [`load`] returns that one
//! [`Problem`]. Then each record is deserialized on its own (with `serde_path_to_error`, so a
//! type error names its path) and checked by [`validate`](super::validate). A bad value the
//! record can do without (an unsafe link, an implausible award year, an unknown field) is left
//! out and reported as dropped; the value is unknown afterwards, never replaced. `fields.rs`
//! says which values a record can lose. A record with any other problem (its name, its id, a
//! field its type requires) is skipped, and references to it are removed. The checks run again
//! until what is left is valid.

mod fields;
mod records;

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

use super::problem::Problem;
#[cfg(not(target_arch = "wasm32"))]
use super::shares::map_in_order;
use super::types::*;
use super::validate::{Collection, Finding, check, check_corrections_target, hide_phone_numbers};
use fields::{FieldPath, Removed, droppable};
use records::Records;

/// The dataset minus whatever was invalid, and what was skipped and why.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedDataset {
    /// Every record that passed validation; references between them all resolve.
    pub dataset: Dataset,
    /// One line per problem found: those that skipped a record or left out a value, in order
    /// of discovery, then the file-level remarks and the warnings (which skipped nothing). A
    /// phone number a message would quote is hidden.
    pub problems: Vec<Problem>,
    /// The records skipped because of those problems, e.g. `researchers[2] ("ada-lovelace")`.
    pub skipped: Vec<String>,
}

impl LoadedDataset {
    /// True when nothing had to be skipped or reported, not even a warning.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// True when every problem is a warning: nothing was skipped, left out or ignored, so the
    /// file needs no fix.
    pub fn is_valid(&self) -> bool {
        self.problems.iter().all(Problem::is_warning)
    }

    /// The values left out of records that were kept.
    pub fn dropped(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| p.is_dropped())
    }

    /// The warnings among the problems.
    pub fn warnings(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| p.is_warning())
    }
}

const TOP_LEVEL_KEYS: [&str; 8] = [
    "$schema",
    "schema_version",
    "config",
    "organizations",
    "topics",
    "venues",
    "researchers",
    "publications",
];

/// Parses and validates a dataset file; `max_year` is the latest plausible year.
pub fn load(json: &str, max_year: u16) -> Result<LoadedDataset, Problem> {
    // The top level with its values unparsed: each record is parsed on its own below, so the
    // whole file is never a tree of `Value`s in memory (a million publications would make that
    // several times the size of the text).
    let mut top = match serde_json::from_str::<BTreeMap<String, &RawValue>>(json) {
        Ok(top) => top,
        Err(e) if e.is_data() => {
            let root: Value = serde_json::from_str(json).unwrap_or_default();
            return Err(Problem::error(
                String::new(),
                format!("the file holds {}, not a dataset object", kind_of(&root)),
            ));
        }
        Err(e) => {
            return Err(Problem::error(
                if e.line() > 0 {
                    format!("line {} column {}", e.line(), e.column())
                } else {
                    String::new()
                },
                format!("not valid JSON: {}", strip_position(&e.to_string())),
            ));
        }
    };
    let small = |v: &RawValue| serde_json::from_str::<Value>(v.get()).unwrap_or_default();
    let schema = top
        .get("$schema")
        .map(|v| small(v))
        .and_then(|v| v.as_str().map(str::to_owned));
    let version = match top.get("schema_version").map(|v| small(v)) {
        None => {
            return Err(Problem::error("schema_version", "is missing"));
        }
        Some(v) => match v.as_u64() {
            Some(n) if n == u64::from(SCHEMA_VERSION) => SCHEMA_VERSION,
            _ => {
                return Err(Problem::error(
                    "schema_version",
                    format!("{v} is not supported (this build reads version {SCHEMA_VERSION})"),
                ));
            }
        },
    };
    let mut problems: Vec<Problem> = top
        .keys()
        .filter(|k| !TOP_LEVEL_KEYS.contains(&k.as_str()))
        .map(|k| Problem::error(k.clone(), "is not a known top-level field; ignored"))
        .collect();
    let config = match top.remove("config").map(small) {
        None | Some(Value::Null) => None,
        Some(v) => match serde_path_to_error::deserialize::<_, Config>(v) {
            Ok(mut c) => {
                problems.extend(super::validate::settle_site_url(&mut c));
                problems.extend(super::validate::settle_languages(&mut c));
                Some(c)
            }
            Err(e) => {
                let inner = e.path().to_string();
                problems.push(Problem::error(
                    if inner == "." {
                        "config".to_owned()
                    } else {
                        format!("config.{inner}")
                    },
                    format!("{}; the settings are ignored", e.into_inner()),
                ));
                None
            }
        },
    };
    let mut take = |key: Collection| -> Result<Vec<&RawValue>, Problem> {
        let Some(raw) = top.remove(key.key()) else {
            return Ok(Vec::new());
        };
        match serde_json::from_str::<Option<Vec<&RawValue>>>(raw.get()) {
            Ok(items) => Ok(items.unwrap_or_default()),
            Err(_) => Err(Problem::error(
                key.key(),
                format!("expected an array, found {}", kind_of(&small(raw))),
            )),
        }
    };
    let raw = [
        take(Collection::Organizations)?,
        take(Collection::Topics)?,
        take(Collection::Venues)?,
        take(Collection::Researchers)?,
        take(Collection::Publications)?,
    ];
    let [orgs, topics, venues, researchers, publications] = raw;
    let mut report = Report {
        problems,
        skipped: Vec::new(),
    };
    let mut records = Records::default();
    let removed = &mut records.removed;
    let (mut people, mut papers, mut vocab) = (Vec::new(), Vec::new(), Vec::new());
    records.organizations = report.typed(Collection::Organizations, orgs, removed, &mut vocab);
    records.topics = report.typed(Collection::Topics, topics, removed, &mut vocab);
    records.venues = report.typed(Collection::Venues, venues, removed, &mut vocab);
    records.researchers = report.typed(Collection::Researchers, researchers, removed, &mut people);
    records.publications =
        report.typed(Collection::Publications, publications, removed, &mut papers);
    records.unlink(people, papers);
    records.unlink_vocabulary(&vocab);
    let frame = Dataset {
        schema,
        schema_version: version,
        config,
        organizations: Vec::new(),
        topics: Vec::new(),
        venues: Vec::new(),
        researchers: Vec::new(),
        publications: Vec::new(),
    };
    let dataset = report.settle(&mut records, &frame, max_year);
    Ok(report.into_directory(dataset))
}

/// Each record read straight from its text where it fits its type, on all cores (`None` where
/// it does not: the JSON tree then says why).
#[cfg(not(target_arch = "wasm32"))]
fn read_fitting<T: DeserializeOwned + Send>(items: &[&RawValue]) -> Vec<Option<T>> {
    map_in_order(items.to_vec(), |raw| {
        serde_json::from_str::<T>(raw.get()).ok()
    })
}

/// In the browser every record goes through the JSON tree: one deserializer per record type
/// instead of two keeps the wasm smaller, and there is one thread anyway.
#[cfg(target_arch = "wasm32")]
fn read_fitting<T>(items: &[&RawValue]) -> Vec<Option<T>> {
    items.iter().map(|_| None).collect()
}

/// What loading found so far: the problems in order of discovery, and the records skipped.
struct Report {
    problems: Vec<Problem>,
    skipped: Vec<String>,
}

impl Report {
    /// Deserializes each record of `c` on its own (see [`Self::read`]), logging in `removed` what
    /// each lost and in `skipped_ids` the ids of the records that did not fit their type.
    ///
    /// Natively, a record that fits its type is read straight from its text, on all cores; only
    /// the others go through a JSON tree, which can name the path of what does not fit.
    fn typed<T: DeserializeOwned + Send>(
        &mut self,
        c: Collection,
        items: Vec<&RawValue>,
        removed: &mut HashMap<(Collection, usize), Removed>,
        skipped_ids: &mut Vec<String>,
    ) -> Vec<(usize, T)> {
        let fitting = read_fitting::<T>(&items);
        let mut out = Vec::with_capacity(items.len());
        for (i, (raw, fits)) in items.into_iter().zip(fitting).enumerate() {
            if let Some(t) = fits {
                out.push((i, t));
                continue;
            }
            // Valid JSON (the whole file parsed): one record's tree at a time.
            let item: Value = serde_json::from_str(raw.get()).unwrap_or_default();
            let id = item.get("id").and_then(Value::as_str).map(str::to_owned);
            let mut log = Removed::default();
            match self.read(c, i, item, &mut log) {
                Some(t) => {
                    out.push((i, t));
                    if !log.is_empty() {
                        removed.insert((c, i), log);
                    }
                }
                None => {
                    let label = id.as_deref().unwrap_or("no id");
                    self.skipped.push(format!("{}[{i}] ({label:?})", c.key()));
                    skipped_ids.extend(id);
                }
            }
        }
        out
    }

    /// Reads record `i` of `c`. A value that does not fit its type is left out and the record
    /// read again when the record can do without it ([`droppable`]); otherwise the problem is
    /// reported with its full path and the record is not read (`None`).
    fn read<T: DeserializeOwned>(
        &mut self,
        c: Collection,
        i: usize,
        mut item: Value,
        log: &mut Removed,
    ) -> Option<T> {
        let record = format!("{}[{i}]", c.key());
        loop {
            let e = match serde_path_to_error::deserialize::<_, T>(&item) {
                Ok(t) => return Some(t),
                Err(e) => e,
            };
            let at = log.to_file(&FieldPath::of_serde(e.path()));
            let message = e.into_inner().to_string();
            match droppable(c, &at) {
                Some(target) if log.remove(&mut item, &target) => {
                    self.problems.push(dropped(&record, &target, &at, message));
                }
                _ => {
                    let path = format!("{record}{}", at.suffix());
                    self.problems.push(Problem::error(path, message));
                    return None;
                }
            }
        }
    }

    /// Checks the records until what is left is valid. An error a record can do without costs
    /// only its value ([`Self::resolve`]); any other skips the record, and the checks run again
    /// over what is left. Warnings and file-level remarks are reported once, from the last run,
    /// so they are neither repeated nor left behind by a value or a record that went after all.
    fn settle(&mut self, records: &mut Records, frame: &Dataset, max_year: u16) -> Dataset {
        loop {
            let mut dataset = records.dataset(frame);
            let findings = check(&dataset, max_year, &|c, i| records.origin(c, i));
            // A corrections target that is not a safe URL is reported (by `check`) and dropped.
            if let Some(c) = dataset.config.as_mut()
                && c.corrections
                    .as_deref()
                    .is_some_and(|t| check_corrections_target(t).is_err())
            {
                c.corrections = None;
            }
            let (errors, remarks): (Vec<_>, Vec<_>) = findings
                .into_iter()
                .partition(|f| f.record.is_some() && !f.problem.is_warning());
            if errors.is_empty() {
                self.problems.extend(remarks.into_iter().map(|f| f.problem));
                return dataset;
            }
            let bad = self.resolve(records, errors);
            records.drop_records(&bad, &mut self.skipped);
        }
    }

    /// Takes one run's errors record by record. A record whose every error is about a value it
    /// can lose loses those values, each reported once as dropped; any other record is
    /// returned, to be skipped, with all its errors reported. Paths name positions in the file.
    fn resolve(
        &mut self,
        records: &mut Records,
        errors: Vec<Finding>,
    ) -> HashSet<(Collection, usize)> {
        let mut order: Vec<(Collection, usize)> = Vec::new();
        let mut by_record: HashMap<(Collection, usize), Vec<Located>> = HashMap::new();
        for f in errors {
            let Some(key) = f.record else { continue };
            if !by_record.contains_key(&key) {
                order.push(key);
            }
            let located = Located::of(f.problem, key, records);
            by_record.entry(key).or_default().push(located);
        }
        let mut bad = HashSet::new();
        for key @ (c, i) in order {
            let found = by_record.remove(&key).unwrap_or_default();
            let record = format!("{}[{}]", c.key(), records.origin(c, i));
            if found.iter().any(|l| l.target.is_none()) {
                self.problems.extend(found.into_iter().map(|l| l.problem));
                bad.insert(key);
                continue;
            }
            for l in Located::first_per_value(found) {
                let (Some(at), Some(target)) = (&l.at, &l.target) else {
                    continue;
                };
                if records.drop_value(c, i, target) {
                    let message = l.problem.message.clone();
                    self.problems.push(dropped(&record, target, at, message));
                } else {
                    self.problems.push(l.problem);
                    bad.insert(key);
                }
            }
        }
        bad
    }

    /// The directory, with any phone number a message or a skipped record's label quotes
    /// hidden: the banner shows them, and phone numbers are never published.
    fn into_directory(self, dataset: Dataset) -> LoadedDataset {
        let problems = (self.problems.into_iter())
            .map(|p| Problem {
                path: hide_phone_numbers(&p.path).into_owned(),
                message: hide_phone_numbers(&p.message).into_owned(),
                ..p
            })
            .collect();
        let skipped = (self.skipped.iter())
            .map(|s| hide_phone_numbers(s).into_owned())
            .collect();
        LoadedDataset {
            dataset,
            problems,
            skipped,
        }
    }
}

/// One error of a record, located in the file: its path there, and the value the record would
/// lose for it (`None` when only the record itself can go).
struct Located {
    problem: Problem,
    at: Option<FieldPath>,
    target: Option<FieldPath>,
}

impl Located {
    /// Places `problem`, found in the record at position `key.1` of `key.0`.
    fn of(mut problem: Problem, (c, i): (Collection, usize), records: &Records) -> Self {
        let origin = records.origin(c, i);
        let record = format!("{}[{origin}]", c.key());
        let at = (problem.path.strip_prefix(&record))
            .and_then(FieldPath::parse)
            .map(|inside| records.to_file(c, origin, &inside));
        if let Some(at) = &at {
            problem.path = format!("{record}{}", at.suffix());
        }
        let target = at.as_ref().and_then(|at| droppable(c, at));
        Self {
            problem,
            at,
            target,
        }
    }

    /// One error per value to leave out: the first about it, and none about what lies inside
    /// another value that goes.
    fn first_per_value(found: Vec<Self>) -> Vec<Self> {
        let targets: Vec<Option<FieldPath>> = found.iter().map(|l| l.target.clone()).collect();
        let covered = |n: usize, t: &FieldPath| {
            targets.iter().enumerate().any(|(m, other)| {
                other
                    .as_ref()
                    .is_some_and(|o| t.starts_with(o) && (o != t || m < n))
            })
        };
        (found.into_iter().enumerate())
            .filter(|(n, l)| l.target.as_ref().is_none_or(|t| !covered(*n, t)))
            .map(|(_, l)| l)
            .collect()
    }
}

/// The line for a value left out: its path, then why, naming the field inside it the problem
/// was in: `researchers[3].links[0]: dropped: url: "javascript:…" is not an http, https or
/// mailto URL`.
fn dropped(record: &str, target: &FieldPath, at: &FieldPath, message: String) -> Problem {
    let inside = at.below(target);
    let message = if inside.is_empty() {
        message
    } else {
        format!("{inside}: {message}")
    };
    Problem::dropped(format!("{record}{}", target.suffix()), message)
}

/// What a JSON value is, for messages: "null", "a number", "an array", … (the importer's
/// readers say it too).
pub fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// serde_json appends " at line L column C"; the path already says where.
fn strip_position(msg: &str) -> &str {
    msg.rfind(" at line ").map_or(msg, |i| &msg[..i])
}

/// The calendar year of a Unix timestamp in seconds (UTC), for computing the latest valid year
/// without a date library on either target.
pub fn year_of_unix_seconds(secs: i64) -> u16 {
    // Howard Hinnant's civil_from_days.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    u16::try_from(year).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests;
