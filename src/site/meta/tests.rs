use serde_json::{Value, json};

use super::*;
use crate::search::OrgTable;

const SITE: &str = "https://lab.example/atlas/";

use crate::model::bundled::dataset as bundled;

/// A dataset of one researcher built from `researcher` (the required fields filled in), with
/// one organization and one topic.
fn one(researcher: Value) -> Dataset {
    let mut r = json!({"id": "eve", "name": "Eve", "career_stage": "faculty", "summary": "S.",
                       "sources": []});
    r.as_object_mut()
        .unwrap()
        .extend(researcher.as_object().unwrap().clone());
    serde_json::from_value(json!({
        "schema_version": 1,
        "organizations": [{"id": "acme", "name": "Acme & Sons <Labs>", "kind": "company"}],
        "topics": [{"id": "t", "name": "Things"}],
        "researchers": [r]
    }))
    .expect("the small dataset deserializes")
}

#[test]
fn a_profile_names_the_person_their_role_and_topics() {
    let d = bundled();
    let meta = page_meta(
        &d,
        "/researchers/luo-mai",
        "Luo Mai — Research Atlas",
        Some(SITE),
        Lang::En,
    );
    assert_eq!(meta.title, "Luo Mai — Research Atlas");
    assert!(meta.profile);
    assert_eq!(
        meta.description,
        "Assistant Professor at University of Edinburgh. Topics: ML systems, Operating systems, \
         Distributed systems, Databases."
    );
    assert_eq!(
        meta.canonical.as_deref(),
        Some("https://lab.example/atlas/researchers/luo-mai")
    );
    let json = meta.json_ld.as_deref().expect("a profile has JSON-LD");
    assert!(!json.contains("mailto"), "{json}");
    let person: Value = serde_json::from_str(json).expect("the JSON-LD parses");
    assert_eq!(person["@context"], "https://schema.org");
    assert_eq!(person["@type"], "Person");
    assert_eq!(person["name"], "Luo Mai");
    assert_eq!(person["jobTitle"], "Assistant Professor");
    assert_eq!(
        person["affiliation"],
        json!({"@type": "Organization", "name": "University of Edinburgh"})
    );
    assert_eq!(
        person["url"],
        "https://lab.example/atlas/researchers/luo-mai"
    );
    assert_eq!(
        person["sameAs"],
        json!(["https://luomai.github.io", "https://github.com/luomai"])
    );
}

#[test]
fn every_profile_of_the_bundled_data_fits_and_has_web_links_only() {
    let d = bundled();
    for r in &d.researchers {
        let meta = page_meta(
            &d,
            &format!("/researchers/{}", r.id.0),
            &r.name,
            None,
            Lang::En,
        );
        assert!(
            meta.description.chars().count() <= DESCRIPTION_MAX,
            "{meta:?}"
        );
        assert!(meta.description.starts_with(r.title.as_deref().unwrap()));
        let person: Value = serde_json::from_str(meta.json_ld.as_deref().unwrap()).unwrap();
        assert_eq!(
            person.get("url"),
            None,
            "no canonical without a site address"
        );
        for url in person["sameAs"].as_array().unwrap() {
            assert!(url.as_str().unwrap().starts_with("http"), "{url}");
        }
    }
}

#[test]
fn each_page_says_what_it_is_with_counts() {
    let d = bundled();
    let description = |path: &str| page_meta(&d, path, "T", None, Lang::En).description;
    assert_eq!(
        description("/"),
        "5 researchers: careers, publications and connections."
    );
    assert!(description("/publications").starts_with("43 publications by"));
    assert!(description("/connections").starts_with("How 5 researchers are connected"));
    assert!(description("/organizations").starts_with("27 organizations with"));
    assert!(description("/experts").starts_with("Find experts for a paper among 5 researchers"));
    assert_eq!(
        description("/organizations/edinburgh"),
        "University of Edinburgh: 1 researcher there now, with their publications per year, \
         venues and topics."
    );
    for path in ["/compare", "/shortlist"] {
        assert!(!description(path).is_empty());
    }
    // An id the dataset lacks gets the directory's description, and no profile tags.
    let missing = page_meta(
        &d,
        "/researchers/nobody",
        "No such researcher",
        None,
        Lang::En,
    );
    assert_eq!(missing.description, description("/"));
    assert!(!missing.profile && missing.json_ld.is_none());
    assert_eq!(description("/organizations/nowhere"), description("/"));
}

