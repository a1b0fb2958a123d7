//! The header's language switcher and the offer of the visitor's own language.

use leptos::prelude::*;

use crate::lang::{Lang, fill};
use crate::ui::host;
use crate::ui::lang::{href_in_lang, page_lang, site_languages, text};
use crate::ui::router::use_route;

/// Links to this page, with its URL state, in each of the site's languages (only on a site of
/// several). A link loads the other language's page.
#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let languages = site_languages();
    let route = use_route().route;
    let here = page_lang();
    languages.several().then(|| {
        let links = languages
            .all()
            .iter()
            .map(|&lang| {
                let current = (lang == here).then_some("true");
                view! {
                    <li>
                        <a
                            href=move || route.with(|r| href_in_lang(r, lang))
                            hreflang=lang.code()
                            lang=lang.code()
                            aria-current=current
                            data-testid=format!("lang-{}", lang.code())
                        >
                            {lang.name()}
                        </a>
                    </li>
                }
            })
            .collect_view();
        view! {
            <details class="lang-switch" data-testid="lang-switch">
                <summary aria-label=text().language().label()>
                    <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"></circle>
                        <path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" fill="none" stroke="currentColor" stroke-width="2"></path>
                    </svg>
                    <span>{here.name()}</span>
                </summary>
                <ul>{links}</ul>
            </details>
        }
    })
}

/// The key under which a visitor's "No, thanks" is kept.
const DISMISSED: &str = "atlas-language-offer";

/// On a page in the site's root language, the offer of the first language the browser prefers
/// that the site also has (never forced: a link, and "No, thanks" remembered).
#[component]
pub fn LanguageOffer() -> impl IntoView {
    let dismissed = RwSignal::new(true);
    let offered = RwSignal::new(None::<Lang>);
    let route = use_route().route;
    Effect::new(move |_| {
        let storage = host::local_storage();
        let said_no = storage
            .as_ref()
            .and_then(|s| s.get_item(DISMISSED).ok().flatten());
        dismissed.set(said_no.is_some());
        let Some(lang) = offer(&host::browser_languages()).filter(|_| said_no.is_none()) else {
            return;
        };
        if lang.has_text() {
            offered.set(Some(lang));
            return;
        }
        // The offer speaks the language it offers: its texts first (the release app has
        // English in it). Without them, no offer: it is a courtesy, not a page.
        leptos::task::spawn_local(async move {
            let url = crate::files::paths::catalogue(lang);
            match crate::ui::state::fetch::fetch_text(&url).await {
                Ok(file) => match crate::lang::install(lang, file) {
                    Ok(()) => offered.set(Some(lang)),
                    Err(e) => leptos::logging::warn!("{url}: {e:?}"),
                },
                Err(e) => leptos::logging::warn!("{e}"),
            }
        });
    });
    let dismiss = move |_| {
        if let Some(s) = host::local_storage() {
            let _ = s.set_item(DISMISSED, "1");
        }
        dismissed.set(true);
    };
    move || {
        let lang = offered.get().filter(|_| !dismissed.get())?;
        let t = lang.text();
        Some(view! {
            <aside class="lang-offer" lang=lang.code() dir=lang.dir() data-testid="lang-offer">
                <p>{fill(t.language().offer(), &[("language", lang.name())])}</p>
                <a href=move || route.with(|r| href_in_lang(r, lang)) hreflang=lang.code()>
                    {fill(t.language().offer_go(), &[("language", lang.name())])}
                </a>
                <button type="button" on:click=dismiss>{t.language().offer_dismiss()}</button>
            </aside>
        })
    }
}

/// The language to offer a visitor whose browser prefers `preferred` (tags, best first), on a
/// page in the site's root language: the first of them the site has, unless the page's own
/// language comes first.
fn offer(preferred: &[String]) -> Option<Lang> {
    let languages = site_languages();
    let here = page_lang();
    if here != languages.first() {
        return None;
    }
    let first = preferred
        .iter()
        .filter_map(|tag| Lang::from_tag(tag))
        .find(|l| languages.all().contains(l))?;
    (first != here).then_some(first)
}
