//! Publications: each stored once, written by 3 to 8 authors of whom one to five are directory
//! members, and listed on every member's profile.
//!
//! A paper's lead member is drawn by productivity; co-members come mostly from the lead's
//! community (researchers close in topic and organization), so the same people share many
//! papers, as real collaborators do. Every draw is O(log n), so the whole pass is linear in the
//! number of papers.

use research_atlas::model::{
    Author, Award, CitationSource, Citations, Link, LinkKind, Origin, Publication, PublicationId,
    PublicationType, VenueKind,
};

use super::people::Person;
use super::rng::{Rng, Weighted};
use super::vocab::Vocab;
use super::words::*;
use super::{FIRST_YEAR, LAST_YEAR, UniqueIds};

/// How many directory members (1 to 5) a paper has, by weight: three on average.
const MEMBER_COUNTS: [f64; 5] = [15.0, 20.0, 30.0, 20.0, 15.0];
/// How many researchers form one community of frequent co-authors.
const COMMUNITY: usize = 24;
/// The share of co-members drawn from the lead's community rather than the whole directory.
const FROM_COMMUNITY: f64 = 0.75;
/// The share of papers with an honour such as a best-paper award.
const HONOURED: f64 = 0.02;
/// The first year arXiv identifiers are generated for.
const ARXIV_SINCE: u16 = 2008;

/// `count` publications over `people`, whose `publications` lists they are added to, newest
/// first. An honoured paper may also become an award of its first member.
pub fn publications(
    people: &mut [Person],
    vocab: &Vocab,
    count: usize,
    rng: &mut Rng,
) -> Vec<Publication> {
    if people.is_empty() {
        return Vec::new();
    }
    let lead_pick = Weighted::new(people.iter().map(|p| p.weight));
    let member_pick = Weighted::new(MEMBER_COUNTS);
    // Communities: researchers ordered by main topic, then organization, cut into runs.
    let mut order: Vec<usize> = (0..people.len()).collect();
    order.sort_by_cached_key(|&i| {
        (
            people[i].topics[0],
            people[i].record.organization.clone(),
            i,
        )
    });
    let mut community_of = vec![0; people.len()];
    for (rank, &i) in order.iter().enumerate() {
        community_of[i] = rank / COMMUNITY;
    }
    let communities: Vec<&[usize]> = order.chunks(COMMUNITY).collect();

    let mut ids = UniqueIds::default();
    let mut papers = Vec::with_capacity(count);
    let mut listed: Vec<Vec<usize>> = vec![Vec::new(); people.len()];
    for _ in 0..count {
        let lead = lead_pick.sample(rng);
        let year = recent_year(people[lead].first_year, rng);
        let wanted = (1 + member_pick.sample(rng)).min(people.len());
        let mut members = vec![lead];
        for _ in 0..4 * wanted {
            if members.len() == wanted {
                break;
            }
            let candidate = if rng.chance(FROM_COMMUNITY) {
                *rng.pick(communities[community_of[lead]])
            } else {
                lead_pick.sample(rng)
            };
            // Nobody writes papers before their career began.
            if people[candidate].first_year <= year && !members.contains(&candidate) {
                members.push(candidate);
            }
        }
        let paper = paper(people, &members, year, vocab, &mut ids, rng);
        for &m in &members {
            listed[m].push(papers.len());
        }
        if !paper.honours.is_empty() {
            honour_as_award(&mut people[lead], &paper, vocab);
        }
        papers.push(paper);
    }
    for (person, mut list) in people.iter_mut().zip(listed) {
        list.sort_by_key(|&i| std::cmp::Reverse(papers[i].year));
        person.record.publications = list.into_iter().map(|i| papers[i].id.clone()).collect();
    }
    papers
}

