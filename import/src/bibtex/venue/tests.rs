use std::collections::HashMap;

use research_atlas::model::Dataset;

use research_atlas::model::validate::check_dblp_venue;

use super::*;

const C: VenueKind = VenueKind::Conference;
const J: VenueKind = VenueKind::Journal;
const W: VenueKind = VenueKind::Workshop;

/// A small dataset vocabulary, as the bundled file has it (no aliases, no dblp keys).
fn vocabulary() -> Vec<Venue> {
    [
        (
            "nsdi",
            "NSDI",
            "USENIX Symposium on Networked Systems Design and Implementation",
            C,
        ),
        (
            "usenix-atc",
            "USENIX ATC",
            "USENIX Annual Technical Conference",
            C,
        ),
        ("sigcomm", "SIGCOMM", "ACM SIGCOMM Conference", C),
        (
            "iclr",
            "ICLR",
            "International Conference on Learning Representations",
            C,
        ),
        (
            "neurips",
            "NeurIPS",
            "Conference on Neural Information Processing Systems",
            C,
        ),
        (
            "case",
            "CASE",
            "IEEE International Conference on Automation Science and Engineering",
            C,
        ),
        (
            "oopsla",
            "OOPSLA",
            "Proceedings of the ACM on Programming Languages (OOPSLA)",
            J,
        ),
        (
            "mapl",
            "MAPL",
            "ACM SIGPLAN International Workshop on Machine Learning and Programming Languages",
            W,
        ),
        ("ra-l", "RA-L", "IEEE Robotics and Automation Letters", J),
        ("nature", "Nature", "Nature", J),
        (
            "arxiv",
            "arXiv",
            "arXiv preprint server",
            VenueKind::Preprint,
        ),
    ]
    .into_iter()
    .map(|(id, short, name, kind)| Venue {
        id: VenueId(id.into()),
        short_name: short.into(),
        name: name.into(),
        kind,
        aliases: Vec::new(),
        dblp: None,
    })
    .collect()
}

fn hint(text: &str, kind: VenueKind) -> VenueHint {
    VenueHint {
        text: Some(text.into()),
        number: None,
        dblp_stream: None,
        abbr: None,
        kind,
    }
}

fn existing(id: &str) -> Option<Resolved> {
    Some(Resolved::Existing(VenueId(id.into())))
}

/// The id `hint` resolves to in `venues`, and whether it is new and from where.
fn id_of(venues: &[Venue], hint: &VenueHint) -> (String, Option<Origin>) {
    match resolve(venues, hint) {
        Some(Resolved::Existing(id)) => (id.0, None),
        Some(Resolved::New(v, origin)) => (v.id.0, Some(origin)),
        None => ("(none)".into(), None),
    }
}

/// Resolves `hint` and adds the venue when it is new, as an import does; its id.
fn import(venues: &mut Vec<Venue>, hint: &VenueHint) -> String {
    match resolve(venues, hint).expect("a venue") {
        Resolved::Existing(id) => id.0,
        Resolved::New(v, _) => {
            let id = v.id.0.clone();
            venues.push(v);
            id
        }
    }
}

#[test]
fn printed_venues_find_the_vocabulary_entry() {
    let v = vocabulary();
    for (text, want) in [
        (
            "20th {USENIX} Symposium on Networked Systems Design and Implementation, NSDI 2023, Boston, MA, April 17-19, 2023",
            "nsdi",
        ),
        (
            "20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)",
            "nsdi",
        ),
        (
            "2024 USENIX Annual Technical Conference (USENIX ATC 24)",
            "usenix-atc",
        ),
        ("Proceedings of the ACM SIGCOMM 2023 Conference", "sigcomm"),
        (
            "Proceedings of the ACM SIGCOMM 2023 Conference, ACM SIGCOMM 2023, New York, NY, USA, 10-14 September 2023",
            "sigcomm",
        ),
        (
            "International Conference on Learning Representations",
            "iclr",
        ),
        (
            "8th International Conference on Learning Representations, ICLR 2020, Addis Ababa, Ethiopia, April 26-30, 2020",
            "iclr",
        ),
        (
            "The Eleventh International Conference on Learning Representations",
            "iclr",
        ),
        (
            "Proceedings of the 2nd ACM SIGPLAN International Workshop on Machine Learning and Programming Languages, MAPL@PLDI 2018",
            "mapl",
        ),
        (
            "17th IEEE International Conference on Automation Science and Engineering, CASE 2021",
            "case",
        ),
        (
            "Advances in Neural Information Processing Systems 34",
            "neurips",
        ),
    ] {
        assert_eq!(resolve(&v, &hint(text, C)), existing(want), "{text}");
    }
    assert_eq!(resolve(&v, &hint("Nature", J)), existing("nature"));
    assert_eq!(
        resolve(&v, &hint("IEEE Robotics and Automation Letters", J)),
        existing("ra-l")
    );
    // Google Scholar exports NeurIPS papers as journal articles.
    assert_eq!(
        resolve(
            &v,
            &hint("Advances in neural information processing systems", J)
        ),
        existing("neurips")
    );
}

