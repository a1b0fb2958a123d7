//! `/publications`: every publication in the dataset once, with the same list as profiles.

use leptos::prelude::*;

use super::directory::set_title;
use crate::ui::components::{DataView, PublicationList};
use crate::ui::state::search::use_search;

/// All publications: a paper by several directory members appears once, all of them linked.
#[component]
pub fn PublicationsPage() -> impl IntoView {
    set_title("Publications — Research Atlas");
    let search = use_search();
    view! {
        <h1>"Publications"</h1>
        <DataView children=move |dir| {
            let d = &dir.dataset;
            let scope = search
                .indexed
                .with_untracked(|ix| ix.as_ref().map(|ix| ix.publications.scope_all()))
                .unwrap_or_default();
            let years = d.publications.iter().map(|p| p.year);
            let span = match (years.clone().min(), years.max()) {
                (Some(a), Some(b)) if a != b => format!(", {a}–{b}"),
                (Some(a), _) => format!(", {a}"),
                _ => String::new(),
            };
            let authors = d.researchers.iter().filter(|r| !r.publications.is_empty()).count();
            view! {
                <p class="page-lead">
                    {format!(
                        "{} by {authors} researcher{} of the directory{span}. Papers by several members appear once.",
                        crate::ui::components::publication_list::publications_count(d.publications.len()),
                        if authors == 1 { "" } else { "s" },
                    )}
                </p>
                <PublicationList scope=scope owner=None file_stem="publications".to_owned() top_level=true filters_open=true/>
            }
        }/>
    }
}
