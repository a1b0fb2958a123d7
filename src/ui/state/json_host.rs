//! The authoring JSON, read, validated and compiled in the browser when a host has no compiled
//! files (`trunk serve`): only in builds that read it ([`READS_JSON`]: the default feature
//! `json-host`, and the native pre-renderer).
//!
//! A release build gets the refusing twins instead, which name the compiled file that is
//! missing. Everything that only follows a loaded dataset (the validator, the compilers of the
//! directory, the network and the organizations) is called from here alone, so it is not in the
//! release wasm at all: a constant test inside an `async fn` would not do, as the states after
//! an `await` stay reachable.

/// Whether this build reads the authoring JSON itself when a host has no compiled files: the
/// development build (`trunk serve`, default feature `json-host`) and the native pre-renderer.
/// The release build (`cargo xtask dist`) leaves the JSON path out, and with it serde_json's
/// reader, the validator and the in-browser compilers: `cargo xtask dist` always writes the
/// compiled files beside it. The same condition picks the module below.
pub const READS_JSON: bool = cfg!(any(feature = "json-host", not(target_arch = "wasm32")));

#[cfg(any(feature = "json-host", not(target_arch = "wasm32")))]
pub use reads::*;
#[cfg(not(any(feature = "json-host", not(target_arch = "wasm32"))))]
pub use refuses::*;

#[cfg(any(feature = "json-host", not(target_arch = "wasm32")))]
mod reads {
    use std::sync::Arc;

    use crate::model::LoadedDataset;
    use crate::search::network::Network;
    use crate::search::organizations::OrgTable;
    use crate::ui::browser::timed;
    use crate::ui::state::atlas::{Atlas, DataResult, Detail, DetailResult};
    use crate::ui::state::fetch::{DATASET_URL, DataError, fetch_required};

    /// Fetches, validates and loads the authoring file.
    async fn dataset() -> Result<LoadedDataset, DataError> {
        let url = DATASET_URL;
        let bytes = fetch_required(url).await?;
        let invalid = |e: String| DataError::Invalid(url.to_owned(), e);
        let text = String::from_utf8(bytes).map_err(|e| invalid(e.to_string()))?;
        let max_year = crate::ui::host::year_and_month().0 + 1;
        crate::model::load(&text, max_year).map_err(|e| invalid(e.to_string()))
    }

    /// The directory compiled here from the authoring file, which the host has in place of
    /// `_missing` (the compiled directory).
    pub async fn atlas(_missing: &str) -> DataResult {
        let loaded = dataset().await?;
        Ok(Arc::new(timed("atlas:index", || Atlas::from_json(loaded))))
    }

    /// Every record: from memory, or the authoring file.
    pub async fn everything(atlas: Arc<Atlas>, _missing: &str) -> DetailResult {
        if let Some(full) = &atlas.full {
            return Ok(full.clone());
        }
        Ok(Arc::new(Detail::whole(dataset().await?)))
    }

    /// The organizations table built from every record.
    pub async fn organizations(atlas: Arc<Atlas>, missing: &str) -> Result<OrgTable, DataError> {
        let everything = everything(atlas, missing).await?;
        Ok(timed("atlas:organizations", || {
            OrgTable::build(&everything.loaded.dataset)
        }))
    }

    /// The whole network built from every record.
    pub async fn network(atlas: Arc<Atlas>, missing: &str) -> Result<Network, DataError> {
        let everything = everything(atlas, missing).await?;
        Ok(timed("atlas:network", || {
            Network::build(&everything.loaded.dataset)
        }))
    }

    /// Every record of the authoring file, which the host has in place of `_missing`.
    pub async fn whole_dataset(_missing: &str) -> Result<crate::model::Dataset, DataError> {
        Ok(dataset().await?.dataset)
    }
}

#[cfg(not(any(feature = "json-host", not(target_arch = "wasm32"))))]
mod refuses {
    use std::sync::Arc;

    use crate::search::network::Network;
    use crate::search::organizations::OrgTable;
    use crate::ui::state::atlas::{Atlas, DataResult, DetailResult};
    use crate::ui::state::fetch::DataError;

    /// The compiled file at `missing` is missing.
    pub async fn atlas(missing: &str) -> DataResult {
        Err(DataError::NotCompiled(missing.to_owned()))
    }

    /// The compiled file at `missing` is missing.
    pub async fn everything(_atlas: Arc<Atlas>, missing: &str) -> DetailResult {
        Err(DataError::NotCompiled(missing.to_owned()))
    }

    /// The compiled file at `missing` is missing.
    pub async fn organizations(_atlas: Arc<Atlas>, missing: &str) -> Result<OrgTable, DataError> {
        Err(DataError::NotCompiled(missing.to_owned()))
    }

    /// The compiled file at `missing` is missing.
    pub async fn network(_atlas: Arc<Atlas>, missing: &str) -> Result<Network, DataError> {
        Err(DataError::NotCompiled(missing.to_owned()))
    }

    /// The compiled file at `missing` is missing.
    pub async fn whole_dataset(missing: &str) -> Result<crate::model::Dataset, DataError> {
        Err(DataError::NotCompiled(missing.to_owned()))
    }
}