#[test]
fn acronyms_are_read_however_they_are_printed() {
    for (text, kind, want) in [
        (
            "{ICDE} 2021: Proceedings of the 37th IEEE International Conference on Data Engineering",
            C,
            "icde",
        ),
        (
            "International Conference on Learning Representations (ICLR)",
            C,
            "iclr",
        ),
        ("Proc. of NeurIPS 2020", C, "neurips"),
        ("ICLR 2023", C, "iclr"),
        ("SIGIR '21", C, "sigir"),
        ("SIGIR'21", C, "sigir"),
        (
            "Proceedings of the 44th International ACM SIGIR Conference on Research and Development in Information Retrieval",
            C,
            "sigir",
        ),
        (
            "Proceedings of the 44th International ACM SIGIR Conference on Research & Development in Information Retrieval",
            C,
            "sigir",
        ),
        ("In Proceedings of ACM SIGIR", C, "sigir"),
        ("NIPS", C, "neurips"),
        (
            "Advances in Neural Information Processing Systems 25 (NIPS 2012)",
            C,
            "neurips",
        ),
        (
            "Thirty-Fifth AAAI Conference on Artificial Intelligence, AAAI 2021, Virtual Event, February 2-9, 2021",
            C,
            "aaai",
        ),
        (
            "Proceedings of the AAAI Conference on Artificial Intelligence",
            J,
            "aaai",
        ),
        (
            "ASIA CCS '21: ACM Asia Conference on Computer and Communications Security, Virtual Event, Hong Kong, June 7-11, 2021",
            C,
            "asiaccs",
        ),
        (
            "Proceedings of the 2021 ACM SIGSAC Conference on Computer and Communications Security",
            C,
            "ccs",
        ),
        (
            "30th USENIX Security Symposium, USENIX Security 2021, August 11-13, 2021",
            C,
            "usenix-security",
        ),
        ("USENIX Security '21", C, "usenix-security"),
        (
            "Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition",
            C,
            "cvpr",
        ),
        (
            "2021 IEEE/CVF International Conference on Computer Vision (ICCV)",
            C,
            "iccv",
        ),
        (
            "Proceedings of the 2019 Conference of the North American Chapter of the Association for Computational Linguistics: Human Language Technologies, NAACL-HLT 2019",
            C,
            "naacl",
        ),
        (
            "Proceedings of the 59th Annual Meeting of the Association for Computational Linguistics and the 11th International Joint Conference on Natural Language Processing (ACL-IJCNLP 2021)",
            C,
            "acl",
        ),
        (
            "Proceedings of the 29th ACM SIGKDD Conference on Knowledge Discovery and Data Mining",
            C,
            "kdd",
        ),
        ("Companion Proceedings of the Web Conference 2021", C, "www"),
        ("WWW '21: The Web Conference 2021", C, "www"),
        (
            "Proceedings of the ACM SIGOPS 28th Symposium on Operating Systems Principles",
            C,
            "sosp",
        ),
        (
            "Proceedings of the 2021 International Conference on Management of Data",
            C,
            "sigmod",
        ),
        ("Proc. VLDB Endow.", J, "pvldb"),
        ("VLDB 2022", C, "pvldb"),
        ("IEEE Trans. Pattern Anal. Mach. Intell.", J, "tpami"),
        (
            "IEEE Transactions on Pattern Analysis and Machine Intelligence",
            J,
            "tpami",
        ),
        ("Eurosys 2021", C, "eurosys"),
        ("ACM MM 2021", C, "acm-mm"),
        ("IEEE S&P 2022", C, "sp"),
        (
            "Findings of the Association for Computational Linguistics: EMNLP 2021",
            C,
            "findings",
        ),
        (
            "Proceedings of the 2021 ACM SIGIR International Conference on Theory of Information Retrieval",
            C,
            "ictir",
        ),
        (
            "CHIIR '22: ACM SIGIR Conference on Human Information Interaction and Retrieval",
            C,
            "chiir",
        ),
        (
            "Proceedings of the 9th ACM SIGCOMM Conference on Internet Measurement",
            C,
            "imc",
        ),
        (
            "Robotics: Science and Systems XVII, Virtual Event, July 12-16, 2021",
            C,
            "rss",
        ),
    ] {
        assert_eq!(
            id_of(&[], &hint(text, kind)),
            (want.to_owned(), Some(Origin::KnownList)),
            "{text}"
        );
    }
}

#[test]
fn abbr_number_and_dblp_key_name_the_venue() {
    let v = vocabulary();
    let cvpr = VenueHint {
        abbr: Some("CVPR".into()),
        ..hint("Proc. Comp. Vision", C)
    };
    assert_eq!(id_of(&v, &cvpr), ("cvpr".into(), Some(Origin::KnownList)));
    // A homepage's badge names a conference: not a reason to file a workshop paper there.
    let badge = VenueHint {
        abbr: Some("NeurIPS".into()),
        ..hint("NeurIPS 2021 Workshop on Things", W)
    };
    assert_ne!(id_of(&v, &badge).0, "neurips");
    let pacmpl = VenueHint {
        number: Some("OOPSLA".into()),
        dblp_stream: Some("pacmpl".into()),
        ..hint("Proc. ACM Program. Lang.", J)
    };
    assert_eq!(resolve(&v, &pacmpl), existing("oopsla"));
    let oopsla2 = VenueHint {
        number: Some("OOPSLA2".into()),
        ..hint("Proc. ACM Program. Lang.", J)
    };
    assert_eq!(resolve(&v, &oopsla2), existing("oopsla"));
    // Without the issue's name, the journal it is.
    assert_eq!(
        id_of(&v, &hint("Proc. ACM Program. Lang.", J)),
        ("pacmpl".into(), Some(Origin::KnownList))
    );
    // OOPSLA printed as a conference is the dataset's OOPSLA, which the list says takes both.
    assert_eq!(resolve(&v, &hint("OOPSLA 2021", C)), existing("oopsla"));
    let ral = VenueHint {
        dblp_stream: Some("ral".into()),
        ..hint("IEEE Robotics Autom. Lett.", J)
    };
    assert_eq!(resolve(&v, &ral), existing("ra-l"));
    let nips = VenueHint {
        dblp_stream: Some("nips".into()),
        ..hint("Some Proceedings", C)
    };
    assert_eq!(resolve(&v, &nips), existing("neurips"));
    let sigmod = VenueHint {
        dblp_stream: Some("sigmod".into()),
        ..hint("Some Proceedings", C)
    };
    assert_eq!(id_of(&v, &sigmod).0, "sigmod");
    let record = VenueHint {
        dblp_stream: Some("sigmod".into()),
        ..hint("Some Journal", J)
    };
    assert_eq!(id_of(&v, &record).0, "sigmod-record");
}

