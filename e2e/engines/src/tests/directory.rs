//! The directory's flows: boot, the query in the URL, Back and Forward, a facet, fast typing.

use std::time::Instant;

use fantoccini::Locator;
use serde_json::json;

use super::{EVERYONE, SEARCH, facet_checkbox, open_directory};
use crate::page::{Outcome, Page};

pub(super) async fn boot(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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

pub(super) async fn search_in_url(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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

pub(super) async fn back_forward(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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

pub(super) async fn facet_filters(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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

pub(super) async fn fast_typing(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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
