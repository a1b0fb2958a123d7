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

use crate::search::SearchParams;
use crate::site::route::AppRoute;
use crate::ui::browser::set_title;
use crate::ui::components::{DataView, DetailView};
use crate::ui::router::use_route;
use crate::ui::state::data::{Atlas, Load, fetch_detail, fetch_packed, use_pack_hints};
use body::Profile;
use missing::NoSuchResearcher;
use nav::{DefaultViewNav, ProfileNav};

/// A researcher's profile, or a helpful page for an unknown id.
///
/// A profile in the directory's default view whose pack is known (the pre-rendered page the app
/// started on, and the profiles reached from it by Previous and Next) opens from its pack alone:
/// its link costs one pack, not the whole directory. Others open through the directory.
#[component]
pub fn ProfilePage() -> impl IntoView {
    let route = use_route().route;
    let hints = use_pack_hints();
    let id = Memo::new(move |_| match route.get() {
        AppRoute::Profile { id, .. } => id,
        _ => String::new(),
    });
    let packed = Memo::new(move |_| {
        route.with(|r| match r {
            AppRoute::Profile { id, from, .. } if *from == SearchParams::default() => {
                hints.pack_of(id).map(|pack| (id.clone(), pack))
            }
            _ => None,
        })
    });
    move || match packed.get() {
        Some((id, pack)) => view! { <PackedProfile id=id pack=pack/> }.into_any(),
        None => view! { <ThroughDirectory id=id/> }.into_any(),
    }
}

/// The profile of the route's `id` once the directory has loaded, or a helpful page for an id
/// it lacks.
#[component]
fn ThroughDirectory(id: Memo<String>) -> impl IntoView {
    view! {
        <DataView children=move |atlas| {
            let id = id.get();
            match atlas.position(&id) {
                Some(position) => view! { <ProfileLoader atlas=atlas position=position/> }.into_any(),
                None => view! { <NoSuchResearcher id=id atlas=atlas/> }.into_any(),
            }
        }/>
    }
}

/// Fetches the researcher's pack, then shows their records and where they stand in the default
/// view.
#[component]
fn PackedProfile(id: String, pack: u32) -> impl IntoView {
    let hints = use_pack_hints();
    let resource = Load::new(move || fetch_packed(id.clone(), pack, hints));
    view! {
        <DetailView resource=resource children=move |detail| {
            let researcher = detail.loaded.dataset.researchers.first().cloned();
            let steps = detail.steps.clone();
            researcher.map(|r| {
                set_title(Some(&r.name));
                if let Some(steps) = &steps {
                    hints.learn(steps);
                }
                view! {
                    {steps.map(|steps| view! { <DefaultViewNav steps=steps/> })}
                    <Profile detail=detail researcher=r/>
                }
            })
        }/>
    }
}

/// Fetches the researcher's records, then shows them.
#[component]
fn ProfileLoader(atlas: Arc<Atlas>, position: usize) -> impl IntoView {
    let id = atlas.cards[position].id.clone();
    set_title(Some(&atlas.cards[position].name));
    let resource = Load::new({
        let atlas = atlas.clone();
        move || fetch_detail(atlas.clone(), id.clone())
    });
    view! {
        <ProfileNav atlas=atlas.clone() position=position/>
        <DetailView resource=resource children=move |detail| {
            let id = &atlas.cards[position].id;
            let r = detail.loaded.dataset.researcher(id).cloned();
            r.map(|r| view! { <Profile detail=detail researcher=r/> })
        }/>
    }
}
