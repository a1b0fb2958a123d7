//! The tests: the flows where engines differ (history, storage, clipboard, SVG, CSS colour
//! functions, service workers, input events), each run at `/` and under `/atlas/`. The bundled
//! dataset's five researchers are the fixture, as in the Playwright suite.

use std::time::Instant;

use fantoccini::Locator;
use serde_json::json;

use crate::page::{Outcome, Page};

/// One test of the suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// The app boots and paints the first cards.
    Boot,
    /// A query typed into the box goes into the URL and survives a reload.
    SearchInUrl,
    /// Back and Forward step through a query and a filter.
    BackForward,
    /// A profile opened from its URL lists its papers; Cite shows the BibTeX and copies it.
    ProfileCite,
    /// A profile URL with a fragment keeps that paper at the top of the window through the
    /// app's takeover of the pre-rendered page.
    FragmentTakeover,
    /// A facet checkbox filters the cards.
    FacetFilters,
    /// `/compare?ids=…` shows what two researchers share.
    Compare,
    /// `/connections` draws the graph, and the zoom buttons change the drawing.
    Connections,
    /// `/publications` from its compiled files: the list, a text filter (word shards) and a type
    /// filter (the attributes file), each in the URL.
    Publications,
    /// A star on a card persists through a reload and fills `/shortlist`.
    Shortlist,
    /// The theme toggle sets `data-theme`, the colours follow, and the choice is remembered.
    Theme,
    /// After one visit the service worker answers a reload with the server gone.
    OfflineReload,
    /// 300 characters typed with no delay, then a new query: the results are the new query's.
    FastTyping,
    /// The site redeployed with other data under the open directory: a title word then shows
    /// the update notice, never a mix, and its Reload shows the new data.
    Redeploy,
}

impl Test {
    /// Every test, in the order they run.
    pub const ALL: [Test; 14] = [
        Test::Boot,
        Test::SearchInUrl,
        Test::BackForward,
        Test::ProfileCite,
        Test::FragmentTakeover,
        Test::FacetFilters,
        Test::Compare,
        Test::Connections,
        Test::Publications,
        Test::Shortlist,
        Test::Theme,
        Test::OfflineReload,
        Test::FastTyping,
        Test::Redeploy,
    ];

    /// The name printed in `test … ok` lines and accepted by `--test`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Boot => "boot",
            Self::SearchInUrl => "search_in_url",
            Self::BackForward => "back_forward",
            Self::ProfileCite => "profile_cite",
            Self::FragmentTakeover => "fragment_takeover",
            Self::FacetFilters => "facet_filters",
            Self::Compare => "compare",
            Self::Connections => "connections",
            Self::Publications => "publications",
            Self::Shortlist => "shortlist",
            Self::Theme => "theme",
            Self::OfflineReload => "offline_reload",
            Self::FastTyping => "fast_typing",
            Self::Redeploy => "redeploy",
        }
    }

    /// Runs the test in a fresh session.
    pub async fn run(self, p: &Page<'_>) -> Outcome {
        match self {
            Self::Boot => boot(p).await,
            Self::SearchInUrl => search_in_url(p).await,
            Self::BackForward => back_forward(p).await,
            Self::ProfileCite => profile_cite(p).await,
            Self::FragmentTakeover => fragment_takeover(p).await,
            Self::FacetFilters => facet_filters(p).await,
            Self::Compare => compare(p).await,
            Self::Connections => connections(p).await,
            Self::Publications => publications(p).await,
            Self::Shortlist => shortlist(p).await,
            Self::Theme => theme(p).await,
            Self::OfflineReload => offline_reload(p).await,
            Self::FastTyping => fast_typing(p).await,
            Self::Redeploy => redeploy(p).await,
        }
    }
}

const EVERYONE: [&str; 5] = [
    "Frank Sifei Luan",
    "Jiachen Liu",
    "Luo Mai",
    "Michael Luo",
    "Tao Luo",
];
const SEARCH: Locator<'static> = Locator::Css("#search-input");

