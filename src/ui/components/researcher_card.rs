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

/// A card slot of the directory's list: the card at list position `position` of the current
/// results. The slot stays while the results change under it (a key typed, a filter chosen):
/// its card's texts, links and buttons follow the researcher now at that position, updated in
/// place rather than built anew, and only the parts whose content changed are touched.
#[component]
pub fn ResearcherCard(
    /// The directory the researchers are in.
    atlas: Arc<Atlas>,
    /// The slot's place in the results (0-based).
    position: usize,
) -> impl IntoView {
    let search = use_search();
    let hit = move || {
        search.results.with(|r| {
            (r.as_ref())
                .and_then(|r| r.hits.get(position))
                .map(|h| h.researcher)
        })
    };
    // The list of slots follows the results, so a slot is made for a position they have.
    let Some(first) = untrack(hit) else {
        return ().into_any();
    };
    // The researcher at this position; the last one while the slot is being taken down (the
    // results may shrink a moment before the list of slots does).
    let researcher =
        Memo::new(move |before: Option<&usize>| hit().unwrap_or(before.copied().unwrap_or(first)));
    let card = Memo::new({
        let atlas = atlas.clone();
        move |_| {
            let r = researcher.get();
            let compiled = &atlas.compiled;
            (compiled.cards[r].clone(), compiled.index.stats(r))
        }
    });
    // Why it matched: asked for here, only for the cards on screen.
    let reason = Signal::derive({
        let atlas = atlas.clone();
        move || {
            let r = researcher.get();
            let query = search.params.with(|p| p.query.clone());
            search.titles.loaded.with(|t| {
                (atlas.index)
                    .reason(r, &query, t)
                    .filter(|m| m.kind != FieldKind::Name)
            })
        }
    });
    let topic = move |i: u32| atlas.compiled.topics.get(i as usize).cloned();
    card_body(card.into(), topic, reason).into_any()
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
        Signal::stored(card),
        move |i| topics.get(i as usize).cloned(),
        Signal::derive(move || reason.clone()),
    )
}

/// A part of a card, as a memo: it wakes its views only when that part changes.
fn part<T: PartialEq + Send + Sync + 'static>(
    card: Signal<(Card, Stats)>,
    f: fn(&Card) -> T,
) -> Memo<T> {
    Memo::new(move |_| card.with(|(c, _)| f(c)))
}

/// What every card shows, each part following `card` (a slot's card changes with the
/// results): texts and attributes are updated in place; the few parts whose shape depends on
/// the card (its role line, openings, sparkline, links) are built again only when their own
/// content changes. `topic` looks up a topic of the vocabulary the card's topics point into.
fn card_body<F>(
    card: Signal<(Card, Stats)>,
    topic: F,
    reason: Signal<Option<MatchReason>>,
) -> impl IntoView + use<F>
where
    F: Fn(u32) -> Option<(String, String)> + Send + Sync + 'static,
{
    let search = use_search();
    let t = text();
    let id = part(card, |c| c.id.clone());
    let name = part(card, |c| c.name.clone());
    let stage = part(card, |c| c.stage);
    let location = part(card, |c| c.location.clone());
    let openings = part(card, |c| c.openings.clone());
    let activity = part(card, |c| c.activity.clone());
    let links = part(card, |c| {
        c.links.iter().cloned().map(Link::from).collect::<Vec<_>>()
    });
    let role = Memo::new(move |_| {
        card.with(|(c, _)| {
            let lang = page_lang().code();
            let title = c.title_in(lang).map(|s| (s.text.to_owned(), data_lang(&s)));
            let organization = (c.organization_in(lang))
                .map(|(id, s)| (id.to_owned(), s.text.to_owned(), data_lang(&s)));
            (title, organization)
        })
    });
    let figures_line = Memo::new(move |_| card.with(|(_, stats)| figures(t, stats)));
    let chips = Memo::new(move |_| {
        card.with(|(c, _)| {
            (c.topics.iter())
                .filter_map(|&i| topic(i))
                .collect::<Vec<_>>()
        })
    });
    let reason = Memo::new(move |_| reason.get());
    view! {
        <article class="card" data-testid="researcher-card">
            <div class="card-head">
                <Avatar name=name/>
                <div>
                    <h2 class="card-name">
                        <a href=move || id.with(|id| search.profile_href(id))>{name}</a>
                    </h2>
                    {move || role.with(|(title, organization)| card_role(title.clone(), organization.clone()))}
                </div>
            </div>
            <p class="card-meta">
                <span class="card-stage">{move || stage.get().label(t)}</span>
                {move || location.get().map(|l| view! { " · " <span class="card-location">{l}</span> })}
            </p>
            {move || view! { <super::OpeningBadge kinds=openings.get()/> }}
            {move || reason.get().map(|m| view! {
                <p class="card-reason" data-testid="match-reason">
                    <span class="reason-kind">{fill(t.card().reason(), &[("kind", m.kind.label(t))])}</span>
                    <Highlighted text=m.text ranges=m.highlights/>
                </p>
            })}
            <ul class="chips" aria-label=t.card().topics()>
                <For each=move || chips.get() key=|(id, _)| id.clone() children=move |(id, name)| {
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
                }/>
            </ul>
            // A div: the sparkline's table for screen readers cannot be inside a paragraph (the
            // HTML parser would end it there in a pre-rendered page).
            <div class="card-figures">
                {move || view! { <Sparkline activity=activity.get() name=name.get()/> }}
                <span class="figures">{figures_line}</span>
            </div>
            <div class="card-foot">
                {move || view! {
                    <ExternalLinks links=links.get() owner=name.get()
                        kinds=vec![LinkKind::Homepage, LinkKind::Github, LinkKind::Email]/>
                }}
                <PickButtons id=id name=name compact=true/>
            </div>
        </article>
    }
}

/// "PhD student, UC Berkeley": the title, and the current organization linking its page, each
/// in the page's language when the dataset translates it (else marked as the dataset's).
fn card_role(
    title: Option<(String, Option<&'static str>)>,
    organization: Option<(String, String, Option<&'static str>)>,
) -> impl IntoView + use<> {
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
