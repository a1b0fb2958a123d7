//! Picking a researcher by name: a select for a small directory, a type-ahead for a large one
//! (a select of 20,000 options is slow to render and useless to scroll).

use std::sync::Arc;

use leptos::prelude::*;

use crate::search::text::fold;

/// Directories up to this size get a plain select.
pub const SELECT_MAX: usize = 300;
/// How many matches the type-ahead offers.
const MATCHES: usize = 8;

/// People to pick from: (id, name), sorted by name.
pub type People = Arc<Vec<(String, String)>>;

/// The people of `ids_names`, sorted by folded name.
pub fn sorted_people(ids_names: impl Iterator<Item = (String, String)>) -> People {
    let mut people: Vec<(String, String)> = ids_names.collect();
    people.sort_by_cached_key(|(id, name)| (fold(name), id.clone()));
    Arc::new(people)
}

/// The first [`MATCHES`] people whose folded name contains every folded word of `typed`.
pub fn matching<'a>(people: &'a [(String, String)], typed: &str) -> Vec<&'a (String, String)> {
    let words: Vec<String> = fold(typed).split_whitespace().map(str::to_owned).collect();
    if words.is_empty() {
        return Vec::new();
    }
    (people.iter())
        .filter(|(_, name)| {
            let name = fold(name);
            words.iter().all(|w| name.contains(w.as_str()))
        })
        .take(MATCHES)
        .collect()
}

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
                    <option value="">"Choose a researcher"</option>
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
    let typed = RwSignal::new(String::new());
    let input_id = format!("{testid}-input");
    let names = people.clone();
    let current_name = move || {
        let id = current.get()?;
        (names.iter())
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.clone())
    };
    let offered = move || {
        matching(&people, &typed.get())
            .into_iter()
            .cloned()
            .collect::<Vec<_>>()
    };
    view! {
        <div class="path-pick" data-testid=testid>
            <label for=input_id.clone()>{label}</label>
            {move || current_name().map(|name| view! {
                <span class="picked">
                    <bdi>{name.clone()}</bdi>
                    <button type="button" class="chip-remove" aria-label=format!("Clear {label}: {name}")
                        on:click=move |_| on_pick.run(None)>"×"</button>
                </span>
            })}
            <input id=input_id type="search" autocomplete="off" placeholder="Type a name"
                prop:value=move || typed.get() on:input=move |e| typed.set(event_target_value(&e))/>
            <ul class="compare-matches" aria-label=format!("Researchers matching, for {label}")>
                {move || offered().into_iter().map(|(id, name)| view! {
                    <li><button type="button" class="button small"
                        on:click=move |_| { typed.set(String::new()); on_pick.run(Some(id.clone())) }>
                        {name}
                    </button></li>
                }).collect_view()}
            </ul>
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_need_every_word_and_are_capped() {
        let people = sorted_people(
            [("b", "Zoë Bell"), ("a", "Ada Lovelace"), ("c", "Zoe Adams")]
                .into_iter()
                .map(|(i, n)| (i.to_owned(), n.to_owned())),
        );
        assert_eq!(people[0].1, "Ada Lovelace");
        let ids = |q: &str| {
            matching(&people, q)
                .into_iter()
                .map(|p| p.0.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids("zoe"), ["c", "b"]);
        assert_eq!(ids("zoe ad"), ["c"]);
        assert!(ids("  ").is_empty());
        let many = sorted_people((0..50).map(|i| (format!("p{i}"), format!("Person {i}"))));
        assert_eq!(matching(&many, "person").len(), MATCHES);
    }
}