#[test]
fn iclr_spelled_three_ways_is_one_venue() {
    for order in [[0, 1, 2], [1, 2, 0], [2, 0, 1]] {
        let spellings = [
            "ICLR",
            "International Conference on Learning Representations (ICLR)",
            "The Eleventh International Conference on Learning Representations, ICLR 2023, Kigali, Rwanda, May 1-5, 2023",
        ];
        let mut venues = Vec::new();
        let ids: Vec<String> = order
            .iter()
            .map(|&i| import(&mut venues, &hint(spellings[i], C)))
            .collect();
        assert_eq!(ids, ["iclr", "iclr", "iclr"]);
        assert_eq!(venues.len(), 1);
        assert_eq!(venues[0].dblp.as_deref(), Some("conf/iclr"));
    }
}

/// One researcher's information-retrieval papers, as homepages and dblp print them.
const IR_BOOKTITLES: [(&str, &str); 20] = [
    (
        "Proceedings of the 44th International ACM SIGIR Conference on Research and Development in Information Retrieval",
        "sigir",
    ),
    (
        "SIGIR '21: The 44th International ACM SIGIR Conference on Research and Development in Information Retrieval, Virtual Event, Canada, July 11-15, 2021",
        "sigir",
    ),
    (
        "Proceedings of the 45th International ACM SIGIR Conference on Research and Development in Information Retrieval (SIGIR '22)",
        "sigir",
    ),
    (
        "International ACM SIGIR Conference on Research and Development in Information Retrieval",
        "sigir",
    ),
    ("SIGIR 2020", "sigir"),
    (
        "Proceedings of the 30th ACM International Conference on Information & Knowledge Management",
        "cikm",
    ),
    (
        "CIKM '21: The 30th ACM International Conference on Information and Knowledge Management, Virtual Event, Queensland, Australia, November 1 - 5, 2021",
        "cikm",
    ),
    (
        "Proceedings of the 29th ACM International Conference on Information and Knowledge Management (CIKM)",
        "cikm",
    ),
    ("CIKM 2019", "cikm"),
    (
        "Advances in Information Retrieval - 43rd European Conference on IR Research, ECIR 2021, Virtual Event, March 28 - April 1, 2021, Proceedings, Part I",
        "ecir",
    ),
    ("European Conference on Information Retrieval", "ecir"),
    ("ECIR 2022", "ecir"),
    (
        "Proceedings of the 14th ACM International Conference on Web Search and Data Mining",
        "wsdm",
    ),
    (
        "WSDM '21: The Fourteenth ACM International Conference on Web Search and Data Mining, Virtual Event, Israel, March 8-12, 2021",
        "wsdm",
    ),
    ("WSDM 2023", "wsdm"),
    (
        "Proceedings of the 2021 ACM SIGIR International Conference on Theory of Information Retrieval",
        "ictir",
    ),
    (
        "ICTIR '22: The 2022 ACM SIGIR International Conference on the Theory of Information Retrieval, Madrid, Spain, July 11 - 12, 2022",
        "ictir",
    ),
    (
        "Proceedings of the 2022 Conference on Human Information Interaction and Retrieval",
        "chiir",
    ),
    (
        "Proceedings of the 15th ACM Conference on Recommender Systems",
        "recsys",
    ),
    ("Proceedings of the Web Conference 2021", "www"),
];

#[test]
fn information_retrieval_booktitles_find_their_own_venues() {
    let mut venues = vocabulary();
    for (text, want) in IR_BOOKTITLES {
        assert_eq!(import(&mut venues, &hint(text, C)), want, "{text}");
    }
    assert!(venues.iter().all(|v| {
        let short = match_key(&v.short_name);
        short != "information" && short != "acm"
    }));
    let added: Vec<&str> = venues[vocabulary().len()..]
        .iter()
        .map(|v| v.id.0.as_str())
        .collect();
    assert_eq!(
        added,
        [
            "sigir", "cikm", "ecir", "wsdm", "ictir", "chiir", "recsys", "www"
        ]
    );
}

