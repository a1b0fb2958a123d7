//! View-free state shared through contexts.

pub mod data;
