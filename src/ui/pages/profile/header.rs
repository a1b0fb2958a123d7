//! A profile's header: name, role, career stage, advisors, topics, links, summary, openings and
//! actions. Each data string that shares a line with others is in its own `<bdi>`.

use leptos::prelude::*;

use crate::model::{Advisor, Dataset, LinkKind, Researcher};
use crate::site::route::organization;
use crate::ui::components::profile_sections::CorrectionLink;
use crate::ui::components::{ExternalLinks, IsolatedList, OpeningDetails, PickButtons};
use crate::ui::lang::{data_lang, page_lang, text};
use crate::ui::router::Href;
use crate::ui::state::search::use_search;

/// The links a header shows, in order.
const HEADER_LINKS: [LinkKind; 8] = [
    LinkKind::Homepage,
    LinkKind::Github,
    LinkKind::Linkedin,
    LinkKind::Scholar,
    LinkKind::Orcid,
    LinkKind::Dblp,
    LinkKind::Openalex,
    LinkKind::Email,
];

/// The header of `r`'s profile; `fix` is the profile-wide correction link, when there is one.
pub(super) fn profile_header(
    r: &Researcher,
    dataset: &Dataset,
    fix: Option<String>,
) -> impl IntoView + use<> {
    let t = text();
    let lang = page_lang().code();
    let org = (r.organization.as_ref())
        .and_then(|id| dataset.organization(id))
        .map(|o| {
            let name = o.name_in(lang);
            (
                organization(o.id.as_str()).href(),
                name.text.to_owned(),
                data_lang(&name),
            )
        });
    // The title in the page's language (or marked as the dataset's), then the department.
    let title = r.title_in(lang).map(|s| (s.text.to_owned(), data_lang(&s)));
    let department: Vec<String> = r.department.clone().into_iter().collect();
    let has_role = title.is_some() || !department.is_empty();
    let title_comma = (title.is_some() && !department.is_empty()).then_some(t.lang.comma());
    let has_org = org.is_some();
    let topics = r
        .topics
        .iter()
        .filter_map(|t| dataset.topic(t))
        .map(|t| {
            let name = t.name_in(lang);
            view! { <li class="chip static" lang=data_lang(&name)>{name.text.to_owned()}</li> }
        })
        .collect::<Vec<_>>();
    let summary = r.summary_in(lang);
    let summary_lang = data_lang(&summary);
    let summary = summary.text.to_owned();
    let native = r.native_name.clone().map(|n| {
        view! { " " <span class="native-name" lang=r.native_name_lang.clone()>{n}</span> }
    });
    view! {
        <header class="profile-header">
            <h1><bdi>{r.name.clone()}</bdi>{native}</h1>
            {(has_role || has_org).then(|| view! {
                <p class="profile-title">
                    {title.map(|(title, lang)| view! { <bdi lang=lang>{title}</bdi> })}
                    {title_comma}
                    <IsolatedList parts=department/>
                    {org.map(|(href, name, lang)| view! {
                        {has_role.then_some(t.lang.comma())}<a href=href><bdi lang=lang>{name}</bdi></a>
                    })}
                </p>
            })}
            <p class="profile-meta">
                {r.career_stage.label(t)}
                {r.location.clone().map(|l| view! { " · " <bdi>{l}</bdi> })}
                <AdvisedBy advisors=r.advisors.clone()/>
            </p>
            {(!topics.is_empty()).then(|| view! {
                <ul class="chips" aria-label=t.profile().topics()>{topics}</ul>
            })}
            <ExternalLinks links=r.links.clone() owner=r.name.clone() kinds=HEADER_LINKS.to_vec()/>
            <p class="profile-summary" lang=summary_lang>{summary}</p>
            {r.openings.clone().map(|o| view! { <OpeningDetails openings=o/> })}
            <div class="profile-actions">
                <PickButtons id=r.id.0.clone() name=r.name.clone()/>
                {fix.map(|href| view! { <CorrectionLink href=href section=t.profile().profile()/> })}
            </div>
        </header>
    }
}

/// " · Advised by A, B and C", each advisor in the directory linked to their profile.
#[component]
fn AdvisedBy(advisors: Vec<Advisor>) -> impl IntoView {
    let t = text().profile();
    let search = use_search();
    let n = advisors.len();
    let names = advisors
        .into_iter()
        .enumerate()
        .map(|(i, a)| {
            let sep = match (i + 2).cmp(&n) {
                std::cmp::Ordering::Less => t.advisor_separator(),
                std::cmp::Ordering::Equal => t.advisor_last(),
                std::cmp::Ordering::Greater => "",
            };
            let name = match a.researcher {
                Some(id) => {
                    view! { <a href=move || search.profile_href(&id.0)><bdi>{a.name}</bdi></a> }
                        .into_any()
                }
                None => view! { <bdi>{a.name}</bdi> }.into_any(),
            };
            view! { {name}{sep} }
        })
        .collect_view();
    (n > 0).then(|| view! { {t.advised_by()} {names} })
}