/// One paper by `members` (the lead first) and generated co-authors.
fn paper(
    people: &[Person],
    members: &[usize],
    year: u16,
    vocab: &Vocab,
    ids: &mut UniqueIds,
    rng: &mut Rng,
) -> Publication {
    let lead = &people[members[0]];
    let month = rng.chance(0.7).then(|| rng.range(1, 12) as u8);
    let kind = if year < ARXIV_SINCE {
        [
            PublicationType::Conference,
            PublicationType::Journal,
            PublicationType::Workshop,
        ][Weighted::new([70.0, 20.0, 10.0]).sample(rng)]
    } else {
        PublicationType::ALL[Weighted::new([60.0, 17.0, 10.0, 13.0]).sample(rng)]
    };
    let venue_kind = match kind {
        PublicationType::Conference => VenueKind::Conference,
        PublicationType::Journal => VenueKind::Journal,
        PublicationType::Workshop => VenueKind::Workshop,
        _ => VenueKind::Preprint,
    };
    let venue = &vocab.venues[vocab.venue(venue_kind, rng)];

    let mut topics = vec![*rng.pick(&lead.topics)];
    for _ in 0..rng.below(3) {
        let member = *rng.pick(members);
        let t = *rng.pick(&people[member].topics);
        if !topics.contains(&t) {
            topics.push(t);
        }
    }
    let (title, system) = title_by(
        &vocab.topics[topics[0]].name,
        Some(&signature(members[0])),
        rng,
    );
    let base = match &system {
        Some(name) => name.to_ascii_lowercase(),
        None => {
            let skip = ["On", "the", "of", "in", "for", "Towards", "Rethinking"];
            let words: Vec<&str> = title.split(' ').filter(|w| !skip.contains(w)).collect();
            ascii_slug(&words[..2].join(" "))
        }
    };
    let id = PublicationId(ids.make(&format!("{base}-{}-{year}", venue.id)));

    let total = rng.range(3.max(members.len() as u16), 8) as usize;
    let mut authors: Vec<Author> = members
        .iter()
        .map(|&m| Author::member(people[m].record.name.clone(), people[m].record.id.clone()))
        .collect();
    while authors.len() < total {
        let name = format!("{} {}", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES));
        authors.push(Author::new(name));
    }
    // The lead is first author half the time; otherwise anyone may be.
    let fixed = usize::from(rng.chance(0.5));
    rng.shuffle(&mut authors[fixed..]);
    if rng.chance(0.05) {
        authors[0].equal_contribution = true;
        authors[1].equal_contribution = true;
    }

    let yy = year % 100;
    let pages = |rng: &mut Rng| {
        let first = rng.range(1, 900);
        format!("{first}–{}", first + rng.range(8, 20))
    };
    let mut p = Publication {
        venue: Some(venue.id.clone()),
        month,
        topics: topics.iter().map(|&t| vocab.topics[t].id.clone()).collect(),
        ..Publication::new(id, title, authors, kind, year)
    };
    match kind {
        PublicationType::Conference => {
            let edition = ordinal(u32::from(year - 1980 + (venue.short_name.len() as u16 % 7)));
            // Most records name the venue by its vocabulary id only, as hand-kept lists do;
            // some carry the full citation (booktitle, pages, publisher, place), as dblp does.
            p.booktitle = rng.chance(0.3).then(|| {
                format!(
                    "Proceedings of the {edition} {} ({} {yy:02})",
                    venue.name, venue.short_name
                )
            });
            p.pages = rng.chance(0.4).then(|| pages(rng));
            p.publisher = rng.chance(0.2).then(|| rng.pick(PUBLISHERS).to_string());
            p.location = rng.chance(0.15).then(|| {
                let (city, region, _) = rng.pick(PLACES);
                format!("{city}, {region}")
            });
        }
        PublicationType::Journal => {
            p.booktitle = Some(venue.name.clone());
            p.volume = Some((year - 1985).to_string());
            p.number = Some(rng.range(1, 12).to_string());
            p.pages = Some(pages(rng));
        }
        PublicationType::Workshop => {
            p.booktitle = Some(format!("Proceedings of the {}", venue.name));
            p.pages = rng.chance(0.5).then(|| pages(rng));
        }
        _ => {}
    }
    if kind != PublicationType::Preprint && rng.chance(0.4) {
        let prefix = rng.pick(DOI_PREFIXES);
        let serial = rng.below(100_000);
        p.doi = Some(format!("10.{prefix}/{}.{year}.{serial:05}", venue.id));
    }
    if year >= ARXIV_SINCE && (kind == PublicationType::Preprint || rng.chance(0.25)) {
        let month = month.unwrap_or_else(|| rng.range(1, 12) as u8);
        let serial = rng.below(if year >= 2015 { 100_000 } else { 10_000 });
        let width = if year >= 2015 { 5 } else { 4 };
        p.arxiv = Some(format!("{yy:02}{month:02}.{serial:0width$}"));
    }
    if kind != PublicationType::Preprint && rng.chance(HONOURED) {
        let honour = match kind {
            PublicationType::Conference => rng.pick(HONOURS),
            _ => "Best Paper Award",
        };
        p.honours.push(honour.to_owned());
    }
    if rng.chance(0.15) {
        p.links.push(Link {
            kind: LinkKind::Pdf,
            url: format!("https://example.org/papers/{}.pdf", p.id),
            label: None,
        });
    }
    p
}

