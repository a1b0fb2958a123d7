//! Reusable pieces of the UI.

pub mod active_filters;
pub mod avatar;
pub mod charts;
pub mod compare_tray;
pub mod data_view;
pub mod empty_state;
pub mod filter_panel;
pub mod highlight;
pub mod links;
pub mod offline_notice;
pub mod person_picker;
pub mod pick_buttons;
pub mod profile_sections;
pub mod publication_item;
pub mod publication_list;
pub mod researcher_card;
pub mod row_window;
pub mod search_box;
pub mod sort_select;
pub mod theme_toggle;

pub use active_filters::ActiveFilters;
pub use avatar::Avatar;
pub use compare_tray::CompareTray;
pub use data_view::{DataView, DataWarning, DetailView, LoadErrorView, LoadingView};
pub use empty_state::EmptyState;
pub use filter_panel::FilterPanel;
pub use highlight::Highlighted;
pub use links::ExternalLinks;
pub use offline_notice::OfflineNotice;
pub use pick_buttons::PickButtons;
pub use publication_item::PublicationItem;
pub use publication_list::PublicationList;
pub use researcher_card::ResearcherCard;
pub use search_box::SearchBox;
pub use sort_select::SortSelect;
pub use theme_toggle::ThemeToggle;
