//! `prerender --dist DIR --data FILE [--max-profiles N]`: writes the static HTML of every route
//! into a built site (`cargo xtask dist` runs it after trunk and `build-data`).
//!
//! Each page is the app's own views rendered natively ([`research_atlas::ui::prerender`]) inside
//! the app's shell (`DIR/404.html`), with its title, description, canonical URL, Open Graph and
//! schema.org tags ([`research_atlas::search::page_meta`]). A static host then answers every
//! route with its content (status 200), and the app takes the page over when it starts. With
//! `config.site_url` set, `sitemap.xml` and `robots.txt` are written too.

mod shell;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use research_atlas::files::{paths, people};
use research_atlas::lang::Lang;
use research_atlas::model::Dataset;
use research_atlas::site::meta::{head_html, page_meta, robots_txt, sitemap_xml};
use research_atlas::site::pages::prerendered;
use research_atlas::site::{AppRoute, Languages};
use research_atlas::ui::host::StaticPage;
use research_atlas::ui::prerender::render;
use research_atlas::ui::state::data::StaticData;

use shell::Shell;

/// What to render, and where.
struct Options {
    dist: PathBuf,
    data: PathBuf,
    max_profiles: Option<usize>,
}

fn main() -> ExitCode {
    match parse(std::env::args().skip(1)).and_then(|o| run(&o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("prerender: {e}");
            ExitCode::FAILURE
        }
    }
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut opts = Options {
        dist: PathBuf::from("dist"),
        data: PathBuf::from(research_atlas::files::paths::DATASET),
        max_profiles: None,
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--dist" => opts.dist = value()?.into(),
            "--data" => opts.data = value()?.into(),
            "--max-profiles" => {
                let v = value()?;
                opts.max_profiles = Some(v.parse().map_err(|_| format!("--max-profiles {v}"))?);
            }
            _ => return Err(format!("unknown argument {flag}")),
        }
    }
    Ok(opts)
}

fn run(opts: &Options) -> Result<(), String> {
    let started = Instant::now();
    let shell = Shell::new(read(&opts.dist.join("404.html"))?)?;
    let base = shell.base();
    let year = this_year();
    let loaded = research_atlas::model::load(&read(&opts.data)?, year + 1)
        .map_err(|e| format!("{}: {e}", opts.data.display()))?;
    let site_url = (loaded.dataset.config.as_ref()).and_then(|c| c.site_url.clone());
    let languages = Languages::new(
        (loaded.dataset.config.as_ref())
            .map(|c| c.site_languages())
            .unwrap_or_default(),
    );
    let data = StaticData::new(loaded);
    let routes = prerendered(
        data.organizations.orgs.iter().map(|o| o.id.as_str()),
        data.atlas.cards.iter().map(|c| c.id.as_str()),
        opts.max_profiles,
    );
    // Every route in every language, the root's language first.
    let pages_to_write: Vec<(Lang, AppRoute)> = (languages.all().iter())
        .flat_map(|&lang| routes.iter().map(move |r| (lang, r.clone())))
        .collect();
    let paths: Vec<String> = (pages_to_write.iter())
        .map(|(lang, route)| languages.path(*lang, route))
        .collect();
    let loaded = started.elapsed();
    let full = (data.atlas.full.clone()).ok_or("the directory was not loaded whole")?;
    let compiled = &data.atlas.compiled;
    let packs = (compiled.is_clean())
        .then(|| compiled.cards.iter().enumerate())
        .into_iter()
        .flatten()
        .map(|(i, card)| {
            (
                card.id.as_str(),
                people::pack_of(i, people::pack_size(compiled.cards.len())),
            )
        })
        .collect();
    // Each language's data: the directory in its name order where that differs.
    let in_lang: HashMap<Lang, StaticData> = (languages.all().iter())
        .map(|&lang| (lang, data.in_lang(lang)))
        .collect();
    let pages = Pages {
        data: &in_lang,
        packs,
        dataset: &full.loaded.dataset,
        shell: &shell,
        base: &base,
        year,
        site_url: site_url.as_deref(),
        languages: &languages,
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let written: Result<Vec<u64>, String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (pages, todo, dist) = (&pages, &pages_to_write, &opts.dist);
                s.spawn(move || -> Result<u64, String> {
                    let mut bytes = 0;
                    for (lang, route) in todo.iter().skip(w).step_by(workers) {
                        bytes += pages.write(dist, *lang, route)?;
                    }
                    Ok(bytes)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .map_err(|_| "a rendering thread panicked".to_owned())?
            })
            .collect()
    });
    let bytes: u64 = written?.iter().sum();
    // The shell the host answers unknown paths with speaks the root's language.
    let not_found = opts.dist.join("404.html");
    write(
        &not_found,
        shell.localized(languages.first(), &languages).html(),
    )?;
    if let Some(site) = site_url.as_deref() {
        write(&opts.dist.join("sitemap.xml"), &sitemap_xml(site, &paths))?;
        write(&opts.dist.join("robots.txt"), &robots_txt(site))?;
    }
    eprintln!(
        "prerender: {} pages, {:.1} MB, in {:.1} s (loading {:.1} s){}",
        paths.len(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64(),
        loaded.as_secs_f64(),
        if site_url.is_some() {
            "; sitemap.xml and robots.txt"
        } else {
            ""
        },
    );
    Ok(())
}

