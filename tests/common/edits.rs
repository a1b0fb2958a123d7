//! What the model tests share: the bundled file, loaded after an edit, and expected paths
//! written with ids (`researchers[{tao-luo}]`) instead of positions.

use research_atlas::model::{self, LoadedDataset, Problem};
use serde_json::Value;

use super::{BUNDLED, MAX_YEAR};

/// Applies `edit` to the bundled dataset and loads the result.
pub fn load_edited(edit: impl FnOnce(&mut Value)) -> Result<LoadedDataset, Problem> {
    let mut v: Value = serde_json::from_str(BUNDLED).unwrap();
    edit(&mut v);
    model::load(&v.to_string(), MAX_YEAR)
}

/// The position in `v[coll]` of the record whose id is `id`.
pub fn index_of(v: &Value, coll: &str, id: &str) -> usize {
    v[coll]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("no {coll} record {id:?}"))
}

/// `researchers[{tao-luo}]` → `researchers[4]`: the index the record has in the bundled file.
pub fn resolve_indexes(v: &Value, template: &str) -> String {
    let mut out = template.to_owned();
    while let Some(start) = out.find("[{") {
        let end = out[start..].find("}]").unwrap() + start;
        let coll_start = out[..start]
            .rfind(|c: char| !c.is_ascii_lowercase())
            .map_or(0, |i| i + 1);
        let index = index_of(v, &out[coll_start..start], &out[start + 2..end]);
        out.replace_range(start..end + 2, &format!("[{index}]"));
    }
    out
}
