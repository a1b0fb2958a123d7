//! `/publications`: every publication in the dataset once, with the same list as profiles.
//!
//! A release build answers it from the compiled publication files (`data/pubs/`): the index
//! and the chunk of the first page, then only what filters and pages need
//! ([`PubFiles`]). Without them (`trunk serve` on the JSON, the pre-renderer) it lists the
//! dataset in memory, fetching the authoring file if the directory did not load it.

use leptos::prelude::*;

use crate::files::paths::pubs::INDEX as PUBS_INDEX;
use crate::files::publications::PubsIndex;
use crate::lang::{Catalogue, fill};
use crate::ui::browser::set_title;
use crate::ui::components::{
    CompiledPublicationList, DataView, DetailView, LoadErrorView, LoadingView, PublicationList,
};
use crate::ui::lang::text;
use crate::ui::state::data::{Load, fetch_everything, static_data};
use crate::ui::state::pub_files::{PubFiles, fetch_index};

/// "60 publications by 5 researchers of the directory, 2015–2025. …"
fn lead(t: &Catalogue, count: usize, authors: usize, span: Option<(u16, u16)>) -> String {
    let p = t.publications();
    let span = span.map_or_else(String::new, |(a, b)| {
        fill(p.span(), &[("years", &t.lang.years(a.into(), b.into()))])
    });
    fill(
        p.lead(),
        &[
            ("publications", &p.publications().count(count)),
            ("researchers", &p.researchers().count(authors)),
            ("span", &span),
        ],
    )
}

/// All publications: a paper by several directory members appears once, all of them linked.
#[component]
pub fn PublicationsPage() -> impl IntoView {
    let t = text();
    set_title(Some(t.publications().title()));
    let compiled = Load::new(|| async {
        if static_data().is_some() {
            return Ok(None);
        }
        fetch_index().await
    });
    view! {
        <h1>{t.publications().heading()}</h1>
        {move || match compiled.get() {
            None => view! { <LoadingView/> }.into_any(),
            Some(Err(e)) => view! {
                <LoadErrorView error=e retry=Callback::new(move |_| compiled.refetch())
                    heading=t.publications().load_failed()/>
            }.into_any(),
            Some(Ok(Some(index))) => view! { <Compiled index=index/> }.into_any(),
            Some(Ok(None)) => view! { <Loaded/> }.into_any(),
        }}
    }
}

/// The list from the compiled files.
#[component]
fn Compiled(index: std::sync::Arc<PubsIndex>) -> impl IntoView {
    let text = lead(
        text(),
        index.total as usize,
        index.authors as usize,
        index.span(),
    );
    let files = PubFiles::new(index);
    view! {
        <p class="page-lead">{text}</p>
        <CompiledPublicationList files=files/>
    }
}

/// The list from the whole dataset in memory.
#[component]
fn Loaded() -> impl IntoView {
    view! {
        <DataView children=move |atlas| {
            let resource = Load::new(move || fetch_everything(atlas.clone(), PUBS_INDEX));
            view! { <DetailView resource=resource children=move |detail| {
                let d = &detail.loaded.dataset;
                let scope = detail.publications.scope_all();
                let years = d.publications.iter().map(|p| p.year);
                let span = years.clone().min().zip(years.max());
                let authors = d.researchers.iter().filter(|r| !r.publications.is_empty()).count();
                let text = lead(text(), d.publications.len(), authors, span);
                view! {
                    <p class="page-lead">{text}</p>
                    <PublicationList detail=detail.clone() scope=scope owner=None file_stem="publications".to_owned() top_level=true filters_open=true/>
                }
            }/> }
        }/>
    }
}