/// The checkbox of `label` in the facet `facet` (its `data-testid` is `facet-{facet}`).
fn facet_checkbox(facet: &str, label: &str) -> String {
    format!(
        "//*[@data-testid='facet-{facet}']//li[.//*[contains(@class,'facet-label') and normalize-space()='{label}']]//input[@type='checkbox']"
    )
}

/// Opens the directory and waits for all five cards.
async fn directory(p: &Page<'_>) -> Outcome {
    p.open("").await?;
    p.card_names(&EVERYONE).await
}

async fn boot(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    p.until_eq("the title", "document.title", json!("Research Atlas"))
        .await?;
    p.until_eq(
        "the page's language and landmarks",
        "[document.documentElement.lang, !!$('main'), !!$('meta[http-equiv=\"Content-Security-Policy\"]')]",
        json!(["en", true, true]),
    )
    .await?;
    // The cards are laid out, not only in the DOM.
    p.until_eq(
        "every card laid out with a size",
        "cards().every((c) => c.getBoundingClientRect().height > 0)",
        json!(true),
    )
    .await
}

async fn search_in_url(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    p.type_into(SEARCH, "skypil").await?;
    p.card_names(&["Michael Luo", "Frank Sifei Luan"]).await?;
    p.url_param("q", Some("skypil")).await?;
    p.until_eq(
        "the match reason marks the typed prefix",
        "text($('mark', $(tid('match-reason'))))",
        json!("SkyPil"),
    )
    .await?;
    p.reload().await?;
    p.card_names(&["Michael Luo", "Frank Sifei Luan"]).await?;
    p.until_eq(
        "the box shows the query after the reload",
        "$('#search-input').value",
        json!("skypil"),
    )
    .await
}

async fn back_forward(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    p.type_into(SEARCH, "luo").await?;
    p.card_names(&["Michael Luo", "Tao Luo", "Luo Mai"]).await?;
    p.url_param("q", Some("luo")).await?;
    p.click(Locator::XPath(&facet_checkbox("stage", "Faculty")))
        .await?;
    p.card_names(&["Luo Mai"]).await?;
    p.url_param("stage", Some("faculty")).await?;
    p.back().await?;
    p.card_names(&["Michael Luo", "Tao Luo", "Luo Mai"]).await?;
    p.until_eq(
        "the box after Back",
        "$('#search-input').value",
        json!("luo"),
    )
    .await?;
    // Typing "luo" was one history entry: one more Back is the empty directory.
    p.back().await?;
    p.card_names(&EVERYONE).await?;
    p.until_eq(
        "the box after a second Back",
        "$('#search-input').value",
        json!(""),
    )
    .await?;
    p.forward().await?;
    p.card_names(&["Michael Luo", "Tao Luo", "Luo Mai"]).await?;
    p.url_param("q", Some("luo")).await
}

async fn profile_cite(p: &Page<'_>) -> Outcome {
    // Opened cold: the pre-rendered page, which the app then takes over.
    p.open("researchers/michael-luo").await?;
    p.until_eq(
        "the profile's heading",
        "text($(tid('profile') + ' h1'))",
        json!("Michael Luo"),
    )
    .await?;
    p.until_eq(
        "16 publications listed",
        "[$$(tid('publication')).length, text($(tid('publication-count')))]",
        json!([16, "16 publications"]),
    )
    .await?;
    let entry = "//*[@data-testid='publication'][contains(., 'SkyPilot: An Intercloud Broker')]";
    p.click(Locator::XPath(&format!(
        "{entry}//button[normalize-space()='Cite']"
    )))
    .await?;
    let bib = "$$(tid('publication')).find((e) => e.textContent.includes('SkyPilot: An Intercloud Broker')).querySelector(tid('bibtex'))";
    p.until(
        "the BibTeX of SkyPilot",
        &format!("{bib}?.value ?? null"),
        |v| {
            v.as_str().is_some_and(|s| {
                s.starts_with("@inproceedings{yang2023skypilot,")
                    && s.contains("pages = {437--455}")
            })
        },
    )
    .await?;
    p.click(Locator::XPath(&format!(
        "{entry}//button[normalize-space()='Copy BibTeX']"
    )))
    .await?;
    let status = p
        .until(
            "a copy status",
            &format!("text({bib}.closest('.cite').querySelector('[role=status]'))"),
            |v| v.as_str().is_some_and(|s| !s.is_empty()),
        )
        .await?;
    let status = status.as_str().unwrap_or_default();
    if status == "Copied to the clipboard" {
        p.note("clipboard: copied");
        Ok(())
    } else if status.contains("press Ctrl+C") {
        // The fallback: the whole BibTeX is selected in the focused text area.
        p.note("clipboard: refused, BibTeX selected for Ctrl+C");
        p.until_eq(
            "the BibTeX focused and wholly selected",
            &format!(
                "(() => {{ const a = {bib}; return document.activeElement === a && a.selectionStart === 0 && a.selectionEnd === a.value.length; }})()"
            ),
            json!(true),
        )
        .await
    } else {
        Err(format!("unexpected copy status {status:?}"))
    }
}

