//! The paper's authors: picked from the directory (a chip each, with a remove button, and a
//! name field offering matches from the directory's cards) and typed as names, `;` between
//! them.

use leptos::html;
use leptos::prelude::*;

use super::fields::ExpertForm;
use crate::search::suggest::sorted_people;
use crate::ui::components::person_picker::TypeAhead;
use crate::ui::lang::text;
use crate::ui::state::data::use_atlas;

/// The authors' fieldset.
#[component]
pub fn AuthorsField(
    /// The form the choices submit.
    form: ExpertForm,
    /// The field of typed names.
    names: NodeRef<html::Input>,
) -> impl IntoView {
    let t = text();
    let typed = Memo::new(move |_| form.query.params.with(|p| p.names.join("; ")));
    let add = move |id: String| {
        form.ask(|p| {
            if !p.authors.contains(&id) {
                p.authors.push(id);
            }
        })
    };
    // Made again when the directory is in, not per pick: the field keeps the focus. Until then
    // it offers nobody, but is there: a pre-rendered page has it, and the app's page takes
    // over what was typed in each of its fields by their places.
    let atlas = use_atlas();
    let people = Memo::new(move |_| {
        (atlas.get().and_then(Result::ok))
            .map(|a| sorted_people((a.cards.iter()).map(|c| (c.id.clone(), c.name.clone()))))
    });
    let picker = move || {
        let people = people.get().unwrap_or_default();
        view! {
            <TypeAhead people=people input_id="experts-author".to_owned()
                list_label=t.experts().author_matches().to_owned() prefix="+ "
                on_pick=Callback::new(add)/>
        }
    };
    view! {
        <fieldset class="experts-authors">
            <legend>{t.experts().authors_legend()}</legend>
            <p class="muted experts-hint">{t.experts().authors_hint()}</p>
            <AuthorChips form=form/>
            <div class="experts-field">
                <label for="experts-author">{t.experts().author_add()}</label>
                {picker}
            </div>
            <div class="experts-field">
                <label for="experts-names">{t.experts().other_authors()}</label>
                <input id="experts-names" type="text" data-testid="experts-names" node_ref=names
                    autocomplete="off" placeholder=t.experts().names_placeholder()
                    prop:value=move || typed.get()/>
            </div>
        </fieldset>
    }
}

/// The authors picked from the directory, each with a button that removes them.
#[component]
fn AuthorChips(form: ExpertForm) -> impl IntoView {
    let t = text();
    let atlas = use_atlas();
    let chips = move || {
        let atlas = atlas.get().and_then(Result::ok);
        let ids = form.query.params.with(|p| p.authors.clone());
        ids.into_iter()
            .map(|id| {
                let name = (atlas.as_ref())
                    .and_then(|a| a.cards.iter().find(|c| c.id == id))
                    .map_or_else(|| id.clone(), |c| c.name.clone());
                let label = crate::lang::fill(t.experts().author_remove(), &[("name", &name)]);
                view! {
                    <li class="compare-chip" data-testid="experts-author-chip">
                        <bdi>{name}</bdi>
                        <button type="button" class="chip-remove" aria-label=label
                            on:click=move |_| form.ask(|p| p.authors.retain(|a| *a != id))>"×"</button>
                    </li>
                }
            })
            .collect_view()
    };
    view! { <ul class="compare-chips" aria-label=t.experts().authors_chips()>{chips}</ul> }
}
