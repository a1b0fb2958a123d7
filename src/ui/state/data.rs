//! The dataset, fetched once per app and shared by every page.
//!
//! The fetch is relative to the document's base URL, so the same build works at `/` and under a
//! sub-path. Failures stay failures: they reach the user as an error view with Retry.

use std::fmt;
use std::sync::Arc;

use leptos::prelude::*;

use crate::model::{self, Directory};

/// Where the bundled dataset is served, relative to the base URL.
pub const DATASET_URL: &str = "data/researchers.json";

/// Why the dataset could not be shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataError {
    /// The request failed before a response arrived (offline, blocked).
    Network(String),
    /// The server answered with an error status.
    Status(u16, String),
    /// The response was not a usable dataset.
    Invalid(String),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Network(e) => write!(f, "Could not reach {DATASET_URL}: {e}"),
            Self::Status(code, text) => {
                write!(f, "Loading {DATASET_URL} failed: HTTP {code} {text}")
            }
            Self::Invalid(e) => write!(f, "{DATASET_URL} is not a valid dataset: {e}"),
        }
    }
}

/// What pages get from the data context: the load in progress, done, or failed.
pub type DataResult = Result<Arc<Directory>, DataError>;

/// The shared dataset resource; pages read it, the error view refetches it.
#[derive(Clone, Copy)]
pub struct DirectoryContext(pub LocalResource<DataResult>);

impl DirectoryContext {
    /// The current state: `None` while loading.
    pub fn get(&self) -> Option<DataResult> {
        self.0.get()
    }

    /// Fetches the dataset again (the Retry button).
    pub fn retry(&self) {
        self.0.refetch();
    }
}

/// Starts loading the dataset and provides it to the app. Called once, by `App`.
pub fn provide_directory() {
    let resource = LocalResource::new(|| fetch_directory(DATASET_URL));
    provide_context(DirectoryContext(resource));
}

/// The dataset context; provided by `App` through [`provide_directory`].
pub fn use_directory() -> DirectoryContext {
    expect_context::<DirectoryContext>()
}

/// Fetches and loads a dataset file.
pub async fn fetch_directory(url: &str) -> DataResult {
    let response = gloo_net::http::Request::get(url)
        .send()
        .await
        .map_err(|e| DataError::Network(e.to_string()))?;
    if !response.ok() {
        return Err(DataError::Status(response.status(), response.status_text()));
    }
    let text = response
        .text()
        .await
        .map_err(|e| DataError::Network(e.to_string()))?;
    let max_year = js_sys::Date::new_0().get_full_year() as u16 + 1;
    model::load(&text, max_year)
        .map(Arc::new)
        .map_err(|e| DataError::Invalid(e.to_string()))
}
