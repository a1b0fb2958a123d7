//! [`record!`]: a record of the authoring JSON, declared as every such record is — `Debug`,
//! `Clone`, `PartialEq`, serde both ways with unknown fields refused, a JSON Schema with feature
//! `schema` — with each `Option` field optional and left out of the JSON while unknown
//! ([`skip`](super::skip)`::none`). Every other field is as written, with its own attributes (a
//! list says itself whether it may be missing: `#[serde(default, skip_serializing_if =
//! "skip::empty")]`).
//!
//! The file using it has `skip` in scope (`use super::skip;`).

/// Declares `pub struct Name { … }` as a record of the authoring JSON (see the module).
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident { $($fields:tt)* }
    ) => {
        record!(@fields [$(#[$meta])* pub struct $name] [] $($fields)*);
    };
    // An optional field: may be missing, and is left out while unknown.
    (@fields $head:tt [$($done:tt)*]
        $(#[$attr:meta])* pub $field:ident : Option<$inner:ty>, $($rest:tt)*
    ) => {
        record!(@fields $head [
            $($done)*
            $(#[$attr])*
            #[serde(default, skip_serializing_if = "skip::none")]
            pub $field: Option<$inner>,
        ] $($rest)*);
    };
    // Any other field, as written.
    (@fields $head:tt [$($done:tt)*]
        $(#[$attr:meta])* pub $field:ident : $ty:ty, $($rest:tt)*
    ) => {
        record!(@fields $head [$($done)* $(#[$attr])* pub $field: $ty,] $($rest)*);
    };
    (@fields [$($head:tt)*] [$($done:tt)*]) => {
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(deny_unknown_fields)]
        $($head)* { $($done)* }
    };
}
