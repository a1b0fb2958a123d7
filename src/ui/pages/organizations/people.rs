//! An organization's people: those there now (most senior first) and those there before (the
//! latest leavers first), each with their stage, their years and roles there, and their profile.

use std::sync::Arc;

use leptos::prelude::*;

use super::filters::show_all;
use crate::model::taking_line;
use crate::search::organizations::page::{stage_phrase, stages_line};
use crate::search::organizations::{Member, OrgTable};
use crate::site::route::profile;
use crate::ui::components::IsolatedList;
use crate::ui::lang::text;
use crate::ui::router::Href;

/// People listed before "Show all".
const FIRST: usize = 50;

/// Who is there now.
#[component]
pub fn PeopleNow(table: Arc<OrgTable>, org: usize) -> impl IntoView {
    let (counts, _) = table.stage_counts(org);
    let t = text();
    let summary = stages_line(&counts, t);
    view! {
        <section class="org-section" aria-labelledby="org-now-h" data-testid="org-people-now">
            <h2 id="org-now-h">{t.organization().people_now()}</h2>
            {match summary {
                Some(s) => view! { <p class="muted">{s}</p> }.into_any(),
                None => view! { <p class="muted">{t.organization().no_one_now()}</p> }.into_any(),
            }}
            <People table=table org=org now=true/>
        </section>
    }
}

/// Who was there before.
#[component]
pub fn PeopleBefore(table: Arc<OrgTable>, org: usize) -> impl IntoView {
    let (_, counts) = table.stage_counts(org);
    let t = text();
    stages_line(&counts, t).map(|summary| view! {
        <section class="org-section" aria-labelledby="org-before-h" data-testid="org-people-before">
            <h2 id="org-before-h">{t.organization().before()}</h2>
            <p class="muted">
                {crate::lang::fill(t.organization().before_summary(), &[("summary", &summary)])}
            </p>
            <People table=table org=org now=false/>
        </section>
    })
}

/// The members now (or before) as a list, [`FIRST`] until asked for all.
#[component]
fn People(table: Arc<OrgTable>, org: usize, now: bool) -> impl IntoView {
    let members: Vec<Member> = (table.orgs[org].members.iter())
        .filter(|m| m.now == now)
        .cloned()
        .collect();
    let total = members.len();
    let all = RwSignal::new(false);
    let t = text();
    let rows = move || {
        let n = if all.get() { total } else { FIRST };
        (members.iter().take(n))
            .map(|m| view! { <Person table=table.clone() member=m.clone() now=now/> })
            .collect_view()
    };
    (total > 0).then(|| view! {
        <ul class="org-people-list">{rows}</ul>
        {(total > FIRST).then(|| view! {
            <button type="button" class="link-button" aria-expanded=move || all.get().to_string()
                on:click=move |_| all.update(|a| *a = !*a)>
                {move || if all.get() {
                    t.organizations().show_fewer().to_owned()
                } else {
                    show_all(total)
                }}
            </button>
        })}
    })
}

/// One person: name (their profile), stage, years and roles there; before, where they are now.
#[component]
fn Person(table: Arc<OrgTable>, member: Member, now: bool) -> impl IntoView {
    let person = &table.people[member.person as usize];
    // Their stage (now) or what they are now (before), their years and roles there.
    let mut parts: Vec<String> = Vec::new();
    if now {
        parts.push(person.stage.label(text()).to_owned());
    }
    parts.extend(member.years(text()));
    parts.extend((member.roles.iter()).map(|&r| table.roles[r as usize].clone()));
    if now && !person.openings.is_empty() {
        parts.push(taking_line(text(), &person.openings));
    }
    if !now {
        let at = person.current.map(|o| table.orgs[o as usize].label());
        let t = text();
        let stage = stage_phrase(person.stage, t);
        parts.push(match at {
            Some(at) => {
                crate::lang::fill(t.organization().now_at(), &[("stage", stage), ("org", at)])
            }
            None => crate::lang::fill(t.organization().now(), &[("stage", stage)]),
        });
    }
    view! {
        <li data-testid="org-person">
            <a href=profile(&person.id).href()><bdi>{person.name.clone()}</bdi></a>
            <span class="org-person-facts">" — " <IsolatedList parts=parts separator=" · "/></span>
        </li>
    }
}
