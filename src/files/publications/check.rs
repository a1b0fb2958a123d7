//! The check that the compiled `/publications` answers as the loaded list does, fetching as
//! the page fetches; for tests, here and at scale (`xtask`, `generate`).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use super::{CompiledPubs, PubsIndex, answer, part_from_bytes};
use crate::Error;
use crate::files::detail::DetailFile;
use crate::model::Dataset;
use crate::search::params::PubParams;
use crate::search::publications::PublicationIndex;
use crate::search::publications::parts::{Column, Part, PartLimits, PubParts};
use crate::search::publications::words::WordShard;

/// The compiled files as the page holds them once fetched: each decoded from its bytes.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// `index.bin`.
    pub index: PubsIndex,
    /// Every part.
    pub parts: PubParts,
    /// Every word shard.
    pub shards: BTreeMap<String, Arc<WordShard>>,
}

impl Fetched {
    /// Decodes what `compiled` encodes.
    pub fn of(compiled: &CompiledPubs) -> Result<Self, Error> {
        let index = PubsIndex::from_bytes(&compiled.index.to_bytes())?;
        let mut shards = BTreeMap::new();
        for (key, shard) in &compiled.words {
            let shard = WordShard::from_bytes(&shard.to_bytes())?;
            shards.insert(key.clone(), Arc::new(shard));
        }
        let mut parts = index.parts();
        for &part in compiled.parts.keys() {
            let values = part_from_bytes(&compiled.part_bytes(part), part, parts.limits())?;
            parts.insert(part, values);
        }
        Ok(Self {
            index,
            parts,
            shards,
        })
    }
}

/// Checks that the compiled list (`compiled` from `dataset`, and `fetched` from it) answers
/// `params` as `ix` does over the same dataset, with every entry of the page in its chunk; for
/// tests, here and at scale (`xtask`).
pub fn check_against(
    dataset: &Dataset,
    compiled: &CompiledPubs,
    fetched: &Fetched,
    ix: &PublicationIndex,
    params: &PubParams,
) -> Result<(), Error> {
    let Fetched {
        index,
        parts,
        shards,
    } = fetched;
    let want = ix.list(&ix.scope_all(), params);
    let got = answer(index, parts, shards, params)
        .map_err(|need| Error::Differs(format!("{params:?}: still needs {need:?}")))?;
    let order = ix.order();
    // Each chunk the page touches, made once (a page spans one or two).
    let mut made: Option<(usize, DetailFile)> = None;
    for pos in got.items() {
        let n = index.chunk_of(pos);
        if n >= compiled.chunk_count() {
            return Err(Error::Differs(format!(
                "{params:?}: entry {pos} has no chunk"
            )));
        }
        if made.as_ref().is_none_or(|(m, _)| *m != n) {
            made = Some((n, compiled.chunk(dataset, &HashMap::new(), n)));
        }
        let chunk = &made.as_ref().expect("made just above").1;
        let at = pos % index.chunk_size as usize;
        let id = chunk.dataset.publications.get(at).map(|p| &p.id);
        if id != ix.id_at(order[pos]) {
            return Err(Error::Differs(format!(
                "{params:?}: entry {pos} is not in its chunk"
            )));
        }
    }
    let got = got.map(|pos| order[pos]);
    if got != want {
        return Err(Error::Differs(format!(
            "{params:?}: compiled {got:#?}\nloaded {want:#?}"
        )));
    }
    // As the page fetches: from the index alone, what each answer says it needs, until the
    // list comes; it is the same list, its facets counting until their columns come.
    let mut early = (index.parts(), BTreeMap::new());
    let mut asked = 0;
    let list = loop {
        match answer(index, &early.0, &early.1, params) {
            Ok(list) => break list.map(|pos| order[pos]),
            Err(need) if asked < 2 => {
                asked += 1;
                for part in need.parts {
                    early
                        .0
                        .insert(part, fetched_part(compiled, part, parts.limits())?);
                }
                for key in need.words {
                    let shard = shards.get(&key).ok_or_else(|| {
                        Error::Differs(format!("{params:?}: no word shard {key}"))
                    })?;
                    early.1.insert(key, shard.clone());
                }
            }
            Err(need) => {
                return Err(Error::Differs(format!(
                    "{params:?}: still needs {need:?} after fetching what it asked"
                )));
            }
        }
    };
    // A facet whose column has not come is the unfiltered list's values (and the chosen), each
    // counted 0; with the columns, it is counted.
    let mut same = list.clone();
    same.facets.counting = false;
    let chosen = |id: &String| {
        params.venues.contains(id) || params.kinds.iter().any(|k| k.key() == id.as_str())
    };
    for (column, got, wanted, unfiltered) in [
        (
            Column::Venue,
            &mut same.facets.venues,
            &want.facets.venues,
            &index.facets.venues,
        ),
        (
            Column::Kind,
            &mut same.facets.kinds,
            &want.facets.kinds,
            &index.facets.kinds,
        ),
    ] {
        // Counted (or the index's own, unfiltered): compared as they are below.
        if early.0.has(Part::Column(column)) || !list.facets.counting {
            continue;
        }
        for v in got.iter() {
            if v.count != 0 || !(unfiltered.iter().any(|u| u.id == v.id) || chosen(&v.id)) {
                return Err(Error::Differs(format!(
                    "{params:?}: a value counted before its column: {v:?}"
                )));
            }
        }
        *got = wanted.clone();
    }
    if !early.0.has(Part::Honoured) && list.facets.counting {
        if list.facets.honoured.count != 0 {
            return Err(Error::Differs(format!(
                "{params:?}: honours counted before their part"
            )));
        }
        same.facets.honoured.count = want.facets.honoured.count;
    }
    if same != want {
        return Err(Error::Differs(format!(
            "{params:?}: with only the parts it asked for {same:#?}\nloaded {want:#?}"
        )));
    }
    // The columns count the rest, as the page fetches them then.
    for part in early.0.counting() {
        early
            .0
            .insert(part, fetched_part(compiled, part, parts.limits())?);
    }
    let counted = answer(index, &early.0, &early.1, params)
        .map_err(|need| Error::Differs(format!("{params:?}: counting needs {need:?}")))?;
    if counted.map(|pos| order[pos]) != want {
        return Err(Error::Differs(format!(
            "{params:?}: the counted facets differ"
        )));
    }
    Ok(())
}

