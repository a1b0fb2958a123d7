use std::time::Instant;

use research_atlas::model::{Researcher, ResearcherId};

use super::*;
use crate::authoring::DatasetFile;

#[test]
fn match_keys_ignore_case_accents_and_punctuation() {
    for (a, b) in [
        ("Jörg Müller", "Jorg Muller"),
        ("Wei-Lin Chiang", "wei lin chiang"),
        ("Øystein Sørensen", "Oystein Sorensen"),
        ("Łukasz Kaiser", "Lukasz Kaiser"),
        ("Jürgen Straße", "Jurgen Strasse"),
        ("Cre\u{301}me", "Crème"),
        (
            "SkyPilot: An Intercloud Broker for Sky Computing",
            "{SkyPilot}: An intercloud broker for sky computing.",
        ),
    ] {
        assert_eq!(match_key(a), match_key(b), "{a} vs {b}");
    }
    assert_ne!(match_key("Michael Luo"), match_key("Michael Lou"));
}

#[test]
fn slugs_are_ascii_and_hyphenated() {
    for (text, want) in [
        ("Ada Lovelace", "ada-lovelace"),
        ("José García-Pérez", "jose-garcia-perez"),
        ("Grüße aus Köln", "grusse-aus-koln"),
        ("  Hello,   World! ", "hello-world"),
        ("栾思飞", ""),
        ("NSDI '23", "nsdi-23"),
    ] {
        assert_eq!(slug(text), want, "{text}");
    }
}

#[test]
fn unique_appends_the_first_free_number() {
    let taken = ["a", "a-2"];
    assert_eq!(unique("b", |s| taken.contains(&s)), "b");
    assert_eq!(unique("a", |s| taken.contains(&s)), "a-3");
}

#[test]
fn cleaning_removes_marks_and_says_equal_contribution() {
    for (printed, name, equal) in [
        ("Niko Sünderhauf", "Niko Sünderhauf", false),
        ("  Niko   Sünderhauf ", "Niko Sünderhauf", false),
        ("Shengbang Tong*", "Shengbang Tong", true),
        // The reader puts BibTeX's "Tong, Shengbang*" in order with the mark on the given name.
        ("Shengbang* Tong", "Shengbang Tong", true),
        ("David Fan *", "David Fan", true),
        ("Ann Lee†", "Ann Lee", true),
        ("Carl Ode‡", "Carl Ode", true),
        ("Dan Ray§", "Dan Ray", true),
        ("Eve Ho^*", "Eve Ho", true),
        ("Eve Ho^", "Eve Ho", true), // `$^\dagger$` once the reader dropped `\dagger`
        ("David$^*$ Fan", "David Fan", true),
        ("David Fan$^\\dagger$", "David Fan", true),
        ("Jane Doe\\textsuperscript{*}", "Jane Doe", true),
        ("{Jane Doe*}", "Jane Doe", true),
        ("Jane Doe (equal contribution)", "Jane Doe", true),
        ("Eve (equal contribution) Ho", "Eve Ho", true),
        ("Jane Doe [joint first author]", "Jane Doe", true),
        ("Jane Doe$^{1,2}$", "Jane Doe", false), // affiliations, not a mark
        ("Eve[1] Ho", "Eve Ho", false),
        ("John (Jack) Smith", "John (Jack) Smith", false),
        ("Sünderhauf, Niko", "Niko Sünderhauf", false),
        ("Tong, Shengbang*", "Shengbang Tong", true),
        ("Smith, Jr., John", "John Smith Jr.", false),
        ("John Smith, Jr.", "John Smith Jr.", false),
        ("栾思飞", "栾思飞", false),
    ] {
        assert_eq!(
            clean_author(printed),
            (name.to_owned(), equal),
            "{printed:?}"
        );
    }
}

fn near(how: &str) -> Match {
    Match::Near(how.to_owned())
}

