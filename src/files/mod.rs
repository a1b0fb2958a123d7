//! The compiled files the browser fetches: where each one is ([`paths`], the only place that
//! spells them; a test fails on a `data/…` path written anywhere else), and which build of the
//! data a page reads ([`generation`]). Their formats are still beside the answers that read
//! them (`search::compiled`, `search::titles`, `search::people`, `search::network::parts`,
//! `search::publications::files`, `search::organizations::file`).

pub mod generation;
pub mod paths;