async fn fragment_takeover(p: &Page<'_>) -> Outcome {
    // A paper in the middle of Luo Mai's list: the browser scrolls the static page to it.
    p.open("researchers/luo-mai#pub-gear-icml-2023").await?;
    let top = "Math.round($('#pub-gear-icml-2023').getBoundingClientRect().top)";
    p.until_eq(
        "the static page scrolled to the paper",
        &format!("[!!$('#atlas-static'), scrollY > 0, {top}]"),
        json!([true, true, 0]),
    )
    .await?;
    // The app replaces the static page with its own, laid out the same: the paper stays put.
    p.until_eq(
        "the app's page in place, the paper still at the top",
        &format!("[!!$('#atlas-static'), !!$('.atlas-root'), scrollY > 0, {top}]"),
        json!([false, true, true, 0]),
    )
    .await
}

async fn facet_filters(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    let phd = facet_checkbox("stage", "PhD student");
    p.click(Locator::XPath(&phd)).await?;
    p.card_names(&["Michael Luo", "Tao Luo"]).await?;
    p.url_param("stage", Some("phd_student")).await?;
    p.until(
        "an active-filter chip",
        "text($(tid('active-filters')))",
        |v| {
            v.as_str()
                .is_some_and(|s| s.contains("Career stage: PhD student"))
        },
    )
    .await?;
    // Unchecking brings everyone back.
    p.click(Locator::XPath(&phd)).await?;
    p.card_names(&EVERYONE).await?;
    p.url_param("stage", None).await
}

async fn compare(p: &Page<'_>) -> Outcome {
    p.open("compare?ids=michael-luo,frank-sifei-luan").await?;
    p.until_eq(
        "two columns in URL order",
        "$$(tid('compare-column')).map((c) => c.textContent.includes('Michael Luo') ? 'michael' : c.textContent.includes('Frank Sifei Luan') ? 'frank' : '?')",
        json!(["michael", "frank"]),
    )
    .await?;
    p.until_eq(
        "what they share",
        "[text($(tid('shared-papers'))).includes('SkyPilot'), text($(tid('shared-advisors'))).includes('Ion Stoica'), text($(tid('shared-organizations'))).includes('UC Berkeley')]",
        json!([true, true, true]),
    )
    .await?;
    // The careers' SVG is drawn with a size, and has bars in it.
    p.until_eq(
        "the timeline drawn",
        "(() => { const s = $(tid('timeline') + ' svg'); if (!s) return false; const r = s.getBoundingClientRect(); return r.width > 0 && r.height > 0 && s.querySelectorAll('rect').length > 0; })()",
        json!(true),
    )
    .await
}

