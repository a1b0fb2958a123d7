//! Lookups by id on a [`Dataset`]: the record a reference points at, a researcher's publications,
//! and the label a view prints for a reference.
//!
//! Every lookup by id is a linear scan of one collection. That is the right cost for a handful of
//! lookups — one profile, one comparison, one import — and needs no index kept in step with the
//! data. The vocabularies are small (tens to hundreds of entries), but `researchers` and
//! `publications` run to 20,000 and 200,000 in the benchmark data: code that resolves every
//! researcher or publication in a loop should build a map once, as `search::index` does, instead
//! of calling these per item. In a loaded dataset ids are unique, so "the" record is well defined.

use std::collections::HashMap;

use super::types::{Dataset, LinkKind, Organization, Publication, Researcher, Topic, Venue};

impl Researcher {
    /// The researcher's id at a scholarly source, read from their identifier link of `kind`
    /// ([`LinkKind::Orcid`], [`LinkKind::Dblp`] or [`LinkKind::Openalex`]).
    pub fn identifier(&self, kind: LinkKind) -> Option<&str> {
        (self.links.iter())
            .filter(|l| l.kind == kind)
            .find_map(|l| l.identifier())
    }
}

impl Dataset {
    /// The researcher whose id is `id`.
    pub fn researcher(&self, id: impl AsRef<str>) -> Option<&Researcher> {
        let id = id.as_ref();
        self.researchers.iter().find(|r| r.id.as_str() == id)
    }

    /// The organization whose id is `id`.
    pub fn organization(&self, id: impl AsRef<str>) -> Option<&Organization> {
        let id = id.as_ref();
        self.organizations.iter().find(|o| o.id.as_str() == id)
    }

    /// The topic whose id is `id`.
    pub fn topic(&self, id: impl AsRef<str>) -> Option<&Topic> {
        let id = id.as_ref();
        self.topics.iter().find(|t| t.id.as_str() == id)
    }

    /// The venue whose id is `id`.
    pub fn venue(&self, id: impl AsRef<str>) -> Option<&Venue> {
        let id = id.as_ref();
        self.venues.iter().find(|v| v.id.as_str() == id)
    }

    /// The publication whose id is `id`.
    pub fn publication(&self, id: impl AsRef<str>) -> Option<&Publication> {
        let id = id.as_ref();
        self.publications.iter().find(|p| p.id.as_str() == id)
    }

    /// The venue `publication` appeared at, when it names one and the vocabulary has it.
    pub fn venue_of(&self, publication: &Publication) -> Option<&Venue> {
        self.venue(publication.venue.as_ref()?)
    }

    /// The publications on a researcher's profile that the dataset has, each once, in profile
    /// order.
    ///
    /// One pass over `publications`, however long the profile. Should two records share an id
    /// (never in a loaded dataset), the later one is taken, as a map built over the publications
    /// would.
    pub fn publications_of(&self, researcher: &Researcher) -> Vec<&Publication> {
        let mut slot: HashMap<&str, usize> = HashMap::with_capacity(researcher.publications.len());
        for id in &researcher.publications {
            let next = slot.len();
            slot.entry(id.as_str()).or_insert(next);
        }
        let mut found = vec![None; slot.len()];
        for p in &self.publications {
            if let Some(&i) = slot.get(p.id.as_str()) {
                found[i] = Some(p);
            }
        }
        found.into_iter().flatten().collect()
    }

    /// What cards and charts call organization `id`: its [label](Organization::label), or the
    /// id itself when the vocabulary lacks it.
    pub fn organization_label<'a, I>(&'a self, id: &'a I) -> &'a str
    where
        I: AsRef<str> + ?Sized,
    {
        self.organization(id)
            .map_or(id.as_ref(), Organization::label)
    }

