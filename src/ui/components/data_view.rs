//! The three states of the data — loading, failed, loaded — as views.

use std::sync::Arc;

use leptos::prelude::*;

use crate::lang::Catalogue;
use crate::search::CardIndex;
use crate::ui::components::update_notice::ReloadButton;
use crate::ui::lang::text;
use crate::ui::state::data::{Atlas, DataError, Detail, DetailResult, Load, use_atlas};

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
    let data = use_atlas();
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
    resource: Load<DetailResult>,
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

/// A visible, announced loading state: the researchers' cards on their way.
#[component]
pub fn LoadingView() -> impl IntoView {
    view! {
        <Loading text=text().data_view().loading()>
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
        </Loading>
    }
}

/// A visible, announced loading state saying `text`, over `children` (placeholders) if any.
#[component]
pub fn Loading(
    /// What is loading.
    text: &'static str,
    /// Placeholders of what is coming.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    view! {
        <div class="loading" data-testid="loading">
            <p role="status" aria-live="polite">
                <span class="spinner" aria-hidden="true"></span>
                {text}
            </p>
            {children.map(|c| c())}
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
    /// What could not be loaded, as a heading.
    #[prop(default = text().data_view().load_failed())]
    heading: &'static str,
) -> impl IntoView {
    if error.is_moved() {
        return view! {
            <div class="load-error" role="alert" data-testid="load-error">
                <h2>{text().data_view().updated()}</h2>
                <p class="load-error-detail">{error.text(text())}</p>
                <ReloadButton/>
            </div>
        }
        .into_any();
    }
    view! { <LoadFailed heading=heading detail=error.text(text()) retry=retry/> }.into_any()
}

/// A failed load: `heading`, the `detail` of why, and a Retry button.
#[component]
pub fn LoadFailed(
    /// What could not be loaded.
    heading: &'static str,
    /// Why, for the reader.
    #[prop(into)]
    detail: String,
    /// Loads again.
    retry: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="load-error" role="alert" data-testid="load-error">
            <h2>{heading}</h2>
            <p class="load-error-detail">{detail}</p>
            <button type="button" class="button" on:click=move |_| retry.run(())>
                {text().common().retry()}
            </button>
        </div>
    }
}

/// A banner naming the records skipped because they were invalid and the warnings about those
/// kept; nothing when all is well.
#[component]
pub fn DataWarning(
    /// The loaded directory and its problems.
    atlas: Arc<Atlas>,
) -> impl IntoView {
    let compiled: &CardIndex = &atlas.compiled;
    (!compiled.is_clean()).then(|| {
        let t = text();
        let (headline, rest) = headline(t, compiled);
        let lines = |items: &[String]| {
            items
                .iter()
                .map(|p| view! { <li><code>{p.clone()}</code></li> })
                .collect_view()
        };
        view! {
            <aside class="data-warning" role="status" data-testid="data-warning">
                <p><strong>{headline}</strong>" " {rest}</p>
                <details>
                    <summary>{t.data_view().details()}</summary>
                    <ul>
                        {compiled
                            .skipped
                            .iter()
                            .map(|s| view! { <li>{t.data_view().skipped()} " " {s.clone()}</li> })
                            .collect_view()}
                        {lines(&compiled.problems)}
                        {compiled
                            .warnings
                            .iter()
                            .map(|w| view! { <li>{t.data_view().warning()} " " <code>{w.clone()}</code></li> })
                            .collect_view()}
                    </ul>
                </details>
            </aside>
        }
    })
}

/// The banner's first sentence and the one after it: skipped records first, then problems, then
/// warnings alone (nothing was left out).
fn headline(t: &'static Catalogue, compiled: &CardIndex) -> (String, &'static str) {
    let d = t.data_view();
    let skipped = compiled.skipped.len();
    if skipped > 0 {
        (d.skipped_head().count(skipped), d.rest_shown())
    } else if !compiled.problems.is_empty() {
        (d.problems().to_owned(), d.rest_shown())
    } else {
        (
            d.warnings_head().count(compiled.warnings.len()),
            d.every_shown(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{DE, EN};

    #[test]
    fn the_headline_names_the_worst_news() {
        let mut d = CardIndex {
            warnings: vec!["researchers[0].name: …".into()],
            ..CardIndex::default()
        };
        assert_eq!(headline(&EN, &d).0, "The dataset has 1 warning.");
        d.warnings.push("publications[1].title: …".into());
        assert_eq!(headline(&EN, &d).0, "The dataset has 2 warnings.");
        d.problems.push("config.corrections: …".into());
        assert_eq!(headline(&EN, &d).0, "The dataset has problems.");
        d.skipped.push("publications[2] (\"x\")".into());
        assert_eq!(headline(&EN, &d).0, "1 invalid record was skipped.");
        d.skipped.push("publications[3] (\"y\")".into());
        assert_eq!(
            headline(&DE, &d).0,
            "2 ungültige Datensätze wurden übersprungen."
        );
        assert_eq!(
            headline(&EN, &d),
            (
                "2 invalid records were skipped.".to_owned(),
                "The rest of the directory is shown."
            )
        );
    }
}