#[test]
fn people_now_and_before_follow_the_organizations_pages() {
    let d = bundled();
    let table = OrgTable::build(&d);
    for o in &table.orgs {
        let now = o.members.iter().filter(|m| m.now).count();
        let before = o.members.len() - now;
        assert_eq!(people_at(&d, &o.id), (now, before), "{}", o.id);
    }
}

#[test]
fn what_the_record_does_not_say_stays_out() {
    let no_title = one(json!({"organization": "acme", "topics": ["t"]}));
    let meta = page_meta(&no_title, "/researchers/eve", "Eve", None, Lang::En);
    assert_eq!(meta.description, "Eve, Acme & Sons <Labs>. Topics: Things.");
    let person: Value = serde_json::from_str(meta.json_ld.as_deref().unwrap()).unwrap();
    assert_eq!(person.get("jobTitle"), None);

    let unknown_org = one(json!({"title": "Fellow", "organization": "nowhere"}));
    let meta = page_meta(&unknown_org, "/researchers/eve", "Eve", None, Lang::En);
    assert_eq!(meta.description, "Fellow.");
    let person: Value = serde_json::from_str(meta.json_ld.as_deref().unwrap()).unwrap();
    assert_eq!(person.get("affiliation"), None);

    let bare = one(json!({"summary": "Eve   studies\nthings."}));
    let meta = page_meta(&bare, "/researchers/eve", "Eve", None, Lang::En);
    assert_eq!(meta.description, "Eve studies things.");
}

#[test]
fn hostile_text_cannot_break_out_of_the_head() {
    let d = one(json!({
        "name": "Eve \"</script><script>alert('x')</script>",
        "title": "Chief <b>& \"Boss\"",
        "organization": "acme",
        "links": [
            {"kind": "homepage", "url": "https://eve.example/?a=1&b=</script>"},
            {"kind": "email", "url": "mailto:eve@eve.example"},
            {"kind": "other", "url": "tel:+15555550100"},
            {"kind": "pdf", "url": "https://eve.example/cv.pdf"}
        ]
    }));
    let meta = page_meta(
        &d,
        "/researchers/eve",
        &d.researchers[0].name,
        Some(SITE),
        Lang::En,
    );
    let head = head_html(&meta);
    assert_eq!(head.matches("<script").count(), 1, "{head}");
    assert_eq!(head.matches("</script>").count(), 1, "{head}");
    assert!(!head.contains("<b>"), "{head}");
    assert!(head.contains("content=\"Eve &quot;&lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)"));
    assert!(
        head.contains("Chief &lt;b&gt;&amp; &quot;Boss&quot; at Acme &amp; Sons &lt;Labs&gt;.")
    );
    let json = meta.json_ld.as_deref().unwrap();
    assert!(!json.contains(['<', '>', '&']), "{json}");
    let person: Value = serde_json::from_str(json).unwrap();
    assert_eq!(person["name"], d.researchers[0].name.as_str());
    assert_eq!(
        person["sameAs"],
        json!(["https://eve.example/?a=1&b=</script>"])
    );
    assert_eq!(person["affiliation"]["name"], "Acme & Sons <Labs>");
}

