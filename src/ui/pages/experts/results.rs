//! The answer: how many experts match (announced), the export, and the list; nothing before a
//! question, a clear word when nobody matches, and the data's failure with Retry.

use std::sync::Arc;

use leptos::prelude::*;

use super::card::ExpertCard;
use crate::search::experts::page::{Shown, question};
use crate::search::experts::{Answer, export, find};
use crate::ui::browser::{download, timed};
use crate::ui::components::data_view::{LoadErrorView, Loading};
use crate::ui::state::data::Load;
use crate::ui::state::experts::{ExpertQuery, ExpertsData, ExpertsResult};

/// The results section.
#[component]
pub fn ExpertsResults(query: ExpertQuery, data: Load<ExpertsResult>) -> impl IntoView {
    let asked = Memo::new(move |_| query.params.with(|p| !p.text.trim().is_empty()));
    let loaded = move || data.get().and_then(Result::ok);
    // The answer to the URL's question, once the data is in.
    let answer = Memo::new(move |_| {
        let d = loaded()?;
        let year = crate::ui::host::year_and_month().0;
        query.params.with(|p| {
            (!p.text.trim().is_empty()).then(|| {
                let q = question(&d.dataset, p, year);
                let corpus = d.corpus();
                Arc::new(timed("experts:find", || find(&d.dataset, corpus, &q)))
            })
        })
    });
    let hide = Memo::new(move |_| query.params.with(|p| p.hide_conflicted));
    let count = move || answer.with(|a| a.as_ref().map(|a| Shown::of(a, hide.get()).sentence()));
    let body = move || match (data.get(), asked.get()) {
        (Some(Err(e)), _) => view! {
            <LoadErrorView error=e heading="The researchers’ papers could not be loaded"
                retry=Callback::new(move |_| data.refetch())/>
        }
        .into_any(),
        (None, true) => view! { <Loading text="Loading the researchers’ papers…"/> }.into_any(),
        (Some(Ok(d)), true) => view! { <ExpertList data=d answer=answer hide=hide/> }.into_any(),
        (_, false) => ().into_any(),
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
fn ExpertList(
    data: Arc<ExpertsData>,
    answer: Memo<Option<Arc<Answer>>>,
    hide: Memo<bool>,
) -> impl IntoView {
    move || {
        let a = answer.get()?;
        let shown = Shown::of(&a, hide.get());
        if shown.experts.is_empty() {
            return Some(view! { <NoMatch hidden=shown.hidden/> }.into_any());
        }
        let cards = (shown.experts.iter().enumerate())
            .map(|(i, e)| view! { <ExpertCard expert={(*e).clone()} rank={i + 1} data=data.clone()/> })
            .collect_view();
        Some(
            view! {
                <ExportButton data=data.clone() answer=a.clone() hide=hide.get()/>
                <ol class="experts-list" data-testid="experts-list">{cards}</ol>
            }
            .into_any(),
        )
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
fn ExportButton(data: Arc<ExpertsData>, answer: Arc<Answer>, hide: bool) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let save = move |_| {
        let shown = Shown::of(&answer, hide);
        let text = export::csv(&data.dataset, &shown.experts, &answer);
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
