//! What the app has loaded: the [`Atlas`] (the card index, and every record when the host had
//! only the JSON) and a [`Detail`] (records with their publication index and BibTeX keys).

use std::collections::HashMap;
use std::sync::Arc;

use crate::files::detail::DetailFile;
use crate::files::people::Steps;
use crate::model::{LoadedDataset, PublicationId, cite};
use crate::search::{CardIndex, PublicationIndex};
use crate::ui::state::fetch::DataError;

/// The loaded directory: cards and index, and the whole dataset when it was loaded as JSON.
pub struct Atlas {
    /// Cards, the researcher index, the load's problems.
    pub compiled: CardIndex,
    /// Every record in memory (loaded from the JSON); `None` when details are fetched per
    /// researcher.
    pub full: Option<Arc<Detail>>,
}

/// An atlas is its cards and index first: `atlas.cards`, `atlas.index`, `atlas.position(id)`.
impl std::ops::Deref for Atlas {
    type Target = CardIndex;

    fn deref(&self) -> &CardIndex {
        &self.compiled
    }
}

impl Atlas {
    /// A directory loaded from the authoring JSON: compiled here, every record kept in memory.
    pub fn from_json(loaded: LoadedDataset) -> Self {
        let mut compiled = CardIndex::compile(&loaded);
        crate::ui::lang::learn_names(&compiled.names);
        compiled
            .index
            .use_name_order(crate::ui::lang::page_lang().code());
        Self {
            compiled,
            full: Some(Arc::new(Detail::whole(loaded))),
        }
    }
}

/// Records with their publication index and BibTeX keys: the whole dataset, or one
/// researcher's detail file.
pub struct Detail {
    /// The records, as loaded.
    pub loaded: Arc<LoadedDataset>,
    /// The publication index over them.
    pub publications: PublicationIndex,
    /// BibTeX keys, computed over the whole dataset.
    pub cite_keys: HashMap<PublicationId, String>,
    /// Where the researcher stands in the directory's default view, when the records came from
    /// their pack alone ([`fetch_packed`]); otherwise the directory says.
    pub steps: Option<Steps>,
}

impl Detail {
    /// One researcher's detail file, loaded.
    pub(crate) fn from_file(file: DetailFile) -> Self {
        let dataset = file.dataset;
        Self {
            publications: PublicationIndex::new(&dataset),
            cite_keys: file.cite_keys.into_iter().collect(),
            loaded: Arc::new(LoadedDataset {
                dataset,
                problems: Vec::new(),
                skipped: Vec::new(),
            }),
            steps: None,
        }
    }

    /// The detail of a whole loaded dataset.
    pub(crate) fn whole(loaded: LoadedDataset) -> Self {
        let keys = cite::bibtex_keys(&loaded.dataset);
        Self {
            publications: PublicationIndex::new(&loaded.dataset),
            cite_keys: keys,
            loaded: Arc::new(loaded),
            steps: None,
        }
    }
}

/// What pages get from the data context: the load in progress, done, or failed.
pub type DataResult = Result<Arc<Atlas>, DataError>;
/// A detail load's outcome.
pub type DetailResult = Result<Arc<Detail>, DataError>;