#[test]
fn a_workshop_at_a_conference_is_a_workshop() {
    let v = vocabulary();
    for (text, name, short) in [
        (
            "Workshop on Machine Learning for Systems at NeurIPS 2021",
            "Workshop on Machine Learning for Systems at NeurIPS",
            "Workshop on Machine Learning for Systems…",
        ),
        (
            "NeurIPS 2020 Workshop on Deep Reinforcement Learning",
            "NeurIPS Workshop on Deep Reinforcement Learning",
            "NeurIPS Workshop on Deep Reinforcement…",
        ),
        (
            "ICML 2021 Workshop on Foo (FooW 2021)",
            "ICML Workshop on Foo",
            "FooW",
        ),
    ] {
        let Some(Resolved::New(venue, Origin::Printed)) = resolve(&v, &hint(text, W)) else {
            panic!("{text} is filed under an existing venue");
        };
        assert_eq!(
            (venue.kind, venue.name.as_str(), venue.short_name.as_str()),
            (W, name, short),
            "{text}"
        );
    }
    // dblp files CVPR's workshops under conf/cvpr: still not CVPR.
    let cvprw = VenueHint {
        dblp_stream: Some("cvpr".into()),
        ..hint(
            "IEEE Conference on Computer Vision and Pattern Recognition Workshops, CVPR Workshops 2021, virtual, June 19-25, 2021",
            W,
        )
    };
    assert_eq!(id_of(&v, &cvprw).0, "cvpr-workshops");
    assert_eq!(
        id_of(
            &v,
            &hint(
                "Proceedings of the Workshop on Hot Topics in Operating Systems",
                W
            )
        )
        .0,
        "hotos"
    );
}

#[test]
fn a_journal_is_never_filed_under_a_conference_of_the_same_acronym() {
    for (text, kind, want) in [
        ("CSCW '21", C, "cscw"),
        ("Computer Supported Cooperative Work (CSCW)", J, "jcscw"),
        (
            "Proceedings of the ACM Conference on Computer Supported Cooperative Work",
            C,
            "cscw",
        ),
        ("ACM SIGCOMM Computer Communication Review", J, "ccr"),
        ("IEEE Micro", J, "ieee-micro"),
        ("MICRO 2021", C, "micro"),
        ("IEEE Transactions on Cloud Computing", J, "ieee-tcc"),
        ("TCC 2021", C, "tcc"),
    ] {
        assert_eq!(id_of(&[], &hint(text, kind)).0, want, "{text}");
    }
    // A journal field that is exactly a conference's short name is that conference, not a
    // second venue of the same name (the judge reads the entry as a conference paper).
    assert_eq!(id_of(&[], &hint("TCC", J)).0, "tcc");
    let mut venues = vocabulary();
    assert_eq!(import(&mut venues, &hint("NSDI", J)), "nsdi");
    assert_eq!(venues.len(), vocabulary().len());
    // And a conference paper printed with a journal's acronym is not the journal's.
    let Some(Resolved::New(v, Origin::Printed)) = resolve(&[], &hint("TOCS 2021", C)) else {
        panic!("TOCS as a conference");
    };
    assert_eq!(v.kind, C);
}

#[test]
fn a_lookalike_journal_or_lowercase_word_is_not_a_match() {
    let v = vocabulary();
    let Some(Resolved::New(venue, Origin::Printed)) =
        resolve(&v, &hint("Nature Communications", J))
    else {
        panic!("Nature Communications is not Nature");
    };
    assert_eq!(venue.id.0, "nature-communications");
    assert_eq!(venue.short_name, "Nature Communications");
    let Some(Resolved::New(..)) = resolve(&v, &hint("A case for things, HotOS 2023", W)) else {
        panic!("\"case\" is not CASE");
    };
    // A journal named "Information" is found by its name only, never inside a title.
    let mut venues = v.clone();
    assert_eq!(import(&mut venues, &hint("Information", J)), "information");
    assert_eq!(
        import(
            &mut venues,
            &hint("Proceedings of the 3rd Workshop on Information Things", W)
        ),
        "workshop-on-information-things"
    );
}

#[test]
fn an_unknown_venue_is_named_by_its_whole_title() {
    let v = vocabulary();
    for (text, kind, id, short, name) in [
        (
            "Proceedings of the 3rd International Symposium on Example Systems, EXSYS 2024, Oslo, Norway, May 2-4, 2024",
            C,
            "international-symposium-on-example-systems",
            "EXSYS",
            "International Symposium on Example Systems",
        ),
        (
            "2025 USENIX Annual Conference on Things (USENIX ACT 25)",
            C,
            "usenix-annual-conference-on-things",
            "USENIX ACT",
            "USENIX Annual Conference on Things",
        ),
        (
            "Proceedings of the ACM FooConf '23",
            C,
            "acm-fooconf",
            "FooConf",
            "ACM FooConf",
        ),
        (
            "Workshop on Hot Topics in Things",
            W,
            "workshop-on-hot-topics-in-things",
            "Workshop on Hot Topics in Things",
            "Workshop on Hot Topics in Things",
        ),
        (
            "Proceedings of the Seventh International Conference on Very Particular Example Computing Questions",
            C,
            "international-conference-on-very-particular-example-computing",
            "International Conference on Very…",
            "International Conference on Very Particular Example Computing Questions",
        ),
        (
            "Journal of Examples",
            J,
            "journal-of-examples",
            "Journal of Examples",
            "Journal of Examples",
        ),
    ] {
        let Some(Resolved::New(venue, Origin::Printed)) = resolve(&v, &hint(text, kind)) else {
            panic!("{text} matched a venue");
        };
        assert_eq!(
            (
                venue.id.0.as_str(),
                venue.short_name.as_str(),
                venue.name.as_str(),
                venue.kind
            ),
            (id, short, name, kind),
            "{text}"
        );
        let want_alias = match_key(text) != match_key(name);
        assert_eq!(venue.aliases == [text], want_alias, "{text}");
    }
}

