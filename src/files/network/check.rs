//! The parts answer as the whole: every question of the page asked of both.

use super::{NetIndex, NetParts};
use crate::Error;
use crate::search::network::drawing::{hubs, needs, shown};
use crate::search::network::{Edge, EdgeKind, EdgeKinds, Missing, Network, Reason, Step};

/// Asks `whole` and a network assembled from its parts every question of the connections page:
/// each of `foci` (and no focus) under each set of kinds, who is drawn and the edges among them,
/// and the chain of each of `pairs`. `Err` names the first question answered differently;
/// `Ok` is the most records any one drawing fetched, and any one chain.
pub fn check_parts(
    whole: &Network,
    foci: &[u32],
    pairs: &[(u32, u32)],
) -> Result<(usize, usize), Error> {
    let files = whole.to_parts();
    let index = NetIndex::from_bytes(&files.index)?;
    // The opening view from `start.bin` alone: nothing more to fetch, and the same drawing.
    let mut parts = NetParts::new(index.clone());
    parts.add_start(&files.start)?;
    let (net, all) = (parts.network(), EdgeKinds::ALL);
    if !parts.requests(&needs(&net, all, None, &[])).is_empty() {
        return Err(Error::Differs(
            "the opening view needs records beyond start.bin".into(),
        ));
    }
    let drawn = shown(whole, all, None, &[]);
    if shown(&net, all, None, &[]) != drawn
        || plain(&net, net.edges(all, Some(&drawn))) != plain(whole, whole.edges(all, Some(&drawn)))
        || hubs(&net, all, &drawn) != hubs(whole, all, &drawn)
    {
        return Err(Error::Differs(
            "the opening view drawn from start.bin".into(),
        ));
    }
    let (mut drawing, mut chain) = (0, 0);
    for bits in 0..8 {
        let kinds = EdgeKinds::from_bits(bits);
        if whole.default_focus(kinds) != index.focus[bits] {
            return Err(Error::Differs(format!("the default focus under {kinds:?}")));
        }
        for focus in std::iter::once(None).chain(foci.iter().map(|&f| Some(f))) {
            let id = focus.map(|f| whole.people[f as usize].as_str());
            let mut parts = NetParts::new(index.clone());
            let named: Vec<&str> = id.into_iter().collect();
            let net = parts.fill_from(&files, &named, |n| needs(n, kinds, id, &[]))?;
            let drawn = shown(whole, kinds, id, &[]);
            if shown(&net, kinds, id, &[]) != drawn {
                return Err(Error::Differs(format!(
                    "who is drawn around {id:?} under {kinds:?}"
                )));
            }
            if drawn
                .iter()
                .any(|&p| net.names[p as usize] != whole.names[p as usize])
            {
                return Err(Error::Differs(format!(
                    "the names drawn around {id:?} under {kinds:?}"
                )));
            }
            if plain(&net, net.edges(kinds, Some(&drawn)))
                != plain(whole, whole.edges(kinds, Some(&drawn)))
            {
                return Err(Error::Differs(format!(
                    "the edges drawn around {id:?} under {kinds:?}"
                )));
            }
            if hubs(&net, kinds, &drawn) != hubs(whole, kinds, &drawn) {
                return Err(Error::Differs(format!(
                    "the hubs drawn around {id:?} under {kinds:?}"
                )));
            }
            drawing = drawing.max(parts.people_loaded());
        }
        for &(from, to) in pairs {
            let mut parts = NetParts::new(index.clone());
            let named = [
                whole.people[from as usize].as_str(),
                whole.people[to as usize].as_str(),
            ];
            let net = parts.fill_from(&files, &named, |n| {
                let ends = n.position(named[0]).zip(n.position(named[1]));
                ends.map_or_else(Missing::default, |(a, b)| n.chain_needs(a, b, kinds))
            })?;
            let steps = |n: &Network, chain: Option<Vec<Step>>| {
                chain.map(|c| {
                    (c.into_iter())
                        .map(|s| (s.from, s.to, strip(n, s.reasons)))
                        .collect::<Vec<_>>()
                })
            };
            let expected = steps(whole, whole.one_sided_path(from, to, kinds));
            if steps(whole, whole.shortest_path(from, to, kinds)) != expected {
                return Err(Error::Differs(format!(
                    "the two-sided chain {from} → {to} under {kinds:?}"
                )));
            }
            if steps(&net, net.shortest_path(from, to, kinds)) != expected {
                return Err(Error::Differs(format!(
                    "the chain {from} → {to} under {kinds:?}"
                )));
            }
            chain = chain.max(parts.people_loaded());
        }
    }
    Ok((drawing, chain))
}

/// An edge's ends, weight and reasons.
type PlainEdge = (u32, u32, u32, Vec<(EdgeKind, String)>);

/// Edges without the record numbers of their reasons: an assembled network numbers papers and
/// advising links among those it has.
fn plain(net: &Network, edges: Vec<Edge>) -> Vec<PlainEdge> {
    (edges.into_iter())
        .map(|e| (e.a, e.b, e.weight, strip(net, e.reasons)))
        .collect()
}

/// Each reason's kind and sentence (in English), as `net` words it.
fn strip(net: &Network, reasons: Vec<Reason>) -> Vec<(EdgeKind, String)> {
    (reasons.into_iter())
        .map(|r| (r.kind, r.text(net, &crate::lang::EN)))
        .collect()
}
