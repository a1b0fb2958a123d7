//! Compiles the interface's catalogues (`locales/<code>.toml`, one file per language) into Rust:
//! one array of texts per language in one order, and a method per section and per key that reads
//! it (`t.nav().skip()`; `src/lang/catalogue.rs` includes the result). English is the schema: a key missing from
//! another language, a key English does not have, a plural without the forms its language needs,
//! or a translation whose `{placeholders}` differ from English's fails the build, naming the
//! file, the section and the key.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// The languages, in the order of `lang::Lang`, with the plural forms each needs (CLDR's
/// cardinal categories; Spanish's `many`, for a million and more, is optional).
const LANGUAGES: [(&str, &str, &[&str], &[&str]); 5] = [
    ("en", "En", &["one", "other"], &[]),
    ("de", "De", &["one", "other"], &[]),
    ("zh", "Zh", &["other"], &[]),
    ("es", "Es", &["one", "other"], &["many"]),
    (
        "ar",
        "Ar",
        &["zero", "one", "two", "few", "many", "other"],
        &[],
    ),
];

/// Plural forms in the order of `lang::Form`.
const FORMS: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// What a key holds.
#[derive(Clone, PartialEq)]
enum Kind {
    Text,
    Plural,
    List(usize),
}

fn main() {
    println!("cargo::rerun-if-changed=locales");
    // At run time: a build script compiled once may run for another checkout of the crate.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("locales");
    let mut errors = Vec::new();
    let tables: Vec<toml::Table> = LANGUAGES
        .iter()
        .map(|(code, ..)| {
            let path = dir.join(format!("{code}.toml"));
            println!("cargo::rerun-if-changed={}", path.display());
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            text.parse()
                .unwrap_or_else(|e| panic!("locales/{code}.toml: {e}"))
        })
        .collect();
    let schema = schema(&tables[0], &mut errors);
    for ((code, _, needed, optional), table) in LANGUAGES.iter().zip(&tables) {
        check(
            code,
            needed,
            optional,
            table,
            &tables[0],
            &schema,
            &mut errors,
        );
    }
    if !errors.is_empty() {
        panic!("the catalogues disagree:\n  {}", errors.join("\n  "));
    }
    let code = generate(&schema, &tables);
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogues.rs");
    std::fs::write(out, code).unwrap();
}

/// English's sections and keys, and what each holds.
fn schema(en: &toml::Table, errors: &mut Vec<String>) -> BTreeMap<String, Vec<(String, Kind)>> {
    let mut sections = BTreeMap::new();
    for (name, value) in en {
        let Some(table) = value.as_table() else {
            errors.push(format!("en.toml: `{name}` is not a [section]"));
            continue;
        };
        let keys = table
            .iter()
            .filter_map(|(key, v)| {
                let kind = match v {
                    toml::Value::String(_) => Kind::Text,
                    toml::Value::Table(_) => Kind::Plural,
                    toml::Value::Array(a) => Kind::List(a.len()),
                    _ => {
                        errors.push(format!(
                            "en.toml: [{name}] {key} is not text, plural or list"
                        ));
                        return None;
                    }
                };
                Some((key.clone(), kind))
            })
            .collect();
        sections.insert(name.clone(), keys);
    }
    sections
}