#[test]
fn a_new_venue_name_is_never_cut_inside() {
    for (text, kind, name) in [
        // A list of words with commas, a subtitle, a name with dashes: kept whole.
        (
            "Simple, Quick, and Robust Example Systems: Proceedings of the 9th International Conference on Simple, Quick, and Robust Example Systems (SQRES-2019)",
            C,
            "International Conference on Simple, Quick, and Robust Example Systems",
        ),
        (
            "Form, Sound, and Sense. Selected papers from the 7th Example Colloquium",
            C,
            "Form, Sound, and Sense. Selected papers from the Example Colloquium",
        ),
        (
            "Exempla: a journal of general examples",
            J,
            "Exempla: a journal of general examples",
        ),
        (
            "The Data - Knowledge - Wisdom (DKW) Journal",
            J,
            "Data - Knowledge - Wisdom Journal",
        ),
        (
            "2019 12th Annual Example Conference on Sensing, Control, and Computing (Exconf)",
            C,
            "Annual Example Conference on Sensing, Control, and Computing",
        ),
        (
            "2015 7th International Symposium on Modeling and Planning in Mobile, Ad Hoc, and Wireless Examples (MoPlan)",
            C,
            "International Symposium on Modeling and Planning in Mobile, Ad Hoc, and Wireless Examples",
        ),
        (
            "2018 IEEE 4th Light, Sound and Measurement Meeting (LSMM)",
            C,
            "IEEE Light, Sound and Measurement Meeting",
        ),
        (
            "Journal of the Royal Example Society, Series B (Example Methodology)",
            J,
            "Journal of the Royal Example Society, Series B",
        ),
        // What trails the name goes: places, dates, years, labels, "Proceedings".
        (
            "Proceedings of the 2nd Example Workshop, Somewhere, 2021",
            W,
            "Example Workshop",
        ),
        (
            "Advances in Example Retrieval - 43rd European Conference on Example Research, ECER 2021, Virtual Event, March 28 - April 1, 2021, Proceedings, Part I",
            C,
            "European Conference on Example Research",
        ),
        (
            "Knowledge Examples and Knowledge Management: 19th International Conference, EKEM 2014, Springfield, Examplia, November 24-28, 2014. Proceedings",
            C,
            "Knowledge Examples and Knowledge Management",
        ),
        (
            "Example Robotics 2021: EXR: 14th International Workshop on Example Robotics",
            W,
            "International Workshop on Example Robotics",
        ),
        (
            "IEEE EXCOM 2021 - IEEE Conference on Example Communications",
            C,
            "IEEE Conference on Example Communications",
        ),
        (
            "The Example Web: EXW 2014 Satellite Events: EXW 2014 Satellite Events",
            C,
            "Example Web: EXW Satellite Events",
        ),
        (
            "12th Working Conference on Example Repositories, Data Track",
            C,
            "Working Conference on Example Repositories",
        ),
        (
            "Example Flight Forum, Location: Example Expo Springfield",
            C,
            "Example Flight Forum",
        ),
        (
            "Proceedings - 2018 IEEE International Conference on Example Computing, EXCOMP 2018",
            C,
            "IEEE International Conference on Example Computing",
        ),
        // IEEE's inverted title, put back in order.
        (
            "Examples (ICEX), 2017 IEEE International Conference on",
            C,
            "IEEE International Conference on Examples",
        ),
    ] {
        let Some(Resolved::New(venue, Origin::Printed)) = resolve(&[], &hint(text, kind)) else {
            panic!("{text} matched a venue");
        };
        assert_eq!(venue.name, name, "{text}");
        let first = name.split(' ').next().unwrap_or("");
        assert!(
            !["and", "a", "of", "on"].contains(&first),
            "{name} starts with {first}"
        );
    }
}

#[test]
fn a_new_venue_id_comes_from_its_name_whatever_acronym_is_printed() {
    let spellings = [
        "IEEE International Conference on Example Data (ExData)",
        "IEEE International Conference on Example Data",
        "2021 IEEE International Conference on Example Data (ExData 2021)",
    ];
    let new_in = |venues: &[Venue], text: &str| match resolve(venues, &hint(text, C)) {
        Some(Resolved::New(v, Origin::Printed)) => v,
        other => panic!("{text}: {other:?}"),
    };
    for text in spellings {
        // Each in a dataset of its own, as other people's files are: one id.
        let v = new_in(&[], text);
        assert_eq!(
            v.id.0, "ieee-international-conference-on-example-data",
            "{text}"
        );
        assert_eq!(
            v.name, "IEEE International Conference on Example Data",
            "{text}"
        );
    }
    // The acronym is still the short name; a year stuck to it is not part of it.
    assert_eq!(new_in(&[], spellings[0]).short_name, "ExData");
    assert_eq!(
        new_in(&[], "Example Systems Conference (EXSC-2019)").short_name,
        "EXSC"
    );
    // One after the other in one dataset: one venue.
    let mut venues = Vec::new();
    let ids: Vec<String> = spellings
        .iter()
        .map(|t| import(&mut venues, &hint(t, C)))
        .collect();
    assert_eq!(ids, [ids[0].clone(), ids[0].clone(), ids[0].clone()]);
    assert_eq!(venues.len(), 1);
    // A long name's id is cut after a word.
    let long = new_in(
        &[],
        "International Symposium on Quite Long and Particular Example Computing Questions",
    );
    assert_eq!(
        long.id.0,
        "international-symposium-on-quite-long-and-particular-example"
    );
    let cut = new_in(
        &[],
        "Modeling, Simulation and Visual Analysis of Examples: A multidisciplinary perspective",
    );
    assert_eq!(
        cut.id.0,
        "modeling-simulation-and-visual-analysis-of-examples"
    );
}