#[test]
fn the_head_is_one_indented_tag_per_line() {
    let d = bundled();
    let page = head_html(&page_meta(
        &d,
        "/publications",
        "Publications",
        None,
        Lang::En,
    ));
    for line in page.lines() {
        assert!(line.starts_with("    <") && line.ends_with('>'), "{line}");
    }
    assert!(!page.contains("<title") && !page.contains("canonical") && !page.contains("og:url"));
    assert!(page.contains("<meta property=\"og:type\" content=\"website\" />"));
    assert!(page.contains("<meta name=\"twitter:card\" content=\"summary\" />"));
    assert!(page.contains("<meta property=\"og:site_name\" content=\"Research Atlas\" />"));
    assert!(!page.contains("ld+json"));

    let profile = head_html(&page_meta(
        &d,
        "/researchers/tao-luo",
        "Tao Luo",
        Some(SITE),
        Lang::En,
    ));
    let url = "https://lab.example/atlas/researchers/tao-luo";
    assert!(profile.contains(&format!("<link rel=\"canonical\" href=\"{url}\" />")));
    assert!(profile.contains(&format!("<meta property=\"og:url\" content=\"{url}\" />")));
    assert!(profile.contains("<meta property=\"og:type\" content=\"profile\" />"));
    assert!(
        profile
            .lines()
            .last()
            .unwrap()
            .starts_with("    <script type=\"application/ld+json\">{")
    );
}

#[test]
fn canonical_addresses_join_the_site_and_the_path() {
    let d = bundled();
    let canonical =
        |path: &str, site: Option<&str>| page_meta(&d, path, "T", site, Lang::En).canonical;
    assert_eq!(canonical("/", Some(SITE)).as_deref(), Some(SITE));
    assert_eq!(
        canonical("/organizations/edinburgh", Some("https://lab.example")).as_deref(),
        Some("https://lab.example/organizations/edinburgh")
    );
    assert_eq!(canonical("/researchers/luo-mai", None), None);
}

#[test]
fn descriptions_are_cut_at_a_word() {
    let long = "word ".repeat(50) + "end";
    let short = cut(&long, DESCRIPTION_MAX);
    assert!(short.chars().count() <= DESCRIPTION_MAX);
    let kept = short.strip_suffix('…').expect("ends with an ellipsis");
    assert!(kept.ends_with("word") && long.starts_with(kept), "{short}");

    assert_eq!(cut("Ab cd, ef", 8), "Ab cd…");
    assert_eq!(cut("Ab cd ef", 7), "Ab cd…");
    assert_eq!(cut("Ab cd", 5), "Ab cd");
    assert_eq!(cut("Abcdefgh", 5), "Abcd…");
    assert_eq!(cut("é é é é", 4), "é é…");

    let many: Vec<String> = (0..40).map(|i| format!("Topic {i}")).collect();
    let topics: Vec<Value> = (0..40)
        .map(|i| json!({"id": format!("t{i}"), "name": many[i]}))
        .collect();
    let mut d = one(json!({"title": "Fellow", "organization": "acme"}));
    d.topics = serde_json::from_value(Value::Array(topics)).unwrap();
    d.researchers[0].topics = (0..40)
        .map(|i| serde_json::from_value(json!(format!("t{i}"))).unwrap())
        .collect();
    let description = page_meta(&d, "/researchers/eve", "Eve", None, Lang::En).description;
    assert!(
        description.chars().count() <= DESCRIPTION_MAX,
        "{description}"
    );
    assert!(description.ends_with(", …"), "{description}");
    assert!(description.starts_with("Fellow at Acme & Sons <Labs>. Topics: Topic 0, Topic 1,"));
}

#[test]
fn the_sitemap_lists_every_page_given() {
    let paths: Vec<String> = ["/", "/publications", "/researchers/luo-mai", "/x?a=1&b=2"]
        .map(String::from)
        .into();
    let xml = sitemap_xml(SITE, &paths);
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"));
    assert!(xml.ends_with("</urlset>\n"));
    assert_eq!(xml.matches("<url><loc>").count(), paths.len());
    for loc in [
        "https://lab.example/atlas/",
        "https://lab.example/atlas/publications",
        "https://lab.example/atlas/researchers/luo-mai",
        "https://lab.example/atlas/x?a=1&amp;b=2",
    ] {
        assert!(xml.contains(&format!("<loc>{loc}</loc>")), "{loc}");
    }
    assert_eq!(
        robots_txt(SITE),
        "User-agent: *\nAllow: /\nSitemap: https://lab.example/atlas/sitemap.xml\n"
    );
}

