//! `/publications`: every publication in the dataset once, with the same list as profiles.
//!
//! It needs every record: in memory when the directory was loaded as JSON, otherwise the
//! authoring file, fetched when the page opens.

use leptos::prelude::*;

use crate::ui::browser::set_title;
use crate::ui::components::{DataView, DetailView, PublicationList};
use crate::ui::state::data::{Load, fetch_everything};

/// All publications: a paper by several directory members appears once, all of them linked.
#[component]
pub fn PublicationsPage() -> impl IntoView {
    set_title("Publications — Research Atlas");
    view! {
        <h1>"Publications"</h1>
        <DataView children=move |atlas| {
            let resource = Load::new(move || fetch_everything(atlas.clone()));
            view! { <DetailView resource=resource children=move |detail| {
                let d = &detail.directory.dataset;
                let scope = detail.publications.scope_all();
                let years = d.publications.iter().map(|p| p.year);
                let span = match (years.clone().min(), years.max()) {
                    (Some(a), Some(b)) if a != b => format!(", {a}–{b}"),
                    (Some(a), _) => format!(", {a}"),
                    _ => String::new(),
                };
                let authors = d.researchers.iter().filter(|r| !r.publications.is_empty()).count();
                let lead = format!(
                    "{} by {authors} researcher{} of the directory{span}. Papers by several members appear once.",
                    crate::ui::components::publication_list::publications_count(d.publications.len()),
                    if authors == 1 { "" } else { "s" },
                );
                view! {
                    <p class="page-lead">{lead}</p>
                    <PublicationList detail=detail.clone() scope=scope owner=None file_stem="publications".to_owned() top_level=true filters_open=true/>
                }
            }/> }
        }/>
    }
}
