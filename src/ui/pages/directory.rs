//! `/`: every researcher as a card.

use std::sync::Arc;

use leptos::prelude::*;

use crate::search::researchers_by_name;
use crate::ui::components::{DataView, ResearcherCard};

/// The directory of researchers.
#[component]
pub fn DirectoryPage() -> impl IntoView {
    set_title("Research Atlas");
    view! {
        <h1>"Researchers"</h1>
        <DataView children=|dir| {
            let dataset = Arc::new(dir.dataset.clone());
            let cards = researchers_by_name(&dataset)
                .into_iter()
                .cloned()
                .map(|r| view! { <ResearcherCard researcher=r dataset=dataset.clone()/> })
                .collect_view();
            view! {
                <p class="result-count" data-testid="result-count">
                    {format!("{} researchers", dataset.researchers.len())}
                </p>
                <div class="card-grid">{cards}</div>
            }
        }/>
    }
}

/// Sets the document title.
pub fn set_title(title: &str) {
    document().set_title(title);
}