async fn connections(p: &Page<'_>) -> Outcome {
    p.open("connections").await?;
    p.until_eq("five nodes", "$$(tid('graph-node')).length", json!(5))
        .await?;
    p.until_eq(
        "edges drawn and listed",
        "(() => { const n = $$(tid('graph-edge')).length; return n > 0 && n === $$(tid('edge-row')).length; })()",
        json!(true),
    )
    .await?;
    p.until_eq(
        "nodes inside the drawing, with a rendered size",
        "$$(tid('graph-node')).every((n) => { const c = $('circle', n); const [x, y] = [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]; const b = c.getBBox(); return x >= 0 && x <= 900 && y >= 0 && y <= 560 && b.width > 0; })",
        json!(true),
    )
    .await?;
    let view_box = "$(tid('graph')).getAttribute('viewBox')";
    let before = p.eval(&format!("return {view_box};"), vec![]).await?;
    // The drawing's scale as the engine renders it: screen pixels per SVG unit.
    let scale = "$(tid('graph')).getScreenCTM().a";
    let scale_before = p.eval(&format!("return {scale};"), vec![]).await?;
    p.click(Locator::Css("button[aria-label='Zoom in']"))
        .await?;
    p.until("the view box after Zoom in", view_box, |v| {
        *v != before && !v.is_null()
    })
    .await?;
    p.until("the rendered scale after Zoom in", scale, |v| {
        v.as_f64() > scale_before.as_f64()
    })
    .await?;
    p.click(Locator::XPath("//button[normalize-space()='Reset view']"))
        .await?;
    p.until_eq("the view box after Reset view", view_box, before)
        .await
}

async fn publications(p: &Page<'_>) -> Outcome {
    p.open("publications").await?;
    // The app's list (the static page's is gone), every paper once.
    p.until_eq(
        "the app's list of 43",
        "[!!$('#atlas-static'), $$(tid('publication')).length, text($(tid('publication-count')))]",
        json!([false, 43, "43 publications"]),
    )
    .await?;
    p.type_into(Locator::Css("input.pub-search"), "stoica")
        .await?;
    p.url_param("pq", Some("stoica")).await?;
    let count = "text($(tid('publication-count')))";
    p.until("the text filter's count", count, |v| {
        v.as_str().is_some_and(|s| {
            s.ends_with(" of 43 publications") && !s.starts_with("0 ") && !s.starts_with("43 ")
        })
    })
    .await?;
    let filtered = p.eval(&format!("return {count};"), vec![]).await?;
    p.click(Locator::XPath(
        "//*[@role='group' and @aria-label='Type']//button[starts-with(normalize-space(), 'Conference')]",
    ))
    .await?;
    p.url_param("ptype", Some("conference")).await?;
    p.until("the type filter's count", count, |v| {
        *v != filtered
            && v.as_str()
                .is_some_and(|s| s.ends_with(" of 43 publications"))
    })
    .await?;
    p.until_eq(
        "only conference papers",
        "$$(tid('publication')).every((e) => text($('.pub-venue', e)).endsWith('· Conference'))",
        json!(true),
    )
    .await
}

async fn shortlist(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    let star = Locator::Css("button[aria-label='Shortlist Michael Luo']");
    p.click(star).await?;
    let state = "[text($(tid('nav-shortlist'))), $(\"button[aria-label='Shortlist Michael Luo']\")?.getAttribute('aria-pressed')]";
    p.until("the star pressed and counted", state, |v| {
        v[0].as_str().is_some_and(|s| s.contains("(1)")) && v[1] == json!("true")
    })
    .await?;
    p.reload().await?;
    p.card_names(&EVERYONE).await?;
    p.until("the star still pressed after a reload", state, |v| {
        v[0].as_str().is_some_and(|s| s.contains("(1)")) && v[1] == json!("true")
    })
    .await?;
    p.click(Locator::Css("[data-testid='nav-shortlist']"))
        .await?;
    p.until_eq(
        "the shortlist page lists Michael Luo",
        "[location.pathname.endsWith('/shortlist'), $$(tid('shortlist-item')).map((i) => i.textContent.includes('Michael Luo'))]",
        json!([true, [true]]),
    )
    .await
}

