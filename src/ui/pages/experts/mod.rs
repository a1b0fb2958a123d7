//! `/experts`: who could review a paper. The reader pastes its title and abstract, names its
//! authors (from the directory, or typed), and gets the researchers whose papers match it best,
//! each with the papers and words that match and their conflicts of interest with the authors.
//!
//! The question and the answer are [`crate::search::experts`]'s; the URL holds the question
//! ([`crate::search::params::ExpertParams`]), written when the form is submitted; the data is
//! the experts index, loaded once, and the parts each question needs
//! ([`crate::ui::state::experts`]). The page is the [`form`]
//! ([`fields`], [`authors`], [`options`]) and the [`results`] ([`card`] per expert).

mod authors;
mod card;
mod fields;
mod form;
mod options;
mod results;

use leptos::prelude::*;

use crate::search::experts::page::HOW_IT_RANKS;
use crate::ui::browser::set_title;
use crate::ui::state::experts::{use_expert_query, use_experts};

/// The experts page: how it ranks, the question, and the answer.
#[component]
pub fn ExpertsPage() -> impl IntoView {
    set_title(Some("Find experts"));
    let query = use_expert_query();
    let data = use_experts();
    view! {
        <div class="experts-page" data-testid="experts-page">
            <h1>"Find experts"</h1>
            <p class="experts-how" data-testid="experts-how">{HOW_IT_RANKS}</p>
            <form::ExpertsForm query=query/>
            <results::ExpertsResults query=query data=data/>
        </div>
    }
}