/// `{name}` placeholders of a text.
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let Some(end) = rest[start..].find('}') else {
            break;
        };
        out.insert(rest[start + 1..start + end].to_owned());
        rest = &rest[start + end + 1..];
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn check(
    code: &str,
    needed: &[&str],
    optional: &[&str],
    table: &toml::Table,
    en: &toml::Table,
    schema: &BTreeMap<String, Vec<(String, Kind)>>,
    errors: &mut Vec<String>,
) {
    let file = format!("{code}.toml");
    for name in table.keys().filter(|n| !schema.contains_key(*n)) {
        errors.push(format!("{file}: [{name}] is not a section of en.toml"));
    }
    for (name, keys) in schema {
        let Some(section) = table.get(name).and_then(|s| s.as_table()) else {
            errors.push(format!("{file}: [{name}] is missing"));
            continue;
        };
        let known: BTreeSet<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
        for key in section.keys().filter(|k| !known.contains(k.as_str())) {
            errors.push(format!("{file}: [{name}] {key} is not a key of en.toml"));
        }
        for (key, kind) in keys {
            let at = format!("{file}: [{name}] {key}");
            let english = &en[name.as_str()][key.as_str()];
            let Some(value) = section.get(key) else {
                errors.push(format!("{at} is missing"));
                continue;
            };
            match (kind, value) {
                (Kind::Text, toml::Value::String(s)) => {
                    let want = placeholders(english.as_str().unwrap_or_default());
                    if placeholders(s) != want {
                        errors.push(format!(
                            "{at}: placeholders {:?}, English has {want:?}",
                            placeholders(s)
                        ));
                    }
                }
                (Kind::Plural, toml::Value::Table(forms)) => {
                    let other = english
                        .get("other")
                        .and_then(|o| o.as_str())
                        .unwrap_or_default();
                    let mut want = placeholders(other);
                    want.remove("n");
                    for form in needed.iter().filter(|f| !forms.contains_key(**f)) {
                        errors.push(format!("{at}: the form `{form}` is missing"));
                    }
                    for (form, text) in forms {
                        if !needed.contains(&form.as_str()) && !optional.contains(&form.as_str()) {
                            errors.push(format!("{at}: `{form}` is not a plural form of {code}"));
                        }
                        let Some(text) = text.as_str() else {
                            errors.push(format!("{at}: the form `{form}` is not text"));
                            continue;
                        };
                        let mut have = placeholders(text);
                        have.remove("n");
                        if have != want {
                            errors.push(format!("{at}.{form}: placeholders {have:?}, English has {want:?} (and maybe n)"));
                        }
                    }
                }
                (Kind::List(n), toml::Value::Array(items)) => {
                    if items.len() != *n || items.iter().any(|i| !i.is_str()) {
                        errors.push(format!("{at}: a list of {n} texts, as English's"));
                    }
                }
                _ => errors.push(format!("{at}: not the kind of value English has")),
            }
        }
    }
}

