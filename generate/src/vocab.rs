//! The shared vocabularies: organizations, topics and venues, each with a skewed popularity.
//!
//! Every list is shuffled once by the seed, then drawn from with a Zipf-like weight by position,
//! so a few organizations, topics and venues are common and most are rare, as in real data.

use std::collections::HashSet;

use research_atlas::model::{
    OrgId, OrgKind, Organization, Topic, TopicId, Venue, VenueId, VenueKind,
};

use super::rng::{Rng, Weighted};
use super::words::*;
use atlas_import::names::slug;

/// How many organizations of each kind.
const UNIVERSITIES: usize = 150;
const COMPANIES: usize = 90;
const LABS: usize = 60;

/// One organization and where it is, for researchers' locations.
pub struct Org {
    pub record: Organization,
    /// "City, Region", as locations print it.
    pub location: String,
}

/// Popularity skew (the Zipf exponent) of organizations, topics and venues.
const ORG_SKEW: f64 = 0.7;
const TOPIC_SKEW: f64 = 0.8;
const VENUE_SKEW: f64 = 0.8;

/// Some positions of a list, drawn with a Zipf-like weight by their order.
struct Pool {
    members: Vec<usize>,
    pick: Weighted,
}

impl Pool {
    fn new(members: Vec<usize>, skew: f64) -> Self {
        let pick = Weighted::zipf(members.len(), skew);
        Self { members, pick }
    }

    fn draw(&self, rng: &mut Rng) -> usize {
        self.members[self.pick.sample(rng)]
    }
}

/// The vocabularies and the skewed pickers over them.
pub struct Vocab {
    pub orgs: Vec<Org>,
    pub topics: Vec<Topic>,
    pub venues: Vec<Venue>,
    universities: Pool,
    /// Universities and labs.
    research: Pool,
    /// Companies and labs.
    industry: Pool,
    topic_pool: Pool,
    /// Venues of each kind.
    by_kind: Vec<(VenueKind, Pool)>,
}

impl Vocab {
    /// Builds every vocabulary from the seed's generator.
    pub fn new(rng: &mut Rng) -> Self {
        let mut orgs = organizations(rng);
        rng.shuffle(&mut orgs);
        let mut topics = topics();
        rng.shuffle(&mut topics);
        let mut venues = venues();
        rng.shuffle(&mut venues);

        let orgs_of = |kinds: &[OrgKind]| -> Pool {
            let members = (0..orgs.len())
                .filter(|&i| kinds.contains(&orgs[i].record.kind))
                .collect();
            Pool::new(members, ORG_SKEW)
        };
        let universities = orgs_of(&[OrgKind::University]);
        let research = orgs_of(&[OrgKind::University, OrgKind::Lab]);
        let industry = orgs_of(&[OrgKind::Company, OrgKind::Lab]);
        let by_kind = [
            VenueKind::Conference,
            VenueKind::Journal,
            VenueKind::Workshop,
            VenueKind::Preprint,
        ]
        .into_iter()
        .map(|kind| {
            let members = (0..venues.len())
                .filter(|&i| venues[i].kind == kind)
                .collect();
            (kind, Pool::new(members, VENUE_SKEW))
        })
        .collect();
        Self {
            topic_pool: Pool::new((0..topics.len()).collect(), TOPIC_SKEW),
            universities,
            research,
            industry,
            orgs,
            topics,
            venues,
            by_kind,
        }
    }

    /// A university, popular ones more often.
    pub fn university(&self, rng: &mut Rng) -> usize {
        self.universities.draw(rng)
    }

    /// A university or research lab, popular ones more often.
    pub fn research_org(&self, rng: &mut Rng) -> usize {
        self.research.draw(rng)
    }

    /// A company or lab, popular ones more often.
    pub fn industry_org(&self, rng: &mut Rng) -> usize {
        self.industry.draw(rng)
    }

    /// A topic, popular ones more often.
    pub fn topic(&self, rng: &mut Rng) -> usize {
        self.topic_pool.draw(rng)
    }

    /// A venue of `kind`, popular ones more often.
    pub fn venue(&self, kind: VenueKind, rng: &mut Rng) -> usize {
        let (_, pool) = self
            .by_kind
            .iter()
            .find(|(k, _)| *k == kind)
            .expect("venues of every kind used");
        pool.draw(rng)
    }
}

