//! `/shortlist`: the researchers the user starred, kept in localStorage. `?ids=a,b` shows a
//! shortlist someone shared, which the user can save as theirs.

use std::sync::Arc;

use leptos::prelude::*;

use crate::lang::{Catalogue, fill};
use crate::search::IdList;
use crate::search::shortlist::{self, Row};
use crate::site::route::{AppRoute, profile};
use crate::ui::browser::download;
use crate::ui::browser::set_title;
use crate::ui::components::{DataView, PickButtons};
use crate::ui::lang::text;
use crate::ui::router::{Href, use_route};
use crate::ui::state::data::{Atlas, fetch_details};
use crate::ui::state::picks::{MAX_COMPARED, use_picks};

/// The shortlist page.
#[component]
pub fn ShortlistPage() -> impl IntoView {
    let t = text();
    set_title(Some(t.shortlist().title()));
    let route = use_route().route;
    let shared = Memo::new(move |_| match route.get() {
        AppRoute::Shortlist(Some(IdList(ids))) => Some(ids),
        _ => None,
    });
    let picks = use_picks();
    view! {
        <div class="shortlist-page" data-testid="shortlist-page">
            <DataView children=move |atlas| {
                match shared.get() {
                    Some(ids) => view! {
                        <h1>{t.shortlist().shared_heading()}</h1>
                        <SharedIntro ids=ids.clone()/>
                        <ShortlistView atlas=atlas ids=Signal::derive(move || ids.clone())/>
                    }.into_any(),
                    None => view! {
                        <h1>{t.shortlist().heading()}</h1>
                        <ShortlistView atlas=atlas ids=picks.shortlist.into()/>
                    }.into_any(),
                }
            }/>
        </div>
    }
}

/// "Someone shared N researchers", and a button that adds them to the user's own shortlist.
#[component]
fn SharedIntro(ids: Vec<String>) -> impl IntoView {
    let picks = use_picks();
    let count = ids.len();
    let t = text();
    let add = move |_| {
        picks.shortlist.update(|s| {
            for id in &ids {
                if !s.contains(id) {
                    s.push(id.clone());
                }
            }
        })
    };
    view! {
        <p class="shortlist-intro">
            {format!("{} ", t.shortlist().shared().count(count))}
            <button type="button" class="button" data-testid="save-shared" on:click=add>
                {t.shortlist().add()}
            </button>
            " "
            <a href=AppRoute::Shortlist(None).href()>{t.shortlist().mine()}</a>
        </p>
    }
}

/// The rows of `ids` that are in the directory.
fn rows(atlas: &Atlas, ids: &[String]) -> Vec<Row> {
    let c = &atlas.compiled;
    (ids.iter())
        .filter_map(|id| c.position(id))
        .map(|i| {
            let url = profile(&c.cards[i].id).absolute();
            Row::new(&c.cards[i], &c.index.stats(i), &c.topics, url)
        })
        .collect()
}

/// A shortlist: the researchers, sharing, exports and a way to compare them.
#[component]
fn ShortlistView(atlas: Arc<Atlas>, ids: Signal<Vec<String>>) -> impl IntoView {
    let t = text();
    let list = {
        let atlas = atlas.clone();
        move || rows(&atlas, &ids.get())
    };
    view! {
        {move || {
            let rows = list();
            if rows.is_empty() {
                return view! {
                    <p class="empty-state" data-testid="shortlist-empty">
                        {t.shortlist().empty()}
                    </p>
                }.into_any();
            }
            view! { <ShortlistRows rows=rows/> }.into_any()
        }}
        {move || (!ids.get().is_empty()).then(|| view! { <ShortlistActions atlas=atlas.clone() ids=ids/> })}
    }
}

/// The count, one line per researcher, and the way to compare them.
#[component]
fn ShortlistRows(rows: Vec<Row>) -> impl IntoView {
    let n = rows.len();
    let t = text();
    let compare_ids: Vec<String> = rows
        .iter()
        .take(MAX_COMPARED)
        .map(|r| r.id.clone())
        .collect();
    view! {
        <p class="shortlist-count" data-testid="shortlist-count">
            {t.shortlist().count().count(n)}
        </p>
        <ul class="shortlist" data-testid="shortlist">
            {rows.into_iter().map(|r| view! { <ShortlistItem row=r/> }).collect_view()}
        </ul>
        {(n >= 2).then(|| view! {
            <p><a class="button" href=AppRoute::Compare(IdList(compare_ids)).href() data-testid="compare-shortlist">
                {if n > MAX_COMPARED { t.shortlist().compare_first().count(MAX_COMPARED) } else { t.shortlist().compare_these().count(n) }}
            </a></p>
        })}
    }
}

