//! One publication in a list: title, authors, venue, year, type, honours, links, and its BibTeX
//! on demand with a Copy button.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::HtmlTextAreaElement;

use super::IsolatedList;
use super::links::safe_href;
use crate::lang::Catalogue;
use crate::model::{Citations, Dataset, LinkKind, LoadedDataset, Origin, Publication, cite};
use crate::search::citations::{citations_count, citations_said};
use crate::search::params::ExpertParams;
use crate::site::route::AppRoute;
use crate::ui::browser::{Copied, copy_text};
use crate::ui::lang::text;
use crate::ui::router::Href;
use crate::ui::state::search::use_search;

/// The text of a publication link.
fn link_label(t: &'static Catalogue, kind: LinkKind) -> &'static str {
    match kind {
        LinkKind::Pdf => "PDF",     // not text: a name
        LinkKind::Arxiv => "arXiv", // not text: a name
        LinkKind::Doi => "DOI",     // not text: a name
        LinkKind::Code => t.publication_item().code(),
        LinkKind::Video => t.publication_item().video(),
        LinkKind::Blog => t.publication_item().blog(),
        _ => t.publication_item().link(),
    }
}

/// Where a paper's record in an open source is, by its id there.
const SOURCE_PAGES: [(Origin, &str); 2] = [
    (Origin::Dblp, "https://dblp.org/rec/"),
    (Origin::Openalex, "https://openalex.org/"),
];

/// The links to show: the data's own (http, https and mailto only), then arXiv and DOI links
/// built from the identifiers when the data has no such link already, then the paper's records
/// in dblp and OpenAlex.
fn publication_links(t: &'static Catalogue, p: &Publication) -> Vec<(String, String)> {
    let mut links: Vec<(String, String)> = p
        .links
        .iter()
        .filter_map(|l| {
            let label = l
                .label
                .clone()
                .unwrap_or_else(|| link_label(t, l.kind).to_owned());
            safe_href(&l.url).map(|h| (h, label))
        })
        .collect();
    let has = |kind| p.links.iter().any(|l| l.kind == kind);
    if let Some(ax) = p.arxiv.as_ref().filter(|_| !has(LinkKind::Arxiv)) {
        links.push((format!("https://arxiv.org/abs/{ax}"), "arXiv".into()));
    }
    if let Some(doi) = p.doi.as_ref().filter(|_| !has(LinkKind::Doi)) {
        links.push((format!("https://doi.org/{doi}"), "DOI".into()));
    }
    for (origin, page) in SOURCE_PAGES {
        if let Some(href) =
            (p.sources.get(&origin)).and_then(|id| safe_href(&format!("{page}{id}")))
        {
            links.push((href, origin.label(t).into()));
        }
    }
    links
}

/// The venue's names as the venue line shows them, each a data string of its own:
/// `["NSDI", "20th USENIX Symposium on …"]`, or one name when it already holds the short name
/// ("arXiv preprint server"); empty when the publication names no venue.
fn venue_names(dataset: &Dataset, p: &Publication) -> Vec<String> {
    let venue = dataset.venue_of(p);
    let named = |short: &str, name: &str| {
        if name.to_lowercase().contains(&short.to_lowercase()) {
            vec![name.to_owned()]
        } else {
            vec![short.to_owned(), name.to_owned()]
        }
    };
    match (venue, &p.booktitle) {
        (Some(v), Some(b)) if b != &v.short_name => named(&v.short_name, b),
        (Some(v), _) => named(&v.short_name, &v.name),
        (None, Some(b)) => vec![b.clone()],
        (None, None) => Vec::new(),
    }
}

/// "NSDI — 20th USENIX Symposium on …, 2023 · Conference", each venue name bidi-isolated.
#[component]
fn VenueLine(
    /// The venue's names, from [`venue_names`].
    names: Vec<String>,
    /// The publication's year.
    year: u16,
    /// Its type's label.
    kind: &'static str,
) -> impl IntoView {
    let comma = (!names.is_empty()).then_some(", ");
    let year = text().lang.year(year.into());
    view! {
        <span class="pub-venue">
            <IsolatedList parts=names separator=" — "/>{comma}{format!("{year} · {kind}")}
        </span>
    }
}

/// The id of a publication's element in a list (`pub-<id>`): a profile's link to its paper.
pub fn publication_anchor(id: &str) -> String {
    format!("pub-{id}")
}

/// One publication. `owner` is the profile's researcher id (emphasized among the authors);
/// every other directory member links to their profile.
#[component]
pub fn PublicationItem(
    /// The publication.
    publication: Publication,
    /// The profile's researcher id, if the list is on a profile.
    owner: Option<String>,
    /// The records as loaded, for venues and BibTeX.
    loaded: Arc<LoadedDataset>,
    /// Its BibTeX key.
    cite_key: String,
) -> impl IntoView {
    let p = publication;
    let search = use_search();
    let t = text();
    // Abstracts are a profile's: the list of every publication has none.
    let summary = owner.is_some().then(|| p.abstract_text.clone()).flatten();
    let n = p.authors.len();
    // Each name in its own `<bdi>`: one name's direction must not reorder the commas or the
    // names after it.
    let authors = p
        .authors
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let sep = if i + 1 == n { "" } else { ", " };
            let star = a.equal_contribution.then_some("*");
            let name = a.name.clone();
            let view = match &a.researcher {
                Some(id) if Some(&id.0) == owner.as_ref() => {
                    view! { <strong class="pub-owner"><bdi>{name}</bdi>{star}</strong> }.into_any()
                }
                Some(id) => {
                    let id = id.0.clone();
                    view! { <a href=move || search.profile_href(&id)><bdi>{name}</bdi>{star}</a> }
                        .into_any()
                }
                None => view! { <bdi>{name}</bdi>{star} }.into_any(),
            };
            view! { {view}{sep} }
        })
        .collect_view();
    let links = publication_links(t, &p);
    let venue = venue_names(&loaded.dataset, &p);
    let cite_open = RwSignal::new(false);
    let cite_id = format!("cite-{}", p.id.0);
    let title_id = publication_anchor(&p.id.0);
    let experts = AppRoute::Experts(ExpertParams::for_paper(&p)).href();
    let bibtex = Memo::new({
        let (loaded, p, key) = (loaded.clone(), p.clone(), cite_key.clone());
        move |_| {
            cite_open
                .get()
                .then(|| cite::bibtex_entry(&loaded.dataset, &p, &key))
        }
    });
    view! {
        <li class="publication" data-testid="publication">
            <span class="pub-title" id=title_id.clone()>{p.title.clone()}</span>
            <span class="pub-authors">{authors}{p.authors_incomplete.then_some(t.publication_item().et_al())}</span>
            <VenueLine names=venue year=p.year kind=p.kind.label(t)/>
            {p.citations.clone().map(|c| view! { <CitationCount citations=c/> })}
            {(!p.honours.is_empty()).then(|| view! {
                <span class="badges">{p.honours.iter().map(|h| view! { <span class="badge">{h.clone()}</span> }).collect_view()}</span>
            })}
            {summary.map(|text| view! { <AbstractDisclosure text=text/> })}
            <span class="pub-links">
                {links.into_iter().map(|(href, label)| view! {
                    <a href=href rel="noopener noreferrer" target="_blank">{label}</a>
                }).collect_view()}
                <button
                    type="button"
                    class="link-button"
                    aria-expanded=move || cite_open.get().to_string()
                    aria-controls=cite_id.clone()
                    on:click=move |_| cite_open.update(|o| *o = !*o)
                >
                    {t.publication_item().cite()}
                </button>
                <a href=experts class="find-experts" aria-describedby=title_id>{t.publication_item().find_experts()}</a>
            </span>
            <div class="cite" id=cite_id hidden=move || !cite_open.get()>
                {move || bibtex.get().map(|text| view! { <CiteBox text=text cite_key=cite_key.clone()/> })}
            </div>
        </li>
    }
}

