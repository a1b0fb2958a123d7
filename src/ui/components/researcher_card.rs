//! One researcher as a card in the directory.

use leptos::prelude::*;

use super::{Avatar, ExternalLinks, Highlighted};
use crate::model::{LinkKind, Researcher};
use crate::search::{Hit, Stats};
use crate::ui::state::search::{Indexed, use_search};

/// "16 publications · 3 awards · 4 talks · 2016–2025"
pub fn figures(stats: &Stats) -> String {
    let plural = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    let mut parts = vec![plural(stats.publications, "publication")];
    if stats.awards > 0 {
        parts.push(plural(stats.awards, "award"));
    }
    if stats.talks > 0 {
        parts.push(plural(stats.talks, "talk"));
    }
    match (stats.first_year, stats.last_year) {
        (Some(a), Some(b)) if a != b => parts.push(format!("{a}–{b}")),
        (Some(a), _) => parts.push(a.to_string()),
        _ => {}
    }
    parts.join(" · ")
}

/// A card: avatar, name linking to the profile, role, location, stage, topics, figures, links,
/// and why it matched the query.
#[component]
pub fn ResearcherCard(
    /// The dataset and index the hit refers to.
    indexed: Indexed,
    /// The hit to show.
    hit: Hit,
) -> impl IntoView {
    let dataset = &indexed.directory.dataset;
    let r: Researcher = dataset.researchers[hit.researcher].clone();
    let org = r
        .organization
        .as_ref()
        .and_then(|id| dataset.organizations.iter().find(|o| &o.id == id))
        .map(|o| o.short_name.clone().unwrap_or_else(|| o.name.clone()));
    let role = match (r.title.clone(), org) {
        (Some(t), Some(o)) => Some(format!("{t}, {o}")),
        (t, o) => t.or(o),
    };
    let topics: Vec<(String, String)> = r
        .topics
        .iter()
        .filter_map(|t| dataset.topics.iter().find(|x| &x.id == t))
        .map(|t| (t.id.0.clone(), t.name.clone()))
        .collect();
    let (name, links) = (r.name.clone(), r.links.clone());
    let stats = indexed.index.stats(hit.researcher);
    let reason = hit
        .reason
        .filter(|m| m.kind != crate::search::FieldKind::Name);
    let search = use_search();
    view! {
        <article class="card" data-testid="researcher-card">
            <div class="card-head">
                <Avatar name=r.name.clone()/>
                <div>
                    <h2 class="card-name">
                        <a href={
                            let id = r.id.0.clone();
                            move || search.profile_href(&id)
                        }>{r.name.clone()}</a>
                    </h2>
                    {role.map(|t| view! { <p class="card-role">{t}</p> })}
                </div>
            </div>
            <p class="card-meta">
                <span class="card-stage">{r.career_stage.label()}</span>
                {r.location.clone().map(|l| view! { " · " <span class="card-location">{l}</span> })}
            </p>
            {reason.map(|m| view! {
                <p class="card-reason" data-testid="match-reason">
                    <span class="reason-kind">{m.kind.label()} ": "</span>
                    <Highlighted text=m.text ranges=m.highlights/>
                </p>
            })}
            <ul class="chips" aria-label="Topics">
                {topics.into_iter().map(|(id, name)| {
                    let label = format!("Filter by topic {name}");
                    view! {
                        <li>
                            <button type="button" class="chip" title=label.clone() aria-label=label
                                on:click=move |_| {
                                    let id = id.clone();
                                    search.update(move |p| { p.topics.insert(id); });
                                }>
                                {name}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <p class="card-figures">{figures(&stats)}</p>
            <ExternalLinks links=links owner=name
                kinds=vec![LinkKind::Homepage, LinkKind::Github, LinkKind::Email]/>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_read_naturally() {
        let s = Stats {
            publications: 16,
            awards: 3,
            talks: 1,
            first_year: Some(2016),
            last_year: Some(2025),
        };
        assert_eq!(
            figures(&s),
            "16 publications · 3 awards · 1 talk · 2016–2025"
        );
        let s = Stats {
            publications: 1,
            awards: 0,
            talks: 0,
            first_year: Some(2021),
            last_year: Some(2021),
        };
        assert_eq!(figures(&s), "1 publication · 2021");
        assert_eq!(figures(&Stats::default()), "0 publications");
    }
}
