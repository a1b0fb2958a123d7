//! Loading: JSON text → a [`Directory`] of valid records plus the problems that were skipped.
//!
//! Two stages, so that one bad record costs only itself. First the top level is read as loose
//! JSON; a syntax error, a missing or unsupported `schema_version`, or a collection that is not
//! an array makes the file unusable, and [`load`] returns that one [`Problem`]. Then each record
//! is deserialized on its own (with `serde_path_to_error`, so a type error names its path) and
//! checked by [`validate`](super::validate). Invalid records are dropped, references to them are
//! removed, and the checks run again until what is left is valid.

use std::collections::HashSet;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::problem::Problem;
use super::types::*;
use super::validate::{Collection, check, check_corrections_target};

/// The dataset minus whatever was invalid, and what was skipped and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Directory {
    /// Every record that passed validation; references between them all resolve.
    pub dataset: Dataset,
    /// One line per problem found: those that skipped a record in order of discovery, then the
    /// file-level remarks and the warnings (which skipped nothing).
    pub problems: Vec<Problem>,
    /// What was dropped because of those problems, e.g. `researchers[2] ("Ada Lovelace")`.
    pub skipped: Vec<String>,
}

impl Directory {
    /// True when nothing had to be skipped or reported, not even a warning.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// True when every problem is a warning: nothing was skipped or ignored.
    pub fn is_valid(&self) -> bool {
        self.problems.iter().all(Problem::is_warning)
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
pub fn load(json: &str, max_year: u16) -> Result<Directory, Problem> {
    let root: Value = serde_json::from_str(json).map_err(|e| {
        Problem::error(
            if e.line() > 0 {
                format!("line {} column {}", e.line(), e.column())
            } else {
                String::new()
            },
            format!("not valid JSON: {}", strip_position(&e.to_string())),
        )
    })?;
    let Value::Object(mut top) = root else {
        return Err(Problem::error(
            String::new(),
            format!("the file holds {}, not a dataset object", kind_of(&root)),
        ));
    };
    let schema = top
        .get("$schema")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let version = match top.get("schema_version") {
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
    let mut skipped = Vec::new();
    let config = match top.remove("config") {
        None | Some(Value::Null) => None,
        Some(v) => match serde_path_to_error::deserialize::<_, Config>(v) {
            Ok(mut c) => {
                problems.extend(super::validate::settle_site_url(&mut c));
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
    let mut take = |key: Collection| -> Result<Vec<Value>, Problem> {
        match top.remove(key.key()) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => Ok(items),
            Some(other) => Err(Problem::error(
                key.key(),
                format!("expected an array, found {}", kind_of(&other)),
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
    let (mut gone_people, mut gone_papers, mut gone_vocab) = (Vec::new(), Vec::new(), Vec::new());
    let p = &mut problems;
    let s = &mut skipped;
    let mut records = Records {
        organizations: typed(Collection::Organizations, orgs, p, s, &mut gone_vocab),
        topics: typed(Collection::Topics, topics, p, s, &mut gone_vocab),
        venues: typed(Collection::Venues, venues, p, s, &mut gone_vocab),
        researchers: typed(Collection::Researchers, researchers, p, s, &mut gone_people),
        publications: typed(
            Collection::Publications,
            publications,
            p,
            s,
            &mut gone_papers,
        ),
    };
    records.unlink(gone_people, gone_papers);
    records.unlink_vocabulary(&gone_vocab);
    loop {
        let mut dataset = records.dataset(version);
        dataset.schema.clone_from(&schema);
        dataset.config.clone_from(&config);
        let findings = check(&dataset, max_year, &|c, i| records.origin(c, i));
        // A corrections target that is not a safe URL is reported (by `check`) and dropped.
        if let Some(c) = dataset.config.as_mut()
            && c.corrections
                .as_deref()
                .is_some_and(|t| check_corrections_target(t).is_err())
        {
            c.corrections = None;
        }
        // An error in a record skips it, and the checks run again over what is left; warnings
        // and file-level remarks are reported once, from the last run, so they are neither
        // repeated nor left behind by a record that was skipped after all.
        let (skipping, remarks): (Vec<_>, Vec<_>) = findings
            .into_iter()
            .partition(|f| f.record.is_some() && !f.problem.is_warning());
        if skipping.is_empty() {
            problems.extend(remarks.into_iter().map(|f| f.problem));
            return Ok(Directory {
                dataset,
                problems,
                skipped,
            });
        }
        let mut bad: HashSet<(Collection, usize)> = HashSet::new();
        for f in skipping {
            bad.extend(f.record);
            problems.push(f.problem);
        }
        records.drop_records(&bad, &mut skipped);
    }
}

/// The typed records with the index each had in the file.
struct Records {
    organizations: Vec<(usize, Organization)>,
    topics: Vec<(usize, Topic)>,
    venues: Vec<(usize, Venue)>,
    researchers: Vec<(usize, Researcher)>,
    publications: Vec<(usize, Publication)>,
}

impl Records {
    fn dataset(&self, schema_version: u32) -> Dataset {
        fn values<T: Clone>(v: &[(usize, T)]) -> Vec<T> {
            v.iter().map(|(_, t)| t.clone()).collect()
        }
        Dataset {
            schema: None,
            schema_version,
            config: None,
            organizations: values(&self.organizations),
            topics: values(&self.topics),
            venues: values(&self.venues),
            researchers: values(&self.researchers),
            publications: values(&self.publications),
        }
    }

    fn origin(&self, c: Collection, i: usize) -> usize {
        let index = match c {
            Collection::Organizations => self.organizations.get(i).map(|x| x.0),
            Collection::Topics => self.topics.get(i).map(|x| x.0),
            Collection::Venues => self.venues.get(i).map(|x| x.0),
            Collection::Researchers => self.researchers.get(i).map(|x| x.0),
            Collection::Publications => self.publications.get(i).map(|x| x.0),
        };
        index.unwrap_or(i)
    }

    /// Drops the bad records, then unlinks what pointed at dropped researchers and publications
    /// (a skipped paper must not take its authors with it).
    fn drop_records(&mut self, bad: &HashSet<(Collection, usize)>, skipped: &mut Vec<String>) {
        fn retain<T>(
            c: Collection,
            items: &mut Vec<(usize, T)>,
            bad: &HashSet<(Collection, usize)>,
            label: impl Fn(&T) -> String,
            skipped: &mut Vec<String>,
        ) -> Vec<String> {
            let mut gone = Vec::new();
            let mut pos = 0;
            items.retain(|(orig, item)| {
                let keep = !bad.contains(&(c, pos));
                pos += 1;
                if !keep {
                    skipped.push(format!("{}[{orig}] ({:?})", c.key(), label(item)));
                    gone.push(label(item));
                }
                keep
            });
            gone
        }
        let mut gone_vocab = retain(
            Collection::Organizations,
            &mut self.organizations,
            bad,
            |o| o.id.0.clone(),
            skipped,
        );
        gone_vocab.extend(retain(
            Collection::Topics,
            &mut self.topics,
            bad,
            |t| t.id.0.clone(),
            skipped,
        ));
        gone_vocab.extend(retain(
            Collection::Venues,
            &mut self.venues,
            bad,
            |v| v.id.0.clone(),
            skipped,
        ));
        self.unlink_vocabulary(&gone_vocab);
        let gone_people = retain(
            Collection::Researchers,
            &mut self.researchers,
            bad,
            |r| r.id.0.clone(),
            skipped,
        );
        let gone_papers = retain(
            Collection::Publications,
            &mut self.publications,
            bad,
            |p| p.id.0.clone(),
            skipped,
        );
        self.unlink(gone_people, gone_papers);
    }

    /// Removes references to skipped organizations, topics and venues (unless an entry with the
    /// same id survived): a bad vocabulary entry must not take every record that uses it along.
    /// Optional references are cleared; an education or position entry, which needs its
    /// organization, goes with it.
    fn unlink_vocabulary(&mut self, gone: &[String]) {
        let orgs: HashSet<&str> = self
            .organizations
            .iter()
            .map(|(_, o)| o.id.as_str())
            .collect();
        let topics: HashSet<&str> = self.topics.iter().map(|(_, t)| t.id.as_str()).collect();
        let venues: HashSet<&str> = self.venues.iter().map(|(_, v)| v.id.as_str()).collect();
        let gone_org = |id: &OrgId| gone.contains(&id.0) && !orgs.contains(id.as_str());
        let gone_topic = |id: &TopicId| gone.contains(&id.0) && !topics.contains(id.as_str());
        let gone_venue = |id: &VenueId| gone.contains(&id.0) && !venues.contains(id.as_str());
        if gone.is_empty() {
            return;
        }
        for (_, r) in &mut self.researchers {
            if r.organization.as_ref().is_some_and(gone_org) {
                r.organization = None;
            }
            r.topics.retain(|t| !gone_topic(t));
            r.education.retain(|e| !gone_org(&e.organization));
            r.positions.retain(|p| !gone_org(&p.organization));
            for p in &mut r.projects {
                if p.organization.as_ref().is_some_and(gone_org) {
                    p.organization = None;
                }
            }
            for t in &mut r.teaching {
                if t.organization.as_ref().is_some_and(gone_org) {
                    t.organization = None;
                }
            }
            for l in &mut r.leadership {
                if l.organization.as_ref().is_some_and(gone_org) {
                    l.organization = None;
                }
            }
            for s in &mut r.service {
                if s.venue.as_ref().is_some_and(gone_venue) {
                    s.venue = None;
                }
            }
        }
        for (_, p) in &mut self.publications {
            p.topics.retain(|t| !gone_topic(t));
            if p.venue.as_ref().is_some_and(gone_venue) {
                p.venue = None;
            }
            if p.school.as_ref().is_some_and(gone_org) {
                p.school = None;
            }
        }
    }

    /// Removes references to skipped researchers and publications, unless another record with
    /// the same id survived (a duplicate id is still defined once).
    fn unlink(&mut self, gone_people: Vec<String>, gone_papers: Vec<String>) {
        let people: HashSet<String> = gone_people
            .into_iter()
            .filter(|id| !self.researchers.iter().any(|(_, r)| &r.id.0 == id))
            .collect();
        let papers: HashSet<String> = gone_papers
            .into_iter()
            .filter(|id| !self.publications.iter().any(|(_, p)| &p.id.0 == id))
            .collect();
        if people.is_empty() && papers.is_empty() {
            return;
        }
        let unlink = |id: &mut Option<ResearcherId>| {
            if id.as_ref().is_some_and(|r| people.contains(&r.0)) {
                *id = None;
            }
        };
        for (_, p) in &mut self.publications {
            for a in &mut p.authors {
                unlink(&mut a.researcher);
            }
        }
        for (_, r) in &mut self.researchers {
            r.publications.retain(|p| !papers.contains(&p.0));
            for a in &mut r.awards {
                if a.publication
                    .as_ref()
                    .is_some_and(|p| papers.contains(&p.0))
                {
                    a.publication = None;
                }
            }
            for pr in &mut r.projects {
                pr.publications.retain(|p| !papers.contains(&p.0));
            }
            for a in r
                .advisors
                .iter_mut()
                .chain(r.education.iter_mut().flat_map(|e| e.advisors.iter_mut()))
            {
                unlink(&mut a.researcher);
            }
            for g in &mut r.group {
                unlink(&mut g.researcher);
            }
        }
    }
}

/// Deserializes each record on its own; a record that does not fit its type is reported with its
/// full path and skipped.
fn typed<T: DeserializeOwned>(
    c: Collection,
    items: Vec<Value>,
    problems: &mut Vec<Problem>,
    skipped: &mut Vec<String>,
    skipped_ids: &mut Vec<String>,
) -> Vec<(usize, T)> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let id = item.get("id").and_then(Value::as_str).map(str::to_owned);
        let label = id.clone().unwrap_or_else(|| "no id".into());
        match serde_path_to_error::deserialize::<_, T>(item) {
            Ok(t) => out.push((i, t)),
            Err(e) => {
                let inner = e.path().to_string();
                let path = if inner == "." {
                    format!("{}[{i}]", c.key())
                } else {
                    format!("{}[{i}].{inner}", c.key())
                };
                problems.push(Problem::error(path, e.into_inner().to_string()));
                skipped.push(format!("{}[{i}] ({label:?})", c.key()));
                skipped_ids.extend(id);
            }
        }
    }
    out
}

fn kind_of(v: &Value) -> &'static str {
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
mod tests {
    use super::*;

    #[test]
    fn the_corrections_target_is_read_checked_and_dropped_when_unsafe() {
        let ok = load(
            r#"{"schema_version": 1, "config": {"corrections": "mailto:fixes@atlas.example"}}"#,
            2027,
        )
        .unwrap();
        assert!(ok.is_clean(), "{:?}", ok.problems);
        let target = ok.dataset.config.and_then(|c| c.corrections);
        assert_eq!(target.as_deref(), Some("mailto:fixes@atlas.example"));

        let bad = load(
            r#"{"schema_version": 1, "config": {"corrections": "javascript:alert(1)"}}"#,
            2027,
        )
        .unwrap();
        assert_eq!(bad.problems.len(), 1);
        assert_eq!(bad.problems[0].path, "config.corrections");
        assert!(
            bad.problems[0]
                .message
                .contains("is not an http, https or mailto URL")
        );
        assert_eq!(bad.dataset.config.and_then(|c| c.corrections), None);

        let unknown = load(r#"{"schema_version": 1, "config": {"fixes": "x"}}"#, 2027).unwrap();
        assert!(
            unknown.problems[0].path.starts_with("config"),
            "{:?}",
            unknown.problems
        );
        assert!(unknown.problems[0].message.contains("unknown field"));
        assert_eq!(unknown.dataset.config, None);
    }

    /// The bundled dataset with `edit` applied, loaded.
    fn load_edited(edit: impl FnOnce(&mut Value)) -> Directory {
        let mut v: Value =
            serde_json::from_str(include_str!("../../data/researchers.json")).unwrap();
        edit(&mut v);
        load(&v.to_string(), 2027).unwrap()
    }

    #[test]
    fn invisible_characters_are_a_warning_with_the_path_and_the_record_is_kept() {
        let clean = load_edited(|_| {});
        let dir = load_edited(|v| {
            v["publications"][0]["title"] = "gnp\u{202E}.exe".into();
            v["researchers"][1]["name"] = "Ann\u{200B}a\u{2066}".into();
        });
        assert!(dir.is_valid() && !dir.is_clean());
        assert!(dir.skipped.is_empty());
        assert_eq!(
            dir.dataset.publications.len(),
            clean.dataset.publications.len()
        );
        let lines: Vec<String> = dir.problems.iter().map(ToString::to_string).collect();
        assert_eq!(lines.len(), 2, "{lines:#?}");
        assert!(lines[0].starts_with("researchers[1].name: warning: \"Ann\\u{200b}a\\u{2066}\" contains invisible characters"), "{lines:#?}");
        assert!(lines[0].contains("(U+200B ZERO WIDTH SPACE, U+2066 LEFT-TO-RIGHT ISOLATE)"));
        assert!(lines[1].starts_with("publications[0].title: warning: \"gnp\\u{202e}.exe\""));
        assert!(lines[1].contains("U+202E RIGHT-TO-LEFT OVERRIDE"));
        // The message never holds the character itself, so it cannot reorder the banner.
        assert!(!lines.concat().contains('\u{202E}'));
    }

    #[test]
    fn warnings_are_reported_once_and_only_for_records_that_stay() {
        let dir = load_edited(|v| {
            // Warned about, but skipped for its DOI: no warning is left behind.
            v["publications"][0]["title"] = "gnp\u{202E}.exe".into();
            v["publications"][0]["doi"] =
                "10.1000/x},url=\"javascript:alert(1)\",injected=pwned".into();
            // Warned about and kept, across the second run the skipped paper causes.
            v["publications"][1]["title"] = "a\u{200F}b".into();
        });
        assert_eq!(dir.skipped.len(), 1, "{:?}", dir.skipped);
        let warnings: Vec<&Problem> = dir.warnings().collect();
        assert_eq!(warnings.len(), 1, "{:#?}", dir.problems);
        assert_eq!(warnings[0].path, "publications[1].title");
        let doi = dir
            .problems
            .iter()
            .find(|p| p.path == "publications[0].doi")
            .unwrap();
        assert!(!doi.is_warning());
        assert!(
            doi.message
                .contains("is not a DOI: contains '}', which the Crossref pattern does not allow"),
            "{doi}"
        );
    }

    #[test]
    fn year_of_unix_seconds_matches_known_dates() {
        assert_eq!(year_of_unix_seconds(0), 1970);
        assert_eq!(year_of_unix_seconds(951_782_400), 2000); // 2000-02-29
        assert_eq!(year_of_unix_seconds(1_798_761_599), 2026); // 2026-12-31T23:59:59Z
        assert_eq!(year_of_unix_seconds(1_798_761_600), 2027); // 2027-01-01
    }
}
