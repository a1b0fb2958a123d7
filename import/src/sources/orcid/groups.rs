//! ORCID v3.0's groups, of works and of affiliations alike: a group is one work or affiliation
//! as each source added it (the person, a publisher, Crossref), each a version with its summary,
//! and ORCID shows the one the person prefers ([`preferred`]). [`walk`] reads a section's
//! groups in the document's order: a group or version that cannot be read is skipped with its
//! path, and each group comes with its readable versions and the place of the preferred one.

use super::schema::{
    AffiliationGroup, AffiliationSummaries, AffiliationSummary, Lenient, Scalar, WorkGroup,
    WorkSummary, list,
};
use crate::sources::Skip;

/// A group of versions as the schema holds it.
pub(super) trait Versions {
    /// A version as listed: a summary, or an object holding one.
    type Version;
    /// The key of the group's list of versions (`work-summary`, `summaries`).
    const KEY: &'static str;
    /// The group's versions, in the document's order.
    fn versions(&self) -> &[Lenient<Self::Version>];
}

impl Versions for WorkGroup {
    type Version = WorkSummary;
    const KEY: &'static str = "work-summary";
    fn versions(&self) -> &[Lenient<WorkSummary>] {
        list(&self.work_summary)
    }
}

impl Versions for AffiliationGroup {
    type Version = AffiliationSummaries;
    const KEY: &'static str = "summaries";
    fn versions(&self) -> &[Lenient<AffiliationSummaries>] {
        list(&self.summaries)
    }
}

/// A version's summary, which ORCID ranks among its group's.
pub(super) trait Ranked {
    /// Its `display-index`, if given.
    fn display_index(&self) -> Option<&Scalar>;
}

impl Ranked for WorkSummary {
    fn display_index(&self) -> Option<&Scalar> {
        self.display_index.as_ref()
    }
}

impl Ranked for AffiliationSummary {
    fn display_index(&self) -> Option<&Scalar> {
        self.display_index.as_ref()
    }
}

/// One group, as [`walk`] read it.
pub(super) struct Group<'a, S> {
    /// The group's path: `works.group[3]`.
    pub(super) at: String,
    /// How many versions it lists, readable or not.
    pub(super) listed: usize,
    /// Each readable version's summary with its path, in the document's order.
    pub(super) found: Vec<(String, &'a S)>,
    /// The place in `found` of ORCID's preferred version; `None` when none is readable.
    pub(super) best: Option<usize>,
}

/// Reads `groups` in order, each at the path `group_at` gives its place, and hands each one
/// that can be read to `each`, with `skipped`. A group or version that cannot be read is
/// skipped with its path; `summary` takes a readable version's summary out of it, with its path
/// (given the version's), or says why it has none.
pub(super) fn walk<'a, G: Versions + 'a, S: Ranked + 'a>(
    groups: &'a [Lenient<G>],
    group_at: impl Fn(usize) -> String,
    summary: impl Fn(&'a G::Version, String) -> Result<(String, &'a S), Skip>,
    skipped: &mut Vec<Skip>,
    mut each: impl FnMut(Group<'a, S>, &mut Vec<Skip>),
) {
    for (i, group) in groups.iter().enumerate() {
        let at = group_at(i);
        let versions = match group {
            Lenient::Bad(why) => {
                skipped.push(unreadable(at, why));
                continue;
            }
            Lenient::Ok(g) => g.versions(),
        };
        let mut found = Vec::new();
        for (j, version) in versions.iter().enumerate() {
            let at = format!("{at}.{}[{j}]", G::KEY);
            match version {
                Lenient::Bad(why) => skipped.push(unreadable(at, why)),
                Lenient::Ok(v) => match summary(v, at) {
                    Ok(found_one) => found.push(found_one),
                    Err(skip) => skipped.push(skip),
                },
            }
        }
        let best = preferred(found.iter().map(|(_, s)| s.display_index()));
        let group = Group {
            at,
            listed: versions.len(),
            found,
            best,
        };
        each(group, skipped);
    }
}

/// Which of a group's versions ORCID shows: the highest `display-index` (the one the person
/// marked preferred; a missing or unreadable index counts lowest), the first of equals (the API
/// lists the preferred first). `None` for no versions.
pub(super) fn preferred<'a>(indexes: impl Iterator<Item = Option<&'a Scalar>>) -> Option<usize> {
    let mut best: Option<(usize, i64)> = None;
    for (i, index) in indexes.enumerate() {
        let rank = index.and_then(Scalar::integer).unwrap_or(i64::MIN);
        if best.is_none_or(|(_, b)| rank > b) {
            best = Some((i, rank));
        }
    }
    best.map(|(i, _)| i)
}

/// A part that serde could not read as the schema says, skipped with its path.
pub(super) fn unreadable(at: String, why: &str) -> Skip {
    Skip {
        at,
        reason: format!("unreadable: {why}"),
    }
}
