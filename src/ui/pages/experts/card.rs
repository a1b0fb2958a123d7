//! One expert: who (linked to their profile), how well they match (a bar and its words), their
//! matching papers with the matching words marked, their matching topics, their conflicts,
//! and the shortlist and compare buttons.

use std::sync::Arc;

use leptos::prelude::*;

use crate::lang::{Catalogue, fill};
use crate::model::Dataset;
use crate::search::compare::role_line;
use crate::search::experts::conflicts::Rule;
use crate::search::experts::page::{marks, percent, unmarked};
use crate::search::experts::{Conflict, Expert, Level, MatchedPaper};
use crate::site::route::profile;
use crate::ui::components::publication_item::publication_anchor;
use crate::ui::components::{Highlighted, PickButtons};
use crate::ui::lang::text;
use crate::ui::router::Href;

/// An expert's card in the list.
#[component]
pub fn ExpertCard(
    /// The expert.
    expert: Expert,
    /// Their place in the list, from 1.
    rank: usize,
    /// The records they were found in.
    dataset: Arc<Dataset>,
) -> impl IntoView {
    let t = text();
    let d = &*dataset;
    let id = expert.researcher.0.clone();
    let r = d.researcher(&id);
    let name = r.map_or_else(|| id.clone(), |r| r.name.clone());
    let role = r.and_then(|r| role_line(t, d, r));
    let topics: Vec<String> = (expert.topics.iter())
        .map(|id| {
            d.topic(id)
                .map_or(id.as_str(), |x| x.name_in(t.lang.code()).text)
                .to_owned()
        })
        .collect();
    view! {
        <li class="expert" data-testid="expert">
            <div class="expert-head">
                <div>
                    <h3 class="expert-name">
                        <span class="visually-hidden">{fill(t.experts().rank(), &[("rank", &t.lang.number(rank as u64))])}</span>
                        <a href=profile(&id).href()><bdi>{name.clone()}</bdi></a>
                    </h3>
                    {role.map(|t| view! { <p class="card-role"><bdi>{t}</bdi></p> })}
                </div>
                <PickButtons id=id.clone() name=name/>
            </div>
            <MatchBar expert=expert.clone()/>
            <MatchedPapers id=id papers=expert.papers.clone()/>
            {(!topics.is_empty()).then(|| view! {
                <p class="expert-topics"><span class="muted">{t.experts().matching_topics()}</span>{topics.join(t.experts().separator())}</p>
            })}
            <Conflicts conflicts=expert.conflicts/>
        </li>
    }
}

/// The match's bar (its share of the best) and its words, said whole to screen readers.
#[component]
fn MatchBar(expert: Expert) -> impl IntoView {
    let t = text();
    let pct = percent(&expert);
    let level = match expert.level {
        Level::Strong => t.experts().level_strong(),
        Level::Good => t.experts().level_good(),
        Level::Some => t.experts().level_some(),
    };
    view! {
        <div class="expert-match">
            <svg class="match-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
                <rect class="match-track" width="100" height="8" rx="4"/>
                <rect class="match-fill" width={pct.max(2).to_string()} height="8" rx="4"/>
            </svg>
            <span class="match-level" data-testid="expert-level">
                {level}
                <span class="visually-hidden">{fill(t.experts().of_best(), &[("pct", &t.lang.number(pct as u64))])}</span>
            </span>
        </div>
    }
}

/// The expert's best-matching papers (three at most), each linking to its place on their
/// profile, with the matching words marked.
#[component]
fn MatchedPapers(id: String, papers: Vec<MatchedPaper>) -> impl IntoView {
    let t = text();
    let items = papers
        .into_iter()
        .map(|p| {
            let href = profile(&id).fragment(&publication_anchor(p.publication.as_str()));
            let ranges = marks(&p.title, &p.words);
            let words = p.words.join(t.experts().separator());
            // Words matched in the abstract, venue or topics: the title cannot show them.
            let elsewhere = unmarked(&p.title, &p.words).join(t.experts().separator());
            view! {
                <li>
                    <a href=href><Highlighted text=p.title ranges=ranges/></a>
                    <span class="muted">{fill(t.experts().year(), &[("year", &t.lang.year(i64::from(p.year)))])}</span>
                    <span class="visually-hidden">{fill(t.experts().matching_words(), &[("words", &words)])}</span>
                    {(!elsewhere.is_empty()).then(|| view! {
                        <span class="expert-elsewhere" aria-hidden="true">{fill(t.experts().also_matches(), &[("words", &elsewhere)])}</span>
                    })}
                </li>
            }
        })
        .collect_view();
    view! { <ul class="expert-papers" aria-label=t.experts().matching_papers()>{items}</ul> }
}

/// A badge per conflict: "Conflict: …" as an error, "Possible conflict: …" as a warning.
#[component]
fn Conflicts(conflicts: Vec<Conflict>) -> impl IntoView {
    let t = text();
    (!conflicts.is_empty()).then(|| {
        let items = (conflicts.iter())
            .map(|c| {
                let (kind, reason) = badge(t, c);
                view! {
                    <li class="conflict" class:possible=!c.certain data-testid="conflict">
                        <strong>{kind}{t.experts().colon()}</strong>{reason}
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="conflicts" aria-label=t.experts().conflicts()>{items}</ul> }
    })
}

/// A conflict badge's words in the page's language, its kind and its reason: ("Conflict", "an
/// author of this paper"), ("Possible conflict", "possibly at …") — the reason of the other rules
/// as the search wrote it.
pub fn badge(t: &Catalogue, c: &Conflict) -> (&'static str, String) {
    let kind = if c.certain {
        t.experts().conflict()
    } else {
        t.experts().possible_conflict()
    };
    let reason = match c.rule {
        Rule::Author => t.experts().conflict_author().to_owned(),
        _ => c.reason.text(t),
    };
    (kind, reason)
}
