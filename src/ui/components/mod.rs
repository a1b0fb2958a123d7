//! Reusable pieces of the UI.

pub mod data_view;
pub mod researcher_card;

pub use data_view::{DataView, DataWarning, LoadErrorView, LoadingView};
pub use researcher_card::ResearcherCard;
