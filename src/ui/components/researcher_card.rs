//! One researcher as a card in the directory.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::model::{Dataset, Researcher};
use crate::ui::routes::AppRoute;

/// A card: name linking to the profile, then title and organization.
#[component]
pub fn ResearcherCard(
    /// The researcher to show.
    researcher: Researcher,
    /// The dataset, for resolving the organization.
    dataset: std::sync::Arc<Dataset>,
) -> impl IntoView {
    let org = researcher
        .organization
        .as_ref()
        .and_then(|id| dataset.organizations.iter().find(|o| &o.id == id))
        .map(|o| o.short_name.clone().unwrap_or_else(|| o.name.clone()));
    let role = match (researcher.title.clone(), org) {
        (Some(t), Some(o)) => Some(format!("{t}, {o}")),
        (t, o) => t.or(o),
    };
    view! {
        <article class="card" data-testid="researcher-card">
            <h2 class="card-name">
                <A href=AppRoute::Profile(researcher.id.0.clone()).href()>{researcher.name.clone()}</A>
            </h2>
            {role.map(|r| view! { <p class="card-role">{r}</p> })}
            <p class="card-stage">{researcher.career_stage.label()}</p>
        </article>
    }
}
