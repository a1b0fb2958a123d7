//! Ids for new publications, in the dataset's style: `skypilot-nsdi-2023`, `curie-arxiv-2025`,
//! `extensible-thesis-2024`. An id is chosen once and never changes, so a re-import finds the
//! record by its DOI, arXiv id or title, never by its id.

use research_atlas::model::{PublicationId, PublicationType, Venue};

use crate::names::{slug, unique};

/// Words that never make a paper's short name.
const STOP_WORDS: [&str; 22] = [
    "a", "an", "the", "on", "of", "for", "in", "to", "towards", "toward", "with", "and", "via",
    "from", "at", "by", "is", "are", "do", "does", "can", "how",
];

/// The venue's part of a publication id: the slug of its short name when that is one word
/// (`nsdi`, `cisis` for a venue made from a long booktitle that printed its acronym), else its
/// id when that is short (`journal-of-examples`), else none, and the paper's type stands in: an
/// id stays a few words long.
pub fn venue_tag(venue: &Venue) -> Option<String> {
    let short = |s: &str| !s.is_empty() && s.len() <= 24 && s.split('-').count() <= 3;
    let acronym = slug(&venue.short_name);
    if !venue.short_name.trim().contains(' ') && short(&acronym) {
        return Some(acronym);
    }
    Some(venue.id.0.clone()).filter(|id| short(id))
}

/// `skypilot-nsdi-2023`: a short name from the title (the part before a colon when it is short,
/// else the first word that is not a stop word), the venue's tag ([`venue_tag`], or the type)
/// and the year. When taken, more title words are added, then a number.
/// `taken` says whether a publication has an id already.
pub fn new_id(
    taken: &dyn Fn(&str) -> bool,
    title: &str,
    year: u16,
    venue: Option<&Venue>,
    kind: PublicationType,
) -> PublicationId {
    let tag = (venue.and_then(venue_tag)).unwrap_or_else(|| type_key(kind).to_owned());
    let words: Vec<String> = title
        .split_whitespace()
        .map(slug)
        .filter(|w| !w.is_empty())
        .collect();
    let content: Vec<&String> = words
        .iter()
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .collect();
    // A system name before a colon ("SkyPilot: …", "A Second Example: …"), if it is short.
    let before_colon = title
        .split_once(':')
        .filter(|(head, _)| head.split_whitespace().count() <= 3)
        .map(|(head, _)| {
            slug(head)
                .split('-')
                .filter(|w| !STOP_WORDS.contains(w))
                .collect::<Vec<_>>()
                .join("-")
        })
        .filter(|h| !h.is_empty());
    let mut heads: Vec<String> = before_colon.into_iter().collect();
    for n in 1..=content.len().min(3) {
        heads.push(
            content[..n]
                .iter()
                .map(|w| w.as_str())
                .collect::<Vec<_>>()
                .join("-"),
        );
    }
    if heads.is_empty() {
        heads.push("paper".into());
    }
    let candidates: Vec<String> = heads
        .iter()
        .map(|h| format!("{h}-{tag}-{}", year))
        .collect();
    let id = candidates
        .iter()
        .find(|c| !taken(c))
        .cloned()
        .unwrap_or_else(|| unique(&candidates[0], taken));
    PublicationId(id)
}

/// The JSON spelling of a publication type, e.g. `preprint`.
fn type_key(kind: PublicationType) -> &'static str {
    match kind {
        PublicationType::Conference => "conference",
        PublicationType::Journal => "journal",
        PublicationType::Workshop => "workshop",
        PublicationType::Preprint => "preprint",
        PublicationType::Thesis => "thesis",
        PublicationType::Blog => "blog",
    }
}

#[cfg(test)]
mod tests {
    use research_atlas::model::{Publication, VenueId, VenueKind};

    use super::*;

    fn venue(id: &str, short: &str) -> Venue {
        Venue {
            id: VenueId(id.into()),
            short_name: short.into(),
            name: short.into(),
            kind: VenueKind::Conference,
            aliases: Vec::new(),
            dblp: None,
        }
    }

    fn id(
        existing: &[Publication],
        title: &str,
        venue: Option<&str>,
        kind: PublicationType,
    ) -> String {
        let venue = venue.map(|v| self::venue(v, &v.to_uppercase()));
        let taken = |s: &str| existing.iter().any(|p| p.id.0 == s);
        new_id(&taken, title, 2023, venue.as_ref(), kind).0
    }

    #[test]
    fn ids_take_a_short_name_the_venue_and_the_year() {
        use PublicationType::*;
        for (title, venue, kind, want) in [
            (
                "SkyPilot: An Intercloud Broker for Sky Computing",
                Some("nsdi"),
                Conference,
                "skypilot-nsdi-2023",
            ),
            (
                "An Extensible Architecture for Distributed Processing",
                None,
                Thesis,
                "extensible-thesis-2023",
            ),
            (
                "Non-Monotonic Policy Learning",
                Some("iclr"),
                Conference,
                "non-monotonic-iclr-2023",
            ),
            (
                "A Second Example: Streaming Batches",
                Some("arxiv"),
                Preprint,
                "second-example-arxiv-2023",
            ),
            (
                "Towards the Kernel of Everything That Is: Part Two of a Long Story",
                None,
                Preprint,
                "kernel-preprint-2023",
            ),
            ("Café Scheduling", None, Blog, "cafe-blog-2023"),
            ("栾思飞", None, Preprint, "paper-preprint-2023"),
        ] {
            assert_eq!(id(&[], title, venue, kind), want, "{title}");
        }
    }

    #[test]
    fn a_taken_id_gets_more_title_words_then_a_number() {
        let taken = |ids: &[&str]| -> Vec<Publication> {
            ids.iter()
                .map(|i| Publication::new(*i, "T", Vec::new(), PublicationType::Preprint, 2023))
                .collect()
        };
        let title = "Privacy Budget Scheduling";
        let existing = taken(&["privacy-osdi-2023"]);
        assert_eq!(
            id(&existing, title, Some("osdi"), PublicationType::Conference),
            "privacy-budget-osdi-2023"
        );
        let existing = taken(&[
            "privacy-osdi-2023",
            "privacy-budget-osdi-2023",
            "privacy-budget-scheduling-osdi-2023",
        ]);
        assert_eq!(
            id(&existing, title, Some("osdi"), PublicationType::Conference),
            "privacy-osdi-2023-2"
        );
    }

    #[test]
    fn a_long_venue_id_gives_way_to_its_short_name_or_the_type() {
        let taken = |_: &str| false;
        let long = venue(
            "international-symposium-on-complex-intelligent-and-software-intensive-systems",
            "CISIS",
        );
        let id = new_id(
            &taken,
            "Graphs at Scale",
            2023,
            Some(&long),
            PublicationType::Conference,
        );
        assert_eq!(id.0, "graphs-cisis-2023");
        let unnamed = venue(
            "workshop-on-modeling-of-example-things",
            "Workshop on Modeling of Example Things",
        );
        let id = new_id(
            &taken,
            "Graphs at Scale",
            2023,
            Some(&unnamed),
            PublicationType::Workshop,
        );
        assert_eq!(id.0, "graphs-workshop-2023");
    }
}
