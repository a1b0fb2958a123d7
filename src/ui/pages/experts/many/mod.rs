//! The many-papers mode: a submissions file given ([`input`]: dropped, chosen or pasted), read
//! and scored in the browser, what was read and left out listed ([`ReadSummary`]), the progress
//! announced, and the answer as a table with the affinity CSV ([`table`]); an empty text, a
//! file of no shape and a failed fetch each say so, the last with Retry.

mod input;
mod table;

use leptos::prelude::*;

use crate::lang::fill;
use crate::search::experts::batch::Format;
use crate::ui::components::data_view::LoadErrorView;
use crate::ui::lang::text;
use crate::ui::state::data::{Load, use_atlas};
use crate::ui::state::experts::{ExpertQuery, ExpertsResult};
use crate::ui::state::experts_many::{ManyRun, Status};

/// The mode's section.
#[component]
pub fn ManyPapers(query: ExpertQuery, data: Load<ExpertsResult>, run: ManyRun) -> impl IntoView {
    let t = text();
    view! {
        <section class="many" aria-labelledby="many-h" data-testid="many">
            <h2 id="many-h">{t.experts_many().heading()}</h2>
            <p class="experts-how">{t.experts_many().about()}</p>
            <input::ManyForm query=query data=data run=run/>
            <ReadSummary run=run/>
            <RunStatus query=query data=data run=run/>
        </section>
    }
}

/// What was read of the file: its shape and count, and each entry left out (place: reason).
#[component]
fn ReadSummary(run: ManyRun) -> impl IntoView {
    let t = text();
    move || {
        run.read.get().map(|r| {
            let left_out = r.problems.len();
            let format = match r.format {
                Format::OpenReview => t.experts_many().format_openreview(),
                Format::JsonList => t.experts_many().format_json_list(),
                Format::JsonLines => t.experts_many().format_json_lines(),
                Format::Csv => t.experts_many().format_csv(),
            };
            let read = (t.experts_many().read()).count_with(r.submissions, &[("format", format)]);
            let line = match left_out {
                0 => fill(t.experts_many().read_done(), &[("read", &read)]),
                n => (t.experts_many().read_left_out()).count_with(n, &[("read", &read)]),
            };
            let problems = (r.problems.iter())
                .map(|p| view! { <li><code>{p.path.clone()}</code>{t.experts().colon()}{p.reason.text(t)}</li> })
                .collect_view();
            view! {
                <div class="many-read" data-testid="many-read">
                    <p>{line}</p>
                    {(left_out > 0).then(|| view! {
                        <ul class="many-problems" data-testid="many-problems">{problems}</ul>
                    })}
                </div>
            }
        })
    }
}

/// The run's state: its progress (announced), its failure, or the table.
#[component]
fn RunStatus(query: ExpertQuery, data: Load<ExpertsResult>, run: ManyRun) -> impl IntoView {
    let t = text();
    let atlas = use_atlas();
    let said = move || match run.status.get() {
        Status::Scoring { done, total } => fill(
            t.experts_many().scoring(),
            &[
                ("done", &t.lang.number(done as u64)),
                ("total", &t.lang.number(total as u64)),
            ],
        ),
        Status::Done(f) => (t.experts_many().scored()).count_with(
            f.scored.len(),
            &[("seconds", &t.lang.decimal(f.took_ms / 1000.0, 1))],
        ),
        _ => String::new(),
    };
    let body = move || match run.status.get() {
        Status::Idle | Status::Scoring { .. } => ().into_any(),
        Status::Empty => view! {
            <p class="many-error" role="alert" data-testid="many-error">
                {t.experts_many().empty()}
            </p>
        }
        .into_any(),
        Status::Unreadable(e) => view! {
            <div class="many-error" role="alert" data-testid="many-error">
                <p><strong>{t.experts_many().unreadable()}</strong>{e.text(t)}</p>
                <p>{t.experts_many().unreadable_help()}</p>
            </div>
        }
        .into_any(),
        Status::NoSubmissions => view! {
            <p class="many-error" role="alert" data-testid="many-error">
                {t.experts_many().no_submissions()}
            </p>
        }
        .into_any(),
        Status::Failed(e) => view! {
            <LoadErrorView error=e heading=t.experts().load_failed()
                retry=Callback::new(move |_| run.retry(data, atlas))/>
        }
        .into_any(),
        Status::Done(file) => view! { <table::ManyResults query=query file=file/> }.into_any(),
    };
    view! {
        <p class="experts-count" role="status" aria-live="polite" data-testid="many-progress">
            {said}
        </p>
        {body}
    }
}
