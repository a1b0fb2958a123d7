//! One researcher as a card in the directory.

use std::sync::Arc;

use leptos::prelude::*;

use super::charts::Sparkline;
use super::pick_buttons::PickButtons;
use super::{Avatar, ExternalLinks, Highlighted};
use crate::lang::{Catalogue, fill};
use crate::model::{Link, LinkKind};
use crate::search::{Card, FieldKind, MatchReason, Stats};
use crate::ui::lang::{data_lang, page_lang, text, topic_name};
use crate::ui::router::Href;
use crate::ui::state::data::Atlas;
use crate::ui::state::search::use_search;

/// "16 publications · 3 awards · 4 talks · 2016–2025". Counts only what the dataset lists: a
/// person it lists no publications for has an unknown number of them, not zero.
pub fn figures(t: &Catalogue, stats: &Stats) -> String {
    let mut parts = vec![];
    if stats.publications > 0 {
        parts.push(t.card().publications().count(stats.publications));
    }
    if stats.awards > 0 {
        parts.push(t.card().awards().count(stats.awards));
    }
    if stats.talks > 0 {
        parts.push(t.card().talks().count(stats.talks));
    }
    if let Some(first) = stats.first_year {
        let last = stats.last_year.unwrap_or(first);
        parts.push(t.lang.years(first.into(), last.into()));
    }
    parts.join(" · ")
}

/// A card: avatar, name linking to the profile, role, location, stage, topics, figures, links,
/// and why it matched the query.
#[component]
pub fn ResearcherCard(
    /// The directory the researcher is in.
    atlas: Arc<Atlas>,
    /// The researcher's position in it.
    researcher: usize,
) -> impl IntoView {
    let search = use_search();
    let compiled = &atlas.compiled;
    // Why it matched: asked for here, only for the cards on screen.
    let reason = Signal::derive({
        let atlas = atlas.clone();
        move || {
            let query = search.params.with(|p| p.query.clone());
            search.titles.loaded.with(|t| {
                (atlas.index)
                    .reason(researcher, &query, t)
                    .filter(|m| m.kind != FieldKind::Name)
            })
        }
    });
    card_body(
        compiled.cards[researcher].clone(),
        compiled.index.stats(researcher),
        &compiled.topics,
        reason,
    )
}

/// A card from the first page or the first answer, painted before the whole directory has
/// arrived.
#[component]
pub fn FirstPageCard(
    /// The card and its figures.
    card: (Card, Stats),
    /// The topic vocabulary the card's topics point into.
    topics: Arc<Vec<(String, String)>>,
    /// Why it matched the query, when it answers one.
    #[prop(default = None)]
    reason: Option<MatchReason>,
) -> impl IntoView {
    card_body(
        card.0,
        card.1,
        &topics,
        Signal::derive(move || reason.clone()),
    )
}

/// What every card shows; `topics` is the vocabulary the card's topics point into.
fn card_body(
    card: Card,
    stats: Stats,
    topics: &[(String, String)],
    reason: Signal<Option<MatchReason>>,
) -> impl IntoView + use<> {
    let search = use_search();
    let t = text();
    let topics: Vec<(String, String)> = (card.topics.iter())
        .filter_map(|&t| topics.get(t as usize).cloned())
        .collect();
    let role = card_role(&card);
    let links: Vec<Link> = card.links.into_iter().map(Link::from).collect();
    let id = card.id.clone();
    let reason = Memo::new(move |_| reason.get());
    let activity = card.activity;
    view! {
        <article class="card" data-testid="researcher-card">
            <div class="card-head">
                <Avatar name=card.name.clone()/>
                <div>
                    <h2 class="card-name">
                        <a href=move || search.profile_href(&id)>{card.name.clone()}</a>
                    </h2>
                    {role}
                </div>
            </div>
            <p class="card-meta">
                <span class="card-stage">{card.stage.label(t)}</span>
                {card.location.map(|l| view! { " · " <span class="card-location">{l}</span> })}
            </p>
            <super::OpeningBadge kinds=card.openings/>
            {move || reason.get().map(|m| view! {
                <p class="card-reason" data-testid="match-reason">
                    <span class="reason-kind">{fill(t.card().reason(), &[("kind", m.kind.label(t))])}</span>
                    <Highlighted text=m.text ranges=m.highlights/>
                </p>
            })}
            <ul class="chips" aria-label=t.card().topics()>
                {topics.into_iter().map(|(id, name)| {
                    let (name, lang) = topic_name(&id, &name);
                    let label = fill(t.card().filter_topic(), &[("topic", &name)]);
                    view! {
                        <li>
                            <button type="button" class="chip" title=label.clone() aria-label=label
                                on:click=move |_| {
                                    let id = id.clone();
                                    search.update(move |p| { p.topics.insert(id); });
                                }>
                                <span lang=lang>{name}</span>
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            // A div: the sparkline's table for screen readers cannot be inside a paragraph (the
            // HTML parser would end it there in a pre-rendered page).
            <div class="card-figures">
                <Sparkline activity=activity name=card.name.clone()/>
                <span class="figures">{figures(t, &stats)}</span>
            </div>
            <div class="card-foot">
                <ExternalLinks links=links owner=card.name.clone()
                    kinds=vec![LinkKind::Homepage, LinkKind::Github, LinkKind::Email]/>
                <PickButtons id=card.id.clone() name=card.name compact=true/>
            </div>
        </article>
    }
}

/// "PhD student, UC Berkeley": the title, and the current organization linking its page, each
/// in the page's language when the dataset translates it (else marked as the dataset's).
fn card_role(card: &Card) -> impl IntoView + use<> {
    let lang = page_lang().code();
    let title = card
        .title_in(lang)
        .map(|s| (s.text.to_owned(), data_lang(&s)));
    let organization = (card.organization_in(lang))
        .map(|(id, s)| (id.to_owned(), s.text.to_owned(), data_lang(&s)));
    if title.is_none() && organization.is_none() {
        return ().into_any();
    }
    let comma =
        (title.is_some() && organization.is_some()).then_some(text().card().role_separator());
    view! {
        <p class="card-role">
            {title.map(|(title, lang)| match lang {
                Some(lang) => view! { <span lang=lang>{title}</span> }.into_any(),
                None => title.into_any(),
            })}
            {comma}
            {organization.map(|(id, label, lang)| view! {
                <a class="card-org" href=crate::site::route::organization(&id).href() lang=lang>{label}</a>
            })}
        </p>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_read_naturally() {
        let en = &crate::lang::EN;
        let s = Stats {
            publications: 16,
            awards: 3,
            talks: 1,
            first_year: Some(2016),
            last_year: Some(2025),
        };
        assert_eq!(
            figures(en, &s),
            "16 publications · 3 awards · 1 talk · 2016–2025"
        );
        let s = Stats {
            publications: 1,
            awards: 0,
            talks: 0,
            first_year: Some(2021),
            last_year: Some(2021),
        };
        assert_eq!(figures(en, &s), "1 publication · 2021");
        assert_eq!(figures(en, &Stats::default()), "");
        let s = Stats {
            publications: 0,
            awards: 2,
            ..Stats::default()
        };
        assert_eq!(figures(en, &s), "2 awards");
    }
}