/// The day generated citation counts were taken.
pub const COUNTED_ON: &str = "2026-11-01";
/// The share of papers with a citation count (as a source that knows most of them would give).
const COUNTED: f64 = 0.7;
/// The share of papers with an abstract.
const WITH_ABSTRACT: f64 = 0.4;

/// Gives a fraction of `papers` a citation count counted by OpenAlex on [`COUNTED_ON`] with
/// their OpenAlex work id, skewed as real counts are (most papers few, a few very many, older
/// ones more), and some an abstract. Its own `rng`, so that the rest of a dataset is the same
/// with or without them.
pub fn cite_and_summarize(papers: &mut [Publication], rng: &mut Rng) {
    for p in papers {
        if rng.chance(COUNTED) {
            let age = f64::from(LAST_YEAR.saturating_sub(p.year) + 1);
            // Pareto-like: half the papers under about 1.5 per year of age, one in a hundred
            // hundreds of times more.
            let heavy = (1.0 / (1.0 - 0.999 * rng.unit())).powf(1.3) - 1.0;
            let count = (heavy * age.powf(0.8)).min(f64::from(u32::MAX / 2)) as u32;
            p.citations = Some(Citations {
                count,
                source: CitationSource::Openalex,
                as_of: COUNTED_ON.to_owned(),
            });
            let work = 1_000_000_000 + rng.below(3_000_000_000);
            p.sources.insert(Origin::Openalex, format!("W{work}"));
        }
        if rng.chance(WITH_ABSTRACT) {
            p.abstract_text = Some(abstract_of(&p.title, rng));
        }
    }
}

/// A few sentences about a paper called `title`, in the shapes abstracts take.
fn abstract_of(title: &str, rng: &mut Rng) -> String {
    let method = rng.pick(METHODS).to_lowercase();
    let object = rng.pick(OBJECTS).to_lowercase();
    let property = rng.pick(PROPERTIES).to_lowercase();
    let adjective = rng.pick(ADJECTIVES).to_lowercase();
    let factor = rng.range(12, 95);
    let mut sentences = vec![
        format!("We present {title}."),
        format!(
            "Existing approaches to {object} trade {property} for simplicity, and we show that this \
             trade-off is not necessary."
        ),
        format!(
            "Our design combines {adjective} {method} with a small amount of runtime feedback."
        ),
        format!(
            "On {} real workloads it improves {property} by up to {}.{}× over the state of the art.",
            rng.range(3, 12),
            factor / 10,
            factor % 10
        ),
    ];
    if rng.chance(0.5) {
        sentences.push("The implementation and traces are open source.".to_owned());
    }
    let keep = rng.range(2, sentences.len() as u16) as usize;
    // The first sentence and the last `keep - 1`: an abstract opens with what the paper is.
    let tail = sentences.split_off(sentences.len() - (keep - 1));
    sentences.truncate(1);
    sentences.extend(tail);
    sentences.join(" ")
}

/// A year from `first` to the last year, each year 10% likelier than the one before (as
/// publication counts grow).
fn recent_year(first: u16, rng: &mut Rng) -> u16 {
    const RATIO: f64 = 0.9;
    let first = first.clamp(FIRST_YEAR, LAST_YEAR);
    let span = i32::from(LAST_YEAR - first + 1);
    // The inverse of the truncated geometric distribution's CDF: P(back = k) ∝ RATIO^k.
    let u = rng.unit() * (1.0 - RATIO.powi(span));
    let back = ((1.0 - u).ln() / RATIO.ln()) as u16;
    LAST_YEAR - back.min(LAST_YEAR - first)
}

/// A title in one of the shapes real titles take, and the made-up system it names, if any.
pub(crate) fn title(topic: &str, rng: &mut Rng) -> (String, Option<String>) {
    title_by(topic, None, rng)
}

