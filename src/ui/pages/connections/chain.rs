//! "How are they connected?": two person pickers and the shortest chain between the two, each
//! step with every reason.

use std::sync::Arc;

use leptos::prelude::*;

use super::kind_class;
use super::state::Question;
use crate::search::ConnectionsParams;
use crate::search::network::{Network, Reason, Step};
use crate::search::suggest::{People, sorted_people};
use crate::site::route::profile;
use crate::ui::components::data_view::LoadErrorView;
use crate::ui::components::person_picker::PersonPicker;
use crate::ui::lang::text;
use crate::ui::router::Href;
use crate::ui::state::data::{static_data, use_atlas};

/// The two pickers and the answer.
#[component]
pub fn ChainFinder(
    /// The network asked.
    network: Arc<Network>,
    /// The question the pickers change.
    question: Question,
    /// The answer, as the page derives it.
    chain: Memo<Option<Option<Vec<Step>>>>,
    /// True when the chain was too big a search to make here.
    too_big: Memo<bool>,
) -> impl IntoView {
    // Everyone's names come with the directory, which loads after the first drawing.
    let data = use_atlas();
    let t = text();
    let pickers = move || {
        let atlas = (static_data().map(|d| Ok(d.atlas))).or_else(|| data.peek());
        match atlas {
            Some(Ok(atlas)) => {
                let cards = atlas.cards.iter();
                let people = sorted_people(cards.map(|c| (c.id.clone(), c.name.clone())));
                view! {
                    <EndPicker people=people.clone() question=question end=End::From/>
                    <EndPicker people=people question=question end=End::To/>
                }
                .into_any()
            }
            // Never "Loading" for ever: the failure, with Retry (or Reload once the site moved on).
            Some(Err(error)) => view! {
                <LoadErrorView
                    error=error
                    retry=Callback::new(move |()| data.retry())
                    heading=t.connections().names_error()
                />
            }
            .into_any(),
            None => view! {
                <p class="muted" data-testid="pickers-loading">{t.connections().names_loading()}</p>
            }
            .into_any(),
        }
    };
    view! {
        <div class="path-picks">{pickers}</div>
        <ChainAnswer network=network chain=chain too_big=too_big/>
    }
}

/// Which end of the chain a picker chooses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    From,
    To,
}

impl End {
    /// The id in the params at this end.
    fn get(self, q: &ConnectionsParams) -> Option<String> {
        match self {
            Self::From => q.from.clone(),
            Self::To => q.to.clone(),
        }
    }

    /// The params' slot for this end.
    fn slot(self, q: &mut ConnectionsParams) -> &mut Option<String> {
        match self {
            Self::From => &mut q.from,
            Self::To => &mut q.to,
        }
    }
}

/// A picker for one end of the chain (`path-from` or `path-to`).
#[component]
fn EndPicker(
    /// Everyone, sorted for the picker.
    people: People,
    /// The question it changes.
    question: Question,
    /// Which end it picks.
    end: End,
) -> impl IntoView {
    let t = text();
    let (label, testid) = match end {
        End::From => (t.connections().from(), "path-from"),
        End::To => (t.connections().to(), "path-to"),
    };
    let current = Signal::derive(move || question.params.with(|q| end.get(q)));
    let on_pick = Callback::new(move |v: Option<String>| question.update(|q| *end.slot(q) = v));
    view! {
        <PersonPicker people=people label=label testid=testid.to_owned()
            current=current on_pick=on_pick/>
    }
}

/// The answer: a prompt, "not connected", "too big a search", "the same person", or the
/// numbered steps.
#[component]
fn ChainAnswer(
    /// Names and ids.
    network: Arc<Network>,
    /// The answer.
    chain: Memo<Option<Option<Vec<Step>>>>,
    /// True when the chain was too big a search to make here.
    too_big: Memo<bool>,
) -> impl IntoView {
    let t = text();
    move || match chain.get() {
        None => view! {
            <p class="muted">{t.connections().choose()}</p>
        }
        .into_any(),
        Some(None) if too_big.get() => view! {
            <p class="path-none" data-testid="path-too-big" role="status">
                {t.connections().too_big()}
            </p>
        }
        .into_any(),
        Some(None) => view! {
            <p class="path-none" data-testid="path-none" role="status">
                {t.connections().not_connected()}
            </p>
        }
        .into_any(),
        Some(Some(steps)) if steps.is_empty() => {
            view! { <p class="muted" role="status">{t.connections().same_person()}</p> }.into_any()
        }
        Some(Some(steps)) => {
            let n = steps.len();
            let network = network.clone();
            view! {
                <p role="status" class="path-summary">
                    {t.connections().connected_in().count(n)}
                </p>
                <ol class="path-steps" data-testid="path">
                    {steps
                        .into_iter()
                        .map(|step| view! { <ChainStep network=network.clone() step=step/> })
                        .collect_view()}
                </ol>
            }
            .into_any()
        }
    }
}

/// One step of a chain: who to whom, and why.
#[component]
fn ChainStep(
    /// Names and ids.
    network: Arc<Network>,
    /// The step.
    step: Step,
) -> impl IntoView {
    let person = |i: u32| {
        let (id, name) = (&network.people[i as usize], &network.names[i as usize]);
        view! { <a href=profile(id).href()>{name.clone()}</a> }
    };
    view! {
        <li class="path-step" data-testid="path-step">
            {person(step.from)}
            " — "
            {person(step.to)}
            <ul class="reasons">
                {step.reasons.iter().map(|r| {
                    let said = r.text(&network, text());
                    view! { <StepReason reason=*r text=said/> }
                }).collect_view()}
            </ul>
        </li>
    }
}

/// One reason of a step, coloured by its kind.
#[component]
fn StepReason(
    /// The reason.
    reason: Reason,
    /// Its sentence, in the page's language.
    text: String,
) -> impl IntoView {
    let class = kind_class(reason.kind);
    view! {
        <li class=class>
            <span class=format!("swatch {class}") aria-hidden="true"></span>
            {text}
        </li>
    }
}
