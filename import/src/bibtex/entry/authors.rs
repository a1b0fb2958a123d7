//! Reading an entry's author list: names in order, whether the list says there are more, and
//! the lists sources write otherwise than BibTeX (with commas, in double braces, with markup).

use biblatex::{Chunk, Entry, Spanned};

use super::text;

/// Authors in order, and whether the list says there are more (`and others`, `and {others}`,
/// `et al.`). Web markup and formatting commands (`\textbf{Ann Lee}`, `<b>…</b>`, a
/// homepage's way of marking its owner) go before the list is split into names; a list
/// wrapped in double braces is unwrapped when it names several people
/// ([`unwrap_braced_list`]), and one written with commas (`A, B, and C`) is split at them
/// ([`is_comma_list`]), each with a note.
pub(super) fn authors(
    entry: &mut Entry,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, bool), biblatex::TypeError> {
    let Some(chunks) = entry.get("author") else {
        return Ok((Vec::new(), false));
    };
    let mut chunks: Vec<Spanned<Chunk>> = chunks
        .iter()
        .map(|c| {
            let v = match &c.v {
                Chunk::Normal(s) => Chunk::Normal(text::web(&text::without_commands(s))),
                Chunk::Verbatim(s) => Chunk::Verbatim(text::web(s)),
                Chunk::Math(s) => Chunk::Math(s.clone()),
            };
            Spanned::new(v, c.span.clone())
        })
        .collect();
    let mut more = false;
    if let Some(Spanned {
        v: Chunk::Normal(last),
        ..
    }) = chunks.last_mut()
        && let Some(rest) = without_et_al(last)
    {
        *last = rest;
        more = true;
    }
    if let Some(n) = unwrap_braced_list(&mut chunks) {
        notes.push(format!(
            "the author list is wrapped in double braces, as one name; read as its {n} names"
        ));
    }
    let normal: String = chunks
        .iter()
        .filter_map(|c| match &c.v {
            Chunk::Normal(s) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    if is_comma_list(&normal) {
        for chunk in &mut chunks {
            if let Chunk::Normal(s) = &mut chunk.v {
                *s = s.replace(", and ", " and ").replace(',', " and ");
            }
        }
        notes.push(
            "the authors are a list with commas (A, B, and C); read one name between each".into(),
        );
    } else {
        // A stray comma before an `and` would read as an empty first name.
        for chunk in &mut chunks {
            if let Chunk::Normal(s) = &mut chunk.v {
                *s = s.replace(", and ", " and ");
            }
        }
    }
    entry.set("author", chunks);
    let people = match entry.author() {
        Ok(people) => people,
        Err(biblatex::RetrievalError::Missing(_)) => Vec::new(),
        Err(biblatex::RetrievalError::TypeError(e)) => return Err(e),
    };
    let mut names = Vec::new();
    for person in &people {
        let name = person_name(person);
        let lower = name.to_lowercase();
        if lower == "others" || lower.trim_end_matches('.') == "et al" {
            more = true;
        } else if !name.is_empty() {
            names.push(name);
        }
    }
    Ok((names, more))
}

/// Whether an author list is written with commas between names ("A, B, and C", "A, B, C")
/// rather than BibTeX's `and`s. The list is first split at " and ", as BibTeX does; it is a
/// comma list only when a piece cannot be one "Last, First" name:
///
/// - a piece with two commas or more ("A, B, C"), unless the middle one is a suffix
///   ("King, Jr., Martin", BibTeX's "Last, Jr, First");
/// - a piece with one comma that ends in ", and" ("Ann Lee, Bo Chen, and Cy Dee") while no
///   other piece has a comma: the other names are written "First Last", so this one is two.
///
/// So "Lee*, Ann and Chen*, Bo, and Dee, Cy" (a stray comma before an `and`) is three names
/// "Last, First", as BibTeX reads it.
fn is_comma_list(list: &str) -> bool {
    let lower = list.to_ascii_lowercase();
    let pieces: Vec<(&str, bool)> = lower
        .split(" and ")
        .map(|p| {
            let p = p.trim();
            match p.strip_suffix(',') {
                Some(rest) => (rest.trim_end(), true),
                None => (p, false),
            }
        })
        .collect();
    let commas = |p: &str| p.matches(',').count();
    let suffixed = |p: &str| {
        let parts: Vec<&str> = p.split(',').map(str::trim).collect();
        parts.len() == 3 && ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"].contains(&parts[1])
    };
    let several = pieces.iter().any(|(p, _)| commas(p) >= 2 && !suffixed(p));
    let before_and = pieces.iter().enumerate().any(|(i, (p, trailing))| {
        *trailing
            && commas(p) == 1
            && pieces
                .iter()
                .enumerate()
                .all(|(j, (q, _))| j == i || commas(q) == 0)
    });
    several || before_and
}

/// A whole list wrapped in a second pair of braces (`{{Ann Lee and Bo Chen and Cy Dee}}`),
/// which BibTeX reads as one name: unwrapped when what is inside reads as several people —
/// three names or more, or two of two words or more each, every word of a name capitalized
/// (but particles such as "van", "de") — so that a corporate author such as `{{Barnes and
/// Noble}}` or `{{Ministry of Health and Social Affairs}}` stays one name. The number of
/// names, when unwrapped.
fn unwrap_braced_list(chunks: &mut [Spanned<Chunk>]) -> Option<usize> {
    let mut braced = chunks
        .iter()
        .enumerate()
        .filter(|(_, c)| !matches!(&c.v, Chunk::Normal(s) if s.trim().is_empty()));
    let (at, only) = braced.next()?;
    if braced.next().is_some() {
        return None;
    }
    let Chunk::Verbatim(inner) = only.v.clone() else {
        return None;
    };
    if inner.contains(['{', '}']) {
        return None;
    }
    let names: Vec<&str> = inner.split(" and ").map(str::trim).collect();
    const PARTICLES: [&str; 12] = [
        "van", "von", "der", "den", "de", "da", "di", "du", "del", "dos", "la", "le",
    ];
    let plausible = |name: &str| {
        let words: Vec<&str> = name
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        (1..=5).contains(&words.len())
            && words.iter().all(|w| {
                !w.chars().any(|c| c.is_ascii_digit())
                    && (w.starts_with(char::is_uppercase) || PARTICLES.contains(w))
            })
    };
    let words = |name: &str| name.split_whitespace().count();
    let several = names.len() >= 3 || (names.len() == 2 && names.iter().all(|n| words(n) >= 2));
    if !several || !names.iter().all(|n| plausible(n)) {
        return None;
    }
    let n = names.len();
    chunks[at].v = Chunk::Normal(inner);
    Some(n)
}

/// `A and B et al.` → `A and B`; `A and et al.` → `A`.
fn without_et_al(list: &str) -> Option<String> {
    let trimmed = list.trim_end();
    let lower = trimmed.to_ascii_lowercase();
    let cut = ["et al.", "et al", "et~al.", "et~al", "et. al."]
        .iter()
        .find(|p| lower.ends_with(*p))
        .map(|p| trimmed.len() - p.len())?;
    let rest = trimmed[..cut].trim_end().trim_end_matches(',').trim_end();
    let rest = match rest.len().checked_sub(4) {
        Some(at) if rest.is_char_boundary(at) && rest[at..].eq_ignore_ascii_case(" and") => {
            &rest[..at]
        }
        _ => rest,
    };
    Some(rest.to_owned())
}

/// "Given prefix Family suffix", without dblp's trailing homonym number (`Wei Wang 0001`).
fn person_name(p: &biblatex::Person) -> String {
    let parts = [&p.given_name, &p.prefix, &p.name, &p.suffix];
    let joined = parts
        .iter()
        .map(|s| text::name_part(s))
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    match joined.rsplit_once(' ') {
        Some((rest, last)) if last.len() == 4 && last.bytes().all(|b| b.is_ascii_digit()) => {
            rest.to_owned()
        }
        _ => joined,
    }
}
