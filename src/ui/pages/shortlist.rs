//! `/shortlist`: the researchers the user starred, kept in localStorage. `?ids=a,b` shows a
//! shortlist someone shared, which the user can save as theirs.

use std::sync::Arc;

use leptos::prelude::*;

use crate::search::IdList;
use crate::search::shortlist::{self, Row};
use crate::ui::browser::download;
use crate::ui::browser::set_title;
use crate::ui::components::{DataView, PickButtons};
use crate::ui::routes::{AppRoute, profile, use_route};
use crate::ui::state::data::{Atlas, fetch_details};
use crate::ui::state::picks::{MAX_COMPARED, use_picks};

/// The shortlist page.
#[component]
pub fn ShortlistPage() -> impl IntoView {
    set_title("Shortlist — Research Atlas");
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
                    Some(ids) => {
                        let count = ids.len();
                        let save = ids.clone();
                        view! {
                            <h1>"Shared shortlist"</h1>
                            <p class="shortlist-intro">
                                {format!("Someone shared {count} researcher{}. ", if count == 1 { "" } else { "s" })}
                                <button type="button" class="button" data-testid="save-shared"
                                    on:click=move |_| picks.shortlist.update(|s| {
                                        for id in &save {
                                            if !s.contains(id) { s.push(id.clone()); }
                                        }
                                    })>
                                    "Add them to my shortlist"
                                </button>
                                " "
                                <a href=AppRoute::Shortlist(None).href()>"My shortlist"</a>
                            </p>
                            <ShortlistView atlas=atlas ids=Signal::derive(move || ids.clone())/>
                        }.into_any()
                    }
                    None => view! {
                        <h1>"Shortlist"</h1>
                        <ShortlistView atlas=atlas ids=picks.shortlist.into()/>
                    }.into_any(),
                }
            }/>
        </div>
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
    let status = RwSignal::new(String::new());
    let list = {
        let atlas = atlas.clone();
        move || rows(&atlas, &ids.get())
    };
    let share_href = move || AppRoute::Shortlist(Some(IdList(ids.get()))).absolute();
    let export = {
        let atlas = atlas.clone();
        move |kind: &'static str| {
            let atlas = atlas.clone();
            let rows = rows(&atlas, &ids.get_untracked());
            match kind {
                "csv" => report(
                    status,
                    download(
                        "shortlist.csv",
                        "text/csv;charset=utf-8",
                        &shortlist::csv(&rows),
                    ),
                ),
                "json" => report(
                    status,
                    download(
                        "shortlist.json",
                        "application/json",
                        &shortlist::json(&rows),
                    ),
                ),
                _ => {
                    let wanted: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
                    status.set("Collecting publications…".into());
                    leptos::task::spawn_local(async move {
                        match fetch_details(atlas, wanted.clone()).await {
                            Ok(details) => {
                                let only: Vec<&str> = wanted.iter().map(String::as_str).collect();
                                let sources: Vec<_> = details
                                    .iter()
                                    .map(|d| (&d.directory.dataset, &d.cite_keys, only.as_slice()))
                                    .collect();
                                let text = shortlist::bibtex(&sources);
                                report(
                                    status,
                                    download(
                                        "shortlist.bib",
                                        "application/x-bibtex;charset=utf-8",
                                        &text,
                                    ),
                                );
                            }
                            Err(e) => {
                                status.set(format!("Could not collect the publications: {e}"))
                            }
                        }
                    });
                }
            }
        }
    };
    let (e1, e2, e3) = (export.clone(), export.clone(), export);
    view! {
        {move || {
            let rows = list();
            if rows.is_empty() {
                return view! {
                    <p class="empty-state" data-testid="shortlist-empty">
                        "No one here yet. Star researchers (☆) on their cards or profiles to keep them here; the shortlist stays in this browser."
                    </p>
                }.into_any();
            }
            let n = rows.len();
            let compare_ids: Vec<String> = rows.iter().take(MAX_COMPARED).map(|r| r.id.clone()).collect();
            view! {
                <p class="shortlist-count" data-testid="shortlist-count">
                    {format!("{n} researcher{}", if n == 1 { "" } else { "s" })}
                </p>
                <ul class="shortlist" data-testid="shortlist">
                    {rows.into_iter().map(|r| view! {
                        <li class="shortlist-item" data-testid="shortlist-item">
                            <div>
                                <a class="shortlist-name" href=profile(&r.id).href()>{r.name.clone()}</a>
                                {r.role.clone().map(|t| view! { <span class="card-role">{format!(" · {t}")}</span> })}
                                <p class="card-figures">
                                    {format!("{} publications", r.publications)}
                                    {(!r.topics.is_empty()).then(|| format!(" · {}", r.topics.join(", ")))}
                                </p>
                            </div>
                            <PickButtons id=r.id.clone() name=r.name.clone() compact=true/>
                        </li>
                    }).collect_view()}
                </ul>
                {(n >= 2).then(|| view! {
                    <p><a class="button" href=AppRoute::Compare(IdList(compare_ids)).href() data-testid="compare-shortlist">
                        {if n > MAX_COMPARED { format!("Compare the first {MAX_COMPARED}") } else { format!("Compare these {n}") }}
                    </a></p>
                })}
            }.into_any()
        }}
        {move || (!ids.get().is_empty()).then(|| {
            let (e1, e2, e3) = (e1.clone(), e2.clone(), e3.clone());
            view! {
                <div class="shortlist-actions">
                    <label for="share-link">"Share link"</label>
                    <input id="share-link" data-testid="share-link" type="text" readonly prop:value=share_href/>
                    <div class="export-buttons" role="group" aria-label="Export the shortlist">
                        <button type="button" class="button" data-testid="export-csv" on:click=move |_| e1("csv")>"CSV"</button>
                        <button type="button" class="button" data-testid="export-json" on:click=move |_| e2("json")>"JSON"</button>
                        <button type="button" class="button" data-testid="export-bibtex" on:click=move |_| e3("bib")>"BibTeX"</button>
                    </div>
                    <p role="status" class="muted">{move || status.get()}</p>
                </div>
            }
        })}
    }
}

/// Says whether a download started.
fn report(status: RwSignal<String>, result: Result<(), wasm_bindgen::JsValue>) {
    status.set(match result {
        Ok(()) => "Downloaded.".into(),
        Err(e) => format!("The download failed: {e:?}"),
    });
}
