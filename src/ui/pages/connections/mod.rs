//! `/connections`: who in the directory is connected to whom, as a graph drawn by the app (SVG,
//! laid out in Rust) and as a list; and "how are A and B connected?".
//!
//! The route carries the question ([`ConnectionsParams`](crate::search::ConnectionsParams):
//! `from`, `to`, `kinds`, `focus`); [`state`] reads it and derives the chain and what is drawn
//! (decided by [`crate::search::network::drawing`]), and every control writes it back through
//! the route. The views: [`controls`] (kinds of connection), [`chain`] (the pickers and the
//! answer), [`graph`] and [`marks`] (the SVG), [`edge_list`] (the same edges as a table).

mod chain;
mod controls;
mod edge_list;
mod graph;
mod marks;
mod state;

use leptos::prelude::*;

use self::chain::ChainFinder;
use self::controls::KindToggles;
use self::edge_list::{EdgeList, GroupList};
use self::graph::Graph;
use self::state::{Answer, Drawn, Question, question_needs, use_drawn, use_question};
use crate::search::ConnectionsParams;
use crate::search::network::EdgeKind;
use crate::search::network::drawing::{count_line, direct, frame_for};
use crate::ui::browser::set_title;
use crate::ui::components::data_view::{LoadErrorView, LoadingView};
use crate::ui::lang::text;
use crate::ui::state::data::{DataError, Load, use_atlas};
use crate::ui::state::network::{SharedSource, fetch_network};

/// The connections page.
#[component]
pub fn ConnectionsPage() -> impl IntoView {
    let t = text();
    set_title(Some(t.connections().title()));
    view! {
        <div class="connections-page" data-testid="connections-page">
            <h1>{t.connections().title()}</h1>
            <NetworkLoader/>
        </div>
    }
}

/// How long after the first drawing the directory (everyone's names, for the pickers) loads.
const PICKERS_AFTER: std::time::Duration = std::time::Duration::from_millis(1000);

/// Fetches what each question needs (or builds the network from the loaded dataset). The last
/// answer stays drawn while the next one loads, so a click never blanks the page. The
/// directory, which only the pickers read, is loaded a moment after the first answer is drawn.
#[component]
fn NetworkLoader() -> impl IntoView {
    let question = use_question();
    let data = use_atlas();
    let source: SharedSource = Default::default();
    let resource = Load::new(move || {
        let (source, q) = (source.clone(), question.params.get());
        let named = [&q.focus, &q.from, &q.to]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        async move {
            let opening = q == ConnectionsParams::default();
            let answered = fetch_network(data, source, named, opening, |net, with_chain| {
                question_needs(net, &q, with_chain)
            })
            .await?;
            Ok::<_, DataError>(Answer {
                params: q,
                network: answered.network,
                too_big: answered.too_big,
            })
        }
    });
    // The newest answer, kept while the next one loads; the failure of the newest question.
    let latest = Memo::new(move |prev: Option<&Option<Answer>>| match resource.get() {
        Some(Ok(answer)) => Some(answer),
        _ => prev.cloned().flatten(),
    });
    let failed = Memo::new(move |_| resource.get().and_then(Result::err));
    // A moment after the first drawing, so that its records have the connection.
    Effect::new(move |_| {
        if latest.with(Option::is_some) && !untrack(|| data.started()) {
            set_timeout(
                move || {
                    data.start();
                },
                PICKERS_AFTER,
            );
        }
    });
    let answer = Signal::derive(move || latest.get().expect("shown once answered"));
    let busy = move || {
        let asked = question.params.get();
        latest.with(|a| a.as_ref().is_none_or(|a| a.params != asked))
    };
    let t = text();
    view! {
        {move || failed.get().map(|e| view! {
            <LoadErrorView error=e retry=Callback::new(move |_| resource.refetch())
                heading=t.connections().load_error()/>
        })}
        <Show when=move || latest.with(Option::is_some)
            fallback=move || (failed.with(Option::is_none)).then(|| view! { <LoadingView/> })>
            <div class="connections-answer" aria-busy=move || busy().to_string()
                data-testid="connections-answer">
                <Explorer question=question answer=answer/>
            </div>
        </Show>
    }
}

/// The controls, the chain, the graph and the list, all driven by the URL.
#[component]
fn Explorer(question: Question, answer: Signal<Answer>) -> impl IntoView {
    // Ids and names are the same in every answer's network.
    let network = answer.with_untracked(|a| a.network.clone());
    let drawn = use_drawn(answer, screen_frame());
    let t = text();
    view! {
        <section class="connections-controls" aria-labelledby="kinds-h">
            <h2 id="kinds-h" class="visually-hidden">{t.connections().kinds()}</h2>
            <KindToggles question=question/>
        </section>
        <section class="path-finder" aria-labelledby="path-h">
            <h2 id="path-h">{t.connections().how()}</h2>
            <ChainFinder network=network.clone() question=question chain=drawn.chain
                too_big=drawn.too_big/>
        </section>
        <section aria-labelledby="graph-h">
            <h2 id="graph-h">{t.connections().graph()}</h2>
            <GraphCount total=network.people.len() drawn=drawn/>
            <Graph network=network.clone() drawn=drawn/>
        </section>
        <section aria-labelledby="list-h">
            <h2 id="list-h">{t.connections().all_shown()}</h2>
            <EdgeList network=network.clone() edges=drawn.edges/>
            <GroupList network=network hubs=drawn.hubs/>
        </section>
    }
}

/// How many people and connections the drawing shows.
#[component]
fn GraphCount(
    /// Everyone in the directory.
    total: usize,
    /// What is drawn.
    drawn: Drawn,
) -> impl IntoView {
    let t = text();
    let count = move || {
        count_line(
            drawn.shown.with(Vec::len),
            total,
            drawn
                .edges
                .with(|es| es.iter().filter(|e| direct(e)).count()),
            drawn.hubs.with(Vec::len),
            t,
        )
    };
    view! { <p class="muted" data-testid="graph-count">{count}</p> }
}

/// The drawing's size for this screen (read once, when the page opens).
fn screen_frame() -> (f32, f32) {
    let width = crate::ui::host::viewport_width().unwrap_or(1280.0);
    frame_for(width)
}

/// The CSS class that colours a kind of connection (edges, swatches, reasons).
fn kind_class(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Coauthor => "edge-coauthor",         // not text
        EdgeKind::Advisor => "edge-advisor",           // not text
        EdgeKind::Organization => "edge-organization", // not text
    }
}
