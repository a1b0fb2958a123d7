//! The kinds of connection that count: one checkbox per kind, read from and written to the URL.

use leptos::prelude::*;

use super::kind_class;
use super::state::Question;
use crate::search::network::EdgeKind;
use crate::ui::lang::text;

/// One toggle per kind of connection.
#[component]
pub fn KindToggles(
    /// The question the toggles change.
    question: Question,
) -> impl IntoView {
    view! {
        <fieldset class="kinds">
            <legend>{text().connections().connect_by()}</legend>
            {EdgeKind::ALL
                .into_iter()
                .map(|kind| view! { <KindToggle kind=kind question=question/> })
                .collect_view()}
        </fieldset>
    }
}

/// A checkbox that switches one kind on or off.
#[component]
fn KindToggle(
    /// The kind it switches.
    kind: EdgeKind,
    /// The question it changes.
    question: Question,
) -> impl IntoView {
    let checked = move || question.params.with(|q| q.kinds.allows(kind));
    let toggle = move |_| question.update(|q| q.kinds = q.kinds.with(kind, !q.kinds.allows(kind)));
    let t = text();
    view! {
        <label class="kind-toggle">
            <input type="checkbox" prop:checked=checked on:change=toggle/>
            <span class=format!("swatch {}", kind_class(kind)) aria-hidden="true"></span>
            {kind.label(t)}
        </label>
    }
}