/// Universities, companies and labs with unique slug ids.
fn organizations(rng: &mut Rng) -> Vec<Org> {
    let mut out: Vec<Org> = Vec::new();
    let mut taken = HashSet::new();
    let mut add = |out: &mut Vec<Org>, name: String, short: Option<String>, kind, place| {
        let id = slug(&name);
        if !taken.insert(id.clone()) {
            return;
        }
        let (city, region, country): (&str, &str, &str) = place;
        let aliases = match (kind, name.strip_prefix("University of ")) {
            (OrgKind::University, Some(rest)) => vec![format!("Univ. of {rest}")],
            _ => Vec::new(),
        };
        out.push(Org {
            record: Organization {
                translations: Default::default(),
                url: Some(format!("https://example.org/orgs/{id}")),
                id: OrgId(id),
                name,
                short_name: short,
                aliases,
                kind,
                country: Some(country.to_owned()),
            },
            location: format!("{city}, {region}"),
        });
    };
    while out.len() < UNIVERSITIES {
        let place = *rng.pick(PLACES);
        let pattern = rng.pick(UNIVERSITY_PATTERNS);
        let name = pattern.replace("{}", place.0);
        let short = pattern
            .ends_with("Institute of Technology")
            .then(|| format!("{} Tech", place.0));
        add(&mut out, name, short, OrgKind::University, place);
    }
    while out.len() < UNIVERSITIES + COMPANIES {
        let name = format!(
            "{} {}",
            rng.pick(COMPANY_PREFIXES),
            rng.pick(COMPANY_SUFFIXES)
        );
        add(&mut out, name, None, OrgKind::Company, *rng.pick(PLACES));
    }
    while out.len() < UNIVERSITIES + COMPANIES + LABS {
        let place = *rng.pick(PLACES);
        let field = rng.pick(LAB_FIELDS);
        let name = if rng.chance(0.5) {
            format!("{} Institute for {field}", place.0)
        } else {
            format!("{} {field} Lab", rng.pick(COMPANY_PREFIXES))
        };
        add(&mut out, name, None, OrgKind::Lab, place);
    }
    out
}

/// The topic taxonomy.
fn topics() -> Vec<Topic> {
    TOPICS
        .iter()
        .map(|name| Topic {
            translations: Default::default(),
            id: TopicId(slug(name)),
            name: (*name).to_owned(),
            description: Some(format!("Research on {}", lower_first(name))),
        })
        .collect()
}

/// Conferences, journals, workshops and arXiv.
fn venues() -> Vec<Venue> {
    let mut out = Vec::new();
    let mut add = |short: String, name: String, kind| {
        out.push(Venue {
            id: VenueId(slug(&short)),
            short_name: short,
            name,
            kind,
            aliases: Vec::new(),
            dblp: None,
        });
    };
    for (form, prefix) in CONFERENCE_FORMS {
        for (field, abbr) in VENUE_FIELDS {
            add(
                format!("{prefix}{abbr}"),
                form.replace("{}", field),
                VenueKind::Conference,
            );
        }
    }
    for (form, prefix) in JOURNAL_FORMS {
        for (field, abbr) in &VENUE_FIELDS[..20] {
            add(
                format!("{prefix}{abbr}"),
                form.replace("{}", field),
                VenueKind::Journal,
            );
        }
    }
    for (field, abbr) in &VENUE_FIELDS[..18] {
        add(
            format!("Hot{abbr}"),
            format!("Workshop on Hot Topics in {field}"),
            VenueKind::Workshop,
        );
    }
    add(
        "arXiv".into(),
        "arXiv preprint server".into(),
        VenueKind::Preprint,
    );
    // Two forms can meet in one short name ("S" + "CC" and "SC" + "C"): keep the first.
    let mut seen = HashSet::new();
    out.retain(|v| seen.insert(v.id.clone()));
    out
}

/// `"LLM serving"` stays, `"Distributed systems"` → `"distributed systems"`.
pub fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) if a.is_uppercase() && !b.is_uppercase() => {
            a.to_lowercase().chain(s[a.len_utf8()..].chars()).collect()
        }
        _ => s.to_owned(),
    }
}
