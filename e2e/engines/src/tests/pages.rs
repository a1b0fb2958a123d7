//! The other pages' flows: a profile (Cite, a fragment through the takeover), compare,
//! connections, publications, the shortlist.

use fantoccini::Locator;
use serde_json::json;

use super::{EVERYONE, open_directory};
use crate::page::{Outcome, Page};

pub(super) async fn profile_cite(p: &Page<'_>) -> Outcome {
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

pub(super) async fn fragment_takeover(p: &Page<'_>) -> Outcome {
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

pub(super) async fn compare(p: &Page<'_>) -> Outcome {
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

pub(super) async fn connections(p: &Page<'_>) -> Outcome {
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

pub(super) async fn publications(p: &Page<'_>) -> Outcome {
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

pub(super) async fn shortlist(p: &Page<'_>) -> Outcome {
    open_directory(p).await?;
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
