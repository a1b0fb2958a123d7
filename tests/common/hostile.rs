//! Proptest strategies for hostile data: arbitrary text biased towards what breaks exports
//! (braces, backslashes, TeX specials, ligatures, white space, control and invisible characters,
//! right-to-left text, spreadsheet formula starts), and whole publications filled with it.

use proptest::prelude::*;
use research_atlas::model::{Author, Dataset, Link, LinkKind, Publication, PublicationType};

use super::*;

/// Characters that exports must handle with care, then any character at all.
pub fn hostile_char() -> impl Strategy<Value = char> {
    const HOSTILE: &[char] = &[
        '{',
        '}',
        '\\',
        '%',
        '&',
        '$',
        '#',
        '_',
        '^',
        '~',
        '<',
        '>',
        '|',
        '"',
        '\'',
        '`',
        '-',
        '–',
        '—',
        '“',
        '”',
        '‘',
        '’',
        ',',
        '=',
        '+',
        '@',
        '?',
        '!',
        ' ',
        ' ',
        '\t',
        '\n',
        '\r',
        '\u{A0}',
        '\u{202E}',
        '\u{202D}',
        '\u{200B}',
        '\u{200F}',
        '\u{2066}',
        '\u{2069}',
        '\u{FEFF}',
        '\u{E0041}',
        '\u{0}',
        '\u{1B}',
        '\u{7F}',
        '\u{85}',
        'é',
        'ß',
        'Ł',
        'ı',
        'Ü',
        '栾',
        'א',
        'ا',
        'a',
        'A',
        'n',
        'd',
        'o',
        'z',
        'Z',
        '0',
        '9',
        '.',
        ';',
        '(',
        ')',
        '/',
        ':',
        '[',
        ']',
    ];
    prop_oneof![
        4 => proptest::sample::select(HOSTILE),
        1 => any::<char>(),
    ]
}

/// Arbitrary text, sometimes one of the payloads that were found to break an export.
pub fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => proptest::collection::vec(hostile_char(), 0..20)
            .prop_map(|cs| cs.into_iter().collect::<String>()),
        1 => proptest::sample::select(vec![
            "10.1000/x},url=\"javascript:alert(1)\",injected=pwned",
            "x}, injected = {pwned",
            "\\}\\{ \\",
            "gnp\u{202E}.exe",
            "=HYPERLINK(\"http://x\",\"y\")",
            "and",
            "others",
            "Acme, Inc.",
            "a -- b --- c ---- d",
            "``quoted'' ?` !` ,,",
        ])
        .prop_map(str::to_owned),
    ]
}

pub fn opt_text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(hostile_text())
}

/// A URL-ish value: often a real scheme with hostile text after it.
pub fn hostile_url() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(vec!["https://", "http://", "", "javascript:"]),
        hostile_text(),
    )
        .prop_map(|(scheme, rest)| format!("{scheme}{rest}"))
}

/// A publication with hostile text in every string field, and the hostile names of its venue and
/// school, in a dataset of its own.
pub fn hostile_publication() -> impl Strategy<Value = (Dataset, Publication)> {
    let kinds = proptest::sample::select(PublicationType::ALL.to_vec());
    let link_kinds = proptest::sample::select(vec![
        LinkKind::Pdf,
        LinkKind::Arxiv,
        LinkKind::Blog,
        LinkKind::Homepage,
        LinkKind::Other,
        LinkKind::Code,
        LinkKind::Doi,
    ]);
    let links = proptest::collection::vec((link_kinds, hostile_url()), 0..3);
    let texts = (
        hostile_text(),
        proptest::collection::vec(hostile_text(), 0..4),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        opt_text(),
        proptest::collection::vec(hostile_text(), 0..3),
        opt_text(),
    );
    let rest = (
        kinds,
        any::<bool>(),
        1950u16..2030,
        proptest::option::of(1u8..=12),
        links,
        (hostile_text(), hostile_text(), hostile_text()),
        (any::<bool>(), any::<bool>()),
    );
    (texts, rest).prop_map(|(texts, rest)| {
        let (
            title,
            names,
            booktitle,
            volume,
            number,
            pages,
            publisher,
            location,
            doi,
            arxiv,
            honours,
            note,
        ) = texts;
        let (
            kind,
            incomplete,
            year,
            month,
            links,
            (venue_short, venue_name, school),
            (with_venue, with_school),
        ) = rest;
        let mut d = bundled();
        let mut p = publication("hostile", &title, &[], year);
        p.authors = names.into_iter().map(Author::new).collect();
        p.authors_incomplete = incomplete;
        p.kind = kind;
        p.month = month;
        (p.booktitle, p.volume, p.number, p.pages) = (booktitle, volume, number, pages);
        (p.publisher, p.location, p.doi, p.arxiv) = (publisher, location, doi, arxiv);
        p.honours = honours;
        p.note = note;
        p.links = (links.into_iter())
            .map(|(kind, url)| Link {
                kind,
                url,
                label: None,
            })
            .collect();
        d.venues[0].short_name = venue_short;
        d.venues[0].name = venue_name;
        d.organizations[0].name = school;
        p.venue = with_venue.then(|| d.venues[0].id.clone());
        p.school = with_school.then(|| d.organizations[0].id.clone());
        d.publications = vec![p.clone()];
        (d, p)
    })
}
