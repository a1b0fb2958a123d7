//! `/researchers/:id`: one researcher's whole record.
//!
//! The URL may carry the directory's params (cards link with them): "back" returns to those
//! results and previous / next step through them ([`nav`]). It also carries the publication
//! list's params. The record itself is a header ([`header`]) over its sections ([`body`]).

mod body;
mod header;
mod missing;
mod nav;

use std::sync::Arc;

use leptos::prelude::*;

use crate::model::invisible::export_text;
use crate::ui::browser::set_title;
use crate::ui::components::{DataView, DetailView};
use crate::ui::routes::{AppRoute, use_route};
use crate::ui::state::data::{Atlas, Load, fetch_detail};
use body::Profile;
use missing::NoSuchResearcher;
use nav::ProfileNav;

/// A researcher's profile, or a helpful page for an unknown id.
#[component]
pub fn ProfilePage() -> impl IntoView {
    let route = use_route().route;
    let id = Memo::new(move |_| match route.get() {
        AppRoute::Profile { id, .. } => id,
        _ => String::new(),
    });
    view! {
        <DataView children=move |atlas| {
            let id = id.get();
            match atlas.compiled.position(&id) {
                Some(position) => view! { <ProfileLoader atlas=atlas position=position/> }.into_any(),
                None => view! { <NoSuchResearcher id=id atlas=atlas/> }.into_any(),
            }
        }/>
    }
}

/// Fetches the researcher's records, then shows them.
#[component]
fn ProfileLoader(atlas: Arc<Atlas>, position: usize) -> impl IntoView {
    let id = atlas.compiled.cards[position].id.clone();
    // A title is plain text, with no element to isolate the name in: invisible characters (a
    // direction override would reorder " — Research Atlas") are left out, as in the exports.
    set_title(&format!(
        "{} — Research Atlas",
        export_text(&atlas.compiled.cards[position].name)
    ));
    let resource = Load::new({
        let atlas = atlas.clone();
        move || fetch_detail(atlas.clone(), id.clone())
    });
    view! {
        <ProfileNav atlas=atlas.clone() position=position/>
        <DetailView resource=resource children=move |detail| {
            let id = &atlas.compiled.cards[position].id;
            let r = detail.directory.dataset.researcher(id).cloned();
            r.map(|r| view! { <Profile detail=detail researcher=r/> })
        }/>
    }
}
