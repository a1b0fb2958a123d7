//! The question's options: the co-authorship window, only recent papers, the career stages
//! listed, and whether people with a conflict are hidden. Each applies at once.

use leptos::html;
use leptos::prelude::*;

use super::fields::ExpertForm;
use crate::model::CareerStage;
use crate::ui::lang::text;

/// The options' fieldset.
#[component]
pub fn ExpertOptions(
    /// The form the options submit.
    form: ExpertForm,
    /// The co-authorship window's field.
    years: NodeRef<html::Input>,
    /// The "only papers since" field.
    since: NodeRef<html::Input>,
) -> impl IntoView {
    let t = text();
    let params = form.query.params;
    let hide = move || params.with(|p| p.hide_conflicted);
    view! {
        <fieldset class="experts-options">
            <legend>{t.experts().options()}</legend>
            <div class="experts-numbers">
                <label>
                    <span>{t.experts().window()}</span>
                    <input type="number" min="0" max="20" data-testid="experts-years" node_ref=years
                        prop:value=move || params.with(|p| p.years.to_string())
                        on:change=move |_| form.ask(|_| {})/>
                </label>
                <label>
                    <span>{t.experts().since()}</span>
                    <input type="number" min="1900" max="2999" placeholder=t.experts().any_year()
                        data-testid="experts-since" node_ref=since
                        prop:value=move || params.with(|p| p.since.map(|y| y.to_string()).unwrap_or_default())
                        on:change=move |_| form.ask(|_| {})/>
                </label>
            </div>
            <StageChecks form=form/>
            <label class="switch experts-hide">
                <input type="checkbox" role="switch" data-testid="experts-hide"
                    prop:checked=hide
                    on:change=move |e| {
                        let on = event_target_checked(&e);
                        form.ask(|p| p.hide_conflicted = on);
                    }/>
                " "{t.experts().hide()}
            </label>
        </fieldset>
    }
}

/// A checkbox per career stage; none checked lists every stage.
#[component]
fn StageChecks(form: ExpertForm) -> impl IntoView {
    let t = text();
    let params = form.query.params;
    view! {
        <fieldset class="experts-stages">
            <legend>{t.experts().stages()}</legend>
            {CareerStage::ALL.into_iter().map(|s| {
                let id = format!("experts-stage-{}", s.key());
                view! {
                    <span class="experts-stage">
                        <input type="checkbox" id=id.clone()
                            prop:checked=move || params.with(|p| p.stages.contains(&s))
                            on:change=move |e| {
                                let on = event_target_checked(&e);
                                form.ask(|p| {
                                    p.stages.retain(|x| *x != s);
                                    if on {
                                        p.stages.push(s);
                                        p.stages.sort();
                                    }
                                });
                            }/>
                        <label for=id>{s.label(t)}</label>
                    </span>
                }
            }).collect_view()}
        </fieldset>
    }
}
