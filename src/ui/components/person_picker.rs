//! Picking a researcher by name: a select for a small directory, a type-ahead for a large one
//! (a select of 20,000 options is slow to render and useless to scroll). Which names match what
//! is typed is [`crate::search::suggest::matching`]'s.

use leptos::html;
use leptos::prelude::*;

use crate::lang::fill;
use crate::search::suggest::{People, matching};
use crate::ui::lang::text;

/// Directories up to this size get a plain select.
pub const SELECT_MAX: usize = 300;

/// Picks one researcher; `current` is the id picked so far (shown), `on_pick` gets the new id
/// (`None` to clear).
#[component]
pub fn PersonPicker(
    /// Everyone who can be picked, sorted by name.
    people: People,
    /// The visible label, e.g. "From".
    label: &'static str,
    /// A test id for the control.
    testid: String,
    /// The id picked so far.
    #[prop(into)]
    current: Signal<Option<String>>,
    /// Called with the new pick.
    on_pick: Callback<Option<String>>,
) -> impl IntoView {
    let t = text();
    if people.len() <= SELECT_MAX {
        let options = people.clone();
        let value = move || current.get().unwrap_or_default();
        return view! {
            <label class="path-pick">
                <span>{label}</span>
                <select data-testid=testid prop:value=value
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        on_pick.run((!v.is_empty()).then_some(v));
                    }>
                    <option value="">{t.person_picker().choose()}</option>
                    {options.iter().map(|(id, name)| {
                        let id = id.clone();
                        let selected = {
                            let id = id.clone();
                            move || current.get().as_deref() == Some(id.as_str())
                        };
                        view! { <option value=id selected=selected>{name.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
        }
        .into_any();
    }
    let input_id = format!("{testid}-input");
    let names = people.clone();
    let current_name = move || {
        let id = current.get()?;
        (names.iter())
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.clone())
    };
    view! {
        <div class="path-pick" data-testid=testid>
            <label for=input_id.clone()>{label}</label>
            {move || current_name().map(|name| view! {
                <span class="picked">
                    <bdi>{name.clone()}</bdi>
                    <button type="button" class="chip-remove" aria-label=fill(t.person_picker().clear(), &[("label", label), ("name", &name)])
                        on:click=move |_| on_pick.run(None)>"×"</button>
                </span>
            })}
            <TypeAhead
                people=people
                input_id=input_id
                list_label=fill(t.person_picker().matches(), &[("label", label)])
                prefix=""
                on_pick=Callback::new(move |id| on_pick.run(Some(id)))
            />
        </div>
    }
    .into_any()
}

/// A name field and, below it, a button for each of the first few people whose name has every
/// word typed; a button empties the field, hands its person's id to `on_pick` and gives the
/// field the focus back (the button is gone). The field's label is the caller's (`input_id`
/// names the field).
#[component]
pub fn TypeAhead(
    /// Everyone who can be picked, sorted by name.
    people: People,
    /// The field's id, for the caller's label.
    input_id: String,
    /// The accessible name of the list of matches.
    list_label: String,
    /// Text before each name on its button ("+ " where a pick adds).
    prefix: &'static str,
    /// Called with the id picked.
    on_pick: Callback<String>,
) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    let field = NodeRef::<html::Input>::new();
    let offered = move || {
        matching(&people, &typed.get())
            .into_iter()
            .cloned()
            .collect::<Vec<_>>()
    };
    view! {
        <input id=input_id type="search" autocomplete="off" placeholder=text().person_picker().type_name() node_ref=field
            prop:value=move || typed.get() on:input=move |e| typed.set(event_target_value(&e))/>
        <ul class="compare-matches" aria-label=list_label>
            {move || offered().into_iter().map(|(id, name)| view! {
                <li><button type="button" class="button small"
                    on:click=move |_| {
                        typed.set(String::new());
                        on_pick.run(id.clone());
                        if let Some(input) = field.get_untracked() {
                            let _ = input.focus();
                        }
                    }>
                    {prefix} <bdi>{name}</bdi>
                </button></li>
            }).collect_view()}
        </ul>
    }
}