#[test]
fn a_rerun_maps_each_spelling_to_the_venue_it_made() {
    let texts: Vec<(&str, VenueKind)> = IR_BOOKTITLES
        .iter()
        .map(|(t, _)| (*t, C))
        .chain([
            ("2025 USENIX Annual Conference on Things (USENIX ACT 25)", C),
            (
                "Workshop on Machine Learning for Systems at NeurIPS 2021",
                W,
            ),
            (
                "Workshop on Machine Learning for Systems at NeurIPS 2022",
                W,
            ),
            (
                "Proceedings of the 2nd Example Workshop, Somewhere, 2021",
                W,
            ),
            ("Journal of Examples", J),
            ("Computer Supported Cooperative Work (CSCW)", J),
            ("CSCW '21", C),
            (
                "Findings of the Association for Computational Linguistics: EMNLP 2021",
                C,
            ),
        ])
        .collect();
    let mut venues = vocabulary();
    let first: Vec<String> = texts
        .iter()
        .map(|(t, k)| import(&mut venues, &hint(t, *k)))
        .collect();
    let after_first = venues.clone();
    let second: Vec<String> = texts
        .iter()
        .map(|(t, k)| import(&mut venues, &hint(t, *k)))
        .collect();
    assert_eq!(second, first);
    assert_eq!(venues, after_first, "the second run added a venue");
    // The same workshop in another year is the same venue.
    assert_eq!(first[21], first[22]);
}

#[test]
fn a_maintainer_extends_recognition_with_an_alias() {
    let mut v = vocabulary();
    let printed = "Proc. of the Symp. on Networked Sys.";
    assert_ne!(id_of(&v, &hint(printed, C)).0, "nsdi");
    v[0].aliases.push("Symp. on Networked Sys.".into());
    assert_eq!(resolve(&v, &hint(printed, C)), existing("nsdi"));
}

#[test]
fn arxiv_is_found_or_added() {
    assert_eq!(
        arxiv(&vocabulary()),
        Resolved::Existing(VenueId("arxiv".into()))
    );
    let Resolved::New(v, Origin::KnownList) = arxiv(&[]) else {
        panic!("no vocabulary")
    };
    assert_eq!(
        (v.id.0.as_str(), v.kind, v.dblp.as_deref()),
        ("arxiv", VenueKind::Preprint, Some("journals/corr"))
    );
}

#[test]
fn the_known_list_is_valid() {
    let list = known::parse(known::SOURCE).expect("import/venues/cs.json");
    assert!((150..=300).contains(&list.len()), "{} venues", list.len());
    let mut ids = HashMap::new();
    let mut shorts = HashMap::new();
    let mut dblp = HashMap::new();
    let mut spellings: HashMap<String, &str> = HashMap::new();
    let mut loose_names: HashMap<String, &str> = HashMap::new();
    for k in &list {
        let v = &k.venue;
        let id = v.id.0.as_str();
        assert_eq!(slug(id), id, "{id}: an id is a slug");
        assert!(ids.insert(id, ()).is_none(), "{id} twice");
        assert!(
            shorts.insert(compact(&v.short_name), id).is_none(),
            "{id}: short name {} twice",
            v.short_name
        );
        if let Some(key) = &v.dblp {
            assert_eq!(check_dblp_venue(key), Ok(()), "{id}: {key}");
            let prefix = if v.kind == J || v.kind == VenueKind::Preprint {
                "journals/"
            } else {
                "conf/"
            };
            assert!(key.starts_with(prefix), "{id}: {key} for a {:?}", v.kind);
            assert!(dblp.insert(key.clone(), id).is_none(), "{id}: {key} twice");
        }
        assert!(!k.also.contains(&v.kind), "{id}: also its own kind");
        for s in std::iter::once(&v.name).chain(&v.aliases) {
            if let Some(other) = spellings.insert(match_key(s), id) {
                assert_eq!(other, id, "{s:?} names {other} and {id}");
            }
            if let Some(other) = loose_names.insert(loose(s), id) {
                assert_eq!(other, id, "{s:?} reads as {other} and {id}");
            }
        }
    }
    for k in &list {
        let v = &k.venue;
        for s in std::iter::once(&v.short_name).chain(&v.aliases) {
            if let Some(other) = shorts.get(&compact(s)) {
                assert_eq!(
                    *other, v.id.0,
                    "{s:?} is {other}'s short name and {}'s",
                    v.id
                );
            }
        }
    }
}

