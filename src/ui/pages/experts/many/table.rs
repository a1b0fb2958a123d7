//! The scored file: the affinity CSV's download, and a table of the submissions — each with
//! its best three reviewers (linked, with their scores) and their conflicts as badges — fifty a
//! page, so a file of hundreds never puts hundreds of rows in the page.

use std::sync::Arc;

use leptos::prelude::*;

use crate::lang::fill;
use crate::search::experts::batch::Scored;
use crate::search::experts::page::{batch_options, table_page};
use crate::site::route::profile;
use crate::ui::browser::download;
use crate::ui::host::year_and_month;
use crate::ui::lang::text;
use crate::ui::pages::experts::card::badge;
use crate::ui::router::Href;
use crate::ui::state::experts::ExpertQuery;
use crate::ui::state::experts_many::{People, ScoredFile};

/// How many reviewers a row shows.
const BEST: usize = 3;

/// The download, a word when the options changed since, the table and its pager.
#[component]
pub fn ManyResults(query: ExpertQuery, file: Arc<ScoredFile>) -> impl IntoView {
    let t = text();
    let page = RwSignal::new(0usize);
    let scored_with = file.options;
    let stale = move || {
        let now = query.params.with(|p| batch_options(p, year_and_month().0));
        (now != scored_with).then(|| {
            view! {
                <p class="many-stale" role="note" data-testid="many-stale">
                    {t.experts_many().stale()}
                </p>
            }
        })
    };
    let rows = file.scored.len();
    let f = file.clone();
    let body = move || {
        let (range, _, _) = table_page(rows, page.get());
        (f.scored[range].iter())
            .map(|s| view! { <SubmissionRow scored=s.clone() people=f.people.clone()/> })
            .collect_view()
    };
    let caption = move || {
        let (range, _, _) = table_page(rows, page.get());
        let n = |n: usize| t.lang.number(n as u64);
        fill(
            t.experts_many().caption(),
            &[
                ("best", &n(BEST)),
                ("from", &n(range.start + 1)),
                ("to", &n(range.end)),
                ("total", &n(rows)),
            ],
        )
    };
    view! {
        <CsvButton file=file/>
        {stale}
        <div class="many-table-box" role="region" aria-labelledby="many-caption" tabindex="0">
            <table class="many-table" data-testid="many-table">
                <caption id="many-caption">{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.experts_many().col_submission()}</th>
                        <th scope="col">{t.experts_many().col_best()}</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
        <Pager rows=rows page=page/>
    }
}

/// A submission's row: its id and title, its best reviewers with their scores and conflicts,
/// and how many more of those listed have a conflict.
#[component]
fn SubmissionRow(scored: Scored, people: Arc<People>) -> impl IntoView {
    let t = text();
    let experts = &scored.answer.experts;
    let more_conflicted = (experts.iter().skip(BEST))
        .filter(|e| !e.conflicts.is_empty())
        .count();
    let best = (experts.iter().take(BEST))
        .map(|e| {
            let name = people.name(&e.researcher).to_owned();
            let badges = (e.conflicts.iter())
                .map(|c| {
                    let (kind, reason) = badge(t, c);
                    view! {
                        <span class="conflict" class:possible=!c.certain data-testid="conflict">
                            <strong>{kind}{t.experts().colon()}</strong>{reason}
                        </span>
                    }
                })
                .collect_view();
            view! {
                <li data-testid="many-reviewer">
                    <a href=profile(e.researcher.as_str()).href()><bdi>{name}</bdi></a>
                    " "<span class="many-score"><span class="visually-hidden">{t.experts_many().score_label()}</span>{t.lang.decimal(f64::from(e.score), 2)}</span>
                    {badges}
                </li>
            }
        })
        .collect_view();
    let nobody = experts.is_empty();
    view! {
        <tr data-testid="many-row">
            <th scope="row">
                <code class="many-id">{scored.submission.id.clone()}</code>
                <bdi class="many-title">{scored.submission.title.clone()}</bdi>
            </th>
            <td>
                {if nobody {
                    view! { <span class="muted">{t.experts().no_match()}</span> }.into_any()
                } else {
                    view! { <ol class="many-reviewers">{best}</ol> }.into_any()
                }}
                {(more_conflicted > 0).then(|| view! {
                    <p class="muted many-more">{t.experts_many().more_conflicted().count(more_conflicted)}</p>
                })}
            </td>
        </tr>
    }
}

/// "Download affinity CSV": every pair, or the best K per paper, as `cargo xtask experts`
/// writes it; what became of the download said beside it.
#[component]
fn CsvButton(file: Arc<ScoredFile>) -> impl IntoView {
    let t = text();
    let status = RwSignal::new(String::new());
    let what = match file.options.top {
        Some(k) => t.experts_many().csv_best().count(k),
        None => t.experts_many().csv_all().count(file.people.ids.len()),
    };
    let save = move |_| {
        let text = file.csv();
        status.set(
            match download("affinity.csv", "text/csv;charset=utf-8", &text) {
                Ok(()) => t.experts_many().downloaded_csv().into(),
                Err(e) => fill(
                    t.experts().download_failed(),
                    &[("error", &format!("{e:?}"))],
                ),
            },
        );
    };
    view! {
        <div class="experts-export">
            <button type="button" class="button" data-testid="many-csv" on:click=save>
                {t.experts_many().download_csv()}
            </button>
            <span class="muted">{fill(t.experts_many().parenthesised(), &[("what", &what)])}</span>
            <span class="muted" role="status">{move || status.get()}</span>
        </div>
    }
}

/// Previous and next page of the table, and where the page is, when it has more than one.
#[component]
fn Pager(rows: usize, page: RwSignal<usize>) -> impl IntoView {
    let t = text();
    move || {
        let (range, at, pages) = table_page(rows, page.get());
        (pages > 1).then(|| {
            view! {
                <nav class="pager" aria-label=t.experts_many().pages_label() data-testid="many-pager">
                    <button type="button" class="button" disabled={at == 0}
                        on:click=move |_| page.set(at.saturating_sub(1))>{t.experts_many().previous()}</button>
                    <span class="pager-at">{fill(
                        t.experts_many().pager(),
                        &[
                            ("from", &t.lang.number((range.start + 1) as u64)),
                            ("to", &t.lang.number(range.end as u64)),
                            ("total", &t.lang.number(rows as u64)),
                            ("page", &t.lang.number((at + 1) as u64)),
                            ("pages", &t.lang.number(pages as u64)),
                        ],
                    )}</span>
                    <button type="button" class="button" disabled={at + 1 >= pages}
                        on:click=move |_| page.set(at + 1)>{t.experts_many().next()}</button>
                </nav>
            }
        })
    }
}
