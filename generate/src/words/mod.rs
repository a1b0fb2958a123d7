//! Word lists the generator combines into names, places, titles and vocabularies.
//!
//! Kept apart from the code so the shapes in the other modules stay readable. Titles draw on the
//! systems, machine-learning and theory words real paper titles use, so search over a generated
//! dataset meets a realistic vocabulary (e.g. "distributed", "scheduling", "learning").
//!
//! [`names`] holds people's names, [`organizations`] places and the parts of organization
//! names, [`research`] topics, venues, title words and awards.

mod names;
mod organizations;
mod research;

pub use names::*;
pub use organizations::*;
pub use research::*;
