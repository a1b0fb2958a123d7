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
use crate::ui::lang::text;
use crate::ui::state::data::{DataError, Load, use_atlas};
use crate::ui::state::experts::{ExpertQuery, ExpertsResult, Found, ask};

/// The results section.
#[component]
pub fn ExpertsResults(query: ExpertQuery, data: Load<ExpertsResult>) -> impl IntoView {
    let t = text();
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
    let count = move || answer.with(|a| a.as_ref().map(|a| sentence(&Shown::of(a, hide.get()))));
    let body = move || match (data.get(), found.get().flatten(), asked.get()) {
        (_, _, false) => ().into_any(),
        (Some(Err(e)), _, true) => view! {
            <LoadErrorView error=e heading=t.experts().load_failed()
                retry=Callback::new(move |_| data.refetch())/>
        }
        .into_any(),
        (_, Some(Err(e)), true) => view! {
            <LoadErrorView error=e heading=t.experts().load_failed()
                retry=Callback::new(move |_| found.refetch())/>
        }
        .into_any(),
        (_, Some(Ok(f)), true) => view! { <ExpertList found=f hide=hide/> }.into_any(),
        (_, None, true) => view! { <Loading text=t.experts().loading()/> }.into_any(),
    };
    view! {
        <section class="experts-results" aria-labelledby="experts-results-h">
            <h2 id="experts-results-h" class="visually-hidden">{t.experts().results_h()}</h2>
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
    let t = text();
    let why = if hidden > 0 {
        t.experts().no_match_hidden()
    } else {
        t.experts().no_match_words()
    };
    view! {
        <div class="empty-state" data-testid="experts-empty">
            <h3>{t.experts().no_experts()}</h3>
            <p>{why}</p>
        </div>
    }
}

/// "Export CSV": the list as shown, with what became of the download.
#[component]
fn ExportButton(dataset: Arc<Dataset>, answer: Arc<Answer>, hide: bool) -> impl IntoView {
    let t = text();
    let status = RwSignal::new(String::new());
    let save = move |_| {
        let shown = Shown::of(&answer, hide);
        let text = export::csv(&dataset, &shown.experts, &answer);
        status.set(
            match download("experts.csv", "text/csv;charset=utf-8", &text) {
                Ok(()) => t.experts().downloaded().into(),
                Err(e) => crate::lang::fill(
                    t.experts().download_failed(),
                    &[("error", &format!("{e:?}"))],
                ),
            },
        );
    };
    view! {
        <div class="experts-export">
            <button type="button" class="button secondary" data-testid="experts-export" on:click=save>
                {t.experts().export()}
            </button>
            <span class="muted" role="status">{move || status.get()}</span>
        </div>
    }
}

/// How many experts are listed, said in a sentence: "3 researchers match.", "1 researcher
/// matches, 2 with a conflict hidden.", "No researcher matches."
fn sentence(shown: &Shown) -> String {
    let t = text();
    let matches = match shown.experts.len() {
        0 => t.experts().no_match().to_owned(),
        n => t.experts().matches().count(n),
    };
    if shown.hidden > 0 {
        (t.experts().sentence_hidden()).count_with(shown.hidden, &[("matches", &matches)])
    } else {
        crate::lang::fill(t.experts().sentence(), &[("matches", &matches)])
    }
}