#[test]
fn every_known_venue_is_found_by_each_of_its_spellings() {
    let list = known::list();
    for k in list {
        let v = &k.venue;
        let kind = if v.kind == VenueKind::Preprint {
            J
        } else {
            v.kind
        };
        let mut printed: Vec<String> = std::iter::once(&v.name)
            .chain(&v.aliases)
            .cloned()
            .collect();
        printed.push(format!("Proceedings of the 12th {}", v.name));
        printed.push(format!(
            "{}, {} 2021, Springfield, USA, May 3-5, 2021",
            v.name, v.short_name
        ));
        if acronym_like(&v.short_name) {
            printed.push(format!("{} 2021", v.short_name));
            printed.push(format!("{} ({})", v.name, v.short_name));
        }
        for text in printed {
            if v.kind == VenueKind::Preprint && text.contains("2021") {
                continue;
            }
            assert_eq!(
                id_of(&[], &hint(&text, kind)),
                (v.id.0.clone(), Some(Origin::KnownList)),
                "{text:?} should be {}",
                v.id
            );
        }
        let with_key = VenueHint {
            dblp_stream: v
                .dblp
                .as_deref()
                .and_then(|d| d.split_once('/'))
                .map(|(_, s)| s.to_owned()),
            ..hint("Some Proceedings", kind)
        };
        if with_key.dblp_stream.is_some() && v.kind != VenueKind::Preprint {
            assert_eq!(id_of(&[], &with_key).0, v.id.0, "{:?}", v.dblp);
        }
    }
}

#[test]
fn booktitles_as_homepages_and_dblp_print_them() {
    for (text, kind, want) in [
        (
            "Proceedings of the 38th International Conference on Machine Learning, ICML 2021, 18-24 July 2021, Virtual Event",
            C,
            "icml",
        ),
        (
            "IEEE International Conference on Robotics and Automation (ICRA)",
            C,
            "icra",
        ),
        (
            "2021 IEEE/RSJ International Conference on Intelligent Robots and Systems (IROS)",
            C,
            "iros",
        ),
        (
            "Proceedings of the IEEE International Conference on Computer Vision",
            C,
            "iccv",
        ),
        (
            "Computer Vision - ECCV 2020 - 16th European Conference, Glasgow, UK, August 23-28, 2020, Proceedings, Part I",
            C,
            "eccv",
        ),
        (
            "Proceedings of the Twenty-Ninth International Joint Conference on Artificial Intelligence",
            C,
            "ijcai",
        ),
        ("ACM Transactions on Graphics (TOG)", J, "tog"),
        (
            "Proceedings of the 2019 CHI Conference on Human Factors in Computing Systems",
            C,
            "chi",
        ),
        (
            "The 34th Annual ACM Symposium on User Interface Software and Technology",
            C,
            "uist",
        ),
        (
            "MICRO-54: 54th Annual IEEE/ACM International Symposium on Microarchitecture, Virtual Event, Greece, October 18-22, 2021",
            C,
            "micro",
        ),
        (
            "2021 ACM/IEEE 48th Annual International Symposium on Computer Architecture (ISCA)",
            C,
            "isca",
        ),
        (
            "EuroMLSys '21: Proceedings of the 1st Workshop on Machine Learning and Systems, Online Event, United Kingdom, April 26, 2021",
            W,
            "euromlsys",
        ),
        (
            "IEEE INFOCOM 2021 - IEEE Conference on Computer Communications",
            C,
            "infocom",
        ),
        ("2021 IEEE Symposium on Security and Privacy (SP)", C, "sp"),
        (
            "ESEC/FSE '21: 29th ACM Joint European Software Engineering Conference and Symposium on the Foundations of Software Engineering, Athens, Greece, August 23-28, 2021",
            C,
            "fse",
        ),
        (
            "SC '21: The International Conference for High Performance Computing, Networking, Storage and Analysis, St. Louis, Missouri, USA, November 14 - 19, 2021",
            C,
            "sc",
        ),
        (
            "MM '21: ACM Multimedia Conference, Virtual Event, China, October 20 - 24, 2021",
            C,
            "acm-mm",
        ),
        ("SIGGRAPH Asia 2021 Conference Papers", C, "siggraph-asia"),
        (
            "Proceedings of the 2019 World Wide Web Conference",
            C,
            "www",
        ),
        (
            "Proceedings of the 60th Annual Meeting of the Association for Computational Linguistics (Volume 1: Long Papers)",
            C,
            "acl",
        ),
        ("The International Journal of Robotics Research", J, "ijrr"),
        (
            "Proceedings of Thirty Fourth Conference on Learning Theory",
            C,
            "colt",
        ),
        (
            "Thirty-fifth Conference on Neural Information Processing Systems Datasets and Benchmarks Track (Round 1)",
            C,
            "neurips-datasets-benchmarks",
        ),
        (
            "Proceedings of the 13th Symposium on Cloud Computing",
            C,
            "socc",
        ),
    ] {
        assert_eq!(id_of(&[], &hint(text, kind)).0, want, "{text}");
    }
    // A series holds many venues: no venue is made from it.
    assert_eq!(
        resolve(&[], &hint("Proceedings of Machine Learning Research", C)),
        None
    );
    let icml = VenueHint {
        dblp_stream: Some("icml".into()),
        ..hint("Proceedings of Machine Learning Research", C)
    };
    assert_eq!(id_of(&[], &icml).0, "icml");
    // "(LLM)" spells out a phrase of the title: not the workshop's short name.
    let Some(Resolved::New(v, Origin::Printed)) = resolve(
        &[],
        &hint("ICLR 2024 Workshop on Large Language Model (LLM) Agents", W),
    ) else {
        panic!("a new workshop");
    };
    assert_eq!(v.name, "ICLR Workshop on Large Language Model Agents");
    assert_ne!(v.short_name, "LLM");
}