#[test]
fn printed_names_compare_with_a_persons_spellings() {
    let niko = ["Niko Sünderhauf"];
    let karl = ["Niko Karl Sünderhauf"];
    let picard = ["Jean-Luc Picard"];
    let jorg = ["Jörg Müller"];
    for (printed, spellings, want) in [
        // The same words, as match_key sees them: exact, as before.
        ("Niko Sünderhauf", &niko[..], Match::Exact),
        ("Niko Sunderhauf", &niko, Match::Exact),
        ("Sünderhauf, Niko", &niko, Match::Exact),
        ("Niko Sünderhauf*", &niko, Match::Exact),
        ("Jean Luc Picard", &picard, Match::Exact),
        // German transliteration, both ways.
        ("Niko Suenderhauf", &niko, near("ue for ü")),
        ("Mueller, Joerg", &jorg, near("oe for ö, ue for ü")),
        (
            "Jörg Müller",
            &["Joerg Mueller"],
            near("ö for oe, ü for ue"),
        ),
        ("Øystein Soerensen", &["Øystein Sørensen"], near("oe for ø")),
        ("Joerg Muller", &jorg, near("oe for ö")),
        // Initials.
        ("N. Sünderhauf", &niko, near("initials")),
        ("N Sunderhauf", &niko, near("initials")),
        ("N. Suenderhauf", &niko, near("initials, ue for ü")),
        ("Niko Sünderhauf", &["N. Sünderhauf"], near("initials")),
        ("N. K. Sünderhauf", &karl, near("initials")),
        ("N.K. Sünderhauf", &karl, near("initials")),
        ("NK Sünderhauf", &karl, near("initials")),
        (
            "NK Sünderhauf",
            &["N. K. Sünderhauf"],
            near("the same names, punctuated differently"),
        ),
        ("J. Smith", &["John Smith"], near("initials")),
        ("J. Smith", &["Jane Smith"], near("initials")),
        // A middle name or initial on one side only.
        (
            "Niko K. Sünderhauf",
            &niko,
            near("middle name \"K.\" on one side only"),
        ),
        (
            "Niko Sünderhauf",
            &karl,
            near("middle name \"Karl\" on one side only"),
        ),
        (
            "N.K. Sünderhauf",
            &niko,
            near("initials, middle name \"K.\" on one side only"),
        ),
        (
            "Ana María Lucía Pérez",
            &["Ana Pérez"],
            near("middle names \"María Lucía\" on one side only"),
        ),
        // Hyphenated given names.
        ("J.-L. Picard", &picard, near("initials")),
        ("J. L. Picard", &picard, near("initials")),
        (
            "Jean Picard",
            &picard,
            near("middle name \"Luc\" on one side only"),
        ),
        (
            "John Smith Jr.",
            &["John Smith"],
            near("\"Jr.\" on one side only"),
        ),
        // Any of the spellings.
        (
            "N. Sünderhauf",
            &["Nikolai Sünderhauf", "Niko Sünderhauf"],
            near("initials"),
        ),
        // Never the same person.
        ("Niko Smith", &niko, Match::No),
        ("Niko Sunderland", &niko, Match::No),
        ("Sünderhauf", &niko, Match::No),
        ("Nina Sünderhauf", &niko, Match::No),
        ("K. Sünderhauf", &niko, Match::No),
        ("Niko J. Sünderhauf", &karl, Match::No),
        ("Niko Sünderhauf-Meyer", &niko, Match::No),
        ("Luc Picard", &picard, Match::No),
        ("Niko S.", &niko, Match::No),
        ("John Smith Jr.", &["John Smith Sr."], Match::No),
        ("栾思飞", &["Frank Sifei Luan"], Match::No),
        ("", &niko, Match::No),
    ] {
        assert_eq!(
            compare(printed, spellings),
            want,
            "{printed:?} vs {spellings:?}"
        );
    }
}

/// A researcher of the bundled dataset renamed, with nothing else of theirs.
fn member(template: &Researcher, id: &str, name: &str, alternative: &[&str]) -> Researcher {
    let mut r = template.clone();
    r.id = ResearcherId(id.into());
    r.name = name.into();
    r.alternative_names = alternative.iter().map(|&a| a.to_owned()).collect();
    r.native_name = None;
    r.native_name_lang = None;
    r
}

