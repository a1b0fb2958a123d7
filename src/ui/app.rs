//! The root component: providers and the route table, nothing else.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use super::pages::{DirectoryPage, NotFoundPage, ProfilePage};
use super::routes::base_path;
use super::state::data::provide_directory;

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    provide_directory();
    let base = base_path();
    view! {
        <Router base=base>
            <a class="skip-link" href="#main">"Skip to content"</a>
            <header class="site-header">
                <a class="brand" href=format!("{}/", base_path())>"Research Atlas"</a>
            </header>
            <main id="main" tabindex="-1">
                <Routes fallback=|| view! { <NotFoundPage/> }>
                    <Route path=path!("/") view=DirectoryPage/>
                    <Route path=path!("/researchers/:id") view=ProfilePage/>
                </Routes>
            </main>
        </Router>
    }
}
