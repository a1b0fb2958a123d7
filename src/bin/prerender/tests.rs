//! The pre-renderer on the bundled dataset: every route written, each with its content, links
//! and head tags.

use std::path::PathBuf;

use research_atlas::model::Researcher;
use research_atlas::site::meta::escape_html;

use super::*;

const SHELL: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"utf-8\" />\n    \
    <meta name=\"description\" content=\"Research Atlas: a directory.\" />\n    <title>Research Atlas</title>\n    \
    <base href=\"/atlas/\" />\n  </head>\n  <body>\n    \
    <noscript>Research Atlas needs JavaScript and WebAssembly to run.</noscript>\n  </body>\n</html>\n";

/// A site folder with the shell, and the bundled dataset with `site_url` set when given.
fn site(name: &str, site_url: Option<&str>) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("atlas-prerender-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("404.html"), SHELL).unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut json: serde_json::Value =
        serde_json::from_str(&read(&root.join("data/researchers.json")).unwrap()).unwrap();
    if let Some(url) = site_url {
        json["config"]["site_url"] = url.into();
    }
    let data = dir.join("researchers.json");
    std::fs::write(&data, json.to_string()).unwrap();
    (dir, data)
}

fn options(dist: PathBuf, data: PathBuf, max_profiles: Option<usize>) -> Options {
    Options {
        dist,
        data,
        max_profiles,
    }
}

fn dataset(data: &Path) -> Dataset {
    research_atlas::model::load(&read(data).unwrap(), 2100)
        .unwrap()
        .dataset
}

/// `text` as the renderer writes it in an element.
fn as_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn page(dist: &Path, path: &str) -> String {
    read(&dist.join(path).join("index.html")).unwrap()
}

#[test]
fn a_profile_page_has_the_person_every_paper_and_its_head_tags() {
    let (dist, data) = site("profile", None);
    run(&options(dist.clone(), data.clone(), None)).unwrap();
    let d = dataset(&data);
    for r in &d.researchers {
        let html = page(&dist, &format!("researchers/{}", r.id));
        let title = escape_html(&format!("{} — Research Atlas", r.name));
        assert!(html.contains(&format!("<title>{title}</title>")));
        let heading = format!("<h1><bdi>{}</bdi>", as_text(&r.name));
        assert!(html.contains(&heading), "{}", r.id);
        for p in d
            .publications
            .iter()
            .filter(|p| r.publications.contains(&p.id))
        {
            assert!(html.contains(&as_text(&p.title)), "{}: {}", r.id, p.title);
        }
        assert!(html.contains("<meta name=\"description\" content=\""));
        assert!(html.contains("<meta property=\"og:type\" content=\"profile\" />"));
        assert!(html.contains("<script type=\"application/ld+json\">"));
        assert!(html.contains("<div id=\"atlas-static\">"));
        assert!(!html.contains("data-testid"), "test ids stay the app's");
        assert!(!html.contains("noscript"));
        // No canonical URL without a configured site.
        assert!(!html.contains("rel=\"canonical\""));
        // The pack of their records (five researchers: one pack), for the app to fetch alone.
        assert!(html.contains("<meta name=\"atlas-pack\" content=\"0\" />"));
    }
    assert!(
        !page(&dist, "").contains("atlas-pack"),
        "only profiles name a pack"
    );
    assert!(!dist.join("sitemap.xml").exists() && !dist.join("robots.txt").exists());
    let _ = std::fs::remove_dir_all(&dist);
}

#[test]
fn the_directory_page_lists_everyone_with_links_under_the_base() {
    let (dist, data) = site("home", None);
    run(&options(dist.clone(), data.clone(), None)).unwrap();
    let home = page(&dist, "");
    for r in &dataset(&data).researchers {
        assert!(home.contains(&as_text(&r.name)), "{}", r.name);
        assert!(home.contains(&format!("href=\"/atlas/researchers/{}", r.id)));
    }
    for path in [
        "publications",
        "compare",
        "connections",
        "shortlist",
        "organizations",
        "experts",
    ] {
        assert!(
            page(&dist, path).contains("<div id=\"atlas-static\">"),
            "{path}"
        );
    }
    let _ = std::fs::remove_dir_all(&dist);
}