/// Renders pages into the shell.
struct Pages<'a> {
    /// The data of each language's pages.
    data: &'a HashMap<Lang, StaticData>,
    /// The pack of each profile's records, by id: empty when the directory has something to
    /// warn of (the app then loads the directory, to show the warning as the page does).
    packs: HashMap<&'a str, usize>,
    dataset: &'a Dataset,
    shell: &'a Shell,
    base: &'a str,
    year: u16,
    site_url: Option<&'a str>,
    languages: &'a Languages,
}

impl Pages<'_> {
    /// Writes the page of `route` in `lang` as `dist/<path>/index.html`; its size.
    fn write(&self, dist: &Path, lang: Lang, route: &AppRoute) -> Result<u64, String> {
        let path = self.languages.path(lang, route);
        let data = self.data.get(&lang).ok_or("a language without its data")?;
        let rendered = render(
            data,
            StaticPage {
                base: self.base.to_owned(),
                path: path.clone(),
                origin: self.site_url.map(origin_of).unwrap_or_default(),
                year: self.year,
                title: String::new(),
                lang,
                languages: self.languages.clone(),
            },
        );
        let mut meta = page_meta(
            self.dataset,
            &route.path(),
            &rendered.title,
            self.site_url,
            lang,
        );
        meta.localize(self.languages, lang, route, self.site_url);
        meta.pack = match route {
            AppRoute::Profile { id, .. } => self.packs.get(id.as_str()).copied(),
            _ => None,
        };
        let mut head = head_html(&meta);
        if lang != Lang::En {
            // The app has English in it and fetches this language's texts before it starts.
            // (The head's tags come before `<base href>`: the path is the site's own.)
            head.push_str(&format!(
                "\n    <link rel=\"preload\" href=\"{}/{}\" as=\"fetch\" crossorigin=\"anonymous\" />",
                self.base,
                paths::catalogue(lang)
            ));
        }
        let html = (self.shell.localized(lang, self.languages)).page(
            &rendered.title,
            &head,
            &rendered.body,
        );
        let dir = dist.join(path.trim_start_matches('/'));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        write(&dir.join("index.html"), &html)?;
        Ok(html.len() as u64)
    }
}

/// The origin of a site address: `https://lab.example` of `https://lab.example/atlas/`.
fn origin_of(site_url: &str) -> String {
    let host_start = site_url.find("://").map_or(0, |i| i + 3);
    let end = site_url[host_start..]
        .find('/')
        .map_or(site_url.len(), |i| host_start + i);
    site_url[..end].to_owned()
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The current year (UTC), from the system clock.
fn this_year() -> u16 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days to a civil date (Howard Hinnant's algorithm), keeping only the year.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let month_index = (5 * doy + 2) / 153;
    let year = yoe + era * 400 + i64::from(month_index >= 10);
    year as u16
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod units {
    use super::*;

    #[test]
    fn the_year_comes_from_the_clock() {
        assert!((2025..2100).contains(&this_year()));
    }

    #[test]
    fn the_origin_is_the_site_address_without_its_path() {
        assert_eq!(
            origin_of("https://lab.example/atlas/"),
            "https://lab.example"
        );
        assert_eq!(origin_of("http://127.0.0.1:8080/"), "http://127.0.0.1:8080");
    }

    #[test]
    fn only_plain_ids_become_folders() {
        use research_atlas::site::pages::folder_safe;
        assert!(folder_safe("luo-mai"));
        assert!(!folder_safe("../etc"));
        assert!(!folder_safe(".hidden"));
        assert!(!folder_safe("a/b"));
        assert!(!folder_safe(""));
    }
}