/// The Rust of the catalogues: a `Catalogue` (a language and its texts in one order), a method
/// per section giving a small `Copy` view of it, a method per key on that view (a text, a
/// `Plural` of six forms, a list), and one array of texts per language. No code per text runs
/// when a language is installed: its texts are the array.
fn generate(schema: &BTreeMap<String, Vec<(String, Kind)>>, tables: &[toml::Table]) -> String {
    let mut out = String::from("// Generated by build.rs from locales/*.toml: edit those.\n\n");
    let (mut sections, mut views, mut keys) = (String::new(), String::new(), String::new());
    let mut index = 0usize;
    for (name, keys_of) in schema {
        let ty = type_name(name);
        let _ = writeln!(
            sections,
            "    /// The texts of `[{name}]`.\n    #[inline]\n    pub fn {name}(&self) -> {ty} {{\n        {ty} {{ lang: self.lang, t: self.texts }}\n    }}\n"
        );
        let _ = writeln!(
            views,
            "/// The texts of `[{name}]` in `locales/*.toml`.\n#[derive(Debug, Clone, Copy)]\npub struct {ty} {{\n    #[allow(dead_code)]\n    lang: Lang,\n    t: &'static [&'static str; Catalogue::LEN],\n}}\n\nimpl {ty} {{"
        );
        for (key, kind) in keys_of {
            let english = &tables[0][name.as_str()][key.as_str()];
            let doc = match english {
                toml::Value::String(s) => s.clone(),
                toml::Value::Table(t) => t
                    .get("other")
                    .and_then(|o| o.as_str())
                    .unwrap_or_default()
                    .to_owned(),
                _ => "a list".to_owned(),
            };
            let doc = doc.replace('\n', " ");
            let _ = write!(keys, "{name}.{key}:");
            let (ty, body, n) = match kind {
                Kind::Text => ("&'static str".to_owned(), format!("self.t[{index}]"), 1),
                Kind::Plural => {
                    let forms: Vec<String> =
                        (index..index + 6).map(|i| format!("self.t[{i}]")).collect();
                    (
                        "Plural".to_owned(),
                        format!(
                            "Plural {{ lang: self.lang, forms: [{}] }}",
                            forms.join(", ")
                        ),
                        6,
                    )
                }
                Kind::List(n) => {
                    let items: Vec<String> =
                        (index..index + n).map(|i| format!("self.t[{i}]")).collect();
                    (
                        format!("[&'static str; {n}]"),
                        format!("[{}]", items.join(", ")),
                        *n,
                    )
                }
            };
            keys.push_str(match kind {
                Kind::Text => "t\n",
                Kind::Plural => "p\n",
                Kind::List(_) => "l",
            });
            if let Kind::List(n) = kind {
                let _ = writeln!(keys, "{n}");
            }
            let _ = writeln!(
                views,
                "    /// {doc}\n    #[inline]\n    pub fn {key}(&self) -> {ty} {{\n        {body}\n    }}\n"
            );
            index += n;
        }
        views.push_str("}\n\n");
    }
    // FNV-1a: a file made for other keys is never read as these.
    let hash = keys.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let _ = writeln!(
        out,
        "/// Every text of the interface in one language.
#[derive(Debug, Clone, Copy)]
pub struct Catalogue {{
    /// The catalogue's language.
    pub lang: Lang,
    texts: &'static [&'static str; Catalogue::LEN],
}}

impl Catalogue {{
    /// How many texts [`Self::texts`] gives.
    pub const LEN: usize = {index};

    /// A hash of the keys and their kinds, which names a catalogue file: a file is read only by
    /// a build of the same keys.
    pub const KEYS: &'static str = \"{hash:016x}\";

    /// Every text in one order: the keys' in `locales/en.toml`'s sections and order, a
    /// plural's six forms (zero, one, two, few, many, other; empty where the language has
    /// none), a list's items.
    pub fn texts(&self) -> &'static [&'static str] {{
        self.texts
    }}

    /// The catalogue of `lang` from texts in [`Self::texts`]' order; `None` unless there are
    /// exactly [`Self::LEN`].
    pub fn from_texts(lang: Lang, texts: &'static [&'static str]) -> Option<Catalogue> {{
        Some(Catalogue {{ lang, texts: texts.try_into().ok()? }})
    }}

{sections}}}
"
    );
    out.push_str(&views);
    for ((code, variant, ..), table) in LANGUAGES.iter().zip(tables) {
        if *code != "en" {
            // The release app fetches the other languages' texts (`lang::install`); English is in it
            // (and the unit tests of every build have them all).
            out.push_str(
                "#[cfg(any(not(target_arch = \"wasm32\"), feature = \"json-host\", test))]\n",
            );
        }
        let upper = code.to_uppercase();
        let _ = writeln!(
            out,
            "/// The catalogue of `locales/{code}.toml`.\npub static {upper}: Catalogue = Catalogue {{\n    lang: Lang::{variant},\n    texts: &["
        );
        for (name, keys_of) in schema {
            for (key, kind) in keys_of {
                let value = &table[name.as_str()][key.as_str()];
                let texts: Vec<String> = match kind {
                    Kind::Text => vec![format!("{:?}", value.as_str().unwrap_or_default())],
                    Kind::Plural => FORMS
                        .iter()
                        .map(|f| {
                            format!(
                                "{:?}",
                                value.get(*f).and_then(|v| v.as_str()).unwrap_or_default()
                            )
                        })
                        .collect(),
                    Kind::List(_) => value
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|i| format!("{:?}", i.as_str().unwrap_or_default()))
                        .collect(),
                };
                let _ = writeln!(
                    out,
                    "        // {name}.{key}\n        {},",
                    texts.join(", ")
                );
            }
        }
        out.push_str("    ],\n};\n\n");
    }
    out
}

/// `experts_many` → `ExpertsMany`.
fn type_name(section: &str) -> String {
    section
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
        })
        .collect()
}
