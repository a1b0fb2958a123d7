//! An unknown profile id: what went wrong and the closest names.

use std::sync::Arc;

use leptos::prelude::*;

use crate::lang::fill;
use crate::search::suggest::close_among;
use crate::site::route::{AppRoute, profile};
use crate::ui::browser::set_title;
use crate::ui::lang::text;
use crate::ui::router::Href;
use crate::ui::state::data::Atlas;

/// An unknown id: say so, suggest close names, and offer the way home.
#[component]
pub(super) fn NoSuchResearcher(id: String, atlas: Arc<Atlas>) -> impl IntoView {
    let t = text().profile();
    set_title(Some(t.no_such()));
    let cards = &atlas.cards;
    let names = cards.iter().map(|c| {
        std::iter::once(c.id.as_str())
            .chain(std::iter::once(c.name.as_str()))
            .chain(c.other_names.iter().map(String::as_str))
    });
    let close: Vec<(String, String)> = close_among(names, &id, 3)
        .into_iter()
        .map(|i| (cards[i].id.clone(), cards[i].name.clone()))
        .collect();
    view! {
        <div class="not-found" data-testid="no-such-researcher">
            <h1>{t.no_such()}</h1>
            <p>{fill(t.no_such_text(), &[("id", &id)])}</p>
            {(!close.is_empty()).then(|| view! {
                <p>{t.did_you_mean()}</p>
                <ul class="suggestions" data-testid="suggestions">
                    {close.into_iter().map(|(id, name)| view! {
                        <li><a href=profile(&id).href()>{name}</a></li>
                    }).collect_view()}
                </ul>
            })}
            <p><a href=AppRoute::home().href()>{t.browse_all()}</a></p>
        </div>
    }
}