/// The descriptions of the directory and of a profile in `lang`, without the English frame
/// (facts from the dataset, like a title or a topic, stay in English).
fn no_english_frame(lang: Lang) {
    let d = bundled();
    let frame = [
        "researcher",
        "researchers",
        "careers",
        "publications",
        "connections",
        "Topics",
        "at",
    ];
    for path in ["/", "/researchers/luo-mai"] {
        let meta = page_meta(&d, path, "T", Some(SITE), lang);
        assert_eq!(meta.lang, lang);
        let description = meta.description;
        assert!(!description.is_empty() && description.chars().count() <= DESCRIPTION_MAX);
        let words: Vec<&str> = description.split(|c: char| !c.is_alphanumeric()).collect();
        for word in frame {
            assert!(
                !words.contains(&word),
                "{lang:?} {path}: {word:?} in {description}"
            );
        }
        let head = head_html(&page_meta(&d, path, "T", None, lang));
        let locale = og_locale(lang);
        assert!(
            head.contains(&format!(
                "<meta property=\"og:locale\" content=\"{locale}\" />"
            )),
            "{head}"
        );
    }
    let profile = page_meta(&d, "/researchers/luo-mai", "T", None, lang).description;
    for fact in [
        "Assistant Professor",
        "University of Edinburgh",
        "ML systems",
    ] {
        assert!(profile.contains(fact), "{lang:?}: {profile}");
    }
}

#[test]
fn german_descriptions_have_no_english_frame() {
    no_english_frame(Lang::De);
}

#[test]
fn chinese_descriptions_have_no_english_frame() {
    no_english_frame(Lang::Zh);
}

#[test]
fn spanish_descriptions_have_no_english_frame() {
    no_english_frame(Lang::Es);
}

#[test]
fn arabic_descriptions_have_no_english_frame() {
    no_english_frame(Lang::Ar);
}

#[test]
fn the_head_names_its_locale() {
    let d = bundled();
    let head = head_html(&page_meta(&d, "/", "T", None, Lang::En));
    assert!(head.contains("<meta property=\"og:locale\" content=\"en_US\" />"));
    let locales = Lang::ALL.map(og_locale);
    assert_eq!(locales, ["en_US", "de_DE", "zh_CN", "es_ES", "ar_AR"]);
}

#[test]
fn counts_are_written_in_the_language() {
    let d = bundled();
    let description = |lang| page_meta(&d, "/", "T", None, lang).description;
    assert!(description(Lang::De).starts_with("5 Personen"));
    assert!(description(Lang::Zh).starts_with("5位研究人员："));
    assert!(description(Lang::Es).starts_with("5 investigadores:"));
    assert!(description(Lang::Ar).starts_with("٥ باحثين"));
}

#[test]
fn a_profile_is_described_in_the_texts_its_records_translate() {
    let mut d = bundled();
    let r = d
        .researchers
        .iter_mut()
        .find(|r| r.id.as_str() == "luo-mai")
        .unwrap();
    r.translations.insert(
        "de".into(),
        crate::model::ResearcherText {
            title: Some("Assistenzprofessor".into()),
            summary: None,
        },
    );
    let o = d
        .organizations
        .iter_mut()
        .find(|o| o.id.as_str() == "edinburgh")
        .unwrap();
    o.translations.insert(
        "de".into(),
        crate::model::OrgText {
            name: Some("Universität Edinburgh".into()),
            short_name: None,
        },
    );
    let describe = |lang| page_meta(&d, "/researchers/luo-mai", "T", None, lang).description;
    let german = describe(Lang::De);
    assert!(german.starts_with("Assistenzprofessor"), "{german}");
    assert!(german.contains("Universität Edinburgh"), "{german}");
    // Spanish has no translation: the dataset's own texts.
    let spanish = describe(Lang::Es);
    assert!(
        spanish.contains("Assistant Professor") && spanish.contains("University of Edinburgh"),
        "{spanish}"
    );
}