/// "1,204 citations · OpenAlex, 2026-11-01" (the count alone on a narrow screen); its title and
/// what a screen reader says are the whole sentence, "counted by OpenAlex on 2026-11-01".
#[component]
fn CitationCount(
    /// The paper's count, with who counted and when.
    citations: Citations,
) -> impl IntoView {
    let t = crate::ui::lang::text();
    let said = citations_said(t, &citations);
    let title = said.clone();
    let basis = format!(" · {}, {}", citations.source.label(t), citations.as_of);
    view! {
        <span class="pub-cited" title=title data-testid="citations">
            <span aria-hidden="true">
                {citations_count(t, citations.count)}
                <span class="pub-cited-basis">{basis}</span>
            </span>
            <span class="visually-hidden">{said}</span>
        </span>
    }
}

/// The abstract, folded under "Abstract" (plain text: never parsed as HTML).
#[component]
fn AbstractDisclosure(
    /// The abstract's text.
    text: String,
) -> impl IntoView {
    view! {
        <details class="pub-abstract" data-testid="abstract">
            <summary>{crate::ui::lang::text().publication_item().abstract_heading()}</summary>
            <p>{text}</p>
        </details>
    }
}

/// The BibTeX of one entry with a Copy button and what became of the copy.
#[component]
fn CiteBox(text: String, cite_key: String) -> impl IntoView {
    let area = NodeRef::<leptos::html::Textarea>::new();
    let status = RwSignal::new(None::<Copied>);
    // `text` is the entry's here.
    let t = crate::ui::lang::text();
    // Room for every line, long author lists wrapping at about 80 columns.
    let rows: usize = text
        .lines()
        .map(|l| l.chars().count().div_ceil(80).max(1))
        .sum();
    let copy = {
        let text = text.clone();
        move |_: leptos::ev::MouseEvent| {
            let text = text.clone();
            let fallback: Option<HtmlTextAreaElement> = area.get_untracked();
            spawn_local(async move {
                let copied = copy_text(&text, fallback).await;
                // The entry may have gone meanwhile (the user went elsewhere).
                status.try_set(Some(copied));
            });
        }
    };
    view! {
        <label class="visually-hidden" for=format!("bib-{cite_key}")>{crate::lang::fill(t.publication_item().bibtex_for(), &[("key", &cite_key)])}</label>
        <textarea
            class="bibtex"
            id=format!("bib-{cite_key}")
            readonly
            rows=rows
            spellcheck="false"
            node_ref=area
            data-testid="bibtex"
            prop:value=text
        ></textarea>
        <div class="cite-actions">
            <button type="button" class="button" on:click=copy>{t.publication_item().copy()}</button>
            <span class="copy-status" role="status">
                {move || match status.get() {
                    Some(Copied::Done) => t.publication_item().copied(),
                    Some(Copied::Selected) => t.publication_item().selected(),
                    None => "",
                }}
            </span>
        </div>
    }
}