/// `part` of `compiled`, through its bytes.
fn fetched_part(
    compiled: &CompiledPubs,
    part: Part,
    limits: PartLimits,
) -> Result<Vec<u32>, Error> {
    part_from_bytes(&compiled.part_bytes(part), part, limits)
}

/// Params covering every filter, grouping, order and a few pages, from the dataset's own
/// values: the cases of [`check_against`].
pub fn sample_params(d: &Dataset) -> Vec<PubParams> {
    let mut queries: Vec<String> = vec![String::new(), "zzzz".into(), "a".into(), "of the".into()];
    for p in d.publications.iter().step_by(d.publications.len() / 7 + 1) {
        let words: Vec<&str> = p.title.split_whitespace().collect();
        queries.push(words[0].to_owned());
        queries.push(words.iter().take(2).copied().collect::<Vec<_>>().join(" "));
        queries.push(words[0].chars().take(3).collect());
        if let Some(a) = p.authors.first() {
            queries.push(a.name.clone());
        }
        queries.push(p.year.to_string());
    }
    let mut pairs: Vec<Vec<(String, String)>> = queries
        .into_iter()
        .map(|q| vec![("pq".to_owned(), q)])
        .collect();
    for v in d.venues.iter().take(3) {
        pairs.push(vec![("pvenue".into(), v.id.0.clone())]);
    }
    for t in d.topics.iter().take(2) {
        pairs.push(vec![("ptopic".into(), t.id.0.clone())]);
    }
    for o in d.organizations.iter().take(2) {
        pairs.push(vec![("porg".into(), o.id.0.clone())]);
    }
    pairs.push(vec![("ptype".into(), "conference,journal".into())]);
    pairs.push(vec![("honours".into(), "1".into())]);
    pairs.push(vec![
        ("pfrom".into(), "2020".into()),
        ("pto".into(), "2023".into()),
    ]);
    let mut out = Vec::new();
    for base in pairs {
        for extra in [
            vec![],
            vec![("group", "type"), ("order", "oldest")],
            vec![("group", "venue"), ("ppage", "2")],
            vec![("order", "oldest"), ("ppage", "3")],
            vec![("order", "cited")],
            vec![("group", "venue"), ("order", "cited"), ("ppage", "2")],
            vec![("ppage", "1000")],
        ] {
            let mut p: Vec<(&str, &str)> =
                base.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            p.extend(extra);
            out.push(PubParams::from_pairs(p));
        }
    }
    out
}
