//! The three states of the data — loading, failed, loaded — as views.

use std::sync::Arc;

use leptos::prelude::*;

use crate::search::CompiledDirectory;
use crate::ui::state::data::{Atlas, DataError, Detail, DetailResult, use_directory};

/// Shows a loading state, the error with Retry, or `children` with the loaded directory.
#[component]
pub fn DataView<F, V>(
    /// Renders the page once the directory has loaded.
    children: F,
    /// Shown while it loads, instead of the generic loading state.
    #[prop(optional, into)]
    loading: Option<ViewFn>,
) -> impl IntoView
where
    F: Fn(Arc<Atlas>) -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let data = use_directory();
    move || match data.get() {
        None => match &loading {
            Some(view) => view.run(),
            None => view! { <LoadingView/> }.into_any(),
        },
        Some(Err(e)) => {
            view! { <LoadErrorView error=e retry=Callback::new(move |_| data.retry())/> }.into_any()
        }
        Some(Ok(atlas)) => view! {
            <DataWarning atlas=atlas.clone()/>
            {children(atlas)}
        }
        .into_any(),
    }
}

/// Like [`DataView`] for records fetched after the directory (a profile's, all publications).
#[component]
pub fn DetailView<F, V>(
    /// The records' load.
    resource: LocalResource<DetailResult>,
    /// Renders them once loaded.
    children: F,
) -> impl IntoView
where
    F: Fn(Arc<Detail>) -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    move || match resource.get() {
        None => view! { <LoadingView/> }.into_any(),
        Some(Err(e)) => {
            view! { <LoadErrorView error=e retry=Callback::new(move |_| resource.refetch())/> }
                .into_any()
        }
        Some(Ok(detail)) => children(detail).into_any(),
    }
}

/// A visible, announced loading state.
#[component]
pub fn LoadingView() -> impl IntoView {
    view! {
        <div class="loading" data-testid="loading">
            <p role="status" aria-live="polite">
                <span class="spinner" aria-hidden="true"></span>
                "Loading researchers…"
            </p>
            <div class="card-grid" aria-hidden="true">
                {(0..3).map(|_| view! {
                    <div class="card skeleton">
                        <span class="sk sk-avatar"></span>
                        <span class="sk sk-line"></span>
                        <span class="sk sk-line short"></span>
                        <span class="sk sk-line"></span>
                    </div>
                }).collect_view()}
            </div>
        </div>
    }
}

/// What failed, and a Retry button that fetches again.
#[component]
pub fn LoadErrorView(
    /// The failure to explain.
    error: DataError,
    /// Fetches again.
    retry: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="load-error" role="alert" data-testid="load-error">
            <h2>"The directory could not be loaded"</h2>
            <p class="load-error-detail">{error.to_string()}</p>
            <button type="button" class="button" on:click=move |_| retry.run(())>
                "Retry"
            </button>
        </div>
    }
}

/// A banner naming the records skipped because they were invalid; nothing when all is well.
#[component]
pub fn DataWarning(
    /// The loaded directory and its problems.
    atlas: Arc<Atlas>,
) -> impl IntoView {
    let directory: &CompiledDirectory = &atlas.compiled;
    (!directory.is_clean()).then(|| {
        let skipped = directory.skipped.len();
        view! {
            <aside class="data-warning" role="status" data-testid="data-warning">
                <p>
                    <strong>
                        {if skipped == 0 {
                            "The dataset has problems.".to_owned()
                        } else {
                            format!(
                                "{skipped} invalid record{} skipped.",
                                if skipped == 1 { " was" } else { "s were" },
                            )
                        }}
                    </strong>
                    " The rest of the directory is shown."
                </p>
                <details>
                    <summary>"Details"</summary>
                    <ul>
                        {directory
                            .skipped
                            .iter()
                            .map(|s| view! { <li>"Skipped " {s.clone()}</li> })
                            .collect_view()}
                        {directory
                            .problems
                            .iter()
                            .map(|p| view! { <li><code>{p.clone()}</code></li> })
                            .collect_view()}
                    </ul>
                </details>
            </aside>
        }
    })
}