fn template() -> Researcher {
    DatasetFile::open(None)
        .expect("the bundled dataset")
        .dataset
        .researchers[0]
        .clone()
}

fn directory() -> People {
    let t = template();
    let mut frank = member(&t, "frank-sifei-luan", "Frank Sifei Luan", &["Sifei Luan"]);
    frank.native_name = Some("栾思飞".into());
    People::of(&[
        member(&t, "john-smith", "John Smith", &[]),
        member(&t, "jane-smith", "Jane Smith", &[]),
        member(&t, "niko", "Niko Sünderhauf", &[]),
        member(&t, "wei-wang-1", "Wei Wang", &[]),
        member(&t, "wei-wang-2", "Wei Wang", &[]),
        member(&t, "jorg-due", "Jörg Düe", &[]),
        frank,
    ])
}

fn id(s: &str) -> ResearcherId {
    ResearcherId(s.into())
}

#[test]
fn a_printed_name_is_found_by_its_spelling_then_near_and_never_when_ambiguous() {
    let people = directory();
    let (john, jane, niko, frank) = (
        id("john-smith"),
        id("jane-smith"),
        id("niko"),
        id("frank-sifei-luan"),
    );
    let (wang1, wang2) = (id("wei-wang-1"), id("wei-wang-2"));
    for (printed, want) in [
        ("John Smith", Found::Exact(&john)),
        ("Smith, Jane*", Found::Exact(&jane)),
        (
            "Jane A. Smith",
            Found::Near(&jane, "middle name \"A.\" on one side only".into()),
        ),
        ("J. Smith", Found::Ambiguous(vec![&john, &jane])),
        (
            "N. Suenderhauf",
            Found::Near(&niko, "initials, ue for ü".into()),
        ),
        ("栾思飞", Found::Exact(&frank)),
        ("Sifei Luan†", Found::Exact(&frank)),
        ("F. S. Luan", Found::Near(&frank, "initials".into())),
        ("Wei Wang", Found::Ambiguous(vec![&wang1, &wang2])),
        ("W. Wang", Found::Ambiguous(vec![&wang1, &wang2])),
        ("Smith", Found::Unknown),
        ("Ada Lovelace", Found::Unknown),
        ("Niko Smith", Found::Unknown),
        (
            "Joerg Duee",
            Found::Near(&id("jorg-due"), "oe for ö, ue for ü".into()),
        ),
    ] {
        assert_eq!(people.find(printed), want, "{printed:?}");
    }
    assert_eq!(people.matching("Sifei Luan"), [&frank]);
    assert_eq!(people.name(&niko), Some("Niko Sünderhauf"));
}

#[test]
fn a_member_is_found_among_a_papers_authors() {
    let people = directory();
    let (john, jane, niko) = (id("john-smith"), id("jane-smith"), id("niko"));
    for (who, authors, want) in [
        (&john, &["Jane Smith", "John Smith"][..], Among::Exact(1)),
        (
            &john,
            &["J. Smith", "Jane Smith"],
            Among::Near(0, "initials".into()),
        ),
        // The paper is on the member's own list: "J. Smith" is them, though Jane could be too.
        (&jane, &["J. Smith"], Among::Near(0, "initials".into())),
        (
            &john,
            &["J. Smith", "J. A. Smith"],
            Among::Ambiguous(vec![0, 1]),
        ),
        (&john, &["Jane Smith"], Among::Absent),
        (
            &niko,
            &["Ada Lovelace", "Suenderhauf, Niko*"],
            Among::Near(1, "ue for ü".into()),
        ),
        (&niko, &["Sünderhauf"], Among::Absent),
        (&id("nobody"), &["John Smith"], Among::Absent),
    ] {
        assert_eq!(people.among(who, authors), want, "{who} in {authors:?}");
    }
    // A printed name that is exactly another member's spelling is theirs.
    let t = template();
    let people = People::of(&[
        member(&t, "john-smith", "John Smith", &[]),
        member(&t, "jane-smith", "Jane Smith", &["J. Smith"]),
    ]);
    assert_eq!(people.among(&john, &["J. Smith"]), Among::Absent);
    assert_eq!(
        people.compare("J. Smith", &john),
        Match::Near("initials".into())
    );
}

