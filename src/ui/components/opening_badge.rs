//! Whom a researcher is taking on: a compact badge on a card ([`OpeningBadge`]) and, on the
//! profile, the badge with the note, where it is stated and when ([`OpeningDetails`]). The
//! wording comes from the model ([`taking_line`]); every data string is text, never markup.

use leptos::prelude::*;

use super::links::safe_href;
use crate::lang::fill;
use crate::model::{OpeningKind, Openings, taking_line};
use crate::ui::lang::text;

/// "Taking PhD students and postdocs"; nothing when `kinds` is empty.
#[component]
pub fn OpeningBadge(
    /// The kinds of people the researcher takes on.
    kinds: Vec<OpeningKind>,
) -> impl IntoView {
    (!kinds.is_empty()).then(|| {
        view! {
            <p class="opening-badge" data-testid="opening-badge">{taking_line(text(), &kinds)}</p>
        }
    })
}

/// The profile's openings: the badge, the note, the source (a link when it is a safe URL, the
/// document's name otherwise) and "stated <date>" or "date not stated".
#[component]
pub fn OpeningDetails(
    /// The researcher's openings.
    openings: Openings,
) -> impl IntoView {
    let t = text();
    let is_url = openings.source_is_url();
    let Openings {
        kinds,
        note,
        source,
        stated,
    } = openings;
    let source = source.map(|s| match safe_href(&s).filter(|_| is_url) {
        Some(href) => view! {
            <a href=href rel="noopener noreferrer" target="_blank"><bdi>{s}</bdi></a>
        }
        .into_any(),
        None => view! { <bdi>{s}</bdi> }.into_any(),
    });
    let stated = match stated {
        Some(d) => fill(t.openings().stated(), &[("date", &d.human(t))]),
        None => t.openings().not_stated().to_owned(),
    };
    view! {
        <section class="openings" aria-label=t.openings().label() data-testid="openings">
            <OpeningBadge kinds=kinds/>
            {note.map(|n| view! { <p class="opening-note">{n}</p> })}
            <p class="opening-meta">
                {source.map(|s| view! { {t.openings().source()} {s} " · " })}
                <span data-testid="opening-stated">{stated}</span>
            </p>
        </section>
    }
}
