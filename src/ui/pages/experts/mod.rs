//! `/experts`: who could review a paper. The reader pastes its title and abstract, names its
//! authors (from the directory, or typed), and gets the researchers whose papers match it best,
//! each with the papers and words that match and their conflicts of interest with the authors.
//!
//! The question and the answer are [`crate::search::experts`]'s; the URL holds the question
//! ([`crate::search::params::ExpertParams`]), written when the form is submitted; the data is
//! the experts index, loaded once, and the parts each question needs
//! ([`crate::ui::state::experts`]). The page is the [`form`]
//! ([`fields`], [`authors`], [`options`]) and the [`results`] ([`card`] per expert).
//!
//! A second mode ([`mode`], `?mode=many`) scores a whole submissions file at once in the
//! browser, with the affinity CSV `cargo xtask experts` writes ([`many`]).

mod authors;
mod card;
mod fields;
mod form;
mod many;
mod mode;
mod options;
mod results;

use leptos::prelude::*;

use crate::search::params::experts::Mode;
use crate::ui::browser::set_title;
use crate::ui::lang::text;
use crate::ui::state::experts::{use_expert_query, use_experts};
use crate::ui::state::experts_many::ManyRun;

/// The experts page: the mode, how it ranks, and one paper's question and answer or many's.
#[component]
pub fn ExpertsPage() -> impl IntoView {
    let t = text();
    set_title(Some(t.experts().find()));
    let query = use_expert_query();
    let data = use_experts();
    // Made here, so a scored file outlasts a look at one paper and back.
    let run = ManyRun::new();
    let mode = Memo::new(move |_| query.params.with(|p| p.mode));
    let body = move || match mode.get() {
        Mode::One => view! {
            <form::ExpertsForm query=query/>
            <results::ExpertsResults query=query data=data/>
        }
        .into_any(),
        Mode::Many => view! { <many::ManyPapers query=query data=data run=run/> }.into_any(),
    };
    view! {
        <div class="experts-page" data-testid="experts-page">
            <h1>{t.experts().find()}</h1>
            <mode::ModeSwitch query=query/>
            <p class="experts-how" data-testid="experts-how">{t.experts().how()}</p>
            {body}
        </div>
    }
}