    /// The name of topic `id`, or the id itself when the taxonomy lacks it.
    pub fn topic_name<'a, I>(&'a self, id: &'a I) -> &'a str
    where
        I: AsRef<str> + ?Sized,
    {
        self.topic(id).map_or(id.as_ref(), |t| t.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// Two researchers, two organizations, a topic, a venue and three publications, one of them
    /// listed twice on a profile and one profile entry the dataset lacks.
    fn small() -> Dataset {
        serde_json::from_value(json!({
            "schema_version": 1,
            "organizations": [
                {"id": "uc-berkeley", "name": "University of California, Berkeley",
                 "short_name": "UC Berkeley", "kind": "university"},
                {"id": "acme", "name": "Acme", "kind": "company"}
            ],
            "topics": [{"id": "llm-serving", "name": "LLM serving"}],
            "venues": [{"id": "nsdi", "short_name": "NSDI", "name": "Networked Systems",
                        "kind": "conference"}],
            "researchers": [
                {"id": "ada", "name": "Ada", "career_stage": "faculty", "summary": "A.",
                 "sources": [], "publications": ["p3", "p1", "p3", "gone", "p2"]},
                {"id": "bo", "name": "Bo", "career_stage": "student", "summary": "B.",
                 "sources": []}
            ],
            "publications": [
                {"id": "p1", "title": "One", "authors": [], "type": "conference", "year": 2020,
                 "venue": "nsdi"},
                {"id": "p2", "title": "Two", "authors": [], "type": "journal", "year": 2021,
                 "venue": "unknown-venue"},
                {"id": "p3", "title": "Three", "authors": [], "type": "preprint", "year": 2022}
            ]
        }))
        .expect("the small dataset deserializes")
    }

    #[test]
    fn lookups_find_by_id_and_miss_unknown_ids() {
        let d = small();
        assert_eq!(d.researcher("bo").map(|r| r.name.as_str()), Some("Bo"));
        assert_eq!(
            d.researcher(&d.researchers[0].id).map(|r| r.name.as_str()),
            Some("Ada")
        );
        assert_eq!(
            d.organization("acme").map(|o| o.name.as_str()),
            Some("Acme")
        );
        assert_eq!(
            d.topic("llm-serving").map(|t| t.name.as_str()),
            Some("LLM serving")
        );
        assert_eq!(d.venue("nsdi").map(|v| v.short_name.as_str()), Some("NSDI"));
        assert_eq!(d.publication("p2").map(|p| p.year), Some(2021));
        for missing in ["", "nobody", "Ada", "p1 "] {
            assert!(d.researcher(missing).is_none(), "{missing:?}");
            assert!(d.organization(missing).is_none(), "{missing:?}");
            assert!(d.topic(missing).is_none(), "{missing:?}");
            assert!(d.venue(missing).is_none(), "{missing:?}");
            assert!(d.publication(missing).is_none(), "{missing:?}");
        }
    }

    #[test]
    fn a_publications_venue_resolves_only_when_known() {
        let d = small();
        let venue = |id: &str| {
            d.venue_of(d.publication(id).unwrap())
                .map(|v| v.id.as_str())
        };
        assert_eq!(venue("p1"), Some("nsdi"));
        assert_eq!(venue("p2"), None, "a venue the vocabulary lacks");
        assert_eq!(venue("p3"), None, "no venue at all");
    }

    #[test]
    fn a_profiles_publications_come_once_in_profile_order_without_unknown_ids() {
        let mut d = small();
        let ids = |d: &Dataset, r: &str| -> Vec<String> {
            (d.publications_of(d.researcher(r).unwrap()).iter())
                .map(|p| p.title.clone())
                .collect()
        };
        assert_eq!(ids(&d, "ada"), ["Three", "One", "Two"]);
        assert!(ids(&d, "bo").is_empty());
        // A duplicate id (only in unvalidated data): the later record, as a map would give.
        let mut again = d.publications[0].clone();
        again.title = "One again".into();
        d.publications.push(again);
        assert_eq!(ids(&d, "ada"), ["Three", "One again", "Two"]);
    }

    #[test]
    fn labels_fall_back_to_the_id() {
        let d = small();
        let berkeley = d.organizations[0].id.clone();
        assert_eq!(d.organization_label(&berkeley), "UC Berkeley");
        assert_eq!(
            d.organization_label("acme"),
            "Acme",
            "no short name: the name"
        );
        assert_eq!(d.organization_label("gone-org"), "gone-org");
        assert_eq!(d.topic_name("llm-serving"), "LLM serving");
        assert_eq!(d.topic_name(&String::from("gone-topic")), "gone-topic");
    }
}
