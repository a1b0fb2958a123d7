//! What outlasts a page: the theme remembered, a reload answered offline by the service worker,
//! the site redeployed under an open page.

use fantoccini::Locator;
use serde_json::json;

use super::{EVERYONE, SEARCH, open_directory};
use crate::page::{Outcome, Page};

pub(super) async fn theme(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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

pub(super) async fn offline_reload(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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

pub(super) async fn redeploy(p: &Page<'_>) -> Outcome {
    let site = p.site();
    let slug = site.prefix.replace('/', "_");
    let root = std::env::temp_dir().join(format!("atlas-redeploy-{}{slug}", std::process::id()));
    crate::site::replace_tree(&root, &site.dist)?;
    site.serve_from(&root)?;
    let outcome = async {
        open_directory(p).await?;
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
