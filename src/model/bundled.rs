//! The bundled dataset, `data/researchers.json` (the five researchers of the seeds), as the tests
//! read it: one copy of its text for the tests of every crate ([`JSON`]) and, for this crate's,
//! the dataset loaded as the app loads it. Nothing of the app reads it, so no build carries it.

/// The bundled dataset's text.
pub const JSON: &str = include_str!("../../data/researchers.json");

/// The bundled dataset loaded in 2027 (after every date it holds), with what loading found.
#[cfg(test)]
pub(crate) fn loaded() -> super::LoadedDataset {
    super::load(JSON, 2027).expect("the bundled dataset loads")
}

/// The bundled dataset's records, loaded as in [`loaded`].
#[cfg(test)]
pub(crate) fn dataset() -> super::Dataset {
    loaded().dataset
}
