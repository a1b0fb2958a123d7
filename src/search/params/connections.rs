//! The connections page's URL state, as [`ConnectionsParams`]: the chain asked about (`from`,
//! `to`), which kinds of connection count (`kinds`) and whose neighbourhood a large directory
//! shows (`focus`).

use crate::search::network::{EdgeKind, EdgeKinds};

/// What `/connections` shows: the chain between two people, the kinds of connection, the focus.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConnectionsParams {
    /// The researcher id the chain starts at (`from`).
    pub from: Option<String>,
    /// The researcher id the chain ends at (`to`).
    pub to: Option<String>,
    /// The kinds of connection that count (`kinds=coauthor,organization`; absent: all of them,
    /// empty: none).
    pub kinds: EdgeKinds,
    /// The researcher id whose neighbourhood a large directory shows (`focus`).
    pub focus: Option<String>,
}

impl ConnectionsParams {
    /// The question "how are `from` and `to` connected?" under every kind.
    pub fn chain(from: &str, to: &str) -> Self {
        Self {
            from: Some(from.to_owned()),
            to: Some(to.to_owned()),
            ..Self::default()
        }
    }

    /// Parses percent-decoded query pairs. Never fails: unknown keys, unknown kind names and
    /// empty items are ignored; an empty id is no id; a repeated key keeps its last value.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut p = Self::default();
        let id = |v: &str| Some(v.to_owned()).filter(|s| !s.is_empty());
        for (key, value) in pairs {
            match key {
                "from" => p.from = id(value),
                "to" => p.to = id(value),
                "focus" => p.focus = id(value),
                "kinds" => {
                    let on: Vec<EdgeKind> =
                        super::items(value).filter_map(EdgeKind::from_key).collect();
                    p.kinds = (EdgeKind::ALL.into_iter())
                        .fold(EdgeKinds::NONE, |k, kind| k.with(kind, on.contains(&kind)));
                }
                _ => {}
            }
        }
        p
    }

    /// The canonical pairs, in the order `from`, `to`, `kinds`, `focus`: ids when set, `kinds` only when not
    /// all of them (as `kinds=` when none), in [`EdgeKind::ALL`] order.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(f) = &self.from {
            out.push(("from", f.clone()));
        }
        if let Some(t) = &self.to {
            out.push(("to", t.clone()));
        }
        if self.kinds != EdgeKinds::ALL {
            let on: Vec<&str> = (EdgeKind::ALL.into_iter())
                .filter(|&k| self.kinds.allows(k))
                .map(EdgeKind::key)
                .collect();
            out.push(("kinds", on.join(",")));
        }
        if let Some(f) = &self.focus {
            out.push(("focus", f.clone()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::ConnectionsParams;
    use crate::search::encode_query;
    use crate::search::network::EdgeKinds;

    #[test]
    fn the_question_round_trips_through_the_url() {
        let q = ConnectionsParams {
            from: Some("a".into()),
            to: Some("b".into()),
            kinds: EdgeKinds {
                coauthor: true,
                advisor: false,
                organization: true,
            },
            focus: None,
        };
        let query = encode_query(&q.to_pairs());
        assert_eq!(query, "?from=a&to=b&kinds=coauthor,organization");
        let pairs: Vec<(&str, &str)> = (query[1..].split('&'))
            .filter_map(|p| p.split_once('='))
            .collect();
        assert_eq!(ConnectionsParams::from_pairs(pairs), q);
        assert_eq!(ConnectionsParams::from_pairs([]).kinds, EdgeKinds::ALL);
        assert_eq!(encode_query(&ConnectionsParams::default().to_pairs()), "");
    }

    #[test]
    fn parsing_is_lenient() {
        let only = |coauthor, advisor, organization| EdgeKinds {
            coauthor,
            advisor,
            organization,
        };
        type Case = (&'static [(&'static str, &'static str)], ConnectionsParams);
        let cases: Vec<Case> = vec![
            (&[], ConnectionsParams::default()),
            (&[("q", "x"), ("ids", "a")], ConnectionsParams::default()),
            (
                &[("from", "a")],
                ConnectionsParams {
                    from: Some("a".into()),
                    ..Default::default()
                },
            ),
            (
                &[("from", ""), ("to", ""), ("focus", "")],
                ConnectionsParams::default(),
            ),
            (
                &[("from", "a"), ("from", "b"), ("focus", "c")],
                ConnectionsParams {
                    from: Some("b".into()),
                    focus: Some("c".into()),
                    ..Default::default()
                },
            ),
            (
                &[("kinds", "")],
                ConnectionsParams {
                    kinds: EdgeKinds::NONE,
                    ..Default::default()
                },
            ),
            (
                &[("kinds", " advisor ,, nonsense,Coauthor")],
                ConnectionsParams {
                    kinds: only(false, true, false),
                    ..Default::default()
                },
            ),
            (
                &[("kinds", "coauthor"), ("kinds", "organization")],
                ConnectionsParams {
                    kinds: only(false, false, true),
                    ..Default::default()
                },
            ),
        ];
        for (pairs, want) in cases {
            let got = ConnectionsParams::from_pairs(pairs.iter().copied());
            assert_eq!(got, want, "{pairs:?}");
        }
    }

    #[test]
    fn writing_is_canonical() {
        let cases = [
            (ConnectionsParams::default(), ""),
            (ConnectionsParams::chain("a", "b&c"), "?from=a&to=b%26c"),
            (
                ConnectionsParams {
                    kinds: EdgeKinds::NONE,
                    focus: Some("luo mai".into()),
                    ..Default::default()
                },
                "?kinds=&focus=luo%20mai",
            ),
            (
                ConnectionsParams {
                    to: Some("b".into()),
                    kinds: EdgeKinds {
                        coauthor: false,
                        ..EdgeKinds::ALL
                    },
                    ..Default::default()
                },
                "?to=b&kinds=advisor,organization",
            ),
        ];
        for (params, want) in cases {
            let query = encode_query(&params.to_pairs());
            assert_eq!(query, want, "{params:?}");
        }
    }
}