/// One shortlisted researcher: name, role, figures and their star and compare buttons.
#[component]
fn ShortlistItem(row: Row) -> impl IntoView {
    let r = row;
    view! {
        <li class="shortlist-item" data-testid="shortlist-item">
            <div>
                <a class="shortlist-name" href=profile(&r.id).href()>{r.name.clone()}</a>
                {r.role.clone().map(|t| view! { <span class="card-role">" · " <bdi>{t}</bdi></span> })}
                <p class="card-figures">
                    {figures(text(), r.publications, &r.topics)}
                </p>
            </div>
            <PickButtons id=r.id.clone() name=r.name.clone() compact=true/>
        </li>
    }
}

/// "12 publications · LLM serving, Networks": the count only where the dataset lists
/// publications (unknown is not zero).
fn figures(t: &Catalogue, publications: Option<usize>, topics: &[String]) -> String {
    let count = publications.map(|n| t.shortlist().publications().count(n));
    let topics = (!topics.is_empty()).then(|| topics.join(t.shortlist().topic_separator()));
    count
        .into_iter()
        .chain(topics)
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What a shortlist can be exported as.
#[derive(Clone, Copy)]
enum Export {
    Csv,
    Json,
    Bibtex,
}

/// The share link and the export buttons, with a status line saying how an export went.
#[component]
fn ShortlistActions(atlas: Arc<Atlas>, ids: Signal<Vec<String>>) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let t = text();
    let share_href = move || AppRoute::Shortlist(Some(IdList(ids.get()))).absolute();
    let button = move |kind: Export, testid: &'static str, label: &'static str| {
        let atlas = atlas.clone();
        view! {
            <button type="button" class="button" data-testid=testid
                on:click=move |_| export(atlas.clone(), ids.get_untracked(), kind, status)>
                {label}
            </button>
        }
    };
    view! {
        <div class="shortlist-actions">
            <label for="share-link">{t.shortlist().share()}</label>
            <input id="share-link" data-testid="share-link" type="text" readonly prop:value=share_href/>
            <div class="export-buttons" role="group" aria-label=t.shortlist().export()>
                {button(Export::Csv, "export-csv", "CSV")}
                {button(Export::Json, "export-json", "JSON")}
                {button(Export::Bibtex, "export-bibtex", "BibTeX")}
            </div>
            <p role="status" class="muted">{move || status.get()}</p>
        </div>
    }
}

/// Downloads the shortlist of `ids` as `kind`; BibTeX first fetches the researchers' records.
fn export(atlas: Arc<Atlas>, ids: Vec<String>, kind: Export, status: RwSignal<String>) {
    let t = text();
    let rows = rows(&atlas, &ids);
    match kind {
        Export::Csv => report(
            status,
            download(
                "shortlist.csv",
                "text/csv;charset=utf-8",
                &shortlist::csv(&rows),
            ),
        ),
        Export::Json => report(
            status,
            download(
                "shortlist.json",
                "application/json",
                &shortlist::json(&rows),
            ),
        ),
        Export::Bibtex => {
            let wanted: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
            status.set(t.shortlist().collecting().into());
            leptos::task::spawn_local(async move {
                match fetch_details(atlas, wanted.clone()).await {
                    Ok(details) => {
                        let only: Vec<&str> = wanted.iter().map(String::as_str).collect();
                        let sources: Vec<_> = details
                            .iter()
                            .map(|d| (&d.loaded.dataset, &d.cite_keys, only.as_slice()))
                            .collect();
                        let text = shortlist::bibtex(&sources);
                        let mime = "application/x-bibtex;charset=utf-8";
                        report(status, download("shortlist.bib", mime, &text));
                    }
                    Err(e) => {
                        status.try_set(fill(
                            t.shortlist().collect_failed(),
                            &[("error", &e.to_string())],
                        ));
                    }
                }
            });
        }
    }
}

/// Says whether a download started.
fn report(status: RwSignal<String>, result: Result<(), wasm_bindgen::JsValue>) {
    // `try_`: after a fetch, the page may have gone.
    let t = text();
    status.try_set(match result {
        Ok(()) => t.shortlist().downloaded().into(),
        Err(e) => fill(
            t.shortlist().download_failed(),
            &[("error", &format!("{e:?}"))],
        ),
    });
}
