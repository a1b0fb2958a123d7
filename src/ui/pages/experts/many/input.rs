//! The file to score: dropped on the drop zone, chosen with the file input, or pasted; the
//! options (reviewers per paper, the co-authorship window, both in the URL); and Score. A file
//! dropped or chosen is put in the text field, and scored at once.

use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::lang::fill;
use crate::search::experts::page::batch_options;
use crate::search::params::ExpertParams;
use crate::search::params::experts::PER_PAPER;
use crate::ui::browser::read_file;
use crate::ui::host::year_and_month;
use crate::ui::lang::text;
use crate::ui::state::data::{Load, use_atlas};
use crate::ui::state::experts::{ExpertQuery, ExpertsResult};
use crate::ui::state::experts_many::ManyRun;

/// The form.
#[component]
pub fn ManyForm(query: ExpertQuery, data: Load<ExpertsResult>, run: ManyRun) -> impl IntoView {
    let t = text();
    let atlas = use_atlas();
    let text = NodeRef::<html::Textarea>::new();
    let score = move || {
        let t = text.try_get_untracked().flatten().map(|t| t.value());
        let o = batch_options(&query.params.get_untracked(), year_and_month().0);
        run.score_text(&t.unwrap_or_default(), data, atlas, o);
    };
    // The file's name, size and state, said beside the file input.
    let file_note = RwSignal::new(String::new());
    let take = move |file: web_sys::File| {
        let name = file.name();
        file_note.set(fill(t.experts_many().reading(), &[("name", &name)]));
        spawn_local(async move {
            match read_file(&file).await {
                Ok(body) => {
                    let Some(area) = text.try_get_untracked().flatten() else {
                        return;
                    };
                    area.set_value(&body);
                    file_note.try_set(fill(
                        t.experts_many().file_size(),
                        &[("name", &name), ("size", &size(body.len()))],
                    ));
                    score();
                }
                Err(e) => {
                    file_note.try_set(fill(
                        t.experts_many().read_failed(),
                        &[("name", &name), ("error", &e.to_string())],
                    ));
                }
            }
        });
    };
    let submit = move |e: leptos::ev::SubmitEvent| {
        e.prevent_default();
        score();
    };
    view! {
        <form class="experts-form many-form" aria-label=t.experts_many().form_label() on:submit=submit>
            <DropZone take=take note=file_note/>
            <label for="many-text" class="experts-text-label">{t.experts_many().paste_label()}</label>
            <textarea id="many-text" data-testid="many-text" rows="6" spellcheck="false"
                node_ref=text aria-describedby="many-stays"
                placeholder=r#"[{"id": "sub1", "title": "…", "abstract": "…", "authors": ["…"]}]"#></textarea> // not text
            <ManyOptions query=query/>
            <div class="many-submit">
                <button type="submit" class="button experts-submit" data-testid="many-score">{t.experts_many().score()}</button>
                <p id="many-stays" class="muted experts-hint">{t.experts_many().stays()}</p>
            </div>
        </form>
    }
}

/// The drop zone, with the file input in it (a file dropped anywhere on it is taken).
#[component]
fn DropZone(
    take: impl Fn(web_sys::File) + Copy + 'static,
    note: RwSignal<String>,
) -> impl IntoView {
    let t = text();
    let over = RwSignal::new(false);
    let chosen = move |e: leptos::ev::Event| {
        let input = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
            take(file);
        }
    };
    let dropped = move |e: leptos::ev::DragEvent| {
        e.prevent_default();
        over.set(false);
        if let Some(file) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            take(file);
        }
    };
    view! {
        <div class="many-drop" class:over=move || over.get() data-testid="many-drop"
            on:dragover=move |e: leptos::ev::DragEvent| {
                e.prevent_default();
                over.set(true);
            }
            on:dragleave=move |_| over.set(false)
            on:drop=dropped>
            <label for="many-file" class="experts-text-label">{t.experts_many().file_label()}</label>
            <p class="muted experts-hint" id="many-file-hint">
                {t.experts_many().file_hint()}
            </p>
            <input id="many-file" type="file" data-testid="many-file"
                accept=".json,.jsonl,.csv,.txt,application/json,text/csv,text/plain"
                aria-describedby="many-file-hint" on:change=chosen/>
            <p class="many-file-note" data-testid="many-file-note">{move || note.get()}</p>
        </div>
    }
}

/// Reviewers per paper and the co-authorship window, each applied to the next Score.
#[component]
fn ManyOptions(query: ExpertQuery) -> impl IntoView {
    let t = text();
    let params = query.params;
    let change = move |f: &dyn Fn(&mut ExpertParams)| {
        let mut next = params.get_untracked();
        f(&mut next);
        query.ask(next);
    };
    let per = move || params.with(|p| p.per_paper);
    view! {
        <div class="experts-numbers">
            <label>
                <span>{t.experts_many().per_paper()}</span>
                <select data-testid="many-per" on:change=move |e| {
                    let per = event_target_value(&e).parse::<usize>().ok();
                    change(&|p| p.per_paper = per);
                }>
                    <option value="all" prop:selected=move || per().is_none()>{t.experts_many().all()}</option>
                    {PER_PAPER.into_iter().map(|n| view! {
                        <option value=n.to_string() prop:selected=move || per() == Some(n)>
                            {fill(t.experts_many().best(), &[("n", &t.lang.number(n as u64))])}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            <label>
                <span>{t.experts().window()}</span>
                <input type="number" min="0" max="20" data-testid="many-years"
                    prop:value=move || params.with(|p| p.years.to_string())
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        let years = ExpertParams::from_pairs([("years", v.as_str())]).years;
                        change(&|p| p.years = years);
                    }/>
            </label>
        </div>
    }
}

/// A file's size in words: "812 bytes", "34 KB", "1.2 MB".
fn size(bytes: usize) -> String {
    let t = text();
    match bytes {
        b if b < 1_000 => t.experts_many().bytes().count(b),
        b if b < 1_000_000 => fill(
            t.experts_many().kb(),
            &[("n", &t.lang.number(b.div_ceil(1_000) as u64))],
        ),
        b => fill(
            t.experts_many().mb(),
            &[("n", &t.lang.decimal(b as f64 / 1e6, 1))],
        ),
    }
}
