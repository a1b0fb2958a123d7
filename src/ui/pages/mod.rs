//! One file per route.

mod directory;
mod not_found;
mod profile;
mod publications;

pub use directory::DirectoryPage;
pub use not_found::NotFoundPage;
pub use profile::ProfilePage;
pub use publications::PublicationsPage;