#[test]
fn with_a_site_url_pages_are_canonical_and_the_sitemap_lists_every_route() {
    let (dist, data) = site("sitemap", Some("https://lab.example/atlas/"));
    run(&options(dist.clone(), data.clone(), Some(2))).unwrap();
    let d = dataset(&data);
    let sitemap = read(&dist.join("sitemap.xml")).unwrap();
    let written: Vec<&Researcher> = d
        .researchers
        .iter()
        .filter(|r| dist.join("researchers").join(r.id.as_str()).exists())
        .collect();
    assert_eq!(written.len(), 2, "--max-profiles caps the profiles");
    for r in &written {
        let url = format!("https://lab.example/atlas/researchers/{}", r.id);
        assert!(sitemap.contains(&format!("<loc>{url}</loc>")), "{url}");
        let html = page(&dist, &format!("researchers/{}", r.id));
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{url}\" />")));
    }
    assert!(sitemap.contains("<loc>https://lab.example/atlas/</loc>"));
    assert!(sitemap.contains("<loc>https://lab.example/atlas/publications</loc>"));
    let robots = read(&dist.join("robots.txt")).unwrap();
    assert!(robots.contains("Sitemap: https://lab.example/atlas/sitemap.xml"));
    let _ = std::fs::remove_dir_all(&dist);
}

/// Every page in the languages the dataset translates into: its records' texts in the page's
/// language, the dataset's own marked with `lang="en"`.
#[test]
fn pages_in_another_language_show_the_texts_the_dataset_translates() {
    let (dist, data) = site("translated", None);
    let mut json: serde_json::Value = serde_json::from_str(&read(&data).unwrap()).unwrap();
    for o in json["organizations"].as_array_mut().unwrap() {
        if o["id"] == "edinburgh" {
            o["translations"] = serde_json::json!({
                "de": {"name": "Universität Edinburgh"},
                "zh": {"name": "爱丁堡大学", "short_name": "爱丁堡"}
            });
        }
    }
    for t in json["topics"].as_array_mut().unwrap() {
        if t["id"] == "ml-systems" {
            t["translations"] = serde_json::json!({"de": {"name": "ML-Systeme"}});
        }
    }
    for r in json["researchers"].as_array_mut().unwrap() {
        if r["id"] == "luo-mai" {
            r["translations"] = serde_json::json!({"de": {
                "title": "Assistenzprofessor",
                "summary": "Luo Mai forscht an Systemen für maschinelles Lernen."
            }});
        }
    }
    std::fs::write(&data, json.to_string()).unwrap();
    run(&options(dist.clone(), data.clone(), None)).unwrap();

    let german = page(&dist, "de/researchers/luo-mai");
    for text in [
        "<p class=\"profile-summary\">Luo Mai forscht an Systemen für maschinelles Lernen.</p>",
        "<bdi>Assistenzprofessor</bdi>",
        "<bdi>Universität Edinburgh</bdi>",
        "<li class=\"chip static\">ML-Systeme</li>",
        // A topic German has no name for: the dataset's, marked as English.
        "<li lang=\"en\" class=\"chip static\">Distributed systems</li>",
    ] {
        assert!(german.contains(text), "{text}");
    }
    assert!(german.contains("<meta name=\"description\" content=\"Assistenzprofessor"));
    // Spanish has none: the dataset's texts, marked.
    let spanish = page(&dist, "es/researchers/luo-mai");
    assert!(spanish.contains("<p lang=\"en\" class=\"profile-summary\">"));
    assert!(spanish.contains("<bdi lang=\"en\">Assistant Professor</bdi>"));
    // English pages are as they were: no lang marks.
    let english = page(&dist, "researchers/luo-mai");
    assert!(english.contains("<p class=\"profile-summary\">"));
    assert!(english.contains("<li class=\"chip static\">Distributed systems</li>"));

    // The directory: the card's title and organization, the facets' names.
    let directory = page(&dist, "de");
    assert!(directory.contains("Assistenzprofessor"));
    assert!(directory.contains("ML-Systeme"));
    let chinese = page(&dist, "zh");
    assert!(chinese.contains(">爱丁堡</a>"), "the card's organization");
    assert!(page(&dist, "zh/organizations").contains("爱丁堡大学"));
    let _ = std::fs::remove_dir_all(&dist);
}
