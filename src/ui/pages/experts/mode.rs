//! The page's two modes as two links, the current one marked: one paper (the default) or a
//! file of many (`?mode=many`). Links, not buttons: each mode has its URL, opens in a new tab,
//! and Back returns to the other.

use leptos::prelude::*;

use crate::search::params::experts::Mode;
use crate::site::route::AppRoute;
use crate::ui::lang::text;
use crate::ui::router::Href;
use crate::ui::state::experts::ExpertQuery;

/// The mode switch.
#[component]
pub fn ModeSwitch(query: ExpertQuery) -> impl IntoView {
    let t = text();
    let link = move |mode: Mode, label: &'static str, testid: &'static str| {
        let href = move || AppRoute::Experts(query.params.with(|p| p.in_mode(mode))).href();
        let current = move || query.params.with(|p| p.mode == mode).then_some("page");
        view! {
            <li>
                <a href=href aria-current=current data-testid=testid>{label}</a>
            </li>
        }
    };
    view! {
        <nav class="experts-modes" aria-label=t.experts().modes_label()>
            <ul>
                {link(Mode::One, t.experts().mode_one(), "experts-mode-one")}
                {link(Mode::Many, t.experts().mode_many(), "experts-mode-many")}
            </ul>
        </nav>
    }
}
