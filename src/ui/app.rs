//! The root component: providers and the route table, nothing else. Every page but the
//! directory's is a route of [`super::chunks`]: its code loads when first visited.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use super::chunks::{
    CompareRoute, ConnectionsRoute, OrganizationRoute, OrganizationsRoute, ProfileRoute,
    PublicationsRoute, ShortlistRoute, prefetch_on_approach,
};
use super::components::{CompareTray, OfflineNotice, ThemeToggle};
use super::offline::use_service_worker;
use super::pages::{DirectoryPage, NotFoundPage};
use super::routes::{AppRoute, base_path, provide_route};
use super::state::data::provide_directory;
use super::state::organizations::provide_organizations;
use super::state::picks::{provide_picks, use_picks};
use super::state::pub_list::provide_pub_list;
use super::state::search::provide_search;
use super::state::theme::provide_theme;

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    provide_directory();
    provide_organizations();
    provide_theme();
    provide_picks();
    use_service_worker();
    prefetch_on_approach();
    view! {
        <Router base=base_path()>
            <Shell/>
        </Router>
    }
}

/// Header, main and routes; inside the router, so it can provide the URL-backed state.
#[component]
fn Shell() -> impl IntoView {
    provide_route();
    provide_search();
    provide_pub_list();
    let picks = use_picks();
    view! {
        <a class="skip-link" href="#main">"Skip to content"</a>
        <header class="site-header">
            <a href=AppRoute::home().href() class="brand">"Research Atlas"</a>
            <nav class="site-nav" aria-label="Site">
                <a href=AppRoute::home().href()>"Researchers"</a>
                <a href=AppRoute::Publications(Default::default()).href()>"Publications"</a>
                <a href=AppRoute::Organizations(Default::default()).href()>"Organizations"</a>
                <a href=AppRoute::Connections(Default::default()).href()>"Connections"</a>
                <a href=AppRoute::Shortlist(None).href() data-testid="nav-shortlist">
                    "Shortlist"
                    {move || {
                        let n = picks.shortlist.with(Vec::len);
                        (n > 0).then(|| view! { <span class="nav-count">{format!(" ({n})")}</span> })
                    }}
                </a>
            </nav>
            <ThemeToggle/>
        </header>
        <OfflineNotice/>
        <main id="main" tabindex="-1">
            <Routes fallback=|| view! { <NotFoundPage/> }>
                <Route path=path!("/") view=DirectoryPage/>
                <Route path=path!("/researchers/:id") view=ProfileRoute/>
                <Route path=path!("/publications") view=PublicationsRoute/>
                <Route path=path!("/compare") view=CompareRoute/>
                <Route path=path!("/connections") view=ConnectionsRoute/>
                <Route path=path!("/organizations") view=OrganizationsRoute/>
                <Route path=path!("/organizations/:id") view=OrganizationRoute/>
                <Route path=path!("/shortlist") view=ShortlistRoute/>
            </Routes>
        </main>
        <CompareTray/>
    }
}
