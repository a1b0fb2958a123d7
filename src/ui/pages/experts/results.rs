//! The answer: how many experts match (announced), the export, and the list; nothing before a
//! question, a clear word when nobody matches, and the data's failure with Retry.

use std::sync::Arc;

use leptos::prelude::*;

use super::card::ExpertCard;
use crate::model::Dataset;
use crate::search::experts::page::Shown;
use crate::search::experts::{Answer, export};
use crate::ui::browser::download;
use crate::ui::components::data_view::{LoadErrorView, Loading};
use crate::ui::state::data::{DataError, Load, use_atlas};
use crate::ui::state::experts::{ExpertQuery, ExpertsResult, Found, ask};

/// The results section.
#[component]
pub fn ExpertsResults(query: ExpertQuery, data: Load<ExpertsResult>) -> impl IntoView {
    let atlas = use_atlas();
    let asked = Memo::new(move |_| query.params.with(|p| !p.text.trim().is_empty()));
    // The answer to the URL's question, once the data (and the parts it needs) is in.
    let found: Load<Option<Result<Found, DataError>>> = Load::new(move || {
        let d = data.get();
        let params = query.params.get();
        async move {
            if params.text.trim().is_empty() {
                return None;
            }
            let d = match d? {
                Ok(d) => d,
                Err(e) => return Some(Err(e)),
            };
            let year = crate::ui::host::year_and_month().0;
            Some(ask(d, atlas, params, year).await)
        }
    });
    let answer = Memo::new(move |_| match found.get().flatten() {
        Some(Ok(f)) => Some(f.answer),
        _ => None,
    });
    let hide = Memo::new(move |_| query.params.with(|p| p.hide_conflicted));
    let count = move || answer.with(|a| a.as_ref().map(|a| Shown::of(a, hide.get()).sentence()));
    let body = move || match (data.get(), found.get().flatten(), asked.get()) {
        (_, _, false) => ().into_any(),
        (Some(Err(e)), _, true) => view! {
            <LoadErrorView error=e heading="The researchers’ papers could not be loaded"
                retry=Callback::new(move |_| data.refetch())/>
        }
        .into_any(),
        (_, Some(Err(e)), true) => view! {
            <LoadErrorView error=e heading="The researchers’ papers could not be loaded"
                retry=Callback::new(move |_| found.refetch())/>
        }
        .into_any(),
        (_, Some(Ok(f)), true) => view! { <ExpertList found=f hide=hide/> }.into_any(),
        (_, None, true) => view! { <Loading text="Loading the researchers’ papers…"/> }.into_any(),
    };
    view! {
        <section class="experts-results" aria-labelledby="experts-results-h">
            <h2 id="experts-results-h" class="visually-hidden">"Experts"</h2>
            <p class="experts-count" role="status" aria-live="polite" data-testid="experts-count">
                {count}
            </p>
            {body}
        </section>
    }
}

/// The experts shown, with the export; or that nobody matches.
#[component]
fn ExpertList(found: Found, hide: Memo<bool>) -> impl IntoView {
    move || {
        let a = found.answer.clone();
        let shown = Shown::of(&a, hide.get());
        if shown.experts.is_empty() {
            return view! { <NoMatch hidden=shown.hidden/> }.into_any();
        }
        let cards = (shown.experts.iter().enumerate())
            .map(|(i, e)| {
                view! { <ExpertCard expert={(*e).clone()} rank={i + 1} dataset=found.dataset.clone()/> }
            })
            .collect_view();
        view! {
            <ExportButton dataset=found.dataset.clone() answer=a.clone() hide=hide.get()/>
            <ol class="experts-list" data-testid="experts-list">{cards}</ol>
        }
        .into_any()
    }
}

/// Nobody to list: why, and what to try.
#[component]
fn NoMatch(hidden: usize) -> impl IntoView {
    let why = if hidden > 0 {
        "Everyone who matches has a conflict with the authors. Turn off “Hide people with a conflict” to see them."
    } else {
        "No paper of the directory’s researchers shares a telling word with this text. Try the abstract, other words for its subject, or no career stage or year limit."
    };
    view! {
        <div class="empty-state" data-testid="experts-empty">
            <h3>"No experts found"</h3>
            <p>{why}</p>
        </div>
    }
}

/// "Export CSV": the list as shown, with what became of the download.
#[component]
fn ExportButton(dataset: Arc<Dataset>, answer: Arc<Answer>, hide: bool) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let save = move |_| {
        let shown = Shown::of(&answer, hide);
        let text = export::csv(&dataset, &shown.experts, &answer);
        status.set(
            match download("experts.csv", "text/csv;charset=utf-8", &text) {
                Ok(()) => "Downloaded.".into(),
                Err(e) => format!("The download failed: {e:?}"),
            },
        );
    };
    view! {
        <div class="experts-export">
            <button type="button" class="button secondary" data-testid="experts-export" on:click=save>
                "Export CSV"
            </button>
            <span class="muted" role="status">{move || status.get()}</span>
        </div>
    }
}