/// 2,000 members under 40 family names (50 each, the worst case for a bucket), and the authors
/// of 2,000 × 10 papers × 6 authors looked up: exact, initials, transliterated and unknown.
#[test]
fn lookups_do_not_scan_the_directory() {
    const GIVEN: [&str; 50] = [
        "Ada", "Ben", "Cara", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kira",
        "Lars", "Mira", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tanja", "Uwe", "Vera",
        "Wim", "Xenia", "Yusuf", "Zoe", "Anton", "Bea", "Carlos", "Dora", "Emil", "Fiona", "Georg",
        "Hanna", "Igor", "Jana", "Karl", "Lena", "Marco", "Nora", "Oskar", "Petra", "Rafael",
        "Sara", "Timo", "Ulla", "Viktor", "Wanda", "Yara", "Zeno",
    ];
    const FAMILY: [&str; 40] = [
        "Müller",
        "Schäfer",
        "Köhler",
        "Smith",
        "Wang",
        "Li",
        "García",
        "Rossi",
        "Novak",
        "Jensen",
        "Sünderhauf",
        "Öztürk",
        "Kim",
        "Nguyen",
        "Silva",
        "Ivanov",
        "Dubois",
        "Bauer",
        "Fischer",
        "Weber",
        "Wagner",
        "Becker",
        "Hoffmann",
        "Koch",
        "Richter",
        "Klein",
        "Wolf",
        "Schröder",
        "Neumann",
        "Schwarz",
        "Zimmermann",
        "Braun",
        "Krüger",
        "Hofmann",
        "Hartmann",
        "Lange",
        "Schmitt",
        "Werner",
        "Schmitz",
        "Krause",
    ];
    let t = template();
    let mut researchers = Vec::new();
    for (f, family) in FAMILY.iter().enumerate() {
        for (g, given) in GIVEN.iter().enumerate() {
            let name = format!("{given} {family}");
            researchers.push(member(&t, &format!("p-{f}-{g}"), &name, &[]));
        }
    }
    let started = Instant::now();
    let people = People::of(&researchers);
    let built = started.elapsed();
    let printed: Vec<String> = (0..2_000 * 10 * 6)
        .map(|n: usize| {
            let (given, family) = (GIVEN[n % 50], FAMILY[(n / 50) % 40]);
            match n % 4 {
                0 => format!("{family}, {given}*"),
                1 => format!("{}. {}", &given[..1], family.replace('ü', "ue")),
                2 => format!("{given} {}", family.replace('ö', "oe")),
                _ => format!("{given} Unlisted{n}"),
            }
        })
        .collect();
    let started = Instant::now();
    let found = printed
        .iter()
        .filter(|p| !matches!(people.find(p), Found::Unknown))
        .count();
    let looked_up = started.elapsed();
    eprintln!(
        "2,000 members indexed in {built:?}; {} authors looked up in {looked_up:?} ({found} found)",
        printed.len()
    );
    assert!(found >= printed.len() / 2, "{found}");
    // A generous bound for an unoptimised build on a busy machine; a scan of all members per
    // author would take minutes.
    assert!(looked_up.as_secs() < 10, "{looked_up:?}");
}

#[test]
fn the_index_key_is_read_without_parsing_the_name() {
    for name in [
        "Niko Sünderhauf",
        "N. K. Suenderhauf",
        "John Smith Jr.",
        "Smith Jr.",
        "Renée van der Berg",
        "Anna Müller-Lüdenscheidt",
        "NK Sünderhauf",
        "- Niko Sünderhauf",
        "Ærin Sünderhauf",
        "Jörg Düe",
        "栾思飞",
        "",
    ] {
        let parsed = person::Name::parse(name).and_then(|n| n.key());
        assert_eq!(person::Name::key_of(name), parsed, "{name}");
    }
}
