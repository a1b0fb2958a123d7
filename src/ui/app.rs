//! The root component: providers and the page of the route, nothing else. The route table is
//! [`super::chunks::page`]: every page but the directory's is a route of a chunk, whose code
//! loads when first visited.

use leptos::prelude::*;

use super::chunks::{page, prefetchers};
use super::components::update_notice::UpdateNotice;
use super::components::{CompareTray, LanguageOffer, LanguageSwitch, OfflineNotice, ThemeToggle};
use super::lang::text;
use super::offline::use_service_worker;
use super::router::prefetch::provide_prefetch;
use super::router::{Href, provide_route, use_route};
use super::state::data::provide_atlas;
use super::state::experts::provide_experts;
use super::state::organizations::provide_organizations;
use super::state::picks::{provide_picks, use_picks};
use super::state::pub_list::provide_pub_list;
use super::state::search::provide_search;
use super::state::theme::provide_theme;
use crate::site::route::AppRoute;

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    provide_atlas();
    provide_organizations();
    provide_experts();
    provide_theme();
    provide_picks();
    use_service_worker();
    provide_prefetch(prefetchers());
    view! { <Shell/> }
}

/// Header, main and the route's page, with the URL-backed state.
#[component]
fn Shell() -> impl IntoView {
    provide_route();
    provide_search();
    provide_pub_list();
    let picks = use_picks();
    let route = use_route().route;
    let t = text();
    view! {
        <a class="skip-link" href=move || route.with(|r| r.fragment("main"))>{t.nav().skip()}</a>
        <LanguageOffer/>
        <header class="site-header">
            <a href=AppRoute::home().href() class="brand">{t.nav().brand()}</a>
            <nav class="site-nav" aria-label=t.nav().site()>
                <a href=AppRoute::home().href()>{t.nav().researchers()}</a>
                <a href=AppRoute::Publications(Default::default()).href()>{t.nav().publications()}</a>
                <a href=AppRoute::Organizations(Default::default()).href()>{t.nav().organizations()}</a>
                <a href=AppRoute::Connections(Default::default()).href()>{t.nav().connections()}</a>
                <a href=AppRoute::Experts(Default::default()).href()>{t.nav().experts()}</a>
                <a href=AppRoute::Shortlist(None).href() data-testid="nav-shortlist">
                    {t.nav().shortlist()}
                    {move || {
                        let n = picks.shortlist.with(Vec::len);
                        (n > 0).then(|| view! { <span class="nav-count">{format!(" ({n})")}</span> })
                    }}
                </a>
            </nav>
            <LanguageSwitch/>
            <ThemeToggle/>
        </header>
        <OfflineNotice/>
        <UpdateNotice/>
        <main id="main" tabindex="-1">
            <RoutePage/>
        </main>
        <CompareTray/>
    }
}

/// The page of the current route. Its view stays while only the route's state changes (the
/// query, the profile shown), and is replaced when the route is another page's.
#[component]
fn RoutePage() -> impl IntoView {
    let route = use_route().route;
    let kind = Memo::new(move |_| route.with(AppRoute::kind));
    move || page(kind.get())
}