/// A homepage's `.bib`, shaped like the one of issue 36, for a bundled researcher.
const HOMEPAGE_BIB: &str = r"
@inproceedings{a, author = {Frank Sifei Luan}, title = {Paper A}, year = 2021,
  booktitle = {Proceedings of the 44th International ACM SIGIR Conference on Research and Development in Information Retrieval}}
@inproceedings{b, author = {Frank Sifei Luan}, title = {Paper B}, year = 2021,
  booktitle = {CIKM '21: The 30th ACM International Conference on Information and Knowledge Management, Virtual Event, Queensland, Australia, November 1 - 5, 2021}}
@inproceedings{c, author = {Frank Sifei Luan}, title = {Paper C}, year = 2022,
  booktitle = {International Conference on Learning Representations (ICLR)}}
@inproceedings{d, author = {Frank Sifei Luan}, title = {Paper D}, year = 2023,
  booktitle = {The Eleventh International Conference on Learning Representations}, abbr = {ICLR}}
@inproceedings{e, author = {Frank Sifei Luan}, title = {Paper E}, year = 2020,
  booktitle = {Proceedings of the 2020 Workshop on Example Things at NeurIPS}}
@inproceedings{f, author = {Frank Sifei Luan}, title = {Paper F}, year = 2022,
  booktitle = {Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition}, abbr = {CVPR}}
@article{g, author = {Frank Sifei Luan}, title = {Paper G}, year = 2022,
  journal = {Computer Supported Cooperative Work (CSCW)}}
@inproceedings{h, author = {Frank Sifei Luan}, title = {Paper H}, year = 2019,
  booktitle = {Advances in Neural Information Processing Systems 32 (NIPS 2019)}}
";

#[test]
fn an_import_reports_each_new_venue_and_a_rerun_adds_none() {
    use super::super::apply::{Outcome, apply};
    use super::super::entry;
    use research_atlas::model::ResearcherId;

    let file = crate::authoring::DatasetFile::open(None).expect("the bundled dataset");
    let mut dataset = file.dataset.clone();
    let entries = entry::read(HOMEPAGE_BIB).expect("parses").entries;
    let me = ResearcherId("frank-sifei-luan".into());
    let report = apply(&mut dataset, &me, &entries);
    let created: Vec<String> = report
        .venues_created
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        created,
        [
            "new venue sigir \"SIGIR\" (ACM SIGIR Conference on Research and Development in Information Retrieval, conference) from the known list",
            "new venue cikm \"CIKM\" (ACM International Conference on Information and Knowledge Management, conference) from the known list",
            "new venue workshop-on-example-things-at-neurips \"Workshop on Example Things at NeurIPS\" (Workshop on Example Things at NeurIPS, workshop) from the booktitle of entry e; check it, or rename it to an existing one",
            "new venue cvpr \"CVPR\" (IEEE/CVF Conference on Computer Vision and Pattern Recognition, conference) from the known list",
            "new venue jcscw \"JCSCW\" (Computer Supported Cooperative Work, journal) from the known list",
        ]
    );
    let venue_of = |d: &Dataset, key: &str| {
        let title = format!("Paper {}", key.to_uppercase());
        d.publications
            .iter()
            .find(|p| p.title == title)
            .and_then(|p| p.venue.clone())
            .map(|v| v.0)
    };
    let got: Vec<Option<String>> = ["c", "d", "h"]
        .iter()
        .map(|k| venue_of(&dataset, k))
        .collect();
    assert_eq!(
        got,
        [
            Some("iclr".into()),
            Some("iclr".into()),
            Some("neurips".into())
        ]
    );
    crate::authoring::validate(&dataset, &|_| None).expect("the result validates");
    let after_first = dataset.venues.clone();
    let again = apply(&mut dataset, &me, &entries);
    assert_eq!(again.venues_created, []);
    assert_eq!(dataset.venues, after_first);
    assert!(
        again
            .outcomes
            .iter()
            .all(|o| matches!(o, Outcome::Unchanged { .. })),
        "{:#?}",
        again.outcomes
    );
}

#[test]
fn odd_text_never_panics_and_a_new_venue_is_always_named() {
    let alphabet: Vec<char> =
        "aZ (){}[]'’@,:;-–—.&/*0123456789 ICLR NeurIPS Workshop ß é 漢 \u{301}IVX K İ in press at "
            .chars()
            .collect();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let v = vocabulary();
    for _ in 0..1500 {
        let n = next() % 40;
        let s: String = (0..n)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let _ = standing::VenueField::read(&s);
        let _ = known_event(&s);
        for kind in [C, J, W] {
            let h = VenueHint {
                abbr: Some(s.clone()),
                number: Some(s.clone()),
                dblp_stream: Some(s.clone()),
                ..hint(&s, kind)
            };
            if let Some(Resolved::New(new, _)) = resolve(&v, &h) {
                let named = [&new.id.0, &new.short_name, &new.name]
                    .iter()
                    .all(|t| !t.trim().is_empty());
                assert!(named, "{s:?} -> {new:?}");
            }
        }
    }
}
