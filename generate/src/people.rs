//! Researchers: names with unique slugs, a career stage and a career that fits it ([`careers`]),
//! skewed topics, awards, links, a summary, and a productivity that decides how many papers
//! they lead.
//!
//! [`careers`]: super::careers

use research_atlas::model::{
    Advisor, Award, CareerStage, Link, LinkKind, Researcher, ResearcherId, Source,
};

use super::careers::{Career, career};
use super::rng::{Rng, Weighted};
use super::vocab::{Vocab, lower_first};
use super::words::*;
use super::{LAST_YEAR, UniqueIds};
use atlas_import::names::slug;

/// A researcher and what the publication generator needs to know about them.
pub struct Person {
    pub record: Researcher,
    /// Their topics, as positions in `Vocab::topics`, the main one first.
    pub topics: Vec<usize>,
    /// The first year they plausibly published in.
    pub first_year: u16,
    /// Relative productivity: how often they lead a paper.
    pub weight: f64,
}

/// Career stages: (stage, share of the directory, productivity).
const STAGES: [(CareerStage, f64, f64); 5] = [
    (CareerStage::Student, 8.0, 0.25),
    (CareerStage::PhdStudent, 30.0, 0.9),
    (CareerStage::Postdoc, 12.0, 1.2),
    (CareerStage::Faculty, 30.0, 1.8),
    (CareerStage::Industry, 20.0, 0.7),
];

/// How many topics (2 to 6) and awards (0 to 5) a researcher has, by weight.
const TOPIC_COUNTS: [f64; 5] = [20.0, 35.0, 25.0, 12.0, 8.0];
const AWARD_COUNTS: [f64; 6] = [35.0, 25.0, 18.0, 11.0, 7.0, 4.0];

/// `count` researchers with unique ids; PhD students and postdocs get a faculty advisor.
pub fn researchers(count: usize, vocab: &Vocab, seed: u64, rng: &mut Rng) -> Vec<Person> {
    let stage_pick = Weighted::new(STAGES.iter().map(|s| s.1));
    let mut ids = UniqueIds::default();
    let mut people: Vec<Person> = (0..count)
        .map(|_| {
            let (stage, _, productivity) = STAGES[stage_pick.sample(rng)];
            person(stage, productivity, vocab, seed, &mut ids, rng)
        })
        .collect();
    let faculty: Vec<usize> = (0..people.len())
        .filter(|&i| people[i].record.career_stage == CareerStage::Faculty)
        .collect();
    if faculty.is_empty() {
        return people;
    }
    for i in 0..people.len() {
        let stage = people[i].record.career_stage;
        if matches!(stage, CareerStage::PhdStudent | CareerStage::Postdoc) {
            let advisor = &people[*rng.pick(&faculty)].record;
            let entry = Advisor {
                name: advisor.name.clone(),
                researcher: Some(advisor.id.clone()),
                role: Some("PhD".into()),
            };
            people[i].record.advisors.push(entry);
        }
    }
    people
}

fn person(
    stage: CareerStage,
    productivity: f64,
    vocab: &Vocab,
    seed: u64,
    ids: &mut UniqueIds,
    rng: &mut Rng,
) -> Person {
    let (first, last) = (*rng.pick(FIRST_NAMES), *rng.pick(LAST_NAMES));
    let middle = *rng.pick(FIRST_NAMES);
    let name = match rng.chance(0.15) {
        true => format!("{first} {}. {last}", initial(middle)),
        false => format!("{first} {last}"),
    };
    let id = ResearcherId(ids.make(&slug(&name)));
    let career = career(stage, vocab, rng);
    let org = &vocab.orgs[career.org];

    let mut topics = Vec::new();
    let wanted = 2 + Weighted::new(TOPIC_COUNTS).sample(rng);
    while topics.len() < wanted {
        let t = vocab.topic(rng);
        if !topics.contains(&t) {
            topics.push(t);
        }
    }
    let topic_names: Vec<String> = topics
        .iter()
        .map(|&t| lower_first(&vocab.topics[t].name))
        .collect();
    let summary = format!(
        "{name} is {} {} at {}, working on {} and {}.",
        article(&career.title),
        career.title,
        org.record.name,
        topic_names[..topic_names.len() - 1].join(", "),
        topic_names[topic_names.len() - 1],
    );

    let mut alternative_names = Vec::new();
    if rng.chance(0.15) {
        alternative_names.push(format!("{}. {last}", initial(first)));
    }
    let mut links = Vec::new();
    for (kind, share, url) in [
        (
            LinkKind::Homepage,
            0.85,
            format!("https://example.org/~{id}/"),
        ),
        (
            LinkKind::Github,
            0.5,
            format!("https://example.org/code/{id}"),
        ),
        (
            LinkKind::Scholar,
            0.4,
            format!("https://example.org/scholar/{id}"),
        ),
    ] {
        if rng.chance(share) || (kind == LinkKind::Scholar && links.is_empty()) {
            links.push(Link {
                kind,
                url,
                label: None,
            });
        }
    }
    let awards = awards(&career, &topic_names, vocab, rng);
    let academic = !matches!(stage, CareerStage::Industry);
    let active = f64::from(LAST_YEAR + 1 - career.first_year);
    let weight = productivity * (0.25 + exponential(rng)) * (active / 8.0).sqrt().clamp(0.5, 1.8);
    let record = Researcher {
        alternative_names,
        title: Some(career.title.clone()),
        organization: Some(org.record.id.clone()),
        department: (academic && rng.chance(0.7)).then(|| rng.pick(DEPARTMENTS).to_string()),
        location: Some(org.location.clone()),
        summary,
        links,
        interests: topic_names.into_iter().take(3).collect(),
        topics: topics.iter().map(|&t| vocab.topics[t].id.clone()).collect(),
        education: career.education,
        positions: career.positions,
        awards,
        sources: vec![Source {
            document: "synthetic".into(),
            note: Some(format!("cargo xtask gen-data --seed {seed}")),
        }],
        ..Researcher::new(id, name, stage)
    };
    Person {
        record,
        topics,
        first_year: career.first_year,
        weight,
    }
}

/// Awards across the career: fellowships for a few years, prizes for one.
fn awards(career: &Career, topics: &[String], vocab: &Vocab, rng: &mut Rng) -> Vec<Award> {
    let count = Weighted::new(AWARD_COUNTS).sample(rng);
    (0..count)
        .map(|_| {
            let (template, by) = *rng.pick(AWARDS);
            let year = rng.range(career.started, LAST_YEAR);
            let end_year = (template.contains("Fellowship") && year < LAST_YEAR)
                .then(|| (year + rng.range(1, 3)).min(LAST_YEAR));
            let awarded_by = match by {
                Some(by) => Some(by.to_owned()),
                None if rng.chance(0.6) => {
                    Some(vocab.orgs[rng.below(vocab.orgs.len())].record.name.clone())
                }
                None => None,
            };
            Award {
                name: template.replace("{topic}", rng.pick(topics).as_str()),
                year: Some(year),
                end_year,
                awarded_by,
                publication: None,
                details: None,
            }
        })
        .collect()
}

/// The first letter of a name, for initials.
fn initial(name: &str) -> char {
    name.chars().next().expect("names are not empty")
}

/// "a" or "an" before a title.
fn article(title: &str) -> &'static str {
    match title.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U') => "an",
        _ => "a",
    }
}

/// Exponentially distributed with mean 1: a long tail of very productive researchers.
fn exponential(rng: &mut Rng) -> f64 {
    -(1.0 - rng.unit()).ln()
}
