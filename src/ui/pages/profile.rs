//! `/researchers/:id`: one researcher's record.

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use super::directory::set_title;
use crate::ui::components::DataView;
use crate::ui::routes::AppRoute;

/// A researcher's profile.
#[component]
pub fn ProfilePage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    view! {
        <DataView children=move |dir| {
            let id = id.get();
            match dir.dataset.researchers.iter().find(|r| r.id.0 == id) {
                Some(r) => {
                    set_title(&format!("{} — Research Atlas", r.name));
                    view! {
                        <article class="profile" data-testid="profile">
                            <h1>{r.name.clone()}
                                {r.native_name.clone().map(|n| view! { " " <span class="native-name" lang="zh">{n}</span> })}
                            </h1>
                            {r.title.clone().map(|t| view! { <p class="profile-title">{t}</p> })}
                            <p class="profile-summary">{r.summary.clone()}</p>
                            <p><a href=AppRoute::Directory.href()>"← All researchers"</a></p>
                        </article>
                    }
                    .into_any()
                }
                None => {
                    set_title("No such researcher — Research Atlas");
                    view! {
                        <div class="not-found" data-testid="no-such-researcher">
                            <h1>"No such researcher"</h1>
                            <p>{format!("Nobody in the directory has the id “{id}”.")}</p>
                            <p><a href=AppRoute::Directory.href()>"Browse all researchers"</a></p>
                        </div>
                    }
                    .into_any()
                }
            }
        }/>
    }
}