/// The system name researcher `lead` (by position) builds on across papers, as real groups
/// do (three syllables: 10,400 names, so at 100,000 researchers a name is shared by about ten).
fn signature(lead: usize) -> String {
    let (h, t) = (SYSTEM_HEADS.len(), SYSTEM_TAILS.len());
    format!(
        "{}{}{}",
        SYSTEM_HEADS[lead % h],
        SYSTEM_TAILS[(lead / h) % t],
        SYSTEM_TAILS[(lead / h / t) % t]
    )
}

/// [`title`] by a lead whose papers mostly name their `signature` system (three in four that
/// name a system). Its technique and object are mostly the topic's own ([`topical`]), so papers
/// on one topic share words beyond the topic's name, and a researcher's papers share their
/// system's name, as real ones do. As many draws as before either way, so the rest of a
/// generated dataset is the same.
fn title_by(topic: &str, signature: Option<&str>, rng: &mut Rng) -> (String, Option<String>) {
    let adjective = rng.pick(ADJECTIVES);
    let method = topical(METHODS, topic, rng);
    let object = topical(OBJECTS, topic, rng);
    let topic = title_case(topic);
    let heads = SYSTEM_HEADS.len();
    let head = rng.below(4 * heads);
    let tail = rng.pick(SYSTEM_TAILS);
    let system = match signature {
        Some(own) if head < 3 * heads => own.to_owned(),
        _ => format!("{}{tail}", SYSTEM_HEADS[head % heads]),
    };
    match rng.below(7) {
        0 => (
            format!("{system}: {adjective} {method} for {topic}"),
            Some(system),
        ),
        1 => (
            format!("{system}: {method} at Scale for {object}"),
            Some(system),
        ),
        2 => (format!("{adjective} {method} for {object}"), None),
        3 => (format!("Towards {adjective} {method} in {topic}"), None),
        4 => (format!("Rethinking {method} for {object}"), None),
        5 => {
            let property = rng.pick(PROPERTIES);
            (format!("On the {property} of {method} in {topic}"), None)
        }
        _ => (format!("Learning-Based {method} for {topic}"), None),
    }
}

/// A word of `list` for a paper on `topic`: three times in four one of the topic's own four (a
/// window of the list that the topic's name picks), else any. One draw either way, as
/// [`Rng::pick`] makes, so the rest of a generated dataset is what it was before.
fn topical<'a>(list: &[&'a str], topic: &str, rng: &mut Rng) -> &'a str {
    let n = list.len();
    let r = rng.below(4 * n);
    if r < 3 * n {
        let start = (topic.bytes()).fold(0usize, |h, b| {
            h.wrapping_mul(31).wrapping_add(usize::from(b))
        });
        list[(start + r % 4) % n]
    } else {
        list[r - 3 * n]
    }
}

/// An honoured paper's honour as an award of its lead member (at most five awards each).
fn honour_as_award(lead: &mut Person, paper: &Publication, vocab: &Vocab) {
    if lead.record.awards.len() >= 5 || !paper.honours[0].ends_with("Award") {
        return;
    }
    let venue = paper
        .venue
        .as_ref()
        .and_then(|v| vocab.venues.iter().find(|x| &x.id == v));
    lead.record.awards.push(Award {
        name: paper.honours[0].clone(),
        year: Some(paper.year),
        end_year: None,
        awarded_by: venue.map(|v| v.name.clone()),
        publication: Some(paper.id.clone()),
        details: Some(format!("Awarded to “{}”.", paper.title)),
    });
}

