//! One file per route.

mod compare;
mod connections;
mod directory;
mod experts;
mod not_found;
mod organizations;
mod profile;
mod publications;
mod shortlist;

pub use compare::ComparePage;
pub use connections::ConnectionsPage;
pub use directory::DirectoryPage;
pub use experts::ExpertsPage;
pub use not_found::NotFoundPage;
pub use organizations::{OrganizationPage, OrganizationsPage};
pub use profile::ProfilePage;
pub use publications::PublicationsPage;
pub use shortlist::ShortlistPage;