async fn theme(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    let state = "[document.documentElement.getAttribute('data-theme'), getComputedStyle(document.documentElement).backgroundColor]";
    // The system's choice first (headless engines report light).
    p.until_eq(
        "no theme chosen, system light colours",
        state,
        json!([null, "rgb(247, 247, 245)"]),
    )
    .await?;
    let toggle = Locator::Css("[data-testid='theme-toggle']");
    p.click(toggle).await?;
    p.until_eq(
        "light chosen",
        state,
        json!(["light", "rgb(247, 247, 245)"]),
    )
    .await?;
    p.click(toggle).await?;
    // light-dark() in the theme follows data-theme through color-scheme.
    p.until_eq("dark chosen", state, json!(["dark", "rgb(17, 20, 24)"]))
        .await?;
    p.reload().await?;
    p.card_names(&EVERYONE).await?;
    p.until_eq(
        "dark remembered after a reload",
        state,
        json!(["dark", "rgb(17, 20, 24)"]),
    )
    .await?;
    p.until(
        "the toggle names the theme",
        "text($(tid('theme-toggle')))",
        |v| v.as_str().is_some_and(|s| s.contains("Dark theme")),
    )
    .await
    .map(drop)
}

async fn offline_reload(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    p.until_eq(
        "a service worker controlling the page",
        "navigator.serviceWorker?.controller ? 'controlled' : navigator.serviceWorker ? 'not yet' : 'no navigator.serviceWorker'",
        json!("controlled"),
    )
    .await?;
    // The error recorder is the suite's, not the app's: keep it in the app's cache too, so the
    // offline page loads it and its errors are still seen.
    let kept = p
        .eval_async(
            "(async () => {
               const mine = `research-atlas ${new URL(document.baseURI).pathname} `;
               const name = (await caches.keys()).find((n) => n.startsWith(mine));
               if (!name) return `no cache named ${mine}…`;
               await (await caches.open(name)).add('__atlas_errors.js');
               return 'kept';
             })().then(done, (e) => done(String(e)));",
            vec![],
        )
        .await?;
    if kept != json!("kept") {
        return Err(format!("could not keep the error recorder offline: {kept}"));
    }
    p.site().stop();
    let offline = async {
        // Reloaded by the page, as F5 does: WebDriver's Refresh in Firefox bypasses the
        // service worker (it gets the network error page), which no user's reload does.
        p.reload_from_page().await?;
        p.card_names(&EVERYONE).await?;
        p.until_eq(
            "the reloaded page controlled by the worker",
            "!!navigator.serviceWorker.controller",
            json!(true),
        )
        .await?;
        // Publication titles are searched from precached shards.
        p.type_into(SEARCH, "intercloud").await?;
        p.card_names(&["Michael Luo", "Frank Sifei Luan"]).await?;
        // A deep link opened offline: the worker answers with the app's page.
        p.open("researchers/tao-luo").await?;
        p.until_eq(
            "Tao Luo's profile offline",
            "text($(tid('profile') + ' h1'))",
            json!("Tao Luo"),
        )
        .await
    }
    .await;
    let back = p.site().resume();
    offline.and(back)
}

async fn fast_typing(p: &Page<'_>) -> Outcome {
    directory(p).await?;
    let burst: String = "sky computing serverless gpu clusters "
        .chars()
        .cycle()
        .take(300)
        .collect();
    // Counts the app's history writes (and passes them on): WebKit throws after 100 in 10 s.
    p.eval(
        "window.__atlasHistoryWrites = 0;
         for (const name of ['pushState', 'replaceState']) {
           const write = History.prototype[name];
           History.prototype[name] = function (...args) {
             window.__atlasHistoryWrites += 1;
             return write.apply(this, args);
           };
         }",
        vec![],
    )
    .await?;
    let typing = Instant::now();
    p.type_into(SEARCH, &burst).await?;
    let typed_in = typing.elapsed().as_secs_f64();
    p.until_eq(
        "all 300 characters in the box",
        "$('#search-input').value.length",
        json!(300),
    )
    .await?;
    p.url_param("q", Some(&burst)).await?;
    let writes = p
        .eval("return window.__atlasHistoryWrites;", vec![])
        .await?;
    p.note(format!(
        "300 keys sent in {typed_in:.1} s, {writes} history writes"
    ));
    // Clear it as a user does: select all, delete.
    p.type_into(SEARCH, "\u{E009}a\u{E000}\u{E003}").await?;
    p.until_eq("an empty box", "$('#search-input').value", json!(""))
        .await?;
    p.card_names(&EVERYONE).await?;
    p.type_into(SEARCH, "edinb").await?;
    p.card_names(&["Luo Mai"]).await?;
    p.url_param("q", Some("edinb")).await
}

