//! The many-papers mode: a submissions file given ([`input`]: dropped, chosen or pasted), read
//! and scored in the browser, what was read and left out listed ([`ReadSummary`]), the progress
//! announced, and the answer as a table with the affinity CSV ([`table`]); an empty text, a
//! file of no shape and a failed fetch each say so, the last with Retry.

mod input;
mod table;

use leptos::prelude::*;

use crate::search::counts::grouped;
use crate::search::experts::page::MANY_PAPERS;
use crate::ui::components::data_view::LoadErrorView;
use crate::ui::state::data::{Load, use_atlas};
use crate::ui::state::experts::{ExpertQuery, ExpertsResult};
use crate::ui::state::experts_many::{ManyRun, Status};

/// The mode's section.
#[component]
pub fn ManyPapers(query: ExpertQuery, data: Load<ExpertsResult>, run: ManyRun) -> impl IntoView {
    view! {
        <section class="many" aria-labelledby="many-h" data-testid="many">
            <h2 id="many-h">"Many papers"</h2>
            <p class="experts-how">{MANY_PAPERS}</p>
            <input::ManyForm query=query data=data run=run/>
            <ReadSummary run=run/>
            <RunStatus query=query data=data run=run/>
        </section>
    }
}

/// What was read of the file: its shape and count, and each entry left out (place: reason).
#[component]
fn ReadSummary(run: ManyRun) -> impl IntoView {
    move || {
        run.read.get().map(|r| {
            let left_out = r.problems.len();
            let line = format!(
                "Read {} submission{} ({}){}",
                grouped(r.submissions),
                if r.submissions == 1 { "" } else { "s" },
                r.format.label(),
                match left_out {
                    0 => ".".to_owned(),
                    1 => "; 1 entry left out:".to_owned(),
                    n => format!("; {} entries left out:", grouped(n)),
                }
            );
            let problems = (r.problems.iter())
                .map(|p| view! { <li><code>{p.path.clone()}</code>": "{p.reason.clone()}</li> })
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
    let atlas = use_atlas();
    let said = move || match run.status.get() {
        Status::Scoring { done, total } => {
            format!("Scoring {} of {}…", grouped(done), grouped(total))
        }
        Status::Done(f) => format!(
            "{} submission{} scored in {:.1} s.",
            grouped(f.scored.len()),
            if f.scored.len() == 1 { "" } else { "s" },
            f.took_ms / 1000.0
        ),
        _ => String::new(),
    };
    let body = move || {
        match run.status.get() {
        Status::Idle | Status::Scoring { .. } => ().into_any(),
        Status::Empty => view! {
            <p class="many-error" role="alert" data-testid="many-error">
                "There is nothing to score yet: choose or drop a submissions file, or paste its text."
            </p>
        }
        .into_any(),
        Status::Unreadable(e) => view! {
            <div class="many-error" role="alert" data-testid="many-error">
                <p><strong>"This file cannot be scored: "</strong>{e.to_string()}</p>
                <p>"Give OpenReview's submissions.json, a JSON list or JSON lines of entries with an id and a title, or CSV with a header naming id and title."</p>
            </div>
        }
        .into_any(),
        Status::NoSubmissions => view! {
            <p class="many-error" role="alert" data-testid="many-error">
                "No entry of this file is a submission: each needs an id and a title (the entries left out are listed above)."
            </p>
        }
        .into_any(),
        Status::Failed(e) => view! {
            <LoadErrorView error=e heading="The researchers’ papers could not be loaded"
                retry=Callback::new(move |_| run.retry(data, atlas))/>
        }
        .into_any(),
        Status::Done(file) => view! { <table::ManyResults query=query file=file/> }.into_any(),
    }
    };
    view! {
        <p class="experts-count" role="status" aria-live="polite" data-testid="many-progress">
            {said}
        </p>
        {body}
    }
}
