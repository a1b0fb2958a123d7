//! The question: the paper's text, its authors and the options. Typing changes nothing but the
//! field; the URL (and so the answer and the history) changes when the form is submitted, or
//! when a choice is made (an author, a stage, the switch), which submits the fields as they are.

use leptos::prelude::*;

use super::authors::AuthorsField;
use super::fields::ExpertForm;
use super::options::ExpertOptions;
use crate::ui::lang::text;
use crate::ui::state::experts::ExpertQuery;

/// The whole form.
#[component]
pub fn ExpertsForm(query: ExpertQuery) -> impl IntoView {
    let t = text();
    let form = ExpertForm::new(query);
    // Only a new text in the URL (a reload, Back) replaces what the field holds.
    let text = Memo::new(move |_| query.params.with(|p| p.text.clone()));
    let submit = move |e: leptos::ev::SubmitEvent| {
        e.prevent_default();
        form.ask(|_| {});
    };
    let shortcut = move |e: leptos::ev::KeyboardEvent| {
        if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
            e.prevent_default();
            form.ask(|_| {});
        }
    };
    view! {
        <form class="experts-form" role="search" aria-label=t.experts().find() on:submit=submit>
            <label for="experts-text" class="experts-text-label">{t.experts().text_label()}</label>
            <p id="experts-text-hint" class="muted experts-hint">
                {t.experts().text_hint()}
            </p>
            <textarea id="experts-text" data-testid="experts-text" rows="7" spellcheck="false"
                aria-describedby="experts-text-hint" node_ref=form.text
                placeholder=t.experts().text_placeholder()
                prop:value=move || text.get() on:keydown=shortcut></textarea>
            <AuthorsField form=form names=form.names/>
            <ExpertOptions form=form years=form.years since=form.since/>
            <button type="submit" class="button experts-submit" data-testid="experts-submit">
                {t.experts().find()}
            </button>
        </form>
    }
}