async fn redeploy(p: &Page<'_>) -> Outcome {
    let site = p.site();
    let slug = site.prefix.replace('/', "_");
    let root = std::env::temp_dir().join(format!("atlas-redeploy-{}{slug}", std::process::id()));
    crate::site::replace_tree(&root, &site.dist)?;
    site.serve_from(&root)?;
    let outcome = async {
        directory(p).await?;
        // The service worker precaches the generation's files (title shards too), so whether
        // the old shard is still at hand would depend on how far its install got: wait until it
        // controls the page (its install done), then empty this site's caches, so the shard can
        // only come from the host — a visitor whose browser never kept it.
        p.until_eq(
            "a service worker controlling the page",
            "!!navigator.serviceWorker?.controller",
            json!(true),
        )
        .await?;
        let emptied = p
            .eval_async(
                "(async () => {
                   await navigator.serviceWorker.ready;
                   const mine = `research-atlas ${new URL(document.baseURI).pathname} `;
                   for (const name of await caches.keys()) {
                     if (name.startsWith(mine)) await caches.delete(name);
                   }
                   return 'emptied';
                 })().then(done, (e) => done(String(e)));",
                vec![],
            )
            .await?;
        if emptied != json!("emptied") {
            return Err(format!("could not empty the site's caches: {emptied}"));
        }
        crate::site::replace_tree(&root, &site.next())?;
        // A title word needs the old generation's shard, which the host no longer has.
        p.type_into(SEARCH, "serverless").await?;
        p.until_eq(
            "the update notice",
            "text($(tid('update-notice')))?.includes('This directory was updated') ?? false",
            json!(true),
        )
        .await?;
        p.until_eq(
            "no card of the new data in the old directory",
            "cards().some((c) => text(c).includes('Abel Aalto'))",
            json!(false),
        )
        .await?;
        p.click(Locator::Css("[data-testid='update-notice'] button"))
            .await?;
        // The reload keeps the query and shows the new data.
        p.until_eq(
            "the new researcher, found by the kept query",
            "cards().some((c) => text(c).includes('Abel Aalto')) && $('#search-input').value",
            json!("serverless"),
        )
        .await?;
        p.until_eq(
            "no notice after the reload",
            "!!$(tid('update-notice'))",
            json!(false),
        )
        .await?;
        // The cards above may be the first answer (from the words' shards) while the whole
        // directory is still on its way: wait for it, its filters counted and the titles
        // searched, before the server moves (a request cut off then is the test's, not the app's).
        p.until_eq(
            "the whole new directory loaded: filters counted, titles searched",
            "!$(tid('filters-counting')) && !$(tid('titles-pending')) && !$('[aria-busy=true]') \
             && cards().some((c) => text(c).includes('Abel Aalto'))",
            json!(true),
        )
        .await?;
        // The loaded directory then fetches a profile's code, the usual next step: open the new
        // researcher's profile, which waits for that code (and shows the new build works past
        // its directory), so nothing is in flight when the server moves.
        p.click(Locator::XPath(
            "//*[@data-testid='researcher-card'][contains(., 'Abel Aalto')]//a[contains(., 'Abel Aalto')]",
        ))
        .await?;
        p.until_eq(
            "the new researcher's profile",
            "text($(tid('profile') + ' h1'))",
            json!("Abel Aalto"),
        )
        .await
    }
    .await;
    let restored = site.serve_from(&site.dist);
    let _ = std::fs::remove_dir_all(&root);
    outcome.and(restored)
}