/// `"LLM serving"` → `"LLM Serving"`, `"High-performance computing"` → `"High-Performance
/// Computing"`; short function words stay lowercase.
fn title_case(s: &str) -> String {
    let capital = |w: &str| {
        let mut chars = w.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    };
    s.split(' ')
        .enumerate()
        .map(|(i, w)| match w {
            "for" | "in" | "of" | "and" | "on" if i > 0 => w.to_owned(),
            _ => w.split('-').map(capital).collect::<Vec<String>>().join("-"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `"Fault-Tolerant Caching"` → `"fault-tolerant-caching"`; titles are ASCII, so this skips the
/// Unicode folding of [`atlas_import::names::slug`], which costs seconds over 200,000 papers.
fn ascii_slug(s: &str) -> String {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// 1 → "1st", 22 → "22nd", 13 → "13th".
pub(crate) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_title_cased() {
        for (topic, want) in [
            ("LLM serving", "LLM Serving"),
            ("High-performance computing", "High-Performance Computing"),
            ("ML for code", "ML for Code"),
            (
                "Fairness in machine learning",
                "Fairness in Machine Learning",
            ),
        ] {
            assert_eq!(title_case(topic), want);
        }
    }

    #[test]
    fn ordinals() {
        for (n, want) in [
            (1, "1st"),
            (2, "2nd"),
            (3, "3rd"),
            (11, "11th"),
            (22, "22nd"),
        ] {
            assert_eq!(ordinal(n), want);
        }
    }

    #[test]
    fn titles_on_one_topic_share_their_techniques_and_objects() {
        let mut rng = Rng::new(9);
        let share_of_top = |topic: &str, rng: &mut Rng| {
            let mut counts = std::collections::HashMap::new();
            for _ in 0..2_000 {
                let w = topical(METHODS, topic, rng);
                *counts.entry(w).or_insert(0usize) += 1;
            }
            let mut top: Vec<(usize, &str)> = counts.into_iter().map(|(w, n)| (n, w)).collect();
            top.sort_unstable_by(|a, b| b.cmp(a));
            (
                top[0].1,
                top[..4].iter().map(|t| t.0).sum::<usize>() as f64 / 2_000.0,
            )
        };
        let (a, four) = share_of_top("Distributed systems", &mut rng);
        // Three in four from the topic's own four words, and each word still possible.
        assert!((0.75..0.85).contains(&four), "{four}");
        let (b, _) = share_of_top("Computer vision", &mut rng);
        assert_ne!(a, b, "two topics, two vocabularies");
        let seen: std::collections::HashSet<&str> = (0..5_000)
            .map(|_| topical(OBJECTS, "Deep learning", &mut rng))
            .collect();
        assert_eq!(seen.len(), OBJECTS.len());
    }

    #[test]
    fn years_start_with_the_career_and_favour_recent_ones() {
        let mut rng = Rng::new(5);
        let years: Vec<u16> = (0..10_000).map(|_| recent_year(1990, &mut rng)).collect();
        assert!(years.iter().all(|y| (FIRST_YEAR..=LAST_YEAR).contains(y)));
        let count = |y: u16| years.iter().filter(|&&x| x == y).count();
        assert!(count(2025) > count(2015) && count(2015) > count(2005));
        assert!(count(2026) < 2 * count(2025), "no spike in the last year");
        assert!((0..100).all(|_| recent_year(2024, &mut rng) >= 2024));
    }

    #[test]
    fn most_papers_are_counted_with_skew_and_some_have_an_abstract() {
        let make = |i: usize| {
            let year = 2000 + (i % 27) as u16;
            Publication::new(
                PublicationId(format!("p{i}")),
                "Fast Things",
                vec![],
                PublicationType::Journal,
                year,
            )
        };
        let mut papers: Vec<Publication> = (0..10_000).map(make).collect();
        cite_and_summarize(&mut papers, &mut Rng::new(9));
        let counts: Vec<u32> = (papers.iter())
            .filter_map(|p| p.citations.as_ref().map(|c| c.count))
            .collect();
        assert!((6_500..7_500).contains(&counts.len()), "{}", counts.len());
        let mut sorted = counts.clone();
        sorted.sort_unstable();
        let (median, top) = (sorted[sorted.len() / 2], sorted[sorted.len() * 99 / 100]);
        assert!(median < 40 && top > 20 * median.max(1), "{median} {top}");
        assert!(
            counts.contains(&0),
            "some counted papers are cited by no one yet"
        );
        assert!(
            papers
                .iter()
                .all(|p| p.citations.is_some() == p.sources.contains_key(&Origin::Openalex))
        );
        let abstracts = papers.iter().filter(|p| p.abstract_text.is_some()).count();
        assert!((3_500..4_500).contains(&abstracts), "{abstracts}");
        let text = papers.iter().find_map(|p| p.abstract_text.clone()).unwrap();
        assert!(
            text.starts_with("We present Fast Things. ") && text.ends_with('.'),
            "{text}"
        );
    }
}
